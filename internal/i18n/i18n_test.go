package i18n

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// messages parses one language's message files into id → every text of the message, and
// checks that each area has a file in every language.
func messages(t *testing.T, l Lang) map[string][]string {
	t.Helper()
	files, err := MessageFiles(l)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for path, buf := range files {
		mf, err := goi18n.ParseMessageFileBytes(buf, path, map[string]goi18n.UnmarshalFunc{"toml": toml.Unmarshal})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, m := range mf.Messages {
			if _, dup := out[m.ID]; dup {
				t.Errorf("%s: message %q is in two files", path, m.ID)
			}
			out[m.ID] = []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other}
		}
	}
	return out
}

// TestEveryAreaInEveryLanguage: each locales/<area>.<lang>.toml has its twin in the other
// language.
func TestEveryAreaInEveryLanguage(t *testing.T) {
	areas := map[Lang]map[string]bool{}
	for _, l := range Langs() {
		files, err := MessageFiles(l)
		if err != nil {
			t.Fatal(err)
		}
		areas[l] = map[string]bool{}
		for path := range files {
			areas[l][strings.TrimSuffix(path, "."+string(l)+".toml")] = true
		}
	}
	for _, l := range Langs() {
		for _, o := range Langs() {
			for a := range areas[l] {
				if !areas[o][a] {
					t.Errorf("%s has a %s file and no %s one", a, l, o)
				}
			}
		}
	}
	if len(areas[EN]) == 0 {
		t.Fatal("no message files found")
	}
}

// placeholders are the {{.Name}} fields a message fills in.
var placeholders = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// fields is the sorted set of placeholders used by any form of a message.
func fields(forms []string) []string {
	var out []string
	for _, f := range forms {
		for _, m := range placeholders.FindAllStringSubmatch(f, -1) {
			if !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestMessageFilesHaveTheSameKeys fails when a message exists in one language and not the other,
// when a translation fills in other data than the English (a dropped {{.Count}} would show a
// wrong sentence), or when a message has no text.
func TestMessageFilesHaveTheSameKeys(t *testing.T) {
	en, tr := messages(t, EN), messages(t, TR)
	if len(en) < 100 {
		t.Fatalf("only %d English messages parsed; the file layout is broken", len(en))
	}
	for id, forms := range en {
		trForms, ok := tr[id]
		if !ok {
			t.Errorf("%q is in active.en.toml but not in active.tr.toml", id)
			continue
		}
		if a, b := fields(forms), fields(trForms); !slices.Equal(a, b) {
			t.Errorf("%q fills in %v in English but %v in Turkish", id, a, b)
		}
		if strings.TrimSpace(forms[5]) == "" || strings.TrimSpace(trForms[5]) == "" {
			t.Errorf("%q has an empty text", id)
		}
	}
	for id := range tr {
		if _, ok := en[id]; !ok {
			t.Errorf("%q is in active.tr.toml but not in active.en.toml", id)
		}
	}
}

// TestLocalizer checks lookups, data, plurals, the missing-key fallback and message-or-text.
func TestLocalizer(t *testing.T) {
	b, err := NewBundle()
	if err != nil {
		t.Fatal(err)
	}
	en, tr := b.Localizer(EN), b.Localizer(TR)
	for _, tc := range []struct{ got, want string }{
		{en.T("nav.login"), "Log in"},
		{tr.T("nav.login"), "Giriş yap"},
		{en.N("time.minutes_ago", 1), "1 minute ago"},
		{en.N("time.minutes_ago", 5), "5 minutes ago"},
		{tr.N("time.minutes_ago", 5), "5 dakika önce"},
		{tr.T("pager.status", "Page", 2, "Pages", 7), "Sayfa 2 / 7"},
		{tr.T("no.such.key"), "no.such.key"},
		{tr.Text("nav.login"), "Giriş yap"},
		{tr.Text("Acme Ltd"), "Acme Ltd"},
		{tr.HTML("claim.item.source", "Domain", "<b>x</b>"), "Kaynak: &lt;b&gt;x&lt;/b&gt;"},
		{b.Localizer("de").T("nav.login"), "Log in"},
		{T(context.Background(), "nav.login"), "Log in"},
		{T(WithLocalizer(context.Background(), tr), "nav.login"), "Giriş yap"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// TestTurkishCasing checks the dotted and dotless i in both directions.
func TestTurkishCasing(t *testing.T) {
	b, err := NewBundle()
	if err != nil {
		t.Fatal(err)
	}
	tr, en := b.Localizer(TR), b.Localizer(EN)
	for _, tc := range []struct{ got, want string }{
		{tr.Upper("istanbul ılık iğne"), "İSTANBUL ILIK İĞNE"},
		{tr.Lower("IŞIK İZMİR"), "ışık izmir"},
		{en.Upper("istanbul"), "ISTANBUL"},
		{en.Lower("IZMIR"), "izmir"},
		{tr.UpperFirst("iddia ılık"), "İddia ılık"},
		{tr.UpperFirst("ılık"), "Ilık"},
		{en.UpperFirst("iddia"), "Iddia"},
		{tr.UpperFirst(""), ""},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// TestChoosingALanguage checks query/cookie values and Accept-Language matching.
func TestChoosingALanguage(t *testing.T) {
	for in, want := range map[string]Lang{"tr": TR, "TR": TR, "tr-TR": TR, "en": EN, "en_GB": EN, "de": "", "": "", "trx": ""} {
		got, ok := Parse(in)
		if got != want || ok != (want != "") {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	b, err := NewBundle()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		header string
		want   Lang
		ok     bool
	}{
		{"tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7", TR, true},
		{"en-GB,en;q=0.9,tr;q=0.5", EN, true},
		{"de-DE,tr;q=0.5", TR, true},
		{"de-DE", "", false},
		{"", "", false},
		{"*", "", false},
	} {
		got, ok := b.Match(tc.header)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Match(%q) = %q, %v; want %q, %v", tc.header, got, ok, tc.want, tc.ok)
		}
	}
}
