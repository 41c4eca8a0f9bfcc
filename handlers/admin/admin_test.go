package admin_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/postgrest"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// adminEnv is the console mounted the way the wiring mounts it, behind the real session middleware.
type adminEnv struct {
	app    *fiber.App
	stores *models.Stores
	acc    *accounts.Service
	admin  *models.AdminStore
	audit  *models.AuditStore
	db     *database.DB
	// csrf is a form token the service issued, sent with every form post.
	csrf string
}

const adminPassword = "correct horse battery staple"

func newAdminEnv(t *testing.T, db *database.DB) *adminEnv {
	t.Helper()
	a := apptest.New(t, db, apptest.Options{})
	return &adminEnv{app: a.HTTP, stores: a.Stores, acc: a.Accounts, admin: models.NewAdminStore(db, storerules.Default()), audit: models.NewAuditStore(db), db: db,
		csrf: apptest.FormToken(t, a.HTTP)}
}

// user creates an account with role and returns it with a logged-in session cookie.
func (e *adminEnv) user(t *testing.T, email string, role models.Role) (*models.User, string) {
	t.Helper()
	ctx := context.Background()
	u, err := e.acc.CreateAdmin(ctx, email, "Test "+string(role), adminPassword)
	if err != nil {
		t.Fatalf("create %s: %v", email, err)
	}
	if role != models.RoleAdmin {
		if err := e.acc.SetRole(ctx, u.ID, role); err != nil {
			t.Fatalf("set role: %v", err)
		}
		u.Role = role
	}
	s, err := e.acc.Login(ctx, email, adminPassword, "192.0.2.1", "test")
	if err != nil {
		t.Fatalf("login %s: %v", email, err)
	}
	return u, s.Token
}

type adminResp struct {
	status   int
	location string
	doc      *goquery.Document
}

func (e *adminEnv) do(t *testing.T, method, path string, form url.Values, token string) adminResp {
	t.Helper()
	var body *strings.Reader
	if form != nil {
		if form.Get("_csrf") == "" {
			form.Set("_csrf", e.csrf)
		}
		body = strings.NewReader(form.Encode())
	} else {
		body = strings.NewReader("")
	}
	req := httptest.NewRequest(method, path, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if token != "" {
		req.AddCookie(&http.Cookie{Name: web.SessionCookie, Value: token})
	}
	req.AddCookie(&http.Cookie{Name: apptest.CSRFCookie, Value: e.csrf})
	res, err := e.app.Test(req, -1)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	r := adminResp{status: res.StatusCode, location: res.Header.Get("Location")}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		if r.doc, err = goquery.NewDocumentFromReader(res.Body); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func (e *adminEnv) auditActions(t *testing.T) []string {
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

func TestAdminRoutesAuthorization(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		_, adminTok := e.user(t, "admin@example.com", models.RoleAdmin)
		target, userTok := e.user(t, "user@example.com", models.RoleUser)
		starter, err := e.stores.Plans.BySlug(context.Background(), models.StarterPlanSlug)
		if err != nil {
			t.Fatal(err)
		}
		missing := uuid.NewString()
		routes := []struct {
			method, path string
			form         url.Values
			adminStatus  int
		}{
			{"GET", "/admin", nil, 200},
			{"GET", "/admin/plans", nil, 200},
			{"POST", "/admin/plans", url.Values{"slug": {"pro"}, "name": {"Pro"}, "monthly_quota": {"5000"}, "max_active_keys": {"3"}}, 303},
			{"GET", "/admin/plans/" + starter.ID, nil, 200},
			{"POST", "/admin/plans/" + starter.ID, url.Values{"name": {"Starter"}, "monthly_quota": {"100"}, "max_active_keys": {"1"}, "public": {"1"}}, 303},
			{"POST", "/admin/plans/" + starter.ID + "/hide", url.Values{}, 303},
			{"POST", "/admin/plans/" + starter.ID + "/delete", url.Values{}, 303},
			{"GET", "/admin/users?q=user", nil, 200},
			{"POST", "/admin/users/" + target.ID + "/role", url.Values{"role": {"user"}}, 303},
			{"POST", "/admin/users/" + target.ID + "/plan", url.Values{"plan_id": {starter.ID}}, 303},
			{"POST", "/admin/users/" + target.ID + "/enable", url.Values{}, 303},
			{"POST", "/admin/users/" + missing + "/disable", url.Values{}, 404},
			{"GET", "/admin/keys", nil, 200},
			{"POST", "/admin/keys/" + missing + "/revoke", url.Values{}, 404},
			{"POST", "/admin/keys/" + missing + "/quota", url.Values{"quota": {"5"}}, 404},
			{"GET", "/admin/claims", nil, 200},
			{"POST", "/admin/claims/hide", url.Values{"claim": {missing}, "reason": {"spam"}}, 422},
			{"POST", "/admin/claims/" + missing + "/unhide", url.Values{}, 404},
			{"GET", "/admin/leads", nil, 200},
			{"GET", "/admin/outbox", nil, 200},
			{"POST", "/admin/outbox/" + missing + "/retry", url.Values{}, 404},
			{"GET", "/admin/audit", nil, 200},
			{"GET", "/admin/knowledge", nil, 200},
			{"GET", "/admin/knowledge/" + missing, nil, 404},
			{"POST", "/admin/knowledge/" + missing, url.Values{"claim": {"x"}, "verdict": {"dogru"}}, 404},
			{"POST", "/admin/knowledge/" + missing + "/retire", url.Values{"reason": {"x"}}, 404},
			{"POST", "/admin/knowledge/" + missing + "/restore", url.Values{}, 404},
		}
		for _, r := range routes {
			t.Run(r.method+" "+r.path, func(t *testing.T) {
				anon := e.do(t, r.method, r.path, r.form, "")
				if anon.status != 303 || !strings.HasPrefix(anon.location, "/login") {
					t.Errorf("anonymous: %d %q, want 303 to /login", anon.status, anon.location)
				}
				if r.method == "GET" && anon.location != "/login?next="+url.QueryEscape(r.path) {
					t.Errorf("anonymous GET: location %q, want next=%s", anon.location, r.path)
				}
				if got := e.do(t, r.method, r.path, r.form, userTok).status; got != 403 {
					t.Errorf("plain user: %d, want 403", got)
				}
				if got := e.do(t, r.method, r.path, r.form, adminTok).status; got != r.adminStatus {
					t.Errorf("admin: %d, want %d", got, r.adminStatus)
				}
			})
		}
	})
}

func TestAdminHideClaim(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		_, tok := e.user(t, "admin@example.com", models.RoleAdmin)
		c := adminSeedClaim(t, e.stores, "The moon is made of cheese", "yanlis", "science", time.Now().Add(-time.Minute))
		ctx := context.Background()
		reader, err := postgrest.NewReader(models.ClaimsTable(), e.stores.Claims)
		if err != nil {
			t.Fatal(err)
		}
		rest := func() string {
			res, err := reader.ReadREST(ctx, postgrest.Request{Method: "GET", RawQuery: "select=id&id=eq." + c.ID})
			if err != nil {
				t.Fatal(err)
			}
			return string(res.Body)
		}
		if !strings.Contains(rest(), c.ID) {
			t.Fatalf("before hiding, REST read lacks the claim: %s", rest())
		}
		// The reason is required.
		r := e.do(t, "POST", "/admin/claims/hide", url.Values{"claim": {"/claims/" + c.ID}, "reason": {"  "}}, tok)
		if r.status != 422 || r.doc.Find(`[data-testid="error-reason"]`).Length() != 1 {
			t.Fatalf("hide without reason: %d", r.status)
		}
		r = e.do(t, "POST", "/admin/claims/hide", url.Values{"claim": {"https://x.example/claims/" + c.ID}, "reason": {"Spam"}}, tok)
		if r.status != 303 {
			t.Fatalf("hide: %d", r.status)
		}
		if got := e.do(t, "GET", "/claims/"+c.ID, nil, "").status; got != 404 {
			t.Errorf("claim page after hiding: %d, want 404", got)
		}
		hist := e.do(t, "GET", "/claims", nil, "")
		if strings.Contains(hist.doc.Text(), "moon is made of cheese") {
			t.Error("history still lists the hidden claim")
		}
		if got := rest(); got != "[]" {
			t.Errorf("REST read after hiding: %s, want []", got)
		}
		list := e.do(t, "GET", "/admin/claims", nil, tok)
		row := list.doc.Find(`[data-testid="claim-row"][data-claim-id="` + c.ID + `"][data-hidden="true"]`)
		if row.Length() != 1 || strings.TrimSpace(row.Find(`[data-testid="hidden-reason"]`).Text()) != "Spam" {
			t.Fatal("hidden claim not listed with its reason")
		}
		if r := e.do(t, "POST", "/admin/claims/"+c.ID+"/unhide", url.Values{}, tok); r.status != 303 {
			t.Fatalf("unhide: %d", r.status)
		}
		if got := e.do(t, "GET", "/claims/"+c.ID, nil, "").status; got != 200 {
			t.Errorf("claim page after unhiding: %d", got)
		}
		if got := strings.Join(e.auditActions(t), ","); got != "claim.hide,claim.unhide" {
			t.Errorf("audit: %s", got)
		}
	})
}

func TestAdminDisableUserStopsSessionAndKeys(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		ctx := context.Background()
		adm, adminTok := e.user(t, "admin@example.com", models.RoleAdmin)
		u, userTok := e.user(t, "dev@example.com", models.RoleUser)
		k, issued, err := issueKey("prod", time.Now().UTC())
		if err != nil {
			t.Fatal(err)
		}
		if err := e.stores.Keys.CreateOwned(ctx, u.ID, k); err != nil {
			t.Fatal(err)
		}
		auth := metering.NewAuthenticator(e.stores.Keys, 0, nil)
		if _, err := auth.Authenticate(ctx, issued.Secret); err != nil {
			t.Fatalf("key before disabling: %v", err)
		}
		if r := e.do(t, "POST", "/admin/users/"+u.ID+"/disable", url.Values{"q": {"dev"}}, adminTok); r.status != 303 || r.location != "/admin/users?q=dev&done=disabled" {
			t.Fatalf("disable: %d %q", r.status, r.location)
		}
		if _, _, err := e.acc.Authenticate(ctx, userTok); err == nil {
			t.Error("the disabled user's session still works")
		}
		if _, err := auth.Authenticate(ctx, issued.Secret); err != metering.ErrBadKey {
			t.Errorf("disabled user's key: %v, want ErrBadKey", err)
		}
		// The last admin cannot disable or demote themselves.
		if r := e.do(t, "POST", "/admin/users/"+adm.ID+"/role", url.Values{"role": {"user"}}, adminTok); r.location != "/admin/users?err=last-admin" {
			t.Errorf("demote last admin: %q", r.location)
		}
		if r := e.do(t, "POST", "/admin/users/"+u.ID+"/enable", url.Values{}, adminTok); r.status != 303 {
			t.Fatalf("enable: %d", r.status)
		}
		if _, err := auth.Authenticate(ctx, issued.Secret); err != nil {
			t.Errorf("key after enabling: %v", err)
		}
		users := e.do(t, "GET", "/admin/users?q=dev%40", nil, adminTok)
		if n := users.doc.Find(`[data-testid="user-row"]`).Length(); n != 1 {
			t.Errorf("search dev@: %d rows", n)
		}
		keysPage := e.do(t, "GET", "/admin/keys?q="+url.QueryEscape(keys.Display(k.Prefix)), nil, adminTok)
		if n := keysPage.doc.Find(`[data-testid="key-row"][data-key-id="` + k.ID + `"]`).Length(); n != 1 {
			t.Errorf("key search by prefix: %d rows", n)
		}
		if r := e.do(t, "POST", "/admin/keys/"+k.ID+"/quota", url.Values{"quota": {"7"}}, adminTok); r.status != 303 {
			t.Fatalf("quota: %d", r.status)
		}
		kp, err := e.stores.Keys.ByHash(ctx, k.Hash)
		if err != nil || kp.EffectiveQuota() == nil || *kp.EffectiveQuota() != 7 {
			t.Fatalf("override not applied: %+v %v", kp, err)
		}
		if r := e.do(t, "POST", "/admin/keys/"+k.ID+"/revoke", url.Values{}, adminTok); r.status != 303 {
			t.Fatalf("revoke: %d", r.status)
		}
		if _, err := auth.Authenticate(ctx, issued.Secret); err != metering.ErrBadKey {
			t.Errorf("revoked key: %v", err)
		}
		want := "user.disable,user.enable,key.quota,key.revoke"
		if got := strings.Join(e.auditActions(t), ","); got != want {
			t.Errorf("audit: %s, want %s", got, want)
		}
		page := e.do(t, "GET", "/admin/audit", nil, adminTok)
		if n := page.doc.Find(`[data-testid="audit-row"]`).Length(); n != 4 {
			t.Errorf("audit page rows: %d", n)
		}
		if !strings.Contains(page.doc.Text(), "admin@example.com") {
			t.Error("audit page does not name the actor")
		}
	})
}

func TestAdminPlans(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		ctx := context.Background()
		_, tok := e.user(t, "admin@example.com", models.RoleAdmin)
		u, _ := e.user(t, "dev@example.com", models.RoleUser)
		r := e.do(t, "POST", "/admin/plans", url.Values{"slug": {"Bad Slug"}, "name": {""}, "max_active_keys": {"x"}}, tok)
		if r.status != 422 || r.doc.Find(`[data-testid^="error-"]`).Length() < 3 {
			t.Fatalf("invalid plan: %d", r.status)
		}
		form := url.Values{"slug": {"team"}, "name": {"Team"}, "price_text": {"€49 / month"}, "unlimited": {"1"},
			"max_active_keys": {"10"}, "stripe_price_id": {"price_123"}, "features": {"Fast\n\nFriendly\n"}, "public": {"1"}, "v1_access": {"1"}}
		if r := e.do(t, "POST", "/admin/plans", form, tok); r.status != 303 {
			t.Fatalf("create: %d", r.status)
		}
		if r := e.do(t, "POST", "/admin/plans", form, tok); r.status != 409 {
			t.Errorf("duplicate slug: %d", r.status)
		}
		p, err := e.stores.Plans.BySlug(ctx, "team")
		if err != nil {
			t.Fatal(err)
		}
		if p.MonthlyQuota != nil || !p.V1Access || p.Features != `["Fast","Friendly"]` || p.StripePriceID == nil {
			t.Fatalf("stored plan: %+v", p)
		}
		form.Set("monthly_quota", "2500")
		form.Del("unlimited")
		if r := e.do(t, "POST", "/admin/plans/"+p.ID, form, tok); r.status != 303 {
			t.Fatalf("update: %d", r.status)
		}
		// A key on the plan makes it undeletable.
		k, _, err := issueKey("k", time.Now().UTC())
		if err != nil {
			t.Fatal(err)
		}
		if err := e.stores.Keys.CreateOwned(ctx, u.ID, k); err != nil {
			t.Fatal(err)
		}
		if r := e.do(t, "POST", "/admin/users/"+u.ID+"/plan", url.Values{"plan_id": {p.ID}}, tok); r.status != 303 {
			t.Fatalf("assign: %d", r.status)
		}
		if kp, err := e.stores.Keys.ByHash(ctx, k.Hash); err != nil || kp.Plan.ID != p.ID {
			t.Fatalf("key did not move with the account: %v", err)
		}
		edit := e.do(t, "GET", "/admin/plans/"+p.ID, nil, tok)
		if edit.doc.Find(`[data-testid="hide-plan"]`).Length() != 1 || edit.doc.Find(`[data-testid="delete-plan"]`).Length() != 0 {
			t.Error("a plan in use must offer hide, not delete")
		}
		if r := e.do(t, "POST", "/admin/plans/"+p.ID+"/delete", url.Values{}, tok); r.location != "/admin/plans/"+p.ID+"?err=plan-used" {
			t.Errorf("delete in use: %q", r.location)
		}
		if _, err := e.admin.PlanByID(ctx, p.ID); err != nil {
			t.Fatalf("plan in use was deleted: %v", err)
		}
		if r := e.do(t, "POST", "/admin/plans/"+p.ID+"/hide", url.Values{}, tok); r.status != 303 {
			t.Fatalf("hide: %d", r.status)
		}
		if p2, _ := e.admin.PlanByID(ctx, p.ID); p2.Public || p2.MonthlyQuota == nil || *p2.MonthlyQuota != 2500 {
			t.Errorf("after hide: %+v", p2)
		}
		// An unused plan can be deleted.
		if r := e.do(t, "POST", "/admin/plans", url.Values{"slug": {"tmp"}, "name": {"Tmp"}, "monthly_quota": {"1"}, "max_active_keys": {"1"}}, tok); r.status != 303 {
			t.Fatalf("create tmp: %d", r.status)
		}
		tmp, _ := e.stores.Plans.BySlug(ctx, "tmp")
		if r := e.do(t, "POST", "/admin/plans/"+tmp.ID+"/delete", url.Values{}, tok); r.location != "/admin/plans?done=plan-deleted" {
			t.Errorf("delete unused: %q", r.location)
		}
		want := "plan.create,plan.update,user.plan,plan.hide,plan.create,plan.delete"
		if got := strings.Join(e.auditActions(t), ","); got != want {
			t.Errorf("audit: %s, want %s", got, want)
		}
	})
}

func TestAdminOverviewOutboxLeads(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		ctx := context.Background()
		_, tok := e.user(t, "admin@example.com", models.RoleAdmin)
		adminSeedClaim(t, e.stores, "One", "dogru", "science", time.Now())
		adminSeedClaim(t, e.stores, "Two", "yanlis", "science", time.Now())
		adminSeedClaim(t, e.stores, "Three", "yanlis", "science", time.Now())
		r := e.do(t, "GET", "/admin", nil, tok)
		if r.status != 200 {
			t.Fatalf("overview: %d", r.status)
		}
		if got := strings.TrimSpace(r.doc.Find(`[data-testid="stat-claims-today"] [data-testid="stat-value"]`).Text()); got != "3" {
			t.Errorf("claims today: %q", got)
		}
		if n := r.doc.Find(`[data-testid="daily-chart"] [data-testid="chart-bar"]`).Length(); n != 30 {
			t.Errorf("daily bars: %d", n)
		}
		desc := r.doc.Find(`[data-testid="verdict-chart"] desc`).Text()
		if !strings.Contains(desc, "False (Yanlış) 2") || !strings.Contains(desc, "True (Doğru) 1") {
			t.Errorf("verdict chart text alternative: %q", desc)
		}
		// The bars are labelled with the verdicts' names, never the stored slugs.
		var verdictLabels []string
		r.doc.Find(`[data-testid="verdict-chart"] [data-testid="chart-bar"] text`).Each(func(_ int, s *goquery.Selection) { verdictLabels = append(verdictLabels, s.Text()) })
		if got := strings.Join(verdictLabels, ","); got != "False,True" {
			t.Errorf("verdict chart labels: %q, want False,True", got)
		}
		// The value axis reads 0 at the baseline and the peak at the top.
		if peak, zero := r.doc.Find(`[data-testid="verdict-chart"] [data-testid="axis-peak"]`).Text(), r.doc.Find(`[data-testid="verdict-chart"] [data-testid="axis-zero"]`).Text(); peak != "2" || zero != "0" {
			t.Errorf("verdict chart axis %q..%q, want 0..2", zero, peak)
		}
		if got := strings.TrimSpace(r.doc.Find(`[data-testid="stat-waitlist"] [data-testid="stat-value"]`).Text()); got != "0" {
			t.Errorf("waiting list: %q", got)
		}
		// Weekly labels count back from today, so today is labelled and no two labels crowd; labels
		// at the edges are anchored there instead of being cut ("27 Oct" drawn as "7 Oct").
		labels := r.doc.Find(`[data-testid="daily-chart"] [data-testid="chart-bar"] text`)
		if labels.Length() != 5 {
			t.Errorf("daily labels: %d, want 5", labels.Length())
		}
		last := labels.Last()
		lastX, _ := strconv.Atoi(last.AttrOr("x", ""))
		inside := (last.AttrOr("text-anchor", "") == "end" && lastX == 600) ||
			(last.AttrOr("text-anchor", "") == "middle" && lastX+utf8.RuneCountInString(last.Text())*9/2 <= 600)
		if last.Text() != time.Now().UTC().Format("2 Jan") || !inside {
			t.Errorf("last daily label %q anchor %q x %q", last.Text(), last.AttrOr("text-anchor", ""), last.AttrOr("x", ""))
		}
		if r.doc.Find(`[data-testid="daily-chart"] figcaption`).Length() != 0 {
			t.Error("the chart summary is printed on the page")
		}
		if r.doc.Find(`.site-nav [data-testid="nav-admin"] a[href="/admin"][aria-current="page"]`).Length() != 1 {
			t.Error("the header does not link the console for an admin")
		}
		_, expTok := e.user(t, "expert@example.com", models.RoleExpert)
		if home := e.do(t, "GET", "/", nil, expTok); home.doc.Find(`[data-testid="nav-admin"]`).Length() != 0 || home.doc.Find(`[data-testid="nav-account"]`).Length() != 1 {
			t.Error("a non-admin sees the console link, or no account link")
		}
		m := &models.OutboxMail{ID: uuid.NewString(), DedupeKey: "t1", ToAddr: "x@example.com", Subject: "Hello", TextBody: "Body text here",
			State: models.OutboxQueued, NextAttemptAt: time.Now().UTC(), CreatedAt: time.Now().UTC()}
		if _, err := e.stores.Outbox.Enqueue(ctx, models.Tx{}, m); err != nil {
			t.Fatal(err)
		}
		if err := db.Gorm.Exec(`UPDATE email_outbox SET state = 'dead', last_error = 'smtp down' WHERE id = ?`, m.ID).Error; err != nil {
			t.Fatal(err)
		}
		ob := e.do(t, "GET", "/admin/outbox", nil, tok)
		mail := ob.doc.Find(`[data-testid="mail"][data-mail-id="` + m.ID + `"]`)
		if mail.Find(`[data-testid="mail-body"]`).Text() != "Body text here" || mail.Find(`[data-testid="retry"]`).Length() != 1 {
			t.Fatal("outbox does not show the body and a retry button")
		}
		if r := e.do(t, "POST", "/admin/outbox/"+m.ID+"/retry", url.Values{}, tok); r.status != 303 {
			t.Fatalf("retry: %d", r.status)
		}
		if got, _ := e.stores.Outbox.ByID(ctx, m.ID); got.State != models.OutboxQueued {
			t.Errorf("after retry: %s", got.State)
		}
		if err := models.NewBillingStore(db).CreateContactLead(ctx, &models.ContactLead{ID: uuid.NewString(), Name: "Ann", Email: "ann@example.com",
			Company: "Acme", Message: "Call me", CreatedAt: time.Now().UTC()}); err != nil {
			t.Fatal(err)
		}
		if n := e.do(t, "GET", "/admin/leads", nil, tok).doc.Find(`[data-testid="lead-row"]`).Length(); n != 1 {
			t.Errorf("leads: %d", n)
		}
		if got := strings.Join(e.auditActions(t), ","); got != "mail.retry" {
			t.Errorf("audit: %s", got)
		}
	})
}

// adminSeedClaim stores an analysed claim; the external test package's seedClaim is out of reach here.
func adminSeedClaim(t *testing.T, s *models.Stores, content, verdict, category string, at time.Time) *models.Claim {
	t.Helper()
	c := &models.Claim{
		ID: uuid.Must(uuid.NewV7()).String(), Content: content, Language: "en", Category: category, EnQuery: "q",
		AIScore: 50, AIVerdict: verdict, AISummary: "Seeded.", SourceScore: 50, ScienceScore: 50,
		AcademicScore: 50, PublicScore: 50, Analyzer: "seed", AnalyzerVersion: "1", Basis: `{}`, CreatedAt: at.UTC(),
	}
	if err := s.Claims.Create(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	return c
}

// upload posts a multipart fact-check file as the given session.
func (e *adminEnv) upload(t *testing.T, name string, data []byte, token string) adminResp {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if err := mw.WriteField("_csrf", e.csrf); err != nil {
		t.Fatal(err)
	}
	if name != "" {
		fw, err := mw.CreateFormFile("file", name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(data)
	}
	mw.Close()
	req := httptest.NewRequest(http.MethodPost, "/admin/knowledge", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.AddCookie(&http.Cookie{Name: web.SessionCookie, Value: token})
	req.AddCookie(&http.Cookie{Name: apptest.CSRFCookie, Value: e.csrf})
	res, err := e.app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	r := adminResp{status: res.StatusCode}
	if r.doc, err = goquery.NewDocumentFromReader(res.Body); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestAdminKnowledgeUpload: admins import fact-check files from the console, idempotently and
// audited; broken files are refused with the reason; other users cannot.
func TestAdminKnowledgeUpload(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		_, adminTok := e.user(t, "kb-admin@example.org", models.RoleAdmin)
		_, userTok := e.user(t, "kb-user@example.org", models.RoleUser)
		feed, err := os.ReadFile("../../internal/knowledge/testdata/import/datacommons_feed.json")
		if err != nil {
			t.Fatal(err)
		}
		r := e.upload(t, "feed.json", feed, adminTok)
		if r.status != http.StatusOK || !strings.Contains(r.doc.Find("[data-testid=kb-result]").Text(), "added") {
			t.Fatalf("first upload: %d %q", r.status, r.doc.Find("main").Text())
		}
		n, _ := e.stores.Reviews.Count(context.Background())
		if n == 0 {
			t.Fatal("nothing was imported")
		}
		r = e.upload(t, "feed.json", feed, adminTok)
		if res := r.doc.Find("[data-testid=kb-result]").Text(); !strings.Contains(res, "added 0, updated 0") {
			t.Errorf("re-upload should change nothing: %q", res)
		}
		if m, _ := e.stores.Reviews.Count(context.Background()); m != n {
			t.Errorf("re-upload changed the count %d → %d", n, m)
		}
		r = e.upload(t, "broken.json", []byte(`{"@type": "ClaimReview",`), adminTok)
		if r.status != http.StatusUnprocessableEntity || r.doc.Find("[data-testid=kb-error]").Length() != 1 {
			t.Errorf("broken file: %d", r.status)
		}
		if r = e.upload(t, "", nil, adminTok); r.status != http.StatusUnprocessableEntity {
			t.Errorf("no file: %d", r.status)
		}
		if r = e.upload(t, "feed.json", feed, userTok); r.status != http.StatusForbidden {
			t.Errorf("a plain user uploading: %d, want 403", r.status)
		}
		if acts := strings.Join(e.auditActions(t), ","); !strings.Contains(acts, "knowledge.import") {
			t.Errorf("audit log lacks the import: %s", acts)
		}
	})
}

// issueKey generates a key record with a fresh secret, as the account dashboard does.
func issueKey(name string, now time.Time) (*models.APIKey, keys.Issued, error) {
	issued, err := keys.Generate()
	if err != nil {
		return nil, keys.Issued{}, err
	}
	return &models.APIKey{ID: uuid.Must(uuid.NewV7()).String(), Name: name, Prefix: issued.Prefix, Hash: issued.Hash, CreatedAt: now}, issued, nil
}
