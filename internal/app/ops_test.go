package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// opsAnswer gets path from s and decodes its JSON answer, failing when the answer sets a cookie:
// the operator endpoints run no session and no CSRF middleware.
func opsAnswer(t *testing.T, s *server, path string) (int, map[string]string) {
	t.Helper()
	st, hdr, body := do(t, "GET", s.base+path, nil, nil)
	if c := hdr.Values("Set-Cookie"); len(c) > 0 {
		t.Errorf("GET %s set cookies %v; the operator endpoints run no session or CSRF middleware", path, c)
	}
	var out map[string]string
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("GET %s = %d, not JSON: %s", path, st, body)
	}
	return st, out
}

// The wired service answers /healthz always and /readyz only while its database answers and its
// schema is current, on both databases.
func TestOpsHealthAndReadiness(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		if st, body := opsAnswer(t, s, "/healthz"); st != 200 || body["status"] != "ok" {
			t.Errorf("GET /healthz = %d %v, want 200 ok", st, body)
		}
		if st, body := opsAnswer(t, s, "/readyz"); st != 200 || body["status"] != "ready" {
			t.Errorf("GET /readyz = %d %v, want 200 ready", st, body)
		}

		ctx := context.Background()
		sqlDB, err := db.Gorm.DB()
		if err != nil {
			t.Fatal(err)
		}
		p, err := migrations.Provider(sqlDB, string(db.Dialect))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Down(ctx); err != nil {
			t.Fatal(err)
		}
		if st, body := opsAnswer(t, s, "/readyz"); st != 503 || !strings.HasPrefix(body["reason"], "migrations behind") {
			t.Errorf("GET /readyz one migration behind = %d %v, want 503 migrations behind", st, body)
		}
		if _, err := p.Up(ctx); err != nil {
			t.Fatal(err)
		}
		if st, _ := opsAnswer(t, s, "/readyz"); st != 200 {
			t.Errorf("GET /readyz migrated again = %d, want 200", st)
		}

		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		if st, body := opsAnswer(t, s, "/readyz"); st != 503 || body["reason"] != "database unreachable" {
			t.Errorf("GET /readyz with the database closed = %d %v, want 503 database unreachable", st, body)
		}
		if st, _ := opsAnswer(t, s, "/healthz"); st != 200 {
			t.Errorf("GET /healthz with the database closed = %d, want 200 (the process is up)", st)
		}
	})
}

// scrape reads /metrics from s with headers and parses the text exposition.
func scrape(t *testing.T, s *server, headers map[string]string) (int, map[string]*dto.MetricFamily) {
	t.Helper()
	st, _, body := do(t, "GET", s.base+"/metrics", headers, nil)
	if st != 200 {
		return st, nil
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("parse /metrics: %v", err)
	}
	return st, fams
}

// seriesSum adds the values of name's series that carry labels (a histogram adds its counts).
func seriesSum(fams map[string]*dto.MetricFamily, name string, labels map[string]string) float64 {
	f, ok := fams[name]
	if !ok {
		return -1
	}
	sum := 0.0
series:
	for _, m := range f.GetMetric() {
		have := map[string]string{}
		for _, l := range m.GetLabel() {
			have[l.GetName()] = l.GetValue()
		}
		for k, v := range labels {
			if have[k] != v {
				continue series
			}
		}
		switch {
		case m.Counter != nil:
			sum += m.GetCounter().GetValue()
		case m.Gauge != nil:
			sum += m.GetGauge().GetValue()
		case m.Untyped != nil:
			sum += m.GetUntyped().GetValue()
		case m.Histogram != nil:
			sum += float64(m.GetHistogram().GetSampleCount())
		}
	}
	return sum
}

// Traffic through the wired service moves the named metrics: requests by route pattern and
// status, analyses by analyzer and verdict, quota refusals by surface and reason, queue depth,
// query timings and the pool; and /metrics is served to loopback and to the token only.
func TestMetricsMoveWithTraffic(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		const token = "metrics-token-0123456789abcdef"
		s := startServer(t, db, map[string]string{"METRICS_TOKEN": token, "V1_BURST_LIMIT": "1", "V1_BURST_WINDOW": "1h"})
		ctx := context.Background()

		quota := 1
		secret, _ := issueKey(t, s.app.Stores, "starter", &quota)
		h := map[string]string{"apikey": secret, "Content-Type": "application/json"}
		for _, want := range []int{200, 429} {
			if st, _, body := do(t, "POST", s.base+"/functions/v1/quick-responder", h, []byte(`{"claim":"Vaccines cause autism"}`)); st != want {
				t.Fatalf("quick-responder = %d %s, want %d", st, body, want)
			}
		}
		v1key, _ := issueKey(t, s.app.Stores, "beta-free", nil)
		for _, want := range []int{200, 429} {
			if st, _, body := do(t, "GET", s.base+"/v1/experts", map[string]string{"Authorization": "Bearer " + v1key}, nil); st != want {
				t.Fatalf("/v1/experts = %d %s, want %d", st, body, want)
			}
		}
		missing := uuid.NewString()
		if st, _, _ := do(t, "GET", s.base+"/claims/"+missing, nil, nil); st != 404 {
			t.Fatalf("unknown claim page = %d, want 404", st)
		}
		if _, err := s.app.Stores.Outbox.Enqueue(ctx, models.Tx{}, &models.OutboxMail{DedupeKey: "metrics-test", ToAddr: "a@example.org",
			Subject: "Queued", TextBody: "body"}); err != nil {
			t.Fatal(err)
		}

		st, fams := scrape(t, s, nil)
		if st != 200 {
			t.Fatalf("GET /metrics from loopback = %d, want 200", st)
		}
		analyzer := s.app.Analyzer.Name()
		for _, tc := range []struct {
			name   string
			labels map[string]string
			want   float64
		}{
			{"claimcheck_http_requests_total", map[string]string{"method": "POST", "route": "/functions/v1/quick-responder", "code": "200"}, 1},
			{"claimcheck_http_requests_total", map[string]string{"method": "POST", "route": "/functions/v1/quick-responder", "code": "429"}, 1},
			{"claimcheck_http_requests_total", map[string]string{"method": "GET", "route": "/claims/:id", "code": "404"}, 1},
			{"claimcheck_http_request_duration_seconds", map[string]string{"route": "/functions/v1/quick-responder", "class": "2xx"}, 1},
			{"claimcheck_quota_refusals_total", map[string]string{"surface": "functions", "reason": "quota"}, 1},
			{"claimcheck_quota_refusals_total", map[string]string{"surface": "v1", "reason": "burst"}, 1},
			{"claimcheck_analyses_total", map[string]string{"analyzer": analyzer}, 1},
			{"claimcheck_analysis_duration_seconds", map[string]string{"analyzer": analyzer, "outcome": "ok"}, 1},
			{"claimcheck_queue_depth", map[string]string{"queue": "mail_outbox"}, 1},
			{"claimcheck_queue_depth", map[string]string{"queue": "submissions"}, 0},
			{"claimcheck_queue_stats_up", nil, 1},
		} {
			if got := seriesSum(fams, tc.name, tc.labels); got != tc.want {
				t.Errorf("%s%v = %v, want %v", tc.name, tc.labels, got, tc.want)
			}
		}
		// On PostgreSQL database/sql keeps no connection open between statements (it borrows
		// them from the pgx pool), so the pool's own figure is the one that must be positive.
		openConns := "go_sql_open_connections"
		if db.Dialect == database.Postgres {
			openConns = "pgxpool_total_conns"
		}
		for _, tc := range []struct {
			name   string
			labels map[string]string
		}{
			{"claimcheck_db_query_duration_seconds", map[string]string{"operation": "query"}},
			{openConns, map[string]string{"db_name": "claimcheck"}},
			{"go_goroutines", nil},
			{"process_resident_memory_bytes", nil},
		} {
			if got := seriesSum(fams, tc.name, tc.labels); got <= 0 {
				t.Errorf("%s%v = %v, want a positive value", tc.name, tc.labels, got)
			}
		}
		for _, f := range fams {
			for _, m := range f.GetMetric() {
				for _, l := range m.GetLabel() {
					if strings.Contains(l.GetValue(), missing) {
						t.Errorf("%s has a raw path in label %s=%q", f.GetName(), l.GetName(), l.GetValue())
					}
				}
			}
		}

		// Through a proxy on this machine only the token admits the scraper.
		if st, _ := scrape(t, s, map[string]string{"X-Forwarded-For": "203.0.113.7"}); st != 403 {
			t.Errorf("GET /metrics through a proxy without the token = %d, want 403", st)
		}
		if st, _ := scrape(t, s, map[string]string{"X-Forwarded-For": "203.0.113.7", "Authorization": "Bearer " + token}); st != 200 {
			t.Errorf("GET /metrics through a proxy with the token = %d, want 200", st)
		}
	})
}
