package matching

import "testing"

// TestCrossedLinks holds the rules of crossed.go: a fact-check word the claim states out of
// order with its own word in that word's place, and the fact-check's subject and complement
// stated the other way round; rewordings of the same fact-checks keep matching.
func TestCrossedLinks(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"crossedLink", "eating fruit causes diabetes because of all the fructose", "en", "sugar-diabetes-en", "different object: fruit ≠ sugar"},
		{"crossedLink", "Eating sugar causes diabetes because of the insulin", "en", "sugar-diabetes-en", ""},
		{"crossedLink", "Being physically active on a regular basis cuts the risk of heart disease", "en", "exercise-heart-disease-en", ""},
		{"crossedLink", "Switched to a Mac so I never have to deal with viruses again, Macs just don't get them", "en", "mac-viruses-en", ""},
		{"rolesReversed", "hiperaktif cocuklar daha cok seker istiyormus, bizimki de surekli tatli istiyor", "tr", "sugar-hyperactivity-tr", "different subject: hiperaktif ≠ Şeker"},
		{"rolesReversed", "Hiperaktif çocuklar daha çok şeker ister", "tr", "sugar-hyperactivity-tr", "different"},
		{"rolesReversed", "Şeker yiyen çocuklar hiperaktif olur", "tr", "sugar-hyperactivity-tr", ""},
		{"rolesReversed", "Kids become hyperactive from sugar", "en", "sugar-hyperactivity-en", ""},
	})
}
