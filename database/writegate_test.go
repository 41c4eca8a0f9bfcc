package database

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"
)

func openTestSQLite(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), "sqlite://"+filepath.Join(t.TempDir(), "gate.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Gorm.Exec("CREATE TABLE counter (id integer PRIMARY KEY, n integer NOT NULL)").Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Gorm.Exec("INSERT INTO counter (id, n) VALUES (1, 0)").Error; err != nil {
		t.Fatal(err)
	}
	return db
}

// TestWriteGateSerialisesTransactions runs many read-then-write transactions at once: each must
// see the previous one's write (one writer at a time), none may fail, and the turn must be free
// again afterwards, after commits and rollbacks alike.
func TestWriteGateSerialisesTransactions(t *testing.T) {
	db := openTestSQLite(t)
	pool, ok := db.Gorm.ConnPool.(*gatedPool)
	if !ok {
		t.Fatalf("SQLite pool is %T, want the gated pool", db.Gorm.ConnPool)
	}
	const workers, each = 16, 20
	var wg sync.WaitGroup
	errs := make(chan error, workers*each)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				err := db.Gorm.Transaction(func(tx *gorm.DB) error {
					var n int
					if err := tx.Raw("SELECT n FROM counter WHERE id = 1").Scan(&n).Error; err != nil {
						return err
					}
					if err := tx.Exec("UPDATE counter SET n = ? WHERE id = 1", n+1).Error; err != nil {
						return err
					}
					if (w+i)%5 == 0 {
						return errRollback
					}
					return nil
				})
				if err != nil && !errors.Is(err, errRollback) {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var n int
	if err := db.Gorm.Raw("SELECT n FROM counter WHERE id = 1").Scan(&n).Error; err != nil {
		t.Fatal(err)
	}
	rolledBack := 0
	for w := range workers {
		for i := range each {
			if (w+i)%5 == 0 {
				rolledBack++
			}
		}
	}
	if want := workers*each - rolledBack; n != want {
		t.Errorf("counter %d, want %d (a lost update means two writers overlapped)", n, want)
	}
	select {
	case pool.gate.turn <- struct{}{}:
		<-pool.gate.turn
	default:
		t.Error("the write turn is still held after every transaction ended")
	}
	sqlDB, err := db.Gorm.DB()
	if err != nil || sqlDB != pool.DB {
		t.Errorf("DB() = %v, %v; want the pool", sqlDB, err)
	}
}

var errRollback = errors.New("roll back")

// TestWriteGateWaits checks the gate's two ways out of a wait: a context that ends, and the wait
// bound after which the transaction goes ahead to SQLite's own busy handling.
func TestWriteGateWaits(t *testing.T) {
	g := newWriteGate(50 * time.Millisecond)
	release, err := g.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.acquire(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("acquire with an ended context: %v, want context.Canceled", err)
	}
	start := time.Now()
	noop, err := g.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < 50*time.Millisecond {
		t.Errorf("gave up after %s, want the 50ms bound", waited)
	}
	noop()
	release()
	release() // a second call is harmless
	again, err := g.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	again()
}

// TestCheckpointerCopiesTheWAL checks that the connections leave checkpoints to the checkpointer
// (wal_autocheckpoint is 0: what they write stays in the WAL, the database file does not grow) and
// that the checkpointer copies it into the database file.
func TestCheckpointerCopiesTheWAL(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ckpt.db")
	db, err := Open(context.Background(), "sqlite://"+path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var auto int
	if err := db.Gorm.Raw("PRAGMA wal_autocheckpoint").Scan(&auto).Error; err != nil {
		t.Fatal(err)
	}
	if auto != 0 {
		t.Errorf("wal_autocheckpoint %d, want 0", auto)
	}
	// The checkpointer Open started runs every second; the test's own runs every 10 ms, so
	// stop the first to see the file before any checkpoint.
	db.stopCheckpoints()
	size := func() int64 {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	before := size()
	if err := db.Gorm.Exec("CREATE TABLE filler (id integer PRIMARY KEY, body text NOT NULL)").Error; err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		if err := db.Gorm.Exec("INSERT INTO filler (id, body) VALUES (?, ?)", i, strings.Repeat("x", 4000)).Error; err != nil {
			t.Fatal(err)
		}
	}
	if grown := size(); grown != before {
		t.Fatalf("database file grew from %d to %d bytes before any checkpoint", before, grown)
	}
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		t.Fatal(err)
	}
	stop := startCheckpointer(sqlDB, 10*time.Millisecond)
	defer stop()
	deadline := time.Now().Add(5 * time.Second)
	for size() < before+50*4000 {
		if time.Now().After(deadline) {
			t.Fatalf("database file %d bytes after 5 s: the WAL was not checkpointed", size())
		}
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	stop() // a second stop is harmless
}
