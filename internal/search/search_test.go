package search

import (
	"slices"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/models"
)

func TestSearchChunks(t *testing.T) {
	// Each chunk's words with their spellings: "a|b c" is word a (or b) and word c.
	render := func(cs []chunk) string {
		var words []string
		for _, c := range cs {
			for _, w := range c.words {
				words = append(words, strings.Join(spellings(w), "|"))
			}
		}
		return strings.Join(words, " ")
	}
	for _, tc := range []struct {
		q, want string
	}{
		{"aşı otizm", "aşı|aşi otizm|otızm"},
		{"İSTANBUL", "İSTANBUL|ıstanbul"},
		{"IŞIK", "IŞIK|ışık|işık"},
		{"ışık", "ışık|işik|işık"},
		{"asilar", "asilar|asılar"},
		{`covid-19 "quoted"`, "covid|covıd 19 quoted"},
		{"the earth", "earth"},
		{"the of", "the of"},
		{`'; DROP --`, "DROP"},
		{`*:()"`, ""},
	} {
		if got := render(parseChunks(tc.q)); got != tc.want {
			t.Errorf("%q: %s, want %s", tc.q, got, tc.want)
		}
	}
	if n := len(parseChunks(strings.Repeat("a1 ", 100))); n != maxChunks {
		t.Errorf("%d chunks kept, want %d", n, maxChunks)
	}
}

func TestSearchStemsSoftening(t *testing.T) {
	for _, tc := range []struct {
		q           string
		stems, soft []string
	}{
		{"ekmeği", []string{"ekmeğ", "ekmek"}, nil},
		{"kitabı", []string{"kitab", "kitap"}, nil},
		{"ekmegi", []string{"ekmeg", "ekmek"}, nil},
		{"kitaplar", []string{"kitap"}, []string{"kitaba", "kitabı"}},
		{"kitap", nil, []string{"kitaba", "kitabı"}},
		{"çocuk", nil, []string{"çocuğa", "çocuğu"}},
		{"depremler", []string{"deprem"}, nil},
		{"Ahmet'in", []string{"ahmet"}, nil},
		{"araba", []string{"arab"}, nil},
	} {
		cs := parseChunks(tc.q)
		if len(cs) != 1 {
			t.Fatalf("%q: %d chunks", tc.q, len(cs))
		}
		if got := stems(cs[0]); !slices.Equal(got, tc.stems) {
			t.Errorf("stems(%q) = %q, want %q", tc.q, got, tc.stems)
		}
		if got := softPrefixes(cs[0]); !slices.Equal(got, tc.soft) {
			t.Errorf("softPrefixes(%q) = %q, want %q", tc.q, got, tc.soft)
		}
	}
}

func TestSearchStem(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"depremler", "deprem"},
		{"depremi", "deprem"},
		{"kanserler", "kanser"},
		{"aşıların", "aşılar"}, // not "aşı": three letters are too few after -lar
		{"otizmin", "otizm"},
		{"güneşin", "güneş"},
		{"istanbulda", "istanbul"},
		{"ISTANBULDA", "ıstanbul"}, // Turkish lower case; the spellings add "istanbul"
		{"isparta'nın", "isparta"},
		{"İstanbul’daki", "istanbul"},
		{"ABD'de", "abd"},
		{"aşıyı", "aşı"},
		{"asilarin", "asilar"},
		{"evdeki", "evde"},
		{"kanı", ""},
		{"kana", ""},
		{"aşı", ""},
		{"deprem", ""},
		{"kampanyası", "kampany"},
		{"media", ""},  // -a does not follow a vowel
		{"camera", ""}, // -a does not follow e (vowel harmony)
		{"climate", ""},
		{"cancer", ""},
		{"earth's", ""},
		{"don't", ""},
		{"covid-19", ""},
		{"AB'de", ""}, // two letters: no stem
	} {
		cs := parseChunks(tc.q)
		if len(cs) != 1 {
			t.Fatalf("%q: %d chunks", tc.q, len(cs))
		}
		got := ""
		if stems := stems(cs[0]); stems != nil {
			got = stems[0]
		}
		if got != tc.want {
			t.Errorf("stems(%q) starts with %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestPlan checks what the store is handed: the forms of each chunk with their spellings, which
// of them match as prefixes, and an empty (not nil) plan for text with nothing to search.
func TestSearchPlan(t *testing.T) {
	render := func(fs []models.SearchForm) string {
		var out []string
		for _, f := range fs {
			s := strings.Join(f.Spellings, "|")
			if f.Prefix {
				s += "*"
			}
			out = append(out, s)
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct {
		q                         string
		forms, words, stems, soft string
	}{
		{"aşı", "aşı|aşi*", "aşı|aşi*", "", ""},
		{"ab", "ab", "ab", "", ""},
		{"depremler", "depremler*", "depremler", "deprem*", ""},
		{"ekmeği", "ekmeği|ekmeğı*", "ekmeği|ekmeğı", "ekmeğ*" + " " + "ekmek*", ""},
		{"kitap", "kitap|kıtap*", "kitap|kıtap*", "", "kitaba|kıtaba* kitabı|kitabi|kıtabı*"},
		{"Isparta'nın", "Isparta'nın|ısparta'nın|isparta'nin* Isparta nın|ısparta nın|isparta nin*", "Isparta|ısparta* nın|nin*", "ısparta|isparta*", ""},
		{"covid-19", "covid-19|covıd-19* covid 19|covıd 19*", "covid|covıd* 19", "", ""},
	} {
		q := Plan(models.SearchQuery{Q: "  " + tc.q + " "})
		if q.Q != tc.q || len(q.Terms) != 1 {
			t.Fatalf("%q: planned %q into %d terms", tc.q, q.Q, len(q.Terms))
		}
		term := q.Terms[0]
		if term.Raw != tc.q {
			t.Errorf("%q: raw %q", tc.q, term.Raw)
		}
		for _, c := range []struct {
			name      string
			got, want string
		}{{"forms", render(term.Forms), tc.forms}, {"words", render(term.Words), tc.words},
			{"stems", render(term.Stems), tc.stems}, {"soft", render(term.Soft), tc.soft}} {
			if c.got != c.want {
				t.Errorf("%q: %s %s, want %s", tc.q, c.name, c.got, c.want)
			}
		}
	}
	if q := Plan(models.SearchQuery{Q: `*:()" --`}); q.Terms == nil || len(q.Terms) != 0 {
		t.Errorf("punctuation only: terms %#v, want empty and not nil", q.Terms)
	}
	if q := Plan(models.SearchQuery{Q: "   "}); q.Q != "" || q.Terms != nil {
		t.Errorf("blank: %q, terms %#v", q.Q, q.Terms)
	}
	long := Plan(models.SearchQuery{Q: strings.Repeat("ş", models.SearchMaxRunes+5)})
	if n := len([]rune(long.Q)); n != models.SearchMaxRunes {
		t.Errorf("long query kept %d runes, want %d", n, models.SearchMaxRunes)
	}
}
