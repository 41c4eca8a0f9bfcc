package matching

import "strings"

// alikeLexicon is a Lexicon that also links English words alike through a derived form
// (thesaurus.Thesaurus.DerivedAlike).
type alikeLexicon interface {
	DerivedAlike(a, b string) bool
}

// derivedAlike links two English words that WordNet relates through a derived form and alike
// adjectives, or through one noun two adjectives derive, where Relate leaves them unrelated:
// "freezing" for "cold" ("it's freezing outside" for "in the cold"), "see" for "visible" ("you
// can see from space" for "visible from space"), "mad" for "enraged". Two values of one
// attribute (colours, numbers, whose adjectives share only a head) stay apart; names and numbers
// are never linked. Over the tuning data's English refusals this joined 3 "≠" pairs of
// rewordings (freezing/cold, see/visible, mad/enraged) and none of look-alikes.
func (ix *decision) derivedAlike(p, o *part) bool {
	al, ok := ix.lex.(alikeLexicon)
	if !ok || p.lang != "en" || o.lang != "en" || p.ent != nil || o.ent != nil || p.num != "" || o.num != "" {
		return false
	}
	for _, a := range p.lexForms() {
		for _, b := range o.lexForms() {
			// Cached across searches (Index.further): lexRelate asks it of every English pair
			// it finds unlinked.
			v, hit := ix.further.get([2]string{a, b})
			if !hit {
				v = al.DerivedAlike(a, b)
				ix.further.put([2]string{strings.Clone(a), strings.Clone(b)}, v, maxLexCache)
			}
			if v {
				return true
			}
		}
	}
	return false
}
