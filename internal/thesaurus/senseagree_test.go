package thesaurus

import "testing"

// TestSensesAgree holds that SensesAgree joins English words WordNet meets only through a later
// sense when their first Turkish translations confirm it, and never co-hyponyms, values of one
// attribute, words met through a rare sense the dictionary does not confirm, opposites, or words
// Relate already relates.
func TestSensesAgree(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"hot", "spicy", true},       // hot's ninth sense; both "baharatlı"
		{"bad", "harmful", true},     // alike through bad's eleventh sense; "kötü", "fena"
		{"reason", "cause", true},    // one synset, reason's fifth sense; both "sebep"
		{"reason", "caused", true},   // an inflected form
		{"make", "cause", false},     // make's fourth sense, not confirmed
		{"blue", "red", false},       // two values of one attribute
		{"silver", "gold", false},    // co-hyponyms
		{"tea", "coffee", false},     // co-hyponyms
		{"eat", "food", false},       // the dictionary agrees, WordNet does not
		{"warm", "cold", false},      // opposites
		{"hot", "cold", false},       // opposites
		{"car", "automobile", false}, // Relate's synonym already
		{"hot", "hot", false},
		{"qqqq", "spicy", false},
	} {
		if got := th.SensesAgree(c.a, c.b); got != c.want {
			t.Errorf("SensesAgree(%q, %q) = %v, want %v (translations %q, %q)", c.a, c.b, got, c.want,
				th.Translate("en", "tr", c.a), th.Translate("en", "tr", c.b))
		}
	}
}
