package ratelimit

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Counter is the database's fixed-window counter (models.RateLimitStore), shared by every process.
// Its rows are pruned by the serving process's janitor two hours after their window started, so
// windows must be shorter than that. A refused event is never counted.
type Counter interface {
	// Hit counts one event in bucket's window unless it reached limit (one INSERT … ON CONFLICT …
	// DO UPDATE … WHERE count < limit statement); it reports whether it did and the count after it.
	Hit(ctx context.Context, bucket string, windowStart int64, limit int) (bool, int, error)
	// HitN adds n to bucket's window unless that would pass limit, all or nothing; it reports
	// whether it did and the count after it (the count as it stands when refused).
	HitN(ctx context.Context, bucket string, windowStart int64, n, limit int) (bool, int, error)
}

// MaxLease is the most tokens one process takes from a window at once.
const MaxLease = 1000

// Leased is the database's limiter (the rate_limits table), with leases: a process takes a share of a bucket's window in
// one statement and admits that many requests from memory, so a busy key costs one write per
// lease rather than one per request. A lease is at most 1/16 of the limit (and MaxLease), so
// small limits stay almost exact; when the share would be under 2, or the window cannot grant it,
// each request is counted exactly. Tokens never go back: a lease ends with its window, so another
// process may refuse a key with some of its window unused (at most one lease per other process,
// for at most the window), and no process ever admits more than the limit.
type Leased struct {
	counter Counter
	now     func() time.Time

	mu     sync.Mutex
	leases map[string]*burstLease
}

// burstLease is one process's unused share of one bucket's window.
type burstLease struct {
	start  int64         // the window's start (Unix seconds)
	tokens int           // admissions left in the share
	count  int           // the shared count after the last take, this share included
	taking chan struct{} // closed when the take in flight ends; nil when none is
	exact  bool          // the window could not grant a share: count each request exactly
}

// NewLeased builds the leasing database limiter; now is the clock (nil: time.Now).
func NewLeased(counter Counter, now func() time.Time) *Leased {
	if now == nil {
		now = time.Now
	}
	return &Leased{counter: counter, now: now, leases: map[string]*burstLease{}}
}

// Allow admits one request of bucket from the process's share of the current window, taking a
// new share when it is spent. One request per bucket takes the share while the others wait for
// it, so a burst of requests costs one statement, not one each.
func (l *Leased) Allow(ctx context.Context, bucket string, limit int, window time.Duration) (Decision, error) {
	if err := check(bucket, limit, window); err != nil {
		return Decision{}, err
	}
	start, end := windowOf(l.now(), window)
	key := fmt.Sprintf("%s@%s", bucket, window)
	n := min(limit/16, MaxLease)
	for {
		l.mu.Lock()
		ls := l.leases[key]
		if ls == nil || ls.start != start.Unix() {
			l.pruneLocked(start.Unix())
			ls = &burstLease{start: start.Unix(), exact: n < 2}
			l.leases[key] = ls
		}
		if ls.tokens > 0 {
			ls.tokens--
			d := Decision{Allowed: true, Remaining: max(limit-ls.count+ls.tokens, 0), ResetAt: end}
			l.mu.Unlock()
			return d, nil
		}
		if ls.exact {
			l.mu.Unlock()
			break
		}
		if ch := ls.taking; ch != nil {
			l.mu.Unlock()
			select {
			case <-ch:
				continue
			case <-ctx.Done():
				return Decision{}, fmt.Errorf("burst limit %s: %w", bucket, ctx.Err())
			}
		}
		ch := make(chan struct{})
		ls.taking = ch
		l.mu.Unlock()

		ok, count, err := l.counter.HitN(ctx, key, start.Unix(), n, limit)
		l.mu.Lock()
		ls.taking = nil
		close(ch)
		if err != nil {
			l.mu.Unlock()
			return Decision{}, fmt.Errorf("burst limit %s: %w", bucket, err)
		}
		if !ok {
			// Less than a share is left in this window: every request is counted exactly.
			ls.exact = true
			l.mu.Unlock()
			break
		}
		// One token is this request.
		ls.tokens += n - 1
		ls.count = max(ls.count, count)
		d := Decision{Allowed: true, Remaining: max(limit-ls.count+ls.tokens, 0), ResetAt: end}
		l.mu.Unlock()
		return d, nil
	}
	ok, count, err := l.counter.Hit(ctx, key, start.Unix(), limit)
	if err != nil {
		return Decision{}, fmt.Errorf("burst limit %s: %w", bucket, err)
	}
	return Decision{Allowed: ok, Remaining: max(limit-count, 0), ResetAt: end}, nil
}

// pruneLocked forgets shares of windows that ended, so the map holds only live keys.
func (l *Leased) pruneLocked(now int64) {
	if len(l.leases) < 1024 {
		return
	}
	for k, ls := range l.leases {
		if ls.start < now {
			delete(l.leases, k)
		}
	}
}
