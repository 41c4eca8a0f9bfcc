package matching

import "strings"

// supportAside sets aside an English "going" of the going-to future in q before decideWhole
// looks for a part in another's place: the tense is grammar, as "will" is, and the verb after it
// is the predicate, compared as verbs are.
//
// Turkish support verbs ("önlemeye yardımcı olur", "engellemeyi sağlar") need no reading here:
// decideWhole already pairs their verbal nouns as acts and their verbs as verbs, and linking two
// carried verbs needs the lexicon to relate them, which KeNet does not for "korumak" and
// "önlemek" (it makes "korumak" the antonym of "engellemek", a synonym of "önlemek").
func supportAside(q *claimParts, qa sideAlign) {
	for i := range q.parts {
		if qa.links[i] == unlinked && futureGoing(q, i) {
			qa.links[i] = chatter
		}
	}
}

// futureGoing reports an English "going" right before "to" and its clause's verb: the going-to
// future, a tense as "will" is, not an act of going ("Going to Turkey next summer" has no verb
// after it).
func futureGoing(c *claimParts, i int) bool {
	p := &c.parts[i]
	if p.lang != "en" || p.folded != "going" || i+1 >= len(c.parts) {
		return false
	}
	next := &c.parts[i+1]
	if next.clause != p.clause || !next.verb {
		return false
	}
	found := false
	eachWordAt(c.read, p.text, func(_, after string) bool {
		found = strings.HasPrefix(after, " to "+strings.ToLower(next.text))
		return found
	})
	return found
}
