package v1api_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/site"
	"github.com/claimcheck/claimcheck/handlers/v1api"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/feed"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// feedEnv is the live feed served on a loopback port by a server whose write timeout is far
// shorter than the streams the tests keep open.
type feedEnv struct {
	app    *fiber.App
	base   string
	hub    *feed.Hub
	stores *models.Stores
	db     *database.DB
}

const feedWriteTimeout = 300 * time.Millisecond

func newFeedEnv(t *testing.T, db *database.DB, perIP int) *feedEnv {
	t.Helper()
	stores := storerules.Stores(db)
	events := models.NewEventStore(db)
	hub := feed.New(feed.Config{Log: events, PollInterval: 10 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan struct{})
	go func() { defer close(ran); hub.Run(ctx) }()
	app := fiber.New(fiber.Config{WriteTimeout: feedWriteTimeout, ReadTimeout: feedWriteTimeout, DisableStartupMessage: true})
	v1api.NewFeedAPI(v1api.FeedAPIDeps{Hub: hub, Events: events, Claims: stores.Claims, Heartbeat: 100 * time.Millisecond}).Routes(app.Group("/v1"))
	site.NewLive(site.LiveDeps{Hub: hub, Events: events, Claims: stores.Claims, BaseURL: "https://claimcheck.example",
		Heartbeat: 100 * time.Millisecond, StreamsPerIP: perIP}).Routes(web.On(app))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	t.Cleanup(func() {
		hub.Close()
		cancel()
		<-ran
		_ = app.ShutdownWithTimeout(5 * time.Second)
	})
	return &feedEnv{app: app, base: "http://" + ln.Addr().String(), hub: hub, stores: stores, db: db}
}

// envelope decodes a /v1 frame.
type envelope struct {
	EventID   int64                 `json:"event_id"`
	Type      string                `json:"type"`
	CreatedAt time.Time             `json:"created_at"`
	Data      models.ClaimEventData `json:"data"`
}

func decodeEnvelope(t *testing.T, f apptest.Frame) envelope {
	t.Helper()
	var e envelope
	if err := json.Unmarshal([]byte(f.Data), &e); err != nil {
		t.Fatalf("data is not JSON: %v: %q", err, f.Data)
	}
	if strconv.FormatInt(e.EventID, 10) != f.ID || e.Type != f.Event {
		t.Fatalf("envelope %d/%s does not match the frame %s/%s", e.EventID, e.Type, f.ID, f.Event)
	}
	return e
}

// lastID is the newest event id in the log.
func (e *feedEnv) lastID(t *testing.T) int64 {
	t.Helper()
	id, err := models.NewEventStore(e.db).LastID(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A claim a moderator hid is left out of the /v1 feed, replayed or live, as it is of every other
// /v1 answer; the stream goes on with the events around it.
func TestFeedAPILeavesOutHiddenClaims(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFeedEnv(t, db, 0)
		start := strconv.FormatInt(e.lastID(t), 10)
		now := time.Now()
		shown := apptest.SeedClaim(t, e.stores, "Shown before", "dogru", "health", now)
		hidden := apptest.SeedClaim(t, e.stores, "A claim a moderator took down", "yanlis", "politics", now)
		after := apptest.SeedClaim(t, e.stores, "Shown after", "kismen", "science", now)
		if err := models.NewAdminStore(db, storerules.Default()).HideClaim(context.Background(), hidden.ID, "test", now); err != nil {
			t.Fatal(err)
		}
		s := apptest.OpenSSE(t, e.base+"/v1/feed/live", map[string]string{"Last-Event-ID": start})
		var about []string
		for _, f := range frames(t, s, 4) {
			about = append(about, decodeEnvelope(t, f).Data.ID)
		}
		want := []string{shown.ID, shown.ID, after.ID, after.ID}
		if strings.Join(about, " ") != strings.Join(want, " ") {
			t.Fatalf("replayed events about %v, want %v (the hidden claim %s left out)", about, want, hidden.ID)
		}
		s.Quiet(t, 150*time.Millisecond)
	})
}

// A Last-Event-ID beyond the newest event (another deployment's, or from before a restore) starts
// the stream from now instead of waiting silently for that id to be reached.
func TestFeedAPIResumeAheadOfTheLogStreamsFromNow(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFeedEnv(t, db, 0)
		apptest.SeedClaim(t, e.stores, "Before", "dogru", "health", time.Now())
		s := apptest.OpenSSE(t, e.base+"/v1/feed/live", map[string]string{"Last-Event-ID": "99999999"})
		<-s.Frames // retry
		if f := <-s.Frames; !strings.Contains(f.Comment, "ahead of the newest event") {
			t.Fatalf("second frame %+v, want the comment that the id is ahead", f)
		}
		c := apptest.SeedClaim(t, e.stores, "Written after the stream began", "yanlis", "health", time.Now())
		for _, f := range frames(t, s, 2) {
			if env := decodeEnvelope(t, f); env.Data.ID != c.ID {
				t.Errorf("event about %s, want %s", env.Data.ID, c.ID)
			}
		}
	})
}

func TestFeedAPIStreamOutlivesTheServerWriteTimeout(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFeedEnv(t, db, 0)
		s := apptest.OpenSSE(t, e.base+"/v1/feed/live", nil)
		// Several write timeouts pass, kept alive by heartbeats, before an event is written.
		deadline := time.Now().Add(4 * feedWriteTimeout)
		pings := 0
		for time.Now().Before(deadline) {
			select {
			case f, ok := <-s.Frames:
				if !ok {
					t.Fatalf("stream cut after %d pings", pings)
				}
				if f.Comment == "ping" {
					pings++
				}
			case <-time.After(time.Second):
				t.Fatal("no heartbeat for a second")
			}
		}
		if pings < 2 {
			t.Errorf("%d heartbeats, want several", pings)
		}
		c := apptest.SeedClaim(t, e.stores, "Still streaming", "dogru", "health", time.Now())
		if env := decodeEnvelope(t, frames(t, s, 1)[0]); env.Data.ID != c.ID {
			t.Errorf("event about %s, want %s", env.Data.ID, c.ID)
		}
	})
}

func TestFeedAPITypesFilter(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFeedEnv(t, db, 0)
		s := apptest.OpenSSE(t, e.base+"/v1/feed/live?types=claim.analysed,%20claim.score_changed", nil)
		a := apptest.SeedClaim(t, e.stores, "First", "dogru", "health", time.Now())
		b := apptest.SeedClaim(t, e.stores, "Second", "yanlis", "health", time.Now())
		got := frames(t, s, 2)
		for i, want := range []string{a.ID, b.ID} {
			if env := decodeEnvelope(t, got[i]); env.Type != models.EventClaimAnalysed || env.Data.ID != want {
				t.Errorf("event %d = %s about %s, want claim.analysed about %s", i, env.Type, env.Data.ID, want)
			}
		}
	})
}

func TestFeedAPIRejectsBadParameters(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFeedEnv(t, db, 0)
		for _, tc := range []struct {
			name, query, header, field string
		}{
			{"letters", "", "abc", "Last-Event-ID"},
			{"negative", "", "-1", "Last-Event-ID"},
			{"decimal", "", "1.5", "Last-Event-ID"},
			{"plus sign", "", "+5", "Last-Event-ID"},
			{"too long", "", "12345678901234567890", "Last-Event-ID"},
			{"query", "?last_event_id=x", "", "last_event_id"},
			{"unknown type", "?types=claim.analysed,claim.deleted", "", "types"},
			{"webhook test type", "?types=webhook.test", "", "types"},
			{"types too long", "?types=" + strings.Repeat("claim.created,", 20), "", "types"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				req := httptest.NewRequest(http.MethodGet, "/v1/feed/live"+tc.query, nil)
				if tc.header != "" {
					req.Header.Set("Last-Event-ID", tc.header)
				}
				resp, err := e.app.Test(req, 5000)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				if resp.StatusCode != 400 || resp.Header.Get("Content-Type") != v1api.ProblemContentType {
					t.Fatalf("%d %s: %s", resp.StatusCode, resp.Header.Get("Content-Type"), b)
				}
				var p v1api.ProblemDetails
				if err := json.Unmarshal(b, &p); err != nil {
					t.Fatal(err)
				}
				if p.Type != v1api.ProblemType(v1api.ProblemInvalidRequest) || len(p.Errors) != 1 || p.Errors[0].Field != tc.field || p.Errors[0].Message == "" {
					t.Errorf("problem = %+v, want invalid-request on %s", p, tc.field)
				}
			})
		}
		if e.hub.Subscribers() != 0 {
			t.Errorf("%d subscriptions left by refused requests", e.hub.Subscribers())
		}
	})
}

func TestFeedRefusesNewStreamsOnceClosed(t *testing.T) {
	e := newFeedEnv(t, testdb.Open(t, database.SQLite), 0)
	s := apptest.OpenSSE(t, e.base+"/v1/feed/live", nil)
	<-s.Frames // retry: the stream is open
	e.hub.Close()
	var last apptest.Frame
	for f := range s.Frames {
		last = f
	}
	if !strings.Contains(last.Comment, "shutting down") {
		t.Errorf("the open stream ended with %+v, want the shutdown comment", last)
	}
	for _, path := range []string{"/v1/feed/live", "/live/stream"} {
		resp, err := e.app.Test(httptest.NewRequest(http.MethodGet, path, nil), 5000)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" {
			t.Errorf("%s after Close: %d (Retry-After %q): %s", path, resp.StatusCode, resp.Header.Get("Retry-After"), b)
		}
		if path == "/v1/feed/live" && resp.Header.Get("Content-Type") != v1api.ProblemContentType {
			t.Errorf("%s: Content-Type %q", path, resp.Header.Get("Content-Type"))
		}
	}
}

// livePage fetches /live and parses it.
func (e *feedEnv) livePage(t *testing.T) *goquery.Document {
	t.Helper()
	resp, err := e.app.Test(httptest.NewRequest(http.MethodGet, "/live", nil), 10_000)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("/live: %d, Cache-Control %q", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestLivePageListsRecentPublicEvents(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFeedEnv(t, db, 0)
		doc := e.livePage(t)
		if doc.Find(`[data-testid="live-list"] [data-testid="live-item"]`).Length() != 0 || doc.Find(`[data-testid="empty-state"][data-kind="no-events"]`).Length() != 1 {
			t.Fatal("an empty log should show the empty state and no items")
		}
		if doc.Find(`[data-testid="live-list"]`).AttrOr("data-last-event-id", "") != "0" {
			t.Error("an empty log should resume the stream from 0")
		}

		now := time.Now()
		older := apptest.SeedClaim(t, e.stores, "Aşılar otizme neden olur", "yanlis", "health", now.Add(-2*time.Hour))
		hidden := apptest.SeedClaim(t, e.stores, "A claim a moderator took down", "dogru", "politics", now.Add(-time.Hour))
		newer := apptest.SeedClaim(t, e.stores, "İstanbul'da metro hattı açıldı", "dogru", "politics", now)
		if err := models.NewAdminStore(db, storerules.Default()).HideClaim(context.Background(), hidden.ID, "test", now); err != nil {
			t.Fatal(err)
		}
		doc = e.livePage(t)
		list := doc.Find(`[data-testid="live-list"]`)
		if list.AttrOr("data-last-event-id", "") != strconv.FormatInt(e.lastID(t), 10) || list.AttrOr("data-stream", "") != "/live/stream" || list.AttrOr("data-max", "") != "30" {
			t.Errorf("list attributes: last %q stream %q max %q", list.AttrOr("data-last-event-id", ""), list.AttrOr("data-stream", ""), list.AttrOr("data-max", ""))
		}
		items := list.Find(`[data-testid="live-item"]`)
		type row struct{ typ, href, text, verdict, score string }
		var got []row
		items.Each(func(_ int, s *goquery.Selection) {
			got = append(got, row{s.Find(`[data-testid="live-item-type"]`).Text(), s.Find(`[data-testid="live-item-link"]`).AttrOr("href", ""),
				s.Find(`[data-testid="live-item-link"]`).Text(), s.Find(`[data-testid="item-verdict"]`).AttrOr("data-verdict", ""),
				s.Find(`[data-testid="live-item-score"]`).Text()})
		})
		// Each check is listed once: its claim.created event carries the same verdict as its
		// claim.analysed event, so only the analysed one shows.
		want := []row{
			{"Analysed", "/claims/" + newer.ID, newer.Content, "dogru", "50"},
			{"Analysed", "/claims/" + older.ID, older.Content, "yanlis", "50"},
		}
		if len(got) != len(want) {
			t.Fatalf("items = %+v, want %+v", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("item %d = %+v, want %+v", i, got[i], want[i])
			}
		}
		if strings.Contains(doc.Text(), hidden.Content) {
			t.Error("the page shows a hidden claim")
		}
		if doc.Find(`[data-testid="empty-state"]`).Length() != 0 {
			t.Error("empty state shown with items")
		}
		if doc.Find(`[data-testid="live-refresh"]`).AttrOr("href", "") != "/live" {
			t.Error("no Refresh link for visitors without JavaScript")
		}
		status := doc.Find(`[data-testid="live-status"]`)
		if status.AttrOr("aria-live", "") != "polite" || !strings.Contains(status.Text(), "Showing the 2 most recent events.") {
			t.Errorf("status = %q (aria-live %q)", status.Text(), status.AttrOr("aria-live", ""))
		}
		if doc.Find(`script[src="/static/js/live.js"][defer]`).Length() != 1 || doc.Find(`link[href="/static/css/live.css"]`).Length() != 1 {
			t.Error("the page does not load live.js (deferred) and live.css")
		}
		if doc.Find(`template#live-item-template [data-slot="link"]`).Length() != 1 || doc.Find(`template[data-verdict-template]`).Length() != 4 {
			t.Error("the script's templates are missing")
		}
		if doc.Find("h1").Text() != "Live feed" || doc.Find(`link[rel="canonical"]`).AttrOr("href", "") != "https://claimcheck.example/live?lang=en" {
			t.Error("heading or canonical link wrong")
		}
	})
}

func TestLivePageKeepsTheNewestThirty(t *testing.T) {
	e := newFeedEnv(t, testdb.Open(t, database.SQLite), 0)
	var claims []*models.Claim
	for i := range 35 {
		claims = append(claims, apptest.SeedClaim(t, e.stores, "Claim number "+strconv.Itoa(i), "belirsiz", "science", time.Now()))
	}
	items := e.livePage(t).Find(`[data-testid="live-list"] [data-testid="live-item"]`)
	if items.Length() != site.LivePageItems {
		t.Fatalf("%d items, want %d", items.Length(), site.LivePageItems)
	}
	if first := items.First().AttrOr("data-event-id", ""); first != strconv.FormatInt(e.lastID(t), 10) {
		t.Errorf("first item is event %s, want the newest", first)
	}
	if last := items.Last().Find(`[data-testid="live-item-link"]`).Text(); last != claims[5].Content {
		t.Errorf("last item is %q, want %q (the 30th newest check)", last, claims[5].Content)
	}
}

func TestLiveStreamSendsPublicItems(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFeedEnv(t, db, 0)
		a := apptest.SeedClaim(t, e.stores, "Shown <b>bold</b> & \"quoted\"", "kismen", "health", time.Now())
		hidden := apptest.SeedClaim(t, e.stores, "Hidden one", "dogru", "health", time.Now())
		b := apptest.SeedClaim(t, e.stores, "Shown too", "yanlis", "health", time.Now())
		if err := models.NewAdminStore(db, storerules.Default()).HideClaim(context.Background(), hidden.ID, "test", time.Now()); err != nil {
			t.Fatal(err)
		}
		s := apptest.OpenSSE(t, e.base+"/live/stream?last_event_id=0", nil)
		if s.Resp.StatusCode != 200 || s.Resp.Header.Get("Content-Type") != "text/event-stream" {
			t.Fatalf("status %d, %s", s.Resp.StatusCode, s.Resp.Header.Get("Content-Type"))
		}
		got := frames(t, s, 2)
		type item struct {
			ID       int64  `json:"id"`
			Type     string `json:"type"`
			TypeText string `json:"type_text"`
			URL      string `json:"url"`
			Text     string `json:"text"`
			Analysed bool   `json:"analysed"`
			Verdict  string `json:"verdict"`
			Score    string `json:"score"`
		}
		var items []item
		for _, f := range got {
			var it item
			if err := json.Unmarshal([]byte(f.Data), &it); err != nil {
				t.Fatal(err)
			}
			if strconv.FormatInt(it.ID, 10) != f.ID || it.Type != f.Event {
				t.Errorf("item %+v does not match frame %s %s", it, f.ID, f.Event)
			}
			items = append(items, it)
		}
		// One frame per check, as the page lists it.
		want := []item{
			{Type: models.EventClaimAnalysed, TypeText: "Analysed", URL: "/claims/" + a.ID, Text: a.Content, Analysed: true, Verdict: "kismen", Score: "50"},
			{Type: models.EventClaimAnalysed, TypeText: "Analysed", URL: "/claims/" + b.ID, Text: b.Content, Analysed: true, Verdict: "yanlis", Score: "50"},
		}
		for i := range want {
			want[i].ID = items[i].ID
			if items[i] != want[i] {
				t.Errorf("item %d = %+v, want %+v", i, items[i], want[i])
			}
		}
		// Live items follow; a bad resume position on the public stream just starts from now.
		s2 := apptest.OpenSSE(t, e.base+"/live/stream?last_event_id=banana", nil)
		if s2.Resp.StatusCode != 200 {
			t.Fatalf("bad last_event_id: status %d", s2.Resp.StatusCode)
		}
		c := apptest.SeedClaim(t, e.stores, "Live one", "dogru", "health", time.Now())
		for _, conn := range []*apptest.SSE{s, s2} {
			for _, f := range frames(t, conn, 1) {
				if !strings.Contains(f.Data, c.ID) {
					t.Errorf("live frame %s is not about %s", f.Data, c.ID)
				}
			}
		}
	})
}

func TestLiveStreamLimitsStreamsPerAddress(t *testing.T) {
	e := newFeedEnv(t, testdb.Open(t, database.SQLite), 2)
	first := apptest.OpenSSE(t, e.base+"/live/stream", nil)
	second := apptest.OpenSSE(t, e.base+"/live/stream", nil)
	for _, s := range []*apptest.SSE{first, second} {
		if s.Resp.StatusCode != 200 {
			t.Fatalf("stream within the limit: %d", s.Resp.StatusCode)
		}
	}
	resp, err := http.Get(e.base + "/live/stream")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("third stream: %d (Retry-After %q), want 429", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	// Closing one frees its slot once the server notices, at the next heartbeat at the latest.
	first.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := apptest.OpenSSE(t, e.base+"/live/stream", nil)
		if s.Resp.StatusCode == 200 {
			break
		}
		s.Close()
		if time.Now().After(deadline) {
			t.Fatal("the closed stream's slot was never released")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestLivePageLeadsWithTheExperts checks that once experts voted, the live page shows their
// verdict and score first, marked as theirs, with the analyzer's after them.
func TestLivePageLeadsWithTheExperts(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFeedEnv(t, db, 0)
		c := apptest.SeedClaim(t, e.stores, "Çay içmek kansere neden olur", "belirsiz", "health", time.Now())
		now := time.Now().UTC()
		expert := &models.User{ID: uuid.NewString(), Email: "expert@example.org", Name: "Ada", PasswordHash: "x", Role: models.RoleExpert,
			CreatedAt: now, UpdatedAt: now}
		if err := models.NewAccountStore(db).CreateUser(context.Background(), expert); err != nil {
			t.Fatal(err)
		}
		tally := func(vs []models.ClaimVote) models.CommunityTally {
			return models.CommunityTally{Score: 0, Verdict: "yanlis", Confidence: 0.45, Experts: len(vs)}
		}
		if _, err := models.NewExpertStore(db, storerules.Default()).ApplyVote(context.Background(), models.ClaimVote{ClaimID: c.ID, ExpertID: expert.ID,
			Verdict: "yanlis", Confidence: 0.9}, tally, now); err != nil {
			t.Fatal(err)
		}
		items := e.livePage(t).Find(`[data-testid="live-list"] [data-testid="live-item"]`)
		first, last := items.First(), items.Last()
		if first.AttrOr("data-event-type", "") != models.EventClaimScoreChanged || first.Find(`[data-testid="item-by-experts"]`).Length() != 1 ||
			first.Find(`[data-testid="item-verdict"]`).AttrOr("data-verdict", "") != "yanlis" || first.Find(`[data-testid="live-item-score"]`).Text() != "0" {
			t.Fatalf("score change item %q, want the experts' Yanlış 0 first", strings.Join(strings.Fields(first.Text()), " "))
		}
		if meta := strings.Join(strings.Fields(first.Find(".claim-item__meta").Text()), " "); !strings.Contains(meta, "Experts' verdict · analyzer: Belirsiz 50/100") {
			t.Errorf("score change item meta %q lacks the analyzer's verdict after the experts'", meta)
		}
		if last.Find(`[data-testid="item-by-experts"]`).Length() != 0 {
			t.Error("an event from before any vote is marked as the experts'")
		}
	})
}

// TestLivePageSaysNotEnoughEvidence checks that the live page shows no score for a claim nothing
// decided, and that the event it reads says so.
func TestLivePageSaysNotEnoughEvidence(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFeedEnv(t, db, 0)
		c := &models.Claim{ID: uuid.NewString(), Content: "Çay içmek kansere neden olur", Language: "tr", Category: "health",
			AIScore: 50, AIVerdict: "belirsiz", AISummary: "s", SourceScore: 50, ScienceScore: 50, AcademicScore: 50, PublicScore: 50,
			Analyzer: "offline", AnalyzerVersion: "t", Basis: `{"verdict":{"assessed":false,"method":"rule","detail":"No earlier fact-check matched."}}`,
			Matches: "[]", AnalysisMeta: "{}", CreatedAt: time.Now().UTC()}
		if err := e.stores.Claims.Create(context.Background(), c); err != nil {
			t.Fatal(err)
		}
		items := e.livePage(t).Find(`[data-testid="live-list"] [data-testid="live-item"]`)
		if items.Length() != 1 {
			t.Fatalf("%d items, want the check once", items.Length())
		}
		items.Each(func(_ int, s *goquery.Selection) {
			if s.Find(`[data-testid="item-not-enough"]`).Length() != 1 || s.Find(`[data-testid="live-item-score"]`).Length() != 0 {
				t.Errorf("item %q shows a score for a claim nothing decided", strings.Join(strings.Fields(s.Text()), " "))
			}
		})
		var data string
		if err := db.Gorm.Model(&models.Event{}).Where("claim_id = ? AND type = ?", c.ID, models.EventClaimAnalysed).Pluck("data", &data).Error; err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(data, `"decided":false`) {
			t.Errorf("event data %s does not say the claim is undecided", data)
		}
	})
}

// frames reads until n event frames arrived.
func frames(t *testing.T, c *apptest.SSE, n int) []apptest.Frame {
	t.Helper()
	fs, _ := c.Events(t, n)
	return fs
}
