package matching

import "testing"

// TestTurkishPredicateRules holds Turkish look-alikes of the adversarial tuning file whose
// predicate differs where the parts did not show it (trverbs.go), refused, beside rewordings of
// the same fact-checks that must keep matching.
func TestTurkishPredicateRules(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// trVerbsApart: "donar", the aorist of "donmak" (to freeze), the antonym of "kaynamak".
		{"trVerbsApart", "Yüksek rakımlarda su daha düşük sıcaklıkta donar", "tr", "water-boils-altitude-tr", "different predicate"},
		{"trVerbsApart", "Yükseklerde su daha düşük sıcaklıkta kaynar", "tr", "water-boils-altitude-tr", ""},
		// trPredicateApart: "yüzünden" (harm) where the fact-check says "sayesinde" (good).
		{"trPredicateApart", "Ozon tabakasindaki delik Montreal Protokolu yuzunden buyuyor", "tr", "ozone-recovery-tr", "different predicate"},
		{"trPredicateApart", "Ozon tabakasındaki delik Montreal Protokolü yüzünden iyileşmektedir", "tr", "ozone-recovery-tr", "different predicate"},
		{"trPredicateApart", "Montreal Protokolü sayesinde ozon deliği iyileşiyor", "tr", "ozone-recovery-tr", ""},
		{"trPredicateApart", "Enflasyon yüzünden paranın alım gücü düşer", "tr", "inflation-purchasing-power-tr", ""},
		// trPredicateApart: a negative verbal noun for the fact-check's positive act.
		{"trPredicateApart", "Soğuk havada dışarı çıkmamak soğuk algınlığına neden olur, evde oturan hasta olur", "tr", "cold-weather-colds-tr", "different predicate"},
		{"trPredicateApart", "Soğuk havada dışarı çıkmak nezle yapar", "tr", "cold-weather-colds-tr", ""},
		// trPredicateApart: a -(y)ken word of time ("çocukken") for the fact-check's subject.
		{"trPredicateApart", "Cereyanda uyumak yüz felci yapar, çocukken hep söylerlerdi", "tr", "sugar-hyperactivity-tr", "different subject"},
		{"trPredicateApart", "Şeker yemek çocukları hiperaktif yapıyormuş", "tr", "sugar-hyperactivity-tr", ""},
		{"trPredicateApart", "Hava bulutluyken güneş kremine ihtiyaç yok", "tr", "sunscreen-cloudy-days-tr", ""},
	})
}

// TestTurkishPredicateWords holds the word shapes trPredicateApart reads: negative verbal nouns
// and time converbs in -(y)ken, not words that only end like them.
func TestTurkishPredicateWords(t *testing.T) {
	for _, c := range []struct {
		word, stem string
	}{
		{"cikmamak", "cik"},
		{"yememesi", "ye"},
		{"cikmak", ""},
		{"mamak", ""},
		{"yemek", ""},
	} {
		if got := negativeVerbalNoun(c.word); got != c.stem {
			t.Errorf("negativeVerbalNoun(%q) = %q, want %q", c.word, got, c.stem)
		}
	}
	for _, c := range []struct {
		p    part
		want bool
	}{
		{part{lang: "tr", folded: "cocukken", lemmas: []string{"cocukken", "cocuk"}}, true},
		{part{lang: "tr", folded: "hamileyken", lemmas: []string{"hamile"}}, true},
		{part{lang: "tr", folded: "erken", lemmas: []string{"erken", "er"}}, false},
		{part{lang: "en", folded: "cocukken", lemmas: []string{"cocuk"}}, false},
	} {
		if got := timeConverb(&c.p); got != c.want {
			t.Errorf("timeConverb(%q) = %v, want %v", c.p.folded, got, c.want)
		}
	}
}
