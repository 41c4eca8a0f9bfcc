package account_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/gofiber/fiber/v2"
)

func TestSignupVerifyAndLogin(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := apptest.Open(t, db, apptest.Options{})

		form := e.Get(t, "/signup", "")
		form.WantStatus(t, fiber.StatusOK)
		form.Find(t, `form[data-testid=signup-form] input[type=hidden][name=_csrf]`)
		for _, id := range []string{"signup-email", "signup-name", "signup-password"} {
			form.Find(t, `label[for=`+id+`]`)
		}
		form.Find(t, `[data-testid=nav-login]`)

		// Invalid input: errors beside fields, email and name kept, password not.
		bad := e.Post(t, "/signup", url.Values{"email": {"not-an-email"}, "name": {"Ada"}, "password": {"short"}}, "")
		bad.WantStatus(t, fiber.StatusUnprocessableEntity)
		bad.Find(t, `[data-testid=email-error]`)
		bad.Find(t, `[data-testid=password-error]`)
		if v, _ := bad.Find(t, `#signup-email`).Attr("value"); v != "not-an-email" {
			t.Errorf("email not kept: %q", v)
		}
		if v, _ := bad.Find(t, `#signup-name`).Attr("value"); v != "Ada" {
			t.Errorf("name not kept: %q", v)
		}
		if v, _ := bad.Find(t, `#signup-password`).Attr("value"); v != "" {
			t.Errorf("password sent back: %q", v)
		}

		ok := e.Post(t, "/signup", url.Values{"email": {"Ada@Example.com"}, "name": {"Ada"}, "password": {apptest.TestPassword}}, "")
		if ok.Status != fiber.StatusSeeOther || ok.Location != "/account" || ok.Cookie == "" {
			t.Fatalf("signup: %d → %q cookie %q", ok.Status, ok.Location, ok.Cookie)
		}
		for _, want := range []string{"HttpOnly", "SameSite=Lax", "Secure", "Path=/"} {
			if !strings.Contains(strings.ToLower(ok.RawCookie), strings.ToLower(want)) {
				t.Errorf("cookie %q lacks %s", ok.RawCookie, want)
			}
		}
		if !e.LoggedIn(t, ok.Cookie) {
			t.Fatal("not logged in after sign-up")
		}
		m, link := e.MailTo(t, "ada@example.com", "verify:")
		if m.Subject != "Confirm your email address" || !strings.HasPrefix(link, "/verify/") {
			t.Fatalf("verify mail %q link %q", m.Subject, link)
		}
		v := e.Get(t, link, "")
		v.WantStatus(t, fiber.StatusOK)
		v.Find(t, `[data-testid=verify-ok]`)
		u, err := e.App.Stores.Accounts.UserByEmail(context.Background(), "ada@example.com")
		if err != nil || !u.Verified() {
			t.Fatalf("user not verified: %v", err)
		}
		// Re-opening the used link says the address is confirmed, not that the link is invalid.
		again := e.Get(t, link, "")
		again.WantStatus(t, fiber.StatusOK)
		if got := again.Text(t, `[data-testid=verify-already]`); !strings.Contains(got, "already confirmed") || strings.Contains(got, "invalid") {
			t.Fatalf("re-opened link says %q", got)
		}
		// A link that never existed is still invalid.
		bogus := e.Get(t, "/verify/not-a-real-token-at-all", "")
		bogus.WantStatus(t, fiber.StatusBadRequest)
		bogus.Find(t, `[data-testid=link-invalid]`)

		// A second sign-up with the address: same inbox page, no login, a mail to the owner.
		dup := e.Post(t, "/signup", url.Values{"email": {"ada@example.com"}, "name": {"Eve"}, "password": {"another fine passphrase"}}, "")
		dup.WantStatus(t, fiber.StatusOK)
		dup.Find(t, `[data-testid=signup-check-inbox]`)
		if dup.Cookie != "" {
			t.Error("duplicate sign-up logged in")
		}
		if n := e.CountMail(t, "signup-exists:"); n != 1 {
			t.Errorf("%d account-exists mails", n)
		}
		e.Post(t, "/signup", url.Values{"email": {"ada@example.com"}, "name": {"Eve"}, "password": {"another fine passphrase"}}, "")
		if n := e.CountMail(t, "signup-exists:"); n != 1 {
			t.Errorf("repeated sign-ups sent %d account-exists mails, want 1 an hour", n)
		}

		// Logged in, the header offers the account and a log-out form carrying the CSRF field.
		sec := e.Get(t, "/account/security", ok.Cookie)
		sec.WantStatus(t, fiber.StatusOK)
		sec.Find(t, `[data-testid=nav-account]`)
		sec.Find(t, `form[data-testid=logout-form][method=post][action="/logout"] input[name=_csrf]`)
	})
}

func TestResendVerification(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := apptest.Open(t, db, apptest.Options{})
		e.NewUser(t, "bob@example.com")
		c := e.Login(t, "bob@example.com", apptest.TestPassword, "")
		if p := e.Post(t, "/verify/resend", url.Values{}, ""); p.Status != fiber.StatusSeeOther || !strings.HasPrefix(p.Location, "/login") {
			t.Errorf("anonymous resend: %d %q", p.Status, p.Location)
		}
		p := e.Post(t, "/verify/resend", url.Values{}, c)
		p.WantStatus(t, fiber.StatusOK)
		_, link := e.MailTo(t, "bob@example.com", "verify:")
		e.Get(t, link, "").WantStatus(t, fiber.StatusOK)
	})
}

func TestLoginFailuresLookAlike(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := apptest.Open(t, db, apptest.Options{})
		e.NewUser(t, "carol@example.com")
		wrong := e.Post(t, "/login", url.Values{"email": {"carol@example.com"}, "password": {"wrong password!"}}, "")
		unknown := e.Post(t, "/login", url.Values{"email": {"nobody@example.com"}, "password": {"wrong password!"}}, "")
		if wrong.Status != unknown.Status || wrong.Status != fiber.StatusUnprocessableEntity {
			t.Errorf("statuses %d and %d", wrong.Status, unknown.Status)
		}
		if a, b := wrong.Text(t, `[data-testid=form-error]`), unknown.Text(t, `[data-testid=form-error]`); a != b || a == "" {
			t.Errorf("messages differ: %q vs %q", a, b)
		}
		if wrong.Cookie != "" || unknown.Cookie != "" {
			t.Error("failed login set a cookie")
		}
		if v, _ := wrong.Find(t, `#login-email`).Attr("value"); v != "carol@example.com" {
			t.Errorf("email not kept: %q", v)
		}
		if v, _ := wrong.Find(t, `#login-password`).Attr("value"); v != "" {
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

func TestSessionFixationAndLogout(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := apptest.Open(t, db, apptest.Options{})
		e.NewUser(t, "erin@example.com")

		// A made-up cookie is cleared and does not log anyone in.
		planted := e.Get(t, "/account", "attacker-chosen-token")
		if planted.Status != fiber.StatusSeeOther || !planted.Cleared {
			t.Errorf("planted cookie: %d cleared=%v", planted.Status, planted.Cleared)
		}

		first := e.Login(t, "erin@example.com", apptest.TestPassword, "")
		second := e.Login(t, "erin@example.com", apptest.TestPassword, first)
		if first == second {
			t.Fatal("login kept the session token the browser presented")
		}
		if e.LoggedIn(t, first) {
			t.Error("the token presented at login still works")
		}
		if !e.LoggedIn(t, second) {
			t.Fatal("new session does not work")
		}
		out := e.Post(t, "/logout", url.Values{}, second)
		if out.Status != fiber.StatusSeeOther || !out.Cleared {
			t.Errorf("logout: %d cleared=%v", out.Status, out.Cleared)
		}
		if e.LoggedIn(t, second) {
			t.Error("session works after logout")
		}
	})
}

func TestLogoutEverywhere(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := apptest.Open(t, db, apptest.Options{})
		e.NewUser(t, "fay@example.com")
		laptop := e.Login(t, "fay@example.com", apptest.TestPassword, "")
		phone := e.Login(t, "fay@example.com", apptest.TestPassword, "")
		p := e.Post(t, "/logout-everywhere", url.Values{}, laptop)
		if p.Status != fiber.StatusSeeOther || !p.Cleared {
			t.Fatalf("logout everywhere: %d", p.Status)
		}
		if e.LoggedIn(t, laptop) || e.LoggedIn(t, phone) {
			t.Error("a session survived logging out everywhere")
		}
	})
}

func TestRequireUserAndRole(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := apptest.Open(t, db, apptest.Options{})
		anon := e.Get(t, "/account?tab=keys", "")
		if anon.Status != fiber.StatusSeeOther || anon.Location != "/login?next="+url.QueryEscape("/account?tab=keys") {
			t.Errorf("anonymous: %d %q", anon.Status, anon.Location)
		}
		if p := e.Get(t, "/admin", ""); p.Status != fiber.StatusSeeOther || !strings.HasPrefix(p.Location, "/login?next=") {
			t.Errorf("anonymous admin: %d %q", p.Status, p.Location)
		}
		e.NewUser(t, "gus@example.com")
		user := e.Login(t, "gus@example.com", apptest.TestPassword, "")
		forbidden := e.Get(t, "/admin", user)
		forbidden.WantStatus(t, fiber.StatusForbidden)
		forbidden.Find(t, `[data-testid=error-page][data-status="403"]`)

		if _, err := e.App.Accounts.CreateAdmin(context.Background(), "root@example.com", "Root", apptest.TestPassword); err != nil {
			t.Fatal(err)
		}
		admin := e.Login(t, "root@example.com", apptest.TestPassword, "")
		if p := e.Get(t, "/admin", admin); p.Status != fiber.StatusOK || !strings.Contains(p.Body, `href="/admin/users"`) {
			t.Errorf("admin: %d %.300q", p.Status, p.Body)
		}
	})
}

func TestLoginNextIsLocalOnly(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := apptest.Open(t, db, apptest.Options{})
		e.NewUser(t, "hal@example.com")
		for next, want := range map[string]string{
			"//evil.com":            "/account",
			"https://evil.com/x":    "/account",
			"/\\evil.com":           "/account",
			"javascript:alert(1)":   "/account",
			"/claims?verdict=dogru": "/claims?verdict=dogru",
			"":                      "/account",
		} {
			p := e.Post(t, "/login", url.Values{"email": {"hal@example.com"}, "password": {apptest.TestPassword}, "next": {next}}, "")
			if p.Status != fiber.StatusSeeOther || p.Location != want {
				t.Errorf("next %q: %d → %q, want %q", next, p.Status, p.Location, want)
			}
		}
		form := e.Get(t, "/login?next="+url.QueryEscape("//evil.com"), "")
		if form.Doc.Find(`input[name=next]`).Length() != 0 {
			t.Error("login form carries an off-site next")
		}
		form = e.Get(t, "/login?next="+url.QueryEscape("/account/security"), "")
		if v, _ := form.Find(t, `input[name=next]`).Attr("value"); v != "/account/security" {
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
		e := apptest.Open(t, db, apptest.Options{})
		e.NewUser(t, "ivy@example.com")
		old := e.Login(t, "ivy@example.com", apptest.TestPassword, "")

		e.Get(t, "/password/forgot", "").Find(t, `form[data-testid=forgot-form] input[name=_csrf]`)
		known := e.Post(t, "/password/forgot", url.Values{"email": {"ivy@example.com"}}, "")
		unknown := e.Post(t, "/password/forgot", url.Values{"email": {"nobody@example.com"}}, "")
		known.WantStatus(t, fiber.StatusOK)
		if a, b := known.Text(t, `[data-testid=message]`), unknown.Text(t, `[data-testid=message]`); a != b || unknown.Status != known.Status {
			t.Errorf("forgot answers differ: %q vs %q", a, b)
		}
		if n := e.CountMail(t, "reset:"); n != 1 {
			t.Fatalf("%d reset mails, want 1", n)
		}
		_, link := e.MailTo(t, "ivy@example.com", "reset:")
		form := e.Get(t, link, "")
		form.WantStatus(t, fiber.StatusOK)
		if form.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Error("reset page may leak its token in Referer")
		}
		weak := e.Post(t, link, url.Values{"password": {"short"}}, "")
		weak.WantStatus(t, fiber.StatusUnprocessableEntity)
		weak.Find(t, `[data-testid=password-error]`)

		done := e.Post(t, link, url.Values{"password": {"a brand new passphrase"}}, "")
		done.WantStatus(t, fiber.StatusOK)
		done.Find(t, `[data-testid=reset-ok]`)
		if e.LoggedIn(t, old) {
			t.Error("old session survived the reset")
		}
		e.Login(t, "ivy@example.com", "a brand new passphrase", "")
		e.Post(t, link, url.Values{"password": {"yet another passphrase"}}, "").WantStatus(t, fiber.StatusBadRequest)
	})
}

func TestChangePasswordRevokesOtherSessions(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := apptest.Open(t, db, apptest.Options{})
		e.NewUser(t, "jo@example.com")
		here := e.Login(t, "jo@example.com", apptest.TestPassword, "")
		there := e.Login(t, "jo@example.com", apptest.TestPassword, "")

		page := e.Get(t, "/account/security", here)
		page.WantStatus(t, fiber.StatusOK)
		page.Find(t, `form[data-testid=password-form] input[name=_csrf]`)
		page.Find(t, `form[data-testid=email-form] input[name=_csrf]`)

		wrong := e.Post(t, "/account/security", url.Values{"form": {"password"}, "current_password": {"not my password"}, "new_password": {"a brand new passphrase"}}, here)
		wrong.WantStatus(t, fiber.StatusUnprocessableEntity)
		wrong.Find(t, `[data-testid=current_password-error]`)

		ok := e.Post(t, "/account/security", url.Values{"form": {"password"}, "current_password": {apptest.TestPassword}, "new_password": {"a brand new passphrase"}}, here)
		if ok.Status != fiber.StatusSeeOther {
			t.Fatalf("change password: %d %.300s", ok.Status, ok.Body)
		}
		if !e.LoggedIn(t, here) {
			t.Error("the session that changed the password was logged out")
		}
		if e.LoggedIn(t, there) {
			t.Error("another session survived the password change")
		}
		e.Get(t, ok.Location, here).Find(t, `[data-testid=notice]`)
	})
}

func TestChangeEmail(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := apptest.Open(t, db, apptest.Options{})
		e.NewUser(t, "kim@example.com")
		c := e.Login(t, "kim@example.com", apptest.TestPassword, "")
		noPw := e.Post(t, "/account/security", url.Values{"form": {"email"}, "email": {"kim@new.example"}, "password": {"wrong password"}}, c)
		noPw.WantStatus(t, fiber.StatusUnprocessableEntity)
		if v, _ := noPw.Find(t, `#new-email`).Attr("value"); v != "kim@new.example" {
			t.Errorf("new email not kept: %q", v)
		}
		noPw.Find(t, `[data-testid=password-error]`)

		p := e.Post(t, "/account/security", url.Values{"form": {"email"}, "email": {"Kim@New.example"}, "password": {apptest.TestPassword}}, c)
		if p.Status != fiber.StatusSeeOther {
			t.Fatalf("change email: %d %.300s", p.Status, p.Body)
		}
		m, link := e.MailTo(t, "kim@new.example", "change-email:")
		if !strings.HasPrefix(link, "/email/confirm/") || !strings.Contains(m.TextBody, "kim@new.example") {
			t.Fatalf("mail %q link %q", m.TextBody, link)
		}
		e.Get(t, link, "").Find(t, `[data-testid=email-changed]`)
		if _, err := e.App.Stores.Accounts.UserByEmail(context.Background(), "kim@new.example"); err != nil {
			t.Errorf("email not changed: %v", err)
		}
		e.Get(t, link, "").WantStatus(t, fiber.StatusBadRequest)
	})
}

func TestSetupCreatesFirstAdminOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := apptest.Open(t, db, apptest.Options{})
		link, created, err := e.App.Accounts.EnsureSetupLink(context.Background(), apptest.BaseURL)
		if err != nil || !created {
			t.Fatalf("setup link: %v %v", created, err)
		}
		path := strings.TrimPrefix(link, apptest.BaseURL)
		e.Get(t, "/setup/not-a-token", "").WantStatus(t, fiber.StatusBadRequest)
		form := e.Get(t, path, "")
		form.WantStatus(t, fiber.StatusOK)
		form.Find(t, `form[data-testid=setup-form] input[name=_csrf]`)

		bad := e.Post(t, path, url.Values{"email": {"root@example.com"}, "name": {"Root"}, "password": {"123"}}, "")
		bad.WantStatus(t, fiber.StatusUnprocessableEntity)

		ok := e.Post(t, path, url.Values{"email": {"root@example.com"}, "name": {"Root"}, "password": {apptest.TestPassword}}, "")
		if ok.Status != fiber.StatusSeeOther || ok.Cookie == "" {
			t.Fatalf("setup: %d %.300s", ok.Status, ok.Body)
		}
		if p := e.Get(t, "/admin", ok.Cookie); p.Status != fiber.StatusOK {
			t.Errorf("new admin cannot open /admin: %d", p.Status)
		}
		again := e.Post(t, path, url.Values{"email": {"eve@example.com"}, "name": {"Eve"}, "password": {apptest.TestPassword}}, "")
		if again.Status == fiber.StatusSeeOther || again.Cookie != "" {
			t.Fatalf("setup link worked twice: %d", again.Status)
		}
		if _, err := e.App.Stores.Accounts.UserByEmail(context.Background(), "eve@example.com"); err == nil {
			t.Error("second admin created")
		}
	})
}
