package matching

import "testing"

// TestNamedNounAfterArticle holds Turkish posts that name the fact-check's person with a naming
// word and the indefinite article before the general noun ("James Naismith adında bir
// öğretmen", namednoun.go): the noun is what the name is called, no part the post adds (tuning
// data: colloq2 h-cl-043). Another name, or another invention, stays refused.
func TestNamedNounAfterArticle(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"namedNounAt", "Basketbolu 1891'de James Naismith adında bir öğretmen icat etti", "tr", "basketball-naismith-en", ""},
		{"namedNounAt", "Basketbolu 1891'de James Naismith isimli bir öğretmen buldu", "tr", "basketball-naismith-en", ""},
		{"namedNounAt", "Basketbolu 1891'de Walter Camp adında bir öğretmen icat etti", "tr", "basketball-naismith-en", "different"},
		{"namedNounAt", "Voleybolu 1891'de James Naismith adında bir öğretmen icat etti", "tr", "basketball-naismith-en", "different"},
	})
}
