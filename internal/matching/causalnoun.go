package matching

import (
	"slices"

	"github.com/claimcheck/claimcheck/internal/turkish"
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
func (ix *decision) causalNoun(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, i int) bool {
	p := &q.parts[i]
	if p.lang != "tr" || i == 0 || !isCausalNoun(p) {
		return false
	}
	// The fact-check's causal phrase: a causal noun of its own no part of the claim states.
	own := false
	for j := range r.parts {
		if isCausalNoun(&r.parts[j]) {
			if ra.links[j] == linked {
				return false
			}
			own = true
		}
	}
	if !own {
		return false
	}
	// The effect: the nearest linked word in the genitive before the noun in its clause (a
	// modifier such as "asıl" may stand between), whose fact-check part is in the dative; the
	// cases as the one Turkish analyser reads them (broader.go genitive, turkish.Morphology).
	for k := i - 1; k >= 0 && q.parts[k].clause == p.clause; k-- {
		if qa.links[k] == linked && ix.genitive(&q.parts[k]) {
			return ix.morph.CaseOf(r.parts[qa.with[k]].folded) == turkish.Dative
		}
	}
	return false
}

// isCausalNoun reports a Turkish part one of whose lemmas is a noun of cause (trCausalNouns).
func isCausalNoun(o *part) bool {
	return o.lang == "tr" && slices.ContainsFunc(o.lemmas, func(l string) bool { return slices.Contains(trCausalNouns, l) })
}
