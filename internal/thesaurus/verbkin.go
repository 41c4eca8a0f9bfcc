package thesaurus

import "strings"

// VerbsKin reports two English verbs (base forms, lower case) of which WordNet relates some
// sense of one to some sense of the other: one synset, a hypernym within verbHyperSteps links,
// a shared hypernym within cousinSteps links of both together, a verb group or "also see" link, or
// a derivationally related word of one or of both. Antonyms are not kin: one said for the other
// is another predicate ("absorb" for "emit"). Unlike VerbsApart it reads every sense of light
// and loosely used verbs too and no lexicographer files, so a pair it does not relate is one
// WordNet links in no way a rewording would use (internal/matching/predtrue.go); false when
// either word is no verb.
func (t *Thesaurus) VerbsKin(a, b string, cousinSteps int) bool {
	a, b = strings.ToLower(strings.TrimSpace(a)), strings.ToLower(strings.TrimSpace(b))
	sa, sb := t.sensesOf(a, 1<<verb), t.sensesOf(b, 1<<verb)
	if len(sa) == 0 || len(sb) == 0 {
		return false
	}
	if a == b {
		return true
	}
	g := &t.en
	for _, x := range sa {
		ux := g.verbAncestors(x.syn())
		for _, y := range sb {
			if g.near.holds(x.syn(), y.syn()) || g.derived.holds(x.syn(), y.syn()) || sharesPartner(g.derived, x.syn(), y.syn()) {
				return true
			}
			for _, p := range ux {
				for _, q := range g.verbAncestors(y.syn()) {
					if p.syn == q.syn && (p.steps == 0 || q.steps == 0 || int(p.steps+q.steps) <= cousinSteps) {
						return true
					}
				}
			}
		}
	}
	return false
}
