// Package loadtest drives HTTP servers over loopback and measures them: a closed-loop load
// generator (N connections, each sending its next request when the last one answered), the
// processes under test (built, started, watched for memory, stopped) and the databases they run
// on. `make loadtest` (cmd/loadtest) and `make soak` (cmd/soak) are built from it.
package loadtest

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valyala/fasthttp"
)

// Request is one HTTP request the generator sends.
type Request struct {
	// Method is GET, POST, ….
	Method string
	// URL is absolute: http://127.0.0.1:PORT/path?query.
	URL string
	// Header holds the headers to set.
	Header map[string]string
	// Body is sent as is (nil: no body).
	Body []byte
}

// Target makes the n-th request of a run (n counts across all connections), so runs can rotate
// through ids or vary bodies.
type Target func(n uint64) Request

// Options shapes one run.
type Options struct {
	// Conns is how many connections send requests at once.
	Conns int
	// Duration is how long the measured part lasts.
	Duration time.Duration
	// Warmup runs before the measured part and is not counted (pools fill, caches warm).
	Warmup time.Duration
	// Timeout bounds one request; a request that takes longer counts as an error.
	Timeout time.Duration
}

// Result is what one run measured.
type Result struct {
	// Requests is how many requests answered during the measured part, any status.
	Requests int
	// Elapsed is the measured part's wall time.
	Elapsed time.Duration
	// Status counts answers by HTTP status.
	Status map[int]int
	// Errors counts requests that got no answer (refused, reset, timed out).
	Errors int
	// FirstError describes the first transport error or unexpected status, for the report.
	FirstError string
	// Latencies of every answered request, sorted ascending.
	Latencies []time.Duration
}

// RPS is answered requests per second.
func (r Result) RPS() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Requests) / r.Elapsed.Seconds()
}

// Percentile is the q-quantile (0 < q ≤ 1) of the latencies by the nearest-rank method; 0 when
// nothing answered.
func (r Result) Percentile(q float64) time.Duration {
	return Percentile(r.Latencies, q)
}

// Percentile is the q-quantile of sorted by the nearest-rank method (0 for an empty slice).
func Percentile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// Failures counts answers that are not 2xx or 3xx, plus transport errors.
func (r Result) Failures() int {
	n := r.Errors
	for st, c := range r.Status {
		if st >= 400 {
			n += c
		}
	}
	return n
}

// ServerErrors counts 5xx answers.
func (r Result) ServerErrors() int {
	n := 0
	for st, c := range r.Status {
		if st >= 500 {
			n += c
		}
	}
	return n
}

// StatusText lists the statuses seen, e.g. "200×5120 429×3".
func (r Result) StatusText() string {
	codes := make([]int, 0, len(r.Status))
	for st := range r.Status {
		codes = append(codes, st)
	}
	sort.Ints(codes)
	parts := make([]string, 0, len(codes)+1)
	for _, st := range codes {
		parts = append(parts, fmt.Sprintf("%d×%d", st, r.Status[st]))
	}
	if r.Errors > 0 {
		parts = append(parts, fmt.Sprintf("errors×%d", r.Errors))
	}
	return strings.Join(parts, " ")
}

// worker is one connection's tally; merged after the run so the hot loop takes no lock.
type worker struct {
	lat    []time.Duration
	status map[int]int
	errs   int
	first  string
}

// Run drives target with opts.Conns connections for opts.Warmup plus opts.Duration and returns
// what the measured part saw. It stops early when ctx ends.
func Run(ctx context.Context, opts Options, target Target) Result {
	if opts.Conns < 1 {
		opts.Conns = 1
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 10 * time.Second
	}
	client := &fasthttp.Client{
		MaxConnsPerHost:               opts.Conns,
		ReadTimeout:                   opts.Timeout,
		WriteTimeout:                  opts.Timeout,
		MaxIdleConnDuration:           time.Minute,
		NoDefaultUserAgentHeader:      true,
		DisableHeaderNamesNormalizing: true,
		MaxConnWaitTimeout:            opts.Timeout,
	}
	defer client.CloseIdleConnections()
	var (
		seq atomic.Uint64
		wg  sync.WaitGroup
	)
	workers := make([]*worker, opts.Conns)
	start := time.Now()
	measureFrom := start.Add(opts.Warmup)
	end := measureFrom.Add(opts.Duration)
	for i := range workers {
		w := &worker{status: map[int]int{}, lat: make([]time.Duration, 0, 4096)}
		workers[i] = w
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := fasthttp.AcquireRequest()
			resp := fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(req)
			defer fasthttp.ReleaseResponse(resp)
			for ctx.Err() == nil {
				t0 := time.Now()
				if !t0.Before(end) {
					return
				}
				r := target(seq.Add(1) - 1)
				req.Reset()
				req.SetRequestURI(r.URL)
				req.Header.SetMethod(r.Method)
				for k, v := range r.Header {
					req.Header.Set(k, v)
				}
				if r.Body != nil {
					req.SetBodyRaw(r.Body)
				}
				err := client.DoTimeout(req, resp, opts.Timeout)
				t1 := time.Now()
				if t0.Before(measureFrom) || t1.After(end) {
					continue
				}
				if err != nil {
					w.errs++
					if w.first == "" {
						w.first = fmt.Sprintf("%s %s: %v", r.Method, r.URL, err)
					}
					continue
				}
				st := resp.StatusCode()
				w.status[st]++
				w.lat = append(w.lat, t1.Sub(t0))
				if st >= 400 && w.first == "" {
					body := resp.Body()
					w.first = fmt.Sprintf("%s %s: %d %s", r.Method, r.URL, st, clip(string(body), 300))
				}
			}
		}()
	}
	wg.Wait()
	res := Result{Status: map[int]int{}, Elapsed: min(time.Since(measureFrom), opts.Duration)}
	for _, w := range workers {
		res.Latencies = append(res.Latencies, w.lat...)
		for st, c := range w.status {
			res.Status[st] += c
		}
		res.Errors += w.errs
		if res.FirstError == "" {
			res.FirstError = w.first
		}
	}
	res.Requests = len(res.Latencies)
	slices.Sort(res.Latencies)
	return res
}

// clip shortens s to n bytes for a report line.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Median is the median of xs (the mean of the middle two for an even count; 0 for none).
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}
