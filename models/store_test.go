package models_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

func newKey(t *testing.T, s *models.Stores) *models.APIKey {
	t.Helper()
	p, err := s.Plans.BySlug(context.Background(), "starter")
	if err != nil {
		t.Fatal(err)
	}
	k := &models.APIKey{ID: uuid.NewString(), PlanID: p.ID, Name: "t", Prefix: uuid.NewString()[:8], Hash: uuid.NewString(), CreatedAt: time.Now().UTC()}
	if err := s.Keys.Create(context.Background(), k); err != nil {
		t.Fatal(err)
	}
	return k
}

// Reads are charged with relaxed commits on PostgreSQL; admission must stay exact under concurrency.
func TestChargeAsyncIsExactUnderConcurrency(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := storerules.Stores(db)
		k := newKey(t, s)
		limit := 100
		var admitted atomic.Int64
		var wg sync.WaitGroup
		for i := 0; i < 150; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, ok, err := s.Usage.ChargeAsync(context.Background(), k.ID, "2026-11", &limit)
				if err != nil {
					t.Error(err)
					return
				}
				if ok {
					admitted.Add(1)
				}
			}()
		}
		wg.Wait()
		n, _ := s.Usage.Current(context.Background(), k.ID, "2026-11")
		if admitted.Load() != 100 || n != 100 {
			t.Fatalf("admitted %d, counter %d; want 100 and 100", admitted.Load(), n)
		}
		if other, _ := s.Usage.Current(context.Background(), k.ID, "2026-12"); other != 0 {
			t.Errorf("next month already has %d", other)
		}
	})
}

func TestRateLimitWindows(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := storerules.Stores(db)
		ctx := context.Background()
		for i := 1; i <= 4; i++ {
			ok, _, err := s.RateLimits.Hit(ctx, "ip:1", 1000, 3)
			if err != nil || ok != (i <= 3) {
				t.Fatalf("hit %d: ok=%v err=%v", i, ok, err)
			}
		}
		if ok, _, _ := s.RateLimits.Hit(ctx, "ip:1", 4600, 3); !ok {
			t.Error("a new window should start fresh")
		}
		if ok, _, _ := s.RateLimits.Hit(ctx, "ip:2", 1000, 3); !ok {
			t.Error("another bucket should be independent")
		}
		if err := s.RateLimits.Prune(ctx, 2000); err != nil {
			t.Fatal(err)
		}
		if ok, _, _ := s.RateLimits.Hit(ctx, "ip:1", 1000, 3); !ok {
			t.Error("pruned window should have been forgotten")
		}
	})
}

func TestKVStore(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		kv := storerules.Stores(db).KV
		if v, err := kv.Get("missing"); v != nil || err != nil {
			t.Fatalf("missing key: %q %v", v, err)
		}
		if err := kv.Set("a", []byte("1"), time.Hour); err != nil {
			t.Fatal(err)
		}
		if err := kv.Set("a", []byte("2"), time.Hour); err != nil {
			t.Fatal(err)
		}
		if v, _ := kv.Get("a"); string(v) != "2" {
			t.Errorf("overwrite: %q", v)
		}
		if err := kv.Set("old", []byte("x"), time.Nanosecond); err != nil {
			t.Fatal(err)
		}
		time.Sleep(1100 * time.Millisecond)
		if v, _ := kv.Get("old"); v != nil {
			t.Errorf("expired value returned: %q", v)
		}
		if err := kv.Delete("a"); err != nil {
			t.Fatal(err)
		}
		if v, _ := kv.Get("a"); v != nil {
			t.Errorf("deleted value returned: %q", v)
		}
	})
}

func TestClaimListFilters(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := storerules.Stores(db)
		ctx := context.Background()
		base := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		mk := func(i int, content, verdict, cat string) {
			c := &models.Claim{ID: uuid.NewString(), Content: content, Language: "tr", Category: cat, AIScore: 50, AIVerdict: verdict,
				SourceScore: 50, ScienceScore: 50, AcademicScore: 50, PublicScore: 50, Analyzer: "offline", AnalyzerVersion: "t", Basis: "{}",
				CreatedAt: base.Add(time.Duration(i) * 1500 * time.Microsecond)}
			if err := s.Claims.Create(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		mk(1, "İSTANBUL'da deprem olacak", "belirsiz", "environment")
		mk(2, "Aşılar otizme neden olur", "yanlis", "health")
		mk(3, "100% of 5_G towers", "belirsiz", "technology")
		for _, tc := range []struct {
			f     models.ClaimFilter
			total int64
			first string
		}{
			{models.ClaimFilter{}, 3, "100% of 5_G towers"},
			{models.ClaimFilter{Verdict: "yanlis"}, 1, "Aşılar otizme neden olur"},
			{models.ClaimFilter{Category: "environment"}, 1, "İSTANBUL'da deprem olacak"},
			{models.ClaimFilter{Query: "OTİZME"}, 1, "Aşılar otizme neden olur"},
			{models.ClaimFilter{Query: "istanbul"}, 1, "İSTANBUL'da deprem olacak"},
			{models.ClaimFilter{Query: "depremi"}, 0, ""},
			{models.ClaimFilter{Query: "otizme"}, 1, "Aşılar otizme neden olur"},
			{models.ClaimFilter{Query: "AŞILAR"}, 1, "Aşılar otizme neden olur"},
			{models.ClaimFilter{Query: "100%"}, 1, "100% of 5_G towers"},
			{models.ClaimFilter{Query: "5_g"}, 1, "100% of 5_G towers"},
			{models.ClaimFilter{Query: "%"}, 1, "100% of 5_G towers"},
			{models.ClaimFilter{Query: "_"}, 1, "100% of 5_G towers"},
			{models.ClaimFilter{Limit: 1, Offset: 2}, 3, "İSTANBUL'da deprem olacak"},
		} {
			cs, total, err := s.Claims.List(ctx, tc.f)
			if err != nil {
				t.Fatal(err)
			}
			first := ""
			if len(cs) > 0 {
				first = cs[0].Content
			}
			if total != tc.total || first != tc.first {
				t.Errorf("%+v: total %d first %q; want %d %q", tc.f, total, first, tc.total, tc.first)
			}
		}
	})
}

// Several serve processes may load the starter set at once: concurrent upserts of the same new
// URL must all succeed, leaving one row.
func TestReviewUpsertRace(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := storerules.Stores(db)
		var wg sync.WaitGroup
		const n = 16
		errs := make(chan error, n*5)
		start := make(chan struct{})
		for i := 0; i < n*5; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				now := time.Now().UTC()
				r := &models.Review{ID: uuid.NewString(), URL: fmt.Sprintf("urn:test:race:%d", i%5), ClaimReviewed: "x", Language: "en", Verdict: "yanlis",
					AppearanceURLs: "[]", Citations: "[]", Source: "test", CreatedAt: now, UpdatedAt: now}
				if _, err := s.Reviews.Upsert(context.Background(), r); err != nil {
					errs <- err
				}
			}(i)
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("concurrent upsert: %v", err)
		}
		if got, _ := s.Reviews.Count(context.Background()); got != 5 {
			t.Errorf("rows = %d, want 5", got)
		}
	})
}
