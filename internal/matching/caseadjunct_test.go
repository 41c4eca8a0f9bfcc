package matching

import "testing"

// TestCaseAdjunctSubstituted holds a post whose first clause states the fact-check while
// another swaps the nouns in a case of the fact-check's other clause, and rewordings that keep
// them or leave that clause out.
func TestCaseAdjunctSubstituted(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"caseAdjunct", "Damarlarımızdaki kan mavidir, suyla temas edince yeşile döner", "tr", "blood-blue-tr", "different"},
		{"caseAdjunct", "Damarlarımızdaki kan mavidir, havayla temas edince kırmızıya döner", "tr", "blood-blue-tr", ""},
		{"caseAdjunct", "Damarlarımızdaki kan aslında mavidir", "tr", "blood-blue-tr", ""},
	})
}
