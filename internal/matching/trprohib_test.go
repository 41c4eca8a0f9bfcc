package matching

import "testing"

// TestTurkishProhibition holds a Turkish folk warning stated as an impersonal prohibition with
// its consequence (trprohib.go): with or without a comma, the negation belongs to the warning,
// so the post states the fact-check's claim; another act, another consequence, a prohibition
// alone, a denied consequence and a fact-check that is itself negative are
// still refused.
func TestTurkishProhibition(t *testing.T) {
	ix := lexIndex(t,
		review("u:fish", "Balık üstüne yoğurt yemek zehirler.", "tr", "yanlis"),
		review("u:fish-neg", "Balıktan sonra yoğurt yemek zehirlemez.", "tr", "dogru"),
		review("u:melon", "Karpuz ile yumurta birlikte yenirse insanı zehirler.", "tr", "yanlis"),
		review("u:bitcoin", "Bitcoin işlemleri izlenemez ve tamamen anonimdir.", "tr", "yanlis"),
		review("u:fish-en", "Eating yogurt after fish poisons you.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// A prohibition and its consequence without a comma read as two clauses.
		{"baliktan sonra yogurt yenmez zehirlenirsin", "tr", "u:fish", ""},
		{"karpuzla yumurta birlikte yenmemeli zehirlenirsin", "tr", "u:melon", ""},
		{"balıktan sonra yoğurt yenmez, zehirlenirsin", "tr", "u:fish", ""},
		// Another act, another consequence, no consequence, a denied consequence.
		{"baliktan sonra sut icilmez zehirlenirsin", "tr", "u:fish", "different"},
		{"karpuzla süt birlikte içilmez zehirlenirsin", "tr", "u:melon", "different"},
		{"baliktan sonra yogurt yenmez sismanlarsin", "tr", "u:fish", "negation differs"},
		{"baliktan sonra yogurt yenmez", "tr", "u:fish", "negation differs"},
		{"baliktan sonra yogurt yenmez zehirlemez", "tr", "u:fish", "different"},
		{"baliktan sonra yogurt yemek zehirlemez", "tr", "u:fish", "negation differs"},
		// A fact-check that is itself negative denies what the warning says.
		{"baliktan sonra yogurt yenmez zehirlenirsin", "tr", "u:fish-neg", "negation differs"},
		{"balıktan sonra yoğurt yenmez, zehirlenirsin", "tr", "u:fish-neg", "negation differs"},
		{"Don't eat yogurt after fish, it poisons you", "en", "u:fish-en", ""},
		// "cannot be traced" is no prohibition: it states the negated claim.
		{"Bitcoin ile yapılan işlemler izlenemez, tamamen anonimdir", "tr", "u:bitcoin", ""},
	})
}
