package matching

import "testing"

// TestLightVerbPhraseTakesItsSide holds that "yol açar" (leads to) causes, as "neden olur" does:
// a post saying the thing prevents what the fact-check says it leads to states the opposite claim
// and must not take its verdict (before, "Sigara içmek akciğer kanserini önler" took the
// fact-check's dogru), while the fact-check's own claim in other words still matches.
func TestLightVerbPhraseTakesItsSide(t *testing.T) {
	ix := lexIndex(t,
		review("u:smoking-tr", "Sigara içmek akciğer kanserine yol açar.", "tr", "dogru"),
		review("u:sugar", "Şeker yemek şeker hastalığına (diyabete) yol açar.", "tr", "kismen"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Sigara içmek akciğer kanserini önler", "tr", "u:smoking-tr", "opposite meaning (causes/prevents"},
		{"sigara içmek akciğer kanserinden korur", "tr", "u:smoking-tr", "opposite meaning (causes/prevents"},
		{"Şeker yemek şeker hastalığını önler", "tr", "u:sugar", "opposite meaning (causes/prevents"},
		{"Sigara içmek akciğer kanserine neden olur", "tr", "u:smoking-tr", ""},
		{"sigara içmek akciğer kanserine yol açıyormuş", "tr", "u:smoking-tr", ""},
	})
}
