// Command soak is `make soak`: the load and fault suite, run against the built binary over
// loopback on SQLite and (when SOAK_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL:
//
//  1. a battery of hostile requests on every surface with the process's memory sampled: it fails
//     on any 5xx, a panic in the log, SQL or Go internals in an answer, an answer that breaks a
//     stated contract, or RSS over SOAK_RSS_LIMIT_MB (250);
//  2. kill -9 under write load: writers post analyses (compatible API) and submissions (/v1) and
//     record every acknowledged id; the process is killed mid-load and restarted, and every
//     acknowledged id must be there;
//  3. on PostgreSQL, two processes on one database: a key with a quota of 100 hammered by 48
//     clients through both (300 requests, both APIs) must be admitted exactly 100 times.
//
// Settings: SOAK_QUICK=1 (fewer seeded claims and concurrent bodies, shorter write load),
// SOAK_DATABASES=sqlite,postgres, SOAK_WRITE_SECONDS (4), SOAK_SEED (1000 claims),
// SOAK_RSS_LIMIT_MB (250), SOAK_WORKDIR (bin/soak).
package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/claimcheck/claimcheck/internal/loadtest"
	"github.com/claimcheck/claimcheck/internal/soak"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg, err := readConfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(2)
	}
	r := &report{out: os.Stdout}
	if err := run(ctx, cfg, r); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
	if r.summary() {
		os.Exit(1)
	}
}

type config struct {
	quick     bool
	databases []string
	pgURL     string
	writeFor  time.Duration
	seed      int
	rssLimit  int64
	workdir   string
}

func env(name, def string) string {
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		return v
	}
	return def
}

func readConfig() (config, error) {
	c := config{pgURL: loadtest.PostgresURLFromEnv("SOAK_DATABASE_URL", "TEST_DATABASE_URL"), workdir: env("SOAK_WORKDIR", "bin/soak"),
		writeFor: 4 * time.Second, seed: 1000, rssLimit: 250 << 20}
	c.quick, _ = strconv.ParseBool(env("SOAK_QUICK", "0"))
	if c.quick {
		c.writeFor, c.seed = 2*time.Second, 300
	}
	if s := os.Getenv("SOAK_WRITE_SECONDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 120 {
			return c, fmt.Errorf("SOAK_WRITE_SECONDS=%q: want 1 to 120", s)
		}
		c.writeFor = time.Duration(n) * time.Second
	}
	if s := os.Getenv("SOAK_SEED"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 100_000 {
			return c, fmt.Errorf("SOAK_SEED=%q: want 1 to 100000", s)
		}
		c.seed = n
	}
	if s := os.Getenv("SOAK_RSS_LIMIT_MB"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 10 {
			return c, fmt.Errorf("SOAK_RSS_LIMIT_MB=%q: want a number of megabytes", s)
		}
		c.rssLimit = int64(n) << 20
	}
	def := "sqlite,postgres"
	for _, d := range strings.Split(env("SOAK_DATABASES", def), ",") {
		switch d = strings.TrimSpace(d); d {
		case "sqlite", "postgres":
			c.databases = append(c.databases, d)
		default:
			return c, fmt.Errorf("SOAK_DATABASES: %q is neither sqlite nor postgres", d)
		}
	}
	return c, nil
}

// report collects the checks and prints them as they are decided.
type report struct {
	out    io.Writer
	checks []check
}

type check struct {
	name string
	ok   bool
	note string
}

func (r *report) printf(format string, args ...any) { fmt.Fprintf(r.out, format, args...) }

func (r *report) check(name string, ok bool, note string) {
	r.checks = append(r.checks, check{name, ok, note})
	state := "PASS"
	if !ok {
		state = "FAIL"
	}
	r.printf("  [%s] %s: %s\n", state, name, note)
}

// summary prints every check and reports whether any failed.
func (r *report) summary() bool {
	failed := 0
	r.printf("\nSummary:\n")
	for _, c := range r.checks {
		state := "PASS"
		if !c.ok {
			state, failed = "FAIL", failed+1
		}
		r.printf("  %s  %s\n", state, c.name)
	}
	r.printf("%d checks, %d failed\n", len(r.checks), failed)
	return failed > 0
}

// server is what the phases start: the binary on a loopback port with the suite's settings.
type server struct {
	bin, dbURL, workdir, name string
}

func (s server) start(tag string) (*loadtest.Process, error) {
	port, err := loadtest.FreePort()
	if err != nil {
		return nil, err
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	p, err := loadtest.Start("claimcheck "+tag, s.bin, []string{"serve"}, []string{
		"DATABASE_URL=" + s.dbURL, "PORT=" + strconv.Itoa(port), "BASE_URL=" + base,
		"DATA_DIR=" + filepath.Join(s.workdir, "data-"+s.name),
		// Limits that would refuse the suite's own volume before its checks run are set far away;
		// the quota phase sets its own quota per key.
		"V1_BURST_LIMIT=1000000", "ANON_CHECKS_PER_HOUR=1000000",
	}, base, filepath.Join(s.workdir, "claimcheck-"+s.name+"-"+tag+".log"))
	if err != nil {
		return nil, err
	}
	if err := p.WaitReady("/healthz", 60*time.Second); err != nil {
		_ = p.Stop(5 * time.Second)
		return nil, err
	}
	return p, nil
}

func run(ctx context.Context, cfg config, r *report) error {
	if err := os.MkdirAll(cfg.workdir, 0o755); err != nil {
		return err
	}
	bin := filepath.Join(cfg.workdir, "claimcheck")
	r.printf("building %s …\n", bin)
	if err := loadtest.Build(ctx, "./cmd/claimcheck", bin); err != nil {
		return err
	}
	for _, db := range cfg.databases {
		if db == "postgres" && cfg.pgURL == "" {
			r.printf("\n== postgres: SKIPPED — set SOAK_DATABASE_URL or TEST_DATABASE_URL to run the PostgreSQL phases (battery, kill -9, two processes)\n")
			continue
		}
		if err := runDatabase(ctx, cfg, r, db, bin); err != nil {
			r.check(db+": suite ran to the end", false, err.Error())
		}
	}
	return nil
}

func runDatabase(ctx context.Context, cfg config, r *report, db, bin string) error {
	var dbURL string
	var err error
	if db == "postgres" {
		dbURL, err = loadtest.FreshPostgres(ctx, cfg.pgURL, "claimcheck_soak")
	} else {
		dbURL, err = loadtest.FreshSQLite(cfg.workdir, "soak")
	}
	if err != nil {
		return err
	}
	if err := loadtest.MigrateWithBinary(ctx, bin, dbURL); err != nil {
		return err
	}
	huge := 1_000_000_000
	secrets, _, err := loadtest.IssueKeys(ctx, dbURL,
		loadtest.KeySpec{Name: "soak compatible", Plan: "enterprise"},
		loadtest.KeySpec{Name: "soak v1", Plan: "beta-free", Quota: &huge})
	if err != nil {
		return err
	}
	compatKey, v1Key := secrets[0], secrets[1]
	srv := server{bin: bin, dbURL: dbURL, workdir: cfg.workdir, name: db}

	// Phase 1: the hostile battery.
	r.printf("\n== %s: hostile-input battery\n", db)
	p, err := srv.start("battery")
	if err != nil {
		return err
	}
	defer p.Stop(10 * time.Second)
	ids, err := loadtest.Seed(ctx, p.Base, compatKey, cfg.seed)
	if err != nil {
		return err
	}
	sampler := loadtest.SampleRSS(p.PID(), 50*time.Millisecond)
	before, _ := loadtest.ReadMemory(p.PID())
	cases := soak.Battery(soak.Env{Base: p.Base, CompatKey: compatKey, V1Key: v1Key, ClaimID: ids[0]}, cfg.quick)
	rss := func() int64 {
		m, _ := loadtest.ReadMemory(p.PID())
		return m.RSS
	}
	out := soak.Run(ctx, soak.Env{Base: p.Base, RSS: rss}, cases)
	sampler.Stop()
	peak, samples := sampler.Peak()
	mem, merr := loadtest.ReadMemory(p.PID())
	time.Sleep(2 * time.Second)
	after, _ := loadtest.ReadMemory(p.PID())
	r.printf("  %d cases, %d requests in %s (%d seeded claims): %d answered (%s of bodies), %d oversized requests closed without an answer\n",
		len(cases), out.Requests, out.Elapsed.Round(100*time.Millisecond), len(ids), out.Answered, loadtest.MB(out.Bytes), out.NoAnswer)
	r.printf("  statuses: %s\n", statusText(out.Status))
	r.printf("  RSS: %s before, peak %s sampled every 50 ms (%d samples), VmHWM %s, %s two seconds after\n",
		loadtest.MB(before.RSS), loadtest.MB(peak), samples, loadtest.MB(mem.HWM), loadtest.MB(after.RSS))
	for _, g := range out.GroupRSS {
		r.printf("    peak RSS %s during: %s → %s\n", loadtest.MB(g.Peak), g.Name, summarize(g.Answers))
	}
	listProblems(r, out, "5xx")
	listProblems(r, out, "leak")
	listProblems(r, out, "contract")
	listProblems(r, out, "no answer")
	r.check(db+": battery: no 5xx", out.Count("5xx") == 0, fmt.Sprintf("%d of %d answers", out.Count("5xx"), out.Answered))
	r.check(db+": battery: no SQL or Go internals in answers", out.Count("leak") == 0, fmt.Sprintf("%d answers leak", out.Count("leak")))
	r.check(db+": battery: stated contracts (400 field errors, 413 bodies, 500-item in.(), SSRF, CSRF)", out.Count("contract") == 0,
		fmt.Sprintf("%d answers break one", out.Count("contract")))
	r.check(db+": battery: every request without an oversized body is answered", out.Count("no answer") == 0,
		fmt.Sprintf("%d unanswered", out.Count("no answer")))
	hwm := max(mem.HWM, peak)
	r.check(fmt.Sprintf("%s: battery: RSS stays under %s", db, loadtest.MB(cfg.rssLimit)), merr == nil && hwm < cfg.rssLimit,
		fmt.Sprintf("peak %s", loadtest.MB(hwm)))
	checkLog(r, db+": battery", p)
	var ops []string
	opsOK := true
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		st := getStatus(p.Base + path)
		ops = append(ops, fmt.Sprintf("%s %d", path, st))
		opsOK = opsOK && st == 200
	}
	r.check(db+": /healthz, /readyz and /metrics answer 200 (issue 14, operations)", opsOK, strings.Join(ops, ", "))

	// Phase 2: kill -9 under write load, on the same database.
	r.printf("\n== %s: kill -9 under write load\n", db)
	stop := make(chan struct{})
	wait := soak.Writers(ctx, p.Base, compatKey, v1Key, 8, stop)
	time.Sleep(cfg.writeFor)
	p.Kill9()
	killedAt := time.Now()
	time.Sleep(200 * time.Millisecond)
	close(stop)
	load := wait()
	byAPI := map[string][]string{}
	for _, a := range load.Acks {
		byAPI[a.API] = append(byAPI[a.API], a.ID)
	}
	r.printf("  %s of writes by 8 writers, then SIGKILL: %d acknowledged (%d analyses, %d /v1 submissions), %d unanswered, %d refused, %d 5xx\n",
		cfg.writeFor, len(load.Acks), len(byAPI["functions"]), len(byAPI["v1"]), load.NoAnswer, load.Refused, load.ServerErrors)
	if load.FirstProblem != "" {
		r.printf("  first refusal or 5xx: %s\n", load.FirstProblem)
	}
	p2, err := srv.start("restart")
	if err != nil {
		return fmt.Errorf("restart after kill -9: %w", err)
	}
	defer p2.Stop(10 * time.Second)
	r.printf("  restarted and ready %s after the kill\n", time.Since(killedAt).Round(10*time.Millisecond))
	claims, err := loadtest.Existing(ctx, dbURL, "claims", append(append([]string{}, byAPI["functions"]...), byAPI["v1"]...))
	if err != nil {
		return err
	}
	subs, err := loadtest.Existing(ctx, dbURL, "claim_submissions", byAPI["v1"])
	if err != nil {
		return err
	}
	var lost []string
	for _, a := range load.Acks {
		if !claims[a.ID] && !(a.API == "v1" && subs[a.ID]) {
			lost = append(lost, a.API+" "+a.ID)
		}
	}
	r.check(db+": kill -9: no 5xx under write load", load.ServerErrors == 0, fmt.Sprintf("%d 5xx before the kill", load.ServerErrors))
	r.check(db+": kill -9: every acknowledged write survives", len(lost) == 0 && len(load.Acks) > 0,
		fmt.Sprintf("%d acknowledged, %d lost %s", len(load.Acks), len(lost), strings.Join(lost[:min(len(lost), 5)], ", ")))
	after2 := soak.Writers(ctx, p2.Base, compatKey, v1Key, 2, closedAfter(500*time.Millisecond))()
	r.check(db+": kill -9: the restarted process takes writes", len(after2.Acks) > 0 && after2.ServerErrors == 0,
		fmt.Sprintf("%d acknowledged in 0.5 s, %d 5xx", len(after2.Acks), after2.ServerErrors))
	checkLog(r, db+": restart", p2)

	// Phase 3: two processes, one quota.
	if db != "postgres" {
		return nil
	}
	r.printf("\n== postgres: two processes, one quota of 100\n")
	hundred := 100
	qs, qids, err := loadtest.IssueKeys(ctx, dbURL,
		loadtest.KeySpec{Name: "soak quota compatible", Plan: "starter", Quota: &hundred},
		loadtest.KeySpec{Name: "soak quota v1", Plan: "beta-free", Quota: &hundred})
	if err != nil {
		return err
	}
	p3, err := srv.start("second")
	if err != nil {
		return err
	}
	defer p3.Stop(10 * time.Second)
	bases := []string{p2.Base, p3.Base}
	period := time.Now().UTC().Format("2006-01")
	for i, api := range []struct {
		name, path string
		header     map[string]string
	}{
		{"compatible read", "/rest/v1/claims?select=id&limit=1", map[string]string{"apikey": qs[0]}},
		{"/v1 score", "/v1/claims/" + ids[0] + "/score", map[string]string{"Authorization": "Bearer " + qs[1]}},
	} {
		got := soak.Race(ctx, bases, api.path, api.header, 300, 48)
		counted, err := loadtest.Query(ctx, dbURL, "SELECT COALESCE(SUM(count), 0) FROM usage_counters WHERE key_id = ? AND period = ?", qids[i], period)
		if err != nil {
			return err
		}
		r.printf("  %s: 300 requests from 48 clients over 2 processes: %s; counter %d\n", api.name, statusText(got), counted)
		r.check("postgres: two processes: "+api.name+" admits exactly its quota", got[200] == 100 && got[429] == 200 && counted == 100,
			fmt.Sprintf("%d admitted, %d refused with 429, counter %d (want 100, 200, 100)", got[200], got[429], counted))
	}
	checkLog(r, "postgres: second process", p3)
	return nil
}

// closedAfter returns a channel closed after d.
func closedAfter(d time.Duration) <-chan struct{} {
	c := make(chan struct{})
	time.AfterFunc(d, func() { close(c) })
	return c
}

func checkLog(r *report, name string, p *loadtest.Process) {
	b, _ := os.ReadFile(p.LogPath)
	panics := soak.Panics(string(b), 5)
	r.check(name+": no panic in the log", len(panics) == 0, fmt.Sprintf("%d lines %s", len(panics), strings.Join(panics, " | ")))
}

func listProblems(r *report, out soak.Outcome, kind string) {
	n := 0
	for _, p := range out.Problems {
		if !strings.HasPrefix(p, kind+":") {
			continue
		}
		if n < 12 {
			r.printf("    %s\n", p)
		}
		n++
	}
	if n > 12 {
		r.printf("    … and %d more %s\n", n-12, kind)
	}
}

func statusText(m map[int]int) string {
	codes := make([]int, 0, len(m))
	for c := range m {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	parts := make([]string, len(codes))
	for i, c := range codes {
		label := strconv.Itoa(c)
		if c == 0 {
			label = "no answer"
		}
		parts[i] = fmt.Sprintf("%s×%d", label, m[c])
	}
	return strings.Join(parts, " ")
}

// summarize counts equal answers: "413 (0.0 MB) ×20".
func summarize(answers []string) string {
	counts := map[string]int{}
	var order []string
	for _, a := range answers {
		if counts[a] == 0 {
			order = append(order, a)
		}
		counts[a]++
	}
	parts := make([]string, len(order))
	for i, a := range order {
		parts[i] = fmt.Sprintf("%s ×%d", a, counts[a])
	}
	return strings.Join(parts, ", ")
}

// getStatus is the status of a GET (0 when there is no answer).
func getStatus(url string) int {
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Get(url)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}
