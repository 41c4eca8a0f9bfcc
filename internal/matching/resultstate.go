package matching

import "strings"

// resultStates links each word of q that says the state the fact-check's verb brings about,
// beside the thing in that state, to that verb: "too much salt = high blood pressure" for "Eating
// too much salt raises blood pressure", "… kalp hastalığı riski daha düşüktür" for "… kalp
// hastalığı riskini azaltır". The adjective and the verb take the same side of the more/less
// opposition (opposition.go), the table that already keeps "high" and "lowers" apart, and the
// adjective stands beside a word of the claim linked to the fact-check (the thing raised or
// lowered), so it says where that thing ends up, which is what the verb says happens to it.
// The claim's own verbs in that clause, if any, may only say "cause" (the causes side of
// causes/prevents: "causes high blood pressure"); any other verb is a predicate of its own.
// Without this the adjective stands in the verb's place as another predicate ("different
// predicate: high ≠ raises"). Within one language only.
func resultStates(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, cross bool) {
	if cross {
		return
	}
	for i := range q.parts {
		if qa.links[i] != unlinked {
			continue
		}
		if k := resultState(q, qa, r, ra, i); k >= 0 {
			qa.links[i], qa.with[i] = linked, k
			ra.links[k], ra.with[k] = linked, i
		}
	}
}

// resultState is the fact-check's verb whose resulting state the claim's word at i says
// (resultStates), or -1.
func resultState(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, i int) int {
	p := &q.parts[i]
	if p.verb || p.aside || p.num != "" || p.ent != nil || p.lang != r.lang {
		return -1
	}
	side := moreLessSide(p)
	if side == 0 {
		return -1
	}
	// Beside a linked word of its clause that states a word of the fact-check's object, not of
	// its subject ("People with high blood pressure eat salt" has the state on the subject's
	// side), and after every word stating the fact-check's subject: the state is what the
	// subject brings about.
	subj := subjectEnd(r)
	if subj < 0 {
		return -1
	}
	beside := false
	for _, k := range []int{i - 1, i + 1} {
		if k >= 0 && k < len(q.parts) && q.parts[k].clause == p.clause && qa.links[k] == linked && !q.parts[k].verb && qa.with[k] > subj {
			beside = true
		}
	}
	if !beside {
		return -1
	}
	for k := range q.parts {
		if qa.links[k] == linked && qa.with[k] >= 0 && qa.with[k] <= subj && k > i {
			return -1
		}
	}
	// The claim's verbs of the clause say "cause" or nothing, and none is negated (a negative
	// verb, or a Turkish negative participle in -mAyAn: "egzersiz yapmayanların riski daha
	// düşüktür" says the state of those who do not do the act).
	for k := range q.parts {
		o := &q.parts[k]
		if o.clause != p.clause || k == i {
			continue
		}
		if o.neg || o.lang == "tr" && (strings.Contains(o.folded, "mayan") || strings.Contains(o.folded, "meyen")) {
			return -1
		}
		if o.verb && !causeSide(o) {
			return -1
		}
	}
	// The fact-check's verb, left unstated, on the same side.
	for k := range r.parts {
		if o := &r.parts[k]; ra.links[k] == unlinked && o.verb && !o.aside && moreLessSide(o) == side {
			return k
		}
	}
	return -1
}

// moreLessSide is the side of the more/less opposition a part's word takes ('a' more, 'b'
// less), 0 for none or both.
func moreLessSide(p *part) byte {
	var side byte
	for _, h := range oppositionsOf(p.folded, "") {
		if h.group != "more/less" {
			continue
		}
		if side != 0 && side != h.side {
			return 0
		}
		side = h.side
	}
	return side
}

// causeSide reports a part whose word is on the causes side of causes/prevents and on no other
// side of it ("causes", "leads", "yapar").
func causeSide(p *part) bool {
	found := false
	for _, h := range oppositionsOf(p.folded, "") {
		if h.group == "causes/prevents" {
			if h.side != 'a' {
				return false
			}
			found = true
		}
	}
	return found
}
