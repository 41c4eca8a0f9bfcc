package matching

import "testing"

// TestStoryClauses holds the two clause rules of decideClauses (decide.go) for a post that tells
// a story or a report in one clause and states the fact-check's claim in another (storyclause.go):
// a Turkish act stated by its object or another word for it (clauseStatesAct), and a negated
// clause of the poster's own story before the claim (storyClauses); with the look-alikes each
// must still refuse.
func TestStoryClauses(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// clauseStatesAct: "et yemek" for "et tüketimi"; the act by its object alone ("balık
		// üstüne yoğurt" for "… yoğurt yemek").
		{"clauseStatesAct", "Dünya Sağlık Örgütü de açıkladı, işlenmiş et yemek bağırsak kanseri riskini artırıyor", "tr", "processed-meat-cancer-tr", ""},
		{"clauseStatesAct", "Annem hep söylerdi, balık üstüne yoğurt zehirler", "tr", "fish-yoghurt-tr", ""},
		// Another act done to the object, another object, another modifier, a denial: refused.
		{"clauseStatesAct", "Dünya Sağlık Örgütü açıkladı, işlenmiş et satmak bağırsak kanseri riskini artırıyor", "tr", "processed-meat-cancer-tr", "different"},
		{"clauseStatesAct", "Dünya Sağlık Örgütü açıkladı, işlenmiş et pişirmek bağırsak kanseri riskini artırıyor", "tr", "processed-meat-cancer-tr", "different"},
		{"clauseStatesAct", "Doktor söyledi, fazla şeker yemek tansiyonu yükseltir", "tr", "salt-blood-pressure-tr", "different"},
		{"clauseStatesAct", "Annem hep söylerdi, et üstüne yoğurt yemek zehirler", "tr", "fish-yoghurt-tr", "different"},
		{"clauseStatesAct", "Dünya Sağlık Örgütü açıkladı, işlenmiş et yemek bağırsak kanseri riskini artırmıyor", "tr", "processed-meat-cancer-tr", "different"},

		// storyClauses: the poster's own negated story before the claim is set aside.
		{"storyClauses", "I take vitamin C every morning and haven't caught a cold in years. Vitamin C keeps colds away", "en", "vitamin-c-colds-en", ""},
		{"storyClauses", "Babam balık tuttuğu gün cacık koymaz, balıkla yoğurt zehirler diye", "tr", "fish-yoghurt-tr", ""},
		{"storyClauses", "My grandpa never smoked a day in his life, smoking causes lung cancer", "en", "smoking-lung-cancer-en", ""},
		// Another subject or object in the claim's clause, a negated claim, a denial after it.
		{"storyClauses", "I take vitamin C every morning and haven't caught a cold in years. Zinc keeps colds away", "en", "vitamin-c-colds-en", "different"},
		{"storyClauses", "I take vitamin C every morning and haven't caught a cold in years. Vitamin C keeps the flu away", "en", "vitamin-c-colds-en", "different"},
		{"storyClauses", "I haven't caught a cold in years, but vitamin C doesn't keep colds away", "en", "vitamin-c-colds-en", "different"},
		{"storyClauses", "Vitamin C keeps colds away, I don't think that's true at all", "en", "vitamin-c-colds-en", "denied"},
		{"storyClauses", "Babam balık tuttuğu gün cacık koymaz, balıkla yoğurt zehirlemez", "tr", "fish-yoghurt-tr", "different"},
		{"storyClauses", "My grandpa never smoked a day in his life, smoking causes stomach cancer", "en", "smoking-lung-cancer-en", "different"},
		{"storyClauses", "My grandpa never smoked a day in his life, smoking doesn't cause lung cancer", "en", "smoking-lung-cancer-en", "different"},
	})
}
