package matching

import "testing"

// TestNameWordForNoun holds that a fact-check's common noun closing a name the post uses
// ("Avrupa Kültür Başkenti") is that name, another entity (nameword.go), while the noun written
// with a capital alone, or after words the fact-check states, is still the noun.
func TestNameWordForNoun(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"nameWordForNoun", "İstanbul 2010 yılında Avrupa Kültür Başkenti'ydi", "tr", "istanbul-capital-tr", "the claim names Avrupa Kültür"},
		{"nameWordForNoun", "İstanbul Türkiye'nin başkentidir", "tr", "istanbul-capital-tr", ""},
		{"nameWordForNoun", "Türkiye'nin Başkenti İstanbul'dur", "tr", "istanbul-capital-tr", ""},
	})
}
