package matching

import "testing"

// TestCrossNarrowing holds cross-language posts that add a noun beside a noun of their own
// phrase while stating every word of the fact-check, each by a word of its own (crossalign.go
// crossNarrowing): a word before the stated noun modifies it, a word after it names a broader kind
// of it. Look-alikes stay refused where the fact-check is not stated one for one (a word of the
// post stating two of its parts, a noun the reading took for a modifier left out), where the added
// word is the head of another thing ("stadium", "sahası", "paspaslar"), or where the neighbour is a
// verb or a verb used as a noun.
func TestCrossNarrowing(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// Gained (tuning data: test x-pp-011 and blind3 e-pp-061 through the English twin,
		// blind2 c-pp-167 through the English twin).
		{"crossNarrowing", "Sabahları aç karnına sıcak limonlu su içmek kanseri iyileştiriyor", "tr", "lemon-water-cancer-en", ""},
		{"crossNarrowing", "Viking savaşçıları kasklarında boynuz taşırdı", "tr", "vikings-horned-helmets-en", ""},
		// Look-alikes: "rice" where the fact-check's "yumurta" is read as a modifier (probes
		// p-lk-072, blind3 e-lk-278), "felç" where "Grip" states both of the fact-check's "flu"s
		// (probes p-lk-027), "read" where the fact-check has the generic "insan" and its verb
		// left over (verbs v-lk-007).
		{"statedOneForOne", "Brown rice is more nutritious than white rice", "en", "brown-eggs-tr", "different"},
		{"statedOneForOne", "Brown bread is more nutritious than white bread", "en", "brown-eggs-tr", "different"},
		{"statedOneForOne", "Grip aşısı felç yapar", "tr", "flu-vaccine-flu-en", "different"},
		{"statedOneForOne", "so mRNA vaccines basically read your DNA?", "en", "mrna-vaccine-dna-tr", "different"},
		{"statedOneForOne", "yıldırım düşerse arabadaki lastik paspaslar seni korur", "tr", "car-tires-lightning-en", "different"},
		// The head of another thing after a stated name or compound.
		{"strongNeighbour", "Galatasaray stadium won the UEFA Cup in 2000", "en", "galatasaray-uefa-cup-2000-tr", "different"},
		{"strongNeighbour", "Basket topu sahasını 1891 senesinde James Naismith bulmuş", "tr", "basketball-naismith-en", "different"},
		// Beside a verb used as a noun the added noun is another act, not a narrower thing.
		{"strongNeighbour", "Drinking coffee causes lung cancer", "en", "smoking-lung-cancer-tr", "different"},
		// Another thing said of the stated noun is no narrowing of it.
		{"crossNarrowing", "Sabahları aç karnına soğuk limonlu su içmek kanseri iyileştiriyor", "tr", "lemon-water-cancer-en", "different"},
	})
}

// TestCrossPhrases holds cross-language posts that say a phrase translation of a fact-check's
// word with each word of the phrase inflected ("suicide" → "kendini öldürme", said as
// "kendilerini öldürürmüş"; crossalign.go crossPhrases): every word of the phrase must be said,
// in order, by words of one clause, so a post that says only part of it, or the phrase with
// another verb, stays refused.
func TestCrossPhrases(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// Gained (tuning data: blind3 e-cl-026, colloq d-cl-017).
		{"crossPhrases", "Lemmingler sürü halinde kayalıklardan atlayıp kendilerini öldürüyormuş", "tr", "lemmings-suicide-en", ""},
		{"crossPhrases", "Lemming denen hayvanlar topluca kayalıklardan atlayıp kendilerini öldürürmüş", "tr", "lemmings-suicide-en", ""},
		// Look-alikes: another act on themselves, another victim of the same act.
		{"crossPhrases", "Lemmingler sürü halinde kayalıklardan atlayıp kendilerini yaralıyormuş", "tr", "lemmings-suicide-en", "different"},
		{"crossPhrases", "Lemmingler sürü halinde kayalıklardan atlayıp birbirlerini öldürüyormuş", "tr", "lemmings-suicide-en", "different"},
	})
}

// TestVerbalNounStem holds the verb stem read off a Turkish verbal noun in -mA.
func TestVerbalNounStem(t *testing.T) {
	for _, c := range []struct {
		in, stem string
		ok       bool
	}{
		{"oldurme", "oldur", true},
		{"secme", "sec", true},
		{"yazma", "yaz", true},
		{"me", "", false},
		{"kitap", "", false},
	} {
		if stem, ok := verbalNounStem(c.in); stem != c.stem || ok != c.ok {
			t.Errorf("verbalNounStem(%q) = %q, %v; want %q, %v", c.in, stem, ok, c.stem, c.ok)
		}
	}
}

// TestCrossGlosses holds cross-language posts that state the parenthesised gloss of the
// fact-check's subject ("Karbonat (sodyum bikarbonat)") and so its subject (crossalign.go
// crossGlosses), while a post that states only part of the gloss, or says something else of it,
// stays refused.
func TestCrossGlosses(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// Gained (tuning data: colloq5 q-cl-007).
		{"crossGlosses", "sodium bicarbonate cures cancer", "en", "baking-soda-cancer-tr", ""},
		{"crossGlosses", "sodium cures cancer", "en", "baking-soda-cancer-tr", "different"},
		{"crossGlosses", "sodium chloride cures cancer", "en", "baking-soda-cancer-tr", "different"},
		{"crossGlosses", "sodium bicarbonate cures diabetes", "en", "baking-soda-cancer-tr", "different"},
	})
}
