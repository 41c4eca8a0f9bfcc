package models_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"gorm.io/gorm"
)

// appendOne commits one claim.created event carrying n.
func appendOne(t *testing.T, db *database.DB, n int) *models.Event {
	t.Helper()
	var ev *models.Event
	err := db.Gorm.Transaction(func(tx *gorm.DB) error {
		var err error
		ev, err = models.AppendEvent(tx, models.EventClaimCreated, nil, map[string]int{"n": n}, time.Now().UTC())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// readAll reads the log with Next from pos until want events came (on PostgreSQL the horizon may
// lag behind other tests' transactions for a moment) and then once more, to see nothing follows.
func readAll(t *testing.T, log *models.EventStore, from models.EventPos, want int) []models.Event {
	t.Helper()
	ctx := context.Background()
	var out []models.Event
	deadline := time.Now().Add(20 * time.Second)
	pos := from
	for {
		evs, err := log.Next(ctx, pos, 7)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, evs...)
		if len(evs) > 0 {
			pos = evs[len(evs)-1].Pos()
			continue
		}
		if len(out) >= want {
			return out
		}
		if time.Now().After(deadline) {
			t.Fatalf("read %d events, want %d", len(out), want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// ids lists the events' ids.
func ids(evs []models.Event) []int64 {
	out := make([]int64, len(evs))
	for i, ev := range evs {
		out[i] = ev.ID
	}
	return out
}

// A client resuming from an event that is no longer in the log (deleted) gets every event after
// it, leaning to repeat rather than skip: on SQLite exactly those after the id, on PostgreSQL
// possibly the one just below it too. An id beyond the newest event is reported as ahead.
func TestResumeFromADeletedEvent(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		log := models.NewEventStore(db)
		var evs []*models.Event
		for i := range 5 {
			evs = append(evs, appendOne(t, db, i))
		}
		if err := db.Gorm.Exec("DELETE FROM events WHERE id = ?", evs[2].ID).Error; err != nil {
			t.Fatal(err)
		}
		pos, ahead, err := log.Resume(ctx, evs[2].ID)
		if err != nil || ahead {
			t.Fatalf("resume from a deleted event: ahead=%v err=%v", ahead, err)
		}
		got := ids(readAll(t, log, pos, 2))
		want := fmt.Sprint([]int64{evs[3].ID, evs[4].ID})
		switch db.Dialect {
		case database.SQLite:
			if fmt.Sprint(got) != want {
				t.Errorf("resumed with %v, want %s", got, want)
			}
		default:
			if n := len(got); n < 2 || n > 3 || fmt.Sprint(got[n-2:]) != want || (n == 3 && got[0] != evs[1].ID) {
				t.Errorf("resumed with %v, want %s, possibly after %d", got, want, evs[1].ID)
			}
		}
		if _, ahead, err := log.Resume(ctx, evs[4].ID+100); err != nil || !ahead {
			t.Errorf("an id past the newest event: ahead=%v err=%v", ahead, err)
		}
		// An existing event resumes exactly after itself.
		pos, _, err = log.Resume(ctx, evs[3].ID)
		if err != nil {
			t.Fatal(err)
		}
		if got := ids(readAll(t, log, pos, 1)); fmt.Sprint(got) != fmt.Sprint([]int64{evs[4].ID}) {
			t.Errorf("resumed after %d with %v, want [%d]", evs[3].ID, got, evs[4].ID)
		}
	})
}

// Appending takes no global lock on PostgreSQL: while one append transaction is open, no advisory
// lock is held, and a second transaction on another connection appends and commits without
// waiting for the first.
func TestAppendTakesNoGlobalLock(t *testing.T) {
	db := testdb.Open(t, database.Postgres)
	ctx := context.Background()
	tx := db.Gorm.Begin()
	defer tx.Rollback()
	if _, err := models.AppendEvent(tx, models.EventClaimCreated, nil, map[string]int{"n": 1}, time.Now().UTC()); err != nil {
		t.Fatal(err)
	}
	var pid int
	if err := tx.Raw("SELECT pg_backend_pid()").Row().Scan(&pid); err != nil {
		t.Fatal(err)
	}
	var locks int64
	if err := db.Gorm.Raw("SELECT count(*) FROM pg_locks WHERE pid = ? AND locktype = 'advisory'", pid).Row().Scan(&locks); err != nil {
		t.Fatal(err)
	}
	if locks != 0 {
		t.Errorf("the open append transaction holds %d advisory locks", locks)
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	err := db.Gorm.WithContext(wctx).Transaction(func(tx2 *gorm.DB) error {
		_, err := models.AppendEvent(tx2, models.EventClaimCreated, nil, map[string]int{"n": 2}, time.Now().UTC())
		return err
	})
	if err != nil {
		t.Fatalf("a second append waited on the first: %v", err)
	}
}

// Two processes (two database handles) append on PostgreSQL in interleaved transactions, one of
// which draws its event id first and stays open while the others commit. Readers never skip or
// repeat an event: a reader that passed the open transaction's id still gets its event once it
// commits, the whole log reads as every event once, and resuming from every event's id gives
// exactly the events after it.
func TestConcurrentWritersNeverSkipOrRepeat(t *testing.T) {
	url := testdb.URL(t, database.Postgres)
	open := func() *database.DB {
		db, err := database.Open(context.Background(), url, database.Options{MaxOpenConns: 8})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	a := open()
	sqlDB, _ := a.Gorm.DB()
	if err := migrations.Up(context.Background(), sqlDB, "postgres"); err != nil {
		t.Fatal(err)
	}
	b := open()
	ctx := context.Background()
	log := models.NewEventStore(b)

	// An early transaction takes its xid first; then the slow writer draws the lowest event id and
	// holds its transaction open; then the early one appends (a higher id under a lower xid) and
	// commits. An "id > cursor" reader would now pass the slow writer's id for good.
	early := b.Gorm.Begin()
	defer early.Rollback()
	var xid string
	if err := early.Raw("SELECT pg_current_xact_id()::text").Row().Scan(&xid); err != nil {
		t.Fatal(err)
	}
	slow := a.Gorm.Begin()
	defer slow.Rollback()
	held, err := models.AppendEvent(slow, models.EventClaimCreated, nil, map[string]string{"w": "slow"}, time.Now().UTC())
	if err != nil {
		t.Fatal(err)
	}
	first, err := models.AppendEvent(early, models.EventClaimCreated, nil, map[string]string{"w": "early"}, time.Now().UTC())
	if err != nil {
		t.Fatal(err)
	}
	if err := early.Commit().Error; err != nil {
		t.Fatal(err)
	}
	if first.ID < held.ID {
		t.Fatalf("the early transaction's event %d should have the higher id than %d", first.ID, held.ID)
	}

	// Writers on both handles commit interleaved transactions of one to three events each.
	const writers, each = 4, 10
	errs := make(chan error, writers)
	total := 2
	for w := range writers {
		h := []*database.DB{a, b}[w%2]
		total += each * (w%3 + 1)
		go func() {
			for i := range each {
				err := h.Gorm.Transaction(func(tx *gorm.DB) error {
					for j := range w%3 + 1 {
						if _, err := models.AppendEvent(tx, models.EventClaimAnalysed, nil, map[string]string{"w": fmt.Sprint(w, "-", i, "-", j)}, time.Now().UTC()); err != nil {
							return err
						}
					}
					return nil
				})
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range writers {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}

	// Never the open transaction's event: the horizon stops before it.
	before, err := log.Next(ctx, models.EventPos{}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range before {
		if ev.ID == held.ID {
			t.Fatalf("read event %d of a transaction still open", held.ID)
		}
	}
	// The early event is readable (when no other test holds the horizon back); the writers' events,
	// of transactions that began after the slow one, wait behind it.
	if len(before) > 1 {
		t.Fatalf("read %v while the slow transaction is open, want at most the early event %d", ids(before), first.ID)
	}
	var cursor int64
	if len(before) == 1 {
		if before[0].ID != first.ID {
			t.Fatalf("read %v while the slow transaction is open, want the early event %d", ids(before), first.ID)
		}
		// The reader's cursor is past the open transaction's id.
		cursor = first.ID
	} else {
		t.Log("another transaction on the server held the horizon back; the cursor starts at 0")
	}
	if err := slow.Commit().Error; err != nil {
		t.Fatal(err)
	}
	pos, _, err := log.Resume(ctx, cursor)
	if err != nil {
		t.Fatal(err)
	}
	after := readAll(t, log, pos, total-len(before))
	all := append(append([]models.Event(nil), before...), after...)

	// Every event once.
	stored, err := log.After(ctx, 0, 10_000)
	if err != nil || len(stored) != total {
		t.Fatalf("%d events stored (%v), want %d", len(stored), err, total)
	}
	seen := map[int64]int{}
	for _, ev := range all {
		seen[ev.ID]++
	}
	for _, ev := range stored {
		if seen[ev.ID] != 1 {
			t.Errorf("event %d read %d times", ev.ID, seen[ev.ID])
		}
	}
	if len(all) != total {
		t.Errorf("read %d events, want %d", len(all), total)
	}
	// A fresh full read gives the same order, and resuming from every event's id gives the rest.
	again := readAll(t, models.NewEventStore(a), models.EventPos{}, total)
	if fmt.Sprint(ids(again)) != fmt.Sprint(ids(all)) {
		t.Fatalf("two reads of the log differ:\n%v\n%v", ids(all), ids(again))
	}
	for i, ev := range again {
		pos, ahead, err := log.Resume(ctx, ev.ID)
		if err != nil || ahead {
			t.Fatalf("resume from %d: ahead=%v err=%v", ev.ID, ahead, err)
		}
		rest, err := log.Next(ctx, pos, 10_000)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(ids(rest)) != fmt.Sprint(ids(again[i+1:])) {
			t.Fatalf("resume from %d gave %v, want %v", ev.ID, ids(rest), ids(again[i+1:]))
		}
	}
}
