package matching

// crossNarrowing sets aside, across languages, a noun of the claim that only narrows or rewords
// the noun of its own phrase beside it while the fact-check is stated in full (rFull): "baking
// soda" for "karbonat", "UEFA cup champions" for "UEFA Kupası'nı kazandı". Within one language
// decideWhole lets such a word pass (besideLinkedNoun); across languages it refused it, as a
// loose translation of the neighbour could have stated the fact-check's part instead. Here the
// neighbour must state its part as strongly as a translation can (the same word, a name, or one
// of its first two translations either way), so what the claim adds is only more detail of a
// thing the fact-check names.
func (ix *decision) crossNarrowing(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, rFull bool) {
	if !rFull || q.lang == r.lang || q.lang == "und" || r.lang == "und" || ix.lex == nil || !statedOneForOne(r, ra, qa) {
		return
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || !isNoun(p) || p.ent != nil || p.verbLike || p.relative || verbalNoun(p) {
			continue
		}
		if ix.strongNeighbour(q, qa, r, i) {
			qa.links[i] = chatter
		}
	}
}

// strongNeighbour reports a part next to part i of q, in its clause, that is a noun or modifier
// (not a verb nor a verb used as a noun: "Drinking coffee" is another habit) and states its part
// of r as the same word or a first translation.
func (ix *decision) strongNeighbour(q *claimParts, qa sideAlign, r *claimParts, i int) bool {
	for _, k := range []int{i - 1, i + 1} {
		if k < 0 || k >= len(q.parts) || qa.links[k] != linked {
			continue
		}
		m := &q.parts[k]
		if m.clause != q.parts[i].clause || m.aside || m.num != "" || m.verb || m.verbLike || verbalNoun(m) {
			continue
		}
		j := qa.with[k]
		if j < 0 || j >= len(r.parts) {
			continue
		}
		if o := &r.parts[j]; !o.verb && (ix.relateWords(m, o) || ix.topTranslation(m, o) || ix.topTranslation(o, m)) {
			return true
		}
	}
	return false
}

// statedOneForOne reports a fact-check every word of which but its verbs is stated, each by a
// part of the claim of its own: rFull counts only subjects, objects and names, and a claim part
// may state two of them ("Grip" for both "flu"s of "The flu vaccine gives you the flu"), so a
// word of the claim left over may still stand in the place of a part stated twice, or of a
// modifier the reading took a noun for ("kabuklu yumurta").
func statedOneForOne(r *claimParts, ra, qa sideAlign) bool {
	for j := range r.parts {
		o := &r.parts[j]
		if o.aside || o.num != "" || o.verb {
			continue
		}
		if ra.links[j] == unlinked {
			return false
		}
		if ra.links[j] == linked && (ra.with[j] < 0 || ra.with[j] >= len(qa.with) || qa.links[ra.with[j]] != linked || qa.with[ra.with[j]] != j) {
			return false
		}
	}
	return true
}
