package matching

import "strings"

// senseLexicon is a Lexicon that also links English words joined through a later WordNet sense
// that the Turkish dictionary confirms (thesaurus.Thesaurus.SensesAgree).
type senseLexicon interface {
	SensesAgree(a, b string) bool
}

// sensesAgree links two English words that WordNet puts in one synset, or links as alike, only
// through a sense beyond the first three Relate reads, when the first Turkish translations of
// both say the same: "hot" for "spicy" (both "baharatlı"), "bad" for "harmful" ("kötü",
// "fena"), "reason" for "cause" ("sebep"). It is the English counterpart of translationsAgree
// (trlex.go). Co-hyponyms, which a look-alike puts in a word's place ("tea" for "coffee",
// "blue" for "red"), share neither a synset nor a near link; a word of many senses that meets
// another through a rare one ("make", "cause") is not confirmed by the dictionary. Names and
// numbers are never linked. Over the tuning files it links four pairs (bad/harmful, hot/spicy,
// reason/cause, clean/cleanse) and no pair a look-alike was refused on.
func (ix *decision) sensesAgree(p, o *part) bool {
	sl, ok := ix.lex.(senseLexicon)
	if !ok || p.lang != "en" || o.lang != "en" || p.ent != nil || o.ent != nil || p.num != "" || o.num != "" {
		return false
	}
	for _, a := range p.lexForms() {
		for _, b := range o.lexForms() {
			// Cached across searches (Index.sensesAgreed): lexRelate asks it of every English
			// pair it finds unlinked.
			v, hit := ix.sensesAgreed.get([2]string{a, b})
			if !hit {
				v = sl.SensesAgree(a, b)
				ix.sensesAgreed.put([2]string{strings.Clone(a), strings.Clone(b)}, v, maxLexCache)
			}
			if v {
				return true
			}
		}
	}
	return false
}
