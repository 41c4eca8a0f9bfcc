package thesaurus

import "testing"

// TestTurkishVerbsApart holds Turkish verb pairs judged through KeNet's interlingual links
// (TurkishVerbsApart): verbs of different predicates are apart, rewordings and kin are not, nor
// a verb whose main link FreeDict does not confirm or the light verb of the other's phrase.
func TestTurkishVerbsApart(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		a, b  string
		apart bool
	}{
		{"okumak", "değiştirmek", true},    // read, change
		{"kilo almak", "zehirlemek", true}, // gain weight, poison
		{"artmak", "azalmak", true},        // antonyms
		{"onarmak", "değiştirmek", false},  // to repair is to change
		{"korumak", "önlemek", false},      // protect, prevent: kin
		{"bozmak", "zarar vermek", false},  // spoil, harm: kin
		{"kurtulmak", "tedavi etmek", false},
		{"içine sokmak", "gömmek", false}, // KeNet links to "include", which FreeDict does not confirm
		{"etmek", "tedavi etmek", false},  // the light verb of the other
		{"okumak", "okumak", false},
		{"kalmak", "erimek", false}, // kalmak: too many senses to judge
	} {
		if got := th.TurkishVerbsApart(c.a, c.b); got != c.apart {
			t.Errorf("TurkishVerbsApart(%q, %q) = %v, want %v", c.a, c.b, got, c.apart)
		}
		if got := th.TurkishVerbsApart(c.b, c.a); got != c.apart {
			t.Errorf("TurkishVerbsApart(%q, %q) = %v, want %v (reversed)", c.b, c.a, got, c.apart)
		}
	}
}
