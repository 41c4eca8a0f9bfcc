package matching

import "testing"

// TestCrossNarrowing holds cross-language posts that add a noun beside a noun of their own
// phrase while stating every word of the fact-check, each by a word of its own (crossalign.go
// crossNarrowing): the added noun only narrows or rewords its neighbour. Look-alikes stay
// refused where the fact-check is not stated one for one (a word of the post stating two of its
// parts, a noun the reading took for a modifier left out), or where the neighbour is a verb or a
// verb used as a noun.
func TestCrossNarrowing(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// Gained (tuning data: colloq2 h-cl-043, colloq2 h-cl-050, colloq5 q-cl-047).
		{"crossNarrowing", "Basketbolu 1891'de James Naismith adında bir öğretmen icat etti", "tr", "basketball-naismith-en", ""},
		{"crossNarrowing", "yıldırım düşerse arabadaki lastik tekerlekler seni korur", "tr", "car-tires-lightning-en", ""},
		{"crossNarrowing", "remember when six zeros were cut from the turkish lira? that was 2005", "en", "lira-redenomination-2005-tr", ""},
		// Look-alikes: "rice" where the fact-check's "yumurta" is read as a modifier (probes
		// p-lk-072, blind3 e-lk-278), "felç" where "Grip" states both of the fact-check's "flu"s
		// (probes p-lk-027), "read" where the fact-check has the generic "insan" and its verb
		// left over (verbs v-lk-007).
		{"statedOneForOne", "Brown rice is more nutritious than white rice", "en", "brown-eggs-tr", "different"},
		{"statedOneForOne", "Brown bread is more nutritious than white bread", "en", "brown-eggs-tr", "different"},
		{"statedOneForOne", "Grip aşısı felç yapar", "tr", "flu-vaccine-flu-en", "different"},
		{"statedOneForOne", "so mRNA vaccines basically read your DNA?", "en", "mrna-vaccine-dna-tr", "different"},
		// Beside a verb used as a noun the added noun is another act, not a narrower thing.
		{"strongNeighbour", "Drinking coffee causes lung cancer", "en", "smoking-lung-cancer-tr", "different"},
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
