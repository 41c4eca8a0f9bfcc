package matching

import "fmt"

// A fact-check may gloss one of its words in brackets ("Sivrisinekler HIV (AIDS virüsü)
// bulaştırır"): the gloss is an aside, which a post need not state. A post's subject that meets
// only such a gloss has met none of the fact-check's subject: "Böcekler HIV bulaştırır" linked
// "böcek" to the gloss's "virüs" through a translation both share ("bug"), and the fact-check's
// own subject, "Sivrisinekler", stayed unstated without a refusal, since the post's subject was
// linked. The subject a post states must be the one the fact-check's claim is about, or its
// own gloss ("Çin tuzu sağlığa zararlıdır" for "MSG (monosodyum glutamat, Çin tuzu) …").

// asideSubject reports a claim q whose subject head is linked only to an aside of fact-check r
// while r's subject head is stated by nothing, as a reason, or "".
func (ix *decision) asideSubject(q, r *claimParts) string {
	qs, rs := subjectHead(q), subjectHead(r)
	if qs < 0 || rs < 0 {
		return ""
	}
	qa, ra := ix.alignParts(q, r)
	k := qa.with[qs]
	if !q.parts[qs].first || qa.links[qs] != linked || !r.parts[k].aside || ra.links[rs] != unlinked || r.parts[rs].aside {
		return ""
	}
	for _, g := range r.glosses {
		if g.of == rs && k >= g.from && k < g.to {
			return "" // the subject said by its own gloss ("Çin tuzu" for "MSG (…, Çin tuzu)")
		}
	}
	return fmt.Sprintf("different subject: %s ≠ %s", say(q, qa, qs), say(r, ra, rs))
}
