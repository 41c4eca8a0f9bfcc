package thesaurus

import (
	"slices"
	"testing"
)

// TestBroaderKinds checks the class words a search expands a post's word by: the classes KindOf
// accepts, in the word's language, and never a kind of the word, a sibling kind or a rare sense.
func TestBroaderKinds(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		lang, narrow string
		has, hasNot  []string
	}{
		{"en", "vodka", []string{"alcohol", "liquor"}, []string{"vodka", "whisky", "gin"}},
		{"en", "whisky", []string{"alcohol"}, []string{"vodka"}},
		{"en", "bacon", []string{"meat"}, []string{"ham", "salami"}},
		{"en", "amoxicillin", []string{"antibiotic", "penicillin"}, nil},
		{"en", "mosquito", []string{"insect"}, []string{"aedes"}},
		{"tr", "rakı", []string{"alkol"}, []string{"rakı", "votka"}},
		{"tr", "votka", []string{"alkol"}, nil},
		// The class is never the kind.
		{"en", "alcohol", nil, []string{"vodka", "whisky"}},
		// "cat" is also slang for a man: only the main sense is walked.
		{"en", "cat", nil, []string{"person", "man"}},
		{"tr", "yemek", nil, []string{"yiyecek"}},
		{"en", "", nil, nil},
	} {
		got := th.BroaderKinds(c.lang, c.narrow)
		for _, w := range c.has {
			if !slices.Contains(got, w) {
				t.Errorf("BroaderKinds(%s, %q) = %q, want %q among them", c.lang, c.narrow, got, w)
			}
		}
		for _, w := range c.hasNot {
			if slices.Contains(got, w) {
				t.Errorf("BroaderKinds(%s, %q) = %q, want no %q", c.lang, c.narrow, got, w)
			}
		}
		for _, w := range got {
			if !th.KindOf(c.lang, c.narrow, w) {
				t.Errorf("BroaderKinds(%s, %q) gave %q, which KindOf refuses", c.lang, c.narrow, w)
			}
		}
		if len(got) > maxBroaderKinds {
			t.Errorf("BroaderKinds(%s, %q) gave %d words, more than %d", c.lang, c.narrow, len(got), maxBroaderKinds)
		}
	}
}
