package components

import (
	"context"
	"strings"

	"github.com/claimcheck/claimcheck/internal/i18n"
)

// ActionOnText is a visible action label with what it acts on, in the page's word order: "Edit
// BBC" in English, "BBC: Düzenle" in Turkish. A trailing ellipsis of the label ("Revoke…") is
// dropped: it marks a further step for the eye and is not read out.
func ActionOnText(ctx context.Context, label, subject string) string {
	return i18n.T(ctx, "a11y.action_on", "Action", strings.TrimSuffix(label, "…"), "Subject", subject)
}
