package matching

import "testing"

// TestPhrasalStates holds rewordings that say the fact-check's verb with a phrasal verb WordNet
// has under it (converse.go), with look-alikes of another phrasal verb, subject or object that
// must stay refused.
func TestPhrasalStates(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// "pass on" is one hypernym link below "transmit", "communicate a disease" (eval/blind3.jsonl
		// e-pp-114); the question reading takes "pass" for a noun.
		{"phrasalStates", "Can mosquitoes pass on HIV?", "en", "mosquitoes-hiv-en", ""},
		{"phrasalStates", "can mosquitoes pass on hiv", "en", "mosquitoes-hiv-en", ""},
		// Another phrasal verb of the same word, which WordNet puts elsewhere.
		{"phrasalStates", "Can mosquitoes pass up HIV?", "en", "mosquitoes-hiv-en", "different predicate"},
		// Another subject or another disease passed on.
		{"phrasalStates", "Can ticks pass on HIV?", "en", "mosquitoes-hiv-en", "different"},
		{"phrasalStates", "Can mosquitoes pass on malaria?", "en", "mosquitoes-hiv-en", "different"},
	})
}
