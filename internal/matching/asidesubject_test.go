package matching

import "testing"

// TestAsideSubject holds that a post's subject meeting only a bracketed gloss of another word of
// the fact-check states another subject (asidesubject.go), while a subject said by its own gloss
// still matches.
func TestAsideSubject(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"asideSubject", "Böcekler HIV bulaştırır", "tr", "mosquitoes-hiv-tr", "different subject"},
		{"asideSubject", "Böcekler AIDS bulaştırır", "tr", "mosquitoes-hiv-tr", "different subject"},
		{"asideSubject", "Sivrisinekler AIDS virüsünü bulaştırır", "tr", "mosquitoes-hiv-tr", ""},
		{"asideSubject", "Çin tuzu sağlığa zararlıdır", "tr", "msg-harmful-tr", ""},
		{"asideSubject", "Monosodyum glutamat sağlığa zararlıdır", "tr", "msg-harmful-tr", ""},
	})
}
