package thesaurus

import "testing"

// TestDerivedAlike holds the pairs further.go links through a derived form and alike adjectives
// (rewordings of the tuning data) and the siblings, values of one attribute and opposites it
// must leave apart.
func TestDerivedAlike(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"freezing", "cold", true}, // freeze (the weather) → frosty, a satellite of cold
		{"cold", "freezing", true},
		{"see", "visible", true}, // see ~ view → viewable, alike to visible
		{"seen", "visible", true},
		{"mad", "enraged", true}, // both derive "fury, madness, rage"
		// Satellites of one head are its values, not one value.
		{"blue", "red", false},
		{"silver", "gold", false},
		{"five", "eight", false},
		{"spot", "visible", false}, // only through discernible, a co-satellite of visible
		// Siblings and unrelated words.
		{"tea", "coffee", false},
		{"cat", "dog", false},
		{"melon", "watermelon", false},
		{"meat", "important", false}, // only through meat's third sense, "core"
		{"hear", "visible", false},
		// Words Relate already relates or opposes.
		{"warm", "cold", false},
		{"angry", "enraged", false},
		{"cold", "cold", false},
	} {
		if got := th.DerivedAlike(c.a, c.b); got != c.want {
			t.Errorf("DerivedAlike(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
