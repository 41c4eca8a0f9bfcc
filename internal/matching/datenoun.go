package matching

import "github.com/claimcheck/claimcheck/internal/thesaurus"

// A post that gives a full date often names it again as "the day" something happened: "Oct 29
// 1923: the day the Republic of Turkey was declared", "29 October 1923 is the date Turkey became
// a republic". The noun restates the date the claim already gives, as "the year" before a year
// does ("the year 1891", read away in claimparts.go), so it is no part of its own; read as one it
// is a subject the fact-check lacks ("the claim also says day"). Only "day" and "date" after a
// determiner count, in an English claim with a month name beside a number (a day of a month),
// and never before "after" or "before", which move the date ("the day after …").

// dateNouns are the tokens of an English claim that name its full date again (see above),
// given the folded form of each token.
func (ix *Index) dateNouns(toks []scanned, foldedAt func(int) string, lex string) []int {
	if ix.lex == nil || lex != "en" {
		return nil
	}
	var nouns []int
	for i := 1; i < len(toks); i++ {
		if f := foldedAt(i); (f == "day" || f == "date") && (foldedAt(i-1) == "the" || foldedAt(i-1) == "that" || foldedAt(i-1) == "this") &&
			(i+1 == len(toks) || foldedAt(i+1) != "after" && foldedAt(i+1) != "before") {
			nouns = append(nouns, i)
		}
	}
	if len(nouns) == 0 {
		return nil
	}
	for i := range toks {
		beside := i > 0 && toks[i-1].number || i+1 < len(toks) && toks[i+1].number
		if !toks[i].number && beside && ix.lex.Relate("en", foldedAt(i), "month") == thesaurus.Broader {
			return nouns
		}
	}
	return nil
}

// markFunction calls mark on each token index of at.
func markFunction(at []int, mark func(int)) {
	for _, i := range at {
		mark(i)
	}
}
