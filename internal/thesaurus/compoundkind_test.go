package thesaurus

import "testing"

// TestCompoundKind checks the names a noun modifier and its head make for one kind of the head,
// and that an adjective's compound, a pair WordNet does not name, or the head alone are not.
func TestCompoundKind(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		lang, modifier, head string
		want                 bool
	}{
		{"en", "lung", "cancer", true},
		{"en", "lung", "cancers", true},
		{"tr", "akciğer", "kanser", true},
		{"en", "electric", "fan", false}, // an adjective: the fan a post means anyway
		{"en", "white", "bread", false},
		{"en", "viral", "infections", false},
		{"en", "bowel", "cancer", false}, // no WordNet lemma
		{"en", "processed", "meat", false},
		{"en", "cancer", "cancer", false},
		{"en", "", "cancer", false},
	} {
		if got := th.CompoundKind(c.lang, c.modifier, c.head); got != c.want {
			t.Errorf("CompoundKind(%q, %q, %q) = %v, want %v", c.lang, c.modifier, c.head, got, c.want)
		}
	}
}

// TestPersonKind checks the nouns that name a kind of person, and that person itself, a thing
// or an act do not.
func TestPersonKind(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		lang, word string
		want       bool
	}{
		{"en", "children", true},
		{"en", "child", true},
		{"en", "adult", true},
		{"en", "baby", true},
		{"tr", "çocuk", true},
		{"en", "person", false},
		{"en", "skeleton", false},
		{"en", "sugar", false},
		{"tr", "şeker", false},
		{"en", "", false},
	} {
		if got := th.PersonKind(c.lang, c.word); got != c.want {
			t.Errorf("PersonKind(%q, %q) = %v, want %v", c.lang, c.word, got, c.want)
		}
	}
}
