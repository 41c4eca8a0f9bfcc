package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
)

// phraseNounsDiffer reports two Turkish phrase verbs (claimparts.go markPhraseVerbs: a noun and
// the verb after it read as one verb when the dictionary has the phrase, "çay içmek", "su
// içmek") with the same verb and unrelated nouns: "Herkes günde 8 bardak çay içmeli" for "…
// su içmelidir" drinks another thing. Verbs are compared on meaning only, never by spelling
// (decideWhole), but the noun of a phrase verb is what the verb is done to, a word the lexicon
// compares as it compares any noun: the same word, a synonym or a hypernym either way is the
// same thing said otherwise. It returns the two nouns, "" when they do not differ.
func (ix *decision) phraseNounsDiffer(p, o *part) (string, string) {
	if p.lang != "tr" || o.lang != "tr" || len(p.dict) != 1 || len(o.dict) != 1 {
		return "", ""
	}
	pn, pv, ok1 := strings.Cut(p.dict[0], " ")
	on, ov, ok2 := strings.Cut(o.dict[0], " ")
	if !ok1 || !ok2 || pv != ov || pn == on || strings.Contains(pv, " ") {
		return "", ""
	}
	if ix.lex == nil || ix.lex.Relate("tr", pn, on) != thesaurus.Unrelated {
		return "", ""
	}
	return pn, on
}
