package matching

import "github.com/claimcheck/claimcheck/internal/turkish"

// trBeyondWords are the Turkish words that, after an ablative, say "beyond it": "fazla" (more),
// its possessive "fazlası" (the more of it) and "başka" (other than), folded. A closed class of
// the grammar of comparison, as "more than" and "other than" are in English.
var trBeyondWords = map[string]bool{"fazla": true, "fazlasi": true, "baska": true}

// trBeyondNumber reports a word of trBeyondWords after an ablative number written in words or
// with a noun between ("beş duyudan fazlası", "beş duyudan başka", "beş duyudan fazla"), in a
// clause its negation closes: "beş duyudan fazlası yok" and "beş duyudan başka duyusu yok"
// say "no more than five", as "5'ten fazla duyu yoktur" does, which negatedLowerBound
// (claimparts.go) reads as a bound on the number for digits and "fazla" only. Without the
// negation ("beş duyudan fazlası var") the word keeps its meaning and stays a part.
func trBeyondNumber(toks []scanned, i int, folded, wlang string, clauseOf func(int) int) bool {
	if wlang != "tr" || !trBeyondWords[folded] || i < 2 || toks[i].sentenceStart || toks[i-1].sentenceStart {
		return false
	}
	numberAt := func(j int) bool {
		if toks[j].number {
			return true
		}
		_, ok := numberWord(turkish.Fold(toks[j].text))
		return ok
	}
	if !numberAt(i-2) || numberAt(i-1) || clauseOf(i-2) != clauseOf(i) {
		return false // the ablative noun of a number right before it: "beş duyudan"
	}
	return ablativeEnding(turkish.Fold(toks[i-1].text)) && negatedAfter(toks, i, clauseOf)
}
