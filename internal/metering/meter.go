// Package metering owns how API requests are counted: it resolves keys (with a short cache, so a
// revoked key stops within the cache TTL), limits bursts, counts each key's requests per calendar
// month (UTC) and decides admission, states the outcome in the rate-limit headers, and charges a
// write inside the write's own transaction. Each API surface has one middleware built on Admit;
// changing how a request is counted touches this package and models/usage.go only.
//
// The counting rules:
//   - Every authenticated request counts once against its key's monthly quota, on either API
//     surface, including requests answered 400 (a malformed or invalid body is still a request).
//   - A refused request (over the burst limit, over the monthly quota, or without beta access on
//     /v1) is never counted, and nothing it would have written is stored.
//   - A request that writes is counted in the transaction of its write (Charge), so a failed
//     write counts nothing: an analyzer failure (502) or a store failure (503) is not counted.
//     One exception keeps the /v1 submission contract: a /v1 submission refused as invalid (400,
//     415, 422) is not counted, because it counts only in the transaction that stores it.
//   - Admission and counting are one statement (INSERT … ON CONFLICT … DO UPDATE … WHERE count <
//     quota RETURNING count), so concurrent requests on any number of processes never over-admit.
//     A count that writes nothing else commits asynchronously on PostgreSQL (a crash may forget
//     the last few counts, in the key's favour); admission stays exact.
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
	ChargeTx(ctx context.Context, tx models.Tx, keyID, period string, quota *int, now time.Time) (int, bool, error)
	// ChargeAsync counts one request in a transaction of its own with a relaxed commit.
	ChargeAsync(ctx context.Context, keyID, period string, quota *int, now time.Time) (int, bool, error)
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
	keys  *Authenticator
	usage UsageStore
	burst Burst
	now   func() time.Time
	log   *slog.Logger
}

// New builds a Meter without a burst limit.
func New(c Config) *Meter {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Meter{keys: NewAuthenticator(c.Keys, c.KeyCacheTTL, c.Now), usage: c.Usage, now: c.Now, log: c.Log}
}

// WithBurst is a Meter sharing m's key cache and counters that also applies b, for a surface
// with a burst limit.
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
	switch kind {
	case Read:
		n, ok, err := m.usage.ChargeAsync(ctx, key.Key.ID, Period(now), a.Limit, now)
		if err != nil {
			a.usageKnown = false
			return a, fmt.Errorf("admit key %s: %w", key.Key.Prefix, err)
		}
		if !ok {
			a.overQuota(now)
			return a, nil
		}
		a.Counted = true
		a.used(n)
	case Check:
		if a.Limit == nil {
			return a, nil
		}
		n, err := m.usage.Current(ctx, key.Key.ID, Period(now))
		if err != nil {
			a.usageKnown = false
			return a, fmt.Errorf("admit key %s: %w", key.Key.Prefix, err)
		}
		if n >= *a.Limit {
			a.overQuota(now)
			return a, nil
		}
		a.used(n)
	case Submit:
		// Counted by the write's Charge; its headers come from there.
		a.usageKnown = false
	}
	return a, nil
}

// Peek is key's admission without counting anything: the headers of an answer that counted
// nothing. On a read failure it returns the error with the count taken as 0.
func (m *Meter) Peek(ctx context.Context, key *models.KeyWithPlan) (Admission, error) {
	return m.peek(ctx, key, m.now())
}

// peek reads the counter at now; an unlimited key needs no read.
func (m *Meter) peek(ctx context.Context, key *models.KeyWithPlan, now time.Time) (Admission, error) {
	a := base(key, now)
	if a.Limit == nil {
		return a, nil
	}
	n, err := m.usage.Current(ctx, key.Key.ID, Period(now))
	if err != nil {
		return a, fmt.Errorf("read usage of key %s: %w", key.Key.Prefix, err)
	}
	a.used(n)
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
// write back.
func (c *Charge) Tx(ctx context.Context, tx models.Tx) (bool, error) {
	n, ok, err := c.m.usage.ChargeTx(ctx, tx, c.key.Key.ID, Period(c.at), c.adm.Limit, c.at)
	if err != nil {
		return false, fmt.Errorf("charge key %s: %w", c.key.Key.Prefix, err)
	}
	if !ok {
		c.adm.overQuota(c.at)
		return false, nil
	}
	c.adm.Allowed, c.adm.Reason, c.adm.Counted, c.adm.RetryAfter = true, Admitted, true, 0
	c.adm.used(n)
	return true, nil
}

// Admission is the charge's outcome once Tx ran (and its transaction committed).
func (c *Charge) Admission() Admission { return c.adm }

// Payment is the charge as the submission store takes it.
func (c *Charge) Payment() models.Payment {
	return models.Payment{KeyID: c.key.Key.ID, Now: c.at, Charge: c.Tx}
}
