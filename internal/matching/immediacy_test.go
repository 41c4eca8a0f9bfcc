package matching

import "testing"

// TestImmediacyWords holds the reading of an adverb of immediacy before "after" or "before"
// (immediacy.go) as the preposition alone, and leaves "right" elsewhere as it is.
func TestImmediacyWords(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"eating yogurt right after fish poisons you", "eating yogurt after fish poisons you"},
		{"Never swim straight after eating", "Never swim after eating"},
		{"drink a glass of water Right Before bed", "drink a glass of water Before bed"},
		{"the right answer comes after the question", "the right answer comes after the question"},
		{"turn right at the corner, after the bridge", "turn right at the corner, after the bridge"},
		{"balık üstüne yoğurt yemek zehirler", "balık üstüne yoğurt yemek zehirler"},
	} {
		if got := immediacyWords(c.in); got != c.want {
			t.Errorf("immediacyWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestImmediacyRules holds cross-language posts that put an adverb of immediacy before the
// time preposition of a fact-check that has none (tuning data: colloq2 h-cl-004, colloq6
// o-cl-003); a look-alike with another food or another effect stays refused.
func TestImmediacyRules(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"immediacyWords", "eating yogurt right after fish poisons you, my mother in law insists", "en", "fish-yoghurt-tr", ""},
		{"immediacyWords", "never eat yoghurt right after fish, it poisons you, old turkish rule", "en", "fish-yoghurt-tr", ""},
		{"immediacyWords", "eating yogurt right after fish makes you sleepy", "en", "fish-yoghurt-tr", "different"},
		{"immediacyWords", "eating watermelon right after fish poisons you", "en", "fish-yoghurt-tr", "different"},
	})
}
