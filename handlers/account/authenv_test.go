package account_test

import (
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/account"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// testPassword passes the password rules.
const testPassword = apptest.TestPassword

// authEnv is the wired service with a browser that also holds the login device cookie, for the
// throttle and unlock tests.
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

// authPage is a response with its parsed HTML, the session cookie it set and the device cookie.
type authPage struct {
	status   int
	header   http.Header
	body     string
	doc      *goquery.Document
	location string
	// cookie is the session cookie's value set ("" when none was set; see cleared).
	cookie  string
	cleared bool
	// device is the device cookie set, nil when none was.
	device *http.Cookie
}

// find returns the single element matching sel, failing the test when there is not exactly one.
func (p authPage) find(t *testing.T, sel string) *goquery.Selection {
	t.Helper()
	s := p.doc.Find(sel)
	if s.Length() != 1 {
		t.Fatalf("want exactly one %s, found %d", sel, s.Length())
	}
	return s
}

// text is the whitespace-normalised text of the element matching sel.
func (p authPage) text(t *testing.T, sel string) string {
	t.Helper()
	return strings.Join(strings.Fields(p.find(t, sel).Text()), " ")
}

// wantStatus fails the test on an unexpected status, showing the page's message.
func (p authPage) wantStatus(t *testing.T, want int) {
	t.Helper()
	if p.status != want {
		t.Fatalf("status %d, want %d; page says: %.300s", p.status, want, strings.Join(strings.Fields(p.doc.Find("main").Text()), " "))
	}
}

// send runs method path with form values (nil = no body) and the session cookie.
func (e *authEnv) send(t *testing.T, method, path string, form url.Values, cookie string) authPage {
	t.Helper()
	return e.sendDevice(t, method, path, form, cookie, "")
}

// sendDevice is send from a browser holding the device cookie device ("" = none).
func (e *authEnv) sendDevice(t *testing.T, method, path string, form url.Values, cookie, device string) authPage {
	t.Helper()
	var extra []*http.Cookie
	if device != "" {
		extra = append(extra, &http.Cookie{Name: account.DeviceCookie, Value: device})
	}
	pg := e.browser().SendCookies(t, method, path, form, cookie, extra...)
	p := authPage{status: pg.Status, header: pg.Header, body: pg.Body, doc: pg.Doc, location: pg.Location, cookie: pg.Cookie, cleared: pg.Cleared}
	for _, c := range (&http.Response{Header: pg.Header}).Cookies() {
		if c.Name == account.DeviceCookie {
			p.device = c
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

// browser is the apptest browser over the same wired service, for its mail and user helpers.
func (e *authEnv) browser() *apptest.Browser { return &apptest.Browser{App: e.wired, CSRF: e.csrf} }

// login logs in and returns the new session cookie, failing unless it worked.
func (e *authEnv) login(t *testing.T, email, password, cookie string) string {
	t.Helper()
	return e.browser().Login(t, email, password, cookie)
}

// loggedIn reports whether cookie still opens /account.
func (e *authEnv) loggedIn(t *testing.T, cookie string) bool {
	t.Helper()
	return e.browser().LoggedIn(t, cookie)
}

// newUser signs up email with testPassword.
func (e *authEnv) newUser(t *testing.T, email string) *models.User {
	t.Helper()
	return e.browser().NewUser(t, email)
}

// mailTo returns the newest outbox mail to addr whose key starts with prefix, and its link's path.
func (e *authEnv) mailTo(t *testing.T, addr, prefix string) (models.OutboxMail, string) {
	t.Helper()
	return e.browser().MailTo(t, addr, prefix)
}

// countMail counts outbox mails whose key starts with prefix.
func (e *authEnv) countMail(t *testing.T, prefix string) int {
	t.Helper()
	return e.browser().CountMail(t, prefix)
}

// testClock is a clock the test moves.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *testClock) add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }
