package matching

import "strings"

// A post's clause lends its similarity to the retrieval floor only when it states the whole
// fact-check by itself, every subject, object, predicate and name of it (Search, pieceStates).
// The fact-check may write a name more fully than any post does: "Emperor Nero played the fiddle
// while Rome burned", where "Emperor" only says which Nero. The decision already lets that word be
// left out (decideWhole: a name of the fact-check that only says which one its next name is,
// nameModifier), but the clause test counted it as a part the clause leaves out, so "Tarih hocamız
// anlatmıştı, Roma yanarken Neron oturmuş keman çalıyormuş" kept the whole post's similarity,
// diluted by the teacher's story, under the floor.
//
// So the clause test sets aside the fact-check's names that decideWhole sets aside the same way:
// a name directly before a name of the same clause that the clause states, opening the name, and
// not before an acronym ("Sivrisinekler HIV": there the capitalised word is a subject of its
// own). Every other part stays required: a clause that leaves out a place, an object or a
// qualifier ("there is life on europa" for "… elsewhere in the universe") still keeps the whole
// post's similarity.

// pieceLeavesOut reports a part of the fact-check r that the post's clause (aligned as ra) leaves
// out: a subject, object, predicate or name that is no aside, number or verb, and no name only
// saying which one the next, stated, name is.
func (ix *Index) pieceLeavesOut(piece, r *claimParts, ra sideAlign) bool {
	for j := range r.parts {
		o := &r.parts[j]
		if ra.links[j] != unlinked || o.aside || o.num != "" || o.verb || o.ent == nil && o.role < roleCore {
			continue
		}
		if o.ent != nil && j+1 < len(r.parts) && strings.ToUpper(r.parts[j+1].text) != r.parts[j+1].text &&
			ix.nameModifier(r, ra, piece, j) {
			continue
		}
		return true
	}
	return false
}
