package matching

import (
	"slices"
	"strings"
)

// trCausalNouns are the Turkish nouns of cause: "X'in sebebi Y" (the cause of X is Y) says what
// "Y X'e neden olur" says, the noun standing where the fact-check has its causal verb phrase. A
// closed class of the lexicon, as the causal verbs are.
var trCausalNouns = []string{"sebep", "neden"}

// causalNoun reports a Turkish causal noun of the claim ("Gelgitin asıl sebebi Ay'ın çekim
// kuvveti") left unstated while the fact-check says the cause with "neden olur" or "sebep olur"
// ("Denizlerdeki gelgitlere esas olarak Ay'ın çekimi neden olur"), with the roles kept: the
// possessor before the noun (the effect, in the genitive) is the fact-check's word in the
// dative, what the causal verb acts on, so "the cause of the Moon's pull is the tides" stays
// another claim.
func causalNoun(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, i int) bool {
	p := &q.parts[i]
	if p.lang != "tr" || i == 0 || !slices.ContainsFunc(p.lemmas, func(l string) bool { return slices.Contains(trCausalNouns, l) }) {
		return false
	}
	// The fact-check's causal phrase: a causal noun of its own no part of the claim states.
	if !slices.ContainsFunc(r.parts, func(o part) bool {
		return o.lang == "tr" && slices.ContainsFunc(o.lemmas, func(l string) bool { return slices.Contains(trCausalNouns, l) })
	}) {
		return false
	}
	for j := range r.parts {
		if ra.links[j] == linked && slices.ContainsFunc(r.parts[j].lemmas, func(l string) bool { return slices.Contains(trCausalNouns, l) }) {
			return false
		}
	}
	// The effect: the nearest linked word in the genitive before the noun in its clause (a
	// modifier such as "asıl" may stand between), whose fact-check part is in the dative.
	for k := i - 1; k >= 0 && q.parts[k].clause == p.clause; k-- {
		if qa.links[k] == linked && trGenitive(q.parts[k].folded) {
			return trDative(r.parts[qa.with[k]].folded)
		}
	}
	return false
}

// trGenitive reports a Turkish word form ending in the genitive case suffix -(n)In.
func trGenitive(w string) bool {
	for _, s := range []string{"ın", "in", "un", "ün"} {
		if strings.HasSuffix(w, s) && len([]rune(w)) > 3 {
			return true
		}
	}
	return false
}

// trDative reports a Turkish word form ending in the dative case suffix -(y)A.
func trDative(w string) bool {
	return len([]rune(w)) > 3 && (strings.HasSuffix(w, "a") || strings.HasSuffix(w, "e"))
}
