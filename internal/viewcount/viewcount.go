// Package viewcount counts claim page views in memory and writes them in batches, so a page view
// costs no database write: the pending counts go to the database every flush interval, when many
// claims are pending, and when the process shuts down.
package viewcount

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Defaults of Config.
const (
	// DefaultInterval is how often pending views are written.
	DefaultInterval = 5 * time.Second
	// DefaultMaxPending is how many distinct claims may wait before a flush starts early.
	DefaultMaxPending = 10_000
	// flushTimeout bounds the last flush at shutdown, whose context is already cancelled.
	flushTimeout = 5 * time.Second
)

// Store adds a batch of views to the claims' view counts (models.ClaimStore.AddViews).
type Store interface {
	// AddViews adds views[id] to each claim's count, all or nothing.
	AddViews(ctx context.Context, views map[string]int64) error
}

// Config is what a Counter is built from.
type Config struct {
	// Store receives the batches.
	Store Store
	// Interval is the flush period; zero is DefaultInterval.
	Interval time.Duration
	// MaxPending starts a flush early once this many distinct claims wait; zero is DefaultMaxPending.
	MaxPending int
	// Log receives failed flushes; nil is slog.Default().
	Log *slog.Logger
}

// Counter holds the views not yet written. A crash loses at most one interval of views, which
// only reorders the experts' "most viewed" queue a little.
type Counter struct {
	store      Store
	interval   time.Duration
	maxPending int
	log        *slog.Logger
	full       chan struct{}

	mu      sync.Mutex
	pending map[string]int64
	flushMu sync.Mutex // one flush at a time, so a failed batch is merged back before the next
}

// New builds a counter; Run writes its batches.
func New(cfg Config) *Counter {
	c := &Counter{store: cfg.Store, interval: cfg.Interval, maxPending: cfg.MaxPending, log: cfg.Log,
		full: make(chan struct{}, 1), pending: map[string]int64{}}
	if c.interval <= 0 {
		c.interval = DefaultInterval
	}
	if c.maxPending <= 0 {
		c.maxPending = DefaultMaxPending
	}
	if c.log == nil {
		c.log = slog.Default()
	}
	return c
}

// Count records one view of claim id, in memory only.
func (c *Counter) Count(id string) {
	c.mu.Lock()
	c.pending[id]++
	n := len(c.pending)
	c.mu.Unlock()
	if n >= c.maxPending {
		select {
		case c.full <- struct{}{}:
		default:
		}
	}
}

// Flush writes the pending views as one batch. When the write fails the views stay pending for
// the next flush.
func (c *Counter) Flush(ctx context.Context) error {
	c.flushMu.Lock()
	defer c.flushMu.Unlock()
	c.mu.Lock()
	batch := c.pending
	c.pending = make(map[string]int64, len(batch))
	c.mu.Unlock()
	if len(batch) == 0 {
		return nil
	}
	if err := c.store.AddViews(ctx, batch); err != nil {
		c.mu.Lock()
		for id, n := range batch {
			c.pending[id] += n
		}
		c.mu.Unlock()
		return err
	}
	return nil
}

// Run flushes every interval (and early when many claims wait) until ctx ends, then flushes what
// is left.
func (c *Counter) Run(ctx context.Context) {
	t := time.NewTicker(c.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			last, cancel := context.WithTimeout(context.WithoutCancel(ctx), flushTimeout)
			defer cancel()
			if err := c.Flush(last); err != nil {
				c.log.Warn("view counts lost at shutdown", "err", err)
			}
			return
		case <-t.C:
		case <-c.full:
		}
		if err := c.Flush(ctx); err != nil && ctx.Err() == nil {
			c.log.Warn("flush view counts", "err", err)
		}
	}
}
