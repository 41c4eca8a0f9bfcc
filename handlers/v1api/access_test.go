package v1api_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/v1api"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/ratelimit"
	"github.com/claimcheck/claimcheck/internal/search"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// v1tClock is a settable clock shared by the middleware, the limiter and the handlers.
type v1tClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *v1tClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *v1tClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// v1tEnv is the /v1 API mounted the way the wiring mounts it, over real stores.
type v1tEnv struct {
	app     *fiber.App
	db      *database.DB
	stores  *models.Stores
	subs    *models.SubmissionStore
	firms   *models.FirmStore
	experts *models.ExpertStore
	clock   *v1tClock
	wakes   atomic.Int32
}

const v1tBase = "https://claimcheck.test"

// newV1tEnv mounts access (with the given burst limit per 10 s), claims and directory endpoints.
func newV1tEnv(t *testing.T, db *database.DB, burst int) *v1tEnv {
	t.Helper()
	st := storerules.Stores(db)
	// 10:00:02 on 21 November 2026: two seconds into a 10 s burst window.
	e := &v1tEnv{db: db, stores: st, subs: models.NewSubmissionStore(db, storerules.Default()), firms: models.NewFirmStore(db, storerules.Default()),
		experts: models.NewExpertStore(db, storerules.Default()), clock: &v1tClock{t: time.Date(2026, 11, 21, 10, 0, 2, 0, time.UTC)}}
	app := fiber.New()
	meter := metering.New(metering.Config{Keys: st.Keys, KeyCacheTTL: time.Second, Usage: st.Usage, Now: e.clock.now})
	access := v1api.NewV1Access(v1api.V1AccessDeps{Meter: meter.WithBurst(metering.Burst{Limiter: ratelimit.NewLeased(st.RateLimits, e.clock.now),
		Limit: burst, Window: 10 * time.Second, Bucket: "v1:"}), ChargedByHandler: v1api.ChargesInHandler, BaseURL: v1tBase})
	v1 := app.Group("/v1", v1api.V1CORS("*"), access.Handler())
	v1api.NewV1Claims(v1api.V1ClaimsDeps{Claims: st.Claims, Submissions: e.subs, Search: search.New(models.NewSearchStore(db)), Firms: e.firms,
		Experts: e.experts, Meter: meter, Submitted: func() { e.wakes.Add(1) }, BaseURL: v1tBase, Now: e.clock.now}).Routes(v1)
	v1api.NewV1Directory(v1api.V1DirectoryDeps{Firms: e.firms, Experts: e.experts, BaseURL: v1tBase}).Routes(v1)
	e.app = app
	return e
}

// key issues a key on plan (with an optional quota override) and returns its secret and row.
func (e *v1tEnv) key(t *testing.T, plan string, override *int, userID *string, revoked bool) (string, *models.APIKey) {
	t.Helper()
	ctx := context.Background()
	p, err := e.stores.Plans.BySlug(ctx, plan)
	if err != nil {
		t.Fatal(err)
	}
	is, err := keys.Generate()
	if err != nil {
		t.Fatal(err)
	}
	k := &models.APIKey{ID: uuid.NewString(), PlanID: p.ID, Name: "v1 " + plan, Prefix: is.Prefix, Hash: is.Hash,
		QuotaOverride: override, CreatedAt: e.clock.now(), UserID: userID}
	if revoked {
		at := e.clock.now().Add(-time.Hour)
		k.RevokedAt = &at
	}
	if err := e.stores.Keys.Create(ctx, k); err != nil {
		t.Fatal(err)
	}
	return is.Secret, k
}

// betaKey is a key on the free beta plan.
func (e *v1tEnv) betaKey(t *testing.T) string {
	t.Helper()
	s, _ := e.key(t, "beta-free", nil, nil, false)
	return s
}

// user creates an account with role; beta gives it /v1 access.
func (e *v1tEnv) user(t *testing.T, name string, role models.Role, beta bool) *models.User {
	t.Helper()
	now := e.clock.now()
	u := &models.User{ID: uuid.NewString(), Email: strings.ToLower(strings.ReplaceAll(name, " ", ".")) + "@example.com", Name: name,
		PasswordHash: "x", Role: role, EmailVerifiedAt: &now, CreatedAt: now, UpdatedAt: now}
	if err := e.stores.Accounts.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	if beta {
		if err := e.db.Gorm.Exec("UPDATE users SET beta_access_at = ? WHERE id = ?", now, u.ID).Error; err != nil {
			t.Fatal(err)
		}
	}
	return u
}

// v1tResp is one answer.
type v1tResp struct {
	status int
	header http.Header
	body   []byte
}

// json decodes the body into a generic map.
func (r v1tResp) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("not a JSON object (%v): %s", err, r.body)
	}
	return m
}

// problem checks that the answer is a problem document of slug and status and returns it.
func (r v1tResp) problem(t *testing.T, status int, slug string) v1api.ProblemDetails {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != v1api.ProblemContentType {
		t.Errorf("Content-Type %q, want %q", ct, v1api.ProblemContentType)
	}
	var p v1api.ProblemDetails
	if err := json.Unmarshal(r.body, &p); err != nil {
		t.Fatalf("not a problem document: %s", r.body)
	}
	if p.Type != v1api.ProblemType(slug) || p.Status != status || p.Title != v1api.ProblemTitle(slug) {
		t.Errorf("problem = %+v, want type %s", p, v1api.ProblemType(slug))
	}
	return p
}

// fields maps a problem's field errors by field.
func fields(p v1api.ProblemDetails) map[string]string {
	m := map[string]string{}
	for _, f := range p.Errors {
		m[f.Field] = f.Message
	}
	return m
}

// do sends a request with an optional Bearer key.
func (e *v1tEnv) do(t *testing.T, method, path, bearer string, hdr map[string]string, body string) v1tResp {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := e.app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return v1tResp{status: resp.StatusCode, header: resp.Header, body: b}
}

// used is the key's count this month.
func (e *v1tEnv) used(t *testing.T, k *models.APIKey) int {
	t.Helper()
	n, err := e.stores.Usage.Current(context.Background(), k.ID, metering.Period(e.clock.now()))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func v1tIntp(n int) *int { return &n }

func TestV1AccessTable(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 0)
		beta, betaRow := e.key(t, "beta-free", nil, nil, false)
		starter, starterRow := e.key(t, "starter", nil, nil, false)
		revoked, _ := e.key(t, "beta-free", nil, nil, true)
		invited := e.user(t, "Invited User", models.RoleUser, true)
		viaUser, _ := e.key(t, "starter", nil, &invited.ID, false)
		waiting := e.user(t, "Waiting User", models.RoleUser, false)
		noBeta, _ := e.key(t, "starter", nil, &waiting.ID, false)
		unknown, _ := keys.Generate()

		cases := []struct {
			name    string
			hdr     map[string]string
			status  int
			slug    string
			invalid bool // WWW-Authenticate says invalid_token
		}{
			{"no key", nil, 401, v1api.ProblemUnauthorized, false},
			{"basic auth is no key", map[string]string{"Authorization": "Basic dXNlcjpwYXNz"}, 401, v1api.ProblemUnauthorized, false},
			{"malformed key", map[string]string{"Authorization": "Bearer nonsense"}, 401, v1api.ProblemUnauthorized, true},
			{"unknown key", map[string]string{"Authorization": "Bearer " + unknown.Secret}, 401, v1api.ProblemUnauthorized, true},
			{"revoked key", map[string]string{"Authorization": "Bearer " + revoked}, 401, v1api.ProblemUnauthorized, true},
			{"key without beta", map[string]string{"Authorization": "Bearer " + starter}, 403, v1api.ProblemBetaRequired, false},
			{"user without beta", map[string]string{"Authorization": "Bearer " + noBeta}, 403, v1api.ProblemBetaRequired, false},
			{"beta via plan, Bearer", map[string]string{"Authorization": "Bearer " + beta}, 200, "", false},
			{"beta via plan, apikey", map[string]string{"apikey": beta}, 200, "", false},
			{"beta via the user's beta access", map[string]string{"Authorization": "Bearer " + viaUser}, 200, "", false},
			{"Bearer wins over a bad apikey", map[string]string{"Authorization": "Bearer " + beta, "apikey": "junk"}, 200, "", false},
			{"Bearer wins over a good apikey", map[string]string{"Authorization": "Bearer " + starter, "apikey": beta}, 403, v1api.ProblemBetaRequired, false},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				r := e.do(t, "GET", "/v1/experts", "", tc.hdr, "")
				if tc.status == 200 {
					if r.status != 200 {
						t.Fatalf("status %d: %s", r.status, r.body)
					}
					if r.header.Get("X-RateLimit-Limit") == "" || r.header.Get("X-RateLimit-Remaining") == "" || r.header.Get("X-RateLimit-Reset") == "" {
						t.Errorf("rate-limit headers missing: %v", r.header)
					}
					return
				}
				p := r.problem(t, tc.status, tc.slug)
				if tc.status == 401 {
					want := `Bearer realm="claimcheck"`
					if tc.invalid {
						want += `, error="invalid_token"`
					}
					if got := r.header.Get("WWW-Authenticate"); got != want {
						t.Errorf("WWW-Authenticate = %q, want %q", got, want)
					}
					if r.header.Get("X-RateLimit-Limit") != "" {
						t.Error("rate-limit headers on an answer to no valid key")
					}
				}
				if tc.status == 403 {
					if !strings.Contains(p.Detail, v1tBase+"/beta") || !strings.Contains(p.Detail, "beta-free") {
						t.Errorf("403 detail does not say how to get access: %q", p.Detail)
					}
					if r.header.Get("X-RateLimit-Limit") != "100" {
						t.Errorf("403 to a valid key lacks its quota headers: %v", r.header)
					}
				}
			})
		}
		if n := e.used(t, starterRow); n != 0 {
			t.Errorf("refused starter key counted %d requests", n)
		}
		if n := e.used(t, betaRow); n != 3 {
			t.Errorf("beta key counted %d requests, want 3", n)
		}
	})
}

func TestV1CORSPreflightNeedsNoKey(t *testing.T) {
	e := newV1tEnv(t, testdb.Open(t, database.SQLite), 0)
	r := e.do(t, "OPTIONS", "/v1/claims/submit", "", map[string]string{"Origin": "https://app.example",
		"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type, idempotency-key"}, "")
	if r.status != http.StatusNoContent {
		t.Fatalf("preflight status %d: %s", r.status, r.body)
	}
	if h := r.header.Get("Access-Control-Allow-Headers"); !strings.Contains(h, "idempotency-key") || !strings.Contains(h, "authorization") {
		t.Errorf("Allow-Headers = %q", h)
	}
	if m := r.header.Get("Access-Control-Allow-Methods"); !strings.Contains(m, "DELETE") {
		t.Errorf("Allow-Methods = %q", m)
	}
	beta := e.betaKey(t)
	r = e.do(t, "GET", "/v1/experts", beta, map[string]string{"Origin": "https://app.example"}, "")
	if r.status != 200 || r.header.Get("Access-Control-Allow-Origin") == "" {
		t.Fatalf("CORS GET: %d %v", r.status, r.header)
	}
	// Every response header the OpenAPI document names.
	for _, h := range []string{"Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "RateLimit-Limit",
		"RateLimit-Remaining", "RateLimit-Reset", "Location", "Idempotent-Replayed", "WWW-Authenticate", "ETag"} {
		if !strings.Contains(r.header.Get("Access-Control-Expose-Headers"), h) {
			t.Errorf("%s not exposed: %q", h, r.header.Get("Access-Control-Expose-Headers"))
		}
	}
}

func TestV1BurstLimit(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 3)
		secret, row := e.key(t, "beta-free", nil, nil, false)
		for i := range 3 {
			r := e.do(t, "GET", "/v1/experts", secret, nil, "")
			if r.status != 200 {
				t.Fatalf("request %d: %d %s", i+1, r.status, r.body)
			}
			if got := r.header.Get("RateLimit-Remaining"); got != strconv.Itoa(2-i) {
				t.Errorf("request %d: RateLimit-Remaining %q, want %d", i+1, got, 2-i)
			}
			if r.header.Get("RateLimit-Limit") != "3" || r.header.Get("RateLimit-Reset") != "8" {
				t.Errorf("request %d: burst headers %v", i+1, r.header)
			}
		}
		r := e.do(t, "GET", "/v1/experts", secret, nil, "")
		p := r.problem(t, 429, v1api.ProblemRateLimited)
		if r.header.Get("Retry-After") != "8" || r.header.Get("RateLimit-Remaining") != "0" {
			t.Errorf("burst 429 headers: Retry-After %q, RateLimit-Remaining %q", r.header.Get("Retry-After"), r.header.Get("RateLimit-Remaining"))
		}
		if r.header.Get("X-RateLimit-Remaining") != "997" || r.header.Get("X-RateLimit-Limit") != "1000" {
			t.Errorf("the monthly quota headers on a burst 429: %v", r.header)
		}
		if !strings.Contains(p.Detail, "retry after 8 seconds") {
			t.Errorf("detail = %q", p.Detail)
		}
		if n := e.used(t, row); n != 3 {
			t.Errorf("usage = %d after a burst refusal, want 3", n)
		}
		// Another key has its own burst budget.
		if r := e.do(t, "GET", "/v1/experts", e.betaKey(t), nil, ""); r.status != 200 {
			t.Errorf("another key: %d", r.status)
		}
		// The next window admits again.
		e.clock.add(8 * time.Second)
		r = e.do(t, "GET", "/v1/experts", secret, nil, "")
		if r.status != 200 || r.header.Get("RateLimit-Remaining") != "2" || r.header.Get("RateLimit-Reset") != "10" {
			t.Errorf("next window: %d %v", r.status, r.header)
		}
	})
}

func TestV1MonthlyQuota(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 0)
		secret, row := e.key(t, "beta-free", v1tIntp(2), nil, false)
		for i := range 2 {
			r := e.do(t, "GET", "/v1/experts", secret, nil, "")
			if r.status != 200 {
				t.Fatalf("request %d: %d %s", i+1, r.status, r.body)
			}
			if r.header.Get("X-RateLimit-Limit") != "2" || r.header.Get("X-RateLimit-Remaining") != strconv.Itoa(1-i) ||
				r.header.Get("X-RateLimit-Reset") != strconv.FormatInt(metering.ResetAt(e.clock.now()).Unix(), 10) {
				t.Errorf("request %d headers: %v", i+1, r.header)
			}
		}
		for range 2 {
			r := e.do(t, "GET", "/v1/experts", secret, nil, "")
			r.problem(t, 429, v1api.ProblemQuotaExceeded)
			if r.header.Get("Retry-After") != strconv.Itoa(metering.RetryAfter(e.clock.now())) || r.header.Get("X-RateLimit-Remaining") != "0" {
				t.Errorf("quota 429 headers: %v", r.header)
			}
		}
		if n := e.used(t, row); n != 2 {
			t.Errorf("usage = %d, want 2: refused requests are not counted", n)
		}
		// A plan without a quota states no limit, only the reset.
		ent, _ := e.key(t, "enterprise", nil, nil, false)
		if err := db.Gorm.Exec("UPDATE plans SET v1_access = ? WHERE slug = 'enterprise'", true).Error; err != nil {
			t.Fatal(err)
		}
		e.clock.add(2 * time.Second) // past the key cache TTL, so the plan change is seen
		r := e.do(t, "GET", "/v1/experts", ent, nil, "")
		if r.status != 200 || r.header.Get("X-RateLimit-Limit") != "" || r.header.Get("X-RateLimit-Reset") == "" {
			t.Errorf("unlimited key: %d %v", r.status, r.header)
		}
	})
}

// The limiter's store failing must not take the API down: the exact monthly quota still applies.
type v1tBrokenLimiter struct{}

func (v1tBrokenLimiter) Allow(context.Context, string, int, time.Duration) (ratelimit.Decision, error) {
	return ratelimit.Decision{}, io.ErrUnexpectedEOF
}

func TestV1BurstLimiterFailureAdmits(t *testing.T) {
	db := testdb.Open(t, database.SQLite)
	st := storerules.Stores(db)
	e := &v1tEnv{stores: st, clock: &v1tClock{t: time.Now().UTC()}}
	app := fiber.New()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	meter := metering.New(metering.Config{Keys: st.Keys, Usage: st.Usage, Log: quiet})
	access := v1api.NewV1Access(v1api.V1AccessDeps{Meter: meter.WithBurst(metering.Burst{Limiter: v1tBrokenLimiter{},
		Limit: 1, Window: time.Second, Bucket: "v1:"}), Log: quiet})
	app.Group("/v1", access.Handler()).Get("/ping", func(c *fiber.Ctx) error { return c.SendString("pong") })
	e.app = app
	secret, row := e.key(t, "beta-free", v1tIntp(1), nil, false)
	if r := e.do(t, "GET", "/v1/ping", secret, nil, ""); r.status != 200 || r.header.Get("RateLimit-Limit") != "" {
		t.Fatalf("with the limiter down: %d %v", r.status, r.header)
	}
	e.do(t, "GET", "/v1/ping", secret, nil, "").problem(t, 429, v1api.ProblemQuotaExceeded)
	if n := e.used(t, row); n != 1 {
		t.Errorf("usage = %d", n)
	}
}
