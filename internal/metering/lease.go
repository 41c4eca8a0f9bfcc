package metering

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/claimcheck/claimcheck/models"
)

// Quota leases (the counting rules in meter.go say what they promise; this file is how).
const (
	// LeaseTTL bounds how long a process keeps counted tokens nobody used: Flush gives a lease
	// back once it is LeaseTTL−FlushInterval old, so with Run flushing every FlushInterval the
	// tokens are back in the counter before LeaseTTL. It is also how long another process may be
	// refused while quota is left (those tokens are counted, not yet used).
	LeaseTTL = 5 * time.Second
	// FlushInterval is how often Run writes unlimited plans' counts, gives back aged leases and
	// records last_used_at; a crash forgets at most this long of an unlimited plan's counts.
	FlushInterval = 2 * time.Second

	// leaseWindow is how much of a key's traffic one lease is sized for: the request rate is a
	// count decaying with this time constant, so a lease is about the requests of the last second.
	leaseWindow = time.Second
	// maxLease caps a lease, and so what a crash can strand of one key.
	maxLease = 1000
	// leaseShare is the part of what remains one lease may take at most (1/8): leases shrink as
	// the counter nears the quota, and below 2×leaseShare remaining every request is counted on
	// its own.
	leaseShare = 8
	// minLease is the smallest lease worth a statement; smaller, the request is counted exactly.
	minLease = 2
	// chargeWait bounds how long a charge refused inside its transaction waits for a lease this
	// process is taking for the same key (the lease statement may queue behind that transaction).
	chargeWait = 100 * time.Millisecond
	// statementTimeout bounds a lease, release or flush statement.
	statementTimeout = 10 * time.Second
	// idleAfter is how long an unused key's state is kept in memory.
	idleAfter = 10 * time.Minute
)

// leaseSize is how many requests to lease for a key whose decayed request count (this request
// included) is recent, with the counter last seen at seen; 0 means count this request exactly.
func leaseSize(recent float64, quota *int, seen int) int {
	n := min(int(recent), maxLease)
	if quota != nil {
		n = min(n, (*quota-seen)/leaseShare)
	}
	if n < minLease {
		return 0
	}
	return n
}

// ledger is a process's view of its keys' counters: the leases it holds and the counts it has not
// written yet. Meters made by WithBurst share one.
type ledger struct {
	usage UsageStore
	now   func() time.Time
	log   *slog.Logger

	// gate orders lease statements (readers) against Start and Close (writers), so that no lease
	// lands in memory after Close gave everything back.
	gate sync.RWMutex
	// on is true between Start and Close; read under a keyState's lock before adding to it.
	on atomic.Bool

	// mu guards keys and retired; look-ups of a known key, one per counted request, share it.
	mu      sync.RWMutex
	keys    map[string]*keyState
	retired []owed
}

// owed is what a past period's state still owes its counter.
type owed struct {
	keyID, prefix, period string
	tokens, delta         int
}

// keyState is one key's lease and pending counts in this process, for one period.
type keyState struct {
	mu     sync.Mutex
	id     string
	prefix string
	period string
	// tokens are counted in the counter and not used yet; leasedAt is when they were taken.
	tokens   int
	leasedAt time.Time
	// seen is the counter after this process's last statement on it (0 before the first).
	seen int
	// delta is counted here and not yet written (unlimited plans).
	delta int
	// recent is the request count decaying with leaseWindow, as of recentAt.
	recent   float64
	recentAt time.Time
	// lastUse is the last counted request; touched the last one written to last_used_at.
	lastUse, touched time.Time
	// acquiring is closed when the lease statement in flight for this key ends.
	acquiring chan struct{}
	// dead marks a state pruned from the map: whoever locked it looks it up again.
	dead bool
}

func newLedger(usage UsageStore, now func() time.Time, log *slog.Logger) *ledger {
	return &ledger{usage: usage, now: now, log: log, keys: map[string]*keyState{}}
}

// state returns key's state, locked, at period or a later one (a caller that read the clock just
// before the month turned gets the new month's state; callers use st.period). A state of an
// earlier period hands what it still owes to the next Flush and starts over.
func (l *ledger) state(key *models.KeyWithPlan, period string) *keyState {
	for {
		l.mu.RLock()
		st := l.keys[key.Key.ID]
		l.mu.RUnlock()
		if st == nil {
			l.mu.Lock()
			if st = l.keys[key.Key.ID]; st == nil {
				st = &keyState{id: key.Key.ID, prefix: key.Key.Prefix, period: period}
				l.keys[key.Key.ID] = st
			}
			l.mu.Unlock()
		}
		st.mu.Lock()
		if st.dead {
			st.mu.Unlock()
			continue
		}
		if st.period < period { // periods are "2006-01": their order is the strings' order
			l.retire(st, period)
		}
		return st
	}
}

// retire moves what st owes its period to the retired list and starts st over at period. st is
// locked.
func (l *ledger) retire(st *keyState, period string) {
	if st.tokens != 0 || st.delta != 0 {
		l.mu.Lock()
		l.retired = append(l.retired, owed{keyID: st.id, prefix: st.prefix, period: st.period, tokens: st.tokens, delta: st.delta})
		l.mu.Unlock()
	}
	st.period, st.tokens, st.leasedAt, st.seen, st.delta = period, 0, time.Time{}, 0, 0
}

// attempt notes one request at now in the decaying count. st is locked.
func (st *keyState) attempt(now time.Time) {
	if dt := now.Sub(st.recentAt); dt > 0 {
		st.recent *= math.Exp(-dt.Seconds() / leaseWindow.Seconds())
	}
	st.recentAt = now
	st.recent++
}

// used is the key's count as this process knows it: the counter last seen, less the tokens it
// holds unused, plus what it counted in memory and has not written. st is locked.
func (st *keyState) used() int { return st.seen - st.tokens + max(st.delta, 0) }

// ceiling is the quota the counter's statements may fill for st: the quota less what this process
// counted in memory and has not written yet. That is nothing but for a key whose plan was
// unlimited until the key cache refreshed; it keeps such a key from going over its new quota by
// what Flush has yet to write. st is locked.
func (st *keyState) ceiling(quota *int) *int {
	if quota == nil || st.delta <= 0 {
		return quota
	}
	c := *quota - st.delta
	return &c
}

// draw takes one token for a request of a key with quota, unless none is left or the quota
// (which a plan change may have lowered) no longer admits it. st is locked.
func (st *keyState) draw(quota *int, now time.Time) bool {
	if st.tokens <= 0 || (quota != nil && st.used() >= *quota) {
		return false
	}
	st.tokens--
	if st.tokens == 0 {
		st.leasedAt = time.Time{}
	}
	st.lastUse = now
	return true
}

// wait waits for the lease statement in flight on st (locked) to end, at most bound (0: as long
// as ctx allows), and returns st locked again; false when it gave up.
func (l *ledger) wait(ctx context.Context, key *models.KeyWithPlan, st *keyState, bound time.Duration) (*keyState, bool) {
	ch, period := st.acquiring, st.period
	st.mu.Unlock()
	var timeout <-chan time.Time
	if bound > 0 {
		t := time.NewTimer(bound)
		defer t.Stop()
		timeout = t.C
	}
	ok := true
	select {
	case <-ch:
	case <-ctx.Done():
		ok = false
	case <-timeout:
		ok = false
	}
	return l.state(key, period), ok
}

// lease takes a lease of n tokens for st (locked, empty, nobody else taking one) and returns st
// locked again with whether it got them. The statement runs outside st's lock; others wanting
// tokens meanwhile wait for it (wait).
func (l *ledger) lease(ctx context.Context, key *models.KeyWithPlan, st *keyState, n int, quota *int) (*keyState, bool, error) {
	ch, period := make(chan struct{}), st.period
	st.acquiring = ch
	st.mu.Unlock()

	l.gate.RLock()
	var (
		count int
		ok    bool
		err   error
	)
	if l.on.Load() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), statementTimeout)
		count, ok, err = l.usage.Lease(sctx, key.Key.ID, period, n, quota)
		cancel()
	}
	st = l.state(key, period)
	if st.acquiring == ch {
		st.acquiring = nil
	}
	close(ch)
	switch {
	case err != nil:
	case st.period != period:
		// The month turned during the statement: the tokens belong to the month that ended.
		if ok {
			l.mu.Lock()
			l.retired = append(l.retired, owed{keyID: st.id, prefix: st.prefix, period: period, tokens: n})
			l.mu.Unlock()
		}
		ok = false
	case ok:
		if st.tokens == 0 {
			st.leasedAt = l.now()
		}
		st.tokens += n
		st.seen = count
	case quota != nil:
		// Refused: the counter is above quota−n. Seeing it so keeps the next lease smaller
		// until an exact count tells the truth.
		st.seen = max(st.seen, *quota-n+1)
	}
	l.gate.RUnlock()
	if err != nil {
		return st, false, fmt.Errorf("lease for key %s: %w", key.Key.Prefix, err)
	}
	return st, ok, nil
}

// provision makes sure st (locked) holds a token for a request of a limited key, taking a lease
// or waiting for the one in flight. It returns st locked and whether a token is there; false
// means the request must be counted exactly.
func (l *ledger) provision(ctx context.Context, key *models.KeyWithPlan, st *keyState, quota *int) (*keyState, bool, error) {
	for {
		if st.tokens > 0 && st.used() < *quota {
			return st, true, nil
		}
		if !l.on.Load() {
			return st, false, nil
		}
		if st.acquiring != nil {
			var ok bool
			if st, ok = l.wait(ctx, key, st, 0); !ok {
				return st, false, ctx.Err()
			}
			continue
		}
		n := leaseSize(st.recent, quota, st.used()+st.tokens)
		if n == 0 {
			return st, false, nil
		}
		var (
			ok  bool
			err error
		)
		if st, ok, err = l.lease(ctx, key, st, n, st.ceiling(quota)); err != nil || !ok {
			return st, false, err
		}
	}
}

// recheck looks again, after an exact refusal, for tokens a lease of this process brought in
// meanwhile (its statement may have taken the last of the quota just before the refusal): it
// waits for a lease in flight, at most bound (0: as long as ctx allows). It returns st locked.
func (l *ledger) recheck(ctx context.Context, key *models.KeyWithPlan, st *keyState, quota *int, bound time.Duration) (*keyState, bool) {
	for {
		if st.tokens > 0 && st.used() < *quota {
			return st, true
		}
		if st.acquiring == nil {
			return st, false
		}
		var ok bool
		if st, ok = l.wait(ctx, key, st, bound); !ok {
			return st, st.tokens > 0 && st.used() < *quota
		}
	}
}

// refund gives back one token a rolled-back write drew: to the lease while leases are on and the
// period is the same, else straight to the counter (Close already gave the rest back).
func (l *ledger) refund(key *models.KeyWithPlan, period string, limited bool) {
	l.mu.Lock()
	st := l.keys[key.Key.ID]
	l.mu.Unlock()
	if st != nil {
		st.mu.Lock()
		if !st.dead && st.period == period && l.on.Load() {
			if limited {
				if st.tokens == 0 {
					st.leasedAt = l.now()
				}
				st.tokens++
			} else {
				st.delta--
			}
			st.mu.Unlock()
			return
		}
		st.mu.Unlock()
	}
	ctx, cancel := context.WithTimeout(context.Background(), statementTimeout)
	defer cancel()
	if _, err := l.usage.Release(ctx, key.Key.ID, period, 1); err != nil {
		l.log.Warn("give back a rolled-back write's count", "key", key.Key.Prefix, "err", err)
	}
}

// start turns leases on.
func (l *ledger) start() {
	l.gate.Lock()
	l.on.Store(true)
	l.gate.Unlock()
}

// close turns leases off and gives everything back.
func (l *ledger) close(ctx context.Context) error {
	l.gate.Lock()
	l.on.Store(false)
	l.gate.Unlock()
	return l.flush(ctx, true)
}

// flush writes what the states owe: unlimited counts, leases older than LeaseTTL−FlushInterval
// (all leases when all), last uses; then forgets idle keys. A write that fails is kept for the
// next flush while leases are on; after Close its tokens stay counted (never over-admitting) and
// its unlimited count is lost (in the key's favour).
func (l *ledger) flush(ctx context.Context, all bool) error {
	now := l.now()
	period := Period(now)
	l.mu.Lock()
	states := make([]*keyState, 0, len(l.keys))
	for _, st := range l.keys {
		states = append(states, st)
	}
	l.mu.Unlock()

	var errs []error
	for _, st := range states {
		st.mu.Lock()
		if st.dead {
			st.mu.Unlock()
			continue
		}
		if st.period < period {
			l.retire(st, period)
		}
		var o owed
		o.keyID, o.prefix, o.period = st.id, st.prefix, st.period
		if st.tokens > 0 && (all || now.Sub(st.leasedAt) >= LeaseTTL-FlushInterval) {
			o.tokens, st.tokens, st.leasedAt = st.tokens, 0, time.Time{}
		}
		o.delta, st.delta = st.delta, 0
		var touch time.Time
		if st.lastUse.After(st.touched) && (all || st.touched.IsZero() || st.lastUse.Sub(st.touched) >= time.Minute) {
			touch, st.touched = st.lastUse, st.lastUse
		}
		st.mu.Unlock()
		if err := l.settle(ctx, o, st); err != nil {
			errs = append(errs, err)
		}
		if !touch.IsZero() {
			if err := l.usage.Touch(ctx, st.id, touch); err != nil {
				errs = append(errs, err)
			}
		}
	}

	l.mu.Lock()
	retired := l.retired
	l.retired = nil
	l.mu.Unlock()
	for _, o := range retired {
		if err := l.settle(ctx, o, nil); err != nil {
			errs = append(errs, err)
		}
	}
	l.prune(states, now)
	return errors.Join(errs...)
}

// settle writes what o owes its counter; st (unlocked; nil for a retired period) learns the
// counter, or takes back what could not be written while leases are on.
func (l *ledger) settle(ctx context.Context, o owed, st *keyState) error {
	var errs []error
	if o.tokens > 0 {
		count, err := l.usage.Release(ctx, o.keyID, o.period, o.tokens)
		l.settled(o, st, count, err, func(st *keyState) {
			if st.tokens == 0 {
				st.leasedAt = l.now()
			}
			st.tokens += o.tokens
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("give back %d leased requests of key %s: %w", o.tokens, o.prefix, err))
		}
	}
	if o.delta != 0 {
		var (
			count int
			err   error
		)
		if o.delta > 0 {
			count, _, err = l.usage.Lease(ctx, o.keyID, o.period, o.delta, nil)
		} else {
			count, err = l.usage.Release(ctx, o.keyID, o.period, -o.delta)
		}
		l.settled(o, st, count, err, func(st *keyState) { st.delta += o.delta })
		if err != nil {
			errs = append(errs, fmt.Errorf("write %d requests of key %s: %w", o.delta, o.prefix, err))
		}
	}
	return errors.Join(errs...)
}

// settled records a settling write's outcome in st: the counter it saw, or (failed, leases on,
// same period) what to keep for the next flush. A retired period's failure goes back on the
// retired list while leases are on.
func (l *ledger) settled(o owed, st *keyState, count int, err error, keep func(*keyState)) {
	if st == nil {
		if err != nil && l.on.Load() {
			l.mu.Lock()
			l.retired = append(l.retired, o)
			l.mu.Unlock()
		}
		return
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.dead || st.period != o.period {
		return
	}
	if err == nil {
		st.seen = count
		return
	}
	if l.on.Load() {
		keep(st)
	}
}

// prune forgets the states of keys unused for idleAfter that owe nothing.
func (l *ledger) prune(states []*keyState, now time.Time) {
	var dead []*keyState
	for _, st := range states {
		st.mu.Lock()
		if !st.dead && st.tokens == 0 && st.delta == 0 && st.acquiring == nil && !st.lastUse.After(st.touched) &&
			now.Sub(st.recentAt) > idleAfter {
			st.dead = true
			dead = append(dead, st)
		}
		st.mu.Unlock()
	}
	if len(dead) == 0 {
		return
	}
	l.mu.Lock()
	for _, st := range dead {
		if l.keys[st.id] == st {
			delete(l.keys, st.id)
		}
	}
	l.mu.Unlock()
}
