package turkish

import "testing"

// TestNegativeParticipleCases holds that a negative subject participle with a noun's endings
// ("yapmayanların", those who do not do) reads as negative, with its positive stem, while the
// positive participle and nouns that only end alike do not.
func TestNegativeParticipleCases(t *testing.T) {
	m := NewMorphology()
	for _, c := range []struct {
		word string
		neg  bool
		stem string
	}{
		{"yapmayanlarin", true, "yap"},
		{"icmeyenlerde", true, "ic"},
		{"bilmeyenden", true, "bil"},
		{"yapmayanin", true, "yap"},
		{"bulamayanlara", true, "bula"},
		{"yapanlarin", false, ""},
		{"kayanin", false, ""},
	} {
		if got := IsNegativeVerb(c.word); got != c.neg {
			t.Errorf("IsNegativeVerb(%q) = %v, want %v", c.word, got, c.neg)
		}
		if pos := m.Positive(c.word); c.neg && (len(pos) == 0 || pos[0] != c.stem) {
			t.Errorf("Positive(%q) = %v, want %q first", c.word, pos, c.stem)
		}
	}
}
