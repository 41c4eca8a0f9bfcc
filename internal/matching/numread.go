package matching

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Numbers are compared as quantities (decide.go, quantitiesMeet): what a number states depends on
// how precisely it is written and on which word, in its own clause, it counts.

// roundedMeet reports two quantities of one slot where one, written with a decimal fraction,
// is the other rounded at the precision it is written in: "42.2 km" states the 42.195 km of the
// fact-check, "4.5 billion" states 4.54 billion. A whole number is never read as rounded ("42
// km", "4 billion years" stay other quantities than 42.195 and 4.54): a writer who gives a
// fraction shows the precision they mean, one who gives a whole number may mean it exactly.
func roundedMeet(a, b *part) bool {
	if a.slot != b.slot {
		return false // "42.2 miles" is no rounding of 42.195 km
	}
	return roundsTo(a, b) || roundsTo(b, a)
}

// roundsTo reports a coarse number, written with a decimal fraction, that is a reading of fine
// rounded to the coarse one's last written digit, fine being written more precisely.
func roundsTo(coarse, fine *part) bool {
	written := strings.Split(numberKey(coarse.text, coarse.lang), "|")
	xs := strings.Split(coarse.num, "|")
	if len(written) != len(xs) {
		return false // a number read with more than its digits ("4 buçuk", a merged compound)
	}
	for k, w := range written {
		m, err1 := strconv.ParseFloat(w, 64)
		x, err2 := strconv.ParseFloat(xs[k], 64)
		if err1 != nil || err2 != nil || m <= 0 || m == math.Trunc(m) {
			continue
		}
		places := decimals(w)
		scale := x / m // "4.5 billion": the written 4.5 times a scale word
		ulp := math.Pow(10, -float64(places)) * scale
		for _, ys := range strings.Split(fine.num, "|") {
			y, err := strconv.ParseFloat(ys, 64)
			if err != nil || y == x || y <= 0 {
				continue
			}
			if decimals(strconv.FormatFloat(y/scale, 'f', -1, 64)) > places && math.Abs(x-y) <= ulp/2*(1+1e-9) {
				return true
			}
		}
	}
	return false
}

// decimals counts the digits after the decimal point of a number key.
func decimals(key string) int {
	if i := strings.IndexByte(key, '.'); i >= 0 {
		return len(key) - i - 1
	}
	return 0
}

// digitUnits are unit abbreviations read as units only right after digits ("195 m"): alone, the
// letter is a word's piece or another abbreviation, and the lexicon makes it a synonym of words
// that are no unit ("m" of "thousand"), so it is kept out of unitSlots (claimparts.go).
var digitUnits = map[string]string{"m": "m"}

// digitUnitAt is the slot of a unit abbreviation right after the digits at token i.
func digitUnitAt(toks []scanned, folded func(int) string, i int) string {
	if i+1 >= len(toks) || toks[i+1].sentenceStart || toks[i+1].clauseStart || !toks[i].number {
		return ""
	}
	return digitUnits[folded(i+1)]
}

// locativeYear is a year written with the Turkish locative ending, with or without its apostrophe
// ("2002'de", "1989'da", "1985te", "2002'deki"): "in 2002".
var locativeYear = regexp.MustCompile(`(?:^|[^\d.,])(\d{4})['’]?[dt][ae](?:ki)?(?:[^\p{L}]|$)`)

// locativeYears are the years a text writes in the locative: the ending closes the date's
// phrase, so the word after such a year is not its unit ("2002'de milliler …" counts no miles,
// "milli" only starting like "mil"). The tokenizer drops the ending (analysis.Tokenize), so the
// years are read from the text itself.
func locativeYears(text string) map[string]bool {
	var out map[string]bool
	for _, m := range locativeYear.FindAllStringSubmatch(text, -1) {
		if m[1] >= "1000" && m[1] <= "2100" {
			if out == nil {
				out = map[string]bool{}
			}
			out[m[1]] = true
		}
	}
	return out
}

// markClauseStarts marks the tokens opening a clause after a comma or semicolon (clauseIDs): a
// unit is read in its number's clause only ("in 1989, best day ever" counts no days).
func markClauseStarts(toks []scanned, clauses []int) {
	if clauses == nil {
		return
	}
	for i := 1; i < len(toks); i++ {
		if clauses[i] != clauses[i-1] {
			toks[i].clauseStart = true
		}
	}
}

// relativeTimeWords say a span of time before them is measured from a moment of the story ("two
// days later", "iki gün sonra"): the number says when, not what is claimed.
var relativeTimeWords = map[string]map[string]bool{"en": {"later": true, "ago": true, "earlier": true},
	"tr": {"sonra": true, "once": true}}

// numberDetail reports a number whose unit, at token k, makes it a detail of the post rather than
// a quantity the claim is about: a modifier of the noun after it (Turkish unit + -lIk, "3 günlük
// kür"; an English hyphenated compound, "a three-day cleanse"), or a span measured from a moment
// of the story ("two days later").
func numberDetail(toks []scanned, folded func(int) string, k int, lex string) bool {
	if k+1 < len(toks) && !toks[k+1].sentenceStart && !toks[k+1].clauseStart && relativeTimeWords[lex][folded(k+1)] {
		return true
	}
	if lex == "en" {
		return toks[k].afterHyphen && k+1 < len(toks) && !toks[k+1].number && !toks[k+1].sentenceStart && !toks[k+1].clauseStart
	}
	f := folded(k)
	for _, l := range append([]string{trStem(f)}, turkishLemmas(f)...) {
		if unitSlots[l] == "" || !strings.HasPrefix(f, l) {
			continue
		}
		if rest := f[len(l):]; len(rest) >= 3 && rest[0] == 'l' && (rest[1] == 'i' || rest[1] == 'u') && (rest[2] == 'k' || rest[2] == 'g') {
			return true
		}
	}
	return false
}
