package main

import (
	"context"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/loadtest"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// The page-view probe counts every writing transaction between its samples and none for its own
// samples or for reads. The transaction-id counter is the server's, so other tests writing to
// other databases of the same server (packages run in parallel) can only add to the count: the
// test holds a lower bound there, and the verdict's thresholds on counts it sets itself.
func TestWriteProbeCountsWritingTransactions(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			u := testdb.MigratedURL(t, d)
			exec := func(q string) {
				t.Helper()
				if _, err := loadtest.Query(ctx, u, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			exec("CREATE TABLE probe_writes (n integer)")

			p := newWriteProbe(ctx, string(d), u)
			before := p.sample(ctx)
			for range 5 {
				exec("INSERT INTO probe_writes (n) VALUES (1)")
				exec("SELECT count(*) FROM probe_writes")
			}
			p.record(ctx, true, before, 5)
			if d == database.Postgres && p.ccXacts < 5 {
				t.Errorf("5 writing transactions counted as %d", p.ccXacts)
			}
			if p.ccRows != 0 {
				t.Errorf("kv_store rows counted without any: %d", p.ccRows)
			}

			before = p.sample(ctx)
			exec("INSERT INTO kv_store (k, v, expires_at) VALUES ('csrf-probe', 'x', 0)")
			p.record(ctx, true, before, 1000)
			if p.ccRows != 1 {
				t.Errorf("one kv_store row counted as %d", p.ccRows)
			}
			if v := p.verdict(); !strings.Contains(v, "NOT met") {
				t.Errorf("a kv_store row passed: %s", v)
			}
		})
	}
}

// The verdict: a write per view fails, a batched flush now and then passes, and the twin's
// background writes are taken off.
func TestWriteProbeVerdict(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		ccXacts, ccViews, tw int64
		rows                 int64
		db                   string
		met                  bool
	}{
		{"a write per view", 1000, 1000, 0, 0, "postgres", false},
		{"a write every tenth view", 100, 1000, 0, 0, "postgres", false},
		{"batched flushes", 10, 42000, 0, 0, "postgres", true},
		{"background writes the twin has too", 300, 10000, 280, 0, "postgres", true},
		{"a CSRF row per view", 0, 1000, 0, 1000, "postgres", false},
		{"SQLite, no row", 0, 1000, 0, 0, "sqlite", true},
		{"SQLite, a row per view", 0, 1000, 0, 1000, "sqlite", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := writeProbe{db: tc.db, ccXacts: tc.ccXacts, ccViews: tc.ccViews, ccRows: tc.rows, twXacts: tc.tw, twViews: tc.ccViews}
			if got := !strings.Contains(p.verdict(), "NOT met"); got != tc.met {
				t.Errorf("met = %v, want %v: %s", got, tc.met, p.verdict())
			}
		})
	}
}
