// Command loadtest is `make loadtest`: it builds Claimcheck and the bare twin (bench/twin), runs both
// on a fresh database (SQLite, and PostgreSQL when LOADTEST_DATABASE_URL or TEST_DATABASE_URL is
// set), drives them in alternating rounds over loopback and prints medians, ratios, each server's
// CPU time per request and whether the targets of the "counting that costs nothing" work are met. It exits non-zero only when a request
// failed (a transport error or a 4xx/5xx answer), never because a ratio falls short.
//
// Settings (environment):
//
//	LOADTEST_QUICK=1            3 rounds × 1 s (for a quick look); otherwise LOADTEST_ROUNDS × LOADTEST_DURATION
//	LOADTEST_ROUNDS=5           rounds per endpoint and connection count (medians are taken over them;
//	                            five, so that one round a neighbour disturbed does not move the median)
//	LOADTEST_DURATION=4s        measured time of one run (plus a warm-up of a fifth of it, at most 1 s)
//	LOADTEST_CONNS=16,64        connection counts
//	LOADTEST_KEY=unlimited      unlimited (Enterprise plan) or limited (a 1,000,000,000 per-month
//	                            quota, far from its limit): the key of the compatible API
//	LOADTEST_DATABASES=         sqlite,postgres (default: both when a PostgreSQL URL is set)
//	LOADTEST_ENDPOINTS=         read,list,analyse,score,page (default: all)
//	LOADTEST_DATABASE_URL / TEST_DATABASE_URL   a PostgreSQL server; the run uses a fresh database
//	                            claimcheck_loadtest on it
//	LOADTEST_WORKDIR=bin/loadtest   the SQLite file and the servers' logs (the binaries are
//	                            bin/claimcheck and bin/twin)
//	LOADTEST_BASELINE=PATH      measure this build against that claimcheck binary (built from an
//	                            earlier commit) on one database, in alternating rounds, instead
//	                            of against the twin
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/claimcheck/claimcheck/internal/loadtest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg, err := readConfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(2)
	}
	failed, err := run(ctx, cfg, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
	if failed {
		fmt.Fprintln(os.Stderr, "loadtest: some requests failed (see above)")
		os.Exit(1)
	}
}

type config struct {
	rounds    int
	dur       time.Duration
	warmup    time.Duration
	conns     []int
	keyMode   string
	databases []string
	endpoints map[string]bool
	pgURL     string
	workdir   string
	// baseline is a claimcheck binary to measure this build against instead of the twin.
	baseline string
}

func env(name, def string) string {
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		return v
	}
	return def
}

func readConfig() (config, error) {
	c := config{rounds: 5, dur: 4 * time.Second, keyMode: env("LOADTEST_KEY", "unlimited"),
		pgURL: loadtest.PostgresURLFromEnv("LOADTEST_DATABASE_URL", "TEST_DATABASE_URL"), workdir: env("LOADTEST_WORKDIR", "bin/loadtest")}
	if q, _ := strconv.ParseBool(env("LOADTEST_QUICK", "0")); q {
		c.dur = time.Second
	}
	if s := os.Getenv("LOADTEST_ROUNDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 50 {
			return c, fmt.Errorf("LOADTEST_ROUNDS=%q: want 1 to 50", s)
		}
		c.rounds = n
	}
	if s := os.Getenv("LOADTEST_DURATION"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d < 200*time.Millisecond || d > 10*time.Minute {
			return c, fmt.Errorf("LOADTEST_DURATION=%q: want 200ms to 10m", s)
		}
		c.dur = d
	}
	c.warmup = min(c.dur/5, time.Second)
	for _, s := range strings.Split(env("LOADTEST_CONNS", "16,64"), ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 || n > 1024 {
			return c, fmt.Errorf("LOADTEST_CONNS: %q is not a connection count from 1 to 1024", s)
		}
		c.conns = append(c.conns, n)
	}
	if c.keyMode != "unlimited" && c.keyMode != "limited" {
		return c, fmt.Errorf("LOADTEST_KEY=%q: want unlimited or limited", c.keyMode)
	}
	def := "sqlite"
	if c.pgURL != "" {
		def = "sqlite,postgres"
	}
	for _, d := range strings.Split(env("LOADTEST_DATABASES", def), ",") {
		switch d = strings.TrimSpace(d); d {
		case "sqlite", "postgres":
			c.databases = append(c.databases, d)
		default:
			return c, fmt.Errorf("LOADTEST_DATABASES: %q is neither sqlite nor postgres", d)
		}
	}
	if c.baseline = os.Getenv("LOADTEST_BASELINE"); c.baseline != "" {
		if st, err := os.Stat(c.baseline); err != nil || st.IsDir() {
			return c, fmt.Errorf("LOADTEST_BASELINE=%q: not a claimcheck binary", c.baseline)
		}
	}
	c.endpoints = map[string]bool{}
	for _, e := range strings.Split(env("LOADTEST_ENDPOINTS", "read,list,analyse,score,page"), ",") {
		e = strings.TrimSpace(e)
		if endpointByName(e) == nil {
			return c, fmt.Errorf("LOADTEST_ENDPOINTS: unknown endpoint %q", e)
		}
		c.endpoints[e] = true
	}
	return c, nil
}

// endpoint is one kind of request measured on Claimcheck and on the twin.
type endpoint struct {
	name  string
	label string
	// path is the request path for claim id (the same on both servers).
	path func(id string) string
	post bool
	// v1 requests carry the /v1 key as a bearer token; the others the compatible key as apikey.
	v1 bool
	// anonymous requests carry no key.
	anonymous bool
	// uncounted: the twin also runs the path under /uncounted, the reference for reads.
	uncounted bool
}

var endpoints = []endpoint{
	{name: "read", label: "GET /rest/v1/claims?id=eq.…&select=*", uncounted: true,
		path: func(id string) string { return "/rest/v1/claims?id=eq." + id + "&select=*" }},
	{name: "list", label: "GET /rest/v1/claims?order=created_at.desc&limit=20&select=…", uncounted: true,
		path: func(string) string {
			return "/rest/v1/claims?order=created_at.desc&limit=20&select=id,content,ai_verdict,ai_score,category,created_at"
		}},
	{name: "analyse", label: "POST /functions/v1/quick-responder", post: true,
		path: func(string) string { return "/functions/v1/quick-responder" }},
	{name: "score", label: "GET /v1/claims/{id}/score", v1: true, uncounted: true,
		path: func(id string) string { return "/v1/claims/" + id + "/score" }},
	{name: "page", label: "GET /claims/{id} (HTML, anonymous)", anonymous: true,
		path: func(id string) string { return "/claims/" + id }},
}

func endpointByName(n string) *endpoint {
	for i := range endpoints {
		if endpoints[i].name == n {
			return &endpoints[i]
		}
	}
	return nil
}

// bench is one database's servers, keys and claims.
type bench struct {
	db        string
	dbURL     string
	cc, twin  *loadtest.Process
	ccBase    string
	compatKey string
	v1Key     string
	ids       []string
}

func run(ctx context.Context, cfg config, out io.Writer) (bool, error) {
	if err := os.MkdirAll(cfg.workdir, 0o755); err != nil {
		return false, err
	}
	// The same binary `make build` makes, and the twin beside it.
	bin, twinBin := filepath.Join("bin", "claimcheck"), filepath.Join("bin", "twin")
	if cfg.baseline != "" {
		fmt.Fprintf(out, "building %s …\n", bin)
	} else {
		fmt.Fprintf(out, "building %s and %s …\n", bin, twinBin)
	}
	if err := loadtest.Build(ctx, "./cmd/claimcheck", bin); err != nil {
		return false, err
	}
	if cfg.baseline == "" {
		// The twin is the reference unless another build is (LOADTEST_BASELINE).
		if err := loadtest.Build(ctx, "./bench/twin", twinBin); err != nil {
			return false, err
		}
	}
	if cfg.pgURL == "" {
		fmt.Fprintln(out, "PostgreSQL: skipped (set LOADTEST_DATABASE_URL or TEST_DATABASE_URL to include it)")
	}
	failed := false
	for _, db := range cfg.databases {
		if db == "postgres" && cfg.pgURL == "" {
			fmt.Fprintln(out, "PostgreSQL: skipped (no LOADTEST_DATABASE_URL or TEST_DATABASE_URL)")
			continue
		}
		measureDB := func() (bool, error) { return runDatabase(ctx, cfg, db, bin, twinBin, out) }
		if cfg.baseline != "" {
			measureDB = func() (bool, error) { return runBaseline(ctx, cfg, db, bin, cfg.baseline, out) }
		}
		f, err := measureDB()
		if err != nil {
			return true, fmt.Errorf("%s: %w", db, err)
		}
		failed = failed || f
	}
	return failed, nil
}

// prepare makes b's fresh database of kind db, migrated by bin, with its two keys.
func prepare(ctx context.Context, cfg config, b *bench, bin string) (err error) {
	switch b.db {
	case "postgres":
		b.dbURL, err = loadtest.FreshPostgres(ctx, cfg.pgURL, "claimcheck_loadtest")
	default:
		b.dbURL, err = loadtest.FreshSQLite(cfg.workdir, "loadtest")
	}
	if err != nil {
		return err
	}
	if err := loadtest.MigrateWithBinary(ctx, bin, b.dbURL); err != nil {
		return err
	}
	huge := 1_000_000_000
	compat := loadtest.KeySpec{Name: "loadtest unlimited", Plan: "enterprise"}
	if cfg.keyMode == "limited" {
		compat = loadtest.KeySpec{Name: "loadtest limited", Plan: "starter", Quota: &huge}
	}
	// /v1 needs a plan with beta access; beta-free's 1,000 a month would run out, so the key gets
	// a large per-key quota.
	secrets, _, err := loadtest.IssueKeys(ctx, b.dbURL, compat, loadtest.KeySpec{Name: "loadtest v1", Plan: "beta-free", Quota: &huge})
	if err != nil {
		return err
	}
	b.compatKey, b.v1Key = secrets[0], secrets[1]
	return nil
}

// startClaimcheck starts bin serving b's database on a free port, named name in its log file.
func startClaimcheck(cfg config, b *bench, name, bin string) (*loadtest.Process, string, error) {
	port, err := loadtest.FreePort()
	if err != nil {
		return nil, "", err
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	p, err := loadtest.Start(name, bin, []string{"serve"}, []string{
		"DATABASE_URL=" + b.dbURL, "PORT=" + strconv.Itoa(port), "BASE_URL=" + base,
		"DATA_DIR=" + filepath.Join(cfg.workdir, "data-"+name+"-"+b.db),
		// The burst limit stays on (its counter is part of a /v1 request's cost) but far above the load.
		"V1_BURST_LIMIT=1000000",
	}, base, filepath.Join(cfg.workdir, name+"-"+b.db+".log"))
	return p, base, err
}

func runDatabase(ctx context.Context, cfg config, db, bin, twinBin string, out io.Writer) (failed bool, err error) {
	b := &bench{db: db}
	if err := prepare(ctx, cfg, b, bin); err != nil {
		return false, err
	}
	twinPort, err := loadtest.FreePort()
	if err != nil {
		return false, err
	}
	twinBase := fmt.Sprintf("http://127.0.0.1:%d", twinPort)
	b.cc, b.ccBase, err = startClaimcheck(cfg, b, "claimcheck", bin)
	if err != nil {
		return false, err
	}
	ccBase := b.ccBase
	defer b.cc.Stop(10 * time.Second)
	b.twin, err = loadtest.Start("twin", twinBin, nil, []string{"TWIN_DATABASE_URL=" + b.dbURL, "TWIN_ADDR=127.0.0.1:" + strconv.Itoa(twinPort)},
		twinBase, filepath.Join(cfg.workdir, "twin-"+db+".log"))
	if err != nil {
		return false, err
	}
	defer b.twin.Stop(10 * time.Second)
	if err := b.cc.WaitReady("/healthz", 60*time.Second); err != nil {
		return false, err
	}
	if err := b.twin.WaitReady("/healthz", 20*time.Second); err != nil {
		return false, err
	}
	if b.ids, err = loadtest.Seed(ctx, ccBase, b.compatKey, 200); err != nil {
		return false, err
	}
	if err := sameJSON(ctx, b); err != nil {
		// The figures are still worth having, but the comparison is no longer of the same work.
		fmt.Fprintf(out, "\nWARNING: the twin no longer answers what Claimcheck answers; update bench/twin: %v\n", err)
	}
	sampler := loadtest.SampleRSS(b.cc.PID(), 100*time.Millisecond)
	defer sampler.Stop()

	fmt.Fprintf(out, "\n== %s: %d rounds × %s (+%s warm-up) per figure, medians; compatible key: %s; %d seeded claims\n",
		db, cfg.rounds, cfg.dur, cfg.warmup, keyText(cfg.keyMode), len(b.ids))
	tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "request\tconns\tclaimcheck req/s\tp50\tp99\ttwin same SQL req/s\tp50\tp99\ttwin uncounted req/s\tp50\tp99\tratio\tp99 ratio\ttarget\tCPU/req claimcheck\treference\tCPU ratio\t")
	var verdicts []string
	analyzed := false
	for _, ep := range endpoints {
		if !cfg.endpoints[ep.name] {
			continue
		}
		if db == "postgres" {
			// A server without autovacuum would plan on an empty table's statistics.
			ran, err := loadtest.AnalyzeWithoutAutovacuum(ctx, b.dbURL)
			if err != nil {
				return false, err
			}
			if ran && !analyzed {
				fmt.Fprintln(out, "  (autovacuum is off on this server: ANALYZE runs before each request's rounds, as autovacuum would after the rows the earlier rounds added)")
			}
			analyzed = analyzed || ran
		}
		var writes writeProbe
		if ep.name == "page" {
			writes = newWriteProbe(ctx, db, b.dbURL)
		}
		for _, conns := range cfg.conns {
			fig, f := measure(ctx, cfg, b, ep, conns, &writes, out)
			failed = failed || f
			fmt.Fprintln(tw, fig.row(ep, conns))
			if v := fig.verdict(ep, conns); v != "" {
				verdicts = append(verdicts, v)
			}
		}
		if ep.name == "page" {
			verdicts = append(verdicts, writes.verdict())
		}
	}
	tw.Flush()
	m, merr := loadtest.ReadMemory(b.cc.PID())
	peak, samples := sampler.Peak()
	if merr != nil {
		verdicts = append(verdicts, "RSS: could not read /proc: "+merr.Error())
	} else {
		verdicts = append(verdicts, fmt.Sprintf("RSS under load: peak %s (VmHWM; %d samples of VmRSS, highest %s; at the end %s anonymous, %s file-backed, mostly the binary's own pages): %s",
			loadtest.MB(m.HWM), samples, loadtest.MB(peak), loadtest.MB(m.Anon), loadtest.MB(m.File), met(m.HWM < 100<<20, "target < 100 MB")))
	}
	fmt.Fprintln(out, "\nTargets (issue: counted reads and /v1 score ≥ 0.85× the twin's uncounted read, p99 ≤ 1.5×; analyse ≥ 0.75× key+count+insert):")
	for _, v := range verdicts {
		fmt.Fprintln(out, "  "+v)
	}
	if b.cc.Exited() {
		return true, fmt.Errorf("claimcheck exited during the run; log: %s", b.cc.Tail(20))
	}
	if tail := panicsIn(b.cc.LogPath); tail != "" {
		fmt.Fprintln(out, "claimcheck log shows a panic:\n"+tail)
		failed = true
	}
	return failed, nil
}

func keyText(mode string) string {
	if mode == "limited" {
		return "limited (1,000,000,000 a month, far from its limit)"
	}
	return "unlimited (Enterprise)"
}

func met(ok bool, what string) string {
	if ok {
		return "met (" + what + ")"
	}
	return "NOT met (" + what + ")"
}

// figures is one endpoint at one connection count: medians over the rounds.
type figures struct {
	cc, twin, uncounted stat
}

type stat struct {
	rps, p50, p99 float64 // req/s, milliseconds
	// cpu is the server's CPU time per answered request in µs (user + system, from /proc; 0 when
	// unknown): steadier than req/s on a shared machine, since other work takes turns on the cores
	// but does not add to this process's CPU time.
	cpu float64
	ok  bool
}

func (s stat) cells() string {
	if !s.ok {
		return "–\t–\t–"
	}
	return fmt.Sprintf("%.0f\t%.1f ms\t%.1f ms", s.rps, s.p50, s.p99)
}

// cpuCells are the CPU per request of Claimcheck and of the reference, and the reference's share
// of Claimcheck's (comparable with the req/s ratio).
func cpuCells(cc, ref stat) string {
	if !cc.ok || !ref.ok || cc.cpu <= 0 || ref.cpu <= 0 {
		return "–\t–\t–"
	}
	return fmt.Sprintf("%.0f µs\t%.0f µs\t%.2f", cc.cpu, ref.cpu, ref.cpu/cc.cpu)
}

// reference is the twin figure the endpoint's target compares with.
func (f figures) reference(ep endpoint) stat {
	if ep.uncounted {
		return f.uncounted
	}
	return f.twin
}

func (f figures) row(ep endpoint, conns int) string {
	ref := f.reference(ep)
	ratio, p99 := "–", "–"
	if ref.ok && ref.rps > 0 {
		ratio = fmt.Sprintf("%.2f", f.cc.rps/ref.rps)
		p99 = fmt.Sprintf("%.2f", f.cc.p99/ref.p99)
	}
	target := "–"
	switch {
	case ep.uncounted:
		target = "≥0.85, ≤1.5"
	case ep.post:
		target = "≥0.75"
	}
	return fmt.Sprintf("%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t", ep.name, conns, f.cc.cells(), f.twin.cells(), f.uncounted.cells(), ratio, p99, target, cpuCells(f.cc, ref))
}

// verdict says whether the endpoint meets its target at conns ("" when it has none).
func (f figures) verdict(ep endpoint, conns int) string {
	ref := f.reference(ep)
	if !ref.ok || ref.rps == 0 || !f.cc.ok {
		return ""
	}
	r, p := f.cc.rps/ref.rps, f.cc.p99/ref.p99
	switch {
	case ep.uncounted:
		return fmt.Sprintf("%-8s %3d conns: %.2f× the twin's uncounted read, p99 %.2f×: %s", ep.name, conns, r, p,
			met(r >= 0.85 && p <= 1.5, "≥ 0.85×, p99 ≤ 1.5×"))
	case ep.post:
		return fmt.Sprintf("%-8s %3d conns: %.2f× the twin's key+count+insert: %s", ep.name, conns, r, met(r >= 0.75, "≥ 0.75×"))
	}
	return ""
}

// measure runs the rounds of one endpoint at one connection count, alternating which server goes
// first, and returns the medians. It reports failed requests as it sees them.
func measure(ctx context.Context, cfg config, b *bench, ep endpoint, conns int, writes *writeProbe, out io.Writer) (figures, bool) {
	type series struct{ rps, p50, p99, cpu []float64 }
	var cc, twin, unc series
	failed := false
	add := func(s *series, r loadtest.Result, cpu time.Duration, who string) {
		s.rps = append(s.rps, r.RPS())
		if cpu > 0 && r.Requests > 0 {
			s.cpu = append(s.cpu, float64(cpu)/float64(time.Microsecond)/float64(r.Requests))
		}
		s.p50 = append(s.p50, ms(r.Percentile(0.50)))
		s.p99 = append(s.p99, ms(r.Percentile(0.99)))
		if r.Failures() > 0 || r.Requests == 0 {
			failed = true
			fmt.Fprintf(out, "  FAILED %s %s at %d conns: %s; first: %s\n", who, ep.name, conns, r.StatusText(), r.FirstError)
		}
	}
	opts := loadtest.Options{Conns: conns, Duration: cfg.dur, Warmup: cfg.warmup}
	runOn := func(base, prefix string) loadtest.Result {
		return loadtest.Run(ctx, opts, b.target(ep, base, prefix))
	}
	do := func(s *series, who, base, prefix string, isCC bool) {
		pid := b.twin.PID()
		if isCC {
			pid = b.cc.PID()
		}
		before := writes.sample(ctx)
		cpu0, cerr := loadtest.ReadCPU(pid)
		r := runOn(base, prefix)
		cpu1, cerr1 := loadtest.ReadCPU(pid)
		writes.record(ctx, isCC, before, r.Requests)
		var cpu time.Duration
		if cerr == nil && cerr1 == nil {
			// The warm-up's CPU is in the difference too; its requests are not counted. In floating
			// point: nanoseconds times nanoseconds overflow int64 from runs of about 2 s up.
			cpu = warmupShare(cpu1-cpu0, cfg.dur, cfg.warmup)
		}
		add(s, r, cpu, who)
	}
	for round := range cfg.rounds {
		ccFirst := round%2 == 0
		if ccFirst {
			do(&cc, "claimcheck", b.cc.Base, "", true)
		}
		do(&twin, "twin", b.twin.Base, "", false)
		if ep.uncounted {
			do(&unc, "twin uncounted", b.twin.Base, "/uncounted", false)
		}
		if !ccFirst {
			do(&cc, "claimcheck", b.cc.Base, "", true)
		}
	}
	med := func(s series) stat {
		st := stat{rps: loadtest.Median(s.rps), p50: loadtest.Median(s.p50), p99: loadtest.Median(s.p99), ok: len(s.rps) > 0}
		if len(s.cpu) > 0 {
			st.cpu = loadtest.Median(s.cpu)
		}
		return st
	}
	return figures{cc: med(cc), twin: med(twin), uncounted: med(unc)}, failed
}

// warmupShare is the part of cpu, measured over a warm-up and a run, that falls in the run,
// taking the CPU as evenly spread over both.
func warmupShare(cpu, run, warmup time.Duration) time.Duration {
	return time.Duration(float64(cpu) * float64(run) / float64(run+warmup))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// target builds the endpoint's requests against base, rotating through the seeded claims.
func (b *bench) target(ep endpoint, base, prefix string) loadtest.Target {
	header := map[string]string{}
	switch {
	case ep.anonymous:
	case ep.v1:
		header["Authorization"] = "Bearer " + b.v1Key
	default:
		header["apikey"] = b.compatKey
	}
	if ep.post {
		header["Content-Type"] = "application/json"
	}
	ids := b.ids
	return func(n uint64) loadtest.Request {
		r := loadtest.Request{Method: http.MethodGet, URL: base + prefix + ep.path(ids[n%uint64(len(ids))]), Header: header}
		if ep.post {
			r.Method = http.MethodPost
			r.Body, _ = json.Marshal(map[string]string{"claim": fmt.Sprintf("%s (%d)", loadtest.ClaimTexts[n%uint64(len(loadtest.ClaimTexts))], n)})
		}
		return r
	}
}

// panicsIn returns the lines around the first panic in a log, or "".
func panicsIn(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	s := string(b)
	i := strings.Index(s, "panic:")
	if i < 0 {
		return ""
	}
	return s[i:min(len(s), i+1500)]
}

// writeProbe counts what page views write: on both databases the CSRF token rows in kv_store
// (one per view before tokens were signed) and the views counted in claims.view_count (which the
// service batches: a flush every few seconds writes one row per viewed claim, so a view is counted
// without a write of its own). On PostgreSQL it also counts the transactions that wrote anything,
// from the transaction-id counter, which every writing transaction advances by one and a read leaves
// alone: a write per view shows as one or more per view, the batched flushes as a few per round. The
// WAL bytes are shown beside them, but they are not the test: the flushes' updates of wide claim rows
// write whole pages to the WAL after each checkpoint, kilobytes that have nothing to do with how many
// views there were. The twin's page, which writes nothing, gives the baseline of background writes.
// The counter is the server's: other databases written meanwhile add to the count, so a busy
// server can make the probe fail but never pass.
type writeProbe struct {
	db, url                         string
	ccRows, ccWAL, ccXacts, ccViews int64
	twRows, twWAL, twXacts, twViews int64
	ccCounted                       int64
	errs                            []string
}

// writeSample is one reading of the counters the probe compares before and after a round.
type writeSample struct{ rows, views, wal, xid int64 }

func newWriteProbe(_ context.Context, db, url string) writeProbe { return writeProbe{db: db, url: url} }

func (w *writeProbe) sample(ctx context.Context) writeSample {
	if w.url == "" {
		return writeSample{}
	}
	var s writeSample
	var err error
	if s.rows, err = loadtest.Query(ctx, w.url, "SELECT count(*) FROM kv_store"); err != nil {
		w.errs = append(w.errs, err.Error())
	}
	if s.views, err = loadtest.Query(ctx, w.url, "SELECT COALESCE(SUM(view_count), 0) FROM claims"); err != nil {
		w.errs = append(w.errs, err.Error())
	}
	if w.db == "postgres" {
		if s.wal, err = loadtest.Query(ctx, w.url, "SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn)::bigint"); err != nil {
			w.errs = append(w.errs, err.Error())
		}
		// txid_current gives this sample's own transaction an id: one per sample, subtracted below.
		if s.xid, err = loadtest.Query(ctx, w.url, "SELECT txid_current()"); err != nil {
			w.errs = append(w.errs, err.Error())
		}
	}
	return s
}

func (w *writeProbe) record(ctx context.Context, isCC bool, before writeSample, views int) {
	if w.url == "" {
		return
	}
	after := w.sample(ctx)
	xacts := max(0, after.xid-before.xid-1)
	if isCC {
		w.ccRows, w.ccWAL, w.ccViews = w.ccRows+after.rows-before.rows, w.ccWAL+after.wal-before.wal, w.ccViews+int64(views)
		w.ccXacts += xacts
		w.ccCounted += after.views - before.views
	} else {
		w.twRows, w.twWAL, w.twViews = w.twRows+after.rows-before.rows, w.twWAL+after.wal-before.wal, w.twViews+int64(views)
		w.twXacts += xacts
	}
}

// writesPerView is the most writing transactions per view that still means "no write per view":
// a write of its own per view makes at least 1, the batched flushes about one per thousand views.
const writesPerView = 0.05

func (w *writeProbe) verdict() string {
	if len(w.errs) > 0 {
		return "page     writes: could not measure: " + w.errs[0]
	}
	if w.ccViews == 0 {
		return "page     writes: no views measured"
	}
	rows := float64(w.ccRows) / float64(w.ccViews)
	s := fmt.Sprintf("page     writes: %.2f kv_store rows per view; %d of %d views counted in view_count so far (batched flushes)", rows, w.ccCounted, w.ccViews)
	ok := w.ccRows == 0
	if w.db == "postgres" && w.twViews > 0 {
		cc, tw := float64(w.ccXacts)/float64(w.ccViews), float64(w.twXacts)/float64(w.twViews)
		s += fmt.Sprintf(", %d writing transactions in %d views (%.4f per view; twin, which writes nothing: %.4f), which wrote %.0f WAL bytes per view",
			w.ccXacts, w.ccViews, cc, tw, float64(w.ccWAL)/float64(w.ccViews))
		ok = ok && cc-tw < writesPerView
	}
	return s + ": " + met(ok, "no database write per anonymous view")
}

// sameJSON checks the fixture still answers the reads with what Claimcheck answers, so the
// comparison is of the same work: the read by id and the list, decoded and compared.
func sameJSON(ctx context.Context, b *bench) error {
	client := &http.Client{Timeout: 10 * time.Second}
	get := func(base, path string) (any, error) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
		req.Header.Set("apikey", b.compatKey)
		resp, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("GET %s: %d %s", path, resp.StatusCode, raw)
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, fmt.Errorf("GET %s: %w", path, err)
		}
		return v, nil
	}
	for _, name := range []string{"read", "list"} {
		path := endpointByName(name).path(b.ids[0])
		want, err := get(b.cc.Base, path)
		if err != nil {
			return err
		}
		got, err := get(b.twin.Base, path)
		if err != nil {
			return err
		}
		w, _ := json.Marshal(want)
		g, _ := json.Marshal(got)
		if !bytes.Equal(w, g) {
			return fmt.Errorf("GET %s:\nclaimcheck %s\ntwin       %s", path, w, g)
		}
	}
	return nil
}
