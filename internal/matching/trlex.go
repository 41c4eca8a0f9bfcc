package matching

import (
	"slices"
	"strings"
)

// agreeLexicon is a Lexicon that also reads Turkish translations for synonymy that Relate's
// rules leave out (thesaurus.TranslationsAgree).
type agreeLexicon interface {
	TranslationsAgree(a, b string) bool
}

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
			// Cached across searches (Index.agree): it reads up to 64 pairs of English
			// translations, and lexRelate asks it of every Turkish pair it finds unrelated.
			v, hit := ix.agree.get([2]string{a, b})
			if !hit {
				v = al.TranslationsAgree(a, b)
				ix.agree.put([2]string{strings.Clone(a), strings.Clone(b)}, v, maxLexCache)
			}
			if v {
				return true
			}
		}
	}
	return false
}

// leastStrippedVerb replaces the verb among a Turkish word's dictionary forms (dictForms, which
// takes the first lemma candidate that is a verb) with the longest candidate that is one, when
// the lexicon knows it as written. turkish.Morphology.Lemmas lists candidates breadth first, in
// the order of its suffix list, not by how much each strips: "ulaşan" gives "ula" (-şAn read as
// a conditional) before "ulaş" (-An, the participle), "yayıyor" "ya" before "yay", so the verb
// read was "ulamak" (to join) for "ulaşmak" (to reach) and "yamak" for "yaymak" (to spread).
// As dictForms does for nouns, the least stripped reading the lexicon knows wins; the stem must
// begin the word (its last letter may be softened), and a noun reading is left as it is.
func (ix *Index) leastStrippedVerb(lemmas []string, written string, dict, spelled []string) ([]string, []string) {
	at := -1
	for k, d := range dict {
		if strings.HasSuffix(d, "mak") || strings.HasSuffix(d, "mek") {
			at = k
			break
		}
	}
	if at < 0 || len(lemmas) == 0 {
		return dict, spelled
	}
	best, bestSp := "", ""
	for _, l := range lemmas {
		if len(l) < 3 || !strings.HasPrefix(lemmas[0], l[:len(l)-1]) {
			continue
		}
		for _, inf := range []string{"mak", "mek"} {
			v := l + inf
			if len(v) <= len(dict[at]) || len(v) <= len(best) || contains(dict, v) {
				continue
			}
			if sp := ix.writtenSpelling(v, written); sp != "" && len(ix.relations.translate(ix.lex, "tr", "en", sp)) > 0 {
				best, bestSp = v, sp
			}
		}
	}
	if best == "" {
		return dict, spelled
	}
	dict = slices.Clone(dict)
	if len(spelled) == len(dict) {
		spelled = slices.Clone(spelled)
	} else {
		spelled = slices.Clone(dict)
	}
	dict[at], spelled[at] = best, bestSp
	return dict, spelled
}
