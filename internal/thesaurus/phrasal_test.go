package thesaurus

import "testing"

// TestPhrasalStates holds phrasal verbs WordNet has as a verb's common sense or one link below it
// (rewordings of the tuning data) and phrasal verbs of the same words it puts elsewhere.
func TestPhrasalStates(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"pass on", "transmit", true}, // communicate, pass on @ convey, transmit
		{"give off", "emit", true},    // one synset
		{"pass up", "transmit", false},
		{"pass out", "transmit", false},
		{"take in", "emit", false},
		{"transmit", "transmit", false}, // not a phrasal verb
		{"pass on", "cure", false},
	} {
		if got := th.PhrasalStates(c.a, c.b); got != c.want {
			t.Errorf("PhrasalStates(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
