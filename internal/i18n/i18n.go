// Package i18n is how Claimcheck speaks Turkish and English: the message files of both languages
// (locales/active.*.toml, embedded), a Bundle the wiring builds once and passes down, a Localizer
// per request carried in the context templates render with, the choice of a language from what a
// visitor asked for, and Turkish-aware casing. The API surfaces (/v1, OpenAPI, JSON errors) stay
// English and do not use it.
package i18n

import (
	"context"
	"embed"
	"fmt"
	"html"
	"io/fs"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/cases"
	"golang.org/x/text/language"

	"github.com/claimcheck/claimcheck/internal/validation"
)

// Lang is a language the site is written in, as its BCP 47 code ("en", "tr").
type Lang string

// The languages of the site. English is the default: the API, the docs' code and most of the
// sources are English, and a visitor who states no preference gets it.
const (
	// EN is English.
	EN Lang = "en"
	// TR is Turkish.
	TR Lang = "tr"
)

// Default is the language of a visitor who asked for none that the site speaks.
const Default = EN

// Langs lists the site's languages in the order the switcher shows them.
func Langs() []Lang { return []Lang{TR, EN} }

// Parse reads a language code from a query parameter, cookie or stored account ("tr", "TR",
// "tr-TR"); ok is false for anything the site does not speak.
func Parse(s string) (Lang, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(s, "-_"); i > 0 {
		s = s[:i]
	}
	switch Lang(s) {
	case EN, TR:
		return Lang(s), true
	}
	return "", false
}

// Tag is the language's x/text tag, for casing and plural rules.
func (l Lang) Tag() language.Tag {
	if l == TR {
		return language.Turkish
	}
	return language.English
}

// Name is the language's name in itself, as the switcher shows it.
func (l Lang) Name() string {
	if l == TR {
		return "Türkçe"
	}
	return "English"
}

// Message files are locales/<area>.<lang>.toml: one per area of the product (active.*.toml
// holds the shared words and the public pages), so each area's words live apart and every
// language has the same areas.
//
//go:embed locales/*.toml
var localeFiles embed.FS

// messageFiles lists the embedded message files of l, in name order.
func messageFiles(l Lang) ([]string, error) {
	entries, err := fs.ReadDir(localeFiles, "locales")
	if err != nil {
		return nil, fmt.Errorf("i18n: %w", err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), "."+string(l)+".toml") {
			out = append(out, "locales/"+e.Name())
		}
	}
	return out, nil
}

// Bundle holds the messages of every language. Build it once (NewBundle) and pass it down.
type Bundle struct {
	b       *goi18n.Bundle
	matcher language.Matcher
	locs    map[Lang]*Localizer
}

// NewBundle parses the embedded message files of every language.
func NewBundle() (*Bundle, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, l := range Langs() {
		paths, err := messageFiles(l)
		if err != nil {
			return nil, err
		}
		for _, path := range paths {
			if _, err := b.LoadMessageFileFS(localeFiles, path); err != nil {
				return nil, fmt.Errorf("i18n: load %s: %w", path, err)
			}
		}
	}
	out := &Bundle{b: b, matcher: language.NewMatcher([]language.Tag{language.English, language.Turkish}), locs: map[Lang]*Localizer{}}
	for _, l := range Langs() {
		out.locs[l] = &Localizer{lang: l, l: goi18n.NewLocalizer(b, string(l)), upper: cases.Upper(l.Tag()), lower: cases.Lower(l.Tag())}
	}
	return out, nil
}

// MessageFiles returns the raw message files of l by name (locales/<area>.<lang>.toml), for the
// checks that compare the languages.
func MessageFiles(l Lang) (map[string][]byte, error) {
	paths, err := messageFiles(l)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(paths))
	for _, p := range paths {
		buf, err := fs.ReadFile(localeFiles, p)
		if err != nil {
			return nil, fmt.Errorf("i18n: %w", err)
		}
		out[p] = buf
	}
	return out, nil
}

// Localizer is the Localizer of l; an unknown language gets the default's.
func (b *Bundle) Localizer(l Lang) *Localizer {
	if loc, ok := b.locs[l]; ok {
		return loc
	}
	return b.locs[Default]
}

// Match picks the site language an Accept-Language header prefers; ok is false when the header
// names no language the site speaks (so the caller falls back to English without pretending the
// visitor asked for it).
func (b *Bundle) Match(acceptLanguage string) (Lang, bool) {
	if strings.TrimSpace(acceptLanguage) == "" {
		return "", false
	}
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return "", false
	}
	_, idx, conf := b.matcher.Match(tags...)
	if conf == language.No {
		return "", false
	}
	if idx == 1 {
		return TR, true
	}
	return EN, true
}

// Localizer writes the messages of one language. It is safe for concurrent use.
type Localizer struct {
	lang         Lang
	l            *goi18n.Localizer
	upper, lower cases.Caser
	mu           sync.Mutex // cases.Caser keeps state between calls
}

// Lang is the localizer's language.
func (l *Localizer) Lang() Lang { return l.lang }

// T is the message id with data given as name, value pairs ("Count", 3). A missing message
// shows its id, so a forgotten key is visible on the page and caught by the key checks rather
// than rendering nothing.
func (l *Localizer) T(id string, kv ...any) string {
	return l.localize(id, nil, validation.Params(kv...))
}

// TData is the message id with its template data as a map (validation errors carry theirs so).
// A number named Count picks the plural form.
func (l *Localizer) TData(id string, data map[string]any) string {
	if n, ok := data["Count"].(int); ok {
		return l.localize(id, n, data)
	}
	return l.localize(id, nil, data)
}

// N is the message id in the plural form count calls for; count is also {{.Count}}.
func (l *Localizer) N(id string, count int, kv ...any) string {
	data := validation.Params(kv...)
	if data == nil {
		data = map[string]any{}
	}
	data["Count"] = count
	return l.localize(id, count, data)
}

// Has reports whether id is a message, so views can take either a key or ready text during the
// move of handler-made text to message keys.
func (l *Localizer) Has(id string) bool {
	if id == "" || strings.ContainsAny(id, " \n") {
		return false
	}
	_, err := l.l.Localize(&goi18n.LocalizeConfig{MessageID: id})
	return err == nil
}

// Text is s translated when s is a message id, else s as it is.
func (l *Localizer) Text(s string) string {
	if l.Has(s) {
		return l.T(s)
	}
	return s
}

// localize runs go-i18n, falling back to the id when the message is missing.
func (l *Localizer) localize(id string, count any, data map[string]any) string {
	s, err := l.l.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil && s == "" {
		return id
	}
	return s
}

// Upper upper-cases s with the language's rules (Turkish i → İ, ı → I).
func (l *Localizer) Upper(s string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.upper.String(s)
}

// UpperFirst upper-cases the first letter of s with the language's rules ("iddia" → "İddia" in
// Turkish, "Iddia" in English) and leaves the rest as it is.
func (l *Localizer) UpperFirst(s string) string {
	_, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return l.Upper(s[:n]) + s[n:]
}

// Lower lower-cases s with the language's rules (Turkish I → ı, İ → i).
func (l *Localizer) Lower(s string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lower.String(s)
}

// HTML is a message that carries markup (emphasis, a link), with every data value escaped; the
// message files are the project's own text, the data may come from anyone.
func (l *Localizer) HTML(id string, kv ...any) string {
	data := validation.Params(kv...)
	for k, v := range data {
		if s, ok := v.(string); ok {
			data[k] = html.EscapeString(s)
		}
	}
	return l.localize(id, nil, data)
}

// ctxKey is the context key of the request's Localizer.
type ctxKey struct{}

// WithLocalizer returns ctx carrying l, for the language middleware and for mail rendered in a
// recipient's language.
func WithLocalizer(ctx context.Context, l *Localizer) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// From is the Localizer in ctx; without one (a component rendered outside a request, a test) it
// is the English one, so nothing renders message ids.
func From(ctx context.Context) *Localizer {
	if l, ok := ctx.Value(ctxKey{}).(*Localizer); ok && l != nil {
		return l
	}
	return fallback()
}

// fallback is the English localizer for contexts without one. The messages are constant embedded
// data, parsed once; the wiring's Bundle is the one requests use.
var fallback = sync.OnceValue(func() *Localizer {
	b, err := NewBundle()
	if err != nil {
		panic(err) // the embedded files are checked by the package's tests
	}
	return b.Localizer(Default)
})

// T is From(ctx).T, the helper templates call: i18n.T(ctx, "home.title").
func T(ctx context.Context, id string, kv ...any) string { return From(ctx).T(id, kv...) }

// N is From(ctx).N, for plurals: i18n.N(ctx, "claims.count", n).
func N(ctx context.Context, id string, count int, kv ...any) string {
	return From(ctx).N(id, count, kv...)
}

// Text is From(ctx).Text: s translated when it is a message id, else s.
func Text(ctx context.Context, s string) string { return From(ctx).Text(s) }

// LangOf is the language of the request in ctx.
func LangOf(ctx context.Context) Lang { return From(ctx).Lang() }

// Upper is From(ctx).Upper.
func Upper(ctx context.Context, s string) string { return From(ctx).Upper(s) }

// Lower is From(ctx).Lower.
func Lower(ctx context.Context, s string) string { return From(ctx).Lower(s) }

// Messages parses the message file of l into id → its texts (the plural forms one and other for a
// plural, the text alone otherwise), for the checks that compare languages and pages.
func Messages(l Lang) (map[string][]string, error) {
	files, err := MessageFiles(l)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for path, buf := range files {
		mf, err := goi18n.ParseMessageFileBytes(buf, path, map[string]goi18n.UnmarshalFunc{"toml": toml.Unmarshal})
		if err != nil {
			return nil, fmt.Errorf("i18n: parse %s: %w", path, err)
		}
		for _, m := range mf.Messages {
			if _, dup := out[m.ID]; dup {
				return nil, fmt.Errorf("i18n: %s: message %q is also in another file", path, m.ID)
			}
			var forms []string
			for _, f := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
				if f != "" {
					forms = append(forms, f)
				}
			}
			out[m.ID] = forms
		}
	}
	return out, nil
}
