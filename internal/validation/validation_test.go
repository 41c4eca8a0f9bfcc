package validation

import (
	"strings"
	"testing"
)

// TestErrors checks the two message forms and the per-field lookup.
func TestErrors(t *testing.T) {
	named := &Errors{What: "vote", Fields: []FieldError{{"verdict", "Choose a verdict."}, {"confidence", "Give a number from 0 to 1."}}}
	bare := &Errors{Fields: []FieldError{{"claim", "Enter a claim."}, {"source_url", "Give an http(s) address."}}}
	var none *Errors
	for _, tc := range []struct {
		name, got, want string
	}{
		{"named", named.Error(), "invalid vote: verdict: Choose a verdict.; confidence: Give a number from 0 to 1."},
		{"bare", bare.Error(), "Enter a claim. Give an http(s) address."},
		{"lookup", named.Message("confidence"), "Give a number from 0 to 1."},
		{"missing field", named.Message("note"), ""},
		{"nil", none.Message("claim"), ""},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, tc.got, tc.want)
		}
	}
}

// TestWebURL checks which addresses count as web pages: the firm website "notaurl" (read as
// https://notaurl) and an ftp source used to pass or be reported badly.
func TestWebURL(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int
		want bool
	}{
		{"https://example.com", 0, true},
		{"http://news.example.co.uk/a/b?c=d#e", 0, true},
		{"https://www.example.com:8443/", 0, true},
		{"https://haber.türkiye.example/", 0, true},
		{"https://xn--trkiye-3ya.com", 0, true},
		{"https://example.com.", 0, true},
		{"https://notaurl", 0, false},
		{"notaurl", 0, false},
		{"example.com", 0, false},
		{"ftp://x.com/a", 0, false},
		{"javascript:alert(1)", 0, false},
		{"https://192.0.2.1/", 0, false},
		{"https://[2001:db8::1]/", 0, false},
		{"https://user:pw@example.com/", 0, false},
		{"https://exa mple.com", 0, false},
		{"https://-bad.com", 0, false},
		{"https://bad_.com", 0, false},
		{"https://a..com", 0, false},
		{"https:///path", 0, false},
		{"", 0, false},
		{"https://example.com/" + strings.Repeat("a", 20), 30, false},
		{"https://example.com/" + strings.Repeat("a", 10), 30, true},
	} {
		if got := WebURL(tc.in, tc.max); got != tc.want {
			t.Errorf("WebURL(%q, %d) = %v, want %v", tc.in, tc.max, got, tc.want)
		}
	}
}
