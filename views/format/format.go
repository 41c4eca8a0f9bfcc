// Package format holds the small text and time formatting rules every page shares, so numbers,
// dates and shortened texts read the same on every page.
package format

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Plural writes "1 claim", "2 claims" for regular English nouns.
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Thousands writes 12345 as "12,345".
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}

// Time is an exact time for people, always in UTC so every reader sees the same value.
func Time(t time.Time) string {
	return t.UTC().Format("2 January 2006, 15:04 UTC")
}

// ISO is a time for datetime attributes and structured data (RFC 3339, UTC).
func ISO(t time.Time) string {
	return t.UTC().Format(time.RFC3339)
}

// Ago says how long before now t was, in the coarse words lists use; after a month it gives the
// date, because "94 days ago" is harder to place than a date.
func Ago(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return Plural(int(d/time.Minute), "minute") + " ago"
	case d < 24*time.Hour:
		return Plural(int(d/time.Hour), "hour") + " ago"
	case d < 48*time.Hour:
		return "yesterday"
	case d < 30*24*time.Hour:
		return Plural(int(d/(24*time.Hour)), "day") + " ago"
	}
	return t.UTC().Format("2 Jan 2006")
}

// In says when a wait ends, e.g. "in about 42 minutes"; it rounds up so people never come back
// too early.
func In(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "in less than a minute"
	case d < time.Hour:
		return "in about " + Plural(int(math.Ceil(d.Minutes())), "minute")
	}
	return "in about " + Plural(int(math.Ceil(d.Hours())), "hour")
}

// Truncate collapses whitespace and shortens s to at most n runes plus an ellipsis, cutting at a
// word boundary when one is near the end.
func Truncate(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut := string([]rune(s)[:n])
	if i := strings.LastIndexByte(cut, ' '); i > len(cut)*3/4 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}

// UpperFirst capitalises the first letter, for sentences left after cutting a prefix.
func UpperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
