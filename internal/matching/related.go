package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
)

// derivedLexicon is a Lexicon that relates English words through a derivational link and a
// hypernym link (thesaurus.Thesaurus.RelateDerived).
type derivedLexicon interface {
	RelateDerived(lang, a, b string) thesaurus.Relation
}

// derivedLink links two English words of one language that WordNet relates as a form of a word
// and its broader term ("see" for "vision": "seeing", the noun of "see", is a kind of vision;
// "cigarettes" for "smoking": a cigarette is a kind of smoke, the noun of "smoking"), in the
// direction lexRelate allows a broader term: the fact-check's word may be the broader one. A
// word said with another part of speech than the fact-check's is still the same part of the
// claim ("help you see" states "vision"), which Relate's synonym rules link only for words of
// one derivation and not one step further. Names are never linked this way (lexRelate's
// hyperOK), nor words of two readings the lexicon opposes.
func (ix *decision) derivedLink(p, o *part, fromClaim bool) bool {
	d, ok := ix.lex.(derivedLexicon)
	if !ok || p.lang != "en" || o.lang != "en" || p.ent != nil || o.ent != nil || p.num != "" || o.num != "" {
		return false
	}
	for _, a := range p.lexForms() {
		for _, b := range o.lexForms() {
			switch ix.derivedRelation(d, a, b) {
			case thesaurus.Broader:
				if fromClaim {
					return true
				}
			case thesaurus.Narrower:
				if !fromClaim {
					return true
				}
			}
		}
	}
	return false
}

// derivedRelation is d.RelateDerived("en", a, b), cached across searches (Index.derived): walking
// WordNet's senses for every unlinked pair of every candidate was an eighth of an analysis's CPU.
func (ix *decision) derivedRelation(d derivedLexicon, a, b string) thesaurus.Relation {
	if r, ok := ix.derived.get([2]string{a, b}); ok {
		return r
	}
	r := d.RelateDerived("en", a, b)
	ix.derived.put([2]string{strings.Clone(a), strings.Clone(b)}, r, maxLexCache)
	return r
}
