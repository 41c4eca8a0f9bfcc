// Package metering owns how API requests are counted: it resolves keys (with a short cache, so a
// revoked key stops within the cache TTL), limits bursts, counts each key's requests per calendar
// month (UTC) and decides admission, states the outcome in the rate-limit headers, and charges a
// write with the write's own transaction. Each API surface has one middleware built on Admit;
// changing how a request is counted touches this package and models/usage.go only.
//
// The counting rules:
//   - Every authenticated request counts once against its key's monthly quota, on either API
//     surface, including requests answered 400 (a malformed or invalid body is still a request).
//   - A refused request (over the burst limit, over the monthly quota, or without beta access on
//     /v1) is never counted, and nothing it would have written is stored.
//   - A request that writes is counted with its write (Charge), so a failed write counts nothing:
//     an analyzer failure (502) or a store failure (503) is not counted. One exception keeps the
//     /v1 submission contract: a /v1 submission refused as invalid (400, 415, 422) is not
//     counted, because it counts only with the transaction that stores it.
//   - No request is ever admitted over quota, on any number of processes: each one admitted was
//     counted in the key's counter before it went on, either by the exact statement (INSERT … ON
//     CONFLICT … DO UPDATE … WHERE count < quota RETURNING count) or as a token of a lease this
//     process took (the same statement adding n, WHERE count + n <= quota: all or nothing).
//   - Leases (lease.go) are on while Run runs. A process takes a key's tokens in one statement,
//     about the key's requests of the last second, at most 1,000 and at most 1/8 of what remains;
//     when that is under 2 the request is counted exactly. Far from the quota a request therefore
//     costs no database write; below 16 remaining every request is the exact statement. A write
//     draws its token inside its transaction without writing the counter there, and a rollback
//     gives the token back (models.Tx.OnRollback; a transaction that cannot promise that is
//     charged with the exact statement in it). Unused tokens go back once a lease is LeaseTTL
//     (5 s) old and when the process stops (Close); until then another process may be refused
//     with quota left: for at most LeaseTTL.
//   - While leases are on, unlimited plans count in memory and Flush writes each key's sum every
//     FlushInterval (2 s), one statement per key; last_used_at rides along, at most once a minute
//     per key, never on the request's path.
//   - A crash costs: the unused tokens of the leases the process held stay counted (at most one
//     lease per key: about a second of its traffic, at most 1/8 of what remained; in the
//     service's favour, never admitting over quota), and an unlimited plan's counts since the
//     last Flush are forgotten (at most FlushInterval of them, in the key's favour). An exact
//     count that writes nothing else commits asynchronously on PostgreSQL: a database crash may
//     forget the last few, in the key's favour; leases commit synchronously.
//   - X-RateLimit-Remaining is the quota less what this process last saw in the counter, plus the
//     tokens it holds unused: exact with one process; with several, off by at most the tokens
//     the others hold unused (their leases in flight) and what they counted since this process
//     last wrote the counter.
//   - A Meter that is not started (Start, Run) counts every request with the exact statement.
package metering

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/claimcheck/claimcheck/internal/ratelimit"
	"github.com/claimcheck/claimcheck/models"
)

// UsageStore is where the monthly counters live (models.UsageStore).
type UsageStore interface {
	// ChargeTx counts one request inside tx unless the counter reached quota.
	ChargeTx(ctx context.Context, tx models.Tx, keyID, period string, quota *int) (int, bool, error)
	// ChargeAsync counts one request in a transaction of its own with a relaxed commit.
	ChargeAsync(ctx context.Context, keyID, period string, quota *int) (int, bool, error)
	// Lease counts n requests at once if they all fit under quota (nil: no ceiling).
	Lease(ctx context.Context, keyID, period string, n int, quota *int) (int, bool, error)
	// Release uncounts n leased requests nobody used.
	Release(ctx context.Context, keyID, period string, n int) (int, error)
	// Touch records the key's last use.
	Touch(ctx context.Context, keyID string, at time.Time) error
	// Current reads the counter without counting.
	Current(ctx context.Context, keyID, period string) (int, error)
}

// BurstLimiter admits a bucket's requests up to a limit per window (internal/ratelimit).
type BurstLimiter interface {
	Allow(ctx context.Context, bucket string, limit int, window time.Duration) (ratelimit.Decision, error)
}

// Burst is a surface's short-term limit per key.
type Burst struct {
	// Limiter counts the windows; nil disables the burst limit.
	Limiter BurstLimiter
	// Limit is how many requests a key may make per Window; 0 disables the burst limit.
	Limit int
	// Window is the fixed window.
	Window time.Duration
	// Bucket prefixes the key id in the limiter, so surfaces count separately.
	Bucket string
}

// Config is what a Meter is built from.
type Config struct {
	// Keys looks keys up by hash.
	Keys KeyFinder
	// KeyCacheTTL bounds how long a key lookup is reused (and so how long a revoked key works).
	KeyCacheTTL time.Duration
	// Usage holds the monthly counters.
	Usage UsageStore
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures that do not fail the request; nil means slog.Default().
	Log *slog.Logger
}

// Meter resolves keys and admits, counts and charges their requests.
type Meter struct {
	keys   *Authenticator
	usage  UsageStore
	burst  Burst
	now    func() time.Time
	log    *slog.Logger
	ledger *ledger
}

// New builds a Meter without a burst limit.
func New(c Config) *Meter {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Meter{keys: NewAuthenticator(c.Keys, c.KeyCacheTTL, c.Now), usage: c.Usage, now: c.Now, log: c.Log,
		ledger: newLedger(c.Usage, c.Now, c.Log)}
}

// WithBurst is a Meter sharing m's key cache, counters and leases that also applies b, for a
// surface with a burst limit.
func (m *Meter) WithBurst(b Burst) *Meter {
	n := *m
	n.burst = b
	return &n
}

// BurstWindow is the burst limit's window (0 without one), for the words of a refusal.
func (m *Meter) BurstWindow() time.Duration { return m.burst.Window }

// Resolve returns the active key for secret: ErrNoKey, ErrBadKey, or a store failure.
func (m *Meter) Resolve(ctx context.Context, secret string) (*models.KeyWithPlan, error) {
	return m.keys.Authenticate(ctx, secret)
}

// Kind says how Admit counts a request.
type Kind int

const (
	// Read is counted at admission, in a transaction of its own: a request that writes nothing.
	Read Kind = iota
	// Check writes and is counted by Charge in its write's transaction; admission refuses a key
	// already at its quota by reading the counter, to spare the work of a request bound to fail.
	Check
	// Submit writes and is counted by Charge in its write's transaction; admission applies only
	// the burst limit.
	Submit
)

// Reason says why a request was refused.
type Reason string

const (
	// Admitted is the reason of an allowed request.
	Admitted Reason = ""
	// OverQuota refuses a key that used its monthly quota; it waits until the month ends.
	OverQuota Reason = "quota"
	// OverBurst refuses a key over its burst limit; it waits until the window ends.
	OverBurst Reason = "burst"
)

// Admission is the outcome of Admit, Peek or a Charge: the decision and the numbers the
// rate-limit headers state.
type Admission struct {
	// Allowed is false when the request is refused; it was then not counted.
	Allowed bool
	// Reason says why it was refused.
	Reason Reason
	// Limit is the key's monthly quota; nil means unlimited.
	Limit *int
	// Used is the key's count this month after this request (the limit when over quota).
	Used int
	// Remaining is how many more requests the month admits (0 for an unlimited plan: no number).
	Remaining int
	// Reset is when the month ends and the count starts again.
	Reset time.Time
	// RetryAfter is how many seconds a refused client should wait.
	RetryAfter int
	// Burst is the burst window's state, when a burst limit was applied.
	Burst *BurstState
	// Counted is true when this request was counted.
	Counted bool
	// usageKnown is false when the monthly count could not be read: its headers are left out.
	usageKnown bool
}

// BurstState is the burst window after a request.
type BurstState struct {
	// Limit is the requests allowed per window.
	Limit int
	// Remaining is how many more the window admits.
	Remaining int
	// ResetSeconds is the time until the window ends.
	ResetSeconds int
}

// base is the admission of key at now before any count: allowed, nothing used.
func base(key *models.KeyWithPlan, now time.Time) Admission {
	return Admission{Allowed: true, Limit: key.EffectiveQuota(), Reset: ResetAt(now), usageKnown: true}
}

// used sets the month's count.
func (a *Admission) used(n int) {
	a.Used = n
	if a.Limit != nil {
		a.Remaining = max(*a.Limit-n, 0)
	}
}

// overQuota refuses a for the month.
func (a *Admission) overQuota(now time.Time) {
	a.Allowed, a.Reason, a.Counted = false, OverQuota, false
	if a.Limit != nil {
		a.used(*a.Limit)
	}
	a.RetryAfter = RetryAfter(now)
}

// Admit decides whether key's request of kind goes on: the burst limit first, then the monthly
// quota, counting it when kind is Read. A refused request is never counted. An error means the
// counter could not be reached and nothing was counted; a burst limiter failure is logged and
// admits, since the exact monthly quota still holds.
func (m *Meter) Admit(ctx context.Context, key *models.KeyWithPlan, kind Kind) (Admission, error) {
	now := m.now()
	a := base(key, now)
	if m.burst.Limiter != nil && m.burst.Limit > 0 {
		dec, err := m.burst.Limiter.Allow(ctx, m.burst.Bucket+key.Key.ID, m.burst.Limit, m.burst.Window)
		if err != nil {
			m.log.Error("burst limit unavailable; request admitted", "bucket", m.burst.Bucket, "key", key.Key.Prefix, "err", err)
		} else {
			a.Burst = &BurstState{Limit: m.burst.Limit, Remaining: dec.Remaining, ResetSeconds: dec.ResetSeconds(now)}
			if !dec.Allowed {
				a.Allowed, a.Reason, a.RetryAfter = false, OverBurst, dec.RetryAfter(now)
				if p, err := m.peek(ctx, key, now); err != nil {
					m.log.Warn("usage read", "key", key.Key.Prefix, "err", err)
					a.usageKnown = false
				} else {
					a.used(p.Used)
				}
				return a, nil
			}
		}
	}
	var err error
	switch kind {
	case Read:
		err = m.countRead(ctx, key, &a, now)
	case Check:
		if a.Limit != nil {
			err = m.precheck(ctx, key, &a, now)
		}
	case Submit:
		// Counted by the write's Charge; its headers come from there.
		a.usageKnown = false
	}
	if err != nil {
		a.usageKnown = false
		return a, fmt.Errorf("admit key %s: %w", key.Key.Prefix, err)
	}
	return a, nil
}

// countRead counts a Read: in memory for an unlimited plan and from the lease for a limited one
// while leases are on, else (or near the quota) with the exact statement.
func (m *Meter) countRead(ctx context.Context, key *models.KeyWithPlan, a *Admission, now time.Time) error {
	l := m.ledger
	st := l.state(key, Period(now))
	period := st.period
	st.attempt(now)
	if a.Limit == nil && l.on.Load() {
		st.delta++
		st.lastUse = now
		used := st.used()
		st.mu.Unlock()
		a.Counted = true
		a.used(used)
		return nil
	}
	if a.Limit != nil {
		var (
			ok  bool
			err error
		)
		st, ok, err = l.provision(ctx, key, st, a.Limit)
		if err != nil {
			st.mu.Unlock()
			return err
		}
		if ok && st.draw(a.Limit, now) {
			used := st.used()
			st.mu.Unlock()
			a.Counted = true
			a.used(used)
			return nil
		}
	}
	ceiling := st.ceiling(a.Limit)
	st.mu.Unlock()
	n, ok, err := m.usage.ChargeAsync(ctx, key.Key.ID, period, ceiling)
	if err != nil {
		return err
	}
	st = l.state(key, period)
	if ok {
		if st.period == period {
			st.seen = n
		}
		st.lastUse = now
		used := st.used()
		st.mu.Unlock()
		a.Counted = true
		a.used(used)
		return nil
	}
	st.seen = max(st.seen, *a.Limit)
	st, ok = l.recheck(ctx, key, st, a.Limit, 0)
	if ok && st.draw(a.Limit, now) {
		used := st.used()
		st.mu.Unlock()
		a.Counted = true
		a.used(used)
		return nil
	}
	st.mu.Unlock()
	a.overQuota(now)
	return nil
}

// precheck is a Check's look at a limited key's quota before the work: from the lease when this
// process holds tokens (taking one if it can, for the charge to draw), else by reading the counter.
func (m *Meter) precheck(ctx context.Context, key *models.KeyWithPlan, a *Admission, now time.Time) error {
	l := m.ledger
	st := l.state(key, Period(now))
	period := st.period
	st.attempt(now)
	st, ok, err := l.provision(ctx, key, st, a.Limit)
	if err != nil {
		st.mu.Unlock()
		return err
	}
	if ok {
		used := st.used()
		st.mu.Unlock()
		a.used(used)
		return nil
	}
	st.mu.Unlock()
	n, err := m.usage.Current(ctx, key.Key.ID, period)
	if err != nil {
		return err
	}
	st = l.state(key, period)
	used := n - st.tokens + max(st.delta, 0)
	if used >= *a.Limit {
		st, ok = l.recheck(ctx, key, st, a.Limit, 0)
		if !ok {
			st.mu.Unlock()
			a.overQuota(now)
			return nil
		}
		used = st.used()
	}
	st.mu.Unlock()
	a.used(used)
	return nil
}

// Peek is key's admission without counting anything: the headers of an answer that counted
// nothing. On a read failure it returns the error with the count taken as 0.
func (m *Meter) Peek(ctx context.Context, key *models.KeyWithPlan) (Admission, error) {
	return m.peek(ctx, key, m.now())
}

// peek reads the counter at now, less the tokens this process holds unused; an unlimited key
// needs no read.
func (m *Meter) peek(ctx context.Context, key *models.KeyWithPlan, now time.Time) (Admission, error) {
	a := base(key, now)
	if a.Limit == nil {
		return a, nil
	}
	period := Period(now)
	n, err := m.usage.Current(ctx, key.Key.ID, period)
	if err != nil {
		return a, fmt.Errorf("read usage of key %s: %w", key.Key.Prefix, err)
	}
	st := m.ledger.state(key, period)
	n -= st.tokens
	st.mu.Unlock()
	a.used(max(n, 0))
	return a, nil
}

// Charge is one write's charge to a key, counted inside the write's transaction.
type Charge struct {
	m   *Meter
	key *models.KeyWithPlan
	at  time.Time
	adm Admission
}

// Charge starts the charge of one write by key; Tx counts it.
func (m *Meter) Charge(key *models.KeyWithPlan) *Charge {
	at := m.now()
	a := base(key, at)
	a.Allowed = false
	return &Charge{m: m, key: key, at: at, adm: a}
}

// KeyID is the paying key.
func (c *Charge) KeyID() string { return c.key.Key.ID }

// Tx counts the write inside tx; false refuses it (over quota), and the caller then rolls the
// write back. While leases are on and tx can give back on rollback (models.Tx.OnRollback), the
// write draws a leased token (or, unlimited, counts in memory) and writes no counter in tx; a
// rollback gives it back. Otherwise, and near the quota, the exact statement counts it in tx.
func (c *Charge) Tx(ctx context.Context, tx models.Tx) (bool, error) {
	l, period, limit := c.m.ledger, Period(c.at), c.adm.Limit
	drew := false
	hooked := l.on.Load() && tx.OnRollback(func() {
		if drew {
			l.refund(c.key, period, limit != nil)
		}
	})
	st := l.state(c.key, period)
	period = st.period // what the refund gives back to
	if hooked {
		switch {
		case limit == nil && l.on.Load():
			st.delta++
			st.lastUse = c.at
			drew = true
		case limit != nil && st.draw(limit, c.at):
			drew = true
		}
		if drew {
			c.admit(st.used())
			st.mu.Unlock()
			return true, nil
		}
	}
	ceiling := st.ceiling(limit)
	st.mu.Unlock()
	n, ok, err := c.m.usage.ChargeTx(ctx, tx, c.key.Key.ID, period, ceiling)
	if err != nil {
		return false, fmt.Errorf("charge key %s: %w", c.key.Key.Prefix, err)
	}
	st = l.state(c.key, period)
	defer func() { st.mu.Unlock() }()
	if ok {
		if st.period == period {
			st.seen = n
		}
		st.lastUse = c.at
		c.admit(st.used())
		return true, nil
	}
	if hooked && limit != nil {
		st.seen = max(st.seen, *limit)
		// A lease this process is taking may have counted the last of the quota just before
		// this refusal; its statement can also be queued behind tx, hence the bounded wait.
		if st, ok = l.recheck(ctx, c.key, st, limit, chargeWait); ok && st.draw(limit, c.at) {
			drew = true
			c.admit(st.used())
			return true, nil
		}
	}
	c.adm.overQuota(c.at)
	return false, nil
}

// admit records an allowed charge that leaves the month's count at used.
func (c *Charge) admit(used int) {
	c.adm.Allowed, c.adm.Reason, c.adm.Counted, c.adm.RetryAfter = true, Admitted, true, 0
	c.adm.used(used)
}

// Admission is the charge's outcome once Tx ran (and its transaction committed).
func (c *Charge) Admission() Admission { return c.adm }

// Payment is the charge as the submission store takes it.
func (c *Charge) Payment() models.Payment {
	return models.Payment{KeyID: c.key.Key.ID, Now: c.at, Charge: c.Tx}
}

// Start turns quota leases on: from now on reads and writes are admitted from leases and
// unlimited plans are counted in memory. Whoever calls it must call Flush every FlushInterval and
// Close when the process stops; Run does all three.
func (m *Meter) Start() { m.ledger.start() }

// Flush writes what this process owes the counters: unlimited plans' counts, the unused tokens of
// leases older than LeaseTTL−FlushInterval, and last_used_at (at most once a minute per key).
func (m *Meter) Flush(ctx context.Context) error {
	if err := m.ledger.flush(ctx, false); err != nil {
		return fmt.Errorf("flush usage: %w", err)
	}
	return nil
}

// Close turns leases off and gives back every unused token, writing every count still in
// memory; requests after it are counted exactly.
func (m *Meter) Close(ctx context.Context) error {
	if err := m.ledger.close(ctx); err != nil {
		return fmt.Errorf("close usage: %w", err)
	}
	return nil
}

// Run starts leases, flushes every FlushInterval until ctx ends, then closes (the process's
// graceful stop gives its leases back).
func (m *Meter) Run(ctx context.Context) {
	m.Start()
	t := time.NewTicker(FlushInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), statementTimeout)
			defer cancel()
			if err := m.Close(cctx); err != nil {
				m.log.Error("usage at shutdown", "err", err)
			}
			return
		case <-t.C:
			if err := m.Flush(ctx); err != nil && ctx.Err() == nil {
				m.log.Warn("usage flush", "err", err)
			}
		}
	}
}
