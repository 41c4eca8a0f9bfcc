package viewmodel

import (
	"fmt"
	"math"
	"strconv"

	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/format"
)

// FirmCountText says how many firms the list holds.
func FirmCountText(total int64, searched bool) string {
	noun := "firms"
	if total == 1 {
		noun = "firm"
	}
	if searched {
		verb := "match"
		if total == 1 {
			verb = "matches"
		}
		return fmt.Sprintf("%s %s %s the search", format.Thousands(total), noun, verb)
	}
	return fmt.Sprintf("%s %s", format.Thousands(total), noun)
}

// TrustText shows a trust score with at most one decimal ("58.3", "75"), or "" when there is none.
func TrustText(t *float64) string {
	if t == nil {
		return ""
	}
	return strconv.FormatFloat(math.Round(*t*10)/10, 'f', -1, 64)
}

// AttributionText says who attributed a claim to its firm and whether it counts toward the
// firm's trust score.
func AttributionText(c *models.Claim) (string, bool) { return AttributionTextIn(english(), c) }

// AttributionTextIn is AttributionText in loc's language.
func AttributionTextIn(loc *i18n.Localizer, c *models.Claim) (string, bool) {
	switch {
	case c.AttributionConfirmed() && c.CommunitySettled:
		return loc.T("attribution.confirmed_settled"), true
	case c.AttributionConfirmed():
		return loc.T("attribution.confirmed"), true
	case c.CommunitySettled:
		return loc.T("attribution.submitter_settled"), true
	}
	return loc.T("attribution.submitter"), false
}
