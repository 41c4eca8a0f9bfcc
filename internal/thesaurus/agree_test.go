package thesaurus

import "testing"

// TestTranslationsAgree holds both readings of TranslationsAgree, and that neither joins words
// that only sit side by side in KeNet, share a minor translation or are opposites.
func TestTranslationsAgree(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		a, b string
		want bool
	}{
		// Main translations that are WordNet synonyms within their first three senses.
		{"sanmak", "inanmak", true},   // think, believe
		{"korunmak", "önlemek", true}, // avoid, debar (one synset: avert, prevent)
		{"esmer", "kahverengi", true}, // brunet, brown
		{"zekâ", "zeki", true},        // intelligence, intelligent (derived forms)
		{"ihtiyaç", "gerekmek", true}, // need, want
		// A KeNet synset through a later sense, confirmed by synonymous translations.
		{"asıl", "temel", true},
		// Siblings, a minor shared translation, opposites, no translation.
		{"çay", "sigara", false},
		{"kahve", "çay", false},
		{"kene", "sivrisinek", false},
		{"grip", "nezle", false},
		{"kafa", "anı", false}, // memory is kafa's fourth translation only
		{"güneş", "sigara", false},
		{"şeker", "tuz", false},
		{"kanser", "kalp", false},
		{"yaşamak", "ölmek", false},
		{"artmak", "azalmak", false}, // antonyms
		{"sanmak", "sanmak", false},  // one word: Relate's Same
		{"zeka", "qqqq", false},
	} {
		if got := th.TranslationsAgree(c.a, c.b); got != c.want {
			t.Errorf("TranslationsAgree(%q, %q) = %v, want %v (translations %q, %q)", c.a, c.b, got, c.want,
				th.Translate("tr", "en", c.a), th.Translate("tr", "en", c.b))
		}
	}
}
