package postgrest

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"github.com/jackc/pgx/v5"
)

// TestPostgresReadsKeepAGenericPlan holds that a read repeated on one PostgreSQL connection runs
// on the generic plan of its prepared statement instead of being planned again at each
// execution: a bound OFFSET of 0 kept the server from ever choosing the generic plan of the read
// by id, which cost that read twice its own CPU in the server (`make loadtest`,
// docs/loadtest-history.md).
func TestPostgresReadsKeepAGenericPlan(t *testing.T) {
	if os.Getenv(testdb.EnvVar) == "" {
		t.Skipf("PostgreSQL only: set %s (e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable) to run it", testdb.EnvVar)
	}
	ctx := context.Background()
	// One connection, so every read and the look-up of its prepared statement share it.
	db, err := database.Open(ctx, testdb.URL(t, database.Postgres), database.Options{MaxOpenConns: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		t.Fatal(err)
	}
	if err := migrations.Up(ctx, sqlDB, string(database.Postgres)); err != nil {
		t.Fatal(err)
	}
	seed(t, sqlDB, Postgres)
	// A table of a few rows plans alike either way; the load test's has hundreds.
	more := make([]seedClaim, 300)
	for i := range more {
		more[i] = seedClaim{fmt.Sprintf("0190b8a0-0000-7000-8000-%012d", 1000+i), fmt.Sprintf("claim %d", i), nil, "en", "general", "",
			50, "belirsiz", "", [4]int{50, 50, 50, 50}, at("2024-02-01T00:00:00Z").Add(time.Duration(i) * time.Minute), nil, "{}"}
	}
	seedRows(t, sqlDB, Postgres, more)
	r, err := NewReader(models.ClaimsTable(), storerules.Stores(db).Claims)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, query string }{
		{"read by id", "id=eq." + idR3 + "&select=*"},
		{"read by id, some columns", "select=id,content,created_at&id=eq." + idR1},
		{"list of 20", "order=created_at.desc&limit=20&select=id,content,ai_verdict,ai_score,category,created_at"},
		{"second page", "order=created_at.desc&limit=2&offset=2&select=id"},
	}
	// PostgreSQL weighs the generic plan against the custom ones after five executions.
	const executions = 10
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := Request{Method: "GET", RawQuery: c.query}
			for range executions {
				res, err := r.ReadREST(ctx, req)
				if err != nil || res.Status != 200 {
					t.Fatalf("ReadREST = %d, %v: %s", res.Status, err, res.Body)
				}
			}
			p, perr := Parse(r.table, req)
			if perr != nil {
				t.Fatalf("parse: %s", perr.Message)
			}
			query, _ := p.SQL(Postgres)
			var generic, custom int64
			err := db.WithPgx(ctx, func(conn *pgx.Conn) error {
				return conn.QueryRow(ctx, "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1", query).
					Scan(&generic, &custom)
			})
			if err != nil {
				t.Fatalf("prepared statement of %s: %v", query, err)
			}
			if generic == 0 {
				t.Errorf("%s: %d executions, all on custom plans (%d), none on the generic plan", query, executions, custom)
			}
		})
	}
}
