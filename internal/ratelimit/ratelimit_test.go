package ratelimit

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/gomodule/redigo/redis"
	"github.com/google/uuid"
)

// clock is a settable test clock shared by limiter instances.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// newClock starts 2 s into a 10 s window, so the tests know where the window ends.
func newClock() *clock { return &clock{t: time.Unix(1_800_000_002, 0).UTC()} }

// pair is two limiter instances over one shared store, as two processes would have.
type pair struct{ a, b Limiter }

// exercise runs the behaviour every backend must have.
func exercise(t *testing.T, p pair, clk *clock) {
	ctx := context.Background()
	bucket := "key-" + uuid.NewString()
	window := 10 * time.Second
	wantReset := time.Unix(1_800_000_010, 0).UTC()

	// Three requests alternate between two instances: they share one count.
	for i, l := range []Limiter{p.a, p.b, p.a} {
		d, err := l.Allow(ctx, bucket, 3, window)
		if err != nil {
			t.Fatal(err)
		}
		if !d.Allowed || d.Remaining != 2-i || !d.ResetAt.Equal(wantReset) {
			t.Fatalf("request %d: %+v, want allowed with %d remaining, reset %v", i+1, d, 2-i, wantReset)
		}
	}
	d, err := p.b.Allow(ctx, bucket, 3, window)
	if err != nil {
		t.Fatal(err)
	}
	if d.Allowed || d.Remaining != 0 {
		t.Fatalf("4th request in the window: %+v, want refused", d)
	}
	if ra := d.RetryAfter(clk.now()); ra != 8 {
		t.Errorf("RetryAfter = %d, want 8 (the window ends 8 s later)", ra)
	}
	// Refused requests are not counted: many more refusals do not push the next window's start.
	for range 5 {
		if d, _ := p.a.Allow(ctx, bucket, 3, window); d.Allowed {
			t.Fatal("refused bucket admitted a request")
		}
	}
	// Another bucket is independent.
	if d, err := p.a.Allow(ctx, bucket+"-other", 3, window); err != nil || !d.Allowed {
		t.Fatalf("other bucket: %+v %v", d, err)
	}
	// The next window starts afresh.
	clk.add(8 * time.Second)
	d, err = p.b.Allow(ctx, bucket, 3, window)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Allowed || d.Remaining != 2 || !d.ResetAt.Equal(wantReset.Add(window)) {
		t.Fatalf("first request of the next window: %+v", d)
	}

	// Concurrent requests from both instances never over-admit.
	cb := "conc-" + uuid.NewString()
	var admitted atomic.Int32
	var wg sync.WaitGroup
	var firstErr atomic.Value
	for i := range 24 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := p.a
			if i%2 == 1 {
				l = p.b
			}
			d, err := l.Allow(ctx, cb, 5, window)
			if err != nil {
				firstErr.CompareAndSwap(nil, err)
				return
			}
			if d.Allowed {
				admitted.Add(1)
			}
		}()
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		t.Fatal(err)
	}
	if n := admitted.Load(); n != 5 {
		t.Errorf("24 concurrent requests with limit 5 admitted %d", n)
	}

	// Bad arguments are errors, not silent admissions.
	for _, tc := range []struct {
		bucket string
		limit  int
		window time.Duration
	}{{"", 1, window}, {"b", 0, window}, {"b", 1, 500 * time.Millisecond}} {
		if _, err := p.a.Allow(ctx, tc.bucket, tc.limit, tc.window); err == nil {
			t.Errorf("Allow(%q, %d, %v) accepted", tc.bucket, tc.limit, tc.window)
		}
	}
	if _, err := p.a.Allow(ctx, "b", 1, time.Millisecond); !errors.Is(err, ErrBadWindow) {
		t.Errorf("sub-second window: %v, want ErrBadWindow", err)
	}
}

func TestDatabaseLimiter(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := storerules.Stores(db)
		clk := newClock()
		exercise(t, pair{NewLeased(st.RateLimits, clk.now), NewLeased(st.RateLimits, clk.now)}, clk)
	})
}

// redisURL is where the Redis test expects a server (REDIS_TEST_URL overrides it).
func redisURL() string {
	if u := os.Getenv("REDIS_TEST_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379/0"
}

func TestRedisLimiter(t *testing.T) {
	ctx := context.Background()
	u := redisURL()
	c1, err := NewRedisClient(ctx, u)
	if err != nil {
		t.Skipf("Redis limiter test skipped: no Redis at %s (%v); start one or set REDIS_TEST_URL", u, err)
	}
	defer c1.Close()
	c2, err := NewRedisClient(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	prefix := "claimcheck-test:" + uuid.NewString() + ":"
	clk := newClock()
	exercise(t, pair{NewRedis(c1, prefix, clk.now), NewRedis(c2, prefix, clk.now)}, clk)

	// Keys expire shortly after their window, so Redis does not fill up with old windows.
	keys, err := redis.Strings(c1.do(ctx, "KEYS", prefix+"*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) == 0 {
		t.Fatal("no keys written under the test prefix")
	}
	for _, k := range keys {
		ms, err := redis.Int64(c1.do(ctx, "PTTL", k))
		if err != nil {
			t.Fatal(err)
		}
		if ttl := time.Duration(ms) * time.Millisecond; ttl <= 0 || ttl > 11*time.Second {
			t.Errorf("key %s has TTL %v, want (0, 11s]", k, ttl)
		}
	}
	if _, err := c1.do(ctx, "DEL", redis.Args{}.AddFlat(keys)...); err != nil {
		t.Fatal(err)
	}

	// A server that went away is an error the caller sees.
	dead, err := newRedisClient("redis://127.0.0.1:1/0")
	if err != nil {
		t.Fatal(err)
	}
	defer dead.Close()
	if _, err := NewRedis(dead, prefix, clk.now).Allow(ctx, "x", 1, 10*time.Second); err == nil {
		t.Error("Allow against an unreachable Redis succeeded")
	}
}

// failing is a limiter whose store is down.
type failing struct{}

func (failing) Allow(context.Context, string, int, time.Duration) (Decision, error) {
	return Decision{}, errors.New("connection refused")
}

// A failing primary hands each request to the secondary, which still limits.
func TestFallback(t *testing.T) {
	db := testdb.Open(t, database.SQLite)
	clk := newClock()
	var reported atomic.Int32
	l := WithFallback(failing{}, NewLeased(storerules.Stores(db).RateLimits, clk.now), func(error) { reported.Add(1) })
	ctx := context.Background()
	for i := range 3 {
		d, err := l.Allow(ctx, "fb", 2, 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if d.Allowed != (i < 2) {
			t.Errorf("request %d allowed = %v", i+1, d.Allowed)
		}
	}
	if reported.Load() != 3 {
		t.Errorf("primary failures reported %d times, want 3", reported.Load())
	}
	if _, err := l.Allow(ctx, "fb", 2, time.Millisecond); !errors.Is(err, ErrBadWindow) {
		t.Errorf("bad window through the fallback: %v", err)
	}
}

func TestDecisionSeconds(t *testing.T) {
	now := time.Unix(100, 0)
	d := Decision{ResetAt: now.Add(2500 * time.Millisecond)}
	if d.RetryAfter(now) != 3 || d.ResetSeconds(now) != 3 {
		t.Errorf("2.5 s → RetryAfter %d, ResetSeconds %d; want 3, 3", d.RetryAfter(now), d.ResetSeconds(now))
	}
	past := Decision{ResetAt: now.Add(-time.Second)}
	if past.RetryAfter(now) != 1 || past.ResetSeconds(now) != 0 {
		t.Errorf("past reset → RetryAfter %d, ResetSeconds %d; want 1, 0", past.RetryAfter(now), past.ResetSeconds(now))
	}
}

// countingCounter counts the statements a limiter sends to the shared counter.
type countingCounter struct {
	Counter
	calls atomic.Int32
}

func (c *countingCounter) Hit(ctx context.Context, bucket string, start int64, limit int) (bool, int, error) {
	c.calls.Add(1)
	return c.Counter.Hit(ctx, bucket, start, limit)
}

func (c *countingCounter) HitN(ctx context.Context, bucket string, start int64, n, limit int) (bool, int, error) {
	c.calls.Add(1)
	return c.Counter.HitN(ctx, bucket, start, n, limit)
}

func TestLeasedLimiter(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := storerules.Stores(db)
		clk := newClock()
		// Small limits are counted exactly (TestDatabaseLimiter). A large limit is taken in shares: 400 concurrent requests over two instances admit exactly
		// the limit, with far fewer statements than requests.
		ctx := context.Background()
		counter := &countingCounter{Counter: st.RateLimits}
		a, b := NewLeased(counter, clk.now), NewLeased(counter, clk.now)
		bucket := "leased-" + uuid.NewString()
		const limit = 160 // shares of 10
		var admitted atomic.Int32
		var wg sync.WaitGroup
		var firstErr atomic.Value
		for i := range 400 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				l := a
				if i%2 == 1 {
					l = b
				}
				d, err := l.Allow(ctx, bucket, limit, 10*time.Second)
				if err != nil {
					firstErr.CompareAndSwap(nil, err)
					return
				}
				if d.Allowed {
					admitted.Add(1)
				}
			}()
		}
		wg.Wait()
		if err, _ := firstErr.Load().(error); err != nil {
			t.Fatal(err)
		}
		if n := admitted.Load(); n != limit {
			t.Errorf("400 requests with limit %d admitted %d", limit, n)
		}
		// 16 shares and the refusals after them; one statement per request would be 400.
		if n := counter.calls.Load(); n >= 300 {
			t.Errorf("%d statements for 400 requests: the shares were not used", n)
		}
		var count int
		if err := db.Gorm.Raw("SELECT count FROM rate_limits WHERE bucket = ?", bucket+"@10s").Scan(&count).Error; err != nil {
			t.Fatal(err)
		}
		if count != limit {
			t.Errorf("shared count %d, want %d", count, limit)
		}
		// Remaining counts down within a share, and the next window starts afresh.
		clk.add(10 * time.Second)
		d1, err := a.Allow(ctx, bucket, limit, 10*time.Second)
		if err != nil || !d1.Allowed || d1.Remaining != limit-1 {
			t.Fatalf("first request of the next window: %+v %v", d1, err)
		}
		d2, err := a.Allow(ctx, bucket, limit, 10*time.Second)
		if err != nil || !d2.Allowed || d2.Remaining != limit-2 {
			t.Fatalf("second request of the next window: %+v %v", d2, err)
		}
	})
}

// REDIS_URL is checked before any connection is opened, and its address is what logs name.
func TestRedisAddr(t *testing.T) {
	for _, c := range []struct {
		url, addr string
		ok        bool
	}{
		{"redis://127.0.0.1:6379/0", "127.0.0.1:6379", true},
		{"redis://cache.internal", "cache.internal:6379", true},
		{"rediss://:secret@cache.internal:6380/2", "cache.internal:6380", true},
		{"redis://[::1]:7000", "[::1]:7000", true},
		{"http://127.0.0.1:6379", "", false},
		{"127.0.0.1:6379", "", false},
		{"redis://%zz", "", false},
	} {
		addr, err := redisAddr(c.url)
		if (err == nil) != c.ok || addr != c.addr {
			t.Errorf("redisAddr(%q) = %q, %v; want %q, ok %v", c.url, addr, err, c.addr, c.ok)
		}
	}
	if _, err := NewRedisClient(context.Background(), "http://127.0.0.1:6379"); err == nil || !strings.Contains(err.Error(), "REDIS_URL") {
		t.Errorf("NewRedisClient with an http URL: %v, want an error naming REDIS_URL", err)
	}
}
