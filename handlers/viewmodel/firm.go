package viewmodel

import (
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/format"
)

// FirmCountText says how many firms the list holds, in loc's language.
func FirmCountText(loc *i18n.Localizer, total int64, searched bool) string {
	id := "firms.count"
	if searched {
		id = "firms.count_search"
	}
	return loc.N(id, int(total), "N", format.For(loc).Int(total))
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
