package matching

import "testing"

// TestEntityAlias holds rewordings that name a fact-check's entity by another form of it
// (entalias.go), each group by the reading that links the two, with look-alikes naming another
// entity that must stay refused.
func TestEntityAlias(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// glossedName: the other name the fact-check gives in its aside, "HIV (AIDS virüsü)"
		// (eval/blind2.jsonl x-pp-018, b-pp-046), the class word "virüsü" left out.
		{"glossedName", "Sivrisinek ısırığıyla AIDS bulaşır mı?", "tr", "mosquitoes-hiv-tr", ""},
		{"glossedName", "Sivrisinek sokmasıyla AIDS bulaşıyormuş 🦟", "tr", "mosquitoes-hiv-tr", ""},
		{"glossedName", "Çin yemeklerine konan Çin tuzu sağlığa zararlıymış", "tr", "msg-harmful-tr", ""},
		// Another disease, another substance: no group of the aside is stated.
		{"glossedName", "Sivrisinekler sıtma bulaştırır", "tr", "mosquitoes-hiv-tr", "different entity"},
		{"glossedName", "Sivrisinekler HPV bulaştırır", "tr", "mosquitoes-hiv-tr", "different entity"},
		{"glossedName", "Şeker sağlığa zararlıdır", "tr", "msg-harmful-tr", "different entity"},
		{"glossedName", "Çin yemekleri sağlığa zararlıdır", "tr", "msg-harmful-tr", "different"},
		{"glossedName", "İnternet ile e-posta aynı şeydir", "tr", "internet-web-same-tr", "different entity"},

		// leadingName: the leading word of "Olimpiyat Oyunları", which the dictionary translates
		// "olympic games" (eval/test.jsonl b-pp-099).
		{"leadingName", "Olimpiyatlar ilk kez eski Yunanistan'da yapıldı", "tr", "olympics-ancient-greece-tr", ""},
		// "Great Wall" is WordNet's synonym of "Great Wall of China"; with "see" for "visible"
		// (enlex.go) the rewording is taken (eval/blind2.jsonl c-pp-261).
		{"leadingName", "You can see the Great Wall from space with the naked eye, and it's the only man-made thing you can", "en", "great-wall-space-en", ""},
		// Another name with the same leading word, or the name with another qualifier.
		{"leadingName", "Paralimpik Oyunları ilk olarak Antik Yunan'da düzenlenmiştir", "tr", "olympics-ancient-greece-tr", "different entity"},
		{"leadingName", "Olimpiyatlar ilk olarak Antik Roma'da düzenlenmiştir", "tr", "olympics-ancient-greece-tr", "different entity"},
		{"leadingName", "The Great Barrier Reef is the only man-made structure visible from space with the naked eye", "en", "great-wall-space-en", "different entity"},
		{"leadingName", "The Great Wall of Gorgan is the only man-made structure visible from space with the naked eye", "en", "great-wall-space-en", "different entity"},

		// nameByClass: WordNet has the Earth as a planet (eval/blind2.jsonl d-pp-267, blind3.jsonl
		// e-pp-354).
		{"nameByClass", "Our planet is around 4.5 bn years old", "en", "earth-age-en", ""},
		{"nameByClass", "geologists have it pinned down: our planet is roughly 4,500,000,000 years old, give or take", "en", "earth-age-en", ""},
		// The planets of the whole class, another planet, another class, and a word that is no
		// class of the name at all ("eğik", whose "lay" reaches "sun" only through a verb sense;
		// eval/adversarial.jsonl y-lk-113).
		{"nameByClass", "The planets are around 4.5 bn years old", "en", "earth-age-en", "different entity"},
		{"nameByClass", "Jupiter is around 4.5 bn years old", "en", "earth-age-en", "different entity"},
		{"nameByClass", "The star is around 4.5 bn years old", "en", "earth-age-en", "different entity"},
		{"nameByClass", "Mevsimler Dünya'nın ekseninin eğik olmasından kaynaklanır", "tr", "seasons-distance-tr", "different entity"},

		// clippedName: "Vit" is no word of the lexicon, the first letters of "Vitamin" before the
		// same "C" (eval/blind2.jsonl c-pp-017).
		{"clippedName", "Vit C keeps colds away 🍊", "en", "vitamin-c-colds-en", ""},
		{"clippedName", "vit C stops you catching colds 🍊", "en", "vitamin-c-colds-en", ""},
		{"clippedName", "Vit D prevents colds", "en", "vitamin-c-colds-en", "different entity"},
	})
}
