package analysis

import (
	"context"
	"strings"
	"testing"
)

// categoryClaims are real-world-style claims in both languages with the category a fact-checker
// would file them under.
var categoryClaims = []struct{ claim, want string }{
	{"Aşılar otizme neden olur", "health"},
	{"Covid-19 aşısı kısırlığa yol açıyor", "health"},
	{"Limonlu su kanseri tedavi eder", "health"},
	{"Sigara içmek akciğer kanserine yol açmaz", "health"},
	{"Maske takmak virüsü engellemez", "health"},
	{"Vaccines cause autism in children", "health"},
	{"Drinking bleach cures COVID-19", "health"},
	// 5G + coronavirus: the checkable assertion is about disease spread, which is how fact-checkers
	// file it; the lexicon gives health 3 (coronavirus 2, spread 1) and technology 3 (5G 2, towers 1),
	// and the tie goes to health by the fixed category order.
	{"5G towers spread coronavirus", "health"},
	{"NASA'nın Ay'a inişi stüdyoda çekildi", "science"},
	{"The Earth is flat and NASA hides it", "science"},
	{"Bilim insanları evrim teorisinin yanlış olduğunu kanıtladı", "science"},
	{"Scientists discovered a new planet made of diamond", "science"},
	{"Küresel ısınma bir yalandır, iklim değişmiyor", "environment"},
	{"Climate change is a hoax invented by China", "environment"},
	{"İstanbul'da 7 büyüklüğünde deprem bekleniyor", "environment"},
	{"Plastic bags kill 100,000 sea animals every year", "environment"},
	{"5G baz istasyonları radyasyon yayıyor", "technology"},
	{"Akıllı telefonlar konuşmalarımızı gizlice dinliyor", "technology"},
	{"ChatGPT can read your private messages", "technology"},
	{"Hackers stole the data of 50 million Turkish citizens", "technology"},
	{"Enflasyon yüzde 60'a ulaştı", "economy"},
	{"Asgari ücret 17 bin liraya yükseldi", "economy"},
	{"Dolar kuru yıl sonunda 40 lirayı geçecek", "economy"},
	{"Unemployment fell to 3.5% last month", "economy"},
	{"Erdoğan seçimden sonra emeklilere zam yapılmayacağını açıkladı", "politics"},
	{"Meclis yeni anayasayı kabul etti", "politics"},
	{"The president signed a law banning elections", "politics"},
	{"Suriyeli göçmenler vergi ödemiyor", "society"},
	{"Üniversite sınavı bu yıl kaldırılıyor", "society"},
	{"Crime rates doubled after refugees arrived", "society"},
	{"Atatürk'ün Lozan'da imzaladığı antlaşma 100 yıl sonra bitecek", "history"},
	{"Osmanlı İmparatorluğu 600 yıl sürdü", "history"},
	{"The pyramids were built by slaves", "history"},
	{"Galatasaray şampiyonluk maçında hakem penaltı vermedi", "sports"},
	{"Messi won the World Cup with Argentina in 2022", "sports"},
	{"Milli takım olimpiyatlarda altın madalya kazandı", "sports"},
	{"ASILAR OTIZME NEDEN OLUR", "health"}, // typed in capitals without Turkish letters
	{"Bu fotoğraf geçen hafta çekildi", "other"},
	{"The photo was taken last week", "other"},
}

func TestCategory(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range categoryClaims {
		r, err := o.Analyze(context.Background(), Input{Claim: tc.claim})
		if err != nil {
			t.Fatalf("%q: %v", tc.claim, err)
		}
		if r.Category != tc.want {
			t.Errorf("%q: category %s, want %s (%s)", tc.claim, r.Category, tc.want, r.Basis[FieldCategory].Detail)
		}
		b := r.Basis[FieldCategory]
		if b.Method != MethodLexicon || !b.Assessed {
			t.Errorf("%q: category basis %+v", tc.claim, b)
		}
		if tc.want != CategoryOther && !strings.HasPrefix(b.Detail, "keywords: ") {
			t.Errorf("%q: basis does not list keywords: %q", tc.claim, b.Detail)
		}
	}
}

func TestCategoryBasisListsKeywords(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	r, err := o.Analyze(context.Background(), Input{Claim: "Aşıların otizme yol açtığı iddiası"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "keywords: aşı, otizm → health"; !strings.HasPrefix(r.Basis[FieldCategory].Detail, want) {
		t.Errorf("basis %q, want prefix %q", r.Basis[FieldCategory].Detail, want)
	}
	r, err = o.Analyze(context.Background(), Input{Claim: "5G towers spread coronavirus"})
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Basis[FieldCategory].Detail; !strings.Contains(d, "tie broken by the fixed category order") {
		t.Errorf("tie not explained: %q", d)
	}
}

// A keyword repeated many times counts once, so repetition cannot outvote a second topic.
func TestCategoryCountsDistinctKeywords(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	r, err := o.Analyze(context.Background(), Input{Claim: "vergi vergi vergi vergi seçim anayasa"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Category != "politics" {
		t.Errorf("category %s (%s), want politics (seçim 2 + anayasa 2 > vergi 2)", r.Category, r.Basis[FieldCategory].Detail)
	}
}
