package matching

import "testing"

// TestDateNouns holds English posts that name their full date again as "the day" something
// happened (datenoun.go; tuning data: colloq6 o-cl-011): the noun restates the date. Another
// day, "the day after", and another republic stay refused.
func TestDateNouns(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"dateNouns", "Oct 29 1923: the day the Republic of Turkey was declared 🇹🇷", "en", "republic-1923-tr", ""},
		{"dateNouns", "29 October 1923 is the date the Republic of Turkey was declared", "en", "republic-1923-tr", ""},
		{"dateNouns", "Oct 30 1923: the day the Republic of Turkey was declared", "en", "republic-1923-tr", "different number"},
		{"dateNouns", "Oct 29 1923: the day after the Republic of Turkey was declared", "en", "republic-1923-tr", "different"},
		{"dateNouns", "Oct 29 1923: the day the Republic of Greece was declared", "en", "republic-1923-tr", "different"},
	})
}
