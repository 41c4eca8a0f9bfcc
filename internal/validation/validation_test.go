package validation

import (
	"reflect"
	"strings"
	"testing"
)

// TestErrors checks the two message forms and the per-field lookup.
func TestErrors(t *testing.T) {
	named := &Errors{What: "vote", Fields: []FieldError{{Field: "verdict", Message: "Choose a verdict."}, {Field: "confidence", Message: "Give a number from 0 to 1."}}}
	bare := &Errors{Fields: []FieldError{{Field: "claim", Message: "Enter a claim."}, {Field: "source_url", Message: "Give an http(s) address."}}}
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

// TestControlCharAndHasWord pins the two free-text rules every claim and search goes through.
func TestControlCharAndHasWord(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      string
		control rune
		word    bool
	}{
		{"plain", "Su 100 derecede kaynar", -1, true},
		{"tab newline return kept", "a\tb\nc\r\nd", -1, true},
		{"digits only", "1923", -1, true},
		{"other scripts", "Земля плоская", -1, true},
		{"arabic digits", "٣", -1, true},
		{"NUL", "abc\x00def", 0, true},
		{"escape", "abc\x1b[31m", 0x1b, true},
		{"DEL", "a\x7f", 0x7f, true},
		{"C1 next line", "a\u0085b", 0x85, true},
		{"C1 CSI", "\u009b", 0x9b, false},
		{"question marks", "???", -1, false},
		{"slashes", "//", -1, false},
		{"emoji", "🙂", -1, false},
		{"emoji run", strings.Repeat("🙂", 5000), -1, false},
		{"flag and keycap base", "🇹🇷 #️⃣", -1, false},
		{"zero-width space", "\u200b\u200b", -1, false},
		{"combining mark alone", "\u0301", -1, false},
		{"empty", "", -1, false},
	} {
		if got := ControlChar(tc.in); got != tc.control {
			t.Errorf("%s: ControlChar = %U, want %U", tc.name, got, tc.control)
		}
		if got := HasWord(tc.in); got != tc.word {
			t.Errorf("%s: HasWord = %v, want %v", tc.name, got, tc.word)
		}
	}
}

func TestCheckText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"aşı\tkaynar\r\n", ""},
		{"", ""},
		{"a\x00b", "q contains an invisible control character (U+0000); remove it."},
		{"\u0085", "q contains an invisible control character (U+0085); remove it."},
		{"a\xffb", "q must be valid UTF-8 text."},
	} {
		if got := CheckText("q", tc.in); got != tc.want {
			t.Errorf("CheckText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestParams: names pair with the value after them; an odd last name and a name that is not a
// string are left out, and no pair at all is no data.
func TestParams(t *testing.T) {
	for _, tc := range []struct {
		kv   []any
		want map[string]any
	}{
		{nil, nil},
		{[]any{"Max"}, nil},
		{[]any{"Max", 5}, map[string]any{"Max": 5}},
		{[]any{"Host", "a.example", "Addr", "10.0.0.1", "Odd"}, map[string]any{"Host": "a.example", "Addr": "10.0.0.1"}},
		{[]any{3, "x", "Line", 2}, map[string]any{"Line": 2}},
	} {
		if got := Params(tc.kv...); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Params(%v) = %v, want %v", tc.kv, got, tc.want)
		}
	}
}
