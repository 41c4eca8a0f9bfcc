package app

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/apikey"
	"github.com/claimcheck/claimcheck/handlers/ops"
	"github.com/claimcheck/claimcheck/handlers/v1api"
	"github.com/claimcheck/claimcheck/internal/telemetry"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// probeTimeout bounds the readiness check and the queue metrics' queries: a probe or a scrape
// must answer well before its own timeout, even when the database hangs.
const probeTimeout = 2 * time.Second

// buildMetrics makes the process's registry and hooks the database into it: pool statistics,
// statement timing, and the queue depths read on each scrape.
func buildMetrics(db *database.DB, log *slog.Logger) (*telemetry.Metrics, error) {
	m := telemetry.New()
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		return nil, fmt.Errorf("metrics: %w", err)
	}
	if err := m.RegisterDBStats(sqlDB, "claimcheck"); err != nil {
		return nil, err
	}
	if pool := db.PgxPool(); pool != nil {
		if err := m.RegisterPgxPool(pool, "claimcheck"); err != nil {
			return nil, err
		}
	}
	if db.Dialect == database.SQLite {
		if err := m.RegisterGroupCommits(db.GroupCommits); err != nil {
			return nil, err
		}
	}
	if err := db.Gorm.Use(telemetry.NewQueryTimer(m)); err != nil {
		return nil, fmt.Errorf("metrics: query timer: %w", err)
	}
	if err := m.Register(telemetry.NewQueueCollector(models.NewQueueStore(db), probeTimeout, nil, log)); err != nil {
		return nil, err
	}
	return m, nil
}

// buildReadiness makes the /readyz check over db.
func buildReadiness(db *database.DB) (*telemetry.Readiness, error) {
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		return nil, fmt.Errorf("readiness: %w", err)
	}
	return telemetry.NewReadiness(sqlDB, string(db.Dialect), probeTimeout)
}

// opsDeps wires /healthz, /readyz and /metrics.
func opsDeps(w *wiring) ops.Deps {
	return ops.Deps{Ready: w.ready, Metrics: w.metrics.Handler(), MetricsToken: w.cfg.MetricsToken, Log: w.log}
}

// requestTelemetry is the request middleware's configuration: it knows where each surface leaves
// the request's key and how each words a 429.
func requestTelemetry(m *telemetry.Metrics, log *slog.Logger) telemetry.HTTPConfig {
	return telemetry.HTTPConfig{Metrics: m, Log: log, KeyPrefix: keyPrefix, Refusal: refusal,
		Quiet: []string{ops.HealthPath, ops.ReadyPath, ops.MetricsPath}}
}

// keyPrefix is the display prefix of the key that authenticated the request, "" when none did.
func keyPrefix(c *fiber.Ctx) string {
	if k := v1api.V1Key(c); k != nil {
		return k.Key.Prefix
	}
	if k := apikey.Key(c); k != nil {
		return k.Key.Prefix
	}
	return ""
}

// Refusal surfaces and reasons, the labels of claimcheck_quota_refusals_total.
const (
	refusalQuota       = "quota"
	refusalBurst       = "burst"
	refusalAnonChecks  = "anon_checks"
	refusalLogin       = "login"
	refusalLiveStreams = "live_streams"
	refusalOther       = "other"
)

// refusal names the surface and reason of a 429 from the answer itself, so the surfaces and
// metering need not report it: /v1 says which limit in its problem type, the compatible API has
// only the monthly quota, and each page that answers 429 has one reason.
func refusal(c *fiber.Ctx) (surface, reason string) {
	p := c.Path()
	switch {
	case p == "/v1" || strings.HasPrefix(p, "/v1/"):
		var body []byte
		if !c.Response().IsBodyStream() {
			body = c.Response().Body()
		}
		switch {
		case bytes.Contains(body, []byte(v1api.ProblemType(v1api.ProblemQuotaExceeded))):
			return "v1", refusalQuota
		case bytes.Contains(body, []byte(v1api.ProblemType(v1api.ProblemRateLimited))):
			return "v1", refusalBurst
		}
		return "v1", refusalOther
	case strings.HasPrefix(p, "/functions/"):
		return "functions", refusalQuota
	case strings.HasPrefix(p, "/rest/"):
		return "rest", refusalQuota
	}
	switch route := telemetry.RoutePattern(c); {
	case route == "/" && c.Method() == fiber.MethodPost:
		return "web", refusalAnonChecks
	case strings.HasPrefix(route, "/login") || route == "/account/security":
		return "web", refusalLogin
	case strings.HasPrefix(route, "/live"):
		return "web", refusalLiveStreams
	}
	return "web", refusalOther
}
