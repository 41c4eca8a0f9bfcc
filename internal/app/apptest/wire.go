package apptest

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/config"
	"github.com/claimcheck/claimcheck/internal/datasets/datasetstest"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/gofiber/fiber/v2"
)

// Options are what a test controls in the wired service; the zero value is the service as
// configured for tests.
type Options struct {
	// Env sets configuration variables over the test defaults (BASE_URL is BaseURL,
	// ANON_CHECKS_PER_HOUR 1000, DATASETS_DIR the test data sets).
	Env map[string]string
	// AnonChecksPerHour, when set, limits anonymous form checks per IP.
	AnonChecksPerHour int
	// Analyzer replaces the configured analyzer.
	Analyzer analysis.Analyzer
	// Now is the clock every part reads; nil is the real time.
	Now func() time.Time
	// Accounts are options of the accounts service after CheapArgon.
	Accounts []accounts.Option
	// PlanChanged replaces billing's plan-change hook.
	PlanChanged billing.PlanChangedFunc
	// WebhookResolver looks webhook hosts up instead of DNS (see Resolver).
	WebhookResolver webhooks.Resolver
}

// New wires the whole service over db through app.New, the function main uses, so a handler
// test exercises the routes, middleware and dependencies the service really mounts.
func New(t testing.TB, db *database.DB, o Options) *app.App {
	t.Helper()
	vals := map[string]string{"BASE_URL": BaseURL, "ANON_CHECKS_PER_HOUR": "1000", "DATASETS_DIR": datasetstest.Dir(t)}
	if o.AnonChecksPerHour > 0 {
		vals["ANON_CHECKS_PER_HOUR"] = strconv.Itoa(o.AnonChecksPerHour)
	}
	for k, v := range o.Env {
		vals[k] = v
	}
	cfg, err := config.FromLookup(func(k string) (string, bool) { v, ok := vals[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	opts := []app.Option{app.WithAccountOptions(append([]accounts.Option{accounts.WithParams(CheapArgon)}, o.Accounts...)...)}
	if o.Analyzer != nil {
		opts = append(opts, app.WithAnalyzer(o.Analyzer))
	}
	if o.Now != nil {
		opts = append(opts, app.WithClock(o.Now))
	}
	if o.WebhookResolver != nil {
		opts = append(opts, app.WithWebhookResolver(o.WebhookResolver))
	}
	if o.PlanChanged != nil {
		opts = append(opts, app.WithPlanChanged(o.PlanChanged))
	}
	a, err := app.New(context.Background(), cfg, db, slog.New(slog.NewTextHandler(io.Discard, nil)), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	return a
}

// CSRFCookie is the name of the cookie the CSRF token travels in.
const CSRFCookie = "cc_csrf"

// FormToken asks h for a page and returns the CSRF token a form must carry, both as the _csrf
// field and as the cc_csrf cookie.
func FormToken(t testing.TB, h *fiber.App) string {
	t.Helper()
	resp, err := h.Test(httptest.NewRequest(http.MethodGet, "/login", nil), 30_000)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == CSRFCookie && c.Value != "" {
			return c.Value
		}
	}
	t.Fatalf("GET /login set no %s cookie", CSRFCookie)
	return ""
}
