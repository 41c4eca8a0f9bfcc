package models_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// TestModerationRecomputesFirmTrust checks that hiding a claim takes it out of its firm's trust
// score at once, and unhiding puts it back.
func TestModerationRecomputesFirmTrust(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := storerules.Stores(db)
		fs := models.NewFirmStore(db, storerules.Default())
		f := &models.Firm{Slug: "moderated", Name: "Moderated"}
		if err := fs.Create(ctx, f, []string{"moderated.example"}); err != nil {
			t.Fatal(err)
		}
		good := firmClaim(t, s, "moderated.example", "dogru", 100, firmTrustBase)
		bad := firmClaim(t, s, "moderated.example", "yanlis", 0, firmTrustBase.Add(time.Second))
		confirm(t, db, fs, good, f.ID, firmTrustBase.Add(2*time.Second))
		confirm(t, db, fs, bad, f.ID, firmTrustBase.Add(3*time.Second))
		want := func(step string, trust float64, count int) {
			t.Helper()
			got := firmByID(t, fs, f.ID)
			if got.TrustScore == nil || *got.TrustScore != trust || got.ClaimCount != count {
				t.Fatalf("%s: trust %v count %d, want %v and %d", step, got.TrustScore, got.ClaimCount, trust, count)
			}
		}
		want("two claims", 50, 2) // (5·50 + 100 + 0) / 7
		admin := models.NewAdminStore(db, storerules.Default())
		if err := admin.HideClaim(ctx, bad.ID, "spam", firmTrustBase.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		want("after hiding the refuted claim", 58.33, 1) // (5·50 + 100) / 6
		if err := admin.UnhideClaim(ctx, bad.ID); err != nil {
			t.Fatal(err)
		}
		want("after unhiding", 50, 2)
	})
}

// TestConcurrentClaimsKeepFirmCount checks that claims stored at the same time for one firm are
// all counted: the trust recompute locks the firm row, so no transaction aggregates a stale set.
func TestConcurrentClaimsKeepFirmCount(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := storerules.Stores(db)
		fs := models.NewFirmStore(db, storerules.Default())
		f := &models.Firm{Slug: "busy", Name: "Busy"}
		if err := fs.Create(ctx, f, []string{"busy.example"}); err != nil {
			t.Fatal(err)
		}
		const n = 24
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				firmClaim(t, s, "busy.example", "dogru", 80, firmTrustBase.Add(time.Duration(i)*time.Second))
			}()
		}
		wg.Wait()
		if got := firmByID(t, fs, f.ID); got.ClaimCount != n {
			t.Fatalf("claim_count %d, want %d", got.ClaimCount, n)
		}
	})
}
