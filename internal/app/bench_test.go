package app_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/claimcheck/claimcheck/internal/testdb"
)

// benchServers runs fn on each available database with a served app (background running) and an
// unlimited key.
func benchServers(b *testing.B, fn func(b *testing.B, s *server, secret string)) {
	for _, d := range testdb.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			s := startServer(b, testdb.Open(b, d), nil)
			// As Serve runs it: the background on, so the key's counts go through quota leases.
			b.Cleanup(s.app.StartBackground(context.Background()))
			secret, _ := issueKey(b, s.app.Stores, "enterprise", nil)
			fn(b, s, secret)
		})
	}
}

func benchClient() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
}

func send(b *testing.B, c *http.Client, method, url, secret, body string, want int) {
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("apikey", secret)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != want {
		b.Fatalf("%s %s: status %d, want %d", method, url, resp.StatusCode, want)
	}
}

// BenchmarkAnalyse measures POST /functions/v1/quick-responder end to end over loopback HTTP:
// authentication, analysis, the quota charge and the insert in one transaction.
func BenchmarkAnalyse(b *testing.B) {
	benchServers(b, func(b *testing.B, s *server, secret string) {
		c := benchClient()
		var n atomic.Int64
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				i := n.Add(1)
				send(b, c, "POST", s.base+"/functions/v1/quick-responder", secret,
					fmt.Sprintf(`{"claim":"Aşılar otizme neden olur %d","source_url":"https://www.bbc.com/news/%d"}`, i, i), 200)
			}
		})
	})
}

// seedForReads stores 1,000 claims so the reads below touch a realistic index.
func seedForReads(b *testing.B, s *server, secret string) string {
	var last string
	for i := 0; i < 1000; i++ {
		req, _ := http.NewRequest("POST", s.base+"/functions/v1/quick-responder",
			strings.NewReader(fmt.Sprintf(`{"claim":"Seed claim number %d about climate change"}`, i)))
		req.Header.Set("apikey", secret)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		last = strings.SplitN(strings.SplitN(string(body), `"id":"`, 2)[1], `"`, 2)[0]
	}
	return last
}

// BenchmarkRestFetchOne measures GET /rest/v1/claims?id=eq.<id>&select=* (SPEC §4.1 "fetch one").
func BenchmarkRestFetchOne(b *testing.B) {
	benchServers(b, func(b *testing.B, s *server, secret string) {
		id := seedForReads(b, s, secret)
		c := benchClient()
		url := s.base + "/rest/v1/claims?id=eq." + id + "&select=*"
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				send(b, c, "GET", url, secret, "", 200)
			}
		})
	})
}

// BenchmarkRestListRecent measures GET /rest/v1/claims?order=created_at.desc&limit=20 (SPEC §4.1 "list recent").
func BenchmarkRestListRecent(b *testing.B) {
	benchServers(b, func(b *testing.B, s *server, secret string) {
		seedForReads(b, s, secret)
		c := benchClient()
		url := s.base + "/rest/v1/claims?order=created_at.desc&limit=20&select=id,content,ai_verdict,ai_score,category"
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				send(b, c, "GET", url, secret, "", 200)
			}
		})
	})
}

// BenchmarkV1Score measures GET /v1/claims/{id}/score with a beta-free key far from its quota, as
// `make loadtest` drives it (burst limit on, far above the load).
func BenchmarkV1Score(b *testing.B) {
	for _, d := range testdb.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			s := startServer(b, testdb.Open(b, d), map[string]string{"V1_BURST_LIMIT": "1000000"})
			b.Cleanup(s.app.StartBackground(context.Background()))
			seedKey, _ := issueKey(b, s.app.Stores, "enterprise", nil)
			id := seedForReads(b, s, seedKey)
			quota := 1_000_000_000
			secret, _ := issueKey(b, s.app.Stores, "beta-free", &quota)
			c := benchClient()
			url := s.base + "/v1/claims/" + id + "/score"
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					req, _ := http.NewRequest("GET", url, nil)
					req.Header.Set("Authorization", "Bearer "+secret)
					resp, err := c.Do(req)
					if err != nil {
						b.Fatal(err)
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != 200 {
						b.Fatalf("score: status %d", resp.StatusCode)
					}
				}
			})
		})
	}
}
