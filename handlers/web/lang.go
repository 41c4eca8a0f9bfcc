package web

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// LangCookie keeps the language a visitor chose with the switcher.
const LangCookie = "lang"

// LangParam is the query parameter that picks a page's language (?lang=tr); a URL with it is the
// canonical address of that language's version.
const LangParam = "lang"

// LangSource says how the request's language was chosen; a larger value wins over a smaller.
type LangSource int

// The ways a language is chosen, weakest first.
const (
	// LangDefault: nothing asked for a language the site speaks; English.
	LangDefault LangSource = iota
	// LangHeader: the browser's Accept-Language.
	LangHeader
	// LangAccount: the signed-in account's stored language.
	LangAccount
	// LangFromCookie: the switcher's cookie.
	LangFromCookie
	// LangExplicit: ?lang= on this request.
	LangExplicit
)

// localLangSource is the Locals key of the LangSource.
const localLangSource = "lang-source"

// AccountLanguages stores an account's language; *models.AccountStore implements it.
type AccountLanguages interface {
	// SetLanguage records the account's language.
	SetLanguage(ctx context.Context, id, language string, now time.Time) error
}

// Languages chooses each page request's language — ?lang=, then the cookie, then the signed-in
// account's language, then Accept-Language, then English — and puts its Localizer into the
// context templates render with.
//
// Following a switcher link (?lang=tr) sets the cookie. A signed-in visitor whose cookie names
// another language than the account's gets the account updated on that request (the session
// middleware calls ForUser), so their mail follows the switcher too; the switcher stays a plain
// link, and the worst a forged link can do is change someone's language.
type Languages struct {
	bundle   *i18n.Bundle
	secure   bool
	accounts AccountLanguages
	now      func() time.Time
	log      *slog.Logger
}

// NewLanguages builds the middleware over the bundle; accounts may be nil (no account updates).
func NewLanguages(b *i18n.Bundle, secureCookies bool, accounts AccountLanguages, now func() time.Time, log *slog.Logger) *Languages {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &Languages{bundle: b, secure: secureCookies, accounts: accounts, now: now, log: log}
}

// Bundle is the message bundle, for parts that render in a language other than the request's
// (mail in the recipient's language).
func (l *Languages) Bundle() *i18n.Bundle { return l.bundle }

// Middleware picks the language of every page request. The API surfaces skip it: they stay
// English whatever the browser prefers.
func (l *Languages) Middleware() fiber.Handler {
	return func(c *fiber.Ctx) error {
		if apiPath(c.Path()) {
			return c.Next()
		}
		lang, src := l.choose(c)
		if src == LangExplicit && c.Cookies(LangCookie) != string(lang) {
			c.Cookie(&fiber.Cookie{Name: LangCookie, Value: string(lang), Path: "/", MaxAge: 365 * 24 * 3600,
				HTTPOnly: true, Secure: l.secure, SameSite: fiber.CookieSameSiteLaxMode})
		}
		// The same address answers in the language the browser asks for.
		c.Append(fiber.HeaderVary, "Accept-Language")
		l.set(c, lang, src)
		return c.Next()
	}
}

// choose applies the order without the account, which only the session knows.
func (l *Languages) choose(c *fiber.Ctx) (i18n.Lang, LangSource) {
	if v, ok := i18n.Parse(c.Query(LangParam)); ok {
		return v, LangExplicit
	}
	if v, ok := i18n.Parse(c.Cookies(LangCookie)); ok {
		return v, LangFromCookie
	}
	if v, ok := l.bundle.Match(c.Get(fiber.HeaderAcceptLanguage)); ok {
		return v, LangHeader
	}
	return i18n.Default, LangDefault
}

// set puts lang's Localizer into the request context.
func (l *Languages) set(c *fiber.Ctx, lang i18n.Lang, src LangSource) {
	c.Locals(localLangSource, src)
	c.SetUserContext(i18n.WithLocalizer(c.UserContext(), l.bundle.Localizer(lang)))
}

// ForUser applies a signed-in account: its stored language beats the browser's, and a language
// the visitor chose (link or cookie) becomes the account's.
func (l *Languages) ForUser(c *fiber.Ctx, u *models.User) {
	src, ok := c.Locals(localLangSource).(LangSource)
	if !ok || u == nil {
		return
	}
	stored, valid := i18n.Parse(u.Language)
	cur := i18n.LangOf(c.UserContext())
	switch {
	case src < LangAccount && valid:
		l.set(c, stored, LangAccount)
	case src > LangAccount && string(cur) != u.Language && l.accounts != nil:
		if err := l.accounts.SetLanguage(c.UserContext(), u.ID, string(cur), l.now()); err != nil {
			l.log.Warn("store account language", "user", u.ID, "err", err)
			return
		}
		u.Language = string(cur)
	}
}

// Lang is the request's language (English when no middleware ran).
func Lang(c *fiber.Ctx) i18n.Lang { return i18n.LangOf(c.UserContext()) }

// T is the request's message id in its language.
func T(c *fiber.Ctx, id string, kv ...any) string { return i18n.T(c.UserContext(), id, kv...) }

// apiPath reports whether p belongs to a surface that answers JSON in English.
func apiPath(p string) bool {
	for _, pre := range []string{"/v1/", "/rest/", "/functions/", "/static/"} {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	return p == "/v1"
}
