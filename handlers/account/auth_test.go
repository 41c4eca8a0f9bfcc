package account_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/handlers/account"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// cheapArgon keeps every hash in these tests to microseconds; the cost rules are tested in accounts.
var cheapArgon = accounts.Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// testPassword passes the password rules.
const testPassword = "correct horse battery"

// authEnv is the wired service with a browser-like client: session cookie and CSRF token.
type authEnv struct {
	app    *fiber.App
	svc    *accounts.Service
	outbox *models.OutboxStore
	store  *models.AccountStore
	// csrf is a form token the service issued, sent with every form post.
	csrf string
	// wired is the service under test.
	wired *app.App
}

// newAuthEnv wires the whole service (apptest.New) with opts for the accounts service.
func newAuthEnv(t *testing.T, db *database.DB, opts ...accounts.Option) *authEnv {
	t.Helper()
	a := apptest.New(t, db, apptest.Options{Accounts: opts})
	return &authEnv{app: a.HTTP, svc: a.Accounts, outbox: a.Stores.Outbox, store: a.Stores.Accounts, csrf: apptest.FormToken(t, a.HTTP), wired: a}
}

// authPage is a response with its parsed HTML and the session cookie it set, if any.
type authPage struct {
	page
	location string
	// cookie is the cc_session value set ("" when none was set; see cleared).
	cookie  string
	cleared bool
	raw     string // the Set-Cookie header of cc_session
	// device is the device cookie set, nil when none was.
	device *http.Cookie
}

// send runs method path with form values (nil = no body) and the session cookie.
func (e *authEnv) send(t *testing.T, method, path string, form url.Values, cookie string) authPage {
	t.Helper()
	return e.sendDevice(t, method, path, form, cookie, "")
}

// sendDevice is send from a browser holding the device cookie device ("" = none).
func (e *authEnv) sendDevice(t *testing.T, method, path string, form url.Values, cookie, device string) authPage {
	t.Helper()
	var body io.Reader
	if form != nil {
		form.Set("_csrf", e.csrf)
		body = strings.NewReader(form.Encode())
	}
	req := httptest.NewRequest(method, path, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: web.SessionCookie, Value: cookie})
	}
	if device != "" {
		req.AddCookie(&http.Cookie{Name: account.DeviceCookie, Value: device})
	}
	req.AddCookie(&http.Cookie{Name: apptest.CSRFCookie, Value: e.csrf})
	resp, err := e.app.Test(req, 30_000)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	p := authPage{page: page{status: resp.StatusCode, header: resp.Header, body: string(b), doc: doc}, location: resp.Header.Get("Location")}
	for _, c := range resp.Cookies() {
		if c.Name == web.SessionCookie {
			p.cookie, p.cleared = c.Value, c.Value == ""
		}
		if c.Name == account.DeviceCookie {
			p.device = c
		}
	}
	for _, h := range resp.Header.Values("Set-Cookie") {
		if strings.HasPrefix(h, web.SessionCookie+"=") {
			p.raw = h
		}
	}
	return p
}

// get fetches path with the cookie.
func (e *authEnv) get(t *testing.T, path, cookie string) authPage {
	t.Helper()
	return e.send(t, http.MethodGet, path, nil, cookie)
}

// post submits form to path with the cookie.
func (e *authEnv) post(t *testing.T, path string, form url.Values, cookie string) authPage {
	t.Helper()
	return e.send(t, http.MethodPost, path, form, cookie)
}

// login logs in and returns the new session cookie, failing unless it worked.
func (e *authEnv) login(t *testing.T, email, password, cookie string) string {
	t.Helper()
	p := e.post(t, "/login", url.Values{"email": {email}, "password": {password}}, cookie)
	if p.status != fiber.StatusSeeOther || p.cookie == "" {
		t.Fatalf("login %s: status %d, cookie %q; page: %.300s", email, p.status, p.cookie, p.body)
	}
	return p.cookie
}

// loggedIn reports whether cookie still opens /account.
func (e *authEnv) loggedIn(t *testing.T, cookie string) bool {
	t.Helper()
	p := e.get(t, "/account", cookie)
	return p.status == fiber.StatusOK
}

// newUser signs up directly through the service and verifies nothing.
func (e *authEnv) newUser(t *testing.T, email string) *models.User {
	t.Helper()
	u, _, err := e.svc.SignUp(context.Background(), email, testPassword, "Test User")
	if err != nil {
		t.Fatal(err)
	}
	return u
}

var linkRE = regexp.MustCompile(`https://claimcheck\.test(/[^\s]+)`)

// mailTo returns the newest outbox mail to addr whose dedupe key starts with prefix, and the path
// of its link.
func (e *authEnv) mailTo(t *testing.T, addr, prefix string) (models.OutboxMail, string) {
	t.Helper()
	ms, err := e.outbox.List(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.ToAddr == addr && strings.HasPrefix(m.DedupeKey, prefix) {
			match := linkRE.FindStringSubmatch(m.TextBody)
			if match == nil {
				t.Fatalf("mail %s has no link: %s", m.DedupeKey, m.TextBody)
			}
			return m, match[1]
		}
	}
	t.Fatalf("no %s* mail to %s among %d", prefix, addr, len(ms))
	return models.OutboxMail{}, ""
}

// countMail counts outbox mails whose dedupe key starts with prefix.
func (e *authEnv) countMail(t *testing.T, prefix string) int {
	t.Helper()
	ms, err := e.outbox.List(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range ms {
		if strings.HasPrefix(m.DedupeKey, prefix) {
			n++
		}
	}
	return n
}

func TestSignupVerifyAndLogin(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAuthEnv(t, db)

		form := e.get(t, "/signup", "")
		form.wantStatus(t, fiber.StatusOK)
		form.find(t, `form[data-testid=signup-form] input[type=hidden][name=_csrf]`)
		for _, id := range []string{"signup-email", "signup-name", "signup-password"} {
			form.find(t, `label[for=`+id+`]`)
		}
		form.find(t, `[data-testid=nav-login]`)

		// Invalid input: errors beside fields, email and name kept, password not.
		bad := e.post(t, "/signup", url.Values{"email": {"not-an-email"}, "name": {"Ada"}, "password": {"short"}}, "")
		bad.wantStatus(t, fiber.StatusUnprocessableEntity)
		bad.find(t, `[data-testid=email-error]`)
		bad.find(t, `[data-testid=password-error]`)
		if v, _ := bad.find(t, `#signup-email`).Attr("value"); v != "not-an-email" {
			t.Errorf("email not kept: %q", v)
		}
		if v, _ := bad.find(t, `#signup-name`).Attr("value"); v != "Ada" {
			t.Errorf("name not kept: %q", v)
		}
		if v, _ := bad.find(t, `#signup-password`).Attr("value"); v != "" {
			t.Errorf("password sent back: %q", v)
		}

		ok := e.post(t, "/signup", url.Values{"email": {"Ada@Example.com"}, "name": {"Ada"}, "password": {testPassword}}, "")
		if ok.status != fiber.StatusSeeOther || ok.location != "/account" || ok.cookie == "" {
			t.Fatalf("signup: %d → %q cookie %q", ok.status, ok.location, ok.cookie)
		}
		for _, want := range []string{"HttpOnly", "SameSite=Lax", "Secure", "Path=/"} {
			if !strings.Contains(strings.ToLower(ok.raw), strings.ToLower(want)) {
				t.Errorf("cookie %q lacks %s", ok.raw, want)
			}
		}
		if !e.loggedIn(t, ok.cookie) {
			t.Fatal("not logged in after sign-up")
		}
		m, link := e.mailTo(t, "ada@example.com", "verify:")
		if m.Subject != "Confirm your email address" || !strings.HasPrefix(link, "/verify/") {
			t.Fatalf("verify mail %q link %q", m.Subject, link)
		}
		v := e.get(t, link, "")
		v.wantStatus(t, fiber.StatusOK)
		v.find(t, `[data-testid=verify-ok]`)
		u, err := e.store.UserByEmail(context.Background(), "ada@example.com")
		if err != nil || !u.Verified() {
			t.Fatalf("user not verified: %v", err)
		}
		again := e.get(t, link, "")
		again.wantStatus(t, fiber.StatusBadRequest)
		again.find(t, `[data-testid=link-invalid]`)

		// A second sign-up with the address: same inbox page, no login, a mail to the owner.
		dup := e.post(t, "/signup", url.Values{"email": {"ada@example.com"}, "name": {"Eve"}, "password": {"another fine passphrase"}}, "")
		dup.wantStatus(t, fiber.StatusOK)
		dup.find(t, `[data-testid=signup-check-inbox]`)
		if dup.cookie != "" {
			t.Error("duplicate sign-up logged in")
		}
		if n := e.countMail(t, "signup-exists:"); n != 1 {
			t.Errorf("%d account-exists mails", n)
		}
		e.post(t, "/signup", url.Values{"email": {"ada@example.com"}, "name": {"Eve"}, "password": {"another fine passphrase"}}, "")
		if n := e.countMail(t, "signup-exists:"); n != 1 {
			t.Errorf("repeated sign-ups sent %d account-exists mails, want 1 an hour", n)
		}

		// Logged in, the header offers the account and a log-out form carrying the CSRF field.
		sec := e.get(t, "/account/security", ok.cookie)
		sec.wantStatus(t, fiber.StatusOK)
		sec.find(t, `[data-testid=nav-account]`)
		sec.find(t, `form[data-testid=logout-form][method=post][action="/logout"] input[name=_csrf]`)
	})
}

func TestResendVerification(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAuthEnv(t, db)
		e.newUser(t, "bob@example.com")
		c := e.login(t, "bob@example.com", testPassword, "")
		if p := e.post(t, "/verify/resend", url.Values{}, ""); p.status != fiber.StatusSeeOther || !strings.HasPrefix(p.location, "/login") {
			t.Errorf("anonymous resend: %d %q", p.status, p.location)
		}
		p := e.post(t, "/verify/resend", url.Values{}, c)
		p.wantStatus(t, fiber.StatusOK)
		_, link := e.mailTo(t, "bob@example.com", "verify:")
		e.get(t, link, "").wantStatus(t, fiber.StatusOK)
	})
}

func TestLoginFailuresLookAlike(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAuthEnv(t, db)
		e.newUser(t, "carol@example.com")
		wrong := e.post(t, "/login", url.Values{"email": {"carol@example.com"}, "password": {"wrong password!"}}, "")
		unknown := e.post(t, "/login", url.Values{"email": {"nobody@example.com"}, "password": {"wrong password!"}}, "")
		if wrong.status != unknown.status || wrong.status != fiber.StatusUnprocessableEntity {
			t.Errorf("statuses %d and %d", wrong.status, unknown.status)
		}
		if a, b := wrong.text(t, `[data-testid=form-error]`), unknown.text(t, `[data-testid=form-error]`); a != b || a == "" {
			t.Errorf("messages differ: %q vs %q", a, b)
		}
		if wrong.cookie != "" || unknown.cookie != "" {
			t.Error("failed login set a cookie")
		}
		if v, _ := wrong.find(t, `#login-email`).Attr("value"); v != "carol@example.com" {
			t.Errorf("email not kept: %q", v)
		}
		if v, _ := wrong.find(t, `#login-password`).Attr("value"); v != "" {
			t.Errorf("password sent back: %q", v)
		}
	})
}

// TestLoginThrottled checks a throttled login answers 429 with the wait from the throttle, in the
// Retry-After header and in words, and offers an unlock link by mail.
func TestLoginThrottled(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		clock := &testClock{t: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
		e := newAuthEnv(t, db, accounts.WithLoginLimits(3, 50, 15*time.Minute), accounts.WithClock(clock.now))
		e.newUser(t, "dan@example.com")
		wrong := url.Values{"email": {"dan@example.com"}, "password": {"nope nope nope"}}
		for range 3 {
			e.post(t, "/login", wrong, "").wantStatus(t, fiber.StatusUnprocessableEntity)
		}
		// Three failures are free; the next attempt must wait 2 s, and after one more failure 4 s.
		e.post(t, "/login", wrong, "").wantStatus(t, fiber.StatusTooManyRequests)
		clock.add(2 * time.Second)
		e.post(t, "/login", wrong, "").wantStatus(t, fiber.StatusUnprocessableEntity)
		last := e.post(t, "/login", wrong, "")
		last.wantStatus(t, fiber.StatusTooManyRequests)
		if got := last.header.Get("Retry-After"); got != "4" {
			t.Errorf("Retry-After %q, want 4", got)
		}
		if msg := last.text(t, `[data-testid=form-error]`); !strings.Contains(msg, "try again in 4 seconds") {
			t.Errorf("message %q", msg)
		}
		offer := last.find(t, `form[data-testid=unlock-form][method=post][action="/login/unlock"]`)
		if v, _ := offer.Find(`input[name=_csrf]`).Attr("value"); v != e.csrf {
			t.Errorf("unlock form CSRF %q", v)
		}
		if v, _ := offer.Find(`input[name=email]`).Attr("value"); v != "dan@example.com" {
			t.Errorf("unlock form email %q", v)
		}
		// The right password does not get through the throttle either, and reads the same.
		right := e.post(t, "/login", url.Values{"email": {"dan@example.com"}, "password": {testPassword}}, "")
		right.wantStatus(t, fiber.StatusTooManyRequests)
		if right.cookie != "" || right.device != nil {
			t.Error("throttled login set a cookie")
		}
		clock.add(4 * time.Second)
		e.login(t, "dan@example.com", testPassword, "")
	})
}

// testClock is a clock the test moves.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *testClock) add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

func TestSessionFixationAndLogout(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAuthEnv(t, db)
		e.newUser(t, "erin@example.com")

		// A made-up cookie is cleared and does not log anyone in.
		planted := e.get(t, "/account", "attacker-chosen-token")
		if planted.status != fiber.StatusSeeOther || !planted.cleared {
			t.Errorf("planted cookie: %d cleared=%v", planted.status, planted.cleared)
		}

		first := e.login(t, "erin@example.com", testPassword, "")
		second := e.login(t, "erin@example.com", testPassword, first)
		if first == second {
			t.Fatal("login kept the session token the browser presented")
		}
		if e.loggedIn(t, first) {
			t.Error("the token presented at login still works")
		}
		if !e.loggedIn(t, second) {
			t.Fatal("new session does not work")
		}
		out := e.post(t, "/logout", url.Values{}, second)
		if out.status != fiber.StatusSeeOther || !out.cleared {
			t.Errorf("logout: %d cleared=%v", out.status, out.cleared)
		}
		if e.loggedIn(t, second) {
			t.Error("session works after logout")
		}
	})
}

func TestLogoutEverywhere(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAuthEnv(t, db)
		e.newUser(t, "fay@example.com")
		laptop := e.login(t, "fay@example.com", testPassword, "")
		phone := e.login(t, "fay@example.com", testPassword, "")
		p := e.post(t, "/logout-everywhere", url.Values{}, laptop)
		if p.status != fiber.StatusSeeOther || !p.cleared {
			t.Fatalf("logout everywhere: %d", p.status)
		}
		if e.loggedIn(t, laptop) || e.loggedIn(t, phone) {
			t.Error("a session survived logging out everywhere")
		}
	})
}

func TestRequireUserAndRole(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAuthEnv(t, db)
		anon := e.get(t, "/account?tab=keys", "")
		if anon.status != fiber.StatusSeeOther || anon.location != "/login?next="+url.QueryEscape("/account?tab=keys") {
			t.Errorf("anonymous: %d %q", anon.status, anon.location)
		}
		if p := e.get(t, "/admin", ""); p.status != fiber.StatusSeeOther || !strings.HasPrefix(p.location, "/login?next=") {
			t.Errorf("anonymous admin: %d %q", p.status, p.location)
		}
		e.newUser(t, "gus@example.com")
		user := e.login(t, "gus@example.com", testPassword, "")
		forbidden := e.get(t, "/admin", user)
		forbidden.wantStatus(t, fiber.StatusForbidden)
		forbidden.find(t, `[data-testid=error-page][data-status="403"]`)

		if _, err := e.svc.CreateAdmin(context.Background(), "root@example.com", "Root", testPassword); err != nil {
			t.Fatal(err)
		}
		admin := e.login(t, "root@example.com", testPassword, "")
		if p := e.get(t, "/admin", admin); p.status != fiber.StatusOK || !strings.Contains(p.body, `href="/admin/users"`) {
			t.Errorf("admin: %d %.300q", p.status, p.body)
		}
	})
}

func TestLoginNextIsLocalOnly(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAuthEnv(t, db)
		e.newUser(t, "hal@example.com")
		for next, want := range map[string]string{
			"//evil.com":            "/account",
			"https://evil.com/x":    "/account",
			"/\\evil.com":           "/account",
			"javascript:alert(1)":   "/account",
			"/claims?verdict=dogru": "/claims?verdict=dogru",
			"":                      "/account",
		} {
			p := e.post(t, "/login", url.Values{"email": {"hal@example.com"}, "password": {testPassword}, "next": {next}}, "")
			if p.status != fiber.StatusSeeOther || p.location != want {
				t.Errorf("next %q: %d → %q, want %q", next, p.status, p.location, want)
			}
		}
		form := e.get(t, "/login?next="+url.QueryEscape("//evil.com"), "")
		if form.doc.Find(`input[name=next]`).Length() != 0 {
			t.Error("login form carries an off-site next")
		}
		form = e.get(t, "/login?next="+url.QueryEscape("/account/security"), "")
		if v, _ := form.find(t, `input[name=next]`).Attr("value"); v != "/account/security" {
			t.Errorf("next %q", v)
		}
	})
}

func TestSafeNext(t *testing.T) {
	for in, want := range map[string]string{
		"/a": "/a", "/a?b=c#d": "/a?b=c#d", "//x.com": "", "/\\x.com": "", "http://x.com": "", "x": "",
		"/a\nb": "", "": "", "/%2F%2Fx.com": "/%2F%2Fx.com",
	} {
		if got := web.SafeNext(in); got != want {
			t.Errorf("SafeNext(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestForgotAndResetPassword(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAuthEnv(t, db)
		e.newUser(t, "ivy@example.com")
		old := e.login(t, "ivy@example.com", testPassword, "")

		e.get(t, "/password/forgot", "").find(t, `form[data-testid=forgot-form] input[name=_csrf]`)
		known := e.post(t, "/password/forgot", url.Values{"email": {"ivy@example.com"}}, "")
		unknown := e.post(t, "/password/forgot", url.Values{"email": {"nobody@example.com"}}, "")
		known.wantStatus(t, fiber.StatusOK)
		if a, b := known.text(t, `[data-testid=message]`), unknown.text(t, `[data-testid=message]`); a != b || unknown.status != known.status {
			t.Errorf("forgot answers differ: %q vs %q", a, b)
		}
		if n := e.countMail(t, "reset:"); n != 1 {
			t.Fatalf("%d reset mails, want 1", n)
		}
		_, link := e.mailTo(t, "ivy@example.com", "reset:")
		form := e.get(t, link, "")
		form.wantStatus(t, fiber.StatusOK)
		if form.header.Get("Referrer-Policy") != "no-referrer" {
			t.Error("reset page may leak its token in Referer")
		}
		weak := e.post(t, link, url.Values{"password": {"short"}}, "")
		weak.wantStatus(t, fiber.StatusUnprocessableEntity)
		weak.find(t, `[data-testid=password-error]`)

		done := e.post(t, link, url.Values{"password": {"a brand new passphrase"}}, "")
		done.wantStatus(t, fiber.StatusOK)
		done.find(t, `[data-testid=reset-ok]`)
		if e.loggedIn(t, old) {
			t.Error("old session survived the reset")
		}
		e.login(t, "ivy@example.com", "a brand new passphrase", "")
		e.post(t, link, url.Values{"password": {"yet another passphrase"}}, "").wantStatus(t, fiber.StatusBadRequest)
	})
}

func TestChangePasswordRevokesOtherSessions(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAuthEnv(t, db)
		e.newUser(t, "jo@example.com")
		here := e.login(t, "jo@example.com", testPassword, "")
		there := e.login(t, "jo@example.com", testPassword, "")

		page := e.get(t, "/account/security", here)
		page.wantStatus(t, fiber.StatusOK)
		page.find(t, `form[data-testid=password-form] input[name=_csrf]`)
		page.find(t, `form[data-testid=email-form] input[name=_csrf]`)

		wrong := e.post(t, "/account/security", url.Values{"form": {"password"}, "current_password": {"not my password"}, "new_password": {"a brand new passphrase"}}, here)
		wrong.wantStatus(t, fiber.StatusUnprocessableEntity)
		wrong.find(t, `[data-testid=current_password-error]`)

		ok := e.post(t, "/account/security", url.Values{"form": {"password"}, "current_password": {testPassword}, "new_password": {"a brand new passphrase"}}, here)
		if ok.status != fiber.StatusSeeOther {
			t.Fatalf("change password: %d %.300s", ok.status, ok.body)
		}
		if !e.loggedIn(t, here) {
			t.Error("the session that changed the password was logged out")
		}
		if e.loggedIn(t, there) {
			t.Error("another session survived the password change")
		}
		e.get(t, ok.location, here).find(t, `[data-testid=notice]`)
	})
}

func TestChangeEmail(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAuthEnv(t, db)
		e.newUser(t, "kim@example.com")
		c := e.login(t, "kim@example.com", testPassword, "")
		noPw := e.post(t, "/account/security", url.Values{"form": {"email"}, "email": {"kim@new.example"}, "password": {"wrong password"}}, c)
		noPw.wantStatus(t, fiber.StatusUnprocessableEntity)
		if v, _ := noPw.find(t, `#new-email`).Attr("value"); v != "kim@new.example" {
			t.Errorf("new email not kept: %q", v)
		}
		noPw.find(t, `[data-testid=password-error]`)

		p := e.post(t, "/account/security", url.Values{"form": {"email"}, "email": {"Kim@New.example"}, "password": {testPassword}}, c)
		if p.status != fiber.StatusSeeOther {
			t.Fatalf("change email: %d %.300s", p.status, p.body)
		}
		m, link := e.mailTo(t, "kim@new.example", "change-email:")
		if !strings.HasPrefix(link, "/email/confirm/") || !strings.Contains(m.TextBody, "kim@new.example") {
			t.Fatalf("mail %q link %q", m.TextBody, link)
		}
		e.get(t, link, "").find(t, `[data-testid=email-changed]`)
		if _, err := e.store.UserByEmail(context.Background(), "kim@new.example"); err != nil {
			t.Errorf("email not changed: %v", err)
		}
		e.get(t, link, "").wantStatus(t, fiber.StatusBadRequest)
	})
}

func TestSetupCreatesFirstAdminOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAuthEnv(t, db)
		link, created, err := e.svc.EnsureSetupLink(context.Background(), testBaseURL)
		if err != nil || !created {
			t.Fatalf("setup link: %v %v", created, err)
		}
		path := strings.TrimPrefix(link, testBaseURL)
		e.get(t, "/setup/not-a-token", "").wantStatus(t, fiber.StatusBadRequest)
		form := e.get(t, path, "")
		form.wantStatus(t, fiber.StatusOK)
		form.find(t, `form[data-testid=setup-form] input[name=_csrf]`)

		bad := e.post(t, path, url.Values{"email": {"root@example.com"}, "name": {"Root"}, "password": {"123"}}, "")
		bad.wantStatus(t, fiber.StatusUnprocessableEntity)

		ok := e.post(t, path, url.Values{"email": {"root@example.com"}, "name": {"Root"}, "password": {testPassword}}, "")
		if ok.status != fiber.StatusSeeOther || ok.cookie == "" {
			t.Fatalf("setup: %d %.300s", ok.status, ok.body)
		}
		if p := e.get(t, "/admin", ok.cookie); p.status != fiber.StatusOK {
			t.Errorf("new admin cannot open /admin: %d", p.status)
		}
		again := e.post(t, path, url.Values{"email": {"eve@example.com"}, "name": {"Eve"}, "password": {testPassword}}, "")
		if again.status == fiber.StatusSeeOther || again.cookie != "" {
			t.Fatalf("setup link worked twice: %d", again.status)
		}
		if _, err := e.store.UserByEmail(context.Background(), "eve@example.com"); err == nil {
			t.Error("second admin created")
		}
	})
}
