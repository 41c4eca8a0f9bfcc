package analysis

import (
	"context"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/datasets"
)

// TestLanguage runs each claim through the analyzer without data sets (built-in Turkish and English
// function words) and, when the test data has it, with stopwords-iso (58 languages). want is the
// answer without, withData the answer with ("" = the same).
func TestLanguage(t *testing.T) {
	tests := []struct{ claim, want, withData string }{
		{"Aşılar otizme neden olur", "tr", ""},
		{"asilar otizme neden olur", "tr", ""}, // typed without Turkish letters: function words decide
		{"Enflasyon yüzde 60'a ulaştı", "tr", ""},
		{"Türkiye'de 2023 depreminde 50 bin kişi öldü", "tr", ""},
		{"Kuraklık nedeniyle İstanbul'un barajları boşaldı", "tr", ""},
		{"Vaccines do not cause autism", "en", ""},
		{"VACCINES DO NOT CAUSE AUTISM", "en", ""},
		{"AŞILAR OTİZME NEDEN OLUR", "tr", ""},
		{"The government is hiding the real inflation numbers from the public", "en", ""},
		{"Climate change is a hoax invented by China", "en", ""},
		// Short claims: a Turkish ending, an English spelling or a function word is enough.
		{"Dünya düzdür", "tr", ""},
		{"Aşı zararlı", "tr", ""},
		{"Bats are blind", "en", ""},
		{"Einstein failed math", "en", ""},
		{"Su hafızası vardır", "tr", ""},
		{"Sigara zarar vermez", "tr", ""},  // the negative aorist -mez
		{"Kimse Ay'a gitmedi", "tr", ""},   // the negative past -medi
		{"Sharks never sleep", "en", ""},   // "sh" at a word's edge
		{"Ducks quack at night", "en", ""}, // "ck"
		// Scripts one language writes need no word lists.
		{"疫苗会导致自闭症", "zh", ""},
		{"ワクチンは自閉症を引き起こす", "ja", ""},
		{"백신은 자폐증을 유발한다", "ko", ""},
		{"Τα εμβόλια προκαλούν αυτισμό", "el", ""},
		// Other languages need stopwords-iso; without it they are undetermined, never taken for
		// Turkish or English.
		{"Die Regierung hat die Steuern erhöht", "und", "de"},
		{"Die Impfung verursacht keinen Autismus bei Kindern", "und", "de"},
		{"Le vaccin provoque l'autisme chez les enfants", "und", "fr"},
		{"Прививки вызывают аутизм у детей", "und", "ru"},
		{"La vacuna causa autismo en los niños", "und", ""}, // with the lists, Spanish and Galician tie
		// Too little to go on: undetermined, not guessed.
		{"Ok", "und", "en"}, // stopwords-iso lists "ok" as English
		{"12345 67", "und", ""},
	}
	run := func(t *testing.T, o *Offline, data bool) {
		for _, tc := range tests {
			want := tc.want
			if data && tc.withData != "" {
				want = tc.withData
			}
			r, err := o.Analyze(context.Background(), Input{Claim: tc.claim})
			if err != nil {
				t.Fatalf("%q: %v", tc.claim, err)
			}
			b := r.Basis[FieldLanguage]
			if r.Language != want {
				t.Errorf("%q: language %s, want %s (%s)", tc.claim, r.Language, want, b.Detail)
			}
			if b.Assessed != (want != "und") || b.Method != MethodLanguage || b.Detail == "" {
				t.Errorf("%q: basis %+v", tc.claim, b)
			}
		}
	}
	t.Run("built-in", func(t *testing.T) {
		o, err := NewOffline()
		if err != nil {
			t.Fatal(err)
		}
		run(t, o, false)
	})
	t.Run("stopwords-iso", func(t *testing.T) {
		run(t, offlineWithData(t, datasets.Stopwords), true)
	})
}

func TestLanguageBasisGivesEvidence(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	r, err := o.Analyze(context.Background(), Input{Claim: "Aşılar otizme neden olur"})
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Basis[FieldLanguage].Detail; !strings.Contains(d, "Turkish evidence") || !strings.Contains(d, "neden") {
		t.Errorf("basis %q does not show the evidence", d)
	}
	r, err = o.Analyze(context.Background(), Input{Claim: "Hm"})
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Basis[FieldLanguage].Detail; !strings.Contains(d, "Too short") {
		t.Errorf("short input basis %q", d)
	}
}

// TestLanguageBasisNamesTheLists checks the basis says which word lists voted, so an answer given
// without stopwords-iso says so.
func TestLanguageBasisNamesTheLists(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	r, err := o.Analyze(context.Background(), Input{Claim: "Bats are blind"})
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Basis[FieldLanguage].Detail; !strings.Contains(d, "stopwords-iso, which would add 56 languages, is not installed") {
		t.Errorf("built-in basis %q does not say stopwords-iso is missing", d)
	}
	r, err = offlineWithData(t, datasets.Stopwords).Analyze(context.Background(), Input{Claim: "Bats are blind"})
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Basis[FieldLanguage].Detail; !strings.Contains(d, "the stopwords-iso lists (58 languages)") {
		t.Errorf("basis %q does not name the stopwords-iso lists", d)
	}
}

// TestEndingHints pins the spelling evidence: Turkish suffixes count only in vowel harmony, and
// English "th" only at a word's edge, so loanwords and names do not vote.
func TestEndingHints(t *testing.T) {
	for _, tc := range []struct{ word, want string }{
		{"düzdür", "tr"}, {"duzdur", "tr"}, {"vardır", "tr"}, {"aşıları", "tr"}, {"yayılıyor", "tr"},
		{"gelmiş", "tr"}, {"olacak", "tr"}, {"gezegenlerde", "tr"},
		{"nadir", ""},    // -dir after a back vowel breaks harmony: not the copula
		{"dollar", ""},   // -lar with nothing after it is not read as the plural
		{"fethetti", ""}, // "th" inside a Turkish word
		{"math", "en"}, {"the", "en"}, {"there", "en"}, {"months", "en"}, {"failed", "en"}, {"landing", "en"},
		{"need", ""},   // too short for -ed
		{"agreed", ""}, // -ed after a vowel
	} {
		got := strings.Join(endingHints(strings.ToLower(tc.word), turkishLower(tc.word)), ",")
		if got != tc.want {
			t.Errorf("endingHints(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}
