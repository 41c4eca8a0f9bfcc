// Package turkish is the one Turkish text analyser of the project: folding (lower-casing the
// Turkish way and dropping diacritics), lemma candidates by suffix stripping with consonant
// softening undone, negative verb forms, grammatical case of a noun, and a function-word list.
//
// Everything works on folded text ("Aşıların" → "asilarin"), because claims are often typed
// without Turkish letters and folding makes both spellings one. Folding loses a little (ı/i,
// ç/c), which the analyser accepts: it yields candidates, and a caller compares candidate sets.
// The package depends on nothing else in the project, so search and the category lexicon can use
// it as matching does.
package turkish

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Lower lower-cases s with the Turkish dotted/dotless i rules (İ→i, I→ı), composed (NFC).
func Lower(s string) string {
	if isASCII(s) && !strings.ContainsRune(s, 'I') {
		return strings.ToLower(s)
	}
	s = norm.NFC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch r {
		case 'I':
			b.WriteRune('ı')
		case 'İ':
			b.WriteRune('i')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// Fold lower-cases s the Turkish way and folds diacritics (ı→i, ş→s, ğ→g, ç→c, ö→o, ü→u, â→a),
// so "YANLIŞ", "Yanlış" and "yanlis" are all "yanlis". An apostrophe (’ or ') is kept.
func Fold(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	if f, ok := foldByRune(s); ok {
		return f
	}
	return foldNormalized(s)
}

// foldLatin and foldPunct hold, for each rune of their block that folds on its own, what
// foldNormalized makes of it alone: Latin-1 and the Latin Extended-A and -B blocks (every Turkish
// letter) from U+0080, and General Punctuation (typographic quotes and dashes) from U+2000. ""
// marks a rune whose fold depends on its neighbours (a combining mark). Other runes take the
// normalizing path.
var (
	foldLatin = buildFoldTable(0x80, 0x250)
	foldPunct = buildFoldTable(0x2000, 0x2070)
)

// buildFoldTable folds each rune of [first, end) once through the normalizing path.
func buildFoldTable(first, end rune) []string {
	t := make([]string, end-first)
	for r := first; r < end; r++ {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		t[r-first] = foldNormalized(string(r))
	}
	return t
}

// foldByRune folds s a rune at a time from the tables, which give what foldNormalized gives
// whenever every rune is in a table: such runes are composed letters, none of which
// normalization joins with a neighbour. Claims are folded word by word many times per analysis,
// and the three normalization passes were a fifth of an analysis's CPU. It reports false when a
// rune is outside the tables.
func foldByRune(s string) (string, bool) {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			switch {
			case 'A' <= r && r <= 'Z':
				r += 'a' - 'A'
			case r == '`':
				r = '\'' // as foldNormalized writes it; an all-ASCII s keeps it (Fold's first path)
			}
			b.WriteByte(byte(r))
		case r < 0x250 && foldLatin[r-0x80] != "":
			b.WriteString(foldLatin[r-0x80])
		case r >= 0x2000 && r < 0x2070 && foldPunct[r-0x2000] != "":
			b.WriteString(foldPunct[r-0x2000])
		default:
			return "", false
		}
	}
	return b.String(), true
}

// foldNormalized is Fold by Unicode normalization: decompose, drop the marks, compose.
func foldNormalized(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(Lower(s)) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		switch r {
		case 'ı':
			r = 'i'
		case '’', 'ʼ', '`':
			r = '\''
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}

// isASCII reports whether s has only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// SplitApostrophe returns a word's part before its apostrophe and the suffix after it
// ("mars'tan" → "mars", "tan"): Turkish writes a proper name's suffixes after one.
func SplitApostrophe(w string) (base, suffix string) {
	if i := strings.IndexAny(w, "'’"); i > 0 {
		_, n := utf8.DecodeRuneInString(w[i:])
		return w[:i], w[i+n:]
	}
	return w, ""
}
