package matching

import "strings"

// A noun the claim adds beside a word the fact-check states usually narrows or rewords that
// word ("canlı türleri", "mRNA covid vaccines"), but not when the stated word only says where
// the added noun is: in "Dünyadaki yaşam 4,5 milyar yaşında" and "Life on Earth is 4.5 billion
// years old" the claim is about life, placed on the Earth the fact-check is about, and the
// fact-check's verdict on the Earth's age says nothing of it. A Turkish locative made an
// adjective (-DAki) modifies the noun after it; an English "on", "in" or "at" phrase the noun
// before it. Where the fact-check's word is itself a place ("Türkiye'de kadınlar"), the claim
// only says that place the other way and the noun stays the fact-check's own.

// locatedHead reports that unlinked noun i of q is the head of a phrase whose linked neighbour
// only places it (a Turkish -DAki word before it, an English locative phrase after it) while
// the fact-check's word that neighbour states is no place of the fact-check.
func locatedHead(q *claimParts, qa sideAlign, r *claimParts, i int) bool {
	p := &q.parts[i]
	placedBy := func(j int) bool {
		if j < 0 || j >= len(q.parts) || q.parts[j].clause != p.clause || qa.links[j] != linked || q.parts[j].verb {
			return false
		}
		w := qa.with[j]
		return w >= 0 && w < len(r.parts) && !r.parts[w].place
	}
	if p.lang == "tr" {
		return placedBy(i-1) && locativeAdjective(q.parts[i-1].text)
	}
	// English: the subject's head ("Life on Earth is …"); later in the clause a word before "on"
	// may be the verb the reading missed ("Did life once exist on Mars?").
	if p.lang == "en" && p.first && isNoun(p) && !p.verbLike && !verbalNoun(p) && placedBy(i+1) {
		for _, prep := range []string{"on", "in", "at"} {
			if followedBy(q.frameText, p.text, q.parts[i+1].text, prep) {
				return true
			}
		}
	}
	return false
}

// locativeAdjective reports a Turkish word ending in the locative made an adjective, -DAki
// ("Dünyadaki", "Türkiye'deki", "evdeki"), the only -ki ending that places its noun.
func locativeAdjective(word string) bool {
	w := strings.ToLower(word)
	for _, s := range []string{"daki", "deki", "taki", "teki"} {
		if strings.HasSuffix(w, s) && len(w) > len(s)+1 {
			return true
		}
	}
	return false
}

// prevPartIn reports that token i-1 is a part of clause, the one a -DAki word before token i
// must be to place it.
func prevPartIn(at func(int) (int, bool, bool), i, clause int, cp *claimParts) bool {
	k, _, _ := at(i - 1)
	return k >= 0 && cp.parts[k].clause == clause
}
