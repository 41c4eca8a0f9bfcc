package turkish

import (
	"slices"
	"testing"
)

func TestSearchStem(t *testing.T) {
	for _, c := range []struct{ word, stem, hard string }{
		{"depremler", "deprem", ""}, {"depremi", "deprem", ""}, {"aşıların", "aşılar", ""}, {"otizmin", "otizm", ""},
		{"istanbulda", "istanbul", ""}, {"aşıyı", "aşı", ""}, {"asilarin", "asilar", ""}, {"evdeki", "evde", ""},
		{"kampanyası", "kampany", ""}, {"kanı", "kanı", ""}, {"kana", "kana", ""}, {"deprem", "deprem", ""},
		{"media", "media", ""}, {"camera", "camera", ""}, {"climate", "climate", ""},
		// softening undone after a vowel-initial suffix
		{"ekmeği", "ekmeğ", "ekmek"}, {"ekmegi", "ekmeg", "ekmek"}, {"kitabı", "kitab", "kitap"}, {"kitabi", "kitab", "kitap"},
		{"sağlığı", "sağlığ", "sağlık"}, {"sebebi", "sebeb", "sebep"},
		{"kitaplarını", "kitap", ""}, {"ekmekte", "ekmek", ""},
		// not undone: ç (folded to c by the indexes anyway), d (mostly the past tense), b after a
		// consonant or in a four-letter stem (mostly a noun's own last vowel cut off)
		{"ağacı", "ağac", ""}, {"kanadı", "kanad", ""}, {"yaşadı", "yaşad", ""}, {"kalbi", "kalb", ""}, {"araba", "arab", ""},
		{"çorba", "çorb", ""}, {"vergi", "verg", ""},
		{"rengini", "reng", ""}, {"yangın", "yang", ""},
		// ğ always reads as a softened k; a loanword in -g ("diyalog") is still found by the stem,
		// whose ğ folds to g in both indexes. A g after a vowel in a word written with Turkish
		// letters is a g.
		{"diyaloğu", "diyaloğ", "diyalok"}, {"çengeli", "çengel", ""}, {"pedagogu", "pedagog", "pedagok"},
		{"böceği", "böceğ", "böcek"}, {"çiçeği", "çiçeğ", "çiçek"},
	} {
		stem, hard := SearchStem(c.word)
		if stem != c.stem || hard != c.hard {
			t.Errorf("SearchStem(%q) = %q, %q; want %q, %q", c.word, stem, hard, c.stem, c.hard)
		}
	}
}

func TestOnlySuffixes(t *testing.T) {
	for s, want := range map[string]bool{"nın": true, "daki": true, "de": true, "leri": true, "t": false, "s": false, "ler": true, "xyz": false} {
		if got := OnlySuffixes(s); got != want {
			t.Errorf("OnlySuffixes(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestSoftForms(t *testing.T) {
	for _, c := range []struct {
		stem string
		soft []string
	}{
		{"kitap", []string{"kitab"}}, {"ilaç", []string{"ilac"}}, {"çocuk", []string{"çocuğ", "çocug"}},
		{"renk", []string{"reng"}}, {"kanat", []string{"kanad"}}, {"deprem", nil},
	} {
		if got := SoftForms(c.stem); !slices.Equal(got, c.soft) {
			t.Errorf("SoftForms(%q) = %v, want %v", c.stem, got, c.soft)
		}
	}
}

func TestChainSuffixes(t *testing.T) {
	written, folded := ChainSuffixes()
	for _, want := range []string{"lar", "ler", "ın", "nın", "nin", "dan", "ten", "lığ", "sız", "süz", "mıyor", "yacak",
		"laştır", "mış", "dığ", "ken"} {
		if !slices.Contains(written, want) {
			t.Errorf("written chain suffixes lack %q", want)
		}
		if !slices.Contains(folded, Fold(want)) {
			t.Errorf("folded chain suffixes lack %q", Fold(want))
		}
	}
	for _, want := range []string{"nun", "lig", "suz", "miyor"} {
		if !slices.Contains(folded, want) {
			t.Errorf("folded chain suffixes lack %q", want)
		}
	}
	if slices.Contains(folded, "nın") || slices.Contains(written, "lAr") {
		t.Error("folded suffixes hold a Turkish letter, or a template was not spelt out")
	}
	// Stem removes only nominal inflection: no tense, no derivation.
	for _, s := range stemSuffixes {
		if s == "mış" || s == "sız" || s == "lık" || s == "dı" {
			t.Errorf("stem suffixes hold %q", s)
		}
	}
}

func TestSoftBeforeVowel(t *testing.T) {
	for _, c := range []struct {
		word string
		want []string
	}{
		// ASCII words: k softens to g as typed without Turkish letters (both indexes fold ğ to g)
		{"kitap", []string{"kitaba", "kitabı"}}, {"ekmek", []string{"ekmege", "ekmegi"}}, {"renk", []string{"renge", "rengi"}},
		// written with Turkish letters
		{"çocuk", []string{"çocuğa", "çocuğu"}}, {"köpek", []string{"köpeğe", "köpeği"}}, {"yüzük", []string{"yüzüğe", "yüzüğü"}},
		// typed without Turkish letters: o, u and i may stand for ö, ü and ı
		{"cocuk", []string{"cocuga", "cocuge", "cocugu"}}, {"kopek", []string{"kopege", "kopegi"}},
		{"tirtik", []string{"tirtiga", "tirtige", "tirtigı", "tirtigi"}},
		// t mostly keeps its letter ("hayatı"), and the soft forms of ç are what the indexes fold
		// ç to anyway
		{"kanat", nil}, {"hayat", nil}, {"ilaç", nil}, {"ağaç", nil},
		// left alone: short words, t after a consonant, no stop at the end
		{"süt", nil}, {"top", nil}, {"kent", nil}, {"deprem", nil}, {"aşı", nil},
	} {
		if got := SoftBeforeVowel(c.word); !slices.Equal(got, c.want) {
			t.Errorf("SoftBeforeVowel(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

func TestWritten(t *testing.T) {
	for in, want := range map[string]string{"Rüzgâr": "rüzgar", "ISTANBUL": "ıstanbul", "İzmir": "izmir", "öldü": "öldü", "plain": "plain"} {
		if got := Written(in); got != want {
			t.Errorf("Written(%q) = %q, want %q", in, got, want)
		}
	}
}
