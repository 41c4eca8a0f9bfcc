package matching

import "strings"

// agreeLexicon is a Lexicon that also reads Turkish translations for synonymy that Relate's
// rules leave out (thesaurus.TranslationsAgree).
type agreeLexicon interface {
	TranslationsAgree(a, b string) bool
}

// agreeKey keys agreeCache: the lexicon too, as indexes with different lexicons share the cache.
type agreeKey struct {
	lex  Lexicon
	a, b string
}

// agreeCache remembers TranslationsAgree across searches: it reads up to 64 pairs of English
// translations, and lexRelate asks it of every Turkish pair it finds unrelated.
var agreeCache memo[agreeKey, bool]

// translationsAgree links two Turkish words of one language whose translations say the same
// where Relate finds them unrelated (thesaurus.TranslationsAgree): "sanıyordu" for
// "inanıyordu" (think, believe), "korunmaya" for "önlemeye" (avoid, avert), "asıl" for
// "temel".
func (ix *decision) translationsAgree(p, o *part) bool {
	if p.lang != "tr" || o.lang != "tr" {
		return false
	}
	al, ok := ix.lex.(agreeLexicon)
	if !ok {
		return false
	}
	for _, a := range p.lexForms() {
		for _, b := range o.lexForms() {
			v, hit := agreeCache.get(agreeKey{ix.lex, a, b})
			if !hit {
				v = al.TranslationsAgree(a, b)
				agreeCache.put(agreeKey{ix.lex, strings.Clone(a), strings.Clone(b)}, v, maxLexCache)
			}
			if v {
				return true
			}
		}
	}
	return false
}
