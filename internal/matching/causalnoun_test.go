package matching

import "testing"

// TestCausalNoun holds rewordings of the tuning files that decideWhole refused with "the claim
// also says sebebi" before causalnoun.go, with look-alikes of the same fact-check that must still
// be refused: the causal noun stands for "neden olur" only with the effect and the cause in
// their places.
func TestCausalNoun(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"causalNoun", "Gelgitin asıl sebebi Ay'ın çekim kuvveti", "tr", "moon-tides-tr", ""},
		{"causalNoun", "Gelgitin asıl nedeni Ay'ın çekimi", "tr", "moon-tides-tr", ""},
		// The roles reversed, or another cause or effect, is another claim.
		{"causalNoun", "Ay'ın çekiminin asıl sebebi gelgitler", "tr", "moon-tides-tr", "different"},
		{"causalNoun", "Gelgitin asıl sebebi Güneş'in çekim kuvveti", "tr", "moon-tides-tr", "different"},
		{"causalNoun", "Depremlerin asıl sebebi Ay'ın çekim kuvveti", "tr", "moon-tides-tr", "different"},
	})
}
