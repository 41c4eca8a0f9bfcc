package analysis

import (
	"context"
	"strings"
	"testing"
)

func TestLanguage(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ claim, want string }{
		{"Aşılar otizme neden olur", "tr"},
		{"asilar otizme neden olur", "tr"}, // typed without Turkish letters: stopwords decide
		{"Enflasyon yüzde 60'a ulaştı", "tr"},
		{"Türkiye'de 2023 depreminde 50 bin kişi öldü", "tr"},
		{"Kuraklık nedeniyle İstanbul'un barajları boşaldı", "tr"},
		{"Vaccines do not cause autism", "en"},
		{"VACCINES DO NOT CAUSE AUTISM", "en"},
		{"AŞILAR OTİZME NEDEN OLUR", "tr"},
		{"The government is hiding the real inflation numbers from the public", "en"},
		{"Climate change is a hoax invented by China", "en"},
		{"Die Regierung hat die Steuern erhöht", "de"},
		{"Die Impfung verursacht keinen Autismus bei Kindern", "de"},
		{"Le vaccin provoque l'autisme chez les enfants", "fr"},
		{"Прививки вызывают аутизм у детей", "ru"},
		{"疫苗会导致自闭症", "zh"},
		{"ワクチンは自閉症を引き起こす", "ja"},
		{"백신은 자폐증을 유발한다", "ko"},
		{"Τα εμβόλια προκαλούν αυτισμό", "el"},
		// Too short or too little evidence: undetermined, not guessed.
		{"Ok", "und"},
		{"Aşı zararlı", "und"},
		{"Dünya düzdür", "und"},
		{"12345 67", "und"},
		{"La vacuna causa autismo en los niños", "und"}, // Spanish and Galician tie on these words
	}
	for _, tc := range tests {
		r, err := o.Analyze(context.Background(), Input{Claim: tc.claim})
		if err != nil {
			t.Fatalf("%q: %v", tc.claim, err)
		}
		b := r.Basis[FieldLanguage]
		if r.Language != tc.want {
			t.Errorf("%q: language %s, want %s (%s)", tc.claim, r.Language, tc.want, b.Detail)
		}
		if b.Assessed != (tc.want != "und") || b.Method != MethodLanguage || b.Detail == "" {
			t.Errorf("%q: basis %+v", tc.claim, b)
		}
	}
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
	r, err = o.Analyze(context.Background(), Input{Claim: "Ok"})
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Basis[FieldLanguage].Detail; !strings.Contains(d, "Too short") {
		t.Errorf("short input basis %q", d)
	}
}
