package ratelimit

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// allowScript checks and counts in one server-side step, so no two clients can both take the last
// slot: a refused request leaves the counter as it was, and the first request of a window sets the
// key to expire shortly after the window ends. KEYS[1] is the window's key; ARGV is the limit and
// the key's time to live in milliseconds. It returns {admitted (0/1), count after the request}.
var allowScript = redis.NewScript(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then
  return {0, n}
end
n = redis.call('INCR', KEYS[1])
if n == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return {1, n}
`)

// Redis is a Limiter whose counters live in Redis, shared by every process that uses the same server.
type Redis struct {
	client redis.Scripter
	prefix string
	now    func() time.Time
}

// NewRedis builds the Redis limiter over client; keys are prefix + bucket + window, and now is the
// clock that picks the window (nil: time.Now).
func NewRedis(client redis.Scripter, prefix string, now func() time.Time) *Redis {
	if now == nil {
		now = time.Now
	}
	return &Redis{client: client, prefix: prefix, now: now}
}

// NewRedisClient opens a client for a redis:// or rediss:// URL and checks that the server answers.
func NewRedisClient(ctx context.Context, url string) (*redis.Client, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("redis: parse REDIS_URL: %w", err)
	}
	c := redis.NewClient(opt)
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := c.Ping(pctx).Err(); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("redis: ping %s: %w", opt.Addr, err)
	}
	return c, nil
}

// Allow counts one request in bucket's current window.
func (l *Redis) Allow(ctx context.Context, bucket string, limit int, window time.Duration) (Decision, error) {
	if err := check(bucket, limit, window); err != nil {
		return Decision{}, err
	}
	now := l.now()
	start, end := windowOf(now, window)
	key := l.prefix + bucket + ":" + strconv.FormatInt(window.Milliseconds(), 10) + ":" + strconv.FormatInt(start.UnixMilli(), 10)
	// The key outlives its window by a second, so a process whose clock runs slightly behind still
	// finds the count; after that nobody asks for this window again.
	ttl := end.Sub(now) + time.Second
	res, err := allowScript.Run(ctx, l.client, []string{key}, limit, ttl.Milliseconds()).Int64Slice()
	if err != nil {
		return Decision{}, fmt.Errorf("burst limit %s: redis: %w", bucket, err)
	}
	if len(res) != 2 {
		return Decision{}, fmt.Errorf("burst limit %s: redis answered %v", bucket, res)
	}
	return Decision{Allowed: res[0] == 1, Remaining: max(limit-int(res[1]), 0), ResetAt: end}, nil
}
