// Package ratelimit limits bursts of requests per bucket (a /v1 key) with fixed windows whose
// counters live where every serving process sees them: the database's rate_limits table, or Redis
// when one is configured. Counting and checking are one atomic step in both backends, so concurrent
// requests on any number of processes can never over-admit.
package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Decision is the outcome of one Allow.
type Decision struct {
	// Allowed is false when the bucket already used its limit in this window; the refused request
	// was not counted.
	Allowed bool
	// Remaining is how many more requests the window admits after this one.
	Remaining int
	// ResetAt is when the current window ends and the count starts again.
	ResetAt time.Time
}

// RetryAfter is how long a refused client should wait, in whole seconds rounded up (at least 1).
func (d Decision) RetryAfter(now time.Time) int {
	return max(ceilSeconds(d.ResetAt.Sub(now)), 1)
}

// ResetSeconds is the number of seconds until the window resets (0 when it already has).
func (d Decision) ResetSeconds(now time.Time) int {
	return max(ceilSeconds(d.ResetAt.Sub(now)), 0)
}

// ceilSeconds rounds a duration up to whole seconds.
func ceilSeconds(d time.Duration) int {
	return int((d + time.Second - 1) / time.Second)
}

// Limiter counts one request against a bucket's limit per window.
type Limiter interface {
	Allow(ctx context.Context, bucket string, limit int, window time.Duration) (Decision, error)
}

// ErrBadWindow is returned for windows under a second: the database backend stores window starts in
// whole seconds, and a burst limit finer than that is not what the limit is for.
var ErrBadWindow = errors.New("rate-limit window must be at least one second")

// windowOf is the fixed window containing now: its start and end. Windows are aligned on the Unix
// epoch, so every process computes the same window for the same instant.
func windowOf(now time.Time, window time.Duration) (start, end time.Time) {
	ns := now.UnixNano()
	startNs := ns - ns%int64(window)
	start = time.Unix(0, startNs).UTC()
	return start, start.Add(window)
}

// check validates Allow's arguments the same way for both backends.
func check(bucket string, limit int, window time.Duration) error {
	if bucket == "" {
		return errors.New("rate limit: empty bucket")
	}
	if limit <= 0 {
		return fmt.Errorf("rate limit %s: limit %d must be positive", bucket, limit)
	}
	if window < time.Second {
		return fmt.Errorf("rate limit %s: %w", bucket, ErrBadWindow)
	}
	return nil
}

// WithFallback uses primary and, when it fails, secondary for that request, reporting primary's
// error to onErr (may be nil): a Redis outage then degrades to the database's shared counters
// instead of to no burst limit at all.
func WithFallback(primary, secondary Limiter, onErr func(error)) Limiter {
	return fallback{primary: primary, secondary: secondary, onErr: onErr}
}

type fallback struct {
	primary, secondary Limiter
	onErr              func(error)
}

// Allow asks primary, then secondary if primary fails.
func (f fallback) Allow(ctx context.Context, bucket string, limit int, window time.Duration) (Decision, error) {
	d, err := f.primary.Allow(ctx, bucket, limit, window)
	if err == nil {
		return d, nil
	}
	if errors.Is(err, ErrBadWindow) {
		return d, err
	}
	if f.onErr != nil {
		f.onErr(err)
	}
	return f.secondary.Allow(ctx, bucket, limit, window)
}
