package format

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestTruncate checks shortening at word boundaries, whitespace collapsing and multi-byte text.
func TestTruncate(t *testing.T) {
	cases := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"  spaced \n\t out  ", 20, "spaced out"},
		{"one two three four five", 14, "one two three…"},
		{"abcdefghijklmnop", 5, "abcde…"},
		{"Aşılar otizme neden olur", 12, "Aşılar otizm…"},
	}
	for _, tc := range cases {
		if got := Truncate(tc.in, tc.n); got != tc.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
	long := strings.Repeat("ğ", 500)
	if got := Truncate(long, 240); !utf8.ValidString(got) || utf8.RuneCountInString(got) != 241 {
		t.Errorf("Truncate of multi-byte text: %d runes, valid=%v", utf8.RuneCountInString(got), utf8.ValidString(got))
	}
}

// TestAgoAndIn checks the coarse relative times lists and the 429 page use.
func TestAgoAndIn(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	ago := []struct {
		d    time.Duration
		want string
	}{
		{10 * time.Second, "just now"},
		{time.Minute, "1 minute ago"},
		{45 * time.Minute, "45 minutes ago"},
		{3 * time.Hour, "3 hours ago"},
		{30 * time.Hour, "yesterday"},
		{5 * 24 * time.Hour, "5 days ago"},
		{90 * 24 * time.Hour, "10 Dec 2025"},
	}
	for _, tc := range ago {
		if got := Ago(now, now.Add(-tc.d)); got != tc.want {
			t.Errorf("Ago(-%s) = %q, want %q", tc.d, got, tc.want)
		}
	}
	in := []struct {
		d    time.Duration
		want string
	}{
		{20 * time.Second, "in less than a minute"},
		{61 * time.Second, "in about 2 minutes"},
		{59*time.Minute + 1, "in about 60 minutes"},
		{90 * time.Minute, "in about 2 hours"},
	}
	for _, tc := range in {
		if got := In(tc.d); got != tc.want {
			t.Errorf("In(%s) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// TestNumbers checks thousands grouping and plurals.
func TestNumbers(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 5000: "5,000", 1234567: "1,234,567", -12345: "-12,345"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
	if Plural(1, "claim") != "1 claim" || Plural(2, "claim") != "2 claims" || Plural(0, "claim") != "0 claims" {
		t.Error("Plural")
	}
	if UpperFirst("ışık") != "Işık" || UpperFirst("") != "" {
		t.Errorf("UpperFirst: %q", UpperFirst("ışık"))
	}
}
