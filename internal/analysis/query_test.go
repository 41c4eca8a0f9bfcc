package analysis

import (
	"context"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/datasets"
)

// queryTerms splits an en_query for term assertions.
func queryTerms(q string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(q) {
		m[w] = true
	}
	return m
}

func TestEnQuery(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		claim   string
		want    []string // terms that must be present
		notWant []string // terms that must be absent
		exact   string   // whole query, when the exact form matters
	}{
		{claim: "Aşılar otizme neden olur", exact: "vaccine autism cause"},
		{claim: "Aşılar otizme neden olmaz", want: []string{"not", "vaccine", "autism", "cause"}, exact: "vaccine autism not cause"},
		{claim: "Türkiye'de 2023 depreminde 50 bin kişi öldü", want: []string{"2023", "earthquake", "50", "thousand", "Turkey"}},
		{claim: "Enflasyon yüzde 60'a ulaştı", exact: "inflation 60% reach"},
		{claim: "Enflasyon %3,5 arttı", want: []string{"inflation", "3.5%", "increase"}},
		{claim: "Aşılar güvenli değil", exact: "vaccine not safe"},
		{claim: "Aşıların hiçbir yan etkisi yok", want: []string{"vaccine", "no", "side effect"}, notWant: []string{"not"}}, // one denial, not two
		// Negative concord is one negation, and a query never ends on one.
		{claim: "Ay'a hiç gidilmedi", exact: "not Moon"},
		{claim: "Kimse Ay'a gitmedi", exact: "nobody Moon"},
		{claim: "Sigara zarar vermez", exact: "smoking not harm"},
		{claim: "Vaccines are not safe and do not work", exact: "vaccines not safe work"},
		{claim: "Maske takmak virüsü engellemez", want: []string{"mask", "virus", "not", "prevent"}},
		{claim: "Suriyeli göçmenler vergi ödemiyor", want: []string{"Syrian", "migrant", "tax", "not", "pay"}},
		{claim: "Erdoğan'ın açıklaması yalan", want: []string{"Erdogan", "lie"}},
		{claim: "Aşısız çocuklar daha sağlıklı", want: []string{"without", "vaccine", "children", "health"}},
		{claim: "Kılıçdaroğlu Ankara'da konuştu", want: []string{"Kilicdaroglu", "Ankara"}},
		{claim: "Yapay zeka 2030'a kadar işlerin yarısını yok edecek", want: []string{"artificial intelligence", "2030", "destroy"}, notWant: []string{"not"}},
		{claim: "ASILAR OTIZME NEDEN OLMAZ", want: []string{"vaccine", "autism", "not", "cause"}},
		{claim: "Vaccines do not cause autism", exact: "vaccines not cause autism"},
		{claim: "VACCINES DO NOT CAUSE AUTISM", exact: "vaccines not cause autism"}, // shouting: capitals are not names
		{claim: "Vaccines don't cause autism", exact: "vaccines not cause autism"},
		{claim: "There is no evidence that 5G causes cancer", want: []string{"no", "evidence", "5G", "causes", "cancer"}, notWant: []string{"There", "is", "that"}},
		{claim: "Bill Gates wants to microchip everyone with vaccines", exact: "Bill Gates microchip vaccines"},
		{claim: "The WHO said 3.5 million people died in 2020", want: []string{"WHO", "3.5", "million", "people", "died", "2020"}, notWant: []string{"The", "said"}},
		{claim: "Nobody has ever seen a vaccine work without side effects", want: []string{"nobody", "without", "vaccine"}},
	}
	for _, tc := range tests {
		r, err := o.Analyze(context.Background(), Input{Claim: tc.claim})
		if err != nil {
			t.Fatalf("%q: %v", tc.claim, err)
		}
		if tc.exact != "" && r.EnQuery != tc.exact {
			t.Errorf("%q: en_query %q, want %q", tc.claim, r.EnQuery, tc.exact)
		}
		for _, w := range tc.want {
			if !strings.Contains(" "+r.EnQuery+" ", " "+w+" ") {
				t.Errorf("%q: en_query %q lacks %q (%s)", tc.claim, r.EnQuery, w, r.Basis[FieldEnQuery].Detail)
			}
		}
		terms := queryTerms(r.EnQuery)
		for _, w := range tc.notWant {
			if terms[w] {
				t.Errorf("%q: en_query %q has %q", tc.claim, r.EnQuery, w)
			}
		}
	}
}

func TestEnQueryCapsTerms(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	claim := "Vaccines, masks, lockdowns, antibiotics, vitamins, hospitals, doctors, nurses, pharmacies, surgeons, clinics, patients, insurers and regulators all lied"
	r, err := o.Analyze(context.Background(), Input{Claim: claim})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(strings.Fields(r.EnQuery)); n > maxQueryTerms {
		t.Errorf("en_query has %d terms, cap is %d: %q", n, maxQueryTerms, r.EnQuery)
	}
}

func TestEnQueryBasis(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	r, err := o.Analyze(context.Background(), Input{Claim: "Kuraklık nedeniyle barajlar tamamen kurudu ve şehirde susuzluk başladı"})
	if err != nil {
		t.Fatal(err)
	}
	b := r.Basis[FieldEnQuery]
	if b.Method != MethodGlossary || !b.Assessed || !strings.Contains(b.Detail, "translated") || !strings.Contains(b.Detail, "dropped") {
		t.Errorf("basis %+v does not report translated vs dropped", b)
	}
}

// TestEnQueryOtherLanguages checks languages only stopwords-iso identifies: their words are kept as
// written, minus their stopwords but never their negations, and the basis says why.
func TestEnQueryOtherLanguages(t *testing.T) {
	o := offlineWithData(t, datasets.Stopwords)
	r, err := o.Analyze(context.Background(), Input{Claim: "Die Impfung verursacht keinen Autismus bei Kindern"})
	if err != nil {
		t.Fatal(err)
	}
	terms := queryTerms(r.EnQuery)
	if !terms["Impfung"] || !terms["keinen"] || !terms["Autismus"] || terms["bei"] {
		t.Errorf("German en_query %q: want Impfung, keinen, Autismus and no bei", r.EnQuery)
	}
	if b := r.Basis[FieldEnQuery]; !strings.Contains(b.Detail, "stopwords dropped except negations") {
		t.Errorf("German basis %+v", b)
	}
	r, err = o.Analyze(context.Background(), Input{Claim: "Прививки вызывают аутизм у детей"})
	if err != nil {
		t.Fatal(err)
	}
	if b := r.Basis[FieldEnQuery]; b.Assessed || !strings.Contains(b.Detail, "Not translated offline") {
		t.Errorf("untranslated basis %+v", b)
	}
}

func TestNumberTerm(t *testing.T) {
	for _, tc := range []struct {
		in      string
		turkish bool
		want    string
	}{
		{"%60", true, "60%"}, {"60%", false, "60%"}, {"3,5", true, "3.5"}, {"50.000", true, "50,000"},
		{"1.000.000", true, "1,000,000"}, {"3.5", true, "3.5"}, {"1,000", false, "1,000"}, {"2023", true, "2023"},
	} {
		if got := numberTerm(tc.in, tc.turkish); got != tc.want {
			t.Errorf("numberTerm(%q, %v) = %q, want %q", tc.in, tc.turkish, got, tc.want)
		}
	}
}

func TestNegatedUnknownVerb(t *testing.T) {
	for w, want := range map[string]bool{
		"engellemez": true, "yapmiyor": true, "gelmedi": true, "olmaz": true, "gelmeyecek": true, "bilinmeyen": true,
		"namaz": false, "komedi": false, "olur": false, "geldi": false, "yapmak": false, "yilmaz": false,
	} {
		if got := negatedUnknownVerb(w); got != want {
			t.Errorf("negatedUnknownVerb(%q) = %v, want %v", w, got, want)
		}
	}
}
