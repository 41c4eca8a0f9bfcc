package telemetry

import (
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"
)

// UnmatchedRoute is the route label of requests no route pattern claimed (the not-found fallback),
// so probing random paths cannot grow the number of series.
const UnmatchedRoute = "unmatched"

// maxLoggedPath bounds the path written to a log line; the cap on URL length is the server's.
const maxLoggedPath = 256

// HTTPConfig is what the request middleware needs; the two functions carry what only the surfaces
// know, so this package depends on none of them.
type HTTPConfig struct {
	// Metrics receives request counts, latencies and 429 refusals; nil records none.
	Metrics *Metrics
	// Log receives one line per request; nil writes none.
	Log *slog.Logger
	// KeyPrefix returns the display prefix of the API key that authenticated the request, "" when
	// none did. Only the prefix is ever logged, never a key.
	KeyPrefix func(c *fiber.Ctx) string
	// Refusal names the surface and the reason of a 429 answer; nil counts every 429 as
	// surface "unknown", reason "other".
	Refusal func(c *fiber.Ctx) (surface, reason string)
	// Quiet lists paths (health probes, scrapes) whose log lines are written at debug level, so a
	// load balancer probing every second does not drown the log.
	Quiet []string
}

// Middleware counts, times and logs every request. It must be the first handler, so it sees the
// status that the error handler gives errors (including recovered panics) and the request id
// set by the requestid middleware after it.
func Middleware(cfg HTTPConfig) fiber.Handler {
	quiet := make(map[string]bool, len(cfg.Quiet))
	for _, p := range cfg.Quiet {
		quiet[p] = true
	}
	var series requestSeries
	return func(c *fiber.Ctx) error {
		start := time.Now()
		if cfg.Metrics != nil {
			cfg.Metrics.inFlight.Inc()
			defer cfg.Metrics.inFlight.Dec()
		}
		if err := c.Next(); err != nil {
			// Answer the error here, as Fiber would after this handler returns, so the status
			// recorded is the one the client gets.
			if herr := c.App().ErrorHandler(c, err); herr != nil {
				_ = c.SendStatus(fiber.StatusInternalServerError)
			}
		}
		elapsed := time.Since(start)
		status := c.Response().StatusCode()
		route := RoutePattern(c)
		method := methodLabel(c.Method())
		if m := cfg.Metrics; m != nil {
			s := series.of(m, method, route, status)
			s.requests.Inc()
			s.duration.Observe(elapsed.Seconds())
			if status == fiber.StatusTooManyRequests {
				surface, reason := "unknown", "other"
				if cfg.Refusal != nil {
					surface, reason = cfg.Refusal(c)
				}
				m.refusals.WithLabelValues(surface, reason).Inc()
			}
		}
		if cfg.Log != nil {
			level := slog.LevelInfo
			switch {
			case status >= 500:
				level = slog.LevelWarn
			case quiet[c.Path()]:
				level = slog.LevelDebug
			}
			logRequest(c, cfg, level, route, status, start, elapsed)
		}
		return nil
	}
}

// requestSeries keeps the request counter and duration histogram of each (method, route, status)
// seen: looking them up by label values hashes the values and formats the status for every
// request. The keys are as bounded as the series themselves (constant methods, route patterns).
type requestSeries struct{ m sync.Map }

type seriesKey struct {
	method, route string
	status        int
}

type seriesOf struct {
	requests prometheus.Counter
	duration prometheus.Observer
}

func (r *requestSeries) of(m *Metrics, method, route string, status int) *seriesOf {
	k := seriesKey{method, route, status}
	if s, ok := r.m.Load(k); ok {
		return s.(*seriesOf)
	}
	s := &seriesOf{
		requests: m.requests.WithLabelValues(method, route, strconv.Itoa(status)),
		duration: m.requestDuration.WithLabelValues(method, route, statusClass(status)),
	}
	r.m.Store(k, s)
	return s
}

// logRequest writes the request's one line: through the process logger's own encoder when it
// has one (NewLogger, line.go), else as a record handed to the handler itself rather than through
// Logger.LogAttrs, which looks up its caller's program counter for every line (a stack walk; the
// handlers here do not print the source) and allocates the attribute list.
func logRequest(c *fiber.Ctx, cfg HTTPConfig, level slog.Level, route string, status int, start time.Time, elapsed time.Duration) {
	ctx := c.UserContext()
	if !cfg.Log.Enabled(ctx, level) {
		return
	}
	path := c.Path()
	if len(path) > maxLoggedPath {
		path = path[:maxLoggedPath] + "…"
	}
	l := requestLine{
		// The end of the request, as the middleware measured it: one clock reading fewer.
		time: start.Add(elapsed), level: level, requestID: c.GetRespHeader(fiber.HeaderXRequestID), method: c.Method(),
		route: route, path: path, status: status, duration: float64(elapsed.Microseconds()) / 1000,
		bytes: responseBytes(c), ip: c.IP(),
	}
	if cfg.KeyPrefix != nil {
		l.keyPrefix = cfg.KeyPrefix(c)
	}
	if h, ok := cfg.Log.Handler().(*lineHandler); ok && h.writeRequest(ctx, &l) {
		return
	}
	r := slog.NewRecord(l.time, level, "request", 0)
	r.AddAttrs(
		slog.String("request_id", l.requestID),
		slog.String("method", l.method),
		slog.String("route", route),
		slog.String("path", path),
		slog.Int("status", status),
		slog.Float64("duration_ms", l.duration),
		slog.Int("bytes", l.bytes),
		slog.String("ip", l.ip),
	)
	if l.keyPrefix != "" {
		r.AddAttrs(slog.String("key_prefix", l.keyPrefix))
	}
	_ = cfg.Log.Handler().Handle(ctx, r)
}

// responseBytes is the size of the answer's body; a streamed body (live feed, large static file)
// is not read to measure it, so its declared length is used, -1 when it has none.
func responseBytes(c *fiber.Ctx) int {
	if c.Response().IsBodyStream() {
		return c.Response().Header.ContentLength()
	}
	return len(c.Response().Body())
}

// RoutePattern is the label of the route that answered: Fiber's matched pattern
// ("/v1/claims/:id"), never the raw path, so label values stay bounded. Requests that only the
// not-found fallback took are UnmatchedRoute.
func RoutePattern(c *fiber.Ctx) string {
	r := c.Route()
	if r == nil || len(r.Handlers) == 0 {
		// Fiber's stand-in route when nothing matched carries the raw path.
		return UnmatchedRoute
	}
	if r.Path == "/" && c.Response().StatusCode() == fiber.StatusNotFound {
		// The catch-all fallback is mounted at "/"; the home page never answers 404.
		return UnmatchedRoute
	}
	return r.Path
}

// methodLabel is the method as a constant string: Fiber's c.Method() shares the request's
// buffer, which is reused after the request, and an unknown method must not add a series.
func methodLabel(m string) string {
	switch m {
	case fiber.MethodGet:
		return fiber.MethodGet
	case fiber.MethodHead:
		return fiber.MethodHead
	case fiber.MethodPost:
		return fiber.MethodPost
	case fiber.MethodPut:
		return fiber.MethodPut
	case fiber.MethodPatch:
		return fiber.MethodPatch
	case fiber.MethodDelete:
		return fiber.MethodDelete
	case fiber.MethodOptions:
		return fiber.MethodOptions
	}
	return "other"
}

// statusClass is "2xx" for 200–299 and so on.
func statusClass(status int) string {
	if status < 100 || status > 599 {
		return "other"
	}
	return strconv.Itoa(status/100) + "xx"
}
