package matching

import "testing"

// TestClippings holds posts that shorten a word of the fact-check or of its explanation
// (clipping.go: "cigs", "ciggies", "vax", "vit", "btc"), and an English acronym of a Turkish
// fact-check's name (initialism.go translatedInitials: "WC" for "Dünya Kupası"), with
// look-alikes that must stay refused: another part swapped, another shortened word, a word
// the lexicon knows, letters that open only loose translations.
func TestClippings(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// A clipping of a word of the explanation ("the number of cigarettes smoked"), with an
		// -s or a pet-form ending (eval/colloq*.jsonl o-pp-049, q-pp-006, k-pp-028, c-pp-010).
		{"spelledOut", "cigs give you lung cancer, who knew", "en", "smoking-lung-cancer-en", ""},
		{"spelledOut", "ciggies give you lung cancer, simple as that", "en", "smoking-lung-cancer-en", ""},
		{"spelledOut", "cigs = lung cancer. period.", "en", "smoking-lung-cancer-en", ""},
		// A clipping of the claim's own word, "x" for the "cs" of its plural ("vit C" was
		// accepted before, by the name it opens, but ranked too low to be taken: see below).
		{"spelledOut", "vax cause autism", "en", "vaccines-autism-en", ""},
		{"spelledOut", "taking vit C stops you catching colds", "en", "vitamin-c-colds-en", ""},
		// A contraction: the word's consonants in order.
		{"spelledOut", "btc transactions are totally anonymous and can't be traced", "en", "bitcoin-anonymous-en", ""},
		// The clipping said, another part swapped.
		{"spelledOut", "cigs give you heart disease", "en", "smoking-lung-cancer-en", "different"},
		{"spelledOut", "vax cause allergies", "en", "vaccines-autism-en", "different"},
		{"spelledOut", "taking vit D stops you catching colds", "en", "vitamin-c-colds-en", "different"},
		{"spelledOut", "btc transactions are fully public and easy to trace", "en", "bitcoin-anonymous-en", "different"},
		// Another shortened word: no word of the fact-check opens with it, or keeps its letters.
		{"spelledOut", "vapes give you lung cancer", "en", "smoking-lung-cancer-en", "different"},
		{"spelledOut", "eth transactions are totally anonymous and can't be traced", "en", "bitcoin-anonymous-en", "different"},
		{"spelledOut", "xmr transactions are totally anonymous and can't be traced", "en", "bitcoin-anonymous-en", "different"},
		// A word the lexicon knows is never a clipping ("vat" opens "vaccines" only by chance).
		{"spelledOut", "vat causes autism", "en", "vaccines-autism-en", "different"},
		// Across languages a clipping is not read ("vit D" would be "vitamin D" for "C vitamini").
		{"spelledOut", "vit D prevents colds", "en", "vitamin-c-colds-tr", "different"},
		// An English acronym of a Turkish name's English name (eval/colloq*.jsonl q-cl-015).
		{"translatedInitials", "the turkish national team came 3rd in the 2002 WC", "en", "turkey-world-cup-2002-tr", ""},
		// Letters that open loose translations only ("earth", "coupe"), another number.
		{"translatedInitials", "the turkish national team came 3rd in the 2002 EC", "en", "turkey-world-cup-2002-tr", "different"},
		{"translatedInitials", "the turkish national team came 3rd in the 2002 CW", "en", "turkey-world-cup-2002-tr", "different"},
		{"translatedInitials", "the turkish national team came 2nd in the 2002 WC", "en", "turkey-world-cup-2002-tr", "different"},
	})
	// The clipping covers the word it shortens in the retrieval similarity too, so the fact-check
	// is taken (eval/colloq*.jsonl q-pp-010: "vit C" had ranked below the decision floor).
	checkTaken(t, []takenCase{
		{"taking vit C stops you catching colds", "en", "vitamin-c-colds-en"},
		{"taking vit D stops you catching colds", "en", ""},
	})
}
