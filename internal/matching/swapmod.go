package matching

import "fmt"

// A hyphenated compound of the fact-check ("man-made") names its kind by its first piece: a
// post that keeps the second piece ("made") under another first piece ("machine-made", "machine
// made", "home made") says another kind, not the fact-check's. The tokenizer reads such a word
// as a verb ("made"), and a verb of the claim where the fact-check has a verb passes as its
// predicate reworded (decideWhole), while a pair written apart leaves its first word linked
// loosely elsewhere ("home" to "structure") and its second beside it: so neither the
// substitution check nor otherModifier (decide.go) sees the two first pieces side by side.
// The same first piece, a synonym or a word of the same first Turkish translation (pieceSame,
// pieceStates in encompound.go: "human-made", "man made") is the same compound reworded.

// swappedPiece finds, between two English claims, a hyphenated lemma of the fact-check (X-Y)
// whose second piece the claim writes after a first piece of its own that does not state X,
// hyphenated ("machine-made") or as a pair WordNet lists as one lemma ("home made"); it returns
// the reason, "" when there is none.
func (ix *decision) swappedPiece(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) string {
	if ix.lex == nil || q.lang != "en" || r.lang != "en" {
		return ""
	}
	for j := range r.parts {
		o := &r.parts[j]
		if ra.links[j] == linked || o.lang != "en" || o.num != "" || o.ent != nil || o.aside || len(o.dict) == 0 {
			continue
		}
		first, second, ok := hyphenated(o.dict[0])
		if !ok {
			continue
		}
		pieces := [2]string{first, second}
		for i := range q.parts {
			p := &q.parts[i]
			if qa.links[i] == chatter || p.lang != "en" || p.num != "" || p.ent != nil || p.aside {
				continue
			}
			// One word of the claim, hyphenated the same way, stating no other part.
			if qa.links[i] == unlinked && len(p.dict) > 0 {
				if qf, qs, ok := hyphenated(p.dict[0]); ok && qs == pieces[1] && !ix.firstPieceStates(pieces[0], qf, nil) {
					return fmt.Sprintf("different detail: %s ≠ %s", p.text, o.text)
				}
			}
			// Two words of the claim WordNet lists as one lemma, the second the same piece.
			if i+1 >= len(q.parts) {
				continue
			}
			n := &q.parts[i+1]
			if qa.links[i+1] == linked || !pieceSame(pieces[1], n) && !contains(n.lemmas, pieces[1]) || len(ix.enPairForms(p, n)) == 0 {
				continue
			}
			if !ix.firstPieceStates(pieces[0], p.folded, p) {
				return fmt.Sprintf("different detail: %s %s ≠ %s", p.text, n.text, o.text)
			}
		}
	}
	return ""
}

// firstPieceStates reports a first piece of the claim (w, or part p when it is one word) that
// states the fact-check's first piece: the same word, a synonym, or a word of the same first
// Turkish translation (pieceStates).
func (ix *decision) firstPieceStates(piece, w string, p *part) bool {
	if w == piece {
		return true
	}
	if p != nil {
		return pieceSame(piece, p) || ix.pieceStates(piece, p)
	}
	return ix.pieceWordStates(piece, w)
}
