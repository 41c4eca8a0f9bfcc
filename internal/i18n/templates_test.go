package i18n

import (
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/a-h/templ/parser/v2"
)

// viewsDir is the templates' root, from this package's directory.
const viewsDir = "../../views"

// converted are the templates whose every user-visible word comes from the message files.
var converted = []string{
	"emails/account.templ",
	"emails/unlock.templ",
	"emails/layout.templ",
	"emails/verify.templ",
	"components/claimitem.templ",
	"components/form.templ",
	"components/meter.templ",
	"components/misc.templ",
	"components/verdict.templ",
	"layouts/base.templ",
	"pages/auth/auth.templ",
	"pages/claims/show.templ",
	"pages/errors/errors.templ",
	"pages/firms/public.templ",
	"pages/admin/admin.templ",
	"pages/admin/tools.templ",
	"pages/firms/console.templ",
	"pages/docs/compat.templ",
	"pages/docs/docs.templ",
	"pages/docs/quickstart.templ",
	"pages/home/home.templ",
	"pages/live/live.templ",
	"components/chart.templ",
	"pages/account/account.templ",
	"pages/pricing/pricing.templ",
	"pages/beta/beta.templ",
	"emails/beta.templ",
	"pages/account/model.templ",
	"pages/webhooks/webhooks.templ",
	"pages/claims/history.templ",
	"pages/experts/experts.templ",
}

// pending are the templates not converted yet, named so the check is honest about them (none
// now: every template's words are in the message files); a new template goes to converted, or
// here while its words are still being moved.
var pending = []string{}

// allowed are literal texts that are the same in every language: the brand, the data citation
// (authors, journal, DOI) and the copyright line's name.
var allowed = []string{
	"Claimcheck", "Claimcheck.",
	"Lin, H., Lasser, J., Lewandowsky, S., Cole, R., Gully, A., Rand, D. G., &amp;",
	"Pennycook, G. (2023). High level of correspondence across different news domain quality rating",
	"sets.", "PNAS Nexus", ", 2(9), pgad286.", "doi:10.1093/pnasnexus/pgad286",
}

// visibleAttrs are the attributes a reader sees or hears.
var visibleAttrs = []string{"title", "aria-label", "placeholder", "alt", "data-submitting-text", "aria-valuetext"}

// literals walks any parsed templ node and reports text nodes and visible constant attributes
// that carry a letter.
func literals(v reflect.Value, found func(string)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			literals(v.Elem(), found)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			literals(v.Index(i), found)
		}
	case reflect.Struct:
		switch n := v.Interface().(type) {
		case parser.Text:
			found(n.Value)
			return
		case parser.ConstantAttribute:
			if k, ok := n.Key.(parser.ConstantAttributeKey); ok && slices.Contains(visibleAttrs, k.Name) {
				found(n.Value)
			}
			return
		case parser.RawElement, parser.ScriptElement, parser.GoCode, parser.HTMLComment:
			return
		case parser.Element:
			// Code (an endpoint, a header, a JSON body, a tool's name) reads the same in every
			// language; its attributes are still checked.
			if n.Name == "code" {
				literals(reflect.ValueOf(n.Attributes), found)
				return
			}
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				literals(v.Field(i), found)
			}
		}
	}
}

// TestConvertedTemplatesHaveNoLiteralText fails when a converted template shows a word that is
// not from the message files, and when a template is neither converted nor listed as pending.
func TestConvertedTemplatesHaveNoLiteralText(t *testing.T) {
	var seen []string
	err := filepath.WalkDir(viewsDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".templ") {
			return err
		}
		rel, _ := filepath.Rel(viewsDir, path)
		rel = filepath.ToSlash(rel)
		seen = append(seen, rel)
		switch {
		case slices.Contains(pending, rel):
			return nil
		case !slices.Contains(converted, rel):
			t.Errorf("%s is neither converted nor listed as pending", rel)
			return nil
		}
		tf, err := parser.Parse(path)
		if err != nil {
			t.Errorf("parse %s: %v", rel, err)
			return nil
		}
		literals(reflect.ValueOf(tf.Nodes), func(s string) {
			s = strings.TrimSpace(s)
			if strings.IndexFunc(s, unicode.IsLetter) < 0 || slices.Contains(allowed, s) {
				return
			}
			t.Errorf("%s: literal text %q; put it in the message files", rel, s)
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append(slices.Clone(converted), pending...) {
		if !slices.Contains(seen, f) {
			t.Errorf("%s is listed but does not exist", f)
		}
	}
}

// TestLiteralScannerSeesText guards the check above against passing because the walker finds
// nothing: every kind of literal a template can hold must be found, and a message call must not.
// (A fixed template, so the guard still works once every file is converted.)
func TestLiteralScannerSeesText(t *testing.T) {
	tf, err := parser.ParseString(`package x

templ Card(n string) {
	<section aria-label="Account">
		<h2>Plan: <span>{ n }</span></h2>
		if n != "" {
			<p>Signed in as { n }.</p>
		} else {
			<input placeholder="e.g. production" title={ n }/>
		}
		switch n {
			case "a":
				<img alt="A chart"/>
		}
		for range 2 {
			<button data-submitting-text="Creating…">Create key</button>
		}
		<p>{ i18n.T(ctx, "account.title") }</p>
	</section>
}
`)
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	literals(reflect.ValueOf(tf.Nodes), func(s string) {
		if strings.IndexFunc(s, unicode.IsLetter) >= 0 {
			words = append(words, strings.TrimSpace(s))
		}
	})
	want := []string{"Account", "Plan:", "Signed in as", "e.g. production", "A chart", "Creating…", "Create key"}
	for _, w := range want {
		if !slices.Contains(words, w) {
			t.Errorf("the scanner missed %q; found %q", w, words)
		}
	}
	if len(words) != len(want) {
		t.Errorf("the scanner found %q, want exactly %q", words, want)
	}
}
