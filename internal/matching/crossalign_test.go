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
