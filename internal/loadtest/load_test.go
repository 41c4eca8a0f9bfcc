package loadtest

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestRunDrivesEveryConnectionAndCountsAnswers(t *testing.T) {
	var (
		hits    atomic.Int64
		open    atomic.Int64
		maxOpen atomic.Int64
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := open.Add(1)
		defer open.Add(-1)
		for {
			m := maxOpen.Load()
			if n <= m || maxOpen.CompareAndSwap(m, n) {
				break
			}
		}
		hits.Add(1)
		time.Sleep(2 * time.Millisecond)
		if r.URL.Query().Get("n") == "bad" {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		if r.Header.Get("apikey") != "k" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		_, _ = w.Write([]byte("ok"))
	}))
	defer srv.Close()

	res := Run(context.Background(), Options{Conns: 4, Duration: 300 * time.Millisecond, Warmup: 50 * time.Millisecond},
		func(n uint64) Request {
			q := "good"
			if n%10 == 9 {
				q = "bad"
			}
			return Request{Method: "GET", URL: srv.URL + "/?n=" + q, Header: map[string]string{"apikey": "k"}}
		})
	if res.Requests < 50 {
		t.Fatalf("only %d requests answered in 300 ms at 4 connections of ~2 ms each", res.Requests)
	}
	if int64(res.Requests) >= hits.Load() {
		t.Errorf("%d requests counted of %d served: the warm-up must not count", res.Requests, hits.Load())
	}
	if got := maxOpen.Load(); got != 4 {
		t.Errorf("at most %d requests were in flight, want 4 (one per connection)", got)
	}
	if res.Status[200] == 0 || res.Status[503] == 0 || res.ServerErrors() != res.Status[503] || res.Failures() != res.Status[503] {
		t.Errorf("statuses %v: want 200s and 503s, with the 503s as the failures", res.Status)
	}
	if !strings.Contains(res.FirstError, "503") {
		t.Errorf("FirstError = %q, want the 503", res.FirstError)
	}
	if p50, p99 := res.Percentile(0.5), res.Percentile(0.99); p50 < 2*time.Millisecond || p99 < p50 {
		t.Errorf("p50 %s, p99 %s: the handler sleeps 2 ms", p50, p99)
	}
	if rps := res.RPS(); rps < 100 || rps > 4*1000/2+200 {
		t.Errorf("%.0f req/s is not what 4 connections of ~2 ms give", rps)
	}
}

func TestRunCountsRefusedConnectionsAsErrors(t *testing.T) {
	port, err := FreePort()
	if err != nil {
		t.Fatal(err)
	}
	res := Run(context.Background(), Options{Conns: 2, Duration: 100 * time.Millisecond, Timeout: time.Second},
		func(uint64) Request { return Request{Method: "GET", URL: fmt.Sprintf("http://127.0.0.1:%d/", port)} })
	if res.Errors == 0 || res.Requests != 0 || res.Failures() != res.Errors {
		t.Errorf("against a closed port: %d errors, %d answered, %d failures", res.Errors, res.Requests, res.Failures())
	}
}

func TestPercentileAndMedian(t *testing.T) {
	lat := []time.Duration{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for q, want := range map[float64]time.Duration{0.5: 5, 0.9: 9, 0.99: 10, 1: 10, 0.01: 1} {
		if got := Percentile(lat, q); got != want {
			t.Errorf("Percentile(1..10, %v) = %v, want %v", q, got, want)
		}
	}
	if Percentile(nil, 0.5) != 0 {
		t.Error("Percentile of nothing is not 0")
	}
	for _, c := range []struct {
		xs   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := Median(c.xs); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.xs, got, c.want)
		}
	}
}

func TestParseStatus(t *testing.T) {
	status := "Name:\tclaimcheck\nVmPeak:\t  900000 kB\nVmHWM:\t   98304 kB\nVmRSS:\t   65536 kB\nThreads:\t9\n"
	m, err := ParseStatus(bufio.NewScanner(strings.NewReader(status)))
	if err != nil || m.RSS != 64<<20 || m.HWM != 96<<20 {
		t.Errorf("ParseStatus = %+v, %v; want RSS 64 MiB, HWM 96 MiB", m, err)
	}
	split := status + "RssAnon:\t   40960 kB\nRssFile:\t   24576 kB\n"
	m, err = ParseStatus(bufio.NewScanner(strings.NewReader(split)))
	if err != nil || m.Anon != 40<<20 || m.File != 24<<20 || m.RSS != 64<<20 {
		t.Errorf("ParseStatus = %+v, %v; want anonymous 40 MiB, file 24 MiB", m, err)
	}
	if _, err := ParseStatus(bufio.NewScanner(strings.NewReader("Name:\tx\nRssAnon:\t1 kB\nRssFile:\t1 kB\n"))); err == nil {
		t.Error("a status with only RssAnon and RssFile parsed")
	}
	if _, err := ParseStatus(bufio.NewScanner(strings.NewReader("Name:\tx\n"))); err == nil {
		t.Error("a status without VmRSS parsed")
	}
}

func TestParseStat(t *testing.T) {
	cases := []struct {
		name, line string
		want       time.Duration
		ok         bool
	}{
		{name: "plain", line: "1234 (claimcheck) S 1 1234 1234 0 -1 4194560 2466 0 0 0 350 47 0 0 20 0 9 0 1000 2000000000 25000",
			want: 3970 * time.Millisecond, ok: true},
		{name: "name with spaces and parentheses", line: "7 (a (b) c) R 1 7 7 0 -1 0 0 0 0 0 12 3 0 0 20 0 1 0 5 100 10",
			want: 150 * time.Millisecond, ok: true},
		{name: "no name", line: "7 a R 1", ok: false},
		{name: "too short", line: "7 (a) R 1 2 3", ok: false},
		{name: "not a number", line: "7 (a) R 1 7 7 0 -1 0 0 0 0 0 x 3 0", ok: false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseStat(c.line)
			if (err == nil) != c.ok || got != c.want {
				t.Errorf("ParseStat = %v, %v; want %v (ok %v)", got, err, c.want, c.ok)
			}
		})
	}
}
