package matching

import "testing"

// TestAoristVerb holds posts whose verb is a consonant-final verb's aorist before the
// conditional ("içersen", iç-er-sen), read before aoristVerb as the longer verb "içermek" (to
// contain): the rewordings take the fact-check, and posts that change its object, its
// consequence or its verb are still refused.
func TestAoristVerb(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"aoristVerb", "Soğukta bir kadeh rakı içersen üşümezsin", "tr", "alcohol-warms-body-tr", ""},
		{"aoristVerb", "Soğukta biraz rakı içersen vücudun ısınır", "tr", "alcohol-warms-body-tr", ""},
		{"aoristVerb", "Soğukta biraz çay içersen vücudun ısınır", "tr", "alcohol-warms-body-tr", "different"},
		{"aoristVerb", "Soğukta biraz rakı içersen başın ağrır", "tr", "alcohol-warms-body-tr", "different"},
		{"aoristVerb", "Soğukta biraz rakı dökersen vücudun ısınır", "tr", "alcohol-warms-body-tr", "different"},
	})
}
