package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
)

// CSRFContextKey is the Locals key the CSRF middleware stores the form token under.
const CSRFContextKey = "csrf"

// CSRF token names and lifetime: the token travels in the _csrf form field and the cc_csrf cookie.
const (
	// CSRFField is the hidden form field every form carries the token in.
	CSRFField = "_csrf"
	// CSRFCookie is the cookie the same token travels in.
	CSRFCookie = "cc_csrf"
	// CSRFLifetime is how long a token is accepted after it was issued. A page view reuses the
	// visitor's token while it has more than half of this left and issues a new one after, so a
	// form loaded from a fresh page stays valid for at least CSRFLifetime/2.
	CSRFLifetime = 2 * time.Hour
)

// CSRFConfig is what the CSRF middleware is built from.
type CSRFConfig struct {
	// Secure marks the token cookie Secure (the site is served over https).
	Secure bool
	// Secret is the installation secret the token key is derived from (DEVICE_KEY). Every process
	// of one installation must share it so a form served by one is accepted by another; empty
	// gives this process a random key (NewCSRF logs a warning): forms then survive neither a
	// restart nor a load balancer that sends the post to another process.
	Secret string
	// ErrorPage answers a refused form; nil answers plain text.
	ErrorPage func(c *fiber.Ctx, status int, title, msg string) error
	// Now is the clock tokens are issued and checked against; nil is time.Now.
	Now func() time.Time
	// Log receives the warning about a missing Secret; nil is slog.Default().
	Log *slog.Logger
}

// Why a form was refused; the visitor sees one page for all of them.
var (
	errCSRFMissing  = errors.New("csrf token missing")
	errCSRFMismatch = errors.New("csrf form token does not match the cookie")
	errCSRFInvalid  = errors.New("csrf token forged or expired")
	errCSRFReferer  = errors.New("csrf referer missing or from another site")
)

// csrfTokens issues and checks signed double-submit tokens: random nonce, expiry and an HMAC over
// both (OWASP's "signed double-submit cookie"). The token proves itself, so issuing and checking
// one touches no storage: an anonymous page view writes nothing.
type csrfTokens struct {
	key []byte
	now func() time.Time
}

const (
	csrfNonceBytes   = 16
	csrfPayloadBytes = csrfNonceBytes + 8
	csrfTokenBytes   = csrfPayloadBytes + sha256.Size
)

// csrfKey derives the token key from the installation secret, so the secret's other use (device
// cookies, internal/accounts/throttle.go) never shares a key with this one.
func csrfKey(secret string) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte("claimcheck csrf token key v1"))
	return m.Sum(nil)
}

func (t csrfTokens) sign(payload []byte) []byte {
	m := hmac.New(sha256.New, t.key)
	m.Write(payload)
	return m.Sum(nil)
}

// issue mints a token valid for CSRFLifetime.
func (t csrfTokens) issue() (string, time.Time) {
	buf := make([]byte, csrfPayloadBytes, csrfTokenBytes)
	if _, err := rand.Read(buf[:csrfNonceBytes]); err != nil {
		panic("csrf: crypto/rand failed: " + err.Error()) // crypto/rand does not fail on supported platforms
	}
	exp := t.now().Add(CSRFLifetime).Truncate(time.Second)
	binary.BigEndian.PutUint64(buf[csrfNonceBytes:], uint64(exp.Unix()))
	buf = append(buf, t.sign(buf)...)
	return base64.RawURLEncoding.EncodeToString(buf), exp
}

// expiry returns when token stops being accepted, or false when it is not one this key signed or
// has expired.
func (t csrfTokens) expiry(token string) (time.Time, bool) {
	if base64.RawURLEncoding.DecodedLen(len(token)) != csrfTokenBytes {
		return time.Time{}, false
	}
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) != csrfTokenBytes {
		return time.Time{}, false
	}
	if !hmac.Equal(raw[csrfPayloadBytes:], t.sign(raw[:csrfPayloadBytes])) {
		return time.Time{}, false
	}
	exp := time.Unix(int64(binary.BigEndian.Uint64(raw[csrfNonceBytes:csrfPayloadBytes])), 0)
	if !t.now().Before(exp) {
		return time.Time{}, false
	}
	return exp, true
}

// NewCSRF builds the CSRF middleware every page surface puts in front of its form routes. Safe
// requests get a token (the visitor's own while it is fresh) in Locals and the Lax, HttpOnly
// cc_csrf cookie; any other request must carry the same token in the _csrf form field, signed by
// this installation's key and unexpired, and over https a Referer from this host (as Fiber's csrf
// middleware, which kept every token in kv_store and so wrote a row per anonymous page view).
func NewCSRF(cfg CSRFConfig) fiber.Handler {
	tokens := csrfTokens{now: cfg.Now}
	if tokens.now == nil {
		tokens.now = time.Now
	}
	if cfg.Secret != "" {
		tokens.key = csrfKey(cfg.Secret)
	} else {
		tokens.key = make([]byte, sha256.Size)
		if _, err := rand.Read(tokens.key); err != nil {
			panic("csrf: crypto/rand failed: " + err.Error())
		}
		log := cfg.Log
		if log == nil {
			log = slog.Default()
		}
		log.Warn("DEVICE_KEY is not set: form tokens are signed with a random per-process key, so forms fail after a restart or when another process answers the post")
	}
	refuse := func(c *fiber.Ctx, _ error) error {
		const title = "This form has expired"
		const msg = "For your security the form could not be accepted. Go back, reload the page and submit again."
		if cfg.ErrorPage == nil {
			return c.Status(fiber.StatusForbidden).SendString(title + "\n\n" + msg + "\n")
		}
		// The page says the same in the visitor's language.
		return cfg.ErrorPage(c, fiber.StatusForbidden, "error.csrf.title", "error.csrf.message")
	}
	setCookie := func(c *fiber.Ctx, value string, exp time.Time) {
		c.Cookie(&fiber.Cookie{Name: CSRFCookie, Value: value, Path: "/", Secure: cfg.Secure, HTTPOnly: true,
			SameSite: fiber.CookieSameSiteLaxMode, Expires: exp})
	}
	return func(c *fiber.Ctx) error {
		c.Vary(fiber.HeaderCookie)
		cookies := csrfCookies(c)
		var token string
		switch c.Method() {
		case fiber.MethodGet, fiber.MethodHead, fiber.MethodOptions, fiber.MethodTrace:
			for _, cookie := range cookies {
				if exp, ok := tokens.expiry(cookie); ok && exp.Sub(tokens.now()) > CSRFLifetime/2 {
					token = cookie
					break
				}
			}
		default:
			if c.Protocol() == "https" && !refererMatchesHost(c) {
				return refuse(c, errCSRFReferer)
			}
			form := c.FormValue(CSRFField)
			if form == "" || len(cookies) == 0 {
				return refuse(c, errCSRFMissing)
			}
			matched := false
			for _, cookie := range cookies {
				if subtle.ConstantTimeCompare([]byte(form), []byte(cookie)) == 1 {
					matched = true
				}
			}
			if !matched {
				return refuse(c, errCSRFMismatch)
			}
			if _, ok := tokens.expiry(form); !ok {
				setCookie(c, "", tokens.now().Add(-time.Hour))
				return refuse(c, errCSRFInvalid)
			}
			token = form
		}
		if token == "" {
			var exp time.Time
			token, exp = tokens.issue()
			setCookie(c, token, exp)
		}
		c.Locals(CSRFContextKey, token)
		return c.Next()
	}
}

// csrfCookies are the values of every cc_csrf cookie the browser sent. A browser may hold more
// than one: Fiber's csrf middleware, used before, set the cookie without a Path, so a browser
// kept one per directory (/claims, /account, …) and sends the deepest first; any of them may be
// the one the form carries.
func csrfCookies(c *fiber.Ctx) []string {
	var out []string
	c.Request().Header.VisitAllCookie(func(k, v []byte) {
		if string(k) == CSRFCookie && len(v) > 0 {
			out = append(out, string(v))
		}
	})
	return out
}

// refererMatchesHost is the origin check Fiber's csrf middleware makes on https posts: a Referer
// from this scheme and host.
func refererMatchesHost(c *fiber.Ctx) bool {
	referer := strings.ToLower(c.Get(fiber.HeaderReferer))
	if referer == "" {
		return false
	}
	u, err := url.Parse(referer)
	return err == nil && u.Scheme == c.Protocol() && u.Host == c.Hostname()
}
