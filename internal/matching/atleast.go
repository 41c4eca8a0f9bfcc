package matching

// "At least seven hours" bounds the number from below, as "more than seven" does, but the bound
// word was read only as grammar (boundAt) and the number kept no bound: "Adults should not
// sleep more than seven hours" (a cap, read as "only seven") then met "Adults should sleep at
// least seven hours a night" and took its verdict, true. A number beside a lower bound's word
// keeps the bound, so a cap on one side and a floor on the other are two claims (decide.go's
// "more than five is not only five").

// atLeast marks a number bounded from below by a word of its own ("at least 7", "en az 7 saat",
// "minimum 7", "8 glasses a day minimum").
const atLeast = 'g'

// lowerBoundNear reports a lower bound's word among lowers close enough to token i to bound
// it: right before it ("at least 7", "en az 7") or closing its phrase after it ("8 glasses a day
// minimum", "7 saatten fazla").
func lowerBoundNear(lowers []int, i int) bool {
	for _, b := range lowers {
		if b == i-1 || b > i && b <= i+6 {
			return true
		}
	}
	return false
}

// fromBelow reports a bound from below: "more than" or "at least".
func fromBelow(b byte) bool { return b == '>' || b == atLeast }
