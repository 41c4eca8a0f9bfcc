package analysis

import (
	"strings"
	"testing"
)

func testLexicon(t *testing.T) *lexicon {
	t.Helper()
	d, err := loadOfflineData()
	if err != nil {
		t.Fatal(err)
	}
	return d.lx
}

func TestLexiconSize(t *testing.T) {
	lx := testLexicon(t)
	for _, c := range Categories {
		if c.Slug == CategoryOther {
			continue
		}
		tr, en := lx.trKeywords[c.Slug], lx.enKeywords[c.Slug]
		if tr+en < 80 || tr < 40 || en < 40 {
			t.Errorf("category %s has %d Turkish + %d English keywords; want at least 40 of each", c.Slug, tr, en)
		}
	}
	translated := 0
	for _, e := range lx.entries {
		if e.EN != "" || e.KeepAsWritten {
			translated += len(e.Forms)
		}
	}
	if translated < 300 {
		t.Errorf("glossary has %d translatable Turkish forms, want at least 300", translated)
	}
}

func TestMatchTurkish(t *testing.T) {
	lx := testLexicon(t)
	tests := []struct {
		word, want string // want = the entry label, "" = no match
	}{
		{"aşı", "aşı"}, {"aşılar", "aşı"}, {"aşıların", "aşı"}, {"Aşılarının", "aşı"}, {"aşısız", "aşı"},
		{"aşılama", "aşı"}, {"asilar", "aşı"}, {"ASILARIN", "aşı"},
		{"aşırı", "aşırı"}, // "excessive", its own entry, not vaccine
		{"aşina", ""},      // "familiar": not aşı + a suffix
		{"otizme", "otizm"}, {"kanserine", "kanser"}, {"ilacı", "ilaç"}, {"ilaçların", "ilaç"},
		{"sağlığa", "sağlık"}, {"kısırlığa", "kısırlık"}, {"depreminde", "deprem"},
		{"kanun", "yasa"}, // law, not kan (blood) + un
		{"kandırmak", ""}, // deceive: "kan" is exact-only
		{"kan", "kan"},    // blood
		{"suyu", "su"},    // water (exact forms)
		{"suni", ""},      // artificial, not su + ni
		{"öldü", "öl"},    // died
		{"oldu", "ol"},    // became: Turkish letters keep these apart
		{"Türkiye'nin", "türkiye"},
		{"COVID-19", "koronavirüs"},
		{"rüzgâr", "rüzgar"}, // circumflex optional
		{"uydurma", ""},      // fabricated, not satellite
		{"golf", "golf"}, {"gol", "gol"}, {"goller", "gol"},
		{"maçında", "maç"}, {"zamanında", ""}, {"zamlar", "zam"},
	}
	for _, tc := range tests {
		m, ok := lx.matchTurkish(tc.word)
		got := ""
		if ok {
			got = m.rule.entry.Label()
		}
		if got != tc.want {
			t.Errorf("matchTurkish(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

func TestMatchEnglish(t *testing.T) {
	lx := testLexicon(t)
	tests := []struct{ word, wantCat string }{
		{"vaccines", "health"}, {"vaccinated", "health"}, {"vaccination", "health"}, {"Vaccine's", "health"},
		{"studies", "science"}, {"banned", ""}, {"elections", "politics"}, {"electric", "technology"},
		{"pollution", "environment"}, {"general", ""}, {"master", ""}, {"apply", ""}, {"caring", ""},
		{"warm", ""}, {"wars", "politics"}, {"important", ""}, {"imports", "economy"}, {"example", ""},
	}
	for _, tc := range tests {
		r, ok := lx.matchEnglish(tc.word)
		got := ""
		if ok {
			got = r.entry.Category
		}
		if got != tc.wantCat {
			t.Errorf("matchEnglish(%q) category %q, want %q", tc.word, got, tc.wantCat)
		}
	}
}

func TestParseLexiconErrors(t *testing.T) {
	for name, line := range map[string]string{
		"fields":      "health | 2 | aşı+ | - | vaccine",
		"category":    "medicine | 2 | aşı+ | - | vaccine | -",
		"other":       "other | 1 | aşı+ | - | vaccine | -",
		"weight":      "health | 3 | aşı+ | - | vaccine | -",
		"pos":         "health | 2 | aşı+ | n | vaccine | -",
		"short":       "health | 2 | kan | - | blood | -",
		"short pref":  "health | 2 | kan* | - | blood | -",
		"empty":       "health | 2 | - | - | - | -",
		"en phrase":   "health | 2 | aşı+ | - | vaccine | side effect",
		"phrase mark": "health | 2 | =yan etki | - | side effect | -",
	} {
		if _, err := parseLexicon([]byte(line + "\n")); err == nil {
			t.Errorf("%s: %q parsed without error", name, line)
		} else if !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%s: error %q lacks the line number", name, err)
		}
	}
	if _, err := parseLexicon([]byte("health | 2 | aşı+ | - | vaccine | -\nhealth | 1 | aşı+ | - | jab | -\n")); err == nil {
		t.Error("duplicate Turkish form parsed without error")
	}
}
