package site_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"gorm.io/gorm"
)

// writeCounter records every statement that can change the database which goes through GORM
// (every store in models does): creates, updates, deletes and raw statements other than SELECT.
type writeCounter struct {
	mu    sync.Mutex
	stmts []string
}

func countWrites(t *testing.T, db *gorm.DB) *writeCounter {
	t.Helper()
	w := &writeCounter{}
	record := func(tx *gorm.DB) {
		sql := strings.TrimSpace(tx.Statement.SQL.String())
		if sql == "" {
			sql = tx.Statement.Table
		}
		w.mu.Lock()
		w.stmts = append(w.stmts, sql)
		w.mu.Unlock()
	}
	raw := func(tx *gorm.DB) {
		if !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(tx.Statement.SQL.String())), "SELECT") {
			record(tx)
		}
	}
	for _, err := range []error{
		db.Callback().Create().Before("gorm:create").Register("test:count_create", record),
		db.Callback().Update().Before("gorm:update").Register("test:count_update", record),
		db.Callback().Delete().Before("gorm:delete").Register("test:count_delete", record),
		db.Callback().Raw().Before("gorm:raw").Register("test:count_raw", raw),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	return w
}

func (w *writeCounter) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := w.stmts
	w.stmts = nil
	return s
}

// TestAnonymousClaimPageWritesNothing checks that anonymous views of a claim page write nothing to
// the database (no CSRF token row, no view-count update), and that the background flush then adds
// all of them to the claim's count in one batch.
func TestAnonymousClaimPageWritesNothing(t *testing.T) {
	const views = 7
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		b := apptest.Open(t, db, apptest.Options{})
		claim := apptest.SeedClaim(t, b.App.Stores, "Drinking eight glasses of water a day is required", "belirsiz", "health", time.Now().Add(-time.Hour))
		writes := countWrites(t, db.Gorm)

		for i := range views {
			// A first-time visitor each time: no session and no CSRF cookie yet.
			resp, err := b.App.HTTP.Test(httptest.NewRequest(http.MethodGet, "/claims/"+claim.ID, nil), 30_000)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("view %d: status %d", i, resp.StatusCode)
			}
			if !hasCookie(resp, apptest.CSRFCookie) {
				t.Fatalf("view %d set no CSRF cookie: the form on the page could not be posted", i)
			}
		}
		b.Get(t, "/claims/"+claim.ID).WantStatus(t, http.StatusOK) // a returning visitor, with the CSRF cookie
		if got := writes.take(); len(got) != 0 {
			t.Errorf("%d anonymous page views wrote %d statements: %q", views+1, len(got), got)
		}
		if n := viewCount(t, b.App.Stores, claim.ID); n != 0 {
			t.Errorf("view count before the flush %d, want 0", n)
		}

		if err := b.App.Views.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		if n := viewCount(t, b.App.Stores, claim.ID); n != views+1 {
			t.Errorf("view count after the flush %d, want %d", n, views+1)
		}
		if got := writes.take(); len(got) != 1 {
			t.Errorf("the flush wrote %d statements, want one UPDATE for the one claim: %q", len(got), got)
		}
		if err := b.App.Views.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		if got := writes.take(); len(got) != 0 {
			t.Errorf("a flush with nothing pending wrote %q", got)
		}
	})
}

func hasCookie(resp *http.Response, name string) bool {
	for _, c := range resp.Cookies() {
		if c.Name == name && c.Value != "" {
			return true
		}
	}
	return false
}

func viewCount(t *testing.T, s *models.Stores, id string) int64 {
	t.Helper()
	c, err := s.Claims.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return c.ViewCount
}
