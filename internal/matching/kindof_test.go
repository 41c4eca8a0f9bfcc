package matching

import "testing"

// TestKindOfClaims checks claims made more specific by naming a kind of what the fact-check
// names (kindof.go), and that the broader claim, a sibling kind and a kind said apart from a
// list stay refused.
func TestKindOfClaims(t *testing.T) {
	ix := starterIndex(t)
	const prefix = "urn:claimcheck:starter:"
	for _, c := range []struct {
		claim, lang, review string
		states              bool
	}{
		// A gerund naming a kind of "physical activity" (linkModifiedKinds).
		{"Regular jogging lowers the risk of heart disease", "en", "exercise-heart-disease-en", true},
		// Sleep is no physical activity.
		{"Regular sleep lowers the risk of heart disease", "en", "exercise-heart-disease-en", false},
		// A kind listed beside the class the claim states (linkListedKinds).
		{"processed meats like bacon increase the risk of colon cancer", "en", "processed-meat-cancer-en", true},
		// A lightning bolt is lightning.
		{"a bolt of lightning gets hotter than the surface of the sun", "en", "lightning-hotter-than-sun-en", true},
		// Another kind of the class the fact-check names a kind of: lunch is no breakfast.
		{"Lunch is the most important meal of the day", "en", "breakfast-most-important-en", false},
		// A claim broader than the fact-check, or of another kind, stays refused.
		{"Tatlandırıcı kullanmak şeker hastalığına yol açar", "tr", "sugar-diabetes-tr", false},
		{"Bir kedinin iskeletinde 206 kemik bulunur", "tr", "human-bones-206-tr", false},
	} {
		found := false
		for _, cand := range ix.Search(c.claim, c.lang, 5) {
			if cand.Review.URL != prefix+c.review {
				continue
			}
			found = true
			if got := cand.Rejected == ""; got != c.states {
				t.Errorf("%q against %s: states = %v (%q), want %v", c.claim, c.review, got, cand.Rejected, c.states)
			}
		}
		if !found && c.states {
			t.Errorf("%q: %s not retrieved", c.claim, c.review)
		}
	}
}
