// Package testdb gives each test its own migrated database: a temporary SQLite file always, and a
// private PostgreSQL schema when TEST_DATABASE_URL is set.
package testdb

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/google/uuid"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
)

// EnvVar names the PostgreSQL URL that enables the PostgreSQL half of every storage test.
const EnvVar = "TEST_DATABASE_URL"

// Dialects lists the dialects this run can test: SQLite always, PostgreSQL when configured.
func Dialects() []database.Dialect {
	if os.Getenv(EnvVar) != "" {
		return []database.Dialect{database.SQLite, database.Postgres}
	}
	return []database.Dialect{database.SQLite}
}

// Each runs fn once per available dialect, each on a fresh migrated database, as subtests named after
// the dialect. Without TEST_DATABASE_URL the PostgreSQL subtest is skipped and says why.
func Each(t *testing.T, fn func(t *testing.T, db *database.DB)) {
	t.Helper()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			fn(t, Open(t, d))
		})
	}
}

// URL returns a DATABASE_URL for a fresh, empty, test-private database of dialect d.
// The database (SQLite file or PostgreSQL schema) is removed when the test ends.
func URL(t testing.TB, d database.Dialect) string {
	t.Helper()
	switch d {
	case database.SQLite:
		return filepath.Join(t.TempDir(), "test.db")
	case database.Postgres:
		base := os.Getenv(EnvVar)
		if base == "" {
			t.Skipf("PostgreSQL half skipped: set %s (e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable) to run it", EnvVar)
		}
		schema := "t_" + strings.ReplaceAll(uuid.NewString(), "-", "")
		admin, err := gorm.Open(postgres.Open(base), &gorm.Config{})
		if err != nil {
			t.Fatalf("testdb: connect %s: %v", EnvVar, err)
		}
		if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
			t.Fatalf("testdb: create schema: %v", err)
		}
		t.Cleanup(func() {
			admin.Exec("DROP SCHEMA " + schema + " CASCADE")
			if s, err := admin.DB(); err == nil {
				s.Close()
			}
		})
		u, err := url.Parse(base)
		if err != nil {
			t.Fatalf("testdb: parse %s: %v", EnvVar, err)
		}
		q := u.Query()
		q.Set("search_path", schema)
		u.RawQuery = q.Encode()
		return u.String()
	default:
		t.Fatalf("testdb: unknown dialect %q", d)
		return ""
	}
}

// Open returns a fresh migrated database of dialect d, closed when the test ends.
func Open(t testing.TB, d database.Dialect) *database.DB {
	t.Helper()
	u := URL(t, d)
	db, err := database.Open(context.Background(), u, database.Options{MaxOpenConns: 20})
	if err != nil {
		t.Fatalf("testdb: open %s: %v", d, err)
	}
	t.Cleanup(func() { db.Close() })
	migrate(t, db, d)
	return db
}

// migrate runs every migration of dialect d on db.
func migrate(t testing.TB, db *database.DB, d database.Dialect) {
	t.Helper()
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		t.Fatal(err)
	}
	if err := migrations.Up(context.Background(), sqlDB, string(d)); err != nil {
		t.Fatalf("testdb: %v", err)
	}
}

// MigratedURL returns the DATABASE_URL of a fresh migrated database of dialect d, for tests of
// code that opens the database itself from its URL (as the load test's tools do).
func MigratedURL(t testing.TB, d database.Dialect) string {
	t.Helper()
	u := URL(t, d)
	db, err := database.Open(context.Background(), u, database.Options{MaxOpenConns: 2})
	if err != nil {
		t.Fatalf("testdb: open %s: %v", d, err)
	}
	defer db.Close()
	migrate(t, db, d)
	return u
}
