package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post often closes its claim with a comma clause telling the reader what to do about it:
// "MSG is bad for you, avoid chinese takeaways", "planes are secretly spraying us with
// chemicals, look at the sky today". Such a clause is an imperative (a bare verb with no subject
// before it) and states no fact. claimparts.go marks advice only where the verb's object or
// particle follows it ("check your labels", "wake up people"), and commentclause.go sets a
// clause aside only for a person or an evaluation in it; an imperative before a preposition or a
// bare noun phrase ("look at the sky", "avoid chinese takeaways") is neither, and its words are
// then read as the claim's ("different detail: sky ≠ population"). Here such a clause counts as
// a comment clause, with every guard of commentClause: never the post's first clause (the
// imperative may be the claim: "never eat watermelon with eggs, the combo is poisonous"), never
// with a number, a name, a negation, a word of restriction or addition, nor a word the lexicon
// relates to the fact-check's (an imperative sharing a word with the fact-check, "get under a
// doorway", is not set aside: it states the claim). The verb must be read as a verb: a word with
// a noun reading ("sugar", "study") opens an imperative only before its object or a preposition
// of a closed set, so "…, sugar as well" or "…, study shows" is no imperative.
//
// A post whose every other clause is such advice says what its one remaining clause says; that
// clause's similarity then holds the fact-check to the retrieval floor (adviceOnlyBesides), as
// the clause posted alone would, though the advice's words dilute the whole post's.

// imperativePrepositions open the complement of an imperative verb with a noun reading ("look
// at", "check for", "read about"): a noun before them is rare in a clause of its own.
var imperativePrepositions = map[string]bool{"at": true, "for": true, "into": true, "about": true, "around": true, "through": true}

// imperativeOpened reports a comma clause of an English post (piece, as commentPieces cuts it,
// not the post's first) opened by a bare verb with no subject before it: a verb with no noun
// reading, or one before its object, a particle or a preposition of imperativePrepositions, or
// closing the clause.
func (ix *Index) imperativeOpened(piece string, c int) bool {
	if ix.lex == nil || c == 0 {
		return false
	}
	var words []string
	for _, w := range frameWords.FindAllString(piece, -1) {
		if f := turkish.Fold(w); !punctuation(f) && !strings.HasPrefix(f, "#") {
			words = append(words, f)
		}
	}
	if len(words) == 0 || !ix.bareVerb(words[0]) {
		return false
	}
	if len(words) == 1 {
		return true
	}
	next := words[1]
	if imperativeCues[next] || imperativePrepositions[next] {
		return true
	}
	nl, ok := ix.lex.(nounLexicon)
	return ok && !nl.IsNoun(words[0]) && !ix.bareVerb(next) && !englishFunction(next)
}

// adviceOnlyBesides reports a post q (decided to state fact-check r) whose clauses but one are
// imperatives set aside as advice (imperativeOpened, commentClause), that one being piece: the
// post says what piece says.
func (ix *decision) adviceOnlyBesides(q, r *claimParts, piece string) bool {
	if q.lang != "en" || q.clauses < 2 {
		return false
	}
	pieces := commentPieces(q.read)
	if len(pieces) != q.clauses {
		return false
	}
	qa, _ := ix.alignParts(q, r)
	claim := -1
	for c, p := range pieces {
		if strings.TrimSpace(strings.Trim(p, ",;.!?…: ")) == strings.TrimSpace(piece) && claim < 0 {
			claim = c
			continue
		}
		for i := range q.parts {
			if q.parts[i].clause == c && qa.links[i] != unlinked && qa.links[i] != chatter {
				return false
			}
		}
		if !ix.imperativeOpened(p, c) || !ix.commentClause(q, r, c) {
			return false
		}
	}
	return claim >= 0
}
