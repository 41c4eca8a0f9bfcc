package web

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/layouts"
	"github.com/gofiber/fiber/v2"
)

// SessionCookie is the name of the login cookie; it holds the raw token, the database only its hash.
const SessionCookie = "cc_session"

// Locals keys the session middleware fills.
const (
	// LocalUser holds the logged-in *models.User.
	LocalUser = "user"
	// LocalSession holds the live *models.Session.
	LocalSession = "session"
)

// SessionAuthenticator resolves a session cookie; *accounts.Service implements it. Any error other
// than accounts.ErrNoSession counts as a lookup failure, not a logout.
type SessionAuthenticator interface {
	// Authenticate returns the user and session behind token, or an error for anyone logged out.
	Authenticate(ctx context.Context, token string) (*models.User, *models.Session, error)
}

// ErrorRenderer renders an error page; (*Kit).ErrorPage has this shape.
type ErrorRenderer func(c *fiber.Ctx, status int, title, msg string) error

// Sessions turns the session cookie into the current user and guards pages by login and role.
type Sessions struct {
	auth    SessionAuthenticator
	secure  bool
	errPage ErrorRenderer
	log     *slog.Logger
	langs   *Languages
}

// NewSessions builds the middleware; secureCookies should be true whenever the base URL is https.
func NewSessions(auth SessionAuthenticator, secureCookies bool) *Sessions {
	return &Sessions{auth: auth, secure: secureCookies, log: slog.Default()}
}

// WithErrorPage makes RequireRole answer with the site's 403 page instead of plain text.
func (s *Sessions) WithErrorPage(r ErrorRenderer) *Sessions {
	s.errPage = r
	return s
}

// WithLanguages lets a signed-in account's stored language choose the page language (see
// Languages.ForUser).
func (s *Sessions) WithLanguages(l *Languages) *Sessions {
	s.langs = l
	return s
}

// WithLogger sets where lookup failures go; nil keeps slog.Default().
func (s *Sessions) WithLogger(l *slog.Logger) *Sessions {
	if l != nil {
		s.log = l
	}
	return s
}

// Middleware resolves the cookie on every page request. An invalid cookie is cleared so the
// browser stops sending it; a database failure leaves it in place and the request anonymous,
// so a brief outage does not log everybody out.
func (s *Sessions) Middleware() fiber.Handler {
	return func(c *fiber.Ctx) error {
		token := c.Cookies(SessionCookie)
		if token == "" {
			return c.Next()
		}
		u, sess, err := s.auth.Authenticate(c.UserContext(), token)
		if err != nil {
			if isLoggedOut(err) {
				s.ClearCookie(c)
			} else {
				s.log.Error("authenticate session", "err", err)
			}
			return c.Next()
		}
		c.Locals(LocalUser, u)
		c.Locals(LocalSession, sess)
		if s.langs != nil {
			s.langs.ForUser(c, u)
		}
		c.SetUserContext(layouts.WithViewer(c.UserContext(), layouts.Viewer{
			Name:   u.Name,
			Admin:  u.Role == models.RoleAdmin,
			Expert: u.Role == models.RoleExpert,
			CSRF:   func() string { return CSRFToken(c) },
		}))
		// A page showing who is logged in must never be served from a shared cache to someone else.
		c.Set(fiber.HeaderCacheControl, "no-store")
		c.Append(fiber.HeaderVary, "Cookie")
		return c.Next()
	}
}

// isLoggedOut tells a dead cookie (revoked, expired, unknown) from a failure to look it up.
func isLoggedOut(err error) bool { return errors.Is(err, accounts.ErrNoSession) }

// CurrentUser is the logged-in user, or nil for an anonymous visitor.
func CurrentUser(c *fiber.Ctx) *models.User {
	u, _ := c.Locals(LocalUser).(*models.User)
	return u
}

// CurrentSession is the live session, or nil for an anonymous visitor.
func CurrentSession(c *fiber.Ctx) *models.Session {
	s, _ := c.Locals(LocalSession).(*models.Session)
	return s
}

// RequireUser sends anonymous visitors to the login page, which brings them back afterwards.
func (s *Sessions) RequireUser() fiber.Handler {
	return func(c *fiber.Ctx) error {
		if CurrentUser(c) == nil {
			return RedirectToLogin(c)
		}
		return c.Next()
	}
}

// RequireRole admits users with one of roles; others get 403, anonymous visitors the login page.
func (s *Sessions) RequireRole(roles ...models.Role) fiber.Handler {
	return func(c *fiber.Ctx) error {
		u := CurrentUser(c)
		if u == nil {
			return RedirectToLogin(c)
		}
		if !slices.Contains(roles, u.Role) {
			const title, msg = "You do not have access to this page", "Your account does not have the role this page needs. If you think it should, ask an administrator."
			if s.errPage != nil {
				return s.errPage(c, fiber.StatusForbidden, "error.forbidden.title", "error.forbidden.message")
			}
			return c.Status(fiber.StatusForbidden).SendString(msg)
		}
		return c.Next()
	}
}

// RedirectToLogin answers 303 to /login, remembering the page for GETs; a form post cannot be
// replayed after login, so it comes back to nothing in particular.
func RedirectToLogin(c *fiber.Ctx) error {
	target := "/login"
	if c.Method() == fiber.MethodGet || c.Method() == fiber.MethodHead {
		if next := SafeNext(c.OriginalURL()); next != "" {
			target += "?next=" + url.QueryEscape(next)
		}
	}
	return c.Redirect(target, fiber.StatusSeeOther)
}

// SafeNext returns next when it is a path on this site, else "". Only "/x…" paths pass: "//host",
// "/\host", schemes and control characters are what open redirects are made of.
func SafeNext(next string) string {
	if next == "" || len(next) > 2048 || next[0] != '/' {
		return ""
	}
	if len(next) > 1 && (next[1] == '/' || next[1] == '\\') {
		return ""
	}
	if strings.ContainsFunc(next, func(r rune) bool { return r < 0x20 || r == 0x7f || r == '\\' }) {
		return ""
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return ""
	}
	return next
}

// SetCookie stores a fresh login token. Expires matches the session's absolute end; the idle
// timeout is enforced server-side.
func (s *Sessions) SetCookie(c *fiber.Ctx, token string, expires time.Time) {
	c.Cookie(&fiber.Cookie{
		Name: SessionCookie, Value: token, Path: "/", Expires: expires,
		HTTPOnly: true, Secure: s.secure, SameSite: fiber.CookieSameSiteLaxMode,
	})
}

// ClearCookie tells the browser to forget the login token.
func (s *Sessions) ClearCookie(c *fiber.Ctx) {
	c.Cookie(&fiber.Cookie{
		Name: SessionCookie, Value: "", Path: "/", Expires: time.Unix(0, 0), MaxAge: -1,
		HTTPOnly: true, Secure: s.secure, SameSite: fiber.CookieSameSiteLaxMode,
	})
}
