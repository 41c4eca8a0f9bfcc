package database

import (
	"context"
	"strconv"
	"testing"
	"time"
)

func queryN(t *testing.T, db *DB, query string, args ...any) int {
	t.Helper()
	rows, err := db.QueryPrepared(context.Background(), query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	if !rows.Next() {
		t.Fatalf("%s: no row (%v)", query, rows.Err())
	}
	var n int
	if err := rows.Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestQueryPreparedKeepsStatementsAndSeesWrites reads through the statement cache: one statement
// per text however often it runs, each run with its own bound value and seeing the writes
// committed since, texts beyond the bound still answered (unprepared), and times written in the
// format stored so far.
func TestQueryPreparedKeepsStatementsAndSeesWrites(t *testing.T) {
	db := openTestSQLite(t)
	const q = "SELECT n + ? FROM counter WHERE id = 1"
	for i := range 5 {
		if err := db.Gorm.Exec("UPDATE counter SET n = ?", i*10).Error; err != nil {
			t.Fatal(err)
		}
		if got := queryN(t, db, q, i); got != i*10+i {
			t.Fatalf("run %d: got %d, want %d", i, got, i*10+i)
		}
	}
	if n := len(db.stmts.m); n != 1 {
		t.Fatalf("%d statements kept for one text, want 1", n)
	}
	for i := range stmtCacheSize + 5 {
		if got := queryN(t, db, "SELECT n + "+strconv.Itoa(i)+" FROM counter"); got != 40+i {
			t.Fatalf("text %d: got %d, want %d", i, got, 40+i)
		}
	}
	if n := len(db.stmts.m); n != stmtCacheSize {
		t.Fatalf("%d statements kept, want the bound %d", n, stmtCacheSize)
	}

	when := time.Date(2026, 11, 26, 5, 58, 4, 845877000, time.UTC)
	if err := db.Gorm.Exec("CREATE TABLE stamps (at datetime NOT NULL)").Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Gorm.Exec("INSERT INTO stamps (at) VALUES (?)", when).Error; err != nil {
		t.Fatal(err)
	}
	var text string
	if err := db.Gorm.Raw("SELECT CAST(at AS text) FROM stamps").Scan(&text).Error; err != nil {
		t.Fatal(err)
	}
	if want := "2026-11-26 05:58:04.845877+00:00"; text != want {
		t.Errorf("time stored as %q, want %q", text, want)
	}
}
