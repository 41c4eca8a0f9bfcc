package evidence

import (
	"html"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// collapseSpace joins whitespace runs into single spaces and trims.
func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// plainText turns provider markup (OpenAlex titles with <i>, Wikipedia snippets with
// <span class="searchmatch"> and entities) into plain text; pages escape what they show, so
// leftover tags would appear literally.
func plainText(s string) string {
	var b strings.Builder
	inTag := false
	for _, r := range s {
		switch {
		case r == '<':
			inTag = true
		case r == '>' && inTag:
			inTag = false
		case !inTag:
			b.WriteRune(r)
		}
	}
	return collapseSpace(html.UnescapeString(b.String()))
}

// truncate shortens s to at most n runes, cutting at a word boundary when one is near, with an
// ellipsis when cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)[:n-1]
	if i := strings.LastIndexFunc(string(rs), unicode.IsSpace); i > len(string(rs))*2/3 {
		return strings.TrimRightFunc(string(rs)[:i], unicode.IsPunct) + "…"
	}
	return string(rs) + "…"
}

// safeURL returns s when it is an absolute http(s) URL, else "". Links from providers end up on the
// claim page, so a javascript: or relative link must never get through.
func safeURL(s string) string {
	s = strings.TrimSpace(s)
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return s
}

// thousands formats n with comma separators, as the claim page shows counts.
func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// words splits s into lower-case words of letters and digits.
func words(s string, lower func(string) string) []string {
	return strings.FieldsFunc(lower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// turkishLower lower-cases with Turkish rules (İ→i, I→ı), which strings.ToLower gets wrong.
func turkishLower(s string) string {
	return strings.ToLowerSpecial(unicode.TurkishCase, s)
}

// Function words dropped from Wikipedia queries: Wikipedia's search wants every term to match, so
// each extra word risks an empty answer. Negations go too: this search looks for background on
// the topic, not for the claim's stance.
var (
	englishFunctionWords = setOf("a", "an", "the", "and", "or", "of", "in", "on", "at", "to", "for", "from", "by", "with",
		"is", "are", "was", "were", "be", "been", "it", "its", "this", "that", "these", "those", "do", "does", "did",
		"not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "without", "cannot", "can", "will", "may",
		"has", "have", "had", "than", "then", "very", "all", "every", "always", "only", "more", "most", "less")
	turkishFunctionWords = setOf("ve", "veya", "ya", "da", "de", "ki", "mi", "mı", "mu", "mü", "bir", "bu", "şu", "o",
		"için", "ile", "gibi", "kadar", "daha", "çok", "en", "ne", "ama", "fakat", "her", "hiç", "hiçbir", "olarak",
		"olan", "olur", "olduğu", "oldu", "değil", "değildir", "yok", "yoktur", "var", "vardır", "asla", "neden", "eder",
		"etmez", "eden", "diye", "sonra", "önce", "göre", "tüm", "bütün", "hep", "ise", "iken", "aslında", "gerçekten")
)

// setOf builds a lookup set.
func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// keywords keeps up to n content words of s, in order, without repeats.
func keywords(s string, n int, lower func(string) string, stop map[string]bool) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range words(s, lower) {
		if stop[w] || seen[w] || (utf8.RuneCountInString(w) < 2 && !isNumber(w)) {
			continue
		}
		seen[w] = true
		out = append(out, w)
		if len(out) == n {
			break
		}
	}
	return out
}

// isNumber reports whether w is all digits.
func isNumber(w string) bool {
	return w != "" && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}
