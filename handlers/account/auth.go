package account

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/mail"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/emails"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/layouts"
	"github.com/claimcheck/claimcheck/views/pages/auth"
	errpages "github.com/claimcheck/claimcheck/views/pages/errors"
	"github.com/gofiber/fiber/v2"
)

// AfterLoginPath is where a login or sign-up lands when no next page was asked for.
const AfterLoginPath = "/account"

// Generic messages: one text for every failure that must not reveal whether an address has an account.
const (
	loginFailed   = "auth.msg.login_failed"
	loginThrottle = "auth.msg.login_throttle"
	loginUnlocked = "auth.msg.login_unlocked"
	checkInbox    = "auth.msg.check_inbox"
)

// Mailer queues mail for delivery; *mail.Outbox implements it. The bool says whether the mail
// was new (false: the dedupe key was already queued).
type Mailer interface {
	// Enqueue stores m for delivery.
	Enqueue(ctx context.Context, m mail.Message) (bool, error)
}

// DeviceCookie is the name of the long-lived cookie that marks a browser the user logged in from
// before, so its logins skip the login throttle's wait (internal/accounts/throttle.go).
const DeviceCookie = "cc_device"

// AuthDeps is what the account pages need.
type AuthDeps struct {
	// Accounts runs every account flow.
	Accounts *accounts.Service
	// Sessions sets and reads the login cookie.
	Sessions *web.Sessions
	// Mailer queues the verification, reset and email-change mails.
	Mailer Mailer
	// BaseURL is the public address (no trailing slash) the mailed links point to.
	BaseURL string
	// ErrorPage renders error pages in the site's look; nil uses a plain rendering of the same template.
	ErrorPage web.ErrorRenderer
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures the visitor only sees as an error page; nil means slog.Default().
	Log *slog.Logger
	// Languages writes each mail in the recipient's stored language (the account's, else the
	// request's); nil writes it in the request's language.
	Languages *i18n.Bundle
	// Users finds the stored language of an address the flow only knows by email (unlock,
	// reset, "account exists"); nil uses the request's language.
	Users interface {
		UserByEmail(ctx context.Context, email string) (*models.User, error)
	}
	// AfterVerified runs once an address is proven (verification, email change, login) — the beta
	// waiting list grants invited people access there; nil does nothing.
	AfterVerified func(ctx context.Context, userID, email string)
}

// Auth serves the account pages: sign-up, verification, login (with the unlock link of a throttled
// login), logout, password reset, security settings, email change and first-admin setup.
type Auth struct {
	acc      *accounts.Service
	sessions *web.Sessions
	mailer   Mailer
	baseURL  string
	errPage  web.ErrorRenderer
	now      func() time.Time
	log      *slog.Logger
	verified func(ctx context.Context, userID, email string)
	langs    *i18n.Bundle
	users    interface {
		UserByEmail(ctx context.Context, email string) (*models.User, error)
	}
}

// NewAuth builds the account pages.
func NewAuth(d AuthDeps) *Auth {
	a := &Auth{acc: d.Accounts, sessions: d.Sessions, mailer: d.Mailer, baseURL: strings.TrimRight(d.BaseURL, "/"),
		errPage: d.ErrorPage, now: d.Now, log: d.Log, verified: d.AfterVerified, langs: d.Languages, users: d.Users}
	if a.verified == nil {
		a.verified = func(context.Context, string, string) {}
	}
	if a.now == nil {
		a.now = time.Now
	}
	if a.log == nil {
		a.log = slog.Default()
	}
	if a.errPage == nil {
		a.errPage = a.plainErrorPage
	}
	return a
}

// Routes mounts the account pages: public ones on r, the ones that need a login on user.
func (a *Auth) Routes(r, user *web.Routes) {
	r.Get("/signup", a.signupForm)
	r.Post("/signup", a.signup)
	r.Get("/verify/:token", a.verify)
	user.Post("/verify/resend", a.resendVerification)
	r.Get("/login", a.loginForm)
	r.Post("/login", a.login)
	r.Post("/login/unlock", a.requestUnlock)
	r.Get("/login/unlock/:token", a.unlockForm)
	r.Post("/login/unlock/:token", a.unlock)
	r.Post("/logout", a.logout)
	user.Post("/logout-everywhere", a.logoutEverywhere)
	r.Get("/password/forgot", a.forgotForm)
	r.Post("/password/forgot", a.forgot)
	r.Get("/password/reset/:token", a.resetForm)
	r.Post("/password/reset/:token", a.reset)
	user.Get("/account/security", a.security)
	user.Post("/account/security", a.securitySubmit)
	r.Get("/email/confirm/:token", a.confirmEmail)
	r.Get("/setup/:token", a.setupForm)
	r.Post("/setup/:token", a.setup)
}

// fieldErr is the error of the named field in the request's language ("" when it is fine).
func fieldErr(c *fiber.Ctx, verr *accounts.ValidationError, name string) string {
	if verr == nil {
		return ""
	}
	return verr.Localized(name, i18n.From(c.UserContext()).TData)
}

// meta fills the metadata every account page shares; none of them is worth indexing, but each
// names its other language (hreflang) like every page, and its title may be a message id.
func (a *Auth) meta(c *fiber.Ctx, title string) layouts.Page {
	return layouts.Page{Title: i18n.Text(c.UserContext(), title), Path: c.Path(), Year: a.now().UTC().Year(), NoIndex: true,
		Self: a.baseURL + c.Path(), Query: string(c.Request().URI().QueryString())}
}

// render writes a complete page through a buffer (a template error becomes a clean 500). Account
// pages carry CSRF tokens or personal data, so no cache may keep them.
func (a *Auth) render(c *fiber.Ctx, status int, page templ.Component) error {
	var buf bytes.Buffer
	if err := page.Render(c.UserContext(), &buf); err != nil {
		return fmt.Errorf("render page %s: %w", c.Path(), err)
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Status(status)
	c.Type("html", "utf-8")
	return c.Send(buf.Bytes())
}

// plainErrorPage is the error page when no renderer was passed (tests mount Auth alone).
func (a *Auth) plainErrorPage(c *fiber.Ctx, status int, title, msg string) error {
	return a.render(c, status, errpages.Error(errpages.Page{Meta: a.meta(c, title), Status: status, Title: title, Message: msg}))
}

// unavailable is the answer when the database or outbox fails: the visitor can only retry.
func (a *Auth) unavailable(c *fiber.Ctx, what string, err error) error {
	a.log.Error(what, "err", err)
	return a.errPage(c, fiber.StatusServiceUnavailable, "auth.msg.unavailable_title",
		"auth.msg.unavailable")
}

// message renders an outcome page.
func (a *Auth) message(c *fiber.Ctx, status int, p auth.MessagePage) error {
	p.Meta = a.meta(c, p.Heading)
	return a.render(c, status, auth.Message(p))
}

// invalidLink is the page for a mailed link that is unknown, expired or used; it never says which.
func (a *Auth) invalidLink(c *fiber.Ctx, actionText, actionURL string) error {
	return a.message(c, fiber.StatusBadRequest, auth.MessagePage{TestID: "link-invalid",
		Heading: "auth.msg.link_invalid_title", Message: "auth.msg.link_invalid",
		ActionText: actionText, ActionURL: actionURL})
}

// link builds an absolute URL for a mail.
func (a *Auth) link(path string) string { return a.baseURL + path }

// tokenKey is a dedupe-key part derived from a raw token: one mail per token, and the key in the
// outbox table cannot be turned back into a working link.
func tokenKey(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:8])
}

// send composes e and queues it; a failure is logged and reported, the caller decides what the visitor sees.
func (a *Auth) send(ctx context.Context, to, key string, e emails.Email) error {
	m, err := mail.Compose(ctx, to, key, e)
	if err != nil {
		return err
	}
	if _, err := a.mailer.Enqueue(ctx, m); err != nil {
		return fmt.Errorf("queue %s: %w", key, err)
	}
	return nil
}

// inLanguage is ctx carrying the localizer of lang, the recipient's stored language, so a mail
// is written in it whatever page sent it; an unknown or empty lang keeps the request's.
func (a *Auth) inLanguage(ctx context.Context, lang string) context.Context {
	l, ok := i18n.Parse(lang)
	if a.langs == nil || !ok {
		return ctx
	}
	return i18n.WithLocalizer(ctx, a.langs.Localizer(l))
}

// inLanguageOf is inLanguage with the stored language of the account at email.
func (a *Auth) inLanguageOf(ctx context.Context, email string) context.Context {
	if a.users == nil {
		return ctx
	}
	u, err := a.users.UserByEmail(ctx, email)
	if err != nil {
		return ctx
	}
	return a.inLanguage(ctx, u.Language)
}

// sendVerification queues the verification mail for token, in the account's language.
func (a *Auth) sendVerification(ctx context.Context, u *models.User, token string) error {
	return a.send(a.inLanguage(ctx, u.Language), u.Email, "verify:"+u.ID+":"+tokenKey(token),
		emails.VerifyEmail{Name: u.Name, Link: a.link("/verify/" + token)})
}

// startSession logs the browser in with a new token and retires the token it presented before,
// so a session id planted by an attacker is never the one that becomes authenticated.
func (a *Auth) startSession(c *fiber.Ctx, s *accounts.Session) {
	if old := c.Cookies(web.SessionCookie); old != "" {
		if err := a.acc.Logout(c.UserContext(), old); err != nil {
			a.log.Warn("revoke previous session", "err", err)
		}
	}
	a.sessions.SetCookie(c, s.Token, s.ExpiresAt)
}

// setDeviceCookie remembers this browser for the user's later logins. It is as private as the
// login cookie (HttpOnly, Secure on https) and lives as long as a device token is valid.
func (a *Auth) setDeviceCookie(c *fiber.Ctx, token string) {
	if token == "" {
		return
	}
	c.Cookie(&fiber.Cookie{
		Name: DeviceCookie, Value: token, Path: "/", Expires: a.now().Add(accounts.DeviceTokenTTL),
		HTTPOnly: true, Secure: strings.HasPrefix(a.baseURL, "https://"), SameSite: fiber.CookieSameSiteLaxMode,
	})
}

// newPasswordHint states the password rules up front.
func newPasswordHint(c *fiber.Ctx) string {
	return i18n.T(c.UserContext(), "auth.field.new_password_hint", "Min", accounts.MinPasswordChars)
}

// --- sign-up ---

// signupPage builds the sign-up form with kept values and errors.
func (a *Auth) signupPage(c *fiber.Ctx, email, name string, verr *accounts.ValidationError) auth.FormPage {
	pw := web.Field("signup-password", "password", "auth.field.password", "password", "new-password", "", fieldErr(c, verr, "password"))
	pw.Hint = newPasswordHint(c)
	nm := web.Field("signup-name", "name", "auth.field.name", "text", "name", name, fieldErr(c, verr, "name"))
	nm.MaxLength = accounts.MaxNameChars
	p := auth.FormPage{Meta: a.meta(c, "auth.signup.meta"), CSRF: web.CSRFToken(c), TestID: "signup-form",
		Heading: "auth.signup.heading", Intro: "auth.signup.intro",
		Action: "/signup", Submit: "auth.signup.submit",
		Fields: []components.Field{
			web.Field("signup-email", "email", "auth.field.email", "email", "email", email, fieldErr(c, verr, "email")),
			nm, pw,
		},
		Links: []auth.Link{{Text: "auth.signup.login_link", URL: "/login"}},
	}
	if c.Query("beta") == "1" || c.FormValue("beta") == "1" {
		p.Action, p.Intro = "/signup?beta=1", "auth.signup.beta_intro"
		p.Context = &auth.Context{TestID: "signup-beta", Title: "auth.signup.beta_title",
			Text: i18n.T(c.UserContext(), "auth.signup.beta_text", "Quota", format.For(i18n.From(c.UserContext())).Int(beta.AnnouncedFreeQuota))}
	}
	return p
}

// signupForm serves GET /signup.
func (a *Auth) signupForm(c *fiber.Ctx) error {
	if web.CurrentUser(c) != nil {
		return c.Redirect(AfterLoginPath, fiber.StatusSeeOther)
	}
	return a.render(c, fiber.StatusOK, auth.Form(a.signupPage(c, "", "", nil)))
}

// signup serves POST /signup. A taken address gets the same "check your inbox" page a new one
// would get if it were not logged in at once, and its owner a mail saying someone tried — so
// the form does not confirm the account to a stranger, and the owner is not left wondering.
func (a *Auth) signup(c *fiber.Ctx) error {
	email, name, password := c.FormValue("email"), c.FormValue("name"), c.FormValue("password")
	ctx := c.UserContext()
	u, token, err := a.acc.SignUp(ctx, email, password, name)
	var verr *accounts.ValidationError
	switch {
	case errors.Is(err, models.ErrEmailTaken):
		a.notifyAccountExists(ctx, email)
		return a.message(c, fiber.StatusOK, auth.MessagePage{TestID: "signup-check-inbox", Heading: "auth.check_inbox",
			Message: i18n.T(ctx, "auth.signup.sent", "Email", accounts.NormalizeEmail(email))})
	case errors.As(err, &verr):
		return a.render(c, fiber.StatusUnprocessableEntity, auth.Form(a.signupPage(c, email, name, verr)))
	case err != nil:
		return a.unavailable(c, "sign up", err)
	}
	if err := a.sendVerification(ctx, u, token); err != nil {
		// The account exists; the security page offers to resend, so this is not worth failing for.
		a.log.Error("queue verification mail", "user", u.ID, "err", err)
	}
	s, err := a.acc.Login(ctx, email, password, c.IP(), c.Get(fiber.HeaderUserAgent))
	if err != nil {
		a.log.Warn("login after sign-up", "user", u.ID, "err", err)
		return c.Redirect("/login", fiber.StatusSeeOther)
	}
	a.startSession(c, s)
	return c.Redirect(AfterLoginPath, fiber.StatusSeeOther)
}

// notifyAccountExists mails the owner of a taken address, at most once an hour per address so
// the sign-up form cannot be used to flood an inbox.
func (a *Auth) notifyAccountExists(ctx context.Context, email string) {
	email = accounts.NormalizeEmail(email)
	key := "signup-exists:" + tokenKey(email) + ":" + strconv.FormatInt(a.now().Unix()/3600, 10)
	err := a.send(a.inLanguageOf(ctx, email), email, key, emails.AccountExists{LoginLink: a.link("/login"), ResetLink: a.link("/password/forgot")})
	if err != nil {
		a.log.Error("queue account-exists mail", "err", err)
	}
}

// --- email verification ---

// verify serves GET /verify/:token.
func (a *Auth) verify(c *fiber.Ctx) error {
	u, err := a.acc.VerifyEmail(c.UserContext(), c.Params("token"))
	switch {
	case errors.Is(err, accounts.ErrAlreadyVerified):
		// Re-opened after it worked (or after a newer link did): the account is fine, say so.
		return a.message(c, fiber.StatusOK, auth.MessagePage{TestID: "verify-already", OK: true, Heading: "auth.verify.already_title",
			Message:    i18n.T(c.UserContext(), "auth.verify.used", "Email", u.Email),
			ActionText: "auth.go_account", ActionURL: AfterLoginPath})
	case errors.Is(err, accounts.ErrInvalidToken):
		return a.invalidLink(c, "auth.go_account", AfterLoginPath)
	case err != nil:
		return a.unavailable(c, "verify email", err)
	}
	a.verified(c.UserContext(), u.ID, u.Email)
	return a.message(c, fiber.StatusOK, auth.MessagePage{TestID: "verify-ok", OK: true, Heading: "auth.verify.ok_title",
		Message: "auth.verify.ok", ActionText: "auth.go_account", ActionURL: AfterLoginPath})
}

// resendVerification serves POST /verify/resend.
func (a *Auth) resendVerification(c *fiber.Ctx) error {
	u := web.CurrentUser(c)
	token, err := a.acc.ResendVerification(c.UserContext(), u.ID)
	switch {
	case errors.Is(err, accounts.ErrAlreadyVerified):
		return a.message(c, fiber.StatusOK, auth.MessagePage{TestID: "verify-already", OK: true, Heading: "auth.verify.already_short_title",
			Message: "auth.verify.already_short", ActionText: "auth.go_account", ActionURL: AfterLoginPath})
	case err != nil:
		return a.unavailable(c, "resend verification", err)
	}
	if err := a.sendVerification(c.UserContext(), u, token); err != nil {
		return a.unavailable(c, "queue verification mail", err)
	}
	return a.message(c, fiber.StatusOK, auth.MessagePage{TestID: "verify-sent", OK: true, Heading: "auth.check_inbox",
		Message:    i18n.T(c.UserContext(), "auth.verify.resent", "Email", u.Email),
		ActionText: "auth.go_account", ActionURL: AfterLoginPath})
}

// --- login and logout ---

// loginPage builds the login form; the email is kept, the password never.
func (a *Auth) loginPage(c *fiber.Ctx, email, next, formErr string) auth.FormPage {
	pw := web.Field("login-password", "password", "auth.field.password", "password", "current-password", "", "")
	pw.MaxLength = 0 // a long password is refused by the server with the generic message, not by the browser
	return auth.FormPage{Meta: a.meta(c, "auth.login.meta"), CSRF: web.CSRFToken(c), TestID: "login-form",
		Heading: "auth.login.meta", Action: "/login", Submit: "auth.login.meta", Next: next, Error: formErr,
		Notice: notice(c.Query("unlocked") == "1", loginUnlocked), Reason: loginReason(i18n.From(c.UserContext()), next),
		Fields: []components.Field{web.Field("login-email", "email", "auth.field.email", "email", "username", email, ""), pw},
		Links: []auth.Link{{Text: "auth.login.forgot_link", URL: "/password/forgot"},
			{Text: "auth.login.signup_link", URL: "/signup"}},
	}
}

// loginForm serves GET /login.
func (a *Auth) loginForm(c *fiber.Ctx) error {
	next := web.SafeNext(c.Query("next"))
	if web.CurrentUser(c) != nil {
		return c.Redirect(orDefault(next, AfterLoginPath), fiber.StatusSeeOther)
	}
	return a.render(c, fiber.StatusOK, auth.Form(a.loginPage(c, "", next, "")))
}

// destinations name the pages a login can continue to, longest prefix first, so the login page
// says why it was shown.
var destinations = []struct{ prefix, name string }{
	{"/account/webhooks", "auth.dest.webhooks"},
	{"/account/security", "auth.dest.security"},
	{"/account/keys", "auth.dest.keys"},
	{"/account", "auth.dest.account"},
	{"/billing", "auth.dest.billing"},
	{"/review/profile", "auth.dest.profile"},
	{"/review", "auth.dest.review"},
	{"/admin", "auth.dest.admin"},
}

// loginReason says where the login continues to ("" without a next page).
func loginReason(loc *i18n.Localizer, next string) string {
	if next == "" {
		return ""
	}
	path, _, _ := strings.Cut(next, "?")
	for _, d := range destinations {
		if path == d.prefix || strings.HasPrefix(path, d.prefix+"/") {
			return loc.T("auth.login.reason", "Where", loc.T(d.name))
		}
	}
	return loc.T("auth.login.reason", "Where", path)
}

// notice is msg when show holds, else "".
func notice(show bool, msg string) string {
	if show {
		return msg
	}
	return ""
}

// waitText says how long a wait is in words: whole seconds under two minutes, else minutes rounded up.
func waitText(loc *i18n.Localizer, d time.Duration) string {
	secs := int((d + time.Second - 1) / time.Second)
	switch {
	case secs <= 1:
		return loc.N("auth.wait.seconds", 1)
	case secs < 120:
		return loc.N("auth.wait.seconds", secs)
	}
	return loc.N("auth.wait.minutes", (secs+59)/60)
}

// throttledPage is the login form answering a throttled attempt: how long to wait, and the offer
// of an unlock link by mail for an owner who does not want to.
func (a *Auth) throttledPage(c *fiber.Ctx, email, next string, wait time.Duration) auth.FormPage {
	p := a.loginPage(c, email, next, i18n.T(c.UserContext(), "auth.msg.login_throttle_for", "Wait", waitText(i18n.From(c.UserContext()), wait)))
	p.Unlock = &auth.UnlockOffer{CSRF: p.CSRF,
		Email: web.Field("unlock-email", "email", "auth.field.email", "email", "username", email, "")}
	return p
}

// orDefault is s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// login serves POST /login. Every credential failure reads the same, whatever the cause.
func (a *Auth) login(c *fiber.Ctx) error {
	email, next := c.FormValue("email"), web.SafeNext(c.FormValue("next"))
	s, err := a.acc.LoginWith(c.UserContext(), accounts.LoginRequest{Email: email, Password: c.FormValue("password"),
		IP: c.IP(), UserAgent: c.Get(fiber.HeaderUserAgent), DeviceToken: c.Cookies(DeviceCookie)})
	var throttled *accounts.ThrottledError
	switch {
	case errors.As(err, &throttled):
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(int(throttled.RetryAfter/time.Second)))
		return a.render(c, fiber.StatusTooManyRequests, auth.Form(a.throttledPage(c, email, next, throttled.RetryAfter)))
	case errors.Is(err, accounts.ErrThrottled):
		c.Set(fiber.HeaderRetryAfter, "300")
		return a.render(c, fiber.StatusTooManyRequests, auth.Form(a.loginPage(c, email, next, loginThrottle)))
	case errors.Is(err, accounts.ErrInvalidCredentials), errors.Is(err, accounts.ErrDisabled):
		return a.render(c, fiber.StatusUnprocessableEntity, auth.Form(a.loginPage(c, email, next, loginFailed)))
	case err != nil:
		return a.unavailable(c, "login", err)
	}
	a.startSession(c, s)
	a.setDeviceCookie(c, s.DeviceToken)
	if s.User.EmailVerifiedAt != nil {
		a.verified(c.UserContext(), s.User.ID, s.User.Email)
	}
	return c.Redirect(orDefault(next, AfterLoginPath), fiber.StatusSeeOther)
}

// --- login unlock ---

// requestUnlock serves POST /login/unlock: it mails an unlock link when the address has an active
// account and answers with the same page either way.
func (a *Auth) requestUnlock(c *fiber.Ctx) error {
	ctx := c.UserContext()
	email := accounts.NormalizeEmail(c.FormValue("email"))
	token, found, err := a.acc.RequestLoginUnlock(ctx, email)
	if err != nil {
		return a.unavailable(c, "request login unlock", err)
	}
	if found {
		// One mail per token: a retried request of the same token never sends a second copy.
		if err := a.send(a.inLanguageOf(ctx, email), email, "unlock:"+tokenKey(token), emails.UnlockLogin{Link: a.link("/login/unlock/" + token)}); err != nil {
			return a.unavailable(c, "queue unlock mail", err)
		}
	}
	return a.message(c, fiber.StatusOK, auth.MessagePage{TestID: "unlock-sent", Heading: "auth.check_inbox", Message: checkInbox,
		ActionText: "auth.back_login", ActionURL: "/login"})
}

// unlockForm serves GET /login/unlock/:token: a button only, since mail scanners open links and
// must not use the token up. The token is checked on submit.
func (a *Auth) unlockForm(c *fiber.Ctx) error {
	c.Set("Referrer-Policy", "no-referrer")
	return a.render(c, fiber.StatusOK, auth.Form(auth.FormPage{Meta: a.meta(c, "auth.unlock.meta"), CSRF: web.CSRFToken(c),
		TestID: "unlock-confirm-form", Heading: "auth.unlock.heading",
		Intro:  "auth.unlock.confirm_intro",
		Action: "/login/unlock/" + c.Params("token"), Submit: "auth.unlock.meta"}))
}

// unlock serves POST /login/unlock/:token: the account's failures are forgotten, this browser
// becomes a known device, and the login page says so.
func (a *Auth) unlock(c *fiber.Ctx) error {
	c.Set("Referrer-Policy", "no-referrer")
	_, device, err := a.acc.UnlockLogin(c.UserContext(), c.Params("token"))
	switch {
	case errors.Is(err, accounts.ErrInvalidToken):
		return a.invalidLink(c, "auth.login.meta", "/login")
	case err != nil:
		return a.unavailable(c, "unlock login", err)
	}
	a.setDeviceCookie(c, device)
	return c.Redirect("/login?unlocked=1", fiber.StatusSeeOther)
}

// logout serves POST /logout; logging out without a session is simply done already.
func (a *Auth) logout(c *fiber.Ctx) error {
	if err := a.acc.Logout(c.UserContext(), c.Cookies(web.SessionCookie)); err != nil {
		return a.unavailable(c, "logout", err)
	}
	a.sessions.ClearCookie(c)
	return c.Redirect("/", fiber.StatusSeeOther)
}

// logoutEverywhere serves POST /logout-everywhere: every session of the user ends, this one too.
func (a *Auth) logoutEverywhere(c *fiber.Ctx) error {
	if err := a.acc.LogoutEverywhere(c.UserContext(), web.CurrentUser(c).ID); err != nil {
		return a.unavailable(c, "logout everywhere", err)
	}
	a.sessions.ClearCookie(c)
	return c.Redirect("/login", fiber.StatusSeeOther)
}

// --- password reset ---

// forgotPage builds the "forgot password" form.
func (a *Auth) forgotPage(c *fiber.Ctx) auth.FormPage {
	return auth.FormPage{Meta: a.meta(c, "auth.forgot.meta"), CSRF: web.CSRFToken(c), TestID: "forgot-form",
		Heading: "auth.login.forgot_link", Intro: "auth.forgot.intro",
		Action: "/password/forgot", Submit: "auth.forgot.submit",
		Fields: []components.Field{web.Field("forgot-email", "email", "auth.field.email", "email", "email", "", "")},
		Links:  []auth.Link{{Text: "auth.back_login", URL: "/login"}},
	}
}

// forgotForm serves GET /password/forgot.
func (a *Auth) forgotForm(c *fiber.Ctx) error {
	return a.render(c, fiber.StatusOK, auth.Form(a.forgotPage(c)))
}

// forgot serves POST /password/forgot. The answer is the same page whether or not the address
// has an account; only a failure to store the request shows differently, as any outage would.
func (a *Auth) forgot(c *fiber.Ctx) error {
	ctx := c.UserContext()
	email := accounts.NormalizeEmail(c.FormValue("email"))
	token, found, err := a.acc.RequestPasswordReset(ctx, email)
	if err != nil {
		return a.unavailable(c, "request password reset", err)
	}
	if found {
		// The service does not return the user; the greeting stays neutral rather than cost a look-up.
		if err := a.send(a.inLanguageOf(ctx, email), email, "reset:"+tokenKey(token), emails.ResetPassword{Link: a.link("/password/reset/" + token)}); err != nil {
			return a.unavailable(c, "queue reset mail", err)
		}
	}
	return a.message(c, fiber.StatusOK, auth.MessagePage{TestID: "forgot-sent", Heading: "auth.check_inbox", Message: checkInbox,
		ActionText: "auth.back_login", ActionURL: "/login"})
}

// resetPage builds the new-password form for a reset link.
func (a *Auth) resetPage(c *fiber.Ctx, errMsg string) auth.FormPage {
	pw := web.Field("reset-password", "password", "auth.field.new_password", "password", "new-password", "", errMsg)
	pw.Hint = newPasswordHint(c)
	return auth.FormPage{Meta: a.meta(c, "auth.reset.heading"), CSRF: web.CSRFToken(c), TestID: "reset-form",
		Heading: "auth.reset.heading", Intro: "auth.reset.intro",
		Action: "/password/reset/" + c.Params("token"), Submit: "auth.reset.submit",
		Fields: []components.Field{pw},
	}
}

// resetForm serves GET /password/reset/:token. The token is checked on submit only: checking
// here would need a second look-up that tells nothing the submit does not.
func (a *Auth) resetForm(c *fiber.Ctx) error {
	// The token is in the URL; keep it out of Referer headers to other sites and pages.
	c.Set("Referrer-Policy", "no-referrer")
	return a.render(c, fiber.StatusOK, auth.Form(a.resetPage(c, "")))
}

// reset serves POST /password/reset/:token.
func (a *Auth) reset(c *fiber.Ctx) error {
	c.Set("Referrer-Policy", "no-referrer")
	_, err := a.acc.ResetPassword(c.UserContext(), c.Params("token"), c.FormValue("password"))
	var verr *accounts.ValidationError
	switch {
	case errors.Is(err, accounts.ErrInvalidToken):
		return a.invalidLink(c, "auth.reset.new_link", "/password/forgot")
	case errors.As(err, &verr):
		return a.render(c, fiber.StatusUnprocessableEntity, auth.Form(a.resetPage(c, fieldErr(c, verr, "password"))))
	case err != nil:
		return a.unavailable(c, "reset password", err)
	}
	// Every session ended with the reset, including any this browser had.
	a.sessions.ClearCookie(c)
	return a.message(c, fiber.StatusOK, auth.MessagePage{TestID: "reset-ok", OK: true, Heading: "auth.reset.ok_title",
		Message: "auth.reset.ok", ActionText: "auth.login.meta", ActionURL: "/login"})
}

// --- security settings ---

// securityPage builds /account/security with the given field errors and values.
func (a *Auth) securityPage(c *fiber.Ctx, u *models.User) auth.SecurityPage {
	np := web.Field("new-password", "new_password", "auth.field.new_password", "password", "new-password", "", "")
	np.Hint = newPasswordHint(c)
	return auth.SecurityPage{Meta: a.meta(c, "auth.security.title"), CSRF: web.CSRFToken(c), Email: u.Email, Verified: u.Verified(),
		CurrentPassword: web.Field("current-password", "current_password", "auth.field.current_password", "password", "current-password", "", ""),
		NewPassword:     np,
		NewEmail:        web.Field("new-email", "email", "auth.field.new_email", "email", "email", "", ""),
		EmailPassword:   web.Field("email-password", "password", "auth.field.your_password", "password", "current-password", "", ""),
	}
}

// security serves GET /account/security; ?done= shows what the last change did (post/redirect/get).
func (a *Auth) security(c *fiber.Ctx) error {
	p := a.securityPage(c, web.CurrentUser(c))
	switch c.Query("done") {
	case "password":
		p.Notice = "auth.security.password_changed"
	case "email":
		p.Notice = "auth.security.email_sent"
	}
	return a.render(c, fiber.StatusOK, auth.Security(p))
}

// securitySubmit serves POST /account/security; the hidden "form" field says which form was sent.
func (a *Auth) securitySubmit(c *fiber.Ctx) error {
	u, ctx := web.CurrentUser(c), c.UserContext()
	p := a.securityPage(c, u)
	var verr *accounts.ValidationError
	switch c.FormValue("form") {
	case "password":
		err := a.acc.ChangePassword(ctx, u.ID, c.Cookies(web.SessionCookie), c.FormValue("current_password"), c.FormValue("new_password"))
		switch {
		case errors.Is(err, accounts.ErrThrottled):
			p.PasswordError = loginThrottle
			return a.render(c, fiber.StatusTooManyRequests, auth.Security(p))
		case errors.As(err, &verr):
			p.CurrentPassword.Error, p.NewPassword.Error = fieldErr(c, verr, "current_password"), fieldErr(c, verr, "new_password")
			return a.render(c, fiber.StatusUnprocessableEntity, auth.Security(p))
		case err != nil:
			return a.unavailable(c, "change password", err)
		}
		return c.Redirect("/account/security?done=password", fiber.StatusSeeOther)
	case "email":
		newEmail := c.FormValue("email")
		token, err := a.acc.RequestEmailChange(ctx, u.ID, newEmail, c.FormValue("password"))
		switch {
		case errors.Is(err, accounts.ErrThrottled):
			p.NewEmail.Value, p.EmailError = newEmail, loginThrottle
			return a.render(c, fiber.StatusTooManyRequests, auth.Security(p))
		case errors.As(err, &verr):
			p.NewEmail.Value = newEmail
			p.NewEmail.Error, p.EmailPassword.Error = fieldErr(c, verr, "email"), fieldErr(c, verr, "password")
			return a.render(c, fiber.StatusUnprocessableEntity, auth.Security(p))
		case err != nil:
			return a.unavailable(c, "request email change", err)
		}
		to := accounts.NormalizeEmail(newEmail)
		if err := a.send(a.inLanguage(ctx, u.Language), to, "change-email:"+u.ID+":"+tokenKey(token),
			emails.ChangeEmail{Name: u.Name, NewEmail: to, Link: a.link("/email/confirm/" + token)}); err != nil {
			return a.unavailable(c, "queue email-change mail", err)
		}
		return c.Redirect("/account/security?done=email", fiber.StatusSeeOther)
	}
	return a.errPage(c, fiber.StatusBadRequest, "auth.security.bad_form_title", "auth.security.bad_form")
}

// confirmEmail serves GET /email/confirm/:token.
func (a *Auth) confirmEmail(c *fiber.Ctx) error {
	c.Set("Referrer-Policy", "no-referrer")
	u, err := a.acc.ConfirmEmailChange(c.UserContext(), c.Params("token"))
	switch {
	case errors.Is(err, accounts.ErrInvalidToken):
		return a.invalidLink(c, "auth.security.go", "/account/security")
	case errors.Is(err, models.ErrEmailTaken):
		return a.message(c, fiber.StatusConflict, auth.MessagePage{TestID: "email-taken", Heading: "auth.email.taken_title",
			Message:    "auth.email.taken",
			ActionText: "auth.security.go", ActionURL: "/account/security"})
	case err != nil:
		return a.unavailable(c, "confirm email change", err)
	}
	a.verified(c.UserContext(), u.ID, u.Email)
	return a.message(c, fiber.StatusOK, auth.MessagePage{TestID: "email-changed", OK: true, Heading: "auth.email.changed_title",
		Message: i18n.T(c.UserContext(), "auth.email.changed", "Email", u.Email), ActionText: "auth.go_account", ActionURL: AfterLoginPath})
}

// --- first-admin setup ---

// setupPage builds the first-admin form.
func (a *Auth) setupPage(c *fiber.Ctx, email, name string, verr *accounts.ValidationError) auth.FormPage {
	p := a.signupPage(c, email, name, verr)
	p.Meta, p.TestID = a.meta(c, "auth.setup.meta"), "setup-form"
	p.Heading, p.Intro = "auth.setup.heading", "auth.setup.intro"
	p.Action, p.Submit, p.Links = "/setup/"+c.Params("token"), "auth.setup.submit", nil
	return p
}

// setupUnavailable explains why a setup link has nothing to do.
func (a *Auth) setupUnavailable(c *fiber.Ctx, err error) error {
	if errors.Is(err, accounts.ErrSetupDone) {
		return a.message(c, fiber.StatusGone, auth.MessagePage{TestID: "setup-done", Heading: "auth.setup.done_title",
			Message: "auth.setup.done", ActionText: "auth.login.meta", ActionURL: "/login"})
	}
	return a.invalidLink(c, "auth.login.meta", "/login")
}

// setupForm serves GET /setup/:token.
func (a *Auth) setupForm(c *fiber.Ctx) error {
	c.Set("Referrer-Policy", "no-referrer")
	err := a.acc.CheckSetupToken(c.UserContext(), c.Params("token"))
	switch {
	case errors.Is(err, accounts.ErrInvalidToken), errors.Is(err, accounts.ErrSetupDone):
		return a.setupUnavailable(c, err)
	case err != nil:
		return a.unavailable(c, "check setup token", err)
	}
	return a.render(c, fiber.StatusOK, auth.Form(a.setupPage(c, "", "", nil)))
}

// setup serves POST /setup/:token and logs the new admin in.
func (a *Auth) setup(c *fiber.Ctx) error {
	c.Set("Referrer-Policy", "no-referrer")
	email, name, password := c.FormValue("email"), c.FormValue("name"), c.FormValue("password")
	ctx := c.UserContext()
	_, err := a.acc.CompleteSetup(ctx, c.Params("token"), email, name, password)
	var verr *accounts.ValidationError
	switch {
	case errors.Is(err, accounts.ErrInvalidToken), errors.Is(err, accounts.ErrSetupDone):
		return a.setupUnavailable(c, err)
	case errors.As(err, &verr):
		return a.render(c, fiber.StatusUnprocessableEntity, auth.Form(a.setupPage(c, email, name, verr)))
	case err != nil:
		return a.unavailable(c, "complete setup", err)
	}
	s, err := a.acc.Login(ctx, email, password, c.IP(), c.Get(fiber.HeaderUserAgent))
	if err != nil {
		a.log.Warn("login after setup", "err", err)
		return c.Redirect("/login", fiber.StatusSeeOther)
	}
	a.startSession(c, s)
	return c.Redirect(AfterLoginPath, fiber.StatusSeeOther)
}
