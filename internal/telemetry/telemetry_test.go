package telemetry_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/telemetry"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/gofiber/fiber/v2/middleware/requestid"
	"github.com/prometheus/client_golang/prometheus"
)

// sample returns the value of the series name{labels}: a counter's or gauge's value, a
// histogram's observation count. ok is false when no such series exists.
func sample(t *testing.T, g prometheus.Gatherer, name string, labels map[string]string) (v float64, ok bool) {
	t.Helper()
	fams, err := g.Gather()
	if err != nil {
		t.Fatalf("gather: %v", err)
	}
	for _, f := range fams {
		if f.GetName() != name {
			continue
		}
	series:
		for _, m := range f.GetMetric() {
			have := map[string]string{}
			for _, l := range m.GetLabel() {
				have[l.GetName()] = l.GetValue()
			}
			for k, want := range labels {
				if have[k] != want {
					continue series
				}
			}
			switch {
			case m.Counter != nil:
				return m.GetCounter().GetValue(), true
			case m.Gauge != nil:
				return m.GetGauge().GetValue(), true
			case m.Histogram != nil:
				return float64(m.GetHistogram().GetSampleCount()), true
			}
		}
	}
	return 0, false
}

// labelValues lists every value label takes in the series of name.
func labelValues(t *testing.T, g prometheus.Gatherer, name, label string) []string {
	t.Helper()
	fams, err := g.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range fams {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == label {
					out = append(out, l.GetValue())
				}
			}
		}
	}
	return out
}

// testApp mounts the middleware the way the service does (first, then recover and request ids)
// over a few routes, with a catch-all fallback like the service's.
func testApp(cfg telemetry.HTTPConfig) *fiber.App {
	f := fiber.New(fiber.Config{DisableStartupMessage: true})
	f.Use(telemetry.Middleware(cfg))
	f.Use(recover.New())
	f.Use(requestid.New())
	f.Get("/items/:id", func(c *fiber.Ctx) error { return c.SendString("item " + c.Params("id")) })
	f.Get("/down", func(c *fiber.Ctx) error { return fiber.NewError(fiber.StatusServiceUnavailable, "down") })
	f.Get("/panic", func(c *fiber.Ctx) error { panic("boom") })
	f.Post("/limited", func(c *fiber.Ctx) error { return c.Status(fiber.StatusTooManyRequests).SendString("slow down") })
	f.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })
	f.Use(func(c *fiber.Ctx) error { return c.Status(fiber.StatusNotFound).SendString("no such page") })
	return f
}

// call sends one request to f and returns the status.
func call(t *testing.T, f *fiber.App, method, path string) int {
	t.Helper()
	resp, err := f.Test(httptest.NewRequest(method, path, nil), 10_000)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// Requests are counted by route pattern, never by raw path, with the status the client got
// (errors and panics included), and 429s are counted as refusals by surface and reason.
func TestMetricsCountRequestsByRoutePattern(t *testing.T) {
	m := telemetry.New()
	f := testApp(telemetry.HTTPConfig{Metrics: m, Refusal: func(c *fiber.Ctx) (string, string) { return "test", "burst" }})
	for _, tc := range []struct {
		method, path string
		want         int
	}{
		{"GET", "/items/1", 200}, {"GET", "/items/2", 200}, {"GET", "/down", 503}, {"GET", "/panic", 500},
		{"POST", "/limited", 429}, {"GET", "/random/" + strings.Repeat("x", 40), 404}, {"GET", "/random/y", 404},
	} {
		if got := call(t, f, tc.method, tc.path); got != tc.want {
			t.Fatalf("%s %s = %d, want %d", tc.method, tc.path, got, tc.want)
		}
	}
	for _, tc := range []struct {
		labels map[string]string
		want   float64
	}{
		{map[string]string{"method": "GET", "route": "/items/:id", "code": "200"}, 2},
		{map[string]string{"method": "GET", "route": "/down", "code": "503"}, 1},
		{map[string]string{"method": "GET", "route": "/panic", "code": "500"}, 1},
		{map[string]string{"method": "POST", "route": "/limited", "code": "429"}, 1},
		{map[string]string{"method": "GET", "route": telemetry.UnmatchedRoute, "code": "404"}, 2},
	} {
		if got, _ := sample(t, m.Registry, "claimcheck_http_requests_total", tc.labels); got != tc.want {
			t.Errorf("requests_total%v = %v, want %v", tc.labels, got, tc.want)
		}
	}
	for _, route := range labelValues(t, m.Registry, "claimcheck_http_requests_total", "route") {
		if strings.Contains(route, "random") || strings.Contains(route, "/items/1") {
			t.Errorf("route label %q is a raw path", route)
		}
	}
	if got, _ := sample(t, m.Registry, "claimcheck_http_request_duration_seconds",
		map[string]string{"method": "GET", "route": "/items/:id", "class": "2xx"}); got != 2 {
		t.Errorf("duration observations for /items/:id = %v, want 2", got)
	}
	if got, _ := sample(t, m.Registry, "claimcheck_quota_refusals_total", map[string]string{"surface": "test", "reason": "burst"}); got != 1 {
		t.Errorf("quota_refusals_total = %v, want 1", got)
	}
	if got, ok := sample(t, m.Registry, "claimcheck_http_requests_in_flight", nil); !ok || got != 0 {
		t.Errorf("requests_in_flight = %v (%v), want 0 when idle", got, ok)
	}
	for _, name := range []string{"go_goroutines", "process_resident_memory_bytes"} {
		if _, ok := sample(t, m.Registry, name, nil); !ok {
			t.Errorf("%s is not exposed", name)
		}
	}
}

// Each request writes one structured line with its request id, route, status, size, client and
// key prefix; probes log at debug only, server errors at warn.
func TestLogOneLinePerRequest(t *testing.T) {
	var buf bytes.Buffer
	log := telemetry.NewLogger(&buf, "json", "info")
	f := testApp(telemetry.HTTPConfig{Log: log, Quiet: []string{"/healthz"},
		KeyPrefix: func(c *fiber.Ctx) string {
			if c.Path() == "/items/7" {
				return "cc_abcd1"
			}
			return ""
		}})
	call(t, f, "GET", "/items/7")
	call(t, f, "GET", "/healthz")
	call(t, f, "GET", "/down")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("log lines = %d, want 2 (the probe logs at debug only):\n%s", len(lines), buf.String())
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatalf("not JSON: %s", lines[0])
	}
	want := map[string]any{"msg": "request", "level": "INFO", "method": "GET", "route": "/items/:id", "path": "/items/7",
		"status": 200.0, "bytes": float64(len("item 7")), "ip": "0.0.0.0", "key_prefix": "cc_abcd1"}
	for k, v := range want {
		if rec[k] != v {
			t.Errorf("%s = %v, want %v (line %s)", k, rec[k], v, lines[0])
		}
	}
	if id, _ := rec["request_id"].(string); id == "" {
		t.Errorf("no request_id in %s", lines[0])
	}
	if _, ok := rec["duration_ms"].(float64); !ok {
		t.Errorf("no duration_ms in %s", lines[0])
	}
	var down map[string]any
	if err := json.Unmarshal([]byte(lines[1]), &down); err != nil {
		t.Fatal(err)
	}
	if down["level"] != "WARN" || down["status"] != 503.0 || down["key_prefix"] != nil {
		t.Errorf("server error line = %s, want WARN, 503 and no key prefix", lines[1])
	}

	buf.Reset()
	debug := testApp(telemetry.HTTPConfig{Log: telemetry.NewLogger(&buf, "text", "debug"), Quiet: []string{"/healthz"}})
	call(t, debug, "GET", "/healthz")
	if line := buf.String(); !strings.Contains(line, "level=DEBUG") || !strings.Contains(line, "route=/healthz") {
		t.Errorf("probe at LOG_LEVEL=debug: %q, want one text line at debug", line)
	}
}

// fakeAnalyzer answers a fixed verdict or error.
type fakeAnalyzer struct {
	verdict analysis.Verdict
	err     error
}

func (f fakeAnalyzer) Name() string { return "fake" }

func (f fakeAnalyzer) Analyze(context.Context, analysis.Input) (analysis.Result, error) {
	return analysis.Result{Verdict: f.verdict, Analyzer: "fake"}, f.err
}

// The decorator counts analyses by analyzer and verdict and times them, failures included,
// without changing what the analyzer answers.
func TestMetricsAnalysesByAnalyzerAndVerdict(t *testing.T) {
	m := telemetry.New()
	for _, tc := range []struct {
		a    fakeAnalyzer
		runs int
	}{
		{fakeAnalyzer{verdict: analysis.VerdictFalse}, 2},
		{fakeAnalyzer{verdict: analysis.VerdictUnclear}, 1},
		{fakeAnalyzer{verdict: "made-up"}, 1},
		{fakeAnalyzer{err: errors.New("model down")}, 1},
	} {
		a := telemetry.InstrumentAnalyzer(tc.a, m)
		if a.Name() != "fake" {
			t.Fatalf("name = %q, want the wrapped analyzer's", a.Name())
		}
		for range tc.runs {
			res, err := a.Analyze(context.Background(), analysis.Input{Claim: "x"})
			if !errors.Is(err, tc.a.err) || res.Verdict != tc.a.verdict {
				t.Fatalf("decorated answer = %v %v, want %v %v", res.Verdict, err, tc.a.verdict, tc.a.err)
			}
		}
	}
	for verdict, want := range map[string]float64{"yanlis": 2, "belirsiz": 1, "other": 1, "error": 1} {
		if got, _ := sample(t, m.Registry, "claimcheck_analyses_total", map[string]string{"analyzer": "fake", "verdict": verdict}); got != want {
			t.Errorf("analyses_total{verdict=%s} = %v, want %v", verdict, got, want)
		}
	}
	for outcome, want := range map[string]float64{"ok": 4, "error": 1} {
		if got, _ := sample(t, m.Registry, "claimcheck_analysis_duration_seconds", map[string]string{"analyzer": "fake", "outcome": outcome}); got != want {
			t.Errorf("analysis_duration_seconds{outcome=%s} count = %v, want %v", outcome, got, want)
		}
	}
}

// The query timer sees the statements the stores run, and counts failed ones, on both databases;
// the pool collector exposes database/sql's statistics.
func TestMetricsQueryTimerAndPool(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		m := telemetry.New()
		if err := db.Gorm.Use(telemetry.NewQueryTimer(m)); err != nil {
			t.Fatal(err)
		}
		sqlDB, err := db.Gorm.DB()
		if err != nil {
			t.Fatal(err)
		}
		if err := m.RegisterDBStats(sqlDB, "claimcheck"); err != nil {
			t.Fatal(err)
		}
		if _, err := models.NewQueueStore(db).Depths(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := db.Gorm.Exec("UPDATE plans SET name = name WHERE 1 = 0").Error; err != nil {
			t.Fatal(err)
		}
		_ = db.Gorm.Exec("UPDATE no_such_table SET x = 1").Error
		if got, _ := sample(t, m.Registry, "claimcheck_db_query_duration_seconds", map[string]string{"operation": "query"}); got < 3 {
			t.Errorf("query observations = %v, want at least the 3 queue counts", got)
		}
		if got, _ := sample(t, m.Registry, "claimcheck_db_query_duration_seconds", map[string]string{"operation": "raw"}); got != 2 {
			t.Errorf("raw observations = %v, want 2", got)
		}
		if got, _ := sample(t, m.Registry, "claimcheck_db_query_errors_total", map[string]string{"operation": "raw"}); got != 1 {
			t.Errorf("raw errors = %v, want 1", got)
		}
		// On PostgreSQL database/sql borrows its connections from the pgx pool and keeps none
		// open between statements: the pool's own figures say how many there are.
		open := "go_sql_open_connections"
		if pool := db.PgxPool(); pool != nil {
			if err := m.RegisterPgxPool(pool, "claimcheck"); err != nil {
				t.Fatal(err)
			}
			open = "pgxpool_total_conns"
			if got, ok := sample(t, m.Registry, "go_sql_open_connections", map[string]string{"db_name": "claimcheck"}); !ok || got != 0 {
				t.Errorf("go_sql_open_connections = %v (%v), want 0 between statements on PostgreSQL", got, ok)
			}
		}
		if got, ok := sample(t, m.Registry, open, map[string]string{"db_name": "claimcheck"}); !ok || got < 1 {
			t.Errorf("%s = %v (%v), want at least 1", open, got, ok)
		}
		if db.Dialect == database.SQLite {
			if err := m.RegisterGroupCommits(db.GroupCommits); err != nil {
				t.Fatal(err)
			}
			if err := models.NewTransactor(db).InTx(context.Background(), func(models.Tx) error { return nil }); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"claimcheck_db_group_commits_total", "claimcheck_db_group_transactions_total"} {
				if got, ok := sample(t, m.Registry, name, nil); !ok || got < 1 {
					t.Errorf("%s = %v (%v), want at least the one transaction", name, got, ok)
				}
			}
		}
	})
}

// fakeQueues answers fixed depths or an error.
type fakeQueues struct {
	depths []models.QueueDepth
	err    error
}

func (f fakeQueues) Depths(context.Context) ([]models.QueueDepth, error) { return f.depths, f.err }

// The queue collector reports depth and the oldest item's age per queue, and says when it
// could not read them instead of reporting empty queues.
func TestQueueCollectorReportsDepthAndAge(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	m := telemetry.New()
	if err := m.Register(telemetry.NewQueueCollector(fakeQueues{depths: []models.QueueDepth{
		{Queue: models.QueueMail, Pending: 3, Oldest: now.Add(-90 * time.Second)},
		{Queue: models.QueueSubmissions},
	}}, time.Second, clock, slog.New(slog.DiscardHandler))); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, queue string
		want        float64
	}{
		{"claimcheck_queue_depth", models.QueueMail, 3},
		{"claimcheck_queue_oldest_age_seconds", models.QueueMail, 90},
		{"claimcheck_queue_depth", models.QueueSubmissions, 0},
		{"claimcheck_queue_oldest_age_seconds", models.QueueSubmissions, 0},
	} {
		if got, ok := sample(t, m.Registry, tc.name, map[string]string{"queue": tc.queue}); !ok || got != tc.want {
			t.Errorf("%s{queue=%s} = %v (%v), want %v", tc.name, tc.queue, got, ok, tc.want)
		}
	}
	if got, _ := sample(t, m.Registry, "claimcheck_queue_stats_up", nil); got != 1 {
		t.Errorf("queue_stats_up = %v, want 1", got)
	}

	broken := telemetry.New()
	if err := broken.Register(telemetry.NewQueueCollector(fakeQueues{err: context.DeadlineExceeded}, time.Second, clock, slog.New(slog.DiscardHandler))); err != nil {
		t.Fatal(err)
	}
	if got, ok := sample(t, broken.Registry, "claimcheck_queue_stats_up", nil); !ok || got != 0 {
		t.Errorf("queue_stats_up after a failed read = %v (%v), want 0", got, ok)
	}
	if _, ok := sample(t, broken.Registry, "claimcheck_queue_depth", nil); ok {
		t.Error("a failed read still reported depths")
	}
}

// Readiness holds while the database answers and its schema is current, and names the reason
// when either fails, on both databases.
func TestReadinessDatabaseAndMigrations(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		sqlDB, err := db.Gorm.DB()
		if err != nil {
			t.Fatal(err)
		}
		r, err := telemetry.NewReadiness(sqlDB, string(db.Dialect), time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Ready(ctx); err != nil {
			t.Fatalf("migrated database: %v, want ready", err)
		}
		p, err := migrations.Provider(sqlDB, string(db.Dialect))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Down(ctx); err != nil {
			t.Fatal(err)
		}
		var nr *telemetry.NotReadyError
		if err := r.Ready(ctx); !errors.As(err, &nr) || !strings.HasPrefix(nr.PublicReason(), "migrations behind") {
			t.Errorf("one migration behind: %v, want not ready: migrations behind", err)
		}
		if _, err := p.Up(ctx); err != nil {
			t.Fatal(err)
		}
		if err := r.Ready(ctx); err != nil {
			t.Errorf("migrated again: %v, want ready", err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		if err := r.Ready(ctx); !errors.As(err, &nr) || nr.PublicReason() != "database unreachable" {
			t.Errorf("closed database: %v, want not ready: database unreachable", err)
		}
	})
}

// The metrics handler serves the text exposition format.
func TestMetricsHandlerServesExposition(t *testing.T) {
	m := telemetry.New()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "# TYPE claimcheck_http_requests_in_flight gauge") {
		t.Errorf("GET /metrics = %d:\n%.300s", rec.Code, rec.Body.String())
	}
}
