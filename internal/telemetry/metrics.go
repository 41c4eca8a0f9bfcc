// Package telemetry is what operators see of a running process: the Prometheus registry and its
// collectors, the HTTP middleware that counts, times and logs every request, the analyzer and
// database timers, and the readiness check. Every metric is registered on the process's own
// registry (no global default registry), so two services built in one test process never share
// counters. README "Running in production" lists the metric names and the alerts built on them.
package telemetry

import (
	"database/sql"
	"fmt"
	"net/http"

	"github.com/IBM/pgxpoolprometheus"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Namespace prefixes every metric the service defines itself.
const Namespace = "claimcheck"

// Metrics holds the registry and the instruments the middleware, the analyzer decorator and the
// database timer write to.
type Metrics struct {
	// Registry is what /metrics exposes.
	Registry *prometheus.Registry

	requests         *prometheus.CounterVec
	requestDuration  *prometheus.HistogramVec
	inFlight         prometheus.Gauge
	refusals         *prometheus.CounterVec
	analyses         *prometheus.CounterVec
	analysisDuration *prometheus.HistogramVec
	dbQueryDuration  *prometheus.HistogramVec
	dbQueryErrors    *prometheus.CounterVec
}

// analysisBuckets reach a minute: the offline analyzer answers in milliseconds, the LLM analyzer
// and the online evidence stages in seconds, up to their timeouts.
var analysisBuckets = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60}

// dbBuckets start at a tenth of a millisecond: an indexed lookup on a warm database takes about that.
var dbBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}

// New builds a registry with the Go runtime and process collectors and the service's instruments.
func New() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		Registry: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "http", Name: "requests_total",
			Help: "HTTP requests answered, by method, matched route pattern and status code.",
		}, []string{"method", "route", "code"}),
		requestDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Subsystem: "http", Name: "request_duration_seconds",
			Help:    "Time from the request reaching the router to the answer being ready, by method, route pattern and status class.",
			Buckets: prometheus.DefBuckets,
		}, []string{"method", "route", "class"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: Namespace, Subsystem: "http", Name: "requests_in_flight",
			Help: "HTTP requests being handled now.",
		}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "quota_refusals_total",
			Help: "429 answers, by surface (v1, functions, rest, web) and reason (quota, burst, anon_checks, login, live_streams, other).",
		}, []string{"surface", "reason"}),
		analyses: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "analyses_total",
			Help: "Claim analyses run, by analyzer and verdict (error when the analyzer failed).",
		}, []string{"analyzer", "verdict"}),
		analysisDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Name: "analysis_duration_seconds",
			Help:    "Time one claim analysis took, by analyzer and outcome (ok or error).",
			Buckets: analysisBuckets,
		}, []string{"analyzer", "outcome"}),
		dbQueryDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Subsystem: "db", Name: "query_duration_seconds",
			Help:    "Time one database statement took, by operation (query, create, update, delete, row, raw).",
			Buckets: dbBuckets,
		}, []string{"operation"}),
		dbQueryErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "db", Name: "query_errors_total",
			Help: "Database statements that failed (not-found answers excluded), by operation.",
		}, []string{"operation"}),
	}
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.requestDuration, m.inFlight, m.refusals,
		m.analyses, m.analysisDuration, m.dbQueryDuration, m.dbQueryErrors,
	)
	return m
}

// RegisterDBStats exposes the connection pool's database/sql statistics (go_sql_* with
// db_name=name): open, in-use and idle connections, and how often and how long callers waited.
func (m *Metrics) RegisterDBStats(db *sql.DB, name string) error {
	if err := m.Registry.Register(collectors.NewDBStatsCollector(db, name)); err != nil {
		return fmt.Errorf("telemetry: register pool stats of %s: %w", name, err)
	}
	return nil
}

// RegisterPgxPool exposes the PostgreSQL pool's statistics (pgxpool_* with db_name=name): on
// PostgreSQL database/sql borrows its connections from this pool and keeps none idle, so its
// go_sql_* figures show only the connections in use; the pool's total, idle and acquired
// connections and its waits for an empty pool are these.
func (m *Metrics) RegisterPgxPool(pool *pgxpool.Pool, name string) error {
	if err := m.Registry.Register(pgxpoolprometheus.NewCollector(pool, map[string]string{"db_name": name})); err != nil {
		return fmt.Errorf("telemetry: register pgx pool stats of %s: %w", name, err)
	}
	return nil
}

// RegisterGroupCommits exposes how SQLite's concurrent transactions share their COMMITs
// (database/groupcommit.go): claimcheck_db_group_commits_total COMMITs carried
// claimcheck_db_group_transactions_total transactions, so their ratio is the mean group size.
func (m *Metrics) RegisterGroupCommits(stats func() (groups, transactions int64)) error {
	commits := prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "claimcheck_db_group_commits_total",
		Help: "SQLite group COMMITs, each carrying the transactions of callers that waited together.",
	}, func() float64 { g, _ := stats(); return float64(g) })
	transactions := prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "claimcheck_db_group_transactions_total",
		Help: "Transactions committed in SQLite group COMMITs.",
	}, func() float64 { _, n := stats(); return float64(n) })
	for _, c := range []prometheus.Collector{commits, transactions} {
		if err := m.Registry.Register(c); err != nil {
			return fmt.Errorf("telemetry: register group commits: %w", err)
		}
	}
	return nil
}

// Register adds a collector, such as the queue collector, to the registry.
func (m *Metrics) Register(c prometheus.Collector) error {
	if err := m.Registry.Register(c); err != nil {
		return fmt.Errorf("telemetry: register collector: %w", err)
	}
	return nil
}

// Handler serves the registry in the Prometheus exposition formats. A collector that fails is
// reported in the answer and the rest is still served, so one broken source never blinds the scrape.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{
		ErrorHandling:       promhttp.ContinueOnError,
		MaxRequestsInFlight: 4,
	})
}
