// Package feed is the live feed: a hub that follows the shared event log and fans new events
// out to subscribers, and the Server-Sent Events writer that streams them with Last-Event-ID
// resumption.
//
// The event log in the database is the source of truth. Every process runs one hub that polls
// the log for events past the last position it has seen, so several `serve` processes on one
// PostgreSQL all see every event, whichever process wrote it. Writers take no lock: the log is
// read in (transaction, id) order and only up to the oldest transaction still running
// (models.EventStore.Next), so an event that commits late is never passed over, and a position
// once passed is never revisited. Event ids therefore reach subscribers in log order, which on
// PostgreSQL is not always ascending id order. Subscribers read from bounded buffers; one that
// cannot keep up is dropped instead of slowing the hub, and resumes from the log when it
// reconnects.
package feed

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/models"
)

// Log is the part of the event log the hub and the streams read (models.EventStore).
type Log interface {
	// Head is the position of now: events after it are new, those at or before it are in the log.
	Head(ctx context.Context) (models.EventPos, error)
	// Next returns up to limit events after a position, in log order; reading on from the last one
	// returned never skips or repeats an event.
	Next(ctx context.Context, after models.EventPos, limit int) ([]models.Event, error)
	// Resume is the position of the event with the given id, where a client that saw it goes on;
	// ahead is true for an id the log never gave.
	Resume(ctx context.Context, id int64) (pos models.EventPos, ahead bool, err error)
	// Latest returns the newest limit events Next has reached, newest first.
	Latest(ctx context.Context, limit int) ([]models.Event, error)
}

// Why a subscription ended, as Subscription.Err reports it.
var (
	// ErrClosed: the hub closed, because the process is shutting down or its reader stopped.
	ErrClosed = errors.New("the live feed closed")
	// ErrTooSlow: the subscriber's buffer filled up; it must resume from the log.
	ErrTooSlow = errors.New("the stream fell too far behind the live feed")
)

// Defaults of Config.
const (
	DefaultPollInterval = 500 * time.Millisecond
	DefaultBuffer       = 256
	DefaultBatch        = 500
)

// Config builds a Hub.
type Config struct {
	// Log is the shared event log.
	Log Log
	// PollInterval is how often the log is read for new events (DefaultPollInterval when 0).
	PollInterval time.Duration
	// Buffer is how many undelivered events a subscriber may hold before it is dropped
	// (DefaultBuffer when 0).
	Buffer int
	// Batch is how many events one read of the log returns at most (DefaultBatch when 0); a full
	// batch is followed by another read at once.
	Batch int
	// Logger receives read failures; nil means slog.Default().
	Logger *slog.Logger
}

// Hub follows the event log and fans each new event out to its subscribers. One per process.
type Hub struct {
	log    Log
	poll   time.Duration
	buffer int
	batch  int
	logger *slog.Logger

	// initMu serialises the first read of the log's position, which either Run or the first
	// Subscribe does, whichever comes first.
	initMu sync.Mutex

	mu      sync.Mutex
	started bool            // last is known
	last    models.EventPos // position of the newest event fanned out (or the log's head when the hub started)
	subs    map[*Subscription]struct{}
	closed  bool
	done    chan struct{}
}

// New builds a hub; Run starts following the log.
func New(cfg Config) *Hub {
	h := &Hub{log: cfg.Log, poll: cfg.PollInterval, buffer: cfg.Buffer, batch: cfg.Batch, logger: cfg.Logger,
		subs: map[*Subscription]struct{}{}, done: make(chan struct{})}
	if h.poll <= 0 {
		h.poll = DefaultPollInterval
	}
	if h.buffer <= 0 {
		h.buffer = DefaultBuffer
	}
	if h.batch <= 0 {
		h.batch = DefaultBatch
	}
	if h.logger == nil {
		h.logger = slog.Default()
	}
	return h
}

// Subscription receives every event after From, in log order, until Done closes.
type Subscription struct {
	hub   *Hub
	ch    chan models.Event
	done  chan struct{}
	from  models.EventPos
	types map[string]bool
	err   error // why done closed; written under hub.mu before done closes
}

// Events delivers the live events.
func (s *Subscription) Events() <-chan models.Event { return s.ch }

// Done closes when the subscription ends; Err then says why.
func (s *Subscription) Done() <-chan struct{} { return s.done }

// From is the log position the hub had reached when the subscription began: every event after it
// arrives on Events, and every event up to it is already in the log.
func (s *Subscription) From() models.EventPos { return s.from }

// Err is ErrTooSlow or ErrClosed once Done has closed because of the hub, nil before that or
// after Close.
func (s *Subscription) Err() error {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	return s.err
}

// Close ends the subscription; it is safe to call more than once and after the hub closed it.
func (s *Subscription) Close() {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	s.hub.end(s, nil)
}

// end removes s and closes its done channel with reason err, once. Callers hold h.mu.
func (h *Hub) end(s *Subscription, err error) {
	if _, ok := h.subs[s]; !ok {
		return
	}
	delete(h.subs, s)
	s.err = err
	close(s.done)
}

// Subscribe registers a subscriber for events of the given types (nil or empty: all types). It
// works before Run has started: the hub's position is then read from the log now, and Run
// continues from it, so nothing committed after the subscription is missed.
func (h *Hub) Subscribe(ctx context.Context, types []string) (*Subscription, error) {
	if err := h.ensureStarted(ctx); err != nil {
		return nil, err
	}
	s := &Subscription{hub: h, ch: make(chan models.Event, h.buffer), done: make(chan struct{})}
	if len(types) > 0 {
		s.types = make(map[string]bool, len(types))
		for _, t := range types {
			s.types[t] = true
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, ErrClosed
	}
	s.from = h.last
	h.subs[s] = struct{}{}
	return s, nil
}

// ensureStarted reads the log's head the first time the hub needs a position.
func (h *Hub) ensureStarted(ctx context.Context) error {
	h.mu.Lock()
	started, closed := h.started, h.closed
	h.mu.Unlock()
	if closed {
		return ErrClosed
	}
	if started {
		return nil
	}
	h.initMu.Lock()
	defer h.initMu.Unlock()
	h.mu.Lock()
	started = h.started
	h.mu.Unlock()
	if started {
		return nil
	}
	last, err := h.log.Head(ctx)
	if err != nil {
		return fmt.Errorf("live feed: start position: %w", err)
	}
	h.mu.Lock()
	h.last, h.started = last, true
	h.mu.Unlock()
	return nil
}

// Run follows the log until ctx is cancelled or the hub is closed, then closes the hub: a hub
// that no longer reads cannot deliver, so its streams end and their clients reconnect.
func (h *Hub) Run(ctx context.Context) {
	defer h.Close()
	t := time.NewTicker(h.poll)
	defer t.Stop()
	failing := false
	for {
		err := h.ensureStarted(ctx)
		if err == nil {
			err = h.readNew(ctx)
		}
		switch {
		case err != nil && ctx.Err() == nil && !errors.Is(err, ErrClosed):
			// One line when reading starts failing and one when it recovers, not one per tick.
			if !failing {
				h.logger.Warn("live feed: reading the event log failed; retrying", "err", err)
			}
			failing = true
		case err == nil && failing:
			h.logger.Info("live feed: reading the event log works again")
			failing = false
		}
		select {
		case <-ctx.Done():
			return
		case <-h.done:
			return
		case <-t.C:
		}
	}
}

// readNew fans out every event committed since the last read.
func (h *Hub) readNew(ctx context.Context) error {
	for {
		h.mu.Lock()
		last := h.last
		h.mu.Unlock()
		evs, err := h.log.Next(ctx, last, h.batch)
		if err != nil {
			return err
		}
		h.publish(evs)
		if len(evs) < h.batch {
			return nil
		}
	}
}

// publish hands events to every interested subscriber without ever waiting on one: a full
// buffer ends that subscription instead.
func (h *Hub) publish(evs []models.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	for _, ev := range evs {
		if ev.Pos().Compare(h.last) <= 0 {
			continue
		}
		h.last = ev.Pos()
		for s := range h.subs {
			if s.types != nil && !s.types[ev.Type] {
				continue
			}
			select {
			case s.ch <- ev:
			default:
				h.end(s, ErrTooSlow)
			}
		}
	}
}

// Close ends every subscription with ErrClosed and refuses new ones; Run returns. It is safe to
// call more than once; shutdown calls it before draining HTTP so open streams do not hold it up.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	h.closed = true
	close(h.done)
	for s := range h.subs {
		h.end(s, ErrClosed)
	}
}

// Closed reports whether Close has run.
func (h *Hub) Closed() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.closed
}

// Subscribers is the number of open subscriptions.
func (h *Hub) Subscribers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// Position is the log position of the newest event the hub has fanned out (the log's head when
// none came yet; zero before it started).
func (h *Hub) Position() models.EventPos {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.last
}
