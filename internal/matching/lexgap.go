package matching

import "strings"

// Rules that let a rewording state a fact-check's part with a word the lexicon does not relate to
// it directly, where the relation is in the words themselves.

// clippedCompound reports a word p that names a one-word compound o by its first part, the way
// posts shorten a new coinage ("korona" for "koronavirüs"): o is
// p's word followed by a word the lexicon knows (four letters or more), and o itself is no word
// of the lexicon. A compound the dictionaries list has a meaning of its own that its first part
// need not share ("watermelon" is no water, "havalimanı" no air), so it is never clipped.
func (ix *Index) clippedCompound(p, o *part) bool {
	if ix.lex == nil || p.lang != o.lang || (p.lang != "tr" && p.lang != "en") || p.ent != nil || o.ent != nil || p.num != "" || o.num != "" {
		return false
	}
	if len(o.dict) > 0 || ix.knownWord(o) {
		return false
	}
	known := func(w string) bool {
		if p.lang == "tr" {
			return ix.knownTR(w)
		}
		return len(ix.lex.Lemmas("en", w)) > 0
	}
	for _, s := range append(append([]string{p.folded}, p.dict...), firstN(p.lemmas, 3)...) {
		if len(s) < 5 {
			continue
		}
		for _, w := range append([]string{o.folded}, firstN(o.lemmas, 4)...) {
			if rest, ok := strings.CutPrefix(w, s); ok && len(rest) >= 4 && known(rest) {
				return true
			}
		}
	}
	return false
}
