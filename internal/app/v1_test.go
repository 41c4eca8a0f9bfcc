package app_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gomodule/redigo/redis"
)

// v1Get reads a /v1 path with a Bearer key and decodes the JSON answer.
func v1Get(t *testing.T, srv *server, key, path string) (int, map[string]any) {
	t.Helper()
	st, _, b := do(t, "GET", srv.base+path, map[string]string{"Authorization": "Bearer " + key}, nil)
	var m map[string]any
	mustJSON(t, b, &m)
	return st, m
}

// waitStatus polls GET /v1/claims/{id} until its status is want.
func waitStatus(t *testing.T, srv *server, key, id, want string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		st, m := v1Get(t, srv, key, "/v1/claims/"+id)
		if st == 200 && m["status"] == want {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("claim %s never reached %q: last answer %d %v", id, want, st, m)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// eventTypes lists the types of a claim's events, oldest first.
func eventTypes(t *testing.T, db *database.DB, id string) string {
	t.Helper()
	evs, err := models.NewEventStore(db).After(context.Background(), 0, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range evs {
		if e.ClaimID != nil && *e.ClaimID == id {
			out = append(out, e.Type)
		}
	}
	return strings.Join(out, ",")
}

// submitClaim posts a claim to /v1/claims/submit and returns the id and Location.
func submitClaim(t *testing.T, srv *server, key, body string) (string, string) {
	t.Helper()
	st, h, b := do(t, "POST", srv.base+"/v1/claims/submit",
		map[string]string{"Authorization": "Bearer " + key, "Content-Type": "application/json"}, []byte(body))
	if st != 202 {
		t.Fatalf("submit: %d %s", st, b)
	}
	var m map[string]any
	mustJSON(t, b, &m)
	id, _ := m["id"].(string)
	if m["status"] != "queued" || h.Get("Location") != "/v1/claims/"+id {
		t.Fatalf("202 = %v, Location %q", m, h.Get("Location"))
	}
	return id, h.Get("Location")
}

// A submitted claim is analysed by the background workers under the id the 202 gave, and then
// answers on every claim endpoint.
func TestV1SubmitIsAnalysedInTheBackground(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		srv := startServer(t, db, map[string]string{"SUBMIT_WORKERS": "2"})
		key, _ := issueKey(t, srv.app.Stores, "beta-free", nil)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		stop := srv.app.StartBackground(ctx)
		defer stop()

		id, loc := submitClaim(t, srv, key, `{"claim":"Aşılar otizme neden olur","source_url":"https://www.bbc.com/news/x"}`)
		m := waitStatus(t, srv, key, id, "analysed")
		if m["id"] != id || m["content"] != "Aşılar otizme neden olur" || m["source_url"] != "https://www.bbc.com/news/x" || m["analysis"] == nil {
			t.Errorf("analysed claim at %s = %v", loc, m)
		}
		st, score := v1Get(t, srv, key, "/v1/claims/"+id+"/score")
		if st != 200 || len(score) != 6 || score["verdict"] == nil || score["experts"] != 0.0 || score["decided"] != true || score["basis"] != "knowledge-base-match" {
			t.Errorf("score: %d %v", st, score)
		}
		// The compatible API reads the same record.
		st, _, b := do(t, "GET", srv.base+"/rest/v1/claims?id=eq."+id+"&select=id,content", map[string]string{"apikey": key}, nil)
		if st != 200 || !strings.Contains(string(b), id) {
			t.Errorf("rest read of the submitted claim: %d %s", st, b)
		}
		// Search finds it.
		st, page := v1Get(t, srv, key, "/v1/claims/search?q=otizme")
		if data, _ := page["data"].([]any); st != 200 || len(data) != 1 || data[0].(map[string]any)["id"] != id {
			t.Errorf("search: %d %v", st, page)
		}
		if ev := eventTypes(t, db, id); ev != "claim.created,claim.analysed" {
			t.Errorf("events = %s, want claim.created at submission and claim.analysed once", ev)
		}
	})
}

// A submission the checker refuses ends failed with its reason; the score endpoint says why.
func TestV1SubmissionFailureIsVisible(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		srv := startServer(t, db, map[string]string{"SUBMIT_WORKERS": "1"})
		key, row := issueKey(t, srv.app.Stores, "beta-free", nil)
		// Stored the way an earlier release with a higher length limit would have left it.
		res, err := models.NewSubmissionStore(db, storerules.Default()).Enqueue(context.Background(), &models.ClaimSubmission{Content: strings.Repeat("a", 6000)},
			models.Payment{KeyID: row.ID, Now: time.Now()}, nil)
		if err != nil {
			t.Fatal(err)
		}
		id := res.Submission.ID
		if st, m := v1Get(t, srv, key, "/v1/claims/"+id); st != 200 || m["status"] != "queued" {
			t.Fatalf("before the workers run: %d %v", st, m)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		stop := srv.app.StartBackground(ctx)
		defer stop()
		m := waitStatus(t, srv, key, id, "failed")
		if reason, _ := m["failure_reason"].(string); !strings.Contains(reason, "limit is 5000") {
			t.Errorf("failure_reason = %v", m["failure_reason"])
		}
		st, p := v1Get(t, srv, key, "/v1/claims/"+id+"/score")
		if st != 409 || p["type"] != "/docs#problem-conflict" || !strings.Contains(fmt.Sprint(p["detail"]), "limit is 5000") {
			t.Errorf("score of a failed submission: %d %v", st, p)
		}
	})
}

// The queue survives restarts: a submission accepted while no worker ran, and one whose worker
// died holding its lease, are both analysed by the next process, exactly once.
func TestV1QueueSurvivesRestart(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		first := startServer(t, db, map[string]string{"SUBMIT_WORKERS": "0"})
		key, _ := issueKey(t, first.app.Stores, "beta-free", nil)
		orphan, _ := submitClaim(t, first, key, `{"claim":"Lightning never strikes the same place twice"}`)
		waiting, _ := submitClaim(t, first, key, `{"claim":"The Great Wall of China is visible from space"}`)
		subs := models.NewSubmissionStore(db, storerules.Default())
		// A worker of the first process takes the oldest submission and is killed mid-analysis.
		if got, err := subs.ClaimDue(context.Background(), "killed-worker", 1, time.Now(), 300*time.Millisecond); err != nil || len(got) != 1 || got[0].ID != orphan {
			t.Fatalf("lease: %v %v", got, err)
		}
		time.Sleep(100 * time.Millisecond)
		if st, m := v1Get(t, first, key, "/v1/claims/"+orphan); st != 200 || m["status"] != "queued" {
			t.Fatalf("leased submission reads %d %v", st, m)
		}

		second := startServer(t, db, map[string]string{"SUBMIT_WORKERS": "2"})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		stop := second.app.StartBackground(ctx)
		defer stop()
		for _, id := range []string{waiting, orphan} {
			waitStatus(t, second, key, id, "analysed")
			if ev := eventTypes(t, db, id); ev != "claim.created,claim.analysed" {
				t.Errorf("%s events = %s", id, ev)
			}
		}
		s, err := subs.Get(context.Background(), orphan)
		if err != nil || s.Attempts != 2 {
			t.Errorf("orphan = %+v %v, want analysed on its second attempt", s, err)
		}
	})
}

// Every /v1 endpoint refuses keys without beta access and answers beta keys, with the headers.
func TestV1EndpointsThroughTheApp(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		srv := startServer(t, db, nil)
		beta, _ := issueKey(t, srv.app.Stores, "beta-free", nil)
		starter, _ := issueKey(t, srv.app.Stores, "starter", nil)
		seed := seedClaims(t, srv, starter, "Vaccines cause autism")
		paths := []string{"/v1/claims/" + seed[0] + "/score", "/v1/claims/" + seed[0], "/v1/claims/search?q=vaccines", "/v1/experts"}
		for _, p := range paths {
			st, h, b := do(t, "GET", srv.base+p, map[string]string{"Authorization": "Bearer " + starter}, nil)
			if st != 403 || h.Get("Content-Type") != "application/problem+json" || !strings.Contains(string(b), "beta-access-required") {
				t.Errorf("%s without beta: %d %s", p, st, b)
			}
			st, h, b = do(t, "GET", srv.base+p, map[string]string{"apikey": beta}, nil)
			if st != 200 || h.Get("X-RateLimit-Limit") != "1000" || h.Get("RateLimit-Limit") != "60" {
				t.Errorf("%s with beta: %d %v %s", p, st, h, b)
			}
			st, h, _ = do(t, "GET", srv.base+p, nil, nil)
			if st != 401 || h.Get("WWW-Authenticate") != `Bearer realm="claimcheck"` {
				t.Errorf("%s without a key: %d %v", p, st, h)
			}
		}
		st, _, b := do(t, "GET", srv.base+"/v1/firms/no-such-firm", map[string]string{"Authorization": "Bearer " + beta}, nil)
		if st != 404 || !strings.Contains(string(b), "problem-not-found") {
			t.Errorf("unknown firm: %d %s", st, b)
		}
		st, _, b = do(t, "GET", srv.base+"/v1/nowhere", map[string]string{"Authorization": "Bearer " + beta}, nil)
		if st != 404 || !strings.Contains(string(b), "problem-not-found") {
			t.Errorf("unknown route: %d %s", st, b)
		}
	})
}

// burstAcross alternates requests between two processes and returns the status of each.
func burstAcross(t *testing.T, a, b *server, key string, n int) []int {
	t.Helper()
	var out []int
	for i := range n {
		s := a
		if i%2 == 1 {
			s = b
		}
		st, _, _ := do(t, "GET", s.base+"/v1/experts", map[string]string{"Authorization": "Bearer " + key}, nil)
		out = append(out, st)
	}
	return out
}

// Two serving processes share one key's burst limit, in the database and in Redis.
func TestV1BurstLimitIsSharedByProcesses(t *testing.T) {
	env := map[string]string{"V1_BURST_LIMIT": "3", "V1_BURST_WINDOW": "1h"}
	t.Run("database", func(t *testing.T) {
		testdb.Each(t, func(t *testing.T, db *database.DB) {
			a, b := startServer(t, db, env), startServer(t, db, env)
			key, _ := issueKey(t, a.app.Stores, "beta-free", nil)
			if got := fmt.Sprint(burstAcross(t, a, b, key, 5)); got != "[200 200 200 429 429]" {
				t.Errorf("statuses across two processes = %s", got)
			}
		})
	})
	t.Run("redis", func(t *testing.T) {
		const url = "redis://127.0.0.1:6379/0"
		conn, err := redis.DialURL(url)
		if err != nil {
			t.Skipf("Redis test skipped: no Redis at %s (%v)", url, err)
		}
		defer conn.Close()
		renv := map[string]string{"REDIS_URL": url}
		for k, v := range env {
			renv[k] = v
		}
		db := testdb.Open(t, database.SQLite)
		a, b := startServer(t, db, renv), startServer(t, db, renv)
		key, row := issueKey(t, a.app.Stores, "beta-free", nil)
		if got := fmt.Sprint(burstAcross(t, a, b, key, 5)); got != "[200 200 200 429 429]" {
			t.Errorf("statuses across two processes = %s", got)
		}
		keys, err := redis.Strings(conn.Do("KEYS", "claimcheck:v1burst:v1:"+row.ID+":*"))
		if err != nil || len(keys) != 1 {
			t.Errorf("Redis keys of the bucket = %v %v, want one window", keys, err)
		}
		var n int64
		if err := db.Gorm.Raw("SELECT count(*) FROM rate_limits WHERE bucket LIKE ?", "v1:"+row.ID+"%").Scan(&n).Error; err != nil || n != 0 {
			t.Errorf("database burst rows with Redis configured = %d %v, want 0", n, err)
		}
		if _, err := conn.Do("DEL", redis.Args{}.AddFlat(keys)...); err != nil {
			t.Error(err)
		}
	})
}
