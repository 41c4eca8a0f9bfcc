package soak

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Ack is one write the server acknowledged: a 2xx answer carrying the new id.
type Ack struct {
	// API is "functions" (the claim is stored when answered) or "v1" (the submission is queued).
	API string
	// ID is the id the answer carried.
	ID string
}

// WriteLoad is what writers saw up to the crash.
type WriteLoad struct {
	// Acks lists the acknowledged writes in the order they were answered.
	Acks []Ack
	// ServerErrors counts 5xx answers (any is a failure: they came before the kill).
	ServerErrors int
	// Refused counts other non-2xx answers.
	Refused int
	// NoAnswer counts requests that got no answer (the ones in flight at the kill, and after).
	NoAnswer int
	// FirstProblem describes the first 5xx or refusal.
	FirstProblem string
}

// Writers runs writers goroutines posting analyses to base — half to the compatible function with
// compatKey, half to /v1/claims/submit with v1Key — until stop is closed, and records every
// acknowledged id. The returned wait blocks until the writers have stopped and returns their tally.
func Writers(ctx context.Context, base, compatKey, v1Key string, writers int, stop <-chan struct{}) (wait func() WriteLoad) {
	var (
		mu  sync.Mutex
		out WriteLoad
		wg  sync.WaitGroup
		seq atomic.Int64
	)
	client := &http.Client{Timeout: 30 * time.Second}
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			api, path, header := "functions", "/functions/v1/quick-responder", map[string]string{"apikey": compatKey}
			if w%2 == 1 {
				api, path, header = "v1", "/v1/claims/submit", map[string]string{"Authorization": "Bearer " + v1Key}
			}
			for {
				select {
				case <-stop:
					return
				default:
				}
				n := seq.Add(1)
				body, _ := json.Marshal(map[string]string{"claim": fmt.Sprintf("Aşılar otizme neden olur — write %d", n)})
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+path, bytes.NewReader(body))
				for k, v := range header {
					req.Header.Set(k, v)
				}
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				if err != nil {
					mu.Lock()
					out.NoAnswer++
					mu.Unlock()
					// The server is gone (or going): wait a little rather than spin.
					time.Sleep(20 * time.Millisecond)
					continue
				}
				raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
				resp.Body.Close()
				var got struct {
					ID string `json:"id"`
				}
				mu.Lock()
				switch {
				case resp.StatusCode >= 200 && resp.StatusCode < 300 && json.Unmarshal(raw, &got) == nil && got.ID != "":
					out.Acks = append(out.Acks, Ack{API: api, ID: got.ID})
				case resp.StatusCode >= 500:
					out.ServerErrors++
					if out.FirstProblem == "" {
						out.FirstProblem = fmt.Sprintf("%s %d %s", path, resp.StatusCode, clip(string(raw), 200))
					}
				default:
					out.Refused++
					if out.FirstProblem == "" {
						out.FirstProblem = fmt.Sprintf("%s %d %s", path, resp.StatusCode, clip(string(raw), 200))
					}
				}
				mu.Unlock()
			}
		}()
	}
	return func() WriteLoad {
		wg.Wait()
		mu.Lock()
		defer mu.Unlock()
		return out
	}
}

// Race sends total GET requests to path from clients goroutines, spreading them over bases in
// turn, and counts the answers by status (0 for no answer).
func Race(ctx context.Context, bases []string, path string, header map[string]string, total, clients int) map[int]int {
	var (
		mu  sync.Mutex
		out = map[int]int{}
		wg  sync.WaitGroup
		seq atomic.Int64
	)
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	start := make(chan struct{})
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for {
				n := seq.Add(1) - 1
				if n >= int64(total) {
					return
				}
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, bases[n%int64(len(bases))]+path, nil)
				for k, v := range header {
					req.Header.Set(k, v)
				}
				st := 0
				if resp, err := client.Do(req); err == nil {
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					st = resp.StatusCode
				}
				mu.Lock()
				out[st]++
				mu.Unlock()
			}
		}()
	}
	close(start)
	wg.Wait()
	return out
}
