package analysis

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// People type Turkish without its letters all the time ("antibiyotikler virusu oldururmus",
// "kizlari", "yayiyor"). Such a word keeps its suffix but loses what endingHints checks it by:
// the evidential -mış is written "mis"/"mus", which turkishEnding cannot match, and a folded
// vowel no longer shows its harmony ("yayiyor" has "i" after "a" because "ı" was typed "i").
// Without them a post of Turkish words and one English-looking name ("james naismith") is voted
// English and matched as English. asciiEnding reads these suffixes on their folded letters.

// asciiTurkishEnding matches, on a word typed in ASCII, the Turkish suffixes whose folded
// spelling English words seldom end in: the evidential -mış (with the copula -tır), the
// progressive -ıyor and the plural -lar/-ler with a case or possessive ending after it ("-ları",
// "-larını", "-larında", "-larda"), with the vowel before them (group 1). The few English words
// that do ("hummus", "dermis") give one vote among the claim's words, as a listed word does. The
// copula -dır alone is left to turkishEnding: folded, it is the end of "nadir" in both languages.
var asciiTurkishEnding = regexp.MustCompile(`([aeiou])[^aeiou]*(m[iu]s(?:t[iu]r)?|[iu]yor(?:du|lar|um|sun)?|l[ae]r(?:i(?:n(?:i|[ae]|d[ae]n?)?)?|d[ae]n?))$`)

// foldedReadings are the Turkish vowels an ASCII vowel may stand for.
var foldedReadings = map[rune]string{'a': "a", 'e': "e", 'i': "ıi", 'o': "oö", 'u': "uü"}

// asciiHint adds Turkish to an ASCII word's ending hints when its folded suffix speaks for it
// and turkishEnding did not already.
func asciiHint(hints []string, lower string) []string {
	if !slices.Contains(hints, "tr") && asciiEnding(lower) {
		return append(hints, "tr")
	}
	return hints
}

// asciiEnding reports an ASCII word of five letters or more that ends in one of those suffixes
// in vowel harmony under some reading of its folded vowels (harmonises).
func asciiEnding(lower string) bool {
	if !isASCII(lower) || utf8.RuneCountInString(lower) < 5 {
		return false
	}
	m := asciiTurkishEnding.FindStringSubmatchIndex(lower)
	if m == nil {
		return false
	}
	prev := rune(lower[m[2]])
	i := strings.IndexAny(lower[m[4]:], "aeiu")
	if i < 0 {
		return false
	}
	next := rune(lower[m[4]+i])
	for _, p := range foldedReadings[prev] {
		for _, v := range foldedReadings[next] {
			if harmonises(p, v) {
				return true
			}
		}
	}
	return false
}
