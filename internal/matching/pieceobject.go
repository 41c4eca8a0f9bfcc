package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post's clause lends its similarity to the retrieval floor when it states the whole fact-check
// by itself (Search, pieceStates; piecename.go). A whole post or a frame's reading may state a
// fact-check and leave out one of its objects or complements (decide.go statesWhole: "MSG is
// harmful" for "MSG (monosodium glutamate) is harmful to your health"), and the decision accepts
// it; the clause test did not, so "is MSG bad for you? asking for a friend" and "MSG is bad for
// you, avoid chinese takeaways" kept the whole post's similarity, diluted by the chatter around
// the claim, under the floor.
//
// So a clause also states the fact-check when it states it by statesWhole's measure, against its
// own alignment (a part only another clause states does not count), and says nothing of its own:
// every part of the clause but an aside is linked to the fact-check. That second condition is
// what keeps a narrower claim out: "there is life on europa, under the ice, NASA basically
// admitted it" leaves out "elsewhere in the universe" and says "europa" in its place, so its
// clause keeps the whole post's similarity, as before. And the rest of the post must be
// chatter around the clause, not a claim of its own: no other clause names a name or a number
// (it may be what the post is about: "msg is bad for you, avoid it in Chinese takeaways"), and
// none is advice, whose own rule says when it may be set aside (advicecomma.go
// adviceOnlyBesides: "msg is bad for you, avoid sugar too" is not).

// objectLeftOut reports that the clause q (aligned with fact-check r as qa, ra) states r whole but
// for at most one object or complement (statesWhole), and has no part of its own that r does not
// state.
func (ix *decision) objectLeftOut(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) bool {
	for i := range q.parts {
		if qa.links[i] != linked && !q.parts[i].aside {
			return false
		}
	}
	return ix.statesWhole(q, r, ra)
}

// restNamesNothing reports a post q whose clauses other than piece name no name and no number and
// open with no imperative (imperativeOpened) nor a bare verb (verbOpened); false when the post's clauses cannot be told apart.
func (ix *decision) restNamesNothing(q *claimParts, piece string) bool {
	pieces := commentPieces(q.read)
	if len(pieces) != q.clauses || len(pieces) < 2 {
		return false
	}
	claim := -1
	for c, p := range pieces {
		if claim < 0 && strings.TrimSpace(strings.Trim(p, ",;.!?…: ")) == strings.TrimSpace(piece) {
			claim = c
			continue
		}
		for i := range q.parts {
			if o := &q.parts[i]; o.clause == c && (o.ent != nil || o.num != "") {
				return false
			}
		}
		if ix.imperativeOpened(p, c) || ix.verbOpened(p) {
			return false
		}
	}
	return claim >= 0
}

// verbOpened reports a clause whose first word is an English verb in its base form that is no
// noun ("avoid sugar too"): it may be advice that imperativeOpened, reading on, does not take for
// one, so it is not taken for chatter either.
func (ix *decision) verbOpened(clause string) bool {
	nl, ok := ix.lex.(nounLexicon)
	if !ok {
		return false
	}
	for _, w := range frameWords.FindAllString(clause, -1) {
		if f := turkish.Fold(w); !punctuation(f) {
			return ix.bareVerb(f) && !nl.IsNoun(f)
		}
	}
	return false
}
