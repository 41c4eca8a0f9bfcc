package thesaurus

import "testing"

// TestRelateDerived holds the two-step relation of derived.go: a derivational link and one
// hypernym link, either order, on the words' first two senses; nothing for siblings, for an
// antonym, for words Relate already relates alike, or for Turkish.
func TestRelateDerived(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		lang, a, b string
		want       Relation
	}{
		{"en", "see", "vision", Broader},         // see → eyesight, a kind of vision
		{"en", "vision", "see", Narrower},        // the same, the other way round
		{"en", "cigarettes", "smoking", Broader}, // cigarette, a kind of smoke → smoking
		{"en", "smoking", "cigarette", Narrower},
		{"en", "hear", "vision", Unrelated},    // hearing is a sibling of vision, not a kind of it
		{"en", "hearing", "vision", Unrelated}, // siblings
		{"en", "see", "hearing", Unrelated},
		{"en", "candle", "smoking", Unrelated},
		{"en", "entrance", "adult", Unrelated}, // to entrance is to catch, but no "catch" is its noun
		{"en", "green", "colour", Unrelated},   // to green is a way to colour: a verb takes no hypernym step
		{"en", "damage", "alter", Unrelated},   // a damage is an alteration, which "alter" does not name
		{"en", "see", "see", Unrelated},        // the same word is Relate's
		{"en", "warm", "cold", Unrelated},      // antonyms are never alike
		{"tr", "görmek", "görme", Unrelated},   // English only
		{"en", "", "vision", Unrelated},
	} {
		if got := th.RelateDerived(c.lang, c.a, c.b); got != c.want {
			t.Errorf("RelateDerived(%q, %q, %q) = %v, want %v", c.lang, c.a, c.b, got, c.want)
		}
	}
}
