package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// trProhibitionClauses cuts a Turkish clause after a prohibition written without a comma before
// its consequence ("baliktan sonra yogurt yenmez zehirlenirsin"): a negative aorist or negative
// necessity ("yenmez", "içilmemeli") followed in the same clause by a finite verb closing it says
// "one must not do X, (else) Y", two predicates, as "yenmez, zehirlenirsin" reads with its comma.
// Read as one clause, the first verb is taken for the object of the second and the warning's
// negation for a denial of the claim; cut, the prohibition beside its consequence is the warning
// warnedCondition and actOf (negmeaning.go, pairs_test.go) already read. ids is clauseIDs' answer,
// returned unchanged for other languages or when nil.
func trProhibitionClauses(toks []scanned, ids []int, lex string) []int {
	if lex != "tr" || ids == nil {
		return ids
	}
	ids = append([]int(nil), ids...)
	for i := 0; i+1 < len(toks); i++ {
		c := ids[i]
		if ids[i+1] != c || !prohibitiveVerb(turkish.Fold(toks[i].text)) {
			continue
		}
		end := i + 1
		for end+1 < len(toks) && ids[end+1] == c {
			end++
		}
		next, last := turkish.Fold(toks[i+1].text), turkish.Fold(toks[end].text)
		if turkish.IsQuestionParticle(next) || turkish.IsFunctionWord(next) || turkish.IsNegativeVerb(last) ||
			!turkish.IsVerbForm(last) || toks[end].number {
			continue
		}
		for k := i + 1; k < len(ids); k++ {
			ids[k]++
		}
	}
	return ids
}

// prohibitiveVerb reports a folded negative verb whose passive -Il/-In (the impersonal "one")
// stands before the negative aorist -mAz or the negative necessity -mAmAlI with no person ending:
// the "one does not / must not" of a prohibition ("yenmez", "içilmez", "yenmemeli"), not a
// person's "yemezsin", a past "yemedi" nor an impossibility "izlenemez" (cannot be traced).
func prohibitiveVerb(f string) bool {
	f, _ = turkish.SplitApostrophe(f)
	if !turkish.IsNegativeVerb(f) {
		return false
	}
	for _, e := range []string{"maz", "mez", "mamali", "memeli"} {
		if stem, ok := strings.CutSuffix(f, e); ok && len(stem) > 2 {
			c := stem[len(stem)-1]
			return c == 'l' || c == 'n'
		}
	}
	return false
}

// trProhibitionAt reports a Turkish prohibition at token i, as prohibitionAt does an English one:
// an impersonal negative verb (prohibitiveVerb) closing its clause, with another clause after it
// in the same sentence that may say what follows ("yenmez, zehirlenirsin"); decide.go reads its
// negation as the warning's, not a denial of the claim.
func trProhibitionAt(toks []scanned, i int, clauseOf func(int) int) bool {
	return i+1 < len(toks) && clauseOf(i+1) != clauseOf(i) && !toks[i+1].sentenceStart && prohibitiveVerb(turkish.Fold(toks[i].text))
}
