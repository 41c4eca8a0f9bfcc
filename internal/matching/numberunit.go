package matching

// unitRestated reports a word of the claim that only names again the measure of a number the
// fact-check states: a unit word of the same slot as that number, in its phrase ("4 buçuk
// milyar yıl kadar yaşlı", "Dünyanın yaşı 4 buçuk milyar yıl" for "Dünya yaklaşık 4,5 milyar
// yaşındadır"). The number already says how old, how many or how long; the word adds no part
// of its own, as the unit read into the number's slot (numberSlot, claimparts.go) adds none.
// A unit of another slot ("4,5 milyar gün") is another quantity and stays the claim's own.
// After the number the word is read as numberSlot reads a unit (a suffixed form, "yaşlı",
// "yıllık"); before it only a dictionary form of a unit ("yaşı"), the noun the number measures.
func unitRestated(q *claimParts, qa sideAlign, r *claimParts, i int) bool {
	p := &q.parts[i]
	if p.ent != nil || p.verb || p.aside || p.num != "" {
		return false
	}
	// After the number: every part between it and p names the same measure. The number and its
	// slot are found first, so a word with no number before it is never read for a unit.
	n := i - 1
	for n >= 0 && q.parts[n].clause == p.clause && q.parts[n].num == "" && qa.links[n] != linked {
		n--
	}
	if n >= 0 && q.parts[n].clause == p.clause && q.parts[n].num != "" {
		if s := statedSlot(&q.parts[n], r); s != "" && unitSlotAfter(p.folded) == s {
			between := true
			for k := n + 1; k < i && between; k++ {
				between = unitSlotAfter(q.parts[k].folded) == s
			}
			if between {
				return true
			}
		}
	}
	// Right before the number.
	if k := i + 1; k < len(q.parts) && q.parts[k].clause == p.clause && q.parts[k].num != "" {
		if s := statedSlot(&q.parts[k], r); s != "" {
			for _, d := range p.dict {
				if unitSlots[d] == s {
					return true
				}
			}
		}
	}
	return false
}

// statedSlot is the slot of the fact-check's number that states the claim's number n (n's own
// slot when it has one, else the fact-check's: "4 buçuk milyar" read without its unit), ""
// when the fact-check states no such number or it counts nothing named.
func statedSlot(n *part, r *claimParts) string {
	for j := range r.parts {
		if o := &r.parts[j]; o.num != "" && quantitiesMeet(n, o) {
			if n.slot != "" {
				return n.slot
			}
			return o.slot
		}
	}
	return ""
}

// unitSlotAfter is the slot a folded word after a number names, read as numberSlot reads a unit
// (the word, its stem or a lemma of it in unitSlots), "" when it names none.
func unitSlotAfter(f string) string {
	if s, ok := unitSlots[f]; ok {
		return s
	}
	if s, ok := unitSlots[trStem(f)]; ok {
		return s
	}
	for _, l := range turkishLemmas(f) {
		if s, ok := unitSlots[l]; ok {
			return s
		}
	}
	return ""
}
