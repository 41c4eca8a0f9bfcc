package matching

import "slices"

// senseCountLexicon is a Lexicon that counts a Turkish word's wordnet senses
// (thesaurus.TurkishSenses).
type senseCountLexicon interface {
	TurkishSenses(word string) int
}

// commonerNoun adds to a Turkish word's dictionary forms (dictForms) the noun its case, plural
// or copula ending leaves (turkish.Morphology.NounStems) when the wordnet ranks that noun above
// the noun dictForms chose. dictForms takes the first lemma candidate the lexicon knows, which is
// the whole word when FreeDict lists an inflected form as a headword ("yere", whence, for "yer"
// + dative; "oyunu"), or a stem left by a suffix its list tries first ("kuvve" + past for
// "kuvvet" + accusative, "altı" + genitive for "altın" + genitive). The noun beneath competes
// when KeNet, which lists lemmas only, lacks the chosen form, or when the noun is less stripped
// than the chosen stem; it wins by having more KeNet senses. A whole word the wordnet lists
// keeps its one reading: "kule" (tower) is not "kul" + dative, "bira" (beer) not "bir" + dative.
// The chosen form stays first, so rules that read a word's first form read it as before.
func (ix *Index) commonerNoun(lemmas []string, written string, dict, spelled []string) ([]string, []string) {
	sl, ok := ix.lex.(senseCountLexicon)
	if !ok || len(lemmas) == 0 || ix.morph == nil {
		return dict, spelled
	}
	// The noun dictForms chose is its first lemma candidate among the forms; the others are
	// infinitives.
	at := -1
	for _, l := range lemmas {
		if at = slices.Index(dict, l); at >= 0 {
			break
		}
	}
	if at < 0 {
		return dict, spelled
	}
	chosen := dict[at]
	chosenSp := chosen
	if len(spelled) == len(dict) {
		chosenSp = spelled[at]
	}
	senses := sl.TurkishSenses(chosenSp)
	best, bestSp, bestSenses := "", "", senses
	for _, y := range ix.morph.NounStems(lemmas[0]) {
		if len(y) < 3 || y == chosen || contains(dict, y) || len(ix.lex.Spellings(y)) == 0 {
			continue
		}
		if senses > 0 && len(y) <= len(chosen) {
			continue // a lemma the wordnet lists yields only to a less stripped reading
		}
		sp := ix.writtenSpelling(y, written)
		if sp == "" {
			continue
		}
		if n := sl.TurkishSenses(sp); n > bestSenses {
			best, bestSp, bestSenses = y, sp, n
		}
	}
	if best == "" {
		return dict, spelled
	}
	if len(spelled) != len(dict) {
		spelled = slices.Clone(dict)
	}
	dict = slices.Insert(slices.Clone(dict), at+1, best)
	spelled = slices.Insert(slices.Clone(spelled), at+1, bestSp)
	return dict, spelled
}
