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
	"github.com/claimcheck/claimcheck/models"
	"gorm.io/gorm"
)

// TestHubsOnOneDatabaseSeeEveryEventInOrder runs two hubs, as two processes would, over the same
// database while four writers append events concurrently: each hub's subscriber gets every
// event exactly once, in id order.
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
						_, err := models.AppendEvent(tx, db.Dialect, models.EventClaimCreated, nil, map[string]string{"w": fmt.Sprint(w, "-", i)}, time.Now().UTC())
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
		stored, err := log.After(ctx, 0, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(stored) != writers*each {
			t.Fatalf("%d events stored, want %d", len(stored), writers*each)
		}
		for i, sub := range subs {
			deadline := time.After(10 * time.Second)
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
