package matching

import "github.com/claimcheck/claimcheck/internal/turkish"

// A bare verb with a particle after a word that closes a statement opens an imperative to the
// reader ("the earth is flat wake up sheeple", framePieces in frame.go), but not when the "verb"
// is the head of a noun compound with the word before it: in "Salt brings your blood pressure
// down" the particle belongs to "brings", and cutting at "pressure" left "Salt brings your
// blood", which took the fact-check that salt raises blood pressure and answered true.

// compoundHeadAt reports word k of text as the second word of an English noun compound WordNet
// lists whole with word k-1 ("blood pressure", "sea level").
func (ix *Index) compoundHeadAt(text string, words [][]int, k int) bool {
	if ix.lex == nil || k < 1 {
		return false
	}
	w := turkish.Fold(text[words[k-1][0]:words[k-1][1]]) + " " + turkish.Fold(text[words[k][0]:words[k][1]])
	ls := ix.lex.Lemmas("en", w)
	return len(ls) > 0 && ls[0] == w
}
