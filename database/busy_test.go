package database

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"
)

// TestConcurrentWritersNeverBusy runs every kind of write the stores issue at once on one SQLite
// database: autocommit statements, INSERT … RETURNING read as rows, read-then-write transactions
// and grouped transactions, beside readers. SQLite has one writer, and every one of them must
// wait its turn: none may answer SQLITE_BUSY.
func TestConcurrentWritersNeverBusy(t *testing.T) {
	db := openTestSQLite(t)
	if err := db.Gorm.Exec("CREATE TABLE items (id integer PRIMARY KEY AUTOINCREMENT, k text NOT NULL, n integer NOT NULL)").Error; err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	const workers, each = 6, 40
	kinds := []struct {
		name string
		run  func(w, i int) error
	}{
		{"autocommit", func(w, i int) error {
			return db.Gorm.WithContext(ctx).Exec("INSERT INTO items (k, n) VALUES (?, ?)", fmt.Sprint("a", w, i), i).Error
		}},
		{"returning", func(w, i int) error {
			var ids []int64
			return db.Gorm.WithContext(ctx).Raw("INSERT INTO items (k, n) VALUES (?, ?) RETURNING id", fmt.Sprint("r", w, i), i).Scan(&ids).Error
		}},
		{"update returning", func(w, i int) error {
			var ns []int
			return db.Gorm.WithContext(ctx).Raw("UPDATE counter SET n = n + 1 WHERE id = 1 RETURNING n").Scan(&ns).Error
		}},
		{"transaction", func(w, i int) error {
			return db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
				var n int
				if err := tx.Raw("SELECT n FROM counter WHERE id = 1").Scan(&n).Error; err != nil {
					return err
				}
				return tx.Exec("INSERT INTO items (k, n) VALUES (?, ?)", fmt.Sprint("t", w, i), n).Error
			})
		}},
		{"group", func(w, i int) error {
			_, err := db.InTx(ctx, func(tx *gorm.DB) error {
				var n int64
				if err := tx.Raw("SELECT count(*) FROM items WHERE k LIKE ?", "g%").Scan(&n).Error; err != nil {
					return err
				}
				return tx.Exec("INSERT INTO items (k, n) VALUES (?, ?)", fmt.Sprint("g", w, i), n).Error
			})
			return err
		}},
		{"read", func(w, i int) error {
			rows, err := db.QueryPrepared(ctx, "SELECT count(*) FROM items WHERE n >= ?", i)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
			}
			return rows.Err()
		}},
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	start := time.Now()
	for _, k := range kinds {
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range each {
					began := time.Now()
					if err := k.run(w, i); err != nil {
						mu.Lock()
						failures = append(failures, fmt.Sprintf("%s #%d.%d after %v: %v", k.name, w, i, time.Since(began), err))
						mu.Unlock()
					}
				}
			}()
		}
	}
	wg.Wait()
	t.Logf("%d operations in %v", len(kinds)*workers*each, time.Since(start))
	if len(failures) > 0 {
		t.Fatalf("%d of %d operations failed, e.g.:\n%s", len(failures), len(kinds)*workers*each, strings.Join(failures[:min(len(failures), 8)], "\n"))
	}
}

// TestWritesOutsideTransactionsTakeTheTurn holds the write turn and checks which statements wait
// for it: every write committed on its own (an Exec, a write read as rows for its RETURNING) waits
// and runs once the turn is released; a read does not wait.
func TestWritesOutsideTransactionsTakeTheTurn(t *testing.T) {
	db := openTestSQLite(t)
	pool, ok := db.Gorm.ConnPool.(*gatedPool)
	if !ok {
		t.Fatalf("SQLite pool is %T, want the gated pool", db.Gorm.ConnPool)
	}
	ctx := context.Background()
	cases := []struct {
		name  string
		waits bool
		run   func() error
	}{
		{"exec", true, func() error { return db.Gorm.Exec("UPDATE counter SET n = n + 1 WHERE id = 1").Error }},
		{"returning", true, func() error {
			var ns []int
			return db.Gorm.Raw("UPDATE counter SET n = n + 1 WHERE id = 1 RETURNING n").Scan(&ns).Error
		}},
		{"returning row", true, func() error {
			var n int
			return db.Gorm.Raw("  insert INTO counter (id, n) VALUES (2, 0) RETURNING n").Row().Scan(&n)
		}},
		{"read", false, func() error {
			var n int
			return db.Gorm.Raw("SELECT n FROM counter WHERE id = 1").Scan(&n).Error
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			release, err := pool.gate.acquire(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer release()
			done := make(chan error, 1)
			go func() { done <- c.run() }()
			select {
			case err := <-done:
				if c.waits {
					t.Fatalf("ran while another writer held the turn (err %v)", err)
				}
				if err != nil {
					t.Fatal(err)
				}
				return
			case <-time.After(300 * time.Millisecond):
				if !c.waits {
					t.Fatal("a read waited for the write turn")
				}
			}
			release()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("did not run after the turn was released")
			}
		})
	}
}
