package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/datasets"
	"github.com/claimcheck/claimcheck/internal/datasets/datasetstest"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/google/uuid"
)

var tenFields = []string{"id", "score", "verdict", "summary", "source_score", "science_score", "academic_score", "public_score", "category", "en_query"}

// orderedKeys returns the keys of a JSON object in document order.
func orderedKeys(t testing.TB, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(b)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not a JSON object: %s", b)
	}
	var ks []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return ks
}

func TestQuickResponderAnswersTheTenFields(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		secret, key := issueKey(t, s.app.Stores, "starter", nil)
		for i, auth := range []map[string]string{
			{"apikey": secret},
			{"Authorization": "Bearer " + secret},
		} {
			h := map[string]string{"Content-Type": "application/json"}
			for k, v := range auth {
				h[k] = v
			}
			st, hdr, body := do(t, "POST", s.base+"/functions/v1/quick-responder", h,
				[]byte(`{"claim":"Aşılar otizme neden olur","source_url":"https://www.reuters.com/world/x"}`))
			if st != 200 {
				t.Fatalf("status %d: %s", st, body)
			}
			if got := orderedKeys(t, body); strings.Join(got, ",") != strings.Join(tenFields, ",") {
				t.Fatalf("fields = %v, want exactly %v", got, tenFields)
			}
			var res map[string]any
			mustJSON(t, body, &res)
			if _, err := uuid.Parse(res["id"].(string)); err != nil {
				t.Errorf("id %q is not a UUID", res["id"])
			}
			for _, f := range []string{"score", "source_score", "science_score", "academic_score", "public_score"} {
				v, ok := res[f].(float64)
				if !ok || v != float64(int(v)) || v < 0 || v > 100 {
					t.Errorf("%s = %v, want an integer 0–100", f, res[f])
				}
			}
			// reuters.com is rated pc1 1.0; without the domain ratings the score is the neutral 50.
			wantSource := 100.0
			if !datasetstest.Installed(t, datasets.DomainRatings) {
				wantSource = 50
			}
			if res["source_score"].(float64) != wantSource {
				t.Errorf("reuters.com source_score = %v, want %v", res["source_score"], wantSource)
			}
			if res["verdict"] != "yanlis" || res["score"].(float64) > 20 {
				t.Errorf("verdict = %v (score %v), want yanlis from the starter knowledge base's vaccines–autism fact-check", res["verdict"], res["score"])
			}
			if hdr.Get("X-RateLimit-Limit") != "100" || hdr.Get("X-RateLimit-Remaining") != strconv.Itoa(99-i) {
				t.Errorf("rate headers = %q/%q, want 100/%d", hdr.Get("X-RateLimit-Limit"), hdr.Get("X-RateLimit-Remaining"), 99-i)
			}
			if want := strconv.FormatInt(metering.ResetAt(time.Now()).Unix(), 10); hdr.Get("X-RateLimit-Reset") != want {
				t.Errorf("X-RateLimit-Reset = %q, want %s", hdr.Get("X-RateLimit-Reset"), want)
			}
			c, err := s.app.Stores.Claims.Get(context.Background(), res["id"].(string))
			if err != nil {
				t.Fatalf("answered claim was not stored: %v", err)
			}
			if c.Content != "Aşılar otizme neden olur" || c.AIScore != int(res["score"].(float64)) || c.APIKeyID == nil || *c.APIKeyID != key.ID {
				t.Errorf("stored claim does not match the answer: %+v", c)
			}
		}
		st, _, body := do(t, "POST", s.base+"/functions/v1/quick-responder", map[string]string{"apikey": secret, "Content-Type": "application/json"},
			[]byte(`{"claim":"Galatasaray yeni sezon formasını tanıttı"}`))
		var res map[string]any
		mustJSON(t, body, &res)
		if st != 200 || res["verdict"] != "belirsiz" || res["score"].(float64) != 50 {
			t.Errorf("a claim no fact-check covers: %d %s, want belirsiz 50", st, body)
		}
		used, _ := s.app.Stores.Usage.Current(context.Background(), key.ID, metering.Period(time.Now()))
		if used != 3 {
			t.Errorf("usage = %d, want 3", used)
		}
	})
}

func TestQuickResponderRejectsBadInput(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		secret, key := issueKey(t, s.app.Stores, "starter", nil)
		long := strings.Repeat("a", 5001)
		cases := []struct {
			name, body, ctype string
			status            int
			msg               string
		}{
			{"missing claim", `{"source_url":"https://bbc.com"}`, "application/json", 400, `Missing field "claim"`},
			{"null claim", `{"claim":null}`, "application/json", 400, `Missing field "claim"`},
			{"empty claim", `{"claim":"   "}`, "application/json", 400, "Enter the claim"},
			{"claim not a string", `{"claim":42}`, "application/json", 400, `"claim" must be a string`},
			{"too long", `{"claim":"` + long + `"}`, "application/json", 400, "limit is 5000"},
			{"malformed JSON", `{"claim":`, "application/json", 400, "not a JSON object"},
			{"array body", `["claim"]`, "application/json", 400, "not a JSON object"},
			{"trailing data", `{"claim":"x"} {}`, "application/json", 400, "after the JSON object"},
			{"empty body", ``, "application/json", 400, "body is empty"},
			{"bad source scheme", `{"claim":"x","source_url":"ftp://example.com/a"}`, "application/json", 400, "http:// or https://"},
			{"source not a URL", `{"claim":"x","source_url":"not a url"}`, "application/json", 400, "http:// or https://"},
			{"source not a string", `{"claim":"x","source_url":5}`, "application/json", 400, `"source_url" must be a string`},
			{"wrong content type", `claim=x`, "application/x-www-form-urlencoded", 400, "Content-Type must be application/json"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				st, hdr, body := do(t, "POST", s.base+"/functions/v1/quick-responder",
					map[string]string{"apikey": secret, "Content-Type": tc.ctype}, []byte(tc.body))
				var e map[string]string
				mustJSON(t, body, &e)
				if st != tc.status || !strings.Contains(e["error"], tc.msg) {
					t.Fatalf("got %d %q, want %d containing %q", st, e["error"], tc.status, tc.msg)
				}
				if hdr.Get("X-RateLimit-Limit") != "100" {
					t.Errorf("rate-limit headers missing on a %d", st)
				}
			})
		}
		// Every authenticated request counts, including ones answered 400 (internal/metering).
		used, _ := s.app.Stores.Usage.Current(context.Background(), key.ID, metering.Period(time.Now()))
		if used != len(cases) {
			t.Errorf("usage = %d after %d requests answered 400, want each counted", used, len(cases))
		}
		st, _, body := do(t, "POST", s.base+"/functions/v1/quick-responder",
			map[string]string{"apikey": secret, "Content-Type": "application/json"}, []byte(`{"claim":"`+strings.Repeat("x", 70*1024)+`"}`))
		if st != 413 || !strings.Contains(string(body), `"error"`) {
			t.Errorf("oversized body: %d %s, want 413 with an error object", st, body)
		}
	})
}

// A request answered 400 counts like any other, so once it has used the quota up the next bad
// request is refused 429 (uncounted) rather than answered 400.
func TestQuickResponderCountsBadInputUpToTheQuota(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		quota := 1
		secret, key := issueKey(t, s.app.Stores, "starter", &quota)
		hdrs := map[string]string{"apikey": secret, "Content-Type": "application/json"}
		st, hdr, body := do(t, "POST", s.base+"/functions/v1/quick-responder", hdrs, []byte(`{"claim":`))
		if st != 400 || hdr.Get("X-RateLimit-Remaining") != "0" || hdr.Get("Retry-After") != "" {
			t.Fatalf("first bad request: %d %v %s, want 400 with Remaining 0", st, hdr, body)
		}
		st, hdr, body = do(t, "POST", s.base+"/functions/v1/quick-responder", hdrs, []byte(`{"claim":`))
		var e map[string]string
		mustJSON(t, body, &e)
		if st != 429 || hdr.Get("Retry-After") == "" || !strings.Contains(e["error"], "Monthly quota of 1 requests is used up") {
			t.Fatalf("bad request over quota: %d %v %s, want 429 with Retry-After", st, hdr, body)
		}
		if used, _ := s.app.Stores.Usage.Current(context.Background(), key.ID, metering.Period(time.Now())); used != 1 {
			t.Errorf("usage = %d, want 1 (the refused request is not counted)", used)
		}
	})
}

func TestKeysAreChecked(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, map[string]string{"KEY_CACHE_TTL": "0s"})
		secret, key := issueKey(t, s.app.Stores, "starter", nil)
		body := []byte(`{"claim":"The earth is flat"}`)
		unknown := "cc_live_" + strings.Repeat("A", 43)
		for _, tc := range []struct {
			name    string
			headers map[string]string
			fnMsg   string
			restMsg string
		}{
			{"missing", nil, "Missing API key", "No API key found in request"},
			{"unknown", map[string]string{"apikey": unknown}, "Invalid API key", "Invalid API key"},
			{"malformed", map[string]string{"apikey": "hello"}, "Invalid API key", "Invalid API key"},
			{"bad bearer", map[string]string{"Authorization": "Bearer " + unknown}, "Invalid API key", "Invalid API key"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				h := map[string]string{"Content-Type": "application/json"}
				for k, v := range tc.headers {
					h[k] = v
				}
				st, _, b := do(t, "POST", s.base+"/functions/v1/quick-responder", h, body)
				if st != 401 || !strings.Contains(string(b), tc.fnMsg) {
					t.Errorf("function: %d %s", st, b)
				}
				st, _, b = do(t, "GET", s.base+"/rest/v1/claims?select=*", h, nil)
				var e map[string]any
				mustJSON(t, b, &e)
				if st != 401 || e["message"] != tc.restMsg || e["hint"] == nil {
					t.Errorf("rest: %d %s", st, b)
				}
			})
		}
		if st, _, _ := do(t, "GET", s.base+"/rest/v1/claims", map[string]string{"apikey": secret}, nil); st != 200 {
			t.Fatalf("valid key refused: %d", st)
		}
		if _, err := s.app.Stores.Keys.RevokeByPrefix(context.Background(), key.Prefix, time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Millisecond)
		if st, _, b := do(t, "GET", s.base+"/rest/v1/claims", map[string]string{"apikey": secret}, nil); st != 401 {
			t.Errorf("revoked key on rest: %d %s", st, b)
		}
		if st, _, b := do(t, "POST", s.base+"/functions/v1/quick-responder", map[string]string{"apikey": secret}, body); st != 401 {
			t.Errorf("revoked key on function: %d %s", st, b)
		}
	})
}

func TestCORSPreflightAllowsSupabaseHeaders(t *testing.T) {
	s := startServer(t, testdb.Open(t, database.SQLite), nil)
	for _, path := range []string{"/functions/v1/quick-responder", "/rest/v1/claims"} {
		st, hdr, _ := do(t, "OPTIONS", s.base+path, map[string]string{
			"Origin":                         "https://newsroom.example",
			"Access-Control-Request-Method":  "POST",
			"Access-Control-Request-Headers": "authorization, apikey, content-type, x-client-info, x-region",
		}, nil)
		if st != 204 {
			t.Fatalf("%s preflight: %d", path, st)
		}
		allowed := strings.ToLower(hdr.Get("Access-Control-Allow-Headers"))
		for _, h := range []string{"authorization", "apikey", "content-type", "x-client-info", "x-region"} {
			if !strings.Contains(allowed, h) {
				t.Errorf("%s: %s not allowed (%q)", path, h, allowed)
			}
		}
		if hdr.Get("Access-Control-Allow-Origin") == "" {
			t.Errorf("%s: no Access-Control-Allow-Origin", path)
		}
	}
}

func TestMonthlyQuotaRefusesWithoutCounting(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		secret, key := issueKey(t, s.app.Stores, "starter", intp(2))
		h := map[string]string{"apikey": secret, "Content-Type": "application/json"}
		for i := 0; i < 2; i++ {
			if st, _, b := do(t, "POST", s.base+"/functions/v1/quick-responder", h, []byte(`{"claim":"claim `+strconv.Itoa(i)+`"}`)); st != 200 {
				t.Fatalf("request %d: %d %s", i, st, b)
			}
		}
		st, hdr, b := do(t, "POST", s.base+"/functions/v1/quick-responder", h, []byte(`{"claim":"one too many"}`))
		if st != 429 || hdr.Get("Retry-After") == "" || hdr.Get("X-RateLimit-Remaining") != "0" {
			t.Fatalf("over quota: %d retry-after=%q remaining=%q %s", st, hdr.Get("Retry-After"), hdr.Get("X-RateLimit-Remaining"), b)
		}
		if ra, _ := strconv.Atoi(hdr.Get("Retry-After")); ra <= 0 || ra > 32*24*3600 {
			t.Errorf("Retry-After = %d s, want until next month", ra)
		}
		st, _, _ = do(t, "GET", s.base+"/rest/v1/claims?select=id", h, nil)
		if st != 429 {
			t.Errorf("read over quota: %d, want 429", st)
		}
		used, _ := s.app.Stores.Usage.Current(context.Background(), key.ID, metering.Period(time.Now()))
		_, total, _ := s.app.Stores.Claims.List(context.Background(), modelsFilterAll())
		if used != 2 || total != 2 {
			t.Errorf("usage %d, claims %d; want 2 and 2 (refused requests neither counted nor stored)", used, total)
		}
	})
}

// TestQuotaHoldsUnderConcurrency hammers one 100-request key with 300 concurrent requests over
// real HTTP, with quota leases on (the background runs, as in Serve): exactly 100 are answered,
// 200 refused, and the counter says 100.
func TestQuotaHoldsUnderConcurrency(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		t.Cleanup(s.app.StartBackground(context.Background()))
		secret, key := issueKey(t, s.app.Stores, "starter", nil)
		const n = 300
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		start := make(chan struct{})
		client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 64, MaxIdleConnsPerHost: 64}, Timeout: 60 * time.Second}
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				req, _ := http.NewRequest("POST", s.base+"/functions/v1/quick-responder",
					strings.NewReader(fmt.Sprintf(`{"claim":"concurrent claim %d"}`, i)))
				req.Header.Set("apikey", secret)
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				code := -1
				if err == nil {
					code = resp.StatusCode
					resp.Body.Close()
				}
				mu.Lock()
				codes[code]++
				mu.Unlock()
			}(i)
		}
		close(start)
		wg.Wait()
		if codes[200] != 100 || codes[429] != 200 {
			t.Fatalf("status counts %v, want 100×200 and 200×429", codes)
		}
		used, err := s.app.Stores.Usage.Current(context.Background(), key.ID, metering.Period(time.Now()))
		if err != nil || used != 100 {
			t.Fatalf("counter = %d (%v), want 100", used, err)
		}
		_, total, _ := s.app.Stores.Claims.List(context.Background(), modelsFilterAll())
		if total != 100 {
			t.Fatalf("stored claims = %d, want 100", total)
		}
	})
}

var contentRange = regexp.MustCompile(`^(\d+-\d+|\*)/(\d+|\*)$`)
