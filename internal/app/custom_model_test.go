package app_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// customModelEnv is the wired service with a DEVICE_KEY (endpoint keys can be sealed) and private
// endpoints allowed (the fake model listens on 127.0.0.1), and a fake OpenAI-compatible server.
type customModelEnv struct {
	*apptest.Browser
	model *fakeModel
	srv   *httptest.Server
}

func newCustomModelEnv(t *testing.T, db *database.DB, env map[string]string) *customModelEnv {
	t.Helper()
	m := &fakeModel{}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	vals := map[string]string{"DEVICE_KEY": strings.Repeat("k", 40), "CUSTOM_MODEL_ALLOW_PRIVATE": "true", "LLM_TIMEOUT": "5s"}
	for k, v := range env {
		vals[k] = v
	}
	return &customModelEnv{Browser: apptest.Open(t, db, apptest.Options{Env: vals}), model: m, srv: srv}
}

// onPlan moves the account to the plan with slug.
func (e *customModelEnv) onPlan(t *testing.T, u *models.User, slug string) {
	t.Helper()
	ctx := context.Background()
	p, err := e.App.Stores.Plans.BySlug(ctx, slug)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.App.Stores.Keys.SetPlanForUser(ctx, models.Tx{}, u.ID, p.ID); err != nil {
		t.Fatal(err)
	}
}

// accountKey creates a key of the account and returns its secret.
func (e *customModelEnv) accountKey(t *testing.T, u *models.User) string {
	t.Helper()
	is, err := keys.Generate()
	if err != nil {
		t.Fatal(err)
	}
	k := &models.APIKey{ID: uuid.NewString(), Name: "k", Prefix: is.Prefix, Hash: is.Hash, CreatedAt: time.Now().UTC()}
	if err := e.App.Stores.Keys.CreateOwned(context.Background(), u.ID, k); err != nil {
		t.Fatal(err)
	}
	return is.Secret
}

// check analyses a claim through the compatible API with secret and returns the stored claim.
func (e *customModelEnv) check(t *testing.T, secret string) *models.Claim {
	t.Helper()
	req := httptest.NewRequest("POST", "/functions/v1/quick-responder", bytes.NewReader([]byte(`{"claim":"Aşılar otizme neden olur"}`)))
	req.Header.Set("apikey", secret)
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.App.HTTP.Test(req, 30_000)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	b := new(bytes.Buffer)
	_, _ = b.ReadFrom(resp.Body)
	resp.Body.Close()
	mustJSON(t, b.Bytes(), &out)
	if resp.StatusCode != 200 {
		t.Fatalf("quick-responder: %d %s", resp.StatusCode, b)
	}
	c, err := e.App.Stores.Claims.Get(context.Background(), out["id"].(string))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// calls is how many requests the fake model received.
func (e *customModelEnv) calls() int {
	e.model.mu.Lock()
	defer e.model.mu.Unlock()
	return len(e.model.requests)
}

// TestCustomModelPageAuthorization: only Enterprise accounts (and admins, for any account) get
// the form; everyone else gets the explanation with an upgrade link, and a post is refused 403
// without changing anything. An account id in the address is honoured for admins only.
func TestCustomModelPageAuthorization(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newCustomModelEnv(t, db, nil)
		starter, starterSess := e.Member(t, "starter@example.org", "Starter Sam", models.RoleUser)
		ent, entSess := e.Member(t, "enterprise@example.org", "Enterprise Eda", models.RoleUser)
		e.onPlan(t, ent, "enterprise")
		_, adminSess := e.Member(t, "admin@example.org", "Admin Ada", models.RoleAdmin)

		for _, tc := range []struct {
			name, session, path string
			status              int
			form, upgrade       bool
		}{
			{"starter sees the upgrade path", starterSess, "/account/model", 200, false, true},
			{"enterprise gets the form", entSess, "/account/model", 200, true, false},
			{"admin gets the form for any account", adminSess, "/account/model?account=" + starter.ID, 200, true, false},
			{"a user cannot open another account", entSess, "/account/model?account=" + starter.ID, 404, false, false},
			{"admin, unknown account", adminSess, "/account/model?account=" + uuid.NewString(), 404, false, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				p := e.Get(t, tc.path, tc.session)
				if p.Status != tc.status {
					t.Fatalf("status %d, want %d", p.Status, tc.status)
				}
				if got := p.Doc.Find(`[data-testid="model-form"]`).Length() == 1; got != tc.form {
					t.Errorf("form shown %v, want %v", got, tc.form)
				}
				if got := p.Doc.Find(`[data-testid="model-upgrade-link"][href="/pricing#contact"]`).Length() == 1; got != tc.upgrade {
					t.Errorf("upgrade link shown %v, want %v", got, tc.upgrade)
				}
			})
		}
		if p := e.Get(t, "/account/model"); p.Status != http.StatusSeeOther {
			t.Errorf("anonymous: status %d, want a redirect to log in", p.Status)
		}
		form := url.Values{"base_url": {e.srv.URL + "/v1"}, "model": {"starter-ft"}, "api_key": {"sk-starter-secret-1234"}}
		if p := e.Post(t, "/account/model", form, starterSess); p.Status != 403 || p.Doc.Find(`[data-testid="model-upgrade"]`).Length() != 1 {
			t.Errorf("starter post: status %d, want 403 with the explanation", p.Status)
		}
		if v, err := e.App.Stores.AccountModels.Get(context.Background(), starter.ID); err == nil {
			t.Fatalf("a refused post stored %+v", v)
		}
		// The admin can set the Starter account's model, and the account then sees it read-only.
		form.Set("model", "set-by-admin")
		if p := e.Post(t, "/account/model?account="+starter.ID, form, adminSess); p.Status != 200 || p.Doc.Find(`[data-testid="model-flash"]`).Length() != 1 {
			t.Fatalf("admin save for another account: status %d: %.400s", p.Status, p.Body)
		}
		p := e.Get(t, "/account/model", starterSess)
		if got := p.Doc.Find(`[data-testid="model-current-readonly"]`).Text(); !strings.Contains(got, "set-by-admin") {
			t.Errorf("starter's read-only note %q, want the admin's model", got)
		}
		// A form without its CSRF token changes nothing.
		req := httptest.NewRequest("POST", "/account/model", strings.NewReader(url.Values{"base_url": {e.srv.URL}, "model": {"x"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.AddCookie(&http.Cookie{Name: "cc_session", Value: entSess})
		if p := e.Do(t, req); p.Status != 403 {
			t.Errorf("post without CSRF token: status %d, want 403", p.Status)
		}
		if _, err := e.App.Stores.AccountModels.Get(context.Background(), ent.ID); err == nil {
			t.Error("a post without a CSRF token stored a model")
		}
		// The admin's change to another account is in the admin audit log; an account's own
		// change is not the admin log's business.
		entForm := url.Values{"base_url": {e.srv.URL + "/v1"}, "model": {"own-ft"}, "api_key": {"sk-enterprise-secret-1234"}}
		if p := e.Post(t, "/account/model", entForm, entSess); p.Status != 200 {
			t.Fatalf("enterprise save: status %d: %.400s", p.Status, p.Body)
		}
		entries, err := e.App.Stores.Audit.List(context.Background(), models.AuditFilter{Action: "account_model."})
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 1 || entries[0].Action != "account_model.save" || entries[0].Subject != "user:"+starter.ID ||
			!strings.Contains(entries[0].Detail, "set-by-admin") || strings.Contains(entries[0].Detail, "sk-starter") {
			t.Errorf("audit entries %+v, want one account_model.save of the starter account, without the key", entries)
		}
	})
}

// TestCustomModelFormLimits: every field is checked and the whole form says what to correct.
func TestCustomModelFormLimits(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newCustomModelEnv(t, db, nil)
		ent, sess := e.Member(t, "limits@example.org", "Limits Lale", models.RoleUser)
		e.onPlan(t, ent, "enterprise")
		for _, tc := range []struct {
			name      string
			form      url.Values
			wantField string
		}{
			{"ftp address", url.Values{"base_url": {"ftp://models.example.com/v1"}, "model": {"m"}}, "base_url"},
			{"no address", url.Values{"base_url": {""}, "model": {"m"}}, "base_url"},
			{"credentials in the address", url.Values{"base_url": {"https://user:pw@models.example.com/v1"}, "model": {"m"}}, "base_url"},
			{"address too long", url.Values{"base_url": {"https://models.example.com/" + strings.Repeat("a", 500)}, "model": {"m"}}, "base_url"},
			{"no model", url.Values{"base_url": {e.srv.URL}, "model": {" "}}, "model"},
			{"model too long", url.Values{"base_url": {e.srv.URL}, "model": {strings.Repeat("m", 201)}}, "model"},
			{"key with a space", url.Values{"base_url": {e.srv.URL}, "model": {"m"}, "api_key": {"sk one"}}, "api_key"},
			{"key too long", url.Values{"base_url": {e.srv.URL}, "model": {"m"}, "api_key": {strings.Repeat("k", 501)}}, "api_key"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				p := e.Post(t, "/account/model", tc.form, sess)
				if p.Status != 422 {
					t.Fatalf("status %d, want 422", p.Status)
				}
				if p.Doc.Find(`[data-testid="`+tc.wantField+`-error"]`).Length() != 1 {
					t.Errorf("no error on %s: %.600s", tc.wantField, p.Body)
				}
				if _, err := e.App.Stores.AccountModels.Get(context.Background(), ent.ID); err == nil {
					t.Error("an invalid form was stored")
				}
			})
		}
	})
}

// TestCustomModelEndToEnd: an Enterprise account saves its endpoint (the key is stored sealed and
// shown only by its last four characters), tests it with a clear result, and its keys' analyses
// are made by that model and recorded as such; another account's analyses are not; clearing it
// returns the account to the service's analyzer at once.
func TestCustomModelEndToEnd(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newCustomModelEnv(t, db, nil)
		ent, sess := e.Member(t, "newsroom@example.org", "Newsroom", models.RoleUser)
		e.onPlan(t, ent, "enterprise")
		other, _ := e.Member(t, "other@example.org", "Other", models.RoleUser)
		const apiKey = "sk-newsroom-very-secret-9f3a"
		p := e.Post(t, "/account/model", url.Values{"base_url": {e.srv.URL + "/v1"}, "model": {"newsroom-ft-1"}, "api_key": {apiKey}}, sess)
		if p.Status != 200 || p.Doc.Find(`[data-testid="model-flash"]`).Length() != 1 {
			t.Fatalf("save: status %d: %.600s", p.Status, p.Body)
		}
		if strings.Contains(p.Body, apiKey) || !strings.Contains(p.Text(t, `[data-testid="model-current-key"]`), "…9f3a") {
			t.Errorf("the page shows the key or not its last four: %q", p.Text(t, `[data-testid="model-current-key"]`))
		}
		row, err := e.App.Stores.AccountModels.Get(context.Background(), ent.ID)
		if err != nil {
			t.Fatal(err)
		}
		if row.APIKeySealed == "" || strings.Contains(row.APIKeySealed, apiKey) || strings.Contains(row.APIKeySealed, "newsroom") {
			t.Errorf("stored key %q is not sealed", row.APIKeySealed)
		}
		// Saving again without a key keeps the stored one.
		p = e.Post(t, "/account/model", url.Values{"base_url": {e.srv.URL + "/v1"}, "model": {"newsroom-ft-2"}}, sess)
		if p.Status != 200 || !strings.Contains(p.Text(t, `[data-testid="model-current-key"]`), "…9f3a") {
			t.Fatalf("re-save without a key: status %d, key %q", p.Status, p.Text(t, `[data-testid="model-current-key"]`))
		}

		// Pointing the endpoint at another host without entering the key again is refused: the
		// stored key is never sent anywhere but where it was entered for.
		p = e.Post(t, "/account/model", url.Values{"base_url": {"https://elsewhere.example.net/v1"}, "model": {"newsroom-ft-2"}}, sess)
		if p.Status != 422 || !strings.Contains(p.Text(t, `[data-testid="api_key-error"]`), "host changed") {
			t.Errorf("host change without a key: status %d, error %q", p.Status, p.Doc.Find(`[data-testid="api_key-error"]`).Text())
		}
		p = e.Post(t, "/account/model/test", url.Values{}, sess)
		if got := p.Text(t, `[data-testid="model-test-ok"]`); !strings.Contains(got, "newsroom-ft-2") || !strings.Contains(got, "valid analysis") {
			t.Errorf("test result %q", got)
		}
		e.model.mu.Lock()
		last := e.model.requests[len(e.model.requests)-1]
		e.model.mu.Unlock()
		if last["model"] != "newsroom-ft-2" {
			t.Errorf("the test prompt asked model %v", last["model"])
		}

		before := e.calls()
		c := e.check(t, e.accountKey(t, ent))
		if e.calls() == before {
			t.Fatal("the account's analysis did not reach its model")
		}
		if c.Analyzer != "llm" || !strings.Contains(c.AnalyzerVersion, "newsroom-ft-2") || !strings.Contains(c.AnalysisMeta, `"model":"newsroom-ft-2"`) {
			t.Errorf("stored analysis: analyzer %q version %q meta %.200s", c.Analyzer, c.AnalyzerVersion, c.AnalysisMeta)
		}
		before = e.calls()
		if c := e.check(t, e.accountKey(t, other)); e.calls() != before || c.Analyzer == "llm" {
			t.Errorf("another account's analysis went to the model (analyzer %q)", c.Analyzer)
		}

		// A failing endpoint: the test says so, and analyses fall back offline, saying why.
		e.model.mu.Lock()
		e.model.fail = true
		e.model.mu.Unlock()
		p = e.Post(t, "/account/model/test", url.Values{}, sess)
		if got := p.Text(t, `[data-testid="model-test-failed"]`); !strings.Contains(got, "failed") || strings.Contains(got, apiKey) {
			t.Errorf("failed test result %q", got)
		}
		e.model.mu.Lock()
		e.model.fail = false
		e.model.mu.Unlock()

		// Clearing asks first, without JavaScript: the link opens a confirmation that changes nothing.
		p = e.Get(t, "/account/model/clear", sess)
		if p.Status != 200 || p.Doc.Find(`[data-testid="model-clear-confirm"] form[method="post"][action="/account/model/clear"]`).Length() != 1 {
			t.Fatalf("clear confirmation: status %d", p.Status)
		}
		if _, err := e.App.Stores.AccountModels.Get(context.Background(), ent.ID); err != nil {
			t.Fatalf("opening the confirmation cleared the model: %v", err)
		}
		p = e.Post(t, "/account/model/clear", url.Values{}, sess)
		if p.Status != 200 || p.Doc.Find(`[data-testid="model-current"]`).Length() != 0 {
			t.Fatalf("clear: status %d", p.Status)
		}
		before = e.calls()
		if c := e.check(t, e.accountKey(t, ent)); e.calls() != before || c.Analyzer == "llm" {
			t.Errorf("after clearing, the analysis still went to the model (analyzer %q)", c.Analyzer)
		}
	})
}

// TestCustomModelRefusesPrivateAddresses: without CUSTOM_MODEL_ALLOW_PRIVATE the server never
// calls an account's endpoint on its own network.
func TestCustomModelRefusesPrivateAddresses(t *testing.T) {
	e := newCustomModelEnv(t, testdb.Open(t, database.SQLite), map[string]string{"CUSTOM_MODEL_ALLOW_PRIVATE": "false"})
	ent, sess := e.Member(t, "private@example.org", "Private", models.RoleUser)
	e.onPlan(t, ent, "enterprise")
	for _, addr := range []string{e.srv.URL + "/v1", "http://localhost:11434/v1", "http://169.254.169.254/latest", "http://10.0.0.5/v1"} {
		p := e.Post(t, "/account/model", url.Values{"base_url": {addr}, "model": {"m"}}, sess)
		if p.Status != 422 || !strings.Contains(p.Text(t, `[data-testid="base_url-error"]`), "private, loopback or link-local") {
			t.Errorf("%s: status %d, error %q", addr, p.Status, p.Doc.Find(`[data-testid="base_url-error"]`).Text())
		}
	}
}

// TestCustomModelAnalysesV1Submissions: a claim submitted to /v1 with a key of an account that
// has its own model is analysed by the background worker with that model.
func TestCustomModelAnalysesV1Submissions(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newCustomModelEnv(t, db, map[string]string{"V1_BURST_LIMIT": "0"})
		ent, sess := e.Member(t, "v1-newsroom@example.org", "V1 Newsroom", models.RoleUser)
		e.onPlan(t, ent, "enterprise")
		if err := db.Gorm.Exec("UPDATE users SET beta_access_at = ? WHERE id = ?", time.Now().UTC(), ent.ID).Error; err != nil {
			t.Fatal(err)
		}
		if p := e.Post(t, "/account/model", url.Values{"base_url": {e.srv.URL + "/v1"}, "model": {"v1-ft"}, "no_key": {"1"}}, sess); p.Status != 200 {
			t.Fatalf("save: %d", p.Status)
		}
		req := httptest.NewRequest("POST", "/v1/claims/submit", strings.NewReader(`{"claim":"Aşılar otizme neden olur"}`))
		req.Header.Set("Authorization", "Bearer "+e.accountKey(t, ent))
		req.Header.Set("Content-Type", "application/json")
		resp, err := e.App.HTTP.Test(req, 30_000)
		if err != nil {
			t.Fatal(err)
		}
		b := new(bytes.Buffer)
		_, _ = b.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 202 {
			t.Fatalf("submit: %d %s", resp.StatusCode, b)
		}
		var sub struct {
			ID string `json:"id"`
		}
		mustJSON(t, b.Bytes(), &sub)
		stop := e.App.StartBackground(context.Background())
		defer stop()
		deadline := time.Now().Add(15 * time.Second)
		for {
			c, err := e.App.Stores.Claims.Get(context.Background(), sub.ID)
			if err == nil {
				if !strings.Contains(c.AnalyzerVersion, "v1-ft") || e.calls() == 0 {
					t.Errorf("submission analysed by %q (%d model calls), want the account's model", c.AnalyzerVersion, e.calls())
				}
				e.model.mu.Lock()
				asked := e.model.requests[0]["model"]
				e.model.mu.Unlock()
				if asked != "v1-ft" {
					t.Errorf("the model was asked for %v", asked)
				}
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the submission was not analysed within 15 s: %v", err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
}
