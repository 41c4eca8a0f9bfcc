package matching

import "testing"

// TestTrBeyondNumber holds Turkish rewordings of "only five senses" that decideWhole refused
// with "the claim also says fazlası" or "başka" before trbeyond.go, with look-alikes that must
// still be refused: without the negation, with another number, subject or noun.
func TestTrBeyondNumber(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"trBeyondNumber", "İnsanın beş duyudan başka duyusu yok", "tr", "five-senses-tr", ""},
		{"trBeyondNumber", "İnsanda beş duyudan başka duyu yoktur", "tr", "five-senses-tr", ""},
		{"trBeyondNumber", "insanın beş duyudan fazlası yok", "tr", "five-senses-tr", ""},
		{"trBeyondNumber", "insanın beş duyudan fazla duyusu yok", "tr", "five-senses-tr", ""},
		// "More than five" and "others than the five" without the negation say the opposite.
		{"trBeyondNumber", "insanın beş duyudan fazlası var", "tr", "five-senses-tr", "different"},
		{"trBeyondNumber", "İnsanın beş duyudan başka duyusu var", "tr", "five-senses-tr", "different"},
		{"trBeyondNumber", "İnsanın üç duyudan fazlası yok", "tr", "five-senses-tr", "different"},
		{"trBeyondNumber", "Köpeklerin beş duyudan başka duyusu yok", "tr", "five-senses-tr", "different"},
		{"trBeyondNumber", "İnsanın beş duyudan başka organı yok", "tr", "five-senses-tr", "different"},
	})
}
