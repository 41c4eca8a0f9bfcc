package matching

// Rules of the colloq6 round (eval/colloq6.jsonl) on links that cross: a word of the fact-check
// that the claim states, but in another place of its claim than the one the fact-check gives
// it, while the place itself holds another word ("eating fruit causes diabetes because of all
// the fructose" for "Eating sugar causes diabetes"), or the fact-check's subject and its
// predicate's complement stated the other way round ("hiperaktif çocuklar daha çok şeker
// istiyormuş" for "Şeker çocukları hiperaktif yapar"). decideWhole compares words by the gaps
// between the parts both claims state (counterpart) and subjects by their heads (swapped), so a
// link that jumps over the others leaves the word in its place unpaired.

// crossedLink finds, in English, a noun of the claim left unstated between two parts
// it states where the fact-check has, in the same gap, a noun the claim states only out of
// order, after the part that closes the gap or before the one that opens it: the claim names
// the fact-check's word as a reason or a comment and puts its own word where the fact-check's
// stands. It returns the claim's word and the fact-check's; -1, -1 when there is none.
func (ix *decision) crossedLink(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang != "en" || r.lang != "en" {
		return -1, -1 // Turkish orders its words freely: a gap says little of the role
	}
	// A noun and nothing else: a predicate word or one with a verb's ending ("cuts",
	// "reduces") may be the verb said otherwise, which is compared on meaning only.
	noun := func(p *part) bool {
		return isNoun(p) && p.role == roleCore && !p.verbLike && p.ent == nil && !genericPerson(p) && len(p.folded) > 1
	}
	bound := func(i, step int) int {
		for k := i + step; k >= 0 && k < len(q.parts); k += step {
			if qa.links[k] == linked {
				return k
			}
			if qa.links[k] != unlinked {
				return -1
			}
		}
		return -1
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || !noun(p) {
			continue
		}
		before, after := bound(i, -1), bound(i, 1)
		if before < 0 || after < 0 {
			continue
		}
		lo, hi := min(qa.with[before], qa.with[after]), max(qa.with[before], qa.with[after])
		for j := lo + 1; j < hi; j++ {
			o := &r.parts[j]
			if ra.links[j] != linked || !noun(o) {
				continue
			}
			if k := ra.with[j]; k > before && k < after {
				continue // stated in the gap itself
			}
			if ix.relateWords(p, o) || ix.lexRelate(p, o, true) != unlinked {
				continue
			}
			return i, j
		}
	}
	return -1, -1
}

// rolesReversed finds, within one language, a claim whose subject phrase states the fact-check's
// complement (the last word of what it says of its subject that is no verb: "hiperaktif" of
// "… çocukları hiperaktif yapar", "hyperactive" of "… makes kids hyperactive") while the
// fact-check's subject is stated after the claim's subject phrase: what the fact-check gives as
// the effect is the claim's subject, and its cause what the claim says of it. Subject heads
// that state each other (swapped, decide.go) do not see it when the fact-check's object is
// read into its subject phrase. As for swapped, both claims must have a verb and the same
// voice. It returns the claim's subject word and the fact-check's complement; -1, -1 when there
// is none.
func rolesReversed(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang != r.lang || q.passive != r.passive || !hasVerb(q) || !hasVerb(r) {
		return -1, -1
	}
	comp := -1
	for _, j := range predicateSide(r) {
		if o := &r.parts[j]; !o.verb && !o.verbLike && isContent(o) && j > comp {
			comp = j
		}
	}
	qs, rs, rf := subjectEnd(q), subjectEnd(r), firstPart(r)
	if comp < 0 || qs < 0 || rf < 0 || comp <= rs || ra.links[rf] != linked || ra.with[rf] <= qs {
		return -1, -1
	}
	for i := 0; i <= qs; i++ {
		if qa.links[i] == linked && qa.with[i] == comp {
			return i, comp
		}
	}
	return -1, -1
}
