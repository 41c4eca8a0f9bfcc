package analysis

import (
	"context"
	"strings"
	"testing"
)

// TestASCIIEndingHints pins the Turkish suffixes read on folded letters (asciiending.go): the
// evidential typed "mis"/"mus", the progressive and the inflected plural with a folded "ı"; not
// the bare copula, an English word or a suffix out of harmony under every reading.
func TestASCIIEndingHints(t *testing.T) {
	for _, tc := range []struct{ word, want string }{
		{"bulmus", "tr"}, {"etmis", "tr"}, {"oldururmus", "tr"}, {"yapilmistir", "tr"},
		{"yayiyor", "tr"}, {"kizlari", "tr"}, {"hastaliklarini", "tr"}, {"odalarda", "tr"},
		{"nadir", ""},       // the folded copula is left to turkishEnding
		{"james", ""},       // no Turkish suffix
		{"famous", ""},      // "-ous", not "-mus"
		{"naismith", "en"},  // an English edge, untouched
		{"gelmesus", ""},    // "e" then "u": no reading harmonises
		{"kalin", ""},       // too short a suffix to say anything
		{"dollar", ""},      // the bare plural stays out, as in turkishEnding
		{"yayılıyor", "tr"}, // with its letters, turkishEnding's as before
	} {
		got := strings.Join(endingHints(strings.ToLower(tc.word), turkishLower(tc.word)), ",")
		if got != tc.want {
			t.Errorf("endingHints(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

// TestASCIITurkishLanguage holds the language of Turkish posts typed without Turkish letters:
// one English-looking name must not make them English, and English stays English.
func TestASCIITurkishLanguage(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ claim, notWant, want string }{
		{"basketbolu 1891 yilinda james naismith bulmus", "en", ""},
		{"basketbolu james naismith 1891de icat etmis, bilgi yarismasinda cikti", "en", ""},
		{"antibiyotikler grip ve nezle gibi virus hastaliklarini tedavi ediyormus", "", "tr"},
		{"James Naismith invented basketball in 1891", "", "en"},
		{"Bats are blind", "", "en"},
	} {
		r, err := o.Analyze(context.Background(), Input{Claim: tc.claim})
		if err != nil {
			t.Fatal(err)
		}
		if tc.notWant != "" && r.Language == tc.notWant || tc.want != "" && r.Language != tc.want {
			t.Errorf("%q: language %q (%s)", tc.claim, r.Language, r.Basis[FieldLanguage].Detail)
		}
	}
}
