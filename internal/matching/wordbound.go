package matching

import "github.com/claimcheck/claimcheck/internal/turkish"

// A Turkish bound after an ablative number ("7 saatten az", "8 bardaktan fazla") is read as a
// bound (claimparts.go boundAt) when a number stands one or two tokens before the bound word. Posts write small numbers as words as often as in digits ("yedi
// saatten az uyumamalı"), and the parts read "yedi" as the number 7 either way; read as a plain
// word, "az" stays a part of the claim ("the claim also says az") and the bound is lost.
// numberNear makes the two spellings one, with the ambiguous number words too ("yedi" is also
// "ate", "altı" "under", "bir" "a"): before a noun in the ablative and a bound word they can
// only be the number ("bir taneden fazla"). negatedLowerBound keeps its digits-only test: a
// negated "fazla" caps the number as "only" does (boundedAt), which a fact-check's "at least"
// does not refute ("7 saatten fazla uyumamalı" against "at least seven" is taken today), and
// word numbers are not brought into that reading.

// numberNear reports a number, in digits or as a word (wordValues), one or two tokens before
// token i.
func numberNear(toks []scanned, i int) bool {
	for _, j := range []int{i - 1, i - 2} {
		if j < 0 {
			continue
		}
		if toks[j].number {
			return true
		}
		if _, ok := wordValues[turkish.Fold(toks[j].text)]; ok {
			return true
		}
	}
	return false
}
