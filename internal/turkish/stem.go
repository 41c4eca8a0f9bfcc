package turkish

import (
	"strings"
	"unicode/utf8"
)

// Stems shorter than StemMin are not made: a short stem ("kan" from "kanı") starts too many
// unrelated words. A suffix that starts with its buffer consonant (y, n, s: "aşıyı", "aşısı") may
// leave StemMin-1 letters.
const (
	StemMin    = 4
	stemPasses = 3
)

// SearchStem returns the stem of a word in Turkish lower case (see Lower) after removing up to three
// nominal inflections (plural, case, third-person possessive, relative -ki), and the stem with
// consonant softening undone when the last suffix removed starts with a vowel ("ekmeği" → "ekmeğ",
// "ekmek"; "kitabı" → "kitab", "kitap"; see hardened); hard is "" when no softening applies, and
// stem is w when nothing is removed. It is meant for prefix search, where one conservative stem is
// wanted rather than the candidate sets of Morphology.Lemmas: "depremler" → "deprem", "otizmin" →
// "otizm", "aşıların" → "aşılar" (not "aşı": too short). Each suffix is removed only if it agrees
// with the stem's last vowel (vowel harmony: -ler after e, i, ö, ü; -lar after a, ı, o, u), a
// buffer consonant only between vowels and a vowel-initial suffix only after a consonant, which
// keeps most English words whole ("camera", "media", "climate"). The spelling is kept as written,
// so a caller can look the stem up as the text holds it.
func SearchStem(w string) (stem, hard string) {
	typedASCII := !HasTurkishLetter(w)
	vowelLast := false
	for range stemPasses {
		cut := false
		ascii := !HasTurkishLetter(w)
		for _, suf := range stemSuffixes {
			s, ok := strings.CutSuffix(w, suf)
			if !ok || !harmonizes(s, suf, ascii) {
				continue
			}
			minLen, afterVowel := StemMin, VowelKind(lastRune(s)) != ""
			n := utf8.RuneCountInString(suf)
			if buffer := suf[0] == 'y' || (n == 3 && suf[0] == 'n') || (n == 2 && suf[0] == 's'); buffer {
				if !afterVowel {
					continue
				}
				minLen = StemMin - 1
			} else if VowelKind(firstRune(suf)) != "" && afterVowel {
				continue
			}
			if utf8.RuneCountInString(s) < minLen {
				continue
			}
			w, cut, vowelLast = s, true, VowelKind(firstRune(suf)) != ""
			break
		}
		if !cut {
			break
		}
	}
	if vowelLast {
		if h := hardened(w, typedASCII); h != w {
			hard = h
		}
	}
	return w, hard
}

// hardened undoes consonant softening at the end of a stem that a vowel-initial suffix followed
// (the inverse of SoftForms): ekmeğ → ekmek, sağlığ → sağlık, kitab → kitap. Stem cuts a final
// vowel off nouns that end in one ("araba" → "arab"), a past tense off verbs ("yaşadı" →
// "yaşad") and "-ın" off nouns ending in it ("yangın" → "yang"), so only the softenings that such
// cuts rarely fake are undone: ğ, which only softening writes; g after a vowel in a word typed
// without Turkish letters (ascii), where it stands for ğ; b after a vowel in stems of five
// letters or more ("kitab", not "arab" of "araba"). g after n is left alone ("rengi" is renk, but
// "yang" of "yangın" is no "yank"), and so is d: a d before a vowel is far more often the past tense
// ("yaşadı") than a softened t ("vücudu"). So is ç: both search indexes fold it to c, so "ağac"
// already finds "ağaç". It returns stem when nothing applies.
func hardened(stem string, ascii bool) string {
	n := utf8.RuneCountInString(stem)
	if n < 3 {
		return stem
	}
	r, size := utf8.DecodeLastRuneInString(stem)
	base := stem[:len(stem)-size]
	prev := lastRune(base)
	afterVowel := VowelKind(prev) != ""
	switch {
	case r == 'ğ', r == 'g' && ascii && afterVowel:
		return base + "k"
	case r == 'b' && afterVowel && n >= 5:
		return base + "p"
	}
	return stem
}

// OnlySuffixes reports whether s (Turkish lower case) is nothing but up to three of the suffixes
// Stem removes ("nın", "daki"), so that an apostrophe before it ends a proper noun rather than
// starts an English contraction ("don't", "earth's").
func OnlySuffixes(s string) bool {
	for range stemPasses {
		cut := false
		for _, suf := range stemSuffixes {
			if rest, ok := strings.CutSuffix(s, suf); ok {
				s, cut = rest, true
				break
			}
		}
		if s == "" || !cut {
			break
		}
	}
	return s == ""
}

// harmonizes reports whether suffix suf may follow stem: its vowel agrees with the stem's last
// vowel. In a word typed without Turkish letters (ascii, see HasTurkishLetter) i may stand for ı, o
// for ö and u for ü, so there those count as either. The relative -ki does not follow harmony.
func harmonizes(stem, suf string, ascii bool) bool {
	if suf == "ki" {
		return true
	}
	var last rune
	for _, r := range stem {
		if VowelKind(r) != "" {
			last = r
		}
	}
	if last == 0 {
		return false
	}
	var sv rune
	for _, r := range suf {
		if VowelKind(r) != "" {
			sv = r
			break
		}
	}
	if sv == 0 {
		return false
	}
	variants := func(r rune) []rune {
		if ascii {
			switch r {
			case 'i':
				return []rune{'i', 'ı'}
			case 'o':
				return []rune{'o', 'ö'}
			case 'u':
				return []rune{'u', 'ü'}
			}
		}
		return []rune{r}
	}
	for _, a := range variants(last) {
		for _, b := range variants(sv) {
			ka, kb := VowelKind(a), VowelKind(b)
			switch b {
			case 'e', 'a': // two-way: front after front, back after back
				if ka[0] == kb[0] {
					return true
				}
			default: // four-way: also rounded after rounded
				if ka == kb {
					return true
				}
			}
		}
	}
	return false
}

// VowelKind classifies a Turkish vowel as front (f) or back (b), and rounded (r) or unrounded (u);
// "" for anything else. â, î and û count as a, i and u.
func VowelKind(r rune) string {
	switch r {
	case 'e', 'i', 'î':
		return "fu"
	case 'ö', 'ü':
		return "fr"
	case 'a', 'ı', 'â':
		return "bu"
	case 'o', 'u', 'û':
		return "br"
	}
	return ""
}

// HasTurkishLetter reports a letter of the Turkish alphabet beyond ASCII (or a circumflex vowel),
// in either case: text without one may have been typed on a keyboard without them.
func HasTurkishLetter(w string) bool {
	return strings.ContainsAny(w, "çğıöşüâîûÇĞİÖŞÜÂÎÛ")
}

// lastRune is the last rune of s (0 for "").
func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	if r == utf8.RuneError {
		return 0
	}
	return r
}

// firstRune is the first rune of s (0 for "").
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return 0
	}
	return r
}
