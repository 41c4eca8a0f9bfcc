package database

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"
)

// openGroupTest opens an SQLite database with a table of rows and returns it with its group.
func openGroupTest(t *testing.T) (*DB, *groupCommit) {
	t.Helper()
	db := openTestSQLite(t)
	if err := db.Gorm.Exec("CREATE TABLE rows (id integer PRIMARY KEY)").Error; err != nil {
		t.Fatal(err)
	}
	if db.group == nil {
		t.Fatal("SQLite database has no group commit")
	}
	return db, db.group
}

// rowIDs returns the ids in the rows table.
func rowIDs(t *testing.T, db *DB) map[int]bool {
	t.Helper()
	var ids []int
	if err := db.Gorm.Raw("SELECT id FROM rows").Scan(&ids).Error; err != nil {
		t.Fatal(err)
	}
	out := map[int]bool{}
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// queued waits until n callers wait in gc's queue.
func queued(t *testing.T, gc *groupCommit, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		gc.mu.Lock()
		got := len(gc.queue)
		gc.mu.Unlock()
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d callers queued, want %d", got, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// insert is a caller's work: one row.
func insert(id int) func(*gorm.DB) error {
	return func(tx *gorm.DB) error { return tx.Exec("INSERT INTO rows (id) VALUES (?)", id).Error }
}

// TestGroupCommitTakesTheWaitingCallers holds a first transaction open while ten more callers
// arrive: they must run as one group with one COMMIT, every row committed.
func TestGroupCommitTakesTheWaitingCallers(t *testing.T) {
	db, gc := openGroupTest(t)
	ctx := context.Background()
	release := holdFirst(t, db, gc)
	var wg sync.WaitGroup
	errs := make([]error, 10)
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = db.InTx(ctx, insert(i+1))
		}()
	}
	queued(t, gc, 10)
	release()
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("caller %d: %v", i+1, err)
		}
	}
	if ids := rowIDs(t, db); len(ids) != 11 {
		t.Errorf("%d rows committed, want 11", len(ids))
	}
	if groups, jobs := db.GroupCommits(); groups != 2 || jobs != 11 {
		t.Errorf("%d groups carried %d transactions, want 2 carrying 11", groups, jobs)
	}
}

// holdFirst starts a caller that leads a group and holds it open, writing row 0, until release
// is called; release then waits for that caller's outcome. Callers started meanwhile queue for
// the next group.
func holdFirst(t *testing.T, db *DB, gc *groupCommit) (release func()) {
	t.Helper()
	hold := make(chan struct{})
	first := make(chan error, 1)
	go func() {
		_, err := db.InTx(context.Background(), func(tx *gorm.DB) error {
			<-hold
			return insert(0)(tx)
		})
		first <- err
	}()
	waitLeading(t, gc)
	return func() {
		t.Helper()
		close(hold)
		if err := <-first; err != nil {
			t.Fatal(err)
		}
	}
}

// waitLeading waits until a caller leads a group.
func waitLeading(t *testing.T, gc *groupCommit) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		gc.mu.Lock()
		leading := gc.leading
		gc.mu.Unlock()
		if leading {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no caller leads")
		}
		time.Sleep(time.Millisecond)
	}
}

// errRefused is a caller's own failure.
var errRefused = errors.New("refused")

// TestGroupCommitKeepsCallersApart runs many callers at once, some failing and some panicking
// after their write: exactly the others' rows are committed, each caller gets its own outcome, a
// panic is raised again in its own caller, and a counter read and written by every caller ends
// at the number of callers that succeeded (each saw the one before it).
func TestGroupCommitKeepsCallersApart(t *testing.T) {
	db, _ := openGroupTest(t)
	ctx := context.Background()
	const workers, each = 32, 12
	type outcome struct {
		id       int
		err      error
		panicked any
	}
	out := make(chan outcome, workers*each)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				id := w*each + i
				func() {
					o := outcome{id: id}
					defer func() {
						o.panicked = recover()
						out <- o
					}()
					_, o.err = db.InTx(ctx, func(tx *gorm.DB) error {
						var n int
						if err := tx.Raw("SELECT n FROM counter WHERE id = 1").Scan(&n).Error; err != nil {
							return err
						}
						if err := tx.Exec("UPDATE counter SET n = ? WHERE id = 1", n+1).Error; err != nil {
							return err
						}
						if err := insert(id)(tx); err != nil {
							return err
						}
						switch id % 7 {
						case 3:
							return errRefused
						case 5:
							panic(fmt.Sprintf("caller %d", id))
						}
						return nil
					})
				}()
			}
		}()
	}
	wg.Wait()
	close(out)
	ids := rowIDs(t, db)
	succeeded := 0
	for o := range out {
		switch o.id % 7 {
		case 3:
			if !errors.Is(o.err, errRefused) || o.panicked != nil {
				t.Errorf("caller %d: err %v, panic %v; want its own error", o.id, o.err, o.panicked)
			}
		case 5:
			if o.panicked != fmt.Sprintf("caller %d", o.id) {
				t.Errorf("caller %d: panic %v, want its own panic", o.id, o.panicked)
			}
		default:
			if o.err != nil || o.panicked != nil {
				t.Errorf("caller %d: err %v, panic %v", o.id, o.err, o.panicked)
			}
			succeeded++
		}
		if want := o.id%7 != 3 && o.id%7 != 5; ids[o.id] != want {
			t.Errorf("caller %d: row committed %v, want %v", o.id, ids[o.id], want)
		}
	}
	var n int
	if err := db.Gorm.Raw("SELECT n FROM counter WHERE id = 1").Scan(&n).Error; err != nil {
		t.Fatal(err)
	}
	if n != succeeded {
		t.Errorf("counter %d, want %d (one per caller that succeeded)", n, succeeded)
	}
	groups, jobs := db.GroupCommits()
	t.Logf("%d transactions in %d groups", jobs, groups)
	if jobs != workers*each {
		t.Errorf("groups carried %d transactions, want %d", jobs, workers*each)
	}
}

// TestGroupCommitCancelledCallerHarmsNoOne cancels a caller's request while its work runs in a
// group: its statements still run to their end (SQLite would roll back the whole shared
// transaction on an interrupted write), and the other callers' work is committed.
func TestGroupCommitCancelledCallerHarmsNoOne(t *testing.T) {
	db, gc := openGroupTest(t)
	release := holdFirst(t, db, gc)
	errs := make(chan error, 3)
	cctx, cancel := context.WithCancel(context.Background())
	calls := []func(){
		func() { _, err := db.InTx(context.Background(), insert(1)); errs <- err },
		func() {
			_, err := db.InTx(cctx, func(tx *gorm.DB) error {
				cancel()
				return insert(2)(tx)
			})
			errs <- err
		},
		func() { _, err := db.InTx(context.Background(), insert(3)); errs <- err },
	}
	for i, call := range calls {
		go call()
		queued(t, gc, i+1)
	}
	release()
	for range calls {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if ids := rowIDs(t, db); len(ids) != 4 {
		t.Errorf("rows %v, want 0 to 3", ids)
	}
}

// TestGroupCommitCallerGoneBeforeItsTurn cancels a caller while it waits: its work never runs
// and it is told why; the group's other callers are committed.
func TestGroupCommitCallerGoneBeforeItsTurn(t *testing.T) {
	db, gc := openGroupTest(t)
	release := holdFirst(t, db, gc)
	cctx, cancel := context.WithCancel(context.Background())
	gone := make(chan error, 1)
	go func() {
		_, err := db.InTx(cctx, insert(1))
		gone <- err
	}()
	queued(t, gc, 1)
	stays := make(chan error, 1)
	go func() {
		_, err := db.InTx(context.Background(), insert(2))
		stays <- err
	}()
	queued(t, gc, 2)
	cancel()
	release()
	if err := <-gone; !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled caller: %v, want context.Canceled", err)
	}
	if err := <-stays; err != nil {
		t.Error(err)
	}
	if ids := rowIDs(t, db); len(ids) != 2 || ids[1] {
		t.Errorf("rows %v, want 0 and 2", ids)
	}
}

// TestGroupCommitAbortTellsEveryone breaks a caller's savepoint (its work releases it itself, so
// the group cannot release it): the group is rolled back as a whole, and every caller in it is
// told, including the one that ran before and succeeded; nothing of the group is committed.
func TestGroupCommitAbortTellsEveryone(t *testing.T) {
	db, gc := openGroupTest(t)
	release := holdFirst(t, db, gc)
	errs := make([]chan error, 3)
	work := []func(*gorm.DB) error{
		insert(1),
		func(tx *gorm.DB) error {
			if err := insert(2)(tx); err != nil {
				return err
			}
			return tx.Exec("RELEASE cc_group").Error
		},
		insert(3),
	}
	for i, fn := range work {
		errs[i] = make(chan error, 1)
		go func() {
			_, err := db.InTx(context.Background(), fn)
			errs[i] <- err
		}()
		queued(t, gc, i+1)
	}
	release()
	for i := range work {
		err := <-errs[i]
		if err == nil {
			t.Errorf("caller %d: no error, want the group's", i+1)
			continue
		}
		if aborted := errors.Is(err, errGroupAborted); aborted != (i < 2) {
			t.Errorf("caller %d: %v; told its work was rolled back: %v, want %v", i+1, err, aborted, i < 2)
		}
	}
	if ids := rowIDs(t, db); len(ids) != 1 || !ids[0] {
		t.Errorf("rows %v, want only 0 (the group before)", ids)
	}
	// The database takes transactions again.
	if _, err := db.InTx(context.Background(), insert(4)); err != nil {
		t.Fatal(err)
	}
}

// TestGroupCommitQueueWaitRunsAlone gives up the queue after its bound: the caller then runs a
// transaction of its own, which waits for the write turn and commits after the group.
func TestGroupCommitQueueWaitRunsAlone(t *testing.T) {
	db, gc := openGroupTest(t)
	gc.wait = 50 * time.Millisecond
	first := make(chan error, 1)
	go func() {
		_, err := db.InTx(context.Background(), func(tx *gorm.DB) error {
			time.Sleep(300 * time.Millisecond)
			return insert(0)(tx)
		})
		first <- err
	}()
	waitLeading(t, gc)
	if _, err := db.InTx(context.Background(), insert(1)); err != nil {
		t.Fatal(err)
	}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if ids := rowIDs(t, db); len(ids) != 2 {
		t.Errorf("rows %v, want 0 and 1", ids)
	}
	if groups, jobs := db.GroupCommits(); groups != 1 || jobs != 1 {
		t.Errorf("%d groups carried %d transactions, want the first alone", groups, jobs)
	}
	gc.mu.Lock()
	defer gc.mu.Unlock()
	if len(gc.queue) != 0 || gc.leading {
		t.Errorf("queue %d, leading %v after all callers returned", len(gc.queue), gc.leading)
	}
}
