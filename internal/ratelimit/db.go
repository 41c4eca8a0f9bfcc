package ratelimit

import (
	"context"
	"fmt"
	"time"
)

// Counter is the database's fixed-window counter (models.RateLimitStore): Hit counts one event in
// the bucket's window in a single INSERT … ON CONFLICT … DO UPDATE … WHERE count < limit statement
// and reports whether it was admitted and the count after it. A refused event is not counted.
type Counter interface {
	Hit(ctx context.Context, bucket string, windowStart int64, limit int) (bool, int, error)
}

// DB is a Limiter over the rate_limits table, which every process shares. Its rows are pruned by the
// serving process's janitor two hours after their window started, so windows must be shorter than that.
type DB struct {
	counter Counter
	now     func() time.Time
}

// NewDB builds the database limiter; now is the clock (nil: time.Now).
func NewDB(counter Counter, now func() time.Time) *DB {
	if now == nil {
		now = time.Now
	}
	return &DB{counter: counter, now: now}
}

// Allow counts one request in bucket's current window.
func (l *DB) Allow(ctx context.Context, bucket string, limit int, window time.Duration) (Decision, error) {
	if err := check(bucket, limit, window); err != nil {
		return Decision{}, err
	}
	start, end := windowOf(l.now(), window)
	// The window length is part of the bucket, so processes that disagree on it (a rolling config
	// change) count separately instead of corrupting each other's windows.
	ok, count, err := l.counter.Hit(ctx, fmt.Sprintf("%s@%s", bucket, window), start.Unix(), limit)
	if err != nil {
		return Decision{}, fmt.Errorf("burst limit %s: %w", bucket, err)
	}
	return Decision{Allowed: ok, Remaining: max(limit-count, 0), ResetAt: end}, nil
}
