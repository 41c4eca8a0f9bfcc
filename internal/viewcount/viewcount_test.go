package viewcount_test

import (
	"context"
	"errors"
	"maps"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/internal/viewcount"
)

// fakeStore records batches and fails while fail is set.
type fakeStore struct {
	mu      sync.Mutex
	fail    bool
	batches []map[string]int64
	wrote   chan struct{}
}

func (s *fakeStore) AddViews(_ context.Context, views map[string]int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail {
		return errors.New("database down")
	}
	s.batches = append(s.batches, maps.Clone(views))
	if s.wrote != nil {
		select {
		case s.wrote <- struct{}{}:
		default:
		}
	}
	return nil
}

func (s *fakeStore) total() map[string]int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int64{}
	for _, b := range s.batches {
		for id, n := range b {
			out[id] += n
		}
	}
	return out
}

// TestFlushBatchesAndKeepsFailedViews checks that views wait in memory, go out as one batch per
// flush, and stay pending when the write fails.
func TestFlushBatchesAndKeepsFailedViews(t *testing.T) {
	store := &fakeStore{}
	c := viewcount.New(viewcount.Config{Store: store, Interval: time.Hour})
	for range 3 {
		c.Count("a")
	}
	c.Count("b")
	if len(store.batches) != 0 {
		t.Fatalf("counting wrote %v", store.batches)
	}
	store.fail = true
	if err := c.Flush(context.Background()); err == nil {
		t.Fatal("flush with the store failing: no error")
	}
	c.Count("a")
	store.fail = false
	if err := c.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if want := map[string]int64{"a": 4, "b": 1}; len(store.batches) != 1 || !maps.Equal(store.batches[0], want) {
		t.Errorf("batches %v, want one batch %v", store.batches, want)
	}
	if err := c.Flush(context.Background()); err != nil || len(store.batches) != 1 {
		t.Errorf("empty flush: err %v, batches %d; want no write", err, len(store.batches))
	}
}

// TestRunFlushesEarlyAndAtShutdown checks that Run writes as soon as MaxPending claims wait and
// writes what is left when its context ends.
func TestRunFlushesEarlyAndAtShutdown(t *testing.T) {
	store := &fakeStore{wrote: make(chan struct{}, 1)}
	c := viewcount.New(viewcount.Config{Store: store, Interval: time.Hour, MaxPending: 2})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(ctx); close(done) }()
	c.Count("a")
	c.Count("b")
	select {
	case <-store.wrote:
	case <-time.After(10 * time.Second):
		t.Fatal("no early flush with MaxPending claims waiting")
	}
	c.Count("c")
	cancel()
	<-done
	if got, want := store.total(), map[string]int64{"a": 1, "b": 1, "c": 1}; !maps.Equal(got, want) {
		t.Errorf("written %v, want %v", got, want)
	}
}
