package community_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/community"
	"github.com/claimcheck/claimcheck/internal/firms"
	"github.com/claimcheck/claimcheck/internal/knowledge"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

const baseURL = "https://claimcheck.test"

// env is a vote service over a real database with a real knowledge-base importer.
type env struct {
	db     *database.DB
	stores *models.Stores
	store  *models.ExpertStore
	svc    *community.Service
	clock  *clock
}

// clock is a settable test clock, so updated_at and history times are predictable.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newEnv(t *testing.T, db *database.DB, kb community.KnowledgeBase) *env {
	t.Helper()
	stores := storerules.Stores(db)
	// The clock starts a little ahead of the claims the tests store with the real time.
	clk := &clock{t: time.Now().UTC().Truncate(time.Second).Add(time.Minute)}
	if kb == nil {
		kb = knowledge.NewImporter(stores.Reviews, nil, clk.now)
	}
	store := models.NewExpertStore(db, storerules.Default())
	svc := community.New(community.Config{Store: store, KB: kb, BaseURL: baseURL, Now: clk.now,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return &env{db: db, stores: stores, store: store, svc: svc, clock: clk}
}

// user stores an account with role (disabled when off) and returns it.
func (e *env) user(t *testing.T, name string, role models.Role, off bool) *models.User {
	t.Helper()
	now := time.Now().UTC()
	u := &models.User{ID: uuid.NewString(), Email: strings.ToLower(strings.ReplaceAll(name, " ", ".")) + "-" + uuid.NewString()[:6] + "@example.org",
		Name: name, PasswordHash: "x", Role: role, EmailVerifiedAt: &now, CreatedAt: now, UpdatedAt: now}
	if off {
		u.DisabledAt = &now
	}
	if err := e.stores.Accounts.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

// claim stores an analysed claim (AI verdict belirsiz, score 50) from source domain dom ("" = none).
func (e *env) claim(t *testing.T, text, dom string) *models.Claim {
	t.Helper()
	c := &models.Claim{ID: uuid.Must(uuid.NewV7()).String(), Content: text, Language: "en", Category: "health", EnQuery: "q",
		AIScore: 50, AIVerdict: "belirsiz", AISummary: "s", SourceScore: 50, ScienceScore: 50, AcademicScore: 50, PublicScore: 50,
		Analyzer: "seed", AnalyzerVersion: "1", Basis: "{}", Matches: "[]", AnalysisMeta: "{}", CreatedAt: time.Now().UTC()}
	if dom != "" {
		u := "https://" + dom + "/a"
		c.SourceURL, c.SourceDomain = &u, &dom
	}
	if err := e.stores.Claims.Create(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	return c
}

// get reloads a claim.
func (e *env) get(t *testing.T, id string) *models.Claim {
	t.Helper()
	c, err := e.stores.Claims.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// count counts rows of table matching where.
func (e *env) count(t *testing.T, table, where string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := e.db.Gorm.Table(table).Where(where, args...).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func vote(claim, expert, verdict string, conf float64, note string, sources ...string) community.VoteInput {
	return community.VoteInput{ClaimID: claim, ExpertID: expert, Verdict: verdict, Confidence: conf, Note: note, Sources: sources}
}

func TestVoteValidationListsEveryBadField(t *testing.T) {
	ok := vote(uuid.NewString(), uuid.NewString(), "dogru", 0.8, "fine", "https://example.org/a")
	cases := []struct {
		name   string
		mutate func(*community.VoteInput)
		fields []string
	}{
		{"valid", func(*community.VoteInput) {}, nil},
		{"unknown verdict", func(v *community.VoteInput) { v.Verdict = "verified" }, []string{"verdict"}},
		{"empty verdict", func(v *community.VoteInput) { v.Verdict = "" }, []string{"verdict"}},
		{"confidence above 1", func(v *community.VoteInput) { v.Confidence = 1.01 }, []string{"confidence"}},
		{"confidence below 0", func(v *community.VoteInput) { v.Confidence = -0.1 }, []string{"confidence"}},
		{"confidence NaN", func(v *community.VoteInput) { v.Confidence = math.NaN() }, []string{"confidence"}},
		{"confidence Inf", func(v *community.VoteInput) { v.Confidence = math.Inf(1) }, []string{"confidence"}},
		{"note at limit", func(v *community.VoteInput) { v.Note = strings.Repeat("ş", community.MaxNoteRunes) }, nil},
		{"note over limit", func(v *community.VoteInput) { v.Note = strings.Repeat("ş", community.MaxNoteRunes+1) }, []string{"note"}},
		{"note not UTF-8", func(v *community.VoteInput) { v.Note = "a\xffb" }, []string{"note"}},
		{"five sources and blank lines", func(v *community.VoteInput) {
			v.Sources = []string{"https://a.example/1", "", "http://b.example/2", "  ", "https://c.example", "https://d.example", "https://e.example"}
		}, nil},
		{"six sources", func(v *community.VoteInput) {
			v.Sources = strings.Split("https://a.example https://b.example https://c.example https://d.example https://e.example https://f.example", " ")
		}, []string{"sources"}},
		{"relative source", func(v *community.VoteInput) { v.Sources = []string{"/claims/1"} }, []string{"sources"}},
		{"javascript source", func(v *community.VoteInput) { v.Sources = []string{"javascript:alert(1)"} }, []string{"sources"}},
		{"source with spaces", func(v *community.VoteInput) { v.Sources = []string{"https://a.example/x y"} }, []string{"sources"}},
		{"source too long", func(v *community.VoteInput) {
			v.Sources = []string{"https://a.example/" + strings.Repeat("x", community.MaxSourceChars)}
		}, []string{"sources"}},
		{"everything wrong", func(v *community.VoteInput) {
			v.Verdict, v.Confidence, v.Note, v.Sources = "x", 2, strings.Repeat("n", 2001), []string{"ftp://x"}
		}, []string{"verdict", "confidence", "note", "sources"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := ok
			tc.mutate(&in)
			_, err := community.Validate(in)
			var verr *community.ValidationError
			if len(tc.fields) == 0 {
				if err != nil {
					t.Fatalf("valid vote refused: %v", err)
				}
				return
			}
			if !errors.As(err, &verr) {
				t.Fatalf("err = %v, want a *ValidationError", err)
			}
			var got []string
			for _, f := range verr.Fields {
				got = append(got, f.Field)
				if f.Message == "" {
					t.Errorf("field %s has no message", f.Field)
				}
			}
			if strings.Join(got, ",") != strings.Join(tc.fields, ",") {
				t.Fatalf("fields %v, want %v", got, tc.fields)
			}
		})
	}
	cleaned, err := community.Validate(vote("c", "e", " kismen ", 0, "  note  ", "", " https://a.example/x ", ""))
	if err != nil || cleaned.Verdict != "kismen" || cleaned.Note != "note" || len(cleaned.Sources) != 1 || cleaned.Sources[0] != "https://a.example/x" {
		t.Fatalf("cleaned = %+v, %v", cleaned, err)
	}
}

// TestVoteValidationMessages: the verdict message used to name the posted slugs ("dogru (true)…")
// that the form never shows, and only the first bad source was reported.
func TestVoteValidationMessages(t *testing.T) {
	for _, tc := range []struct {
		name, verdict string
		sources       []string
		field, want   string
	}{
		{"verdict names the choices as shown", "", nil, "verdict",
			"Choose a verdict: “Doğru”, “Kısmen doğru”, “Yanlış” or “Belirsiz”."},
		{"one bad source", "dogru", []string{"https://a.example", "notaurl"}, "sources",
			"Source 2 is not a web address. Give full addresses starting with https:// or http://, one per line."},
		{"every bad source", "dogru", []string{"notaurl", "ftp://x.com/a"}, "sources",
			"Sources 1 and 2 are not a web address. Give full addresses starting with https:// or http://, one per line."},
		{"three bad sources", "dogru", []string{"a", "https://ok.example", "b", "https://nodomain"}, "sources",
			"Sources 1, 3 and 4 are not a web address. Give full addresses starting with https:// or http://, one per line."},
		{"long and bad sources", "dogru", []string{"https://a.example/" + strings.Repeat("x", community.MaxSourceChars), "x"}, "sources",
			"Source 1 is longer than 2048 characters. Source 2 is not a web address. Give full addresses starting with https:// or http://, one per line."},
	} {
		_, err := community.Validate(vote("c", "e", tc.verdict, 0.5, "", tc.sources...))
		var verr *community.ValidationError
		if !errors.As(err, &verr) {
			t.Fatalf("%s: err = %v, want a *ValidationError", tc.name, err)
		}
		if got := verr.Message(tc.field); got != tc.want {
			t.Errorf("%s: %s message %q, want %q", tc.name, tc.field, got, tc.want)
		}
	}
}

func TestOnlyActiveExpertsVoteOnVisibleClaims(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		ctx := context.Background()
		c := e.claim(t, "The moon is made of cheese", "")
		expert := e.user(t, "Ada Expert", models.RoleExpert, false)
		for _, u := range []*models.User{
			e.user(t, "Plain User", models.RoleUser, false),
			e.user(t, "Site Admin", models.RoleAdmin, false),
			e.user(t, "Locked Expert", models.RoleExpert, true),
		} {
			if _, err := e.svc.Vote(ctx, vote(c.ID, u.ID, "yanlis", 1, "")); !errors.Is(err, community.ErrNotExpert) {
				t.Errorf("%s voted: err = %v, want ErrNotExpert", u.Name, err)
			}
		}
		if _, err := e.svc.Vote(ctx, vote(c.ID, uuid.NewString(), "yanlis", 1, "")); !errors.Is(err, community.ErrNotExpert) {
			t.Errorf("unknown voter: err = %v", err)
		}
		for _, id := range []string{uuid.NewString(), "not-a-uuid"} {
			if _, err := e.svc.Vote(ctx, vote(id, expert.ID, "yanlis", 1, "")); !errors.Is(err, community.ErrClaimNotFound) {
				t.Errorf("claim %q: err = %v, want ErrClaimNotFound", id, err)
			}
		}
		hidden := e.claim(t, "Hidden claim", "")
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ? WHERE id = ?", time.Now().UTC(), hidden.ID).Error; err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Vote(ctx, vote(hidden.ID, expert.ID, "yanlis", 1, "")); !errors.Is(err, community.ErrClaimNotFound) {
			t.Errorf("hidden claim: err = %v", err)
		}
		if n := e.count(t, "claim_votes", "1 = 1"); n != 0 {
			t.Fatalf("%d refused votes were stored", n)
		}
		if got := e.get(t, c.ID); got.ExpertCount != 0 || got.CommunityScore != nil {
			t.Fatalf("refused votes changed the claim: %+v", got.ClaimStanding)
		}
	})
}

// TestVoteWritesScoreHistoryEventAndWebhook covers the first vote, a repeated identical vote (no
// history, no event) and a changed vote (one row, updated_at moves, history and event appended).
func TestVoteWritesScoreHistoryEventAndWebhook(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		ctx := context.Background()
		c := e.claim(t, "Vaccines cause autism", "")
		expert := e.user(t, "Ada Expert", models.RoleExpert, false)
		now := time.Now().UTC()
		owner := e.user(t, "Hook Owner", models.RoleUser, false)
		// Endpoints deliver only while their owner has /v1 access.
		if err := db.Gorm.Exec("UPDATE users SET beta_access_at = ? WHERE id = ?", now, owner.ID).Error; err != nil {
			t.Fatal(err)
		}
		sub := &models.WebhookEndpoint{ID: uuid.NewString(), UserID: &owner.ID, URL: "https://hooks.example/in", EventTypes: `["claim.score_changed"]`,
			Secret: "whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=", CreatedAt: now, UpdatedAt: now}
		other := &models.WebhookEndpoint{ID: uuid.NewString(), UserID: &owner.ID, URL: "https://hooks.example/other", EventTypes: `["claim.created"]`,
			Secret: "whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=", CreatedAt: now, UpdatedAt: now}
		for _, ep := range []*models.WebhookEndpoint{sub, other} {
			if err := db.Gorm.Create(ep).Error; err != nil {
				t.Fatal(err)
			}
		}
		historyBefore := e.count(t, "claim_score_history", "claim_id = ?", c.ID)

		out, err := e.svc.Vote(ctx, vote(c.ID, expert.ID, "yanlis", 0.9, "Refuted by many studies", "https://www.who.int/x"))
		if err != nil {
			t.Fatal(err)
		}
		want := models.ScoreView{Score: 0, Verdict: "refuted", Experts: 1, Confidence: 0.45}
		if !out.Changed || out.Settled || out.Score != want {
			t.Fatalf("outcome %+v, want changed, unsettled, score %+v", out, want)
		}
		if out.Previous != (models.ScoreView{Score: 50, Verdict: "unverified"}) {
			t.Errorf("previous = %+v", out.Previous)
		}
		got := e.get(t, c.ID)
		if got.ExpertCount != 1 || got.CommunityScore == nil || *got.CommunityScore != 0 || *got.CommunityVerdict != "yanlis" || *got.CommunityConfidence != 0.45 {
			t.Fatalf("claim community columns: %+v", got.ClaimStanding)
		}
		hist, err := e.store.ScoreHistory(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(hist)) != historyBefore+1 {
			t.Fatalf("history has %d rows, want %d", len(hist), historyBefore+1)
		}
		last := hist[len(hist)-1]
		if last.Cause != "vote" || last.Verdict != "yanlis" || last.Score != 0 || last.Experts != 1 || last.Confidence != 0.45 {
			t.Errorf("history row %+v", last)
		}
		if hist[0].Cause != "analysis" {
			t.Errorf("first history row %+v, want the analysis", hist[0])
		}
		var evs []models.Event
		if err := db.Gorm.Where("type = ? AND claim_id = ?", models.EventClaimScoreChanged, c.ID).Find(&evs).Error; err != nil {
			t.Fatal(err)
		}
		if len(evs) != 1 {
			t.Fatalf("%d score_changed events, want 1", len(evs))
		}
		var data models.ClaimEventData
		if err := json.Unmarshal([]byte(evs[0].Data), &data); err != nil {
			t.Fatal(err)
		}
		if data.ID != c.ID || data.Experts != 1 || data.Verdict == nil || *data.Verdict != "refuted" || data.Score == nil || *data.Score != 0 ||
			data.Previous == nil || data.Previous.Verdict != "unverified" || data.Previous.Score != 50 || data.Previous.Experts != 0 {
			t.Errorf("event data %s", evs[0].Data)
		}
		// Which endpoints want the event is decided by the delivery workers' fan-out step.
		fanOutAll(t, db)
		var ds []models.WebhookDelivery
		if err := db.Gorm.Where("event_type = ?", models.EventClaimScoreChanged).Find(&ds).Error; err != nil {
			t.Fatal(err)
		}
		if len(ds) != 1 || ds[0].EndpointID != sub.ID || ds[0].EventID == nil || *ds[0].EventID != evs[0].ID || ds[0].State != models.DeliveryPending {
			t.Fatalf("deliveries %+v, want one pending for the subscribed endpoint", ds)
		}
		if !strings.Contains(ds[0].Payload, `"type":"claim.score_changed"`) || !strings.Contains(ds[0].Payload, c.ID) {
			t.Errorf("payload %s", ds[0].Payload)
		}

		// The same vote again changes nothing: no history, no event.
		e.clock.advance(time.Minute)
		out, err = e.svc.Vote(ctx, vote(c.ID, expert.ID, "yanlis", 0.9, "Refuted by many studies, see WHO", "https://www.who.int/x"))
		if err != nil {
			t.Fatal(err)
		}
		if out.Changed || out.Score != want {
			t.Fatalf("repeated vote outcome %+v", out)
		}
		if n := e.count(t, "claim_score_history", "claim_id = ?", c.ID); n != historyBefore+1 {
			t.Errorf("a vote that changed no number appended history (%d rows)", n)
		}
		if n := e.count(t, "events", "type = ? AND claim_id = ?", models.EventClaimScoreChanged, c.ID); n != 1 {
			t.Errorf("a vote that changed no number wrote an event (%d)", n)
		}
		mine, err := e.store.MyVote(ctx, c.ID, expert.ID)
		if err != nil || mine.Note != "Refuted by many studies, see WHO" {
			t.Fatalf("the note was not updated: %+v %v", mine, err)
		}
		firstCreated := mine.CreatedAt

		// A changed vote updates the one row and moves updated_at.
		e.clock.advance(time.Minute)
		out, err = e.svc.Vote(ctx, vote(c.ID, expert.ID, "kismen", 0.6, ""))
		if err != nil {
			t.Fatal(err)
		}
		if !out.Changed || out.Score != (models.ScoreView{Score: 50, Verdict: "partial", Experts: 1, Confidence: 0.3}) {
			t.Fatalf("changed vote outcome %+v", out)
		}
		if out.Previous != want {
			t.Errorf("previous %+v, want %+v", out.Previous, want)
		}
		if n := e.count(t, "claim_votes", "claim_id = ?", c.ID); n != 1 {
			t.Fatalf("%d vote rows, want 1", n)
		}
		mine, err = e.store.MyVote(ctx, c.ID, expert.ID)
		if err != nil {
			t.Fatal(err)
		}
		if mine.Verdict != "kismen" || mine.Confidence != 0.6 || mine.Sources != "[]" || !mine.UpdatedAt.Equal(e.clock.now()) || !mine.CreatedAt.Equal(firstCreated) {
			t.Errorf("changed vote row %+v (created %v, now %v)", mine, firstCreated, e.clock.now())
		}
		if n := e.count(t, "claim_score_history", "claim_id = ?", c.ID); n != historyBefore+2 {
			t.Errorf("history rows %d, want %d", n, historyBefore+2)
		}
		fanOutAll(t, db)
		if n := e.count(t, "webhook_deliveries", "endpoint_id = ?", sub.ID); n != 2 {
			t.Errorf("deliveries %d, want 2", n)
		}
		if n := e.count(t, "webhook_deliveries", "endpoint_id = ? AND event_type = ?", other.ID, models.EventClaimScoreChanged); n != 0 {
			t.Errorf("an endpoint not subscribed to score changes got %d deliveries", n)
		}
		// History is append-only.
		if err := db.Gorm.Exec("UPDATE claim_score_history SET score = 1 WHERE claim_id = ?", c.ID).Error; err == nil {
			t.Error("the score history accepted an UPDATE")
		}
	})
}

func TestVoteRecomputesFirmTrust(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		ctx := context.Background()
		now := time.Now().UTC()
		f := &models.Firm{ID: uuid.NewString(), Slug: "daily-example", Name: "Daily Example", CreatedAt: now, UpdatedAt: now}
		if err := db.Gorm.Create(f).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Gorm.Create(&models.FirmDomain{Domain: "daily.example", FirmID: f.ID}).Error; err != nil {
			t.Fatal(err)
		}
		c := e.claim(t, "Chocolate cures colds", "news.daily.example")
		if c.FirmID == nil || *c.FirmID != f.ID {
			t.Fatalf("claim not linked to the firm: %+v", c.ClaimStanding)
		}
		var before models.Firm
		db.Gorm.Where("id = ?", f.ID).Take(&before)
		if before.TrustScore != nil {
			t.Fatalf("a firm with only an undecided claim has trust %v", *before.TrustScore)
		}
		histBefore := e.count(t, "firm_score_history", "firm_id = ?", f.ID)
		trust := func() *float64 {
			var got models.Firm
			db.Gorm.Where("id = ?", f.ID).Take(&got)
			return got.TrustScore
		}
		// One vote does not settle a claim its submitter attributed to the firm: no trust yet.
		expert := e.user(t, "Ada Expert", models.RoleExpert, false)
		if _, err := e.svc.Vote(ctx, vote(c.ID, expert.ID, "yanlis", 1, "")); err != nil {
			t.Fatal(err)
		}
		if got := trust(); got != nil {
			t.Fatalf("trust after one vote on an unconfirmed claim = %v, want none", *got)
		}
		// A second agreeing vote settles it, so it counts whoever attributed it.
		grace := e.user(t, "Grace Expert", models.RoleExpert, false)
		out, err := e.svc.Vote(ctx, vote(c.ID, grace.ID, "yanlis", 1, ""))
		if err != nil || !out.Settled {
			t.Fatalf("second vote: %+v %v", out, err)
		}
		stored, err := e.stores.Claims.Get(ctx, c.ID)
		if err != nil || !stored.CommunitySettled {
			t.Fatalf("the settled claim is not stored as settled: %v", err)
		}
		want := firms.Score(1, 0)
		if got := trust(); got == nil || *got != *want {
			t.Fatalf("trust after the experts settled the claim = %v, want %v", got, *want)
		}
		if n := e.count(t, "firm_score_history", "firm_id = ?", f.ID); n != histBefore+1 {
			t.Errorf("firm history rows %d, want %d", n, histBefore+1)
		}
	})
}

func TestSettledClaimFeedsKnowledgeBase(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		ctx := context.Background()
		c := e.claim(t, "The Great Wall of China is visible from the Moon", "")
		ada := e.user(t, "Ada Lovelace", models.RoleExpert, false)
		grace := e.user(t, "Grace Hopper", models.RoleExpert, false)
		url := baseURL + "/claims/" + c.ID
		out, err := e.svc.Vote(ctx, vote(c.ID, ada.ID, "yanlis", 1, "Astronauts say it is not visible"))
		if err != nil {
			t.Fatal(err)
		}
		if out.Settled {
			t.Fatal("one vote settled the claim")
		}
		if _, err := e.stores.Reviews.ByURL(ctx, url); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("an unsettled claim reached the knowledge base: %v", err)
		}
		out, err = e.svc.Vote(ctx, vote(c.ID, grace.ID, "yanlis", 0.9, "NASA says no."))
		if err != nil {
			t.Fatal(err)
		}
		if !out.Settled || out.Tally.Verdict != "yanlis" {
			t.Fatalf("two agreeing confident votes: %+v", out)
		}
		r, err := e.stores.Reviews.ByURL(ctx, url)
		if err != nil {
			t.Fatalf("the settled claim is not in the knowledge base: %v", err)
		}
		if r.Source != knowledge.SourceExpert || r.Verdict != "yanlis" || r.ClaimReviewed != c.Content || r.Language != "en" {
			t.Errorf("review %+v", r)
		}
		for _, want := range []string{"Astronauts say it is not visible.", "NASA says no.", "Ada Lovelace and Grace Hopper"} {
			if !strings.Contains(r.ReviewBody, want) {
				t.Errorf("review body %q lacks %q", r.ReviewBody, want)
			}
		}
	})
}

// failingKB stands in for a knowledge base that is down.
type failingKB struct{ calls int }

func (f *failingKB) AddVerified(context.Context, knowledge.Verified) (knowledge.Summary, error) {
	f.calls++
	return knowledge.Summary{}, errors.New("knowledge base is down")
}

func TestKnowledgeBaseFailureNeverFailsTheVote(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		kb := &failingKB{}
		e := newEnv(t, db, kb)
		c := e.claim(t, "Water boils at 100 °C at sea level", "")
		for _, name := range []string{"Ada", "Grace"} {
			u := e.user(t, name, models.RoleExpert, false)
			if _, err := e.svc.Vote(context.Background(), vote(c.ID, u.ID, "dogru", 1, "")); err != nil {
				t.Fatalf("vote failed with the knowledge base down: %v", err)
			}
		}
		if kb.calls != 1 {
			t.Errorf("knowledge base called %d times, want once (only the settling vote)", kb.calls)
		}
		if got := e.get(t, c.ID); got.ExpertCount != 2 || *got.CommunityVerdict != "dogru" {
			t.Errorf("claim after votes: %+v", got.ClaimStanding)
		}
	})
}

// TestConcurrentVotesAllCount: experts voting on one claim at the same moment all count, and the
// stored community score is the rule applied to all of them.
func TestConcurrentVotesAllCount(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		c := e.claim(t, "Lightning never strikes the same place twice", "")
		const n = 8
		experts := make([]*models.User, n)
		for i := range experts {
			experts[i] = e.user(t, fmt.Sprintf("Expert %d", i), models.RoleExpert, false)
		}
		var wg sync.WaitGroup
		errs := make(chan error, n)
		start := make(chan struct{})
		for i, u := range experts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				verdict := "yanlis"
				if i%4 == 0 {
					verdict = "kismen"
				}
				_, err := e.svc.Vote(context.Background(), vote(c.ID, u.ID, verdict, 0.8, ""))
				errs <- err
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		got := e.get(t, c.ID)
		want := community.Compute([]community.Ballot{{"kismen", 0.8}, {"kismen", 0.8}, {"yanlis", 0.8}, {"yanlis", 0.8},
			{"yanlis", 0.8}, {"yanlis", 0.8}, {"yanlis", 0.8}, {"yanlis", 0.8}})
		if got.ExpertCount != n || *got.CommunityScore != want.Score || *got.CommunityVerdict != want.Verdict || *got.CommunityConfidence != want.Confidence {
			t.Fatalf("after %d concurrent votes: %+v (score %v verdict %v conf %v), want %+v", n, got.ClaimStanding,
				*got.CommunityScore, *got.CommunityVerdict, *got.CommunityConfidence, want)
		}
		// Every vote changed the expert count, so every vote wrote one history row, in order.
		hist, err := e.store.ScoreHistory(context.Background(), c.ID)
		if err != nil {
			t.Fatal(err)
		}
		var counts []int
		for _, h := range hist {
			if h.Cause == "vote" {
				counts = append(counts, h.Experts)
			}
		}
		if len(counts) != n {
			t.Fatalf("vote history rows %v, want %d", counts, n)
		}
		for i, k := range counts {
			if k != i+1 {
				t.Fatalf("history expert counts %v, want 1..%d", counts, n)
			}
		}
	})
}

// fanOutAll runs the delivery workers' fan-out step until it has read every event. On PostgreSQL
// an event is read only once every older transaction on the server has ended (models/events.go),
// and other test packages share the server, so it may take a few rounds. The test writes one
// transaction at a time, so the log's order is id order and the cursor's id says what was read.
func fanOutAll(t *testing.T, db *database.DB) {
	t.Helper()
	ctx := context.Background()
	var last int64
	if err := db.Gorm.Raw("SELECT COALESCE(MAX(id), 0) FROM events").Scan(&last).Error; err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := models.NewWebhookStore(db).FanOut(ctx, 1000, time.Now()); err != nil {
			t.Fatal(err)
		}
		var pending int64
		if err := db.Gorm.Raw("SELECT COUNT(*) FROM events WHERE id <= ? AND id > (SELECT event_id FROM webhook_fanout WHERE id = 1)", last).Scan(&pending).Error; err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the fan-out left %d events unread", pending)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
