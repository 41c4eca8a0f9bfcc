package matching

import "strings"

// A post often gives advice and then the reason for it: "Put a coat on or you'll catch a cold,
// being out in the cold is what gives you a cold". The advice tells the reader what to do and
// states no fact, and decideWhole sets an advice clause aside when it shares nothing with the
// fact-check. Advice often names the very thing its reason is about ("or you'll catch a cold"),
// though, and then it shares a word and stays, with its verb ("put") and object ("coat") taken
// for a claim of the post's own. Such a clause only repeats the claim: every word it shares with
// the fact-check is said again by a clause that states no advice. It is set aside as advice
// sharing nothing is, while the rest of the post states a part of the fact-check's subject
// phrase itself, so that what stands in the subject's place is read there and not in the advice
// ("Take zinc or you'll catch a cold, it keeps colds away" stays another claim than "Vitamin C
// prevents colds": the rest names no subject of the fact-check's).

// adviceRepeats clears shared for each clause of advice of post q (qa: q aligned with fact-check
// r) whose every part linked to r is said again, by a lemma in common or a link to the same part
// of r, by a clause that is not advice, while a clause that is not advice states a part of r's
// subject phrase. A clause with a number shared, or a part read as r's opposite, keeps it.
func adviceRepeats(q *claimParts, qa sideAlign, r *claimParts, shared, advice []bool) {
	subj := subjectEnd(r)
	if subj < 0 {
		return
	}
	subjectStated := false
	for k := range q.parts {
		if !advice[q.parts[k].clause] && qa.links[k] == linked && qa.with[k] >= 0 && qa.with[k] <= subj {
			subjectStated = true
		}
	}
	if !subjectStated {
		return
	}
	for c := range shared {
		if !advice[c] || !shared[c] {
			continue
		}
		repeated := true
		for i := range q.parts {
			p := &q.parts[i]
			if p.clause != c || qa.links[i] == unlinked || qa.links[i] == chatter {
				continue
			}
			if qa.links[i] != linked || p.num != "" || !saidAgain(q, qa, advice, i) {
				repeated = false
				break
			}
		}
		if repeated {
			shared[c] = false
		}
	}
}

// saidAgain reports a part of post q outside the clauses of advice that says part i again: a
// lemma in common or a link to the same part of the fact-check.
func saidAgain(q *claimParts, qa sideAlign, advice []bool, i int) bool {
	p := &q.parts[i]
	for k := range q.parts {
		o := &q.parts[k]
		if advice[o.clause] || qa.links[k] != linked {
			continue
		}
		if qa.with[k] == qa.with[i] || o.folded == p.folded || o.lang == p.lang && sameLemma(p, o) {
			return true
		}
	}
	return false
}

// ingBase reports an English verb whose base form ends in -ing ("bring", "sing", "string"): the
// lexicon reads it as no lemma but itself, where a present participle ("running", "being") has
// its verb's as well, so it may open an imperative ("bring a hip flask to the match").
func (ix *Index) ingBase(folded string) bool {
	if !strings.HasSuffix(folded, "ing") {
		return false
	}
	ls := ix.lex.Lemmas("en", folded)
	return len(ls) == 1 && ls[0] == folded
}

// statesActObject reports a reading rd of a post (frameReadings) that states fact-check r whole
// (statesWhole) once r's subject, an act said as a noun ("Eating too much salt …", "Drinking
// alcohol …"), is taken as stated by its object: a reason given after a frame names the thing
// consumed, not the act ("doctor told my dad to cut the salt because too much salt raises your
// blood pressure"). The object must be the next core part of r's subject clause and rd must
// state it itself; everything else is compared as before.
func (ix *decision) statesActObject(rd, r *claimParts) bool {
	subj := subjectEnd(r)
	if subj < 0 || !verbalNoun(&r.parts[subj]) {
		return false
	}
	_, ra := ix.alignParts(rd, r)
	if ra.links[subj] == linked {
		return false
	}
	obj := -1
	for j := subj + 1; j < len(r.parts) && r.parts[j].clause == r.parts[subj].clause; j++ {
		if o := &r.parts[j]; !o.aside && !o.verb && o.num == "" && o.role == roleCore {
			obj = j
			break
		}
	}
	if obj < 0 || ra.links[obj] != linked {
		return false
	}
	rr := *r
	rr.parts = append([]part(nil), r.parts...)
	rr.parts[subj].aside = true
	_, rra := ix.alignParts(rd, &rr)
	return ix.statesWhole(rd, &rr, rra)
}
