package admin_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/admin"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// firmConsoleEnv is the wired service and, in bare, the console's firm pages mounted alone without
// RequireRole, to show that their own guard holds if a mount ever forgets it.
type firmConsoleEnv struct {
	*apptest.Browser
	console *fiber.App
	bare    *fiber.App
	acc     *accounts.Service
	audit   *models.AuditStore
	db      *database.DB
	st      *models.Stores
	firms   *models.FirmStore
	at      time.Time
}

const firmAdminPassword = "correct horse battery staple"

func newFirmConsoleEnv(t *testing.T, db *database.DB) *firmConsoleEnv {
	t.Helper()
	b := apptest.Open(t, db, apptest.Options{})
	e := &firmConsoleEnv{Browser: b, console: b.App.HTTP, acc: b.App.Accounts, audit: models.NewAuditStore(db), db: db,
		st: b.App.Stores, firms: models.NewFirmStore(db, storerules.Default()), at: time.Now().UTC().Add(-time.Hour).Truncate(time.Second)}
	pages := web.NewKit(apptest.BaseURL, nil, nil)
	sess := web.NewSessions(e.acc, false).WithErrorPage(pages.ErrorPage)
	deps := admin.FirmConsoleDeps{Kit: pages, Firms: e.firms, Claims: e.st.Claims, Audit: admin.StoreAudit{Store: e.audit}}
	e.bare = fiber.New(fiber.Config{DisableStartupMessage: true})
	e.bare.Use(sess.Middleware())
	admin.NewFirmConsole(deps).Routes(web.On(e.bare).Group("/admin"))
	return e
}

// firm creates a firm, failing the test on error.
func (e *firmConsoleEnv) firm(t *testing.T, f models.Firm, domains ...string) *models.Firm {
	t.Helper()
	if err := e.firms.Create(context.Background(), &f, domains); err != nil {
		t.Fatalf("create firm %s: %v", f.Slug, err)
	}
	return &f
}

// claim stores a claim from domain, a minute after the previous one.
func (e *firmConsoleEnv) claim(t *testing.T, domain, verdict string, score int) *models.Claim {
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

// login creates an account with role and returns its session token.
func (e *firmConsoleEnv) login(t *testing.T, email string, role models.Role) (*models.User, string) {
	t.Helper()
	ctx := context.Background()
	u, err := e.acc.CreateAdmin(ctx, email, "Test "+string(role), firmAdminPassword)
	if err != nil {
		t.Fatalf("create %s: %v", email, err)
	}
	if role != models.RoleAdmin {
		if err := e.acc.SetRole(ctx, u.ID, role); err != nil {
			t.Fatal(err)
		}
	}
	s, err := e.acc.Login(ctx, email, firmAdminPassword, "192.0.2.1", "test")
	if err != nil {
		t.Fatal(err)
	}
	return u, s.Token
}

// send makes a request to app as the session token ("" = anonymous), with a form when given.
func (e *firmConsoleEnv) send(t *testing.T, app *fiber.App, method, path string, form url.Values, token string) apptest.Page {
	t.Helper()
	if form == nil && method == http.MethodPost {
		form = url.Values{}
	}
	body := ""
	if form != nil {
		body = form.Encode()
	}
	if form != nil && form.Get("_csrf") == "" {
		form.Set("_csrf", e.CSRF)
		body = form.Encode()
	}
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if token != "" {
		req.AddCookie(&http.Cookie{Name: web.SessionCookie, Value: token})
	}
	req.AddCookie(&http.Cookie{Name: apptest.CSRFCookie, Value: e.CSRF})
	return apptest.Do(t, app, req)
}

// actions lists the audit log's actions, oldest first.
func (e *firmConsoleEnv) actions(t *testing.T) []string {
	t.Helper()
	es, err := e.audit.List(context.Background(), models.AuditFilter{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(es))
	for i, x := range es {
		out[len(es)-1-i] = x.Action
	}
	return out
}

func TestFirmConsoleAuthorization(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFirmConsoleEnv(t, db)
		_, adminTok := e.login(t, "admin@example.com", models.RoleAdmin)
		_, userTok := e.login(t, "user@example.com", models.RoleUser)
		_, expertTok := e.login(t, "expert@example.com", models.RoleExpert)
		f := e.firm(t, models.Firm{Name: "Acme", Slug: "acme"}, "acme.com")
		c := e.claim(t, "acme.com", "dogru", 90)
		routes := []struct {
			method, path string
			form         url.Values
			adminStatus  int
		}{
			{http.MethodGet, "/admin/firms", nil, http.StatusOK},
			{http.MethodGet, "/admin/firms/new", nil, http.StatusOK},
			{http.MethodPost, "/admin/firms", url.Values{"name": {"X"}}, http.StatusSeeOther},
			{http.MethodGet, "/admin/firms/" + f.ID, nil, http.StatusOK},
			{http.MethodPost, "/admin/firms/" + f.ID, url.Values{"name": {"Acme"}, "slug": {"acme"}, "domains": {"acme.com"}}, http.StatusSeeOther},
			{http.MethodGet, "/admin/firms/" + f.ID + "/delete", nil, http.StatusOK},
			{http.MethodPost, "/admin/firms/" + f.ID + "/claims", url.Values{"claim": {c.ID}}, http.StatusSeeOther},
			{http.MethodPost, "/admin/firms/" + f.ID + "/claims/" + c.ID + "/unlink", url.Values{}, http.StatusSeeOther},
			{http.MethodPost, "/admin/firms/" + f.ID + "/delete", url.Values{}, http.StatusSeeOther},
			{http.MethodGet, "/admin/firms/" + uuid.NewString(), nil, http.StatusNotFound},
			{http.MethodGet, "/admin/firms/not-an-id", nil, http.StatusNotFound},
		}
		for _, rt := range routes {
			for _, app := range []*fiber.App{e.console, e.bare} {
				if r := e.send(t, app, rt.method, rt.path, rt.form, ""); r.Status != http.StatusSeeOther || !strings.HasPrefix(r.Header.Get("Location"), "/login") {
					t.Errorf("anonymous %s %s: %d %q, want a redirect to log in", rt.method, rt.path, r.Status, r.Header.Get("Location"))
				}
				for _, tok := range []string{userTok, expertTok} {
					if r := e.send(t, app, rt.method, rt.path, rt.form, tok); r.Status != http.StatusForbidden {
						t.Errorf("non-admin %s %s: %d, want 403", rt.method, rt.path, r.Status)
					}
				}
			}
		}
		// Nothing the refused requests asked for happened.
		if got := e.actions(t); len(got) != 0 {
			t.Fatalf("refused requests were audited: %v", got)
		}
		if got, _ := e.st.Claims.Get(context.Background(), c.ID); got.FirmSource == nil || *got.FirmSource != "domain" {
			t.Fatalf("a refused request changed the claim's link")
		}
		for _, rt := range routes {
			if r := e.send(t, e.console, rt.method, rt.path, rt.form, adminTok); r.Status != rt.adminStatus {
				t.Errorf("admin %s %s: %d, want %d", rt.method, rt.path, r.Status, rt.adminStatus)
			}
		}
		r := e.send(t, e.console, http.MethodGet, "/admin/firms", nil, adminTok)
		if r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("console pages must not be cached: %q", r.Header.Get("Cache-Control"))
		}
		if r.Find(t, `.admin-nav a[aria-current=page]`).Text() != "Firms" {
			t.Errorf("the console navigation must mark Firms as current")
		}
	})
}

func TestFirmConsoleCreateValidation(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFirmConsoleEnv(t, db)
		_, tok := e.login(t, "admin@example.com", models.RoleAdmin)
		e.firm(t, models.Firm{Name: "Existing", Slug: "existing"}, "taken.com")
		before := e.claim(t, "news.acme-news.com", "dogru", 100)

		r := e.send(t, e.console, http.MethodGet, "/admin/firms/new", nil, tok)
		for _, name := range []string{"name", "slug", "website", "description", "domains"} {
			r.Find(t, `[data-testid=firm-form] [name=`+name+`]`)
		}
		r.Find(t, `[data-testid=firm-form] input[name=_csrf]`)

		longDesc := strings.Repeat("ü", models.MaxFirmDescription+1)
		for _, tc := range []struct {
			name   string
			form   url.Values
			status int
			errs   map[string]string // field → part of its message
			keep   map[string]string // field → value kept in the form
		}{
			{"everything wrong", url.Values{"name": {""}, "slug": {"Bad Slug!"}, "website": {"javascript:alert(1)"},
				"description": {longDesc}, "domains": {"co.uk\nexample.com\nlocalhost"}},
				http.StatusUnprocessableEntity,
				map[string]string{"name": "Give the firm a name", "slug": "lower-case letters", "website": "https://",
					"description": "at most 2,000 characters", "domains": "public suffix"},
				map[string]string{"slug": "Bad Slug!", "website": "javascript:alert(1)", "domains": "co.uk\nexample.com\nlocalhost"}},
			{"every bad domain is named", url.Values{"name": {"Acme"}, "domains": {"co.uk\n192.0.2.1"}},
				http.StatusUnprocessableEntity, map[string]string{"domains": "IP address"}, map[string]string{"slug": "acme"}},
			{"slug taken", url.Values{"name": {"Existing"}, "domains": {"fresh.com"}},
				http.StatusConflict, map[string]string{"slug": "Another firm already has this slug"}, map[string]string{"slug": "existing"}},
			{"domain taken", url.Values{"name": {"Other"}, "domains": {"https://www.TAKEN.com/x"}},
				http.StatusConflict, map[string]string{"domains": "taken.com already belongs to the firm “Existing”"}, nil},
			{"name too long", url.Values{"name": {strings.Repeat("n", models.MaxFirmName+1)}},
				http.StatusUnprocessableEntity, map[string]string{"name": "at most 200 characters"}, nil},
			{"no usable slug", url.Values{"name": {"日本"}},
				http.StatusUnprocessableEntity, map[string]string{"slug": "type a slug"}, nil},
		} {
			r := e.send(t, e.console, http.MethodPost, "/admin/firms", tc.form, tok)
			if r.Status != tc.status {
				t.Errorf("%s: status %d, want %d", tc.name, r.Status, tc.status)
				continue
			}
			r.Find(t, "[data-testid=form-errors]")
			for _, field := range []string{"name", "slug", "website", "description", "domains"} {
				msg := r.Doc.Find("[data-testid=" + field + "-error]")
				want, bad := tc.errs[field]
				switch {
				case bad && !strings.Contains(msg.Text(), want):
					t.Errorf("%s: %s error %q, want it to contain %q", tc.name, field, msg.Text(), want)
				case !bad && msg.Length() != 0:
					t.Errorf("%s: unexpected %s error %q", tc.name, field, msg.Text())
				case bad && r.Find(t, "[name="+field+"]").AttrOr("aria-invalid", "") != "true":
					t.Errorf("%s: %s is not marked invalid", tc.name, field)
				}
			}
			for field, want := range tc.keep {
				el := r.Find(t, "[data-testid=firm-form] [name="+field+"]")
				got := el.AttrOr("value", "")
				if goquery.NodeName(el) == "textarea" {
					got = el.Text()
				}
				if got != want {
					t.Errorf("%s: %s kept %q, want %q", tc.name, field, got, want)
				}
			}
		}
		if _, total, _ := e.firms.List(context.Background(), "", 10, 0); total != 1 {
			t.Fatalf("refused forms stored firms: %d in all", total)
		}

		// A valid form with no slug gets one from the name, links the existing claims and is audited.
		r = e.send(t, e.console, http.MethodPost, "/admin/firms", url.Values{"name": {"Acme News & Co"}, "website": {"acme-news.com"},
			"description": {"Daily news."}, "domains": {"ACME-NEWS.com, www.acme-news.com\n\n"}}, tok)
		if r.Status != http.StatusSeeOther {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		f, err := e.firms.BySlug(context.Background(), "acme-news-and-co")
		if err != nil {
			t.Fatalf("created firm: %v", err)
		}
		if r.Header.Get("Location") != "/admin/firms/"+f.ID+"?done=firm-created" {
			t.Errorf("redirect %q", r.Header.Get("Location"))
		}
		if f.Website != "https://acme-news.com" || strings.Join(f.Domains, ",") != "acme-news.com" || f.ClaimCount != 1 {
			t.Errorf("stored %+v", f)
		}
		if got, _ := e.st.Claims.Get(context.Background(), before.ID); got.FirmID == nil || *got.FirmID != f.ID {
			t.Errorf("the existing claim was not linked")
		}
		if got := e.actions(t); strings.Join(got, ",") != "firm.create" {
			t.Errorf("audit %v", got)
		}
		r = e.send(t, e.console, http.MethodGet, r.Header.Get("Location"), nil, tok)
		if !strings.Contains(r.Text(t, "[data-testid=notice]"), "was created") {
			t.Errorf("no confirmation after create")
		}
	})
}

func TestFirmConsoleEditLinkAndDelete(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		e := newFirmConsoleEnv(t, db)
		_, tok := e.login(t, "admin@example.com", models.RoleAdmin)
		f := e.firm(t, models.Firm{Name: "Acme", Slug: "acme", Description: "Old."}, "acme.com")
		other := e.firm(t, models.Firm{Name: "Other", Slug: "other"}, "other.org")
		mine := e.claim(t, "acme.com", "dogru", 100)
		foreign := e.claim(t, "other.org", "yanlis", 0)
		loose := e.claim(t, "elsewhere.net", "kismen", 60)
		edit := "/admin/firms/" + f.ID
		apptest.ConfirmFirmClaims(t, db, f.ID)

		r := e.send(t, e.console, http.MethodGet, edit, nil, tok)
		if r.Find(t, "[name=name]").AttrOr("value", "") != "Acme" || r.Find(t, "[name=domains]").Text() != "acme.com" {
			t.Fatalf("edit form not filled: %s", r.Body)
		}
		if got := r.Text(t, "h1"); got != "Edit firm “Acme”" {
			t.Errorf("heading %q", got)
		}
		if r.Find(t, "[data-testid=firm-claim-row]").AttrOr("data-claim-id", "") != mine.ID {
			t.Fatalf("the firm's claim is not listed")
		}
		if got := r.Text(t, "[data-testid=firm-admin-trust]"); got != "58.3 / 100" {
			t.Errorf("trust %q", got)
		}

		// A refused update keeps what was typed and changes nothing.
		r = e.send(t, e.console, http.MethodPost, edit, url.Values{"name": {"Acme Group"}, "slug": {"acme"}, "domains": {"other.org"}}, tok)
		if r.Status != http.StatusConflict || !strings.Contains(r.Text(t, "[data-testid=domains-error]"), "“Other”") ||
			r.Find(t, "[name=name]").AttrOr("value", "") != "Acme Group" {
			t.Fatalf("taken domain on update: %d %s", r.Status, r.Body)
		}
		if r.Doc.Find("[data-testid=slug-error]").Length() != 0 {
			t.Errorf("the domain clash is reported alone: %s", r.Text(t, "[data-testid=slug-error]"))
		}
		if got, _ := e.firms.ByID(ctx, f.ID); got.Name != "Acme" {
			t.Errorf("a refused update was stored: %+v", got)
		}
		r = e.send(t, e.console, http.MethodPost, edit, url.Values{"name": {"Acme Group"}, "slug": {""}, "domains": {"acme.com"}}, tok)
		if r.Status != http.StatusUnprocessableEntity || !strings.Contains(r.Text(t, "[data-testid=slug-error]"), "Give the firm a slug") {
			t.Fatalf("empty slug on update: %d", r.Status)
		}

		// Update: new name and slug, acme.com swapped for elsewhere.net.
		r = e.send(t, e.console, http.MethodPost, edit, url.Values{"name": {"Acme Group"}, "slug": {"acme-group"},
			"description": {"New."}, "domains": {"elsewhere.net"}}, tok)
		if r.Status != http.StatusSeeOther || r.Header.Get("Location") != edit+"?done=firm-saved" {
			t.Fatalf("update: %d %q", r.Status, r.Header.Get("Location"))
		}
		got, err := e.firms.ByID(ctx, f.ID)
		if err != nil || got.Slug != "acme-group" || got.Description != "New." || strings.Join(got.Domains, ",") != "elsewhere.net" {
			t.Fatalf("updated %+v %v", got, err)
		}
		for _, tc := range []struct {
			c    *models.Claim
			firm *string
		}{{mine, nil}, {loose, &f.ID}, {foreign, &other.ID}} {
			c, _ := e.st.Claims.Get(ctx, tc.c.ID)
			if (c.FirmID == nil) != (tc.firm == nil) || c.FirmID != nil && *c.FirmID != *tc.firm {
				t.Errorf("claim from %s linked to %v, want %v", *c.SourceDomain, c.FirmID, tc.firm)
			}
		}

		// Link a claim by its page address; it stays through later domain edits.
		r = e.send(t, e.console, http.MethodPost, edit+"/claims", url.Values{"claim": {apptest.BaseURL + "/claims/" + strings.ToUpper(foreign.ID)}}, tok)
		if r.Status != http.StatusSeeOther || r.Header.Get("Location") != edit+"?done=claim-linked" {
			t.Fatalf("link: %d %q", r.Status, r.Header.Get("Location"))
		}
		r = e.send(t, e.console, http.MethodGet, edit, nil, tok)
		var linkedBy string
		r.Doc.Find("[data-testid=firm-claim-row]").Each(func(_ int, s *goquery.Selection) {
			if s.AttrOr("data-claim-id", "") == foreign.ID {
				linkedBy = strings.TrimSpace(s.Find("[data-testid=linked-by]").Text())
			}
		})
		if linkedBy != "an admin" {
			t.Fatalf("linked claim shows %q", linkedBy)
		}
		if o, _ := e.firms.ByID(ctx, other.ID); o.ClaimCount != 0 {
			t.Errorf("the claim's old firm still counts it")
		}
		for _, tc := range []struct{ value, want string }{
			{"", "Paste the claim's id"},
			{"not a claim", "Paste the claim's id"},
			{uuid.NewString(), "There is no public claim with this id"},
		} {
			r := e.send(t, e.console, http.MethodPost, edit+"/claims", url.Values{"claim": {tc.value}}, tok)
			if r.Status != http.StatusUnprocessableEntity || !strings.Contains(r.Text(t, "[data-testid=claim-error]"), tc.want) ||
				r.Find(t, "[name=claim]").AttrOr("value", "") != tc.value {
				t.Errorf("link %q: %d %s", tc.value, r.Status, r.Doc.Find("[data-testid=claim-error]").Text())
			}
		}

		// Unlink it again; unlinking a claim that is not this firm's changes nothing.
		r = e.send(t, e.console, http.MethodPost, edit+"/claims/"+mine.ID+"/unlink", url.Values{}, tok)
		if r.Header.Get("Location") != edit+"?err=not-linked" {
			t.Errorf("unlink of another firm's claim: %q", r.Header.Get("Location"))
		}
		r = e.send(t, e.console, http.MethodPost, edit+"/claims/"+foreign.ID+"/unlink", url.Values{}, tok)
		if r.Header.Get("Location") != edit+"?done=claim-unlinked" {
			t.Fatalf("unlink: %d %q", r.Status, r.Header.Get("Location"))
		}
		if c, _ := e.st.Claims.Get(ctx, foreign.ID); c.FirmID != nil || c.FirmSource != nil {
			t.Errorf("unlinked claim still has %v/%v", c.FirmID, c.FirmSource)
		}

		// Delete: a confirmation page first, then the firm is gone and its claims unlinked.
		r = e.send(t, e.console, http.MethodGet, edit+"/delete", nil, tok)
		if !strings.Contains(r.Text(t, "[data-testid=delete-confirm] h2"), "Acme Group") || r.Text(t, "[data-testid=delete-claims]") != "1 public claim" {
			t.Fatalf("confirmation page: %s", r.Body)
		}
		r = e.send(t, e.console, http.MethodPost, edit+"/delete", url.Values{}, tok)
		if r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/admin/firms?done=firm-deleted" {
			t.Fatalf("delete: %d %q", r.Status, r.Header.Get("Location"))
		}
		if _, err := e.firms.ByID(ctx, f.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("deleted firm: %v", err)
		}
		if c, _ := e.st.Claims.Get(ctx, loose.ID); c.FirmID != nil {
			t.Errorf("claim of the deleted firm still linked")
		}
		if got := strings.Join(e.actions(t), ","); got != "firm.update,firm.link_claim,firm.unlink_claim,firm.delete" {
			t.Errorf("audit %s", got)
		}

		// The list searches by name, slug and domain.
		for _, tc := range []struct{ q, want string }{{"OTH", "other"}, {"other.org", "other"}, {"acme", ""}} {
			r := e.send(t, e.console, http.MethodGet, "/admin/firms?q="+url.QueryEscape(tc.q), nil, tok)
			rows := r.Doc.Find("[data-testid=firm-admin-row]")
			if tc.want == "" && rows.Length() != 0 || tc.want != "" && (rows.Length() != 1 || rows.AttrOr("data-slug", "") != tc.want) {
				t.Errorf("search %q: %d rows", tc.q, rows.Length())
			}
		}
	})
}

// TestFirmConsoleReportsEveryProblemAtOnce: a submit with a taken slug, a taken domain and a bad
// domain used to show only the bad domain, then the slug clash on the next try; a website typed as
// "notaurl" was published as https://notaurl; "not a domain" came back as three errors, one a word.
func TestFirmConsoleReportsEveryProblemAtOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		e := newFirmConsoleEnv(t, db)
		_, tok := e.login(t, "admin@example.com", models.RoleAdmin)
		e.firm(t, models.Firm{Name: "Existing", Slug: "existing"}, "taken.com", "also-taken.org")
		mine := e.firm(t, models.Firm{Name: "Mine", Slug: "mine", Website: "https://mine.com"}, "mine.com")
		for _, tc := range []struct {
			name, path string
			form       url.Values
			status     int
			errs       map[string][]string // field → parts its message must contain
			once       map[string]string   // field → text its message must contain exactly once
		}{
			{"create: slug, taken domains and a bad line together", "/admin/firms",
				url.Values{"name": {"Fresh"}, "slug": {"existing"}, "domains": {"taken.com\nnot a domain\nalso-taken.org, fresh.com"}},
				http.StatusUnprocessableEntity, map[string][]string{
					"slug":    {"Another firm already has this slug"},
					"domains": {"“not a domain” is not a domain name", "taken.com already belongs to the firm “Existing”", "also-taken.org already belongs"},
				}, map[string]string{"domains": "“not a domain”"}},
			{"edit: slug and domain clashes together", "/admin/firms/" + mine.ID,
				url.Values{"name": {"Mine"}, "slug": {"existing"}, "domains": {"mine.com\ntaken.com"}},
				http.StatusConflict, map[string][]string{
					"slug": {"Another firm already has this slug"}, "domains": {"taken.com already belongs to the firm “Existing”"},
				}, nil},
			{"edit: a bad website next to a clash", "/admin/firms/" + mine.ID,
				url.Values{"name": {"Mine"}, "slug": {"mine"}, "website": {"notaurl"}, "domains": {"mine.com, also-taken.org"}},
				http.StatusUnprocessableEntity, map[string][]string{
					"website": {"https://example.com"}, "domains": {"also-taken.org already belongs"},
				}, nil},
			{"website without a domain", "/admin/firms", url.Values{"name": {"A"}, "website": {"notaurl"}},
				http.StatusUnprocessableEntity, map[string][]string{"website": {"domain name"}}, nil},
			{"website with a scheme but no domain", "/admin/firms", url.Values{"name": {"B"}, "website": {"https://notaurl"}},
				http.StatusUnprocessableEntity, map[string][]string{"website": {"domain name"}}, nil},
			{"ftp website", "/admin/firms", url.Values{"name": {"C"}, "website": {"ftp://c.com/"}},
				http.StatusUnprocessableEntity, map[string][]string{"website": {"https://"}}, nil},
			{"website by IP", "/admin/firms", url.Values{"name": {"D"}, "website": {"http://192.0.2.1/"}},
				http.StatusUnprocessableEntity, map[string][]string{"website": {"domain name"}}, nil},
			{"website too long", "/admin/firms", url.Values{"name": {"E"}, "website": {"https://e.com/" + strings.Repeat("a", models.MaxFirmWebsite)}},
				http.StatusUnprocessableEntity, map[string][]string{"website": {"at most 500 characters"}}, nil},
			{"a repeated bad line is reported once", "/admin/firms", url.Values{"name": {"F"}, "domains": {"not a domain\n not a domain \nf.com"}},
				http.StatusUnprocessableEntity, map[string][]string{"domains": {"“not a domain”"}}, map[string]string{"domains": "“not a domain”"}},
		} {
			r := e.send(t, e.console, http.MethodPost, tc.path, tc.form, tok)
			if r.Status != tc.status {
				t.Errorf("%s: status %d, want %d", tc.name, r.Status, tc.status)
				continue
			}
			for _, field := range []string{"name", "slug", "website", "description", "domains"} {
				msg := r.Doc.Find("[data-testid=" + field + "-error]").Text()
				want, bad := tc.errs[field]
				if !bad && msg != "" {
					t.Errorf("%s: unexpected %s error %q", tc.name, field, msg)
				}
				for _, part := range want {
					if !strings.Contains(msg, part) {
						t.Errorf("%s: %s error %q, want it to contain %q", tc.name, field, msg, part)
					}
				}
				if s, ok := tc.once[field]; ok && strings.Count(msg, s) != 1 {
					t.Errorf("%s: %s error names %q %d times: %q", tc.name, field, s, strings.Count(msg, s), msg)
				}
			}
			if n := r.Doc.Find("[data-testid=form-errors] li").Length(); n != len(tc.errs) {
				t.Errorf("%s: the summary lists %d errors, want %d", tc.name, n, len(tc.errs))
			}
		}
		if _, total, _ := e.firms.List(ctx, "", 10, 0); total != 2 {
			t.Fatalf("refused forms stored firms: %d in all", total)
		}
		if got, _ := e.firms.ByID(ctx, mine.ID); got.Slug != "mine" || got.Website != "https://mine.com" || strings.Join(got.Domains, ",") != "mine.com" {
			t.Fatalf("a refused edit was stored: %+v", got)
		}

		// Fixing everything at once is enough: no second round reveals another problem.
		r := e.send(t, e.console, http.MethodPost, "/admin/firms", url.Values{"name": {"Fresh"}, "slug": {"fresh"},
			"website": {"fresh.com"}, "domains": {"fresh.com, news.fresh.com"}}, tok)
		if r.Status != http.StatusSeeOther {
			t.Fatalf("fixed form: %d %s", r.Status, r.Body)
		}
		if got, err := e.firms.BySlug(ctx, "fresh"); err != nil || got.Website != "https://fresh.com" || strings.Join(got.Domains, ",") != "fresh.com,news.fresh.com" {
			t.Fatalf("stored %+v, %v", got, err)
		}
	})
}

// TestFirmConsoleConfirmsAttribution checks that a claim linked by its submitter's address does not
// count toward the firm's trust until an admin confirms the firm published it, that the console
// records who confirmed it in the audit log, and that only linked claims can be confirmed.
func TestFirmConsoleConfirmsAttribution(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		e := newFirmConsoleEnv(t, db)
		adm, tok := e.login(t, "admin@example.com", models.RoleAdmin)
		_, userTok := e.login(t, "user@example.com", models.RoleUser)
		f := e.firm(t, models.Firm{Name: "Reuters", Slug: "reuters"}, "reuters.com")
		other := e.firm(t, models.Firm{Name: "Other", Slug: "other"}, "other.org")
		pasted := e.claim(t, "reuters.com", "yanlis", 0)
		foreign := e.claim(t, "other.org", "yanlis", 0)
		edit := "/admin/firms/" + f.ID

		r := e.send(t, e.console, http.MethodGet, edit, nil, tok)
		if got := r.Text(t, "[data-testid=firm-admin-trust]"); got != "not rated yet" {
			t.Errorf("trust %q: a pasted link must not move the score", got)
		}
		cell := r.Find(t, "[data-testid=attribution]")
		if cell.AttrOr("data-confirmed", "") != "false" || !strings.Contains(cell.Text(), "Attributed by the submitter") ||
			cell.Find("[data-testid=confirm-attribution]").Length() != 1 {
			t.Fatalf("unconfirmed claim cell %q", cell.Text())
		}
		// Unlinking asks once more in the page before the form is sent.
		if r.Doc.Find(`details[data-testid="unlink"] form[action="`+edit+`/claims/`+pasted.ID+`/unlink"] [data-testid="unlink-confirm"]`).Length() != 1 {
			t.Error("unlink is not behind a confirmation")
		}

		// Only admins may confirm.
		if r := e.send(t, e.console, http.MethodPost, edit+"/claims/"+pasted.ID+"/confirm", nil, userTok); r.Status != http.StatusForbidden {
			t.Errorf("a user confirmed: %d", r.Status)
		}
		// A claim of another firm cannot be confirmed for this one.
		r = e.send(t, e.console, http.MethodPost, edit+"/claims/"+foreign.ID+"/confirm", nil, tok)
		if r.Status != http.StatusSeeOther || r.Header.Get("Location") != edit+"?err=not-linked" {
			t.Errorf("foreign claim: %d %q", r.Status, r.Header.Get("Location"))
		}
		if got := e.actions(t); len(got) != 0 {
			t.Fatalf("refused confirmations were audited: %v", got)
		}

		r = e.send(t, e.console, http.MethodPost, edit+"/claims/"+pasted.ID+"/confirm", nil, tok)
		if r.Status != http.StatusSeeOther || r.Header.Get("Location") != edit+"?done=claim-confirmed" {
			t.Fatalf("confirm: %d %q", r.Status, r.Header.Get("Location"))
		}
		c, _ := e.st.Claims.Get(ctx, pasted.ID)
		if !c.AttributionConfirmed() || c.FirmConfirmedBy == nil || *c.FirmConfirmedBy != adm.ID || c.FirmConfirmedAt == nil {
			t.Fatalf("stored confirmation by %v at %v", c.FirmConfirmedBy, c.FirmConfirmedAt)
		}
		if got := e.actions(t); strings.Join(got, ",") != "firm.confirm_attribution" {
			t.Errorf("audit %v", got)
		}
		r = e.send(t, e.console, http.MethodGet, edit+"?done=claim-confirmed", nil, tok)
		if got := r.Text(t, "[data-testid=firm-admin-trust]"); got != "41.7 / 100" {
			t.Errorf("trust after confirmation %q, want (5×50 + 0) / 6", got)
		}
		cell = r.Find(t, "[data-testid=attribution]")
		if cell.AttrOr("data-confirmed", "") != "true" || cell.Find("[data-testid=confirm-attribution]").Length() != 0 {
			t.Errorf("confirmed claim cell %q", cell.Text())
		}
		if got, _ := e.firms.ByID(ctx, other.ID); got.TrustScore != nil {
			t.Errorf("the other firm's unconfirmed claim counted: %v", *got.TrustScore)
		}
	})
}
