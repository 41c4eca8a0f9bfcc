// Package ops serves what operators and their tools read: /healthz (the process is up), /readyz
// (it may take traffic) and /metrics (Prometheus). None of them runs sessions, CSRF or API-key
// metering, so a load balancer or scraper never needs credentials for the first two and never
// spends quota.
package ops

import (
	"context"
	"crypto/subtle"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/adaptor"
)

// Paths of the operator endpoints.
const (
	// HealthPath answers 200 while the process runs.
	HealthPath = "/healthz"
	// ReadyPath answers 200 when the database answers and its schema is current, 503 otherwise.
	ReadyPath = "/readyz"
	// MetricsPath serves the Prometheus metrics to loopback clients or bearers of the metrics token.
	MetricsPath = "/metrics"
)

// Readiness tells whether the process may take traffic (telemetry.Readiness).
type Readiness interface {
	Ready(ctx context.Context) error
}

// Reasoned is an error that carries a reason fit to show a prober (telemetry.NotReadyError).
type Reasoned interface {
	error
	PublicReason() string
}

// Deps is what the operator endpoints are built from.
type Deps struct {
	// Ready is the readiness check behind /readyz.
	Ready Readiness
	// Metrics serves the registry (telemetry.Metrics.Handler).
	Metrics http.Handler
	// MetricsToken, when not empty, admits a scraper from any address that sends
	// Authorization: Bearer <token>.
	MetricsToken string
	// Log receives why a readiness check failed; the prober sees only the short reason.
	Log *slog.Logger
}

// Mount mounts /healthz, /readyz and /metrics on r. Mount it before every other surface, so no
// other surface's middleware runs for these paths.
func Mount(r fiber.Router, d Deps) {
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	r.Get(HealthPath, health)
	r.Get(ReadyPath, ready(d.Ready, log))
	metrics := adaptor.HTTPHandler(d.Metrics)
	r.Get(MetricsPath, func(c *fiber.Ctx) error {
		if !MetricsAllowed(c, d.MetricsToken) {
			c.Set(fiber.HeaderCacheControl, "no-store")
			return c.Status(fiber.StatusForbidden).JSON(fiber.Map{"status": "forbidden",
				"reason": "metrics are served to loopback clients and to bearers of METRICS_TOKEN"})
		}
		return metrics(c)
	})
}

// health answers that the process is up; it touches nothing else, so a slow database never
// makes an orchestrator restart a healthy process.
func health(c *fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.JSON(fiber.Map{"status": "ok"})
}

// ready answers 200 when check passes and 503 with the reason when it does not.
func ready(check Readiness, log *slog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderCacheControl, "no-store")
		err := check.Ready(c.UserContext())
		if err == nil {
			return c.JSON(fiber.Map{"status": "ready"})
		}
		log.Warn("not ready", "err", err)
		reason := "not ready"
		var r Reasoned
		if errors.As(err, &r) {
			reason = r.PublicReason()
		}
		return c.Status(fiber.StatusServiceUnavailable).JSON(fiber.Map{"status": "unavailable", "reason": reason})
	}
}

// forwardHeaders are set by proxies; a loopback request carrying one came from elsewhere through a
// proxy on this machine, so it does not count as local.
var forwardHeaders = []string{fiber.HeaderXForwardedFor, "Forwarded", "X-Real-Ip", fiber.HeaderXForwardedHost}

// MetricsAllowed reports whether c may read the metrics: it carries the configured bearer token,
// or its connection comes from a loopback address with no proxy header. The connection's own
// address is used, never X-Forwarded-For, so TRUST_PROXY cannot be used to pose as local.
func MetricsAllowed(c *fiber.Ctx, token string) bool {
	if token != "" {
		auth := c.Get(fiber.HeaderAuthorization)
		if bearer, ok := strings.CutPrefix(auth, "Bearer "); ok &&
			subtle.ConstantTimeCompare([]byte(strings.TrimSpace(bearer)), []byte(token)) == 1 {
			return true
		}
	}
	if !c.Context().RemoteIP().IsLoopback() {
		return false
	}
	for _, h := range forwardHeaders {
		if c.Get(h) != "" {
			return false
		}
	}
	return true
}
