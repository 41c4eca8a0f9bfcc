package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/claimcheck/claimcheck/internal/loadtest"
)

// runBaseline measures this build against an earlier one (LOADTEST_BASELINE, a claimcheck binary
// built from another commit) instead of against the twin: both serve one fresh database at once,
// each endpoint runs on each in turn (which goes first alternates by round), and it prints the
// medians of req/s and CPU per request and the ratio of CPU per request taken round by round. On
// a shared machine absolute figures drift between runs; pairs taken seconds apart do not.
func runBaseline(ctx context.Context, cfg config, db, bin, baseBin string, out io.Writer) (failed bool, err error) {
	b := &bench{db: db}
	if err := prepare(ctx, cfg, b, bin); err != nil {
		return false, err
	}
	b.cc, b.ccBase, err = startClaimcheck(cfg, b, "claimcheck", bin)
	if err != nil {
		return false, err
	}
	defer b.cc.Stop(10 * time.Second)
	base, baseURL, err := startClaimcheck(cfg, b, "baseline", baseBin)
	if err != nil {
		return false, err
	}
	defer base.Stop(10 * time.Second)
	for _, p := range []*loadtest.Process{b.cc, base} {
		if err := p.WaitReady("/healthz", 60*time.Second); err != nil {
			return false, err
		}
	}
	if b.ids, err = loadtest.Seed(ctx, b.ccBase, b.compatKey, 200); err != nil {
		return false, err
	}
	fmt.Fprintf(out, "\n== %s: this build against %s, %d rounds × %s (+%s warm-up) each, medians; compatible key: %s\n",
		db, baseBin, cfg.rounds, cfg.dur, cfg.warmup, keyText(cfg.keyMode))
	tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "request\tconns\tthis build req/s\tCPU/req\tbaseline req/s\tCPU/req\tCPU ratio (paired)\treq/s ratio\t")
	opts := func(conns int) loadtest.Options {
		return loadtest.Options{Conns: conns, Duration: cfg.dur, Warmup: cfg.warmup}
	}
	// one runs ep on p and returns its req/s and CPU per request (µs).
	one := func(p *loadtest.Process, url string, ep endpoint, conns int) (rps, cpu float64) {
		c0, cerr := loadtest.ReadCPU(p.PID())
		r := loadtest.Run(ctx, opts(conns), b.target(ep, url, ""))
		c1, cerr1 := loadtest.ReadCPU(p.PID())
		if r.Failures() > 0 || r.Requests == 0 {
			failed = true
			fmt.Fprintf(out, "  FAILED %s at %d conns on %s: %s; first: %s\n", ep.name, conns, url, r.StatusText(), r.FirstError)
		}
		if cerr == nil && cerr1 == nil && r.Requests > 0 {
			cpu = float64(warmupShare(c1-c0, cfg.dur, cfg.warmup)) / float64(time.Microsecond) / float64(r.Requests)
		}
		return r.RPS(), cpu
	}
	for _, ep := range endpoints {
		if !cfg.endpoints[ep.name] {
			continue
		}
		if db == "postgres" {
			// As in runDatabase: fresh statistics on a server without autovacuum.
			if _, err := loadtest.AnalyzeWithoutAutovacuum(ctx, b.dbURL); err != nil {
				return false, err
			}
		}
		for _, conns := range cfg.conns {
			var rps, cpu, baseRPS, baseCPU, cpuRatio []float64
			for round := range cfg.rounds {
				var r, c, br, bc float64
				if round%2 == 0 {
					r, c = one(b.cc, b.ccBase, ep, conns)
					br, bc = one(base, baseURL, ep, conns)
				} else {
					br, bc = one(base, baseURL, ep, conns)
					r, c = one(b.cc, b.ccBase, ep, conns)
				}
				rps, cpu, baseRPS, baseCPU = append(rps, r), append(cpu, c), append(baseRPS, br), append(baseCPU, bc)
				if bc > 0 {
					cpuRatio = append(cpuRatio, c/bc)
				}
			}
			fmt.Fprintf(tw, "%s\t%d\t%.0f\t%.1f µs\t%.0f\t%.1f µs\t%.3f\t%.3f\t\n", ep.name, conns,
				loadtest.Median(rps), loadtest.Median(cpu), loadtest.Median(baseRPS), loadtest.Median(baseCPU),
				loadtest.Median(cpuRatio), loadtest.Median(rps)/loadtest.Median(baseRPS))
		}
	}
	tw.Flush()
	return failed, nil
}
