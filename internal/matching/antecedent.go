package matching

// Rules of the colloq6 round (eval/colloq6.jsonl) for a reading opened by a subject pronoun
// (statedByReading, frame.go): the post before the pronoun is what the pronoun stands for, so it
// is part of the claim, and a word of its own there may be what the post says in the place of a
// word of the fact-check ("wear your rubber boots in a thunderstorm, they protect you from
// lightning" for "The rubber tyres on a car protect you …", "never sleep in a closed room with
// a gas heater on, it can kill you" for "… with an electric fan running can kill you").

// antecedentOwnWord reports a post part before the pronoun of reading rd (before) with a word of
// its own, left unstated, standing where fact-check r has a noun that neither that part nor the
// reading states (counterpart, decide.go): subjectSaidBefore only asks the part before to state
// r's subject phrase, so a shared modifier ("rubber") or setting ("in a closed room") would let
// the other thing it names ("boots", "heater") pass for r's. Within one language only: across
// languages counterpart pairs any two parts left over. A word read as a verb counts as a noun
// only when the lexicon knows it as nothing else ("tyres": nounOnly, lookalike.go), or when it
// follows a stated word as r's noun does ("rubber boots"); places and times and names are left
// to the rules on them.
func (ix *decision) antecedentOwnWord(before, rd, r *claimParts) bool {
	if before == nil || before.lang != r.lang || rd.lang != r.lang {
		return false
	}
	ba, bra := ix.alignParts(before, r)
	_, rra := ix.alignParts(rd, r)
	byReading := make(map[*part]bool, len(r.parts))
	for j, l := range rra.links {
		if l == linked || l == opposite {
			byReading[&r.parts[j]] = true
		}
	}
	noun := func(p *part) bool {
		return isContent(p) && !p.place && p.ent == nil && (!p.verb && !p.verbLike || p.lang == "en" && ix.nounOnly(p.folded))
	}
	// One word of r left out is what a reading may leave out (statesWhole): only with a second
	// left out as well does the word of its own stand for another thing ("jab" for "vaccine" in
	// "Get the HPV jab, it helps protect against cervical cancer" is the same one).
	left := 0
	for j := range r.parts {
		if o := &r.parts[j]; bra.links[j] != linked && !byReading[o] && (noun(o) || o.place && isContent(o)) {
			left++
		}
	}
	if left < 2 {
		return false
	}
	for i := range before.parts {
		p := &before.parts[i]
		if ba.links[i] != unlinked || !isContent(p) || p.place || p.ent != nil {
			continue
		}
		// The word right after a stated word where r has a noun of its own right after it is
		// another head of that word, however its ending reads ("rubber boots" for "rubber
		// tyres").
		if k := i - 1; k >= 0 && ba.links[k] == linked && before.parts[k].clause == p.clause {
			if j := ba.with[k] + 1; j < len(r.parts) && bra.links[j] == unlinked && r.parts[j].clause == r.parts[j-1].clause && noun(&r.parts[j]) && !byReading[&r.parts[j]] {
				return true
			}
		}
		if noun(p) && counterpart(before, ba, r, bra, i, false, func(o *part) bool { return noun(o) && !byReading[o] }) >= 0 {
			return true
		}
	}
	return false
}
