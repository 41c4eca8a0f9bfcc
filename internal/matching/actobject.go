package matching

// actObjectUnstated finds, across languages, a Turkish noun the claim puts right before a verb
// used as a noun that it shares with the fact-check ("Kahve içmek akciğer kanserine neden olur"
// for "Smoking causes lung cancer"): Turkish writes an act's object bare before it, so the noun
// says what the act is done to ("kahve içmek" is drinking coffee, "sigara içmek" smoking), and
// a claim whose act has an object the fact-check does not state is about another act. Within
// one language the object is compared with the fact-check's own (decideWhole's substitution
// rule); across languages a modifier is never compared, so it is read here. It returns the
// noun, -1 when there is none.
func (ix *decision) actObjectUnstated(q *claimParts, qa sideAlign, cross bool) int {
	if !cross || q.lang != "tr" {
		return -1
	}
	for i := 0; i+1 < len(q.parts); i++ {
		p, act := &q.parts[i], &q.parts[i+1]
		if qa.links[i] != unlinked || p.aside || p.num != "" || p.verb || p.verbLike || verbalNoun(p) || p.place {
			continue
		}
		if act.clause != p.clause || !verbalNoun(act) || qa.links[i+1] != linked || !adjacent(q.frameText, p.text, act.text) {
			continue
		}
		if !ix.thingNoun(p) {
			continue
		}
		return i
	}
	return -1
}

// thingNoun reports a Turkish word whose main English translation is a noun and never a verb nor
// an adjective ("kahve" coffee, "alkol" alcohol): a thing an act can be done to, not how it is
// done ("açık" open, "hızlı" fast).
func (ix *decision) thingNoun(p *part) bool {
	words := ix.translations(p, "en")
	if len(words) == 0 {
		return false
	}
	kinds, ok := ix.lex.(interface {
		IsNoun(word string) bool
		IsVerb(word string) bool
	})
	return ok && kinds.IsNoun(words[0]) && !kinds.IsVerb(words[0]) && !ix.adjective(kinds, p)
}
