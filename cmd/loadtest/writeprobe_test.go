package main

import (
	"context"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/loadtest"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/migrations"
)

// The page-view probe counts each writing transaction once and ignores reads, its own samples
// included, so a service that writes per view fails it and one that flushes a batch passes; a
// CSRF row per view fails it on both databases.
func TestWriteProbeCountsWritingTransactions(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			u := testdb.URL(t, d)
			db, err := database.Open(ctx, u, database.Options{MaxOpenConns: 2})
			if err != nil {
				t.Fatal(err)
			}
			sqlDB, _ := db.Gorm.DB()
			if err := migrations.Up(ctx, sqlDB, string(d)); err != nil {
				t.Fatal(err)
			}
			db.Close()
			exec := func(q string) {
				t.Helper()
				if _, err := loadtest.Query(ctx, u, q); err != nil && !strings.Contains(err.Error(), "no rows") {
					t.Fatalf("%s: %v", q, err)
				}
			}
			exec("CREATE TABLE probe_writes (n integer)")

			// round runs one measured round: writes writing transactions and reads reads on cc or the twin.
			round := func(p *writeProbe, cc bool, writes, reads, views int) {
				before := p.sample(ctx)
				for range writes {
					exec("INSERT INTO probe_writes (n) VALUES (1)")
				}
				for range reads {
					exec("SELECT count(*) FROM probe_writes")
				}
				p.record(ctx, cc, before, views)
			}

			perView := newWriteProbe(ctx, string(d), u)
			round(&perView, true, 5, 5, 5)
			round(&perView, false, 0, 5, 5)
			batched := newWriteProbe(ctx, string(d), u)
			round(&batched, true, 1, 20, 1000)
			round(&batched, false, 0, 20, 1000)
			if d == database.Postgres {
				if perView.ccXacts != 5 || perView.twXacts != 0 || batched.ccXacts != 1 {
					t.Errorf("writing transactions counted: %d and %d (twin %d); want 5 and 1 (twin 0)", perView.ccXacts, batched.ccXacts, perView.twXacts)
				}
				if v := perView.verdict(); !strings.Contains(v, "NOT met") {
					t.Errorf("a write per view passed: %s", v)
				}
			}
			if v := batched.verdict(); strings.Contains(v, "NOT met") {
				t.Errorf("one batched write in 1000 views failed: %s", v)
			}

			csrf := newWriteProbe(ctx, string(d), u)
			before := csrf.sample(ctx)
			exec("INSERT INTO kv_store (k, v, expires_at) VALUES ('csrf-probe', 'x', 0)")
			csrf.record(ctx, true, before, 1000)
			if v := csrf.verdict(); !strings.Contains(v, "NOT met") {
				t.Errorf("a kv_store row passed: %s", v)
			}
		})
	}
}
