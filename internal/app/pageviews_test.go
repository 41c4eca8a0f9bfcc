package app_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// TestPageViewsWrittenByTheWorkerAndAtClose checks the wiring of the batched view counts: the
// background worker writes them while the app serves, and Close writes the views counted after
// the worker stopped (while HTTP drained), so a clean shutdown loses none.
func TestPageViewsWrittenByTheWorkerAndAtClose(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		a := apptest.New(t, db, apptest.Options{})
		claim := apptest.SeedClaim(t, a.Stores, "Sugar makes children hyperactive", "yanlis", "health", time.Now().Add(-time.Hour))
		view := func(n int) {
			for range n {
				resp, err := a.HTTP.Test(httptest.NewRequest(http.MethodGet, "/claims/"+claim.ID, nil), 30_000)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("claim page: status %d", resp.StatusCode)
				}
			}
		}
		count := func() int64 {
			c, err := a.Stores.Claims.Get(ctx, claim.ID)
			if err != nil {
				t.Fatal(err)
			}
			return c.ViewCount
		}

		bgCtx, stopWorkers := context.WithCancel(ctx)
		stop := a.StartBackground(bgCtx)
		view(3)
		stopWorkers()
		stop() // the worker writes what is pending as it stops
		if n := count(); n != 3 {
			t.Errorf("after the worker stopped: view count %d, want 3", n)
		}
		view(2)
		if n := count(); n != 3 {
			t.Errorf("views after the worker stopped were written at once: count %d, want 3 until Close", n)
		}
		if err := a.Close(); err != nil {
			t.Fatal(err)
		}
		if n := count(); n != 5 {
			t.Errorf("after Close: view count %d, want 5", n)
		}
	})
}
