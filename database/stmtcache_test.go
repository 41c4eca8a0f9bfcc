package database

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"testing"
	"time"

	"gorm.io/gorm"
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

// TestGormStatementsKeptPrepared runs the same insert in many transactions and the same read
// outside them: each runs on the one statement kept for its text (schema changes are not kept),
// stores its own values (a time in the format a plain statement stores), a rolled-back one
// leaves nothing, and a read sees what was committed since.
func TestGormStatementsKeptPrepared(t *testing.T) {
	db := openTestSQLite(t)
	if err := db.Gorm.Transaction(func(tx *gorm.DB) error {
		return tx.Exec("CREATE TABLE stamps (n integer NOT NULL, at datetime NOT NULL)").Error
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.Gorm.Exec("CREATE INDEX stamps_n ON stamps (n)").Error; err != nil {
		t.Fatal(err)
	}
	kept := len(db.gormStmts.m) // the setup's insert into counter
	when := time.Date(2026, 11, 26, 5, 58, 4, 845877000, time.UTC)
	for i := range 6 {
		err := db.Gorm.Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec("INSERT INTO stamps (n, at) VALUES (?, ?)", i, when).Error; err != nil {
				return err
			}
			var n int
			if err := tx.Raw("SELECT count(*) FROM stamps WHERE n = ?", i).Scan(&n).Error; err != nil {
				return err
			}
			if n != 1 {
				t.Errorf("transaction %d sees %d rows of its own insert, want 1", i, n)
			}
			if i == 5 {
				return errRollback
			}
			return nil
		})
		if err != nil && !errors.Is(err, errRollback) {
			t.Fatal(err)
		}
		var n int64
		if err := db.Gorm.Raw("SELECT count(*) FROM stamps").Scan(&n).Error; err != nil {
			t.Fatal(err)
		}
		if want := int64(min(i+1, 5)); n != want {
			t.Errorf("after transaction %d a read outside sees %d rows, want %d", i, n, want)
		}
	}
	if n := len(db.gormStmts.m) - kept; n != 3 {
		t.Errorf("%d statements kept for the three texts run, want 3", n)
	}
	var rows []struct {
		N  int
		At string
	}
	if err := db.Gorm.Raw("SELECT n, CAST(at AS text) AS at FROM stamps ORDER BY n").Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 {
		t.Fatalf("%d rows stored, want 5 (the sixth rolled back)", len(rows))
	}
	for i, r := range rows {
		if r.N != i || r.At != "2026-11-26 05:58:04.845877+00:00" {
			t.Errorf("row %d = %+v", i, r)
		}
	}
}

// TestStatementCacheConcurrentFirstUse runs one new text from many goroutines at once: each
// gets its answer and the cache keeps one statement for the text.
func TestStatementCacheConcurrentFirstUse(t *testing.T) {
	db := openTestSQLite(t)
	const q = "SELECT n + ? + 1000 FROM counter WHERE id = 1"
	errs := make(chan error, 16)
	for i := range 16 {
		go func() {
			rows, err := db.QueryPrepared(context.Background(), q, i)
			if err != nil {
				errs <- err
				return
			}
			defer rows.Close()
			var n int
			if !rows.Next() {
				errs <- errors.New("no row")
				return
			}
			if err := rows.Scan(&n); err != nil || n != i+1000 {
				errs <- fmt.Errorf("run %d: got %d (%v), want %d", i, n, err, i+1000)
				return
			}
			errs <- nil
		}()
	}
	for range 16 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if n := len(db.stmts.m); n != 1 {
		t.Errorf("%d statements kept for one text, want 1", n)
	}
}
