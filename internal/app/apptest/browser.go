package apptest

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
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// TestPassword passes the password rules.
const TestPassword = "correct horse battery"

// Page is one response with its parsed HTML and the session cookie it set, if any.
type Page struct {
	Status   int
	Header   http.Header
	Body     string
	Doc      *goquery.Document
	Location string
	// Cookie is the session cookie's value when the response set one ("" when none; see Cleared).
	Cookie  string
	Cleared bool
	// RawCookie is the Set-Cookie header of the session cookie.
	RawCookie string
}

// Find returns the single element matching sel, failing the test when there is not exactly one.
func (p Page) Find(t testing.TB, sel string) *goquery.Selection {
	t.Helper()
	s := p.Doc.Find(sel)
	if s.Length() != 1 {
		t.Fatalf("want exactly one %s, found %d", sel, s.Length())
	}
	return s
}

// Text is the whitespace-normalised text of the element matching sel.
func (p Page) Text(t testing.TB, sel string) string {
	t.Helper()
	return strings.Join(strings.Fields(p.Find(t, sel).Text()), " ")
}

// WantStatus fails the test on an unexpected status, showing the page's message.
func (p Page) WantStatus(t testing.TB, want int) {
	t.Helper()
	if p.Status != want {
		msg := strings.Join(strings.Fields(p.Doc.Find("main").Text()), " ")
		t.Fatalf("status %d, want %d; page says: %.300s", p.Status, want, msg)
	}
}

// Do sends req through h and parses the answer.
func Do(t testing.TB, h *fiber.App, req *http.Request) Page {
	t.Helper()
	resp, err := h.Test(req, 30_000)
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
	p := Page{Status: resp.StatusCode, Header: resp.Header, Body: string(b), Doc: doc, Location: resp.Header.Get("Location")}
	for _, c := range resp.Cookies() {
		if c.Name == web.SessionCookie {
			p.Cookie, p.Cleared = c.Value, c.Value == ""
		}
	}
	for _, h := range resp.Header.Values("Set-Cookie") {
		if strings.HasPrefix(h, web.SessionCookie+"=") {
			p.RawCookie = h
		}
	}
	return p
}

// Browser talks to a wired service the way a browser does: with its session cookie and the CSRF
// token the service issued on every form.
type Browser struct {
	// App is the service under test.
	App *app.App
	// CSRF is the form token sent with every form post.
	CSRF string
}

// Open wires the service over db (New) and returns a browser for it.
func Open(t testing.TB, db *database.DB, o Options) *Browser {
	t.Helper()
	a := New(t, db, o)
	return &Browser{App: a, CSRF: FormToken(t, a.HTTP)}
}

// Do sends req as it is.
func (b *Browser) Do(t testing.TB, req *http.Request) Page {
	t.Helper()
	return Do(t, b.App.HTTP, req)
}

// Send runs method path with form values (nil = no body) and the session cookie ("" = none).
func (b *Browser) Send(t testing.TB, method, path string, form url.Values, session string) Page {
	t.Helper()
	return b.SendCookies(t, method, path, form, session)
}

// SendCookies is Send from a browser that also holds the cookies extra.
func (b *Browser) SendCookies(t testing.TB, method, path string, form url.Values, session string, extra ...*http.Cookie) Page {
	t.Helper()
	var body io.Reader
	if form != nil {
		form.Set("_csrf", b.CSRF)
		body = strings.NewReader(form.Encode())
	}
	req := httptest.NewRequest(method, path, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if session != "" {
		req.AddCookie(&http.Cookie{Name: web.SessionCookie, Value: session})
	}
	req.AddCookie(&http.Cookie{Name: CSRFCookie, Value: b.CSRF})
	for _, c := range extra {
		req.AddCookie(c)
	}
	return b.Do(t, req)
}

// Get fetches path, with the session cookie when one is given.
func (b *Browser) Get(t testing.TB, path string, session ...string) Page {
	t.Helper()
	return b.Send(t, http.MethodGet, path, nil, strings.Join(session, ""))
}

// Post submits form to path, with the session cookie when one is given.
func (b *Browser) Post(t testing.TB, path string, form url.Values, session ...string) Page {
	t.Helper()
	if form == nil {
		form = url.Values{}
	}
	return b.Send(t, http.MethodPost, path, form, strings.Join(session, ""))
}

// Login logs in through the form and returns the new session cookie, failing unless it worked.
func (b *Browser) Login(t testing.TB, email, password, session string) string {
	t.Helper()
	p := b.Post(t, "/login", url.Values{"email": {email}, "password": {password}}, session)
	if p.Status != fiber.StatusSeeOther || p.Cookie == "" {
		t.Fatalf("login %s: status %d, cookie %q; page: %.300s", email, p.Status, p.Cookie, p.Body)
	}
	return p.Cookie
}

// LoggedIn reports whether session still opens /account.
func (b *Browser) LoggedIn(t testing.TB, session string) bool {
	t.Helper()
	return b.Get(t, "/account", session).Status == fiber.StatusOK
}

// NewUser signs up email with TestPassword through the service and verifies nothing.
func (b *Browser) NewUser(t testing.TB, email string) *models.User {
	t.Helper()
	u, _, err := b.App.Accounts.SignUp(context.Background(), email, TestPassword, "Test User")
	if err != nil {
		t.Fatal(err)
	}
	return u
}

var linkRE = regexp.MustCompile(`https://claimcheck\.test(/[^\s]+)`)

// MailTo returns the newest outbox mail to addr whose dedupe key starts with prefix, and the path
// of its link.
func (b *Browser) MailTo(t testing.TB, addr, prefix string) (models.OutboxMail, string) {
	t.Helper()
	ms, err := b.App.Stores.Outbox.List(context.Background(), 100)
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

// CountMail counts outbox mails whose dedupe key starts with prefix.
func (b *Browser) CountMail(t testing.TB, prefix string) int {
	t.Helper()
	ms, err := b.App.Stores.Outbox.List(context.Background(), 1000)
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

// Member signs up a verified account with name and role through the service, logs it in through
// the form and returns it with its session cookie.
func (b *Browser) Member(t testing.TB, email, name string, role models.Role) (*models.User, string) {
	t.Helper()
	ctx := context.Background()
	u, _, err := b.App.Accounts.SignUp(ctx, email, TestPassword, name)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.App.Stores.Accounts.MarkEmailVerified(ctx, u.ID, u.CreatedAt); err != nil {
		t.Fatal(err)
	}
	if role != models.RoleUser {
		if err := b.App.Accounts.SetRole(ctx, u.ID, role); err != nil {
			t.Fatal(err)
		}
		u.Role = role
	}
	return u, b.Login(t, email, TestPassword, "")
}

// MailLinks returns the site paths under path linked from the mails whose dedupe key starts with
// prefix, oldest first; a link counts when both the text and the HTML part carry it.
func (b *Browser) MailLinks(t testing.TB, prefix, path string) []string {
	t.Helper()
	var ms []models.OutboxMail
	if err := b.App.DB.Gorm.Where("dedupe_key LIKE ?", prefix+"%").Order("created_at").Find(&ms).Error; err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(regexp.QuoteMeta(BaseURL+path) + `[A-Za-z0-9_\-]+`)
	var out []string
	for _, m := range ms {
		if l := re.FindString(m.TextBody); l != "" && strings.Contains(m.HTMLBody, l) {
			out = append(out, strings.TrimPrefix(l, BaseURL))
		}
	}
	return out
}
