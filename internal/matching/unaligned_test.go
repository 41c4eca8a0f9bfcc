package matching

import "testing"

// TestUnalignedRules holds the look-alikes of eval/colloq3.jsonl that took a fact-check's verdict
// before the rules of unaligned.go (each group names its rule), with rewordings of the same
// fact-checks that must keep matching.
func TestUnalignedRules(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// verbReadModifiers: "red" and "processed", read as verbs after a gerund, modify "meat".
		{"verbReadModifiers", "Eating red meat increases the risk of bowel cancer", "en", "processed-meat-cancer-en", "different detail"},
		{"verbReadModifiers", "Eating grilled meat increases the risk of bowel cancer", "en", "processed-meat-cancer-en", "different detail"},
		{"verbReadModifiers", "Eating processed meat raises the risk of bowel cancer", "en", "processed-meat-cancer-en", ""},
		// nameByLooseWord: "e-posta" took "World" of "World Wide Web" through a translation.
		{"nameByLooseWord", "e-postayı Tim Berners-Lee CERN'de icat etmiş", "tr", "web-invention-cern-en", "different entity"},
		{"nameByLooseWord", "World Wide Web'i Tim Berners-Lee CERN'de icat etmiş", "tr", "web-invention-cern-en", ""},
		// objectDropped: a verb of the claim's own, and nothing where "maths" stands.
		{"objectDropped", "Einstein was expelled from school", "en", "einstein-failed-math-en", "different predicate"},
		{"objectDropped", "Einstein flunked maths at school", "en", "einstein-failed-math-en", ""},
		// siblingByModifier: "öğle yemeği" is a meal, but not breakfast.
		{"siblingByModifier", "Öğle yemeği günün en önemli öğünüdür", "tr", "breakfast-most-important-tr", "different"},
		{"siblingByModifier", "Sabah kahvaltısı günün en önemli öğünüdür", "tr", "breakfast-most-important-tr", ""},
		// counterpart: a clause set aside as chatter bounds no gap ("winter" stands where
		// "cloudy days" does).
		{"counterpart", "you dont need sunscreen in winter, the sun's too weak anyway", "en", "sunscreen-cloudy-days-en", "different detail"},
		{"counterpart", "you dont need sunscreen on cloudy days, the sun's too weak anyway", "en", "sunscreen-cloudy-days-en", ""},
		// clippedForm: "temp" is "temperature" clipped, not another detail.
		{"clippedForm", "up in the mountains water boils at a lower temp, thats why pasta takes forever", "en", "water-boils-altitude-en", ""},
	})
}

// TestClippedForm holds two English words one of which starts the other, four letters or more.
func TestClippedForm(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"temp", "temperature", true},
		{"temperature", "temp", true},
		{"lab", "laboratory", false},
		{"winter", "cloudy", false},
		{"photo", "photograph", true},
	} {
		p := part{folded: c.a, lang: "en"}
		o := part{folded: c.b, lang: "en"}
		if got := clippedForm(&p, &o); got != c.want {
			t.Errorf("clippedForm(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestModifierRules holds look-alikes that add a modifier to the fact-check's subject
// (modifierOnPhraseNoun, modifierForRestriction), with rewordings that must keep matching.
func TestModifierRules(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// modifierOnPhraseNoun: "sigara" is the act of "Sigara içmek" (and of "Smoking").
		{"modifierOnPhraseNoun", "elektronik sigara akciğer kanserine yol açıyormuş", "tr", "smoking-lung-cancer-tr", "different claim"},
		{"modifierOnPhraseNoun", "elektronik sigara akciğer kanserine yol açıyormuş", "tr", "smoking-lung-cancer-en", "different claim"},
		{"modifierOnPhraseNoun", "sigara akciğer kanserine yol açıyormuş", "tr", "smoking-lung-cancer-tr", ""},
		{"modifierOnPhraseNoun", "sigara akciğer kanserine yol açıyormuş", "tr", "smoking-lung-cancer-en", ""},
		// modifierForRestriction: "Octopus" where the fact-check says "in your veins".
		{"modifierForRestriction", "Squid blood is blue", "en", "blood-blue-en", "different subject"},
		{"modifierForRestriction", "Venous blood is blue until it meets air", "en", "blood-blue-en", ""},
	})
}

// TestCompoundAndSlotRules holds the look-alikes of colloq3.jsonl's second batch that took a
// verdict before claimCompound, englishOnly, hyphenFirstOnly and locativeForPlace, with
// rewordings of the same fact-checks that must keep matching.
func TestCompoundAndSlotRules(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// claimCompound: "renk körü" (colour-blind) is a word of its own, not "kör".
		{"claimCompound", "Yarasalar renk körüdür", "tr", "bats-blind-tr", "different detail"},
		{"claimCompound", "Yarasalar tamamen kördür", "tr", "bats-blind-tr", ""},
		// englishOnly: "frostbite" in text of undetermined language is no Turkish locative.
		{"englishOnly", "Cold weather causes frostbite", "", "cold-weather-colds-en", "different"},
		{"englishOnly", "cold weather causes the common cold!!", "", "cold-weather-colds-en", ""},
		// hyphenFirstOnly: "left-handed" meets only "left" of "left brained".
		{"hyphenFirstOnly", "People are either left-handed or right-handed", "en", "left-right-brain-en", "different detail"},
		{"hyphenFirstOnly", "People are either left-brained or right-brained", "en", "left-right-brain-en", ""},
		// locativeForPlace: "elinde" stands where "iskeletinde" does.
		{"locativeForPlace", "Yetişkin bir insanın elinde 206 kemik bulunur", "tr", "human-bones-206-tr", "different detail"},
		{"locativeForPlace", "Yetişkin insanın iskeletinde 206 kemik vardır", "tr", "human-bones-206-tr", ""},
	})
}

// TestColloq4Rules holds look-alikes of eval/colloq4.jsonl that took a fact-check's verdict on
// its first run (each group names its rule), with rewordings of the same fact-checks that must
// keep matching.
func TestColloq4Rules(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// laterClauseOnly: the fact-check's subject is met only in a comment after the claim.
		{"laterClauseOnly", "gumusun fiyati hicbir zaman dusmez, altindan daha garanti", "tr", "gold-never-falls-tr", "different"},
		{"laterClauseOnly", "Kalahari dünyanın en büyük çölüdür, Sahra ikinci", "tr", "sahara-largest-desert-tr", "different"},
		{"laterClauseOnly", "akşam yemeği günün en önemli öğünüdür, kahvaltıyı boşverin", "tr", "breakfast-most-important-tr", "different"},
		{"laterClauseOnly", "altinin fiyati hicbir zaman dusmez, en garanti yatirim", "tr", "gold-never-falls-tr", ""},
		{"laterClauseOnly", "Bitcoin ile yapılan işlemler izlenemez, tamamen anonimdir", "tr", "bitcoin-anonymous-tr", ""},
		{"laterClauseOnly", "Sahra dünyanın en büyük çölüdür, Kalahari ikinci", "tr", "sahara-largest-desert-tr", ""},
		{"laterClauseOnly", "the official ultramarathon distance is 42.195 km, same as a marathon", "en", "marathon-distance-en", "different"},
		{"laterClauseOnly", "denizlerdeki gelgitlere esas olarak rüzgar neden olur, poyraz estiğinde su çekiliyor", "tr", "moon-tides-tr", "different"},
		{"laterClauseOnly", "Going to Turkey next summer, starting in the capital, Istanbul", "en", "istanbul-capital-en", ""},
		{"laterClauseOnly", "Olimpiyatların anavatanı Antik Yunan, ilk oyunlar orada yapıldı", "tr", "olympics-ancient-greece-tr", ""},
		// A converb ("olunca": when … happens) opens a clause of when, not a subject of its own,
		// however short its stem (claimparts.go converb).
		{"laterClauseOnly", "deprem olunca kapı kasasının altına geçin, en güvenli yer orası", "tr", "earthquake-doorway-tr", ""},
		// placeForDate: a place of the claim's own where the fact-check's year is left out.
		{"placeForDate", "basketball was invented by james naismith in boston", "en", "basketball-naismith-en", "different detail"},
		{"placeForDate", "Basketball was invented by James Naismith in Canada", "en", "basketball-naismith-en", "different detail"},
		{"placeForDate", "James Naismith came up with basketball in eighteen ninety-one", "en", "basketball-naismith-en", ""},
		{"placeForDate", "basketball was invented by james naismith in 1891 in springfield", "en", "basketball-naismith-en", ""},
		{"placeForDate", "The ozone hole over Antarctica is recovering thanks to the Montreal Protocol", "en", "ozone-recovery-en", ""},
		// yearBeside (decide.go's chatter clauses): a clause holding only a year says when.
		{"yearBeside", "Yeni Zelanda kadınlara oy hakkı veren ilk ülke, 1903'te", "tr", "nz-womens-suffrage-1893-en", "different number"},
		{"yearBeside", "Berlin Duvarı yıkıldı, 1979'da", "tr", "berlin-wall-1989-tr", "different number"},
		{"yearBeside", "Berlin Duvarı yıkıldı, 1989'da", "tr", "berlin-wall-1989-tr", ""},
		// modifierIntoHead: "prostat kanseri" took "kanserini" as a kind of cancer.
		{"modifierIntoHead", "HPV aşısı prostat kanserini önlermiş, erkekler de olsun", "tr", "hpv-vaccine-cervical-cancer-tr", "different detail"},
		{"modifierIntoHead", "HPV aşısı rahim ağzı kanserini önlermiş, kızlar da olsun", "tr", "hpv-vaccine-cervical-cancer-tr", ""},
		// onlyRestriction: "sadece erkeklerde" holds the claim of men alone.
		{"onlyRestriction", "sadece erkeklerde sigara icmek akciger kanserine yol aciyormus, kadinlarda olmuyormus", "tr", "smoking-lung-cancer-tr", "different claim"},
		{"onlyRestriction", "smoking causes lung cancer only in old people", "en", "smoking-lung-cancer-en", "different claim"},
		{"onlyRestriction", "İnsanlar beyinlerinin sadece yüzde 10'unu kullanır", "tr", "ten-percent-brain-tr", ""},
		{"onlyRestriction", "humans have only five senses", "en", "five-senses-en", ""},
		{"onlyRestriction", "İnsan beyninin yalnızca onda birini kullanır", "tr", "ten-percent-brain-tr", ""},
		{"onlyRestriction", "The Trojan War was not just a myth, it really happened", "en", "trojan-war-en", ""},
		// inCircumstance (decide.go's polarity): an antonym in a when or where is another
		// circumstance, not the claim denied.
		{"inCircumstance", "havalar soğuk olduğunda deprem olur", "tr", "earthquake-weather-tr", "different detail"},
		{"inCircumstance", "drinking alcohol keeps you warm in the heat", "en", "alcohol-warms-body-en", "different detail"},
		{"inCircumstance", "havalar sıcak ve bunaltıcı olduğunda deprem oluyormuş", "tr", "earthquake-weather-tr", ""},
		{"inCircumstance", "a few drinks of alcohol keep you warm in the cold", "en", "alcohol-warms-body-en", ""},
	})
}
