package matching

import (
	"regexp"
	"strings"
	"unicode"
)

// Turkish writes an ordinal in digits with a dot ("Plüton hâlâ 9. gezegen", "2002'de 3. oldu"):
// read as a sentence end, the dot cut the rank from its noun, and the number stood alone, a
// count or (before "oldu") a year. The dot is read as the ordinal it is: the sentence and the
// clause go on past it (splitSentences, eachClause), and the number is written with the
// ordinal's suffix, which numberSlot reads as a rank, as it reads "3üncü".

// ordinalDotted finds a number written as an ordinal with a dot (ordinalDot); scanText writes
// it with the ordinal suffix instead ("3. oldu" → "3nci oldu"), which numberSlot reads as a rank.
var ordinalDotted = regexp.MustCompile(`(^|\s)(\d{1,3})\. (\p{Ll})`)

// inNumber reports the comma, point or colon at rs[i] as part of a number, not a break: between
// digits ("4,5 milyar", "1.000", "10:30") or the dot of an ordinal (ordinalDot). splitSentences
// and eachClause both skip it.
func inNumber(rs []rune, i int) bool {
	r := rs[i]
	return (r == ',' || r == '.' || r == ':') && i > 0 && i+1 < len(rs) && unicode.IsDigit(rs[i-1]) && unicode.IsDigit(rs[i+1]) ||
		r == '.' && ordinalDot(rs, i)
}

// ordinalDot reports the dot at rs[i] of a number written as an ordinal, as Turkish writes one
// ("9. gezegen", "21. yüzyıl"): one to three digits, the dot, a space and a lower-case word. A
// sentence ending in a number goes on with a capital, and a year has four digits.
func ordinalDot(rs []rune, i int) bool {
	d := 0
	for k := i - 1; k >= 0 && unicode.IsDigit(rs[k]); k-- {
		d++
	}
	if d == 0 || d > 3 || i-d > 0 && !unicode.IsSpace(rs[i-d-1]) {
		return false
	}
	return i+2 < len(rs) && rs[i+1] == ' ' && unicode.IsLower(rs[i+2])
}

// digitOrdinalTR is a Turkish ordinal written in digits with its suffix, -(I)ncI ("3üncü",
// "9uncu", scanText's "3nci").
var digitOrdinalTR = regexp.MustCompile(`^\d{1,3}'?[iıuü]?nc[iıuü]$`)

// ordinalShown writes a rank scanText rewrote ("10nci") back the way the post wrote it ("10."),
// so a reason quotes the post's own words; any other word is returned unchanged.
func ordinalShown(t string) string {
	if d, ok := strings.CutSuffix(t, "nci"); ok && d != "" && len(d) <= 3 && strings.Trim(d, "0123456789") == "" {
		return d + "."
	}
	return t
}
