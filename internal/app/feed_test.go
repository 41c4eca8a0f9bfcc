package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// feedEnv makes streams short-lived enough to test: a heartbeat every second and a quick poll.
var feedEnv = map[string]string{"FEED_HEARTBEAT": "1s", "FEED_POLL_INTERVAL": "20ms"}

// feedEvent is the data of a /v1 live-feed event.
type feedEvent struct {
	EventID   int64     `json:"event_id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      struct {
		ID      string   `json:"id"`
		Content string   `json:"content"`
		Verdict *string  `json:"verdict"`
		Score   *float64 `json:"score"`
	} `json:"data"`
}

// feedEvents reads until n events arrived and decodes them; pings counts the heartbeats on the way.
func feedEvents(t *testing.T, c *apptest.SSE, n int) (evs []feedEvent, pings int) {
	t.Helper()
	frames, pings := c.Events(t, n)
	for _, f := range frames {
		var ev feedEvent
		mustJSON(t, []byte(f.Data), &ev)
		if strconv.FormatInt(ev.EventID, 10) != f.ID || ev.Type != f.Event {
			t.Fatalf("frame id %s event %s carries event_id %d type %s", f.ID, f.Event, ev.EventID, ev.Type)
		}
		evs = append(evs, ev)
	}
	return evs, pings
}

// checkedClaim is the compatible API's answer to a check.
type checkedClaim struct {
	ID      string `json:"id"`
	Verdict string `json:"verdict"`
	Score   int    `json:"score"`
}

// checkClaimAnswer creates a claim through the compatible API and returns the answer.
func checkClaimAnswer(t *testing.T, srv *server, key, text string) checkedClaim {
	t.Helper()
	st, _, body := do(t, "POST", srv.base+"/functions/v1/quick-responder", map[string]string{"apikey": key, "Content-Type": "application/json"},
		[]byte(fmt.Sprintf(`{"claim":%q}`, text)))
	if st != 200 {
		t.Fatalf("quick-responder: %d %s", st, body)
	}
	var res checkedClaim
	mustJSON(t, body, &res)
	return res
}

// checkClaim creates a claim through the compatible API and returns its id.
func checkClaim(t *testing.T, srv *server, key, text string) string {
	t.Helper()
	return checkClaimAnswer(t, srv, key, text).ID
}

// wantClaimEvents checks that evs are claim.created then claim.analysed for each id in order,
// with ids increasing from after.
func wantClaimEvents(t *testing.T, evs []feedEvent, after int64, ids ...string) {
	t.Helper()
	if len(evs) != 2*len(ids) {
		t.Fatalf("%d events, want %d", len(evs), 2*len(ids))
	}
	prev := after
	for i, ev := range evs {
		wantType := "claim.created"
		if i%2 == 1 {
			wantType = "claim.analysed"
		}
		if ev.EventID <= prev || ev.Type != wantType || ev.Data.ID != ids[i/2] {
			t.Errorf("event %d = %d %s about %s; want a %s about %s with an id above %d", i, ev.EventID, ev.Type, ev.Data.ID, wantType, ids[i/2], prev)
		}
		if ev.Type == "claim.analysed" && (ev.Data.Verdict == nil || ev.Data.Score == nil) {
			t.Errorf("claim.analysed without verdict or score: %+v", ev.Data)
		}
		prev = ev.EventID
	}
}

func TestLiveFeedStreamsResumesAndBeats(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		srv := startServer(t, db, feedEnv)
		stop := srv.app.StartBackground(context.Background())
		t.Cleanup(stop)
		key, _ := issueKey(t, srv.app.Stores, "beta-free", nil)
		checker, _ := issueKey(t, srv.app.Stores, "starter", nil)
		auth := map[string]string{"Authorization": "Bearer " + key}

		s := apptest.OpenSSE(t, srv.base+"/v1/feed/live", auth)
		if s.Resp.StatusCode != 200 {
			b, _ := io.ReadAll(s.Resp.Body)
			t.Fatalf("GET /v1/feed/live: %d: %s", s.Resp.StatusCode, b)
		}
		for k, want := range map[string]string{"Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"} {
			if got := s.Resp.Header.Get(k); got != want {
				t.Errorf("%s = %q, want %q", k, got, want)
			}
		}
		if f := <-s.Frames; f.Retry != "3000" {
			t.Fatalf("first frame %+v, want retry: 3000", f)
		}
		a := checkClaim(t, srv, checker, "Aşılar otizme neden olur")
		b := checkClaim(t, srv, key, "Galatasaray yeni sezon formasını tanıttı")
		first, _ := feedEvents(t, s, 4)
		wantClaimEvents(t, first, 0, a, b)
		// Idle now: heartbeats keep the connection alive.
		deadline := time.After(10 * time.Second)
		for pinged := false; !pinged; {
			select {
			case f, ok := <-s.Frames:
				if !ok {
					t.Fatal("stream ended while idle")
				}
				pinged = f.Comment == "ping"
			case <-deadline:
				t.Fatal("no heartbeat")
			}
		}
		s.Close()

		last := strconv.FormatInt(first[len(first)-1].EventID, 10)
		var missed []string
		for i := range 3 {
			missed = append(missed, checkClaim(t, srv, checker, "Kaçırılan iddia "+strconv.Itoa(i)))
		}
		// A client resumes with the Last-Event-ID header, or ?last_event_id= when it cannot set
		// headers; the header wins when both are sent.
		var resumed []*apptest.SSE
		var replayedTo int64
		for _, tc := range []struct {
			name, query, header string
		}{
			{"header", "", last},
			{"query", "?last_event_id=" + last, ""},
			{"header wins over query", "?last_event_id=1", last},
		} {
			h := map[string]string{"Authorization": "Bearer " + key}
			if tc.header != "" {
				h["Last-Event-ID"] = tc.header
			}
			r := apptest.OpenSSE(t, srv.base+"/v1/feed/live"+tc.query, h)
			got, _ := feedEvents(t, r, 6)
			wantClaimEvents(t, got, first[len(first)-1].EventID, missed...)
			r.Quiet(t, 300*time.Millisecond)
			replayedTo = got[len(got)-1].EventID
			resumed = append(resumed, r)
		}
		// Live events continue after the replay, once, on every resumed stream.
		after := checkClaim(t, srv, checker, "Sonra gelen iddia")
		for _, r := range resumed {
			live, _ := feedEvents(t, r, 2)
			wantClaimEvents(t, live, replayedTo, after)
			r.Quiet(t, 50*time.Millisecond)
		}
	})
}

func TestLiveFeedNeedsABetaKey(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		srv := startServer(t, db, feedEnv)
		starter, _ := issueKey(t, srv.app.Stores, "starter", nil)
		for _, tc := range []struct {
			name    string
			headers map[string]string
			status  int
			slug    string
		}{
			{"no key", nil, 401, "unauthorized"},
			{"key without beta access", map[string]string{"Authorization": "Bearer " + starter}, 403, "beta-access-required"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				st, hdr, body := do(t, "GET", srv.base+"/v1/feed/live", tc.headers, nil)
				if st != tc.status || hdr.Get("Content-Type") != "application/problem+json" {
					t.Fatalf("%d %s: %s", st, hdr.Get("Content-Type"), body)
				}
				var p struct {
					Type string `json:"type"`
				}
				mustJSON(t, body, &p)
				if !strings.HasSuffix(p.Type, "#problem-"+tc.slug) {
					t.Errorf("type %q, want the %s problem", p.Type, tc.slug)
				}
			})
		}
		beta, _ := issueKey(t, srv.app.Stores, "beta-free", nil)
		st, hdr, body := do(t, "GET", srv.base+"/v1/feed/live", map[string]string{"Authorization": "Bearer " + beta, "Last-Event-ID": "soon"}, nil)
		if st != 400 || hdr.Get("Content-Type") != "application/problem+json" || !strings.Contains(string(body), "Last-Event-ID") {
			t.Errorf("bad Last-Event-ID: %d %s: %s", st, hdr.Get("Content-Type"), body)
		}
	})
}

// openTwice opens the same database twice, as two processes would.
func openTwice(t *testing.T, d database.Dialect) (*database.DB, *database.DB) {
	t.Helper()
	url := testdb.URL(t, d)
	var dbs []*database.DB
	for range 2 {
		db, err := database.Open(context.Background(), url, database.Options{MaxOpenConns: 10})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		dbs = append(dbs, db)
	}
	if err := app.Migrate(context.Background(), dbs[0]); err != nil {
		t.Fatal(err)
	}
	return dbs[0], dbs[1]
}

func TestLiveFeedAcrossProcesses(t *testing.T) {
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			dbA, dbB := openTwice(t, d)
			a, b := startServer(t, dbA, feedEnv), startServer(t, dbB, feedEnv)
			for _, srv := range []*server{a, b} {
				t.Cleanup(srv.app.StartBackground(context.Background()))
			}
			key, _ := issueKey(t, a.app.Stores, "beta-free", nil)
			checker, _ := issueKey(t, a.app.Stores, "starter", nil)
			auth := map[string]string{"Authorization": "Bearer " + key}
			onA, onB := apptest.OpenSSE(t, a.base+"/v1/feed/live", auth), apptest.OpenSSE(t, b.base+"/v1/feed/live", auth)
			<-onA.Frames
			<-onB.Frames
			viaA := checkClaim(t, a, checker, "Written through process A")
			viaB := checkClaim(t, b, checker, "Written through process B")
			for name, s := range map[string]*apptest.SSE{"A": onA, "B": onB} {
				evs, _ := feedEvents(t, s, 4)
				wantClaimEvents(t, evs, 0, viaA, viaB)
				if t.Failed() {
					t.Fatalf("process %s's stream", name)
				}
			}
		})
	}
}

// freePort finds a loopback port nobody listens on.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// TestServeShutdownEndsLiveStreams runs the real Serve and cancels it with streams open: the
// shutdown hooks end the streams, so draining HTTP finishes without running into its timeout
// (fasthttp waits for open connections and reports the timeout as an error), and the clients
// are told why their stream ended.
func TestServeShutdownEndsLiveStreams(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		port := freePort(t)
		base := "http://127.0.0.1:" + strconv.Itoa(port)
		vals := map[string]string{"BASE_URL": base, "PORT": strconv.Itoa(port), "SHUTDOWN_TIMEOUT": "10s"}
		for k, v := range feedEnv {
			vals[k] = v
		}
		a := apptest.New(t, db, apptest.Options{Env: vals})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		served := make(chan error, 1)
		go func() { served <- a.Serve(ctx) }()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if resp, err := http.Get(base + "/live"); err == nil {
				resp.Body.Close()
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the server did not start")
			}
		}
		key, _ := issueKey(t, a.Stores, "beta-free", nil)
		streams := []*apptest.SSE{
			apptest.OpenSSE(t, base+"/v1/feed/live", map[string]string{"Authorization": "Bearer " + key}),
			apptest.OpenSSE(t, base+"/live/stream", nil),
		}
		for _, s := range streams {
			if f := <-s.Frames; f.Retry == "" {
				t.Fatalf("%s: first frame %+v", s.Resp.Request.URL.Path, f)
			}
		}
		cancel()
		select {
		case err := <-served:
			if err != nil {
				t.Fatalf("Serve: %v (streams held up the drain)", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("Serve did not return")
		}
		for _, s := range streams {
			var last apptest.Frame
			for f := range s.Frames {
				last = f
			}
			if !strings.Contains(last.Comment, "shutting down") {
				t.Errorf("%s ended with %+v, want the shutdown comment", s.Resp.Request.URL.Path, last)
			}
		}
	})
}

// TestLivePageThroughTheApp renders /live through the real wiring (sessions, CSRF, security
// headers) and reads its public stream.
func TestLivePageThroughTheApp(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		srv := startServer(t, db, feedEnv)
		t.Cleanup(srv.app.StartBackground(context.Background()))
		checker, _ := issueKey(t, srv.app.Stores, "starter", nil)
		id := checkClaim(t, srv, checker, "Boğaz köprüsü 1973'te açıldı")
		st, hdr, body := do(t, "GET", srv.base+"/live", nil, nil)
		if st != 200 || !strings.Contains(hdr.Get("Content-Security-Policy"), "script-src 'self'") {
			t.Fatalf("/live: %d, CSP %q", st, hdr.Get("Content-Security-Policy"))
		}
		page := string(body)
		for _, want := range []string{`href="/claims/` + id + `"`, `data-testid="live-list"`, `<script src="/static/js/live.js" defer>`} {
			if !strings.Contains(page, want) {
				t.Errorf("/live lacks %s", want)
			}
		}
		for _, asset := range []string{"/static/js/live.js", "/static/css/live.css"} {
			if st, _, _ := do(t, "GET", srv.base+asset, nil, nil); st != 200 {
				t.Errorf("%s: %d", asset, st)
			}
		}
		s := apptest.OpenSSE(t, srv.base+"/live/stream?last_event_id=0", nil)
		// A check writes claim.created and claim.analysed with the same verdict; the public stream
		// sends it once, as its analysed event (handlers/site/live.go), like the page lists it.
		for _, f := range []string{"claim.analysed"} {
			select {
			case fr := <-s.Frames:
				for fr.Event == "" {
					fr = <-s.Frames
				}
				var it struct {
					Type string `json:"type"`
					URL  string `json:"url"`
				}
				if err := json.Unmarshal([]byte(fr.Data), &it); err != nil || it.Type != f || it.URL != "/claims/"+id {
					t.Errorf("public frame %q, want a %s item linking to the claim", fr.Data, f)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("no public event")
			}
		}
		quiet := time.After(1500 * time.Millisecond)
		for {
			select {
			case fr := <-s.Frames:
				if fr.Event != "" {
					t.Errorf("a second public frame for one check: %s %q", fr.Event, fr.Data)
				}
				continue
			case <-quiet:
			}
			break
		}
	})
}
