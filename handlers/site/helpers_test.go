package site_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/database"
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
}

// send runs method path with form values (nil = no body) and the session cookie.
func (e *authEnv) send(t *testing.T, method, path string, form url.Values, cookie string) authPage {
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
