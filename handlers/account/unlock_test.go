package account_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/gofiber/fiber/v2"
)

// testDeviceKey is the DEVICE_KEY both processes of a test share.
const testDeviceKey = "0123456789abcdef0123456789abcdef-test-device-key"

// newDeviceEnv wires one process with DEVICE_KEY set, the login throttle at perAccount and perIP
// free failures, and the clock; other processes over the same database join it with process.
func newDeviceEnv(t *testing.T, db *database.DB, clock *testClock, perAccount, perIP int) *authEnv {
	t.Helper()
	a := apptest.New(t, db, apptest.Options{Env: map[string]string{"DEVICE_KEY": testDeviceKey}, Now: clock.now,
		Accounts: []accounts.Option{accounts.WithLoginLimits(perAccount, perIP, 15*time.Minute), accounts.WithClock(clock.now)}})
	return &authEnv{app: a.HTTP, svc: a.Accounts, outbox: a.Stores.Outbox, store: a.Stores.Accounts, csrf: apptest.FormToken(t, a.HTTP), wired: a}
}

// wantDeviceCookie fails unless p set a device cookie as private as the login cookie that lives
// as long as a device token, from now.
func wantDeviceCookie(t *testing.T, p authPage, now time.Time) string {
	t.Helper()
	c := p.device
	if c == nil || c.Value == "" {
		t.Fatalf("no device cookie; status %d, page: %.300s", p.status, p.body)
	}
	if !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteLaxMode || c.Path != "/" {
		t.Errorf("device cookie HttpOnly=%v Secure=%v SameSite=%v Path=%q", c.HttpOnly, c.Secure, c.SameSite, c.Path)
	}
	if want := now.Add(accounts.DeviceTokenTTL); c.Expires.Sub(want).Abs() > time.Minute {
		t.Errorf("device cookie expires %v, want %v", c.Expires, want)
	}
	return c.Value
}

// TestKnownDeviceLogsInWhileThrottled checks a browser that logged in before gets in during a
// throttle that keeps a new browser waiting, also on another process sharing DEVICE_KEY.
func TestKnownDeviceLogsInWhileThrottled(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		clock := &testClock{t: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
		a := newDeviceEnv(t, db, clock, 3, 50)
		b := newDeviceEnv(t, db, clock, 3, 50)
		a.newUser(t, "fay@example.com")
		right := url.Values{"email": {"fay@example.com"}, "password": {testPassword}}

		first := a.post(t, "/login", right, "")
		first.wantStatus(t, fiber.StatusSeeOther)
		device := wantDeviceCookie(t, first, clock.now())

		for range 5 {
			a.post(t, "/login", url.Values{"email": {"fay@example.com"}, "password": {"guess guess guess"}}, "")
		}
		stranger := a.post(t, "/login", right, "")
		stranger.wantStatus(t, fiber.StatusTooManyRequests)
		if stranger.header.Get("Retry-After") == "" {
			t.Error("throttled login without Retry-After")
		}
		other := b.post(t, "/login", right, "")
		other.wantStatus(t, fiber.StatusTooManyRequests)

		for name, e := range map[string]*authEnv{"same process": a, "other process": b} {
			p := e.sendDevice(t, http.MethodPost, "/login", right, "", device)
			if p.status != fiber.StatusSeeOther || p.cookie == "" {
				t.Fatalf("%s: known device: status %d; page: %.300s", name, p.status, p.body)
			}
			if !e.loggedIn(t, p.cookie) {
				t.Errorf("%s: known device not logged in", name)
			}
			wantDeviceCookie(t, p, clock.now())
		}
		// The device cookie is no pass for a wrong password, nor for another account.
		a.newUser(t, "gus@example.com")
		wrong := a.sendDevice(t, http.MethodPost, "/login", url.Values{"email": {"fay@example.com"}, "password": {"guess guess guess"}}, "", device)
		wrong.wantStatus(t, fiber.StatusUnprocessableEntity)
		for range 5 {
			a.post(t, "/login", url.Values{"email": {"gus@example.com"}, "password": {"guess guess guess"}}, "")
		}
		gus := a.sendDevice(t, http.MethodPost, "/login", url.Values{"email": {"gus@example.com"}, "password": {testPassword}}, "", device)
		gus.wantStatus(t, fiber.StatusTooManyRequests)
	})
}

// TestUnlockLinkFlow follows the unlock offer of a throttled login: the mail, a GET that changes
// nothing, the POST that unlocks this browser once.
func TestUnlockLinkFlow(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		clock := &testClock{t: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
		// Three free failures per account and per address: the guesses below slow both down.
		e := newDeviceEnv(t, db, clock, 3, 3)
		e.newUser(t, "hal@example.com")
		right := url.Values{"email": {"hal@example.com"}, "password": {testPassword}}
		for range 5 {
			e.post(t, "/login", url.Values{"email": {"hal@example.com"}, "password": {"guess guess guess"}}, "")
		}
		e.post(t, "/login", right, "").wantStatus(t, fiber.StatusTooManyRequests)

		known := e.post(t, "/login/unlock", url.Values{"email": {"hal@example.com"}}, "")
		unknown := e.post(t, "/login/unlock", url.Values{"email": {"nobody@example.com"}}, "")
		known.wantStatus(t, fiber.StatusOK)
		known.find(t, `[data-testid=unlock-sent]`)
		if a, b := known.text(t, `[data-testid=message]`), unknown.text(t, `[data-testid=message]`); a != b || unknown.status != known.status {
			t.Errorf("unlock answers differ: %d %q vs %d %q", known.status, a, unknown.status, b)
		}
		if n := e.countMail(t, "unlock:"); n != 1 {
			t.Fatalf("%d unlock mails, want 1", n)
		}
		m, link := e.mailTo(t, "hal@example.com", "unlock:")
		if m.Subject != "Unlock your Claimcheck login" || !strings.HasPrefix(link, "/login/unlock/") {
			t.Fatalf("unlock mail %q link %q", m.Subject, link)
		}
		if !strings.Contains(m.HTMLBody, apptest.BaseURL+link) {
			t.Error("HTML part lacks the link")
		}

		// Opening the link (as a mail scanner would) shows a button and changes nothing.
		form := e.get(t, link, "")
		form.wantStatus(t, fiber.StatusOK)
		if form.header.Get("Referrer-Policy") != "no-referrer" {
			t.Error("unlock page may leak its token in Referer")
		}
		f := form.find(t, `form[data-testid=unlock-confirm-form][method=post]`)
		if action, _ := f.Attr("action"); action != link {
			t.Errorf("form posts to %q, want %q", action, link)
		}
		if n := f.Find(`input:not([type=hidden])`).Length(); n != 0 {
			t.Errorf("confirmation form has %d visible inputs, want a button only", n)
		}
		if n := f.Find(`button[type=submit]`).Length(); n != 1 {
			t.Errorf("confirmation form has %d buttons, want 1", n)
		}
		if form.device != nil {
			t.Error("GET set a device cookie")
		}
		e.post(t, "/login", right, "").wantStatus(t, fiber.StatusTooManyRequests)

		// Both forms need the CSRF token: a cross-site form can neither send mail nor use a link.
		for _, path := range []string{"/login/unlock", link} {
			req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(url.Values{"email": {"hal@example.com"}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			resp, err := e.app.Test(req, 30_000)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != fiber.StatusForbidden {
				t.Errorf("POST %s without CSRF token: status %d, want 403", path, resp.StatusCode)
			}
		}
		if n := e.countMail(t, "unlock:"); n != 1 {
			t.Errorf("%d unlock mails after a forged request, want 1", n)
		}

		done := e.post(t, link, url.Values{}, "")
		if done.status != fiber.StatusSeeOther || done.location != "/login?unlocked=1" {
			t.Fatalf("unlock: %d → %q; page: %.300s", done.status, done.location, done.body)
		}
		device := wantDeviceCookie(t, done, clock.now())
		notice := e.sendDevice(t, http.MethodGet, done.location, nil, "", device)
		notice.wantStatus(t, fiber.StatusOK)
		if msg := notice.text(t, `[data-testid=notice]`); !strings.Contains(msg, "unlocked") {
			t.Errorf("login page notice %q", msg)
		}
		// The address is still slowed down for others; this browser gets in.
		e.post(t, "/login", url.Values{"email": {"hal@example.com"}, "password": {"guess guess guess"}}, "").wantStatus(t, fiber.StatusTooManyRequests)
		in := e.sendDevice(t, http.MethodPost, "/login", right, "", device)
		if in.status != fiber.StatusSeeOther || !e.loggedIn(t, in.cookie) {
			t.Fatalf("unlocked browser: status %d; page: %.300s", in.status, in.body)
		}

		again := e.post(t, link, url.Values{}, "")
		again.wantStatus(t, fiber.StatusBadRequest)
		again.find(t, `[data-testid=link-invalid]`)
		if again.device != nil {
			t.Error("a used link set a device cookie")
		}
		if _, _, err := e.svc.UnlockLogin(context.Background(), strings.TrimPrefix(link, "/login/unlock/")); err == nil {
			t.Error("the token works a second time")
		}
	})
}
