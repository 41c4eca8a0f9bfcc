package analysis

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/turkish"
	"golang.org/x/text/unicode/norm"
)

// FoldTurkish is turkish.Fold (Turkish lower case, then diacritics dropped: "YANLIŞ", "Yanlış" and
// "yanlis" all become "yanlis") with the Latin letters that carry no combining mark folded too
// ("ß" → "ss", "ø" → "o"), for the non-Turkish names and words claims quote. Other packages use it,
// so it stays as this wrapper; the Turkish rules live in internal/turkish.
func FoldTurkish(s string) string {
	f := turkish.Fold(s)
	if isASCII(f) {
		return f
	}
	return otherLatin.Replace(f)
}

// otherLatin folds letters that carry no combining mark under NFD, which turkish.Fold leaves as
// they are because Turkish has none of them.
var otherLatin = strings.NewReplacer("ß", "ss", "ø", "o", "ł", "l", "đ", "d", "ð", "d", "æ", "ae", "œ", "oe", "þ", "th",
	"ħ", "h", "ŧ", "t", "ŀ", "l")

// turkishLower is turkish.Lower, named for the callers in this package.
func turkishLower(s string) string { return turkish.Lower(s) }

// isASCII reports whether s has only ASCII bytes; the fast paths use it because most claims and
// every domain name are ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// tokenKind separates words from numbers because numbers are always kept in queries.
type tokenKind uint8

const (
	kindWord tokenKind = iota
	kindNumber
)

// token is one word or number with the context later stages need (case and sentence position
// decide whether a capitalised word is a name).
type token struct {
	Text          string
	Kind          tokenKind
	SentenceStart bool
	// Base is the meaning-carrying part (see matchBase); Norm and Folded are its Turkish
	// spellings as written and folded. They are computed once here because every stage looks
	// words up, and normalising per lookup dominated the analysis time.
	Base, Norm, Folded string
}

// newToken fills the derived spellings of a token.
func newToken(text string, kind tokenKind, sentenceStart bool) token {
	t := token{Text: text, Kind: kind, SentenceStart: sentenceStart}
	if kind == kindWord {
		t.Base = matchBase(text)
		t.Norm = trNorm(t.Base)
		t.Folded = FoldTurkish(t.Base)
	}
	return t
}

// Tokenize splits s into words and numbers, in order and as written (case kept; callers fold with
// FoldTurkish when they compare). Nothing is dropped: negations and stopwords stay, because whether
// a word matters is the caller's decision. Rules:
//   - numbers keep decimals and digit groups ("3.5", "3,5", "1,000,000", "50.000") and a percent
//     sign on either side ("%60", "60%"); a Turkish case suffix after an apostrophe is grammar, not
//     part of the number, so "60'a" and "%50'si" give "60" and "%50";
//   - an apostrophe inside a word is kept and normalised to ' ("Türkiye'nin", "don't"): Turkish
//     writes proper nouns' suffixes after one and English contractions carry negation;
//   - a hyphen joins parts only when the compound contains a digit ("COVID-19", "SARS-CoV-2");
//     otherwise it separates words ("anti-vaccine" → "anti", "vaccine") so each part can match.
func Tokenize(s string) []string {
	toks := scan(s)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.Text
	}
	return out
}

// isApostrophe lists the apostrophe look-alikes people paste from word processors and phones.
func isApostrophe(r rune) bool {
	switch r {
	case '\'', '’', 'ʼ', '‘', '`', '´', 'ʹ', '′':
		return true
	}
	return false
}

// isWordRune says what can be inside a word: letters, digits and combining marks (decomposed
// Turkish letters arrive as a base letter plus a mark).
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r)
}

// isSentenceEnd marks punctuation after which the next word starts a sentence.
func isSentenceEnd(r rune) bool {
	switch r {
	case '.', '!', '?', '…', ';', ':', '\n', '"', '“', '”', '«', '»', '(', ')':
		return true
	}
	return false
}

// scan is Tokenize with kinds and sentence positions.
func scan(s string) []token {
	s = norm.NFC.String(s)
	rs := []rune(s)
	n := len(rs)
	var out []token
	sentenceStart := true
	for i := 0; i < n; {
		r := rs[i]
		switch {
		case r == '%' && i+1 < n && unicode.IsDigit(rs[i+1]):
			j := scanNumber(rs, i+1)
			out = append(out, newToken("%"+string(rs[i+1:j]), kindNumber, sentenceStart))
			sentenceStart = false
			i = skipApostropheSuffix(rs, j)
		case isWordRune(r):
			j, kind := scanWord(rs, i)
			text := normalizeApostrophes(string(rs[i:j]))
			if kind == kindNumber && j < n && rs[j] == '%' {
				text += "%"
				j++
			}
			if kind == kindNumber {
				j = skipApostropheSuffix(rs, j)
			}
			// A hyphenated compound without digits is split so its parts match one by one.
			if kind == kindWord && strings.ContainsRune(text, '-') && !strings.ContainsFunc(text, unicode.IsDigit) {
				for k, part := range strings.Split(text, "-") {
					if part != "" {
						out = append(out, newToken(part, kindWord, sentenceStart && k == 0))
					}
				}
			} else {
				out = append(out, newToken(text, kind, sentenceStart))
			}
			sentenceStart = false
			i = j
		default:
			if isSentenceEnd(r) {
				sentenceStart = true
			}
			i++
		}
	}
	return out
}

// scanNumber returns the end of a digit run with internal '.' or ',' groups ("3.5", "1,000").
func scanNumber(rs []rune, i int) int {
	n := len(rs)
	for i < n {
		switch {
		case unicode.IsDigit(rs[i]):
			i++
		case (rs[i] == '.' || rs[i] == ',') && i+1 < n && unicode.IsDigit(rs[i+1]) && i > 0 && unicode.IsDigit(rs[i-1]):
			i++
		default:
			return i
		}
	}
	return i
}

// scanWord returns the end of the word or number starting at i and its kind. Apostrophes and
// hyphens are kept only between word characters, so quotes and dashes around words are not.
func scanWord(rs []rune, i int) (int, tokenKind) {
	n := len(rs)
	if unicode.IsDigit(rs[i]) {
		j := scanNumber(rs, i)
		if j >= n || !(unicode.IsLetter(rs[j]) || rs[j] == '-') {
			return j, kindNumber
		}
		// Digits running into letters ("5G", "H1N1" later, "COVID-19") are a word.
	}
	j := i
	for j < n {
		r := rs[j]
		switch {
		case isWordRune(r):
			j++
		case (isApostrophe(r) || r == '-') && j+1 < n && isWordRune(rs[j+1]) && j > i:
			j++
		default:
			return j, wordKind(rs[i:j])
		}
	}
	return j, wordKind(rs[i:j])
}

// wordKind says number only for pure digit groups; a digit run followed by an apostrophe suffix
// is handled by the caller.
func wordKind(rs []rune) tokenKind {
	for _, r := range rs {
		if !unicode.IsDigit(r) && r != '.' && r != ',' {
			return kindWord
		}
	}
	return kindNumber
}

// skipApostropheSuffix skips a Turkish case suffix written after a number ("2023'te").
func skipApostropheSuffix(rs []rune, j int) int {
	if j < len(rs) && isApostrophe(rs[j]) && j+1 < len(rs) && unicode.IsLetter(rs[j+1]) {
		j++
		for j < len(rs) && isWordRune(rs[j]) {
			j++
		}
	}
	return j
}

// normalizeApostrophes makes every apostrophe look-alike in a token the ASCII one, so "Türkiye’nin"
// and "Türkiye'nin" are the same token.
func normalizeApostrophes(s string) string {
	if isASCII(s) && !strings.ContainsRune(s, '`') {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isApostrophe(r) {
			return '\''
		}
		return r
	}, s)
}

// splitApostrophe returns the part of a word before its apostrophe and the part after. In Turkish
// the part after is an inflection of a proper noun ("Türkiye'nin" → "Türkiye", "nin").
func splitApostrophe(s string) (base, suffix string) {
	if i := strings.IndexByte(s, '\''); i > 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

// IsCapitalised reports whether a word starts with an upper-case letter (a name candidate).
func IsCapitalised(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// IsAllCaps reports an acronym-like word: at least two letters and no lower-case letter ("WHO",
// "ABD", "5G" does not count because it has one letter).
func IsAllCaps(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 2
}

// hasDigit reports whether s contains a decimal digit.
func hasDigit(s string) bool { return strings.ContainsFunc(s, unicode.IsDigit) }
