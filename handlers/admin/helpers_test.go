package admin_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/database"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// testBaseURL is the public address the pages are told they live at.
const testBaseURL = apptest.BaseURL

// pagesEnv is a Fiber app serving the pages over a real, migrated database.
type pagesEnv struct {
	app    *fiber.App
	stores *models.Stores
}

// page is one response with its parsed HTML.
type page struct {
	status int
	header http.Header
	body   string
	doc    *goquery.Document
}

// do sends req through the app and parses the answer.
func (e *pagesEnv) do(t *testing.T, req *http.Request) page {
	t.Helper()
	resp, err := e.app.Test(req, 30_000)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(b)))
	if err != nil {
		t.Fatalf("parse %s: %v", req.URL, err)
	}
	return page{status: resp.StatusCode, header: resp.Header, body: string(b), doc: doc}
}

// get fetches path.
func (e *pagesEnv) get(t *testing.T, path string) page {
	t.Helper()
	return e.do(t, httptest.NewRequest(http.MethodGet, path, nil))
}

func send(t *testing.T, app *fiber.App, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	resp, err := app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// firmPagesEnv serves the public firm pages over a migrated database.
type firmPagesEnv struct {
	app   *fiber.App
	db    *database.DB
	st    *models.Stores
	firms *models.FirmStore
	at    time.Time
	// wired is the service under test; csrf a form token it issued.
	wired *app.App
	csrf  string
}

func newFirmPagesEnv(t *testing.T, db *database.DB) *firmPagesEnv {
	t.Helper()
	a := apptest.New(t, db, apptest.Options{})
	return &firmPagesEnv{app: a.HTTP, db: db, st: a.Stores, firms: models.NewFirmStore(db), at: time.Now().UTC().Add(-time.Hour).Truncate(time.Second),
		wired: a, csrf: apptest.FormToken(t, a.HTTP)}
}

// firmResp is one answer with its parsed HTML.
type firmResp struct {
	status int
	header http.Header
	body   string
	doc    *goquery.Document
}

// get fetches path.
func (e *firmPagesEnv) get(t *testing.T, path string) firmResp {
	t.Helper()
	return firmDo(t, e.app, httptest.NewRequest(http.MethodGet, path, nil))
}

// firmDo sends req through app and parses the answer.
func firmDo(t *testing.T, app *fiber.App, req *http.Request) firmResp {
	t.Helper()
	res, err := app.Test(req, -1)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return firmResp{status: res.StatusCode, header: res.Header, body: string(b), doc: doc}
}

// one returns the single element matching sel.
func (r firmResp) one(t *testing.T, sel string) *goquery.Selection {
	t.Helper()
	s := r.doc.Find(sel)
	if s.Length() != 1 {
		t.Fatalf("want exactly one %s, found %d", sel, s.Length())
	}
	return s
}

// text is the trimmed, space-collapsed text of the single element matching sel.
func (r firmResp) text(t *testing.T, sel string) string {
	t.Helper()
	return strings.Join(strings.Fields(r.one(t, sel).Text()), " ")
}

// firm creates a firm, failing the test on error.
func (e *firmPagesEnv) firm(t *testing.T, f models.Firm, domains ...string) *models.Firm {
	t.Helper()
	if err := e.firms.Create(context.Background(), &f, domains); err != nil {
		t.Fatalf("create firm %s: %v", f.Slug, err)
	}
	return &f
}

// claim stores a claim from domain, a minute after the previous one.
func (e *firmPagesEnv) claim(t *testing.T, domain, verdict string, score int) *models.Claim {
	t.Helper()
	e.at = e.at.Add(time.Minute)
	d, u := domain, "https://"+domain+"/story"
	c := &models.Claim{ID: uuid.NewString(), Content: "Claim " + verdict + " from " + domain, SourceURL: &u, SourceDomain: &d,
		Language: "en", Category: "politics", AIScore: score, AIVerdict: verdict, SourceScore: 50, ScienceScore: 50,
		AcademicScore: 50, PublicScore: 50, Analyzer: "offline", AnalyzerVersion: "t", Basis: "{}", Matches: "[]",
		AnalysisMeta: "{}", CreatedAt: e.at}
	if err := e.st.Claims.Create(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	return c
}

// betaEnv mounts the account, beta and admin waiting-list pages the way the wiring does (minus
// csrf), with the real session middleware guarding /admin.
type betaEnv struct {
	*authEnv
	db   *database.DB
	beta *beta.Service
}

func newBetaEnv(t *testing.T, db *database.DB) *betaEnv {
	t.Helper()
	e := newAuthEnv(t, db)
	return &betaEnv{authEnv: e, db: db, beta: e.wired.Beta}
}

// account signs up a verified account with role and returns its session cookie.
func (e *betaEnv) account(t *testing.T, email string, role models.Role) string {
	t.Helper()
	u, _, err := e.svc.SignUp(t.Context(), email, testPassword, "Someone")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.store.MarkEmailVerified(t.Context(), u.ID, u.CreatedAt); err != nil {
		t.Fatal(err)
	}
	if role != models.RoleUser {
		if err := e.svc.SetRole(t.Context(), u.ID, role); err != nil {
			t.Fatal(err)
		}
	}
	return e.login(t, email, testPassword, "")
}

// mailLinks returns the links under path in the text of the mails whose dedupe key starts with prefix.
func (e *betaEnv) mailLinks(t *testing.T, prefix, path string) []string {
	t.Helper()
	var ms []models.OutboxMail
	if err := e.db.Gorm.Where("dedupe_key LIKE ?", prefix+"%").Order("created_at").Find(&ms).Error; err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(regexp.QuoteMeta(testBaseURL+path) + `[A-Za-z0-9_\-]+`)
	var out []string
	for _, m := range ms {
		if l := re.FindString(m.TextBody); l != "" && strings.Contains(m.HTMLBody, l) {
			out = append(out, strings.TrimPrefix(l, testBaseURL))
		}
	}
	return out
}

// joinForm is a join submission.
func joinForm(email string) url.Values {
	return url.Values{"email": {email}, "name": {"Ada"}, "organisation": {"Acme"}, "intended_use": {"fact checks"}}
}

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

// find returns the single element matching sel, failing the test when there is not exactly one.
func (p page) find(t *testing.T, sel string) *goquery.Selection {
	t.Helper()
	s := p.doc.Find(sel)
	if s.Length() != 1 {
		t.Fatalf("want exactly one %s, found %d", sel, s.Length())
	}
	return s
}

// text is the whitespace-normalised text of the element matching sel.
func (p page) text(t *testing.T, sel string) string {
	t.Helper()
	return strings.Join(strings.Fields(p.find(t, sel).Text()), " ")
}

// wantStatus fails the test on an unexpected status, showing the page's message.
func (p page) wantStatus(t *testing.T, want int) {
	t.Helper()
	if p.status != want {
		msg := strings.Join(strings.Fields(p.doc.Find("main").Text()), " ")
		t.Fatalf("status %d, want %d; page says: %.300s", p.status, want, msg)
	}
}

// issueKey generates a key record with a fresh secret, as the account dashboard does.
func issueKey(name string, now time.Time) (*models.APIKey, keys.Issued, error) {
	issued, err := keys.Generate()
	if err != nil {
		return nil, keys.Issued{}, err
	}
	return &models.APIKey{ID: uuid.Must(uuid.NewV7()).String(), Name: name, Prefix: issued.Prefix, Hash: issued.Hash, CreatedAt: now}, issued, nil
}
