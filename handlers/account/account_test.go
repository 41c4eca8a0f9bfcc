package account_test

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
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// accountEnv is the wired service at a fixed clock, with users logged in through real sessions.
type accountEnv struct {
	*apptest.Browser
	stores *models.Stores
	db     *database.DB
	clock  time.Time
	auth   *metering.Authenticator
	// sessions maps a user id to its session cookie.
	sessions map[string]string
}

// newAccountEnv wires the service; cfg sets the Stripe webhook secret and, when set, replaces
// the plan-change hook.
func newAccountEnv(t *testing.T, db *database.DB, cfg billing.Config) *accountEnv {
	t.Helper()
	e := &accountEnv{db: db, sessions: map[string]string{}, clock: time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)}
	now := func() time.Time { return e.clock }
	e.Browser = apptest.Open(t, db, apptest.Options{Now: now, PlanChanged: cfg.PlanChanged,
		Env: map[string]string{"STRIPE_WEBHOOK_SECRET": cfg.WebhookSecret}})
	e.stores = e.App.Stores
	e.auth = metering.NewAuthenticator(e.App.Stores.Keys, 0, now)
	return e
}

// user signs up an account named name with a verified address, logs it in and returns its id.
func (e *accountEnv) user(t *testing.T, name string) string {
	t.Helper()
	id := e.unverifiedUser(t, name)
	if err := e.stores.Accounts.MarkEmailVerified(context.Background(), id, e.clock); err != nil {
		t.Fatal(err)
	}
	return id
}

// unverifiedUser signs up an account named name, logs it in and returns its id; its address is
// not confirmed.
func (e *accountEnv) unverifiedUser(t *testing.T, name string) string {
	t.Helper()
	ctx := context.Background()
	email := strings.ToLower(name) + "@example.org"
	u, _, err := e.App.Accounts.SignUp(ctx, email, apptest.TestPassword, name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.App.Accounts.Login(ctx, email, apptest.TestPassword, "192.0.2.1", "test")
	if err != nil {
		t.Fatal(err)
	}
	e.sessions[u.ID] = s.Token
	return u.ID
}

// as sends a request as user (or anonymously when user is ""), with the CSRF token on forms.
func (e *accountEnv) as(t *testing.T, user, method, path string, form url.Values) apptest.Page {
	t.Helper()
	var req *http.Request
	if form == nil && method == http.MethodPost {
		form = url.Values{}
	}
	if form != nil {
		if form.Get("_csrf") == "" {
			form.Set("_csrf", e.CSRF)
		}
		req = httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req = httptest.NewRequest(method, path, nil)
	}
	req.AddCookie(&http.Cookie{Name: apptest.CSRFCookie, Value: e.CSRF})
	if tok := e.sessions[user]; tok != "" {
		req.AddCookie(&http.Cookie{Name: web.SessionCookie, Value: tok})
	}
	return e.Do(t, req)
}

// createKey creates a key through the dashboard and returns the secret shown once.
func (e *accountEnv) createKey(t *testing.T, user, name string) string {
	t.Helper()
	p := e.as(t, user, http.MethodPost, "/account/keys", url.Values{"name": {name}})
	if p.Status != http.StatusOK {
		t.Fatalf("create key: status %d: %s", p.Status, p.Doc.Find("main").Text())
	}
	return strings.TrimSpace(p.Find(t, "[data-testid=new-key]").Text())
}

// keyIDs lists the ids of the user's keys as the dashboard shows them.
func (e *accountEnv) keyIDs(t *testing.T, user string) []string {
	t.Helper()
	var ids []string
	e.as(t, user, http.MethodGet, "/account", nil).Doc.Find("[data-testid=key-row]").Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("data-key-id")
		ids = append(ids, id)
	})
	return ids
}

func TestAccountKeyShownOnceAndListed(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		alice := e.user(t, "Alice")
		// Empty name is refused next to the field.
		bad := e.as(t, alice, http.MethodPost, "/account/keys", url.Values{"name": {"  "}})
		if bad.Status != http.StatusUnprocessableEntity || bad.Doc.Find("[data-testid=name-error]").Length() != 1 {
			t.Fatalf("empty name: %d", bad.Status)
		}
		first := e.as(t, alice, http.MethodGet, "/account", nil)
		if first.Status != http.StatusOK || !strings.Contains(first.Find(t, "[data-testid=create-key]").Text(), "Create your first key") {
			t.Fatalf("empty dashboard: %d %s", first.Status, first.Body)
		}
		if got := first.Find(t, "[data-testid=plan-name]").Text(); got != "Starter" {
			t.Fatalf("plan = %q, want Starter for plan_id NULL", got)
		}
		secret := e.createKey(t, alice, "laptop")
		if _, err := e.auth.Authenticate(context.Background(), secret); err != nil {
			t.Fatalf("new key does not authenticate: %v", err)
		}
		again := e.as(t, alice, http.MethodGet, "/account", nil)
		if strings.Contains(again.Body, secret) {
			t.Fatal("the dashboard shows the full key a second time")
		}
		prefix := strings.TrimSpace(again.Find(t, "[data-testid=key-prefix]").Text())
		if !strings.HasPrefix(secret, strings.TrimSuffix(prefix, "…")) || !strings.HasSuffix(prefix, "…") || len(prefix) != len("cc_live_")+8+len("…") {
			t.Fatalf("prefix %q does not match key", prefix)
		}
		if got := again.Find(t, "[data-testid=key-name]").Text(); got != "laptop" {
			t.Fatalf("name = %q", got)
		}
	})
}

func TestAccountMaxActiveKeys(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		bob := e.user(t, "Bob")
		e.createKey(t, bob, "one") // Starter allows 1 (quotas are per key)
		p := e.as(t, bob, http.MethodPost, "/account/keys", url.Values{"name": {"two"}})
		if p.Status != http.StatusConflict || !strings.Contains(p.Find(t, "[data-testid=error]").Text(), "allows 1 active key") {
			t.Fatalf("third key: status %d, %s", p.Status, p.Doc.Find("main").Text())
		}
		if p.Doc.Find("[data-testid=create-key-form]").Length() != 0 || p.Doc.Find("[data-testid=key-limit]").Length() != 1 {
			t.Fatal("the create form is offered at the limit")
		}
		// Revoking frees a slot.
		ids := e.keyIDs(t, bob)
		if r := e.as(t, bob, http.MethodPost, "/account/keys/"+ids[0]+"/revoke", url.Values{}); r.Status != http.StatusSeeOther {
			t.Fatalf("revoke: %d", r.Status)
		}
		e.createKey(t, bob, "three")
	})
}

func TestAccountOtherUsersKeysAre404(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		alice, mallory := e.user(t, "Alice"), e.user(t, "Mallory")
		secret := e.createKey(t, alice, "prod")
		id := e.keyIDs(t, alice)[0]
		if strings.Contains(e.as(t, mallory, http.MethodGet, "/account", nil).Body, id) {
			t.Fatal("another user's key is listed")
		}
		for _, action := range []string{"rename", "revoke", "rotate"} {
			p := e.as(t, mallory, http.MethodPost, "/account/keys/"+id+"/"+action, url.Values{"name": {"pwned"}})
			if p.Status != http.StatusNotFound {
				t.Errorf("%s another's key: status %d, want 404", action, p.Status)
			}
			if p := e.as(t, mallory, http.MethodPost, "/account/keys/not-a-uuid/"+action, url.Values{"name": {"x"}}); p.Status != http.StatusNotFound {
				t.Errorf("%s bad id: status %d", action, p.Status)
			}
		}
		if _, err := e.auth.Authenticate(context.Background(), secret); err != nil {
			t.Fatalf("alice's key stopped working: %v", err)
		}
		rows := e.as(t, alice, http.MethodGet, "/account", nil)
		if got := rows.Find(t, "[data-testid=key-name]").Text(); got != "prod" {
			t.Fatalf("name changed to %q", got)
		}
		if anon := e.as(t, "", http.MethodGet, "/account", nil); anon.Status != http.StatusSeeOther {
			t.Fatalf("anonymous dashboard: %d", anon.Status)
		}
		// The owner can rename and revoke.
		if p := e.as(t, alice, http.MethodPost, "/account/keys/"+id+"/rename", url.Values{"name": {"production"}}); p.Status != http.StatusSeeOther {
			t.Fatalf("rename: %d", p.Status)
		}
		if got := e.as(t, alice, http.MethodGet, "/account", nil).Find(t, "[data-testid=key-name]").Text(); got != "production" {
			t.Fatalf("renamed to %q", got)
		}
		e.as(t, alice, http.MethodPost, "/account/keys/"+id+"/revoke", url.Values{})
		e.clock = e.clock.Add(time.Second) // past the authenticator's (zero) cache TTL
		if _, err := e.auth.Authenticate(context.Background(), secret); !errors.Is(err, metering.ErrBadKey) {
			t.Fatalf("revoked key: err = %v", err)
		}
	})
}

func TestAccountRotateGracePeriod(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		alice := e.user(t, "Alice")
		oldSecret := e.createKey(t, alice, "ci")
		id := e.keyIDs(t, alice)[0]
		p := e.as(t, alice, http.MethodPost, "/account/keys/"+id+"/rotate", url.Values{})
		if p.Status != http.StatusOK {
			t.Fatalf("rotate: %d %s", p.Status, p.Body)
		}
		newSecret := strings.TrimSpace(p.Find(t, "[data-testid=new-key]").Text())
		if !strings.Contains(p.Find(t, "[data-testid=grace]").Text(), "24 hours") {
			t.Fatal("the grace period is not stated")
		}
		ctx := context.Background()
		for _, s := range []string{oldSecret, newSecret} {
			if _, err := e.auth.Authenticate(ctx, s); err != nil {
				t.Fatalf("during grace: %v", err)
			}
		}
		if again := e.as(t, alice, http.MethodPost, "/account/keys/"+id+"/rotate", url.Values{}); again.Status != http.StatusConflict {
			t.Fatalf("second rotation of the old key: %d", again.Status)
		}
		e.clock = e.clock.Add(24*time.Hour + time.Second)
		if _, err := e.auth.Authenticate(ctx, oldSecret); !errors.Is(err, metering.ErrBadKey) {
			t.Fatalf("old key after grace: err = %v", err)
		}
		if _, err := e.auth.Authenticate(ctx, newSecret); err != nil {
			t.Fatalf("new key after grace: %v", err)
		}
		dash := e.as(t, alice, http.MethodGet, "/account", nil)
		if n := dash.Doc.Find("[data-testid=key-row][data-state=revoked]").Length(); n != 1 {
			t.Fatalf("revoked rows = %d", n)
		}
	})
}

func TestAccountUsageBarAndChart(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		alice := e.user(t, "Alice")
		// Two keys on one account: the dashboard adds their usage up.
		if err := db.Gorm.Exec("UPDATE plans SET max_active_keys = 2 WHERE slug = 'starter'").Error; err != nil {
			t.Fatal(err)
		}
		e.createKey(t, alice, "a")
		e.createKey(t, alice, "b")
		ids := e.keyIDs(t, alice)
		for _, r := range []struct {
			key    string
			period string
			n      int
		}{{ids[0], "2026-03", 30}, {ids[1], "2026-03", 12}, {ids[0], "2026-01", 7}, {ids[0], "2025-09", 99}} {
			if err := db.Gorm.Exec("INSERT INTO usage_counters (key_id, period, count) VALUES (?, ?, ?)", r.key, r.period, r.n).Error; err != nil {
				t.Fatal(err)
			}
		}
		p := e.as(t, alice, http.MethodGet, "/account", nil)
		bar := p.Find(t, "[data-testid=usage-bar]")
		if v, _ := bar.Attr("aria-valuenow"); v != "42" {
			t.Fatalf("usage bar now = %s, want 42", v)
		}
		if r, _ := bar.Attr("role"); r != "progressbar" {
			t.Fatalf("role = %s", r)
		}
		if got := p.Find(t, "[data-testid=usage-text]").Text(); got != "42 of 100 requests used this month" {
			t.Fatalf("usage text = %q", got)
		}
		// The bar sits with the sentence it measures, and the security page is one link away.
		if p.Find(t, "[data-testid=usage-text]").Parent().Find("[data-testid=usage-bar]").Length() != 1 {
			t.Error("the usage bar is not next to the usage text")
		}
		if p.Doc.Find(`a[href="/account/security"]`).Length() == 0 || p.Doc.Find("[data-testid=admin-link]").Length() != 0 {
			t.Error("no link to /account/security, or a console link for a non-admin")
		}
		var counts []string
		p.Doc.Find("[data-testid=chart-bar]").Each(func(_ int, s *goquery.Selection) {
			c, _ := s.Attr("data-count")
			counts = append(counts, c)
		})
		// Oct 2025 … Mar 2026; September is outside the six months.
		if strings.Join(counts, ",") != "0,0,0,7,0,42" {
			t.Fatalf("chart = %v", counts)
		}
		if desc := p.Find(t, "svg desc").Text(); !strings.Contains(desc, "January 2026 7") || !strings.Contains(desc, "March 2026 42") {
			t.Fatalf("chart text alternative = %q", desc)
		}
	})
}
