package feed_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/feed"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"gorm.io/gorm"
)

// TestHubsOnOneDatabaseSeeEveryEventInOrder runs two hubs, as two processes would, over the same
// database while four writers append events concurrently: each hub's subscriber gets every
// event exactly once, in log order (the order a fresh read of the log gives).
func TestHubsOnOneDatabaseSeeEveryEventInOrder(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		log := models.NewEventStore(db)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var subs []*feed.Subscription
		for range 2 {
			h := feed.New(feed.Config{Log: log, PollInterval: 5 * time.Millisecond, Batch: 7})
			sub, err := h.Subscribe(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			subs = append(subs, sub)
			go h.Run(ctx)
		}
		const writers, each = 4, 15
		var wg sync.WaitGroup
		errs := make(chan error, writers*each)
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range each {
					err := db.Gorm.Transaction(func(tx *gorm.DB) error {
						_, err := models.AppendEvent(tx, models.EventClaimCreated, nil, map[string]string{"w": fmt.Sprint(w, "-", i)}, time.Now().UTC())
						return err
					})
					if err != nil {
						errs <- err
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		var stored []models.Event
		deadline := time.Now().Add(20 * time.Second)
		for len(stored) < writers*each {
			var after models.EventPos
			if len(stored) > 0 {
				after = stored[len(stored)-1].Pos()
			}
			evs, err := log.Next(ctx, after, 1000)
			if err != nil {
				t.Fatal(err)
			}
			stored = append(stored, evs...)
			if len(evs) == 0 {
				if time.Now().After(deadline) {
					t.Fatalf("%d events readable, want %d", len(stored), writers*each)
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
		if len(stored) != writers*each {
			t.Fatalf("%d events stored, want %d", len(stored), writers*each)
		}
		for i, sub := range subs {
			deadline := time.After(20 * time.Second)
			for _, want := range stored {
				select {
				case ev := <-sub.Events():
					if ev.ID != want.ID || ev.Data != want.Data {
						t.Fatalf("hub %d: got event %d (%s), want %d (%s)", i, ev.ID, ev.Data, want.ID, want.Data)
					}
				case <-deadline:
					t.Fatalf("hub %d: timed out waiting for event %d", i, want.ID)
				}
			}
		}
	})
}

// Two processes on PostgreSQL (two database handles, a hub on each) follow the log while a
// transaction that drew a low event id stays open and later ones, one of them with a lower xid but
// a higher id, commit around it: each hub delivers every event once, the held one included, in
// the order a fresh read of the log gives.
func TestHubsDeliverAnEventThatCommitsLate(t *testing.T) {
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
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var subs []*feed.Subscription
	for _, h := range []*database.DB{a, b} {
		hub := feed.New(feed.Config{Log: models.NewEventStore(h), PollInterval: 5 * time.Millisecond, Batch: 3})
		sub, err := hub.Subscribe(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, sub)
		go hub.Run(ctx)
	}
	appendIn := func(tx *gorm.DB, w string) *models.Event {
		t.Helper()
		ev, err := models.AppendEvent(tx, models.EventClaimCreated, nil, map[string]string{"w": w}, time.Now().UTC())
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	commit := func(tx *gorm.DB) {
		t.Helper()
		if err := tx.Commit().Error; err != nil {
			t.Fatal(err)
		}
	}
	early := b.Gorm.Begin()
	defer early.Rollback()
	if err := early.Exec("SELECT pg_current_xact_id()").Error; err != nil {
		t.Fatal(err)
	}
	slow := a.Gorm.Begin()
	defer slow.Rollback()
	held := appendIn(slow, "slow")
	appendIn(early, "early")
	commit(early)
	for i := range 6 {
		tx := []*database.DB{a, b}[i%2].Gorm.Begin()
		appendIn(tx, fmt.Sprint("writer-", i))
		commit(tx)
	}
	time.Sleep(50 * time.Millisecond) // the hubs poll meanwhile, with the slow transaction open
	commit(slow)
	for i := range 4 {
		tx := []*database.DB{a, b}[i%2].Gorm.Begin()
		appendIn(tx, fmt.Sprint("after-", i))
		commit(tx)
	}
	const total = 1 + 1 + 6 + 4
	var want []int64
	log := models.NewEventStore(a)
	deadline := time.Now().Add(20 * time.Second)
	for len(want) < total {
		var after models.EventPos
		evs, err := log.Next(ctx, after, 100)
		if err != nil {
			t.Fatal(err)
		}
		want = want[:0]
		for _, ev := range evs {
			want = append(want, ev.ID)
		}
		if len(want) < total {
			if time.Now().After(deadline) {
				t.Fatalf("%d events readable, want %d", len(want), total)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	for i, sub := range subs {
		var got []int64
		timeout := time.After(20 * time.Second)
		for len(got) < total {
			select {
			case ev := <-sub.Events():
				got = append(got, ev.ID)
			case <-timeout:
				t.Fatalf("hub %d: got %v, want %v (held event %d)", i, got, want, held.ID)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("hub %d: got %v, want %v", i, got, want)
		}
	}
}
