package thesaurus

import "testing"

// TestVerbsKin holds which English verb pairs WordNet relates through some sense of each
// (VerbsKin): synonyms, one a kind of the other, kin below one hypernym and derivational kin are
// related whatever their number of senses; pairs VerbsApart keeps apart, and pairs it cannot
// judge because one verb is loose ("fall", "reduce") but no sense relates, are not.
func TestVerbsKin(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		a, b    string
		cousins int
		kin     bool
	}{
		{"heal", "cure", 3, true},
		{"release", "emit", 3, true},
		{"spread", "transmit", 3, true},
		{"lead", "cause", 3, true},
		{"damage", "alter", 3, true},
		{"erode", "reduce", 3, true},
		{"erode", "reduce", 2, false},
		{"recycle", "recycle", 2, true},
		{"erect", "fall", 3, false},
		{"found", "conquer", 3, false},
		{"measure", "reduce", 3, false},
		{"kill", "transmit", 3, false},
		{"absorb", "emit", 3, false}, // antonyms: another predicate
		{"burned", "recycle", 3, false},
	} {
		if got := th.VerbsKin(c.a, c.b, c.cousins); got != c.kin {
			t.Errorf("VerbsKin(%q, %q, %d) = %v, want %v", c.a, c.b, c.cousins, got, c.kin)
		}
		if got := th.VerbsKin(c.b, c.a, c.cousins); got != c.kin {
			t.Errorf("VerbsKin(%q, %q, %d) = %v, want %v (reversed)", c.b, c.a, c.cousins, got, c.kin)
		}
	}
}
