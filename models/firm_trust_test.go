package models_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/firms"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// firmTrustBase is the clock of the trust tests; each claim is a second later than the last.
var firmTrustBase = time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)

// firmClaim stores an analysed claim from domain ("" = no source) through the claim store, the way
// every check stores one, so the firm link and trust recompute of the insert path run.
func firmClaim(t *testing.T, s *models.Stores, domain, verdict string, score int, at time.Time) *models.Claim {
	t.Helper()
	c := &models.Claim{ID: uuid.NewString(), Content: "claim from " + domain, Language: "en", Category: "politics",
		AIScore: score, AIVerdict: verdict, SourceScore: 50, ScienceScore: 50, AcademicScore: 50, PublicScore: 50,
		Analyzer: "offline", AnalyzerVersion: "t", Basis: "{}", Matches: "[]", AnalysisMeta: "{}", CreatedAt: at}
	if domain != "" {
		d, u := domain, "https://"+domain+"/a"
		c.SourceDomain, c.SourceURL = &d, &u
	}
	if err := s.Claims.Create(context.Background(), c); err != nil {
		t.Fatalf("create claim from %s: %v", domain, err)
	}
	return c
}

// confirm records that someone confirmed that firmID published c, as an admin or expert would.
func confirm(t *testing.T, db *database.DB, fs *models.FirmStore, c *models.Claim, firmID string, at time.Time) *models.Claim {
	t.Helper()
	got, err := fs.ConfirmAttribution(context.Background(), c.ID, firmID, whUser(t, db), at)
	if err != nil {
		t.Fatalf("confirm claim %s for firm %s: %v", c.ID, firmID, err)
	}
	return got
}

// firmHistory reads a firm's whole trust history, newest first.
func firmHistory(t *testing.T, fs *models.FirmStore, id string) []models.FirmScore {
	t.Helper()
	hs, err := fs.History(context.Background(), id, 1000)
	if err != nil {
		t.Fatal(err)
	}
	return hs
}

// firmByID reloads a firm.
func firmByID(t *testing.T, fs *models.FirmStore, id string) *models.FirmWithDomains {
	t.Helper()
	f, err := fs.ByID(context.Background(), id)
	if err != nil {
		t.Fatalf("firm %s: %v", id, err)
	}
	return f
}

// recompute runs the rule in its own transaction.
func recompute(t *testing.T, db *database.DB, id string, now time.Time) {
	t.Helper()
	if err := db.Gorm.Transaction(func(tx *gorm.DB) error { return models.RecomputeFirmTrust(tx, firms.Trust{}, id, now) }); err != nil {
		t.Fatal(err)
	}
}

// scoreText prints an optional score for failure messages.
func scoreText(p *float64) any {
	if p == nil {
		return "nil"
	}
	return *p
}

func ptr(f float64) *float64 { return &f }

func TestFirmTrustRecompute(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := storerules.Stores(db)
		fs := models.NewFirmStore(db, storerules.Default())
		f := &models.Firm{Name: "Example News", Slug: "example-news", CreatedAt: firmTrustBase}
		if err := fs.Create(ctx, f, []string{"example.com"}); err != nil {
			t.Fatal(err)
		}
		at := firmTrustBase
		next := func() time.Time { at = at.Add(time.Second); return at }
		type want struct {
			trust   *float64
			count   int
			history int
		}
		check := func(step string, w want) {
			t.Helper()
			got := firmByID(t, fs, f.ID)
			if !sameScore(got.TrustScore, w.trust) || got.ClaimCount != w.count {
				t.Fatalf("%s: trust %v count %d, want %v count %d", step, scoreText(got.TrustScore), got.ClaimCount, scoreText(w.trust), w.count)
			}
			hs := firmHistory(t, fs, f.ID)
			if len(hs) != w.history {
				t.Fatalf("%s: %d history entries, want %d", step, len(hs), w.history)
			}
			if len(hs) > 0 && (!sameScore(hs[0].TrustScore, w.trust) || hs[0].ClaimCount != w.count) {
				t.Fatalf("%s: newest history entry %v/%d, want %v/%d", step, scoreText(hs[0].TrustScore), hs[0].ClaimCount, scoreText(w.trust), w.count)
			}
		}
		check("new firm", want{nil, 0, 0})

		// An undecided claim counts as a claim but not towards the score.
		firmClaim(t, s, "example.com", "belirsiz", 50, next())
		check("one belirsiz claim", want{nil, 1, 1})

		// A claim linked only by the address its submitter gave does not move the score.
		top := firmClaim(t, s, "news.example.com", "dogru", 100, next())
		check("one unconfirmed claim at 100", want{nil, 2, 2})

		// Once someone confirms the firm published it, it counts: (5×50 + 100) / 6.
		confirm(t, db, fs, top, f.ID, next())
		check("one confirmed claim at 100", want{ptr(58.33), 2, 3})

		// Recomputing with nothing changed appends nothing.
		recompute(t, db, f.ID, next())
		check("unchanged", want{ptr(58.33), 2, 3})

		// Once experts voted, the community score and verdict replace the AI's.
		if err := db.Gorm.Exec("UPDATE claims SET expert_count = 2, community_score = 10, community_verdict = 'yanlis' WHERE id = ?", top.ID).Error; err != nil {
			t.Fatal(err)
		}
		recompute(t, db, f.ID, next())
		check("community score", want{ptr(43.33), 2, 4})

		// A community verdict of belirsiz takes the claim out of the score even though its AI verdict decided it.
		if err := db.Gorm.Exec("UPDATE claims SET community_verdict = 'belirsiz' WHERE id = ?", top.ID).Error; err != nil {
			t.Fatal(err)
		}
		recompute(t, db, f.ID, next())
		check("community belirsiz", want{nil, 2, 5})

		// Community fields without expert votes are ignored: the AI score counts again.
		if err := db.Gorm.Exec("UPDATE claims SET expert_count = 0, community_verdict = 'yanlis' WHERE id = ?", top.ID).Error; err != nil {
			t.Fatal(err)
		}
		recompute(t, db, f.ID, next())
		check("no experts", want{ptr(58.33), 2, 6})

		// A confirmation is for the firm it named: once the claim belongs to another firm, it no
		// longer counts here, even after it comes back.
		if err := db.Gorm.Exec("UPDATE claims SET firm_confirmed_for = NULL WHERE id = ?", top.ID).Error; err != nil {
			t.Fatal(err)
		}
		recompute(t, db, f.ID, next())
		check("confirmation withdrawn", want{nil, 2, 7})

		// A verdict the experts settled counts without a confirmation.
		if err := db.Gorm.Exec("UPDATE claims SET expert_count = 2, community_score = 0, community_verdict = 'yanlis', community_settled = ? WHERE id = ?", true, top.ID).Error; err != nil {
			t.Fatal(err)
		}
		recompute(t, db, f.ID, next())
		check("settled by experts", want{ptr(41.67), 2, 8})

		// Hidden claims do not count at all.
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ? WHERE id = ?", next(), top.ID).Error; err != nil {
			t.Fatal(err)
		}
		recompute(t, db, f.ID, next())
		check("hidden", want{nil, 1, 9})
	})
}

// A new claim is linked by its source domain inside its own transaction, and the firm's trust and
// history move with it.
func TestNewClaimLinksFirmByDomain(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := storerules.Stores(db)
		fs := models.NewFirmStore(db, storerules.Default())
		f := &models.Firm{Name: "Example", Slug: "example"}
		if err := fs.Create(ctx, f, []string{"example.com"}); err != nil {
			t.Fatal(err)
		}
		c := firmClaim(t, s, "news.example.com", "yanlis", 0, firmTrustBase)
		got, err := s.Claims.Get(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.FirmID == nil || *got.FirmID != f.ID || got.FirmSource == nil || *got.FirmSource != "domain" {
			t.Fatalf("claim firm %v source %v, want %s by domain", got.FirmID, got.FirmSource, f.ID)
		}
		// Linked by the submitter's address only: counted as a claim, not in the score.
		fr := firmByID(t, fs, f.ID)
		if fr.TrustScore != nil || fr.ClaimCount != 1 {
			t.Fatalf("trust %v count %d, want none and 1", scoreText(fr.TrustScore), fr.ClaimCount)
		}
		hs := firmHistory(t, fs, f.ID)
		if len(hs) != 1 || !hs[0].CreatedAt.Equal(firmTrustBase) {
			t.Fatalf("history %+v, want one entry at the claim's time", hs)
		}
		confirm(t, db, fs, c, f.ID, firmTrustBase.Add(time.Minute))
		if fr := firmByID(t, fs, f.ID); !sameScore(fr.TrustScore, ptr(41.67)) || fr.ClaimCount != 1 {
			t.Fatalf("confirmed: trust %v count %d, want 41.67 and 1", scoreText(fr.TrustScore), fr.ClaimCount)
		}
		// A look-alike domain is not a subdomain.
		other := firmClaim(t, s, "notexample.com", "dogru", 100, firmTrustBase.Add(time.Second))
		if got, _ := s.Claims.Get(ctx, other.ID); got.FirmID != nil {
			t.Fatalf("notexample.com was linked to %s", *got.FirmID)
		}
	})
}

// sameScore compares optional scores to the stored precision.
func sameScore(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return math.Abs(*a-*b) < 0.005
}
