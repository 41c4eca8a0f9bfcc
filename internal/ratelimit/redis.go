package ratelimit

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"runtime"
	"strconv"
	"time"

	"github.com/gomodule/redigo/redis"
)

// allowScript checks and counts in one server-side step, so no two clients can both take the last
// slot: a refused request leaves the counter as it was, and the first request of a window sets the
// key to expire shortly after the window ends. KEYS[1] is the window's key; ARGV is the limit and
// the key's time to live in milliseconds. It returns {admitted (0/1), count after the request}.
// The script is sent by its digest (EVALSHA) and in full only when the server does not know it.
var allowScript = redis.NewScript(1, `
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

// Timeouts of a Redis connection: the burst limiter sits in front of every /v1 request, so a
// server that stops answering must fail the request over to the database within seconds.
const (
	redisDialTimeout = 5 * time.Second
	redisIOTimeout   = 3 * time.Second
	// redisIdleCheck is how long a pooled connection may sit unused before it is pinged on
	// borrowing, so a connection the server or a proxy closed meanwhile is not handed out.
	redisIdleCheck = time.Minute
)

// RedisClient is a pool of connections to one Redis server.
//
// It is built on redigo rather than the larger go-redis: the service links GORM, whose schema
// parser looks methods up by name, so the linker keeps every exported method of every type put in
// an interface, and go-redis's client type carries hundreds of commands (11 of the 108 MB of the
// executable, all mapped at run time) for the one script this limiter runs.
type RedisClient struct {
	pool *redis.Pool
	addr string
}

// NewRedisClient opens a client for a redis:// or rediss:// URL and checks that the server answers.
func NewRedisClient(ctx context.Context, url string) (*RedisClient, error) {
	c, err := newRedisClient(url)
	if err != nil {
		return nil, err
	}
	pctx, cancel := context.WithTimeout(ctx, redisDialTimeout)
	defer cancel()
	if _, err := c.do(pctx, "PING"); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("redis: ping %s: %w", c.addr, err)
	}
	return c, nil
}

// newRedisClient builds the pool without contacting the server; connections are opened on first use.
func newRedisClient(url string) (*RedisClient, error) {
	addr, err := redisAddr(url)
	if err != nil {
		return nil, err
	}
	pool := &redis.Pool{
		DialContext: func(ctx context.Context) (redis.Conn, error) {
			return redis.DialURLContext(ctx, url,
				redis.DialConnectTimeout(redisDialTimeout),
				redis.DialReadTimeout(redisIOTimeout),
				redis.DialWriteTimeout(redisIOTimeout))
		},
		// As many connections as requests the process runs at once against Redis, bounded like
		// go-redis's default pool (ten per CPU); a request past the bound waits for one, within its
		// context.
		MaxActive:   10 * runtime.GOMAXPROCS(0),
		MaxIdle:     10 * runtime.GOMAXPROCS(0),
		IdleTimeout: 5 * time.Minute,
		Wait:        true,
		TestOnBorrow: func(c redis.Conn, idleSince time.Time) error {
			if time.Since(idleSince) < redisIdleCheck {
				return nil
			}
			_, err := c.Do("PING")
			return err
		},
	}
	return &RedisClient{pool: pool, addr: addr}, nil
}

// redisAddr checks that raw is a redis:// or rediss:// URL, which is all the dialer reads, and
// returns its host:port for messages (the port defaults to 6379 as the dialer's does).
func redisAddr(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("redis: parse REDIS_URL: %w", err)
	}
	if u.Scheme != "redis" && u.Scheme != "rediss" {
		return "", fmt.Errorf("redis: parse REDIS_URL: scheme %q, want redis:// or rediss://", u.Scheme)
	}
	host, port := u.Hostname(), u.Port()
	if host == "" {
		host = "localhost"
	}
	if port == "" {
		port = "6379"
	}
	return net.JoinHostPort(host, port), nil
}

// Addr is the server's host:port, for logs.
func (c *RedisClient) Addr() string { return c.addr }

// Close closes the pooled connections; requests still holding one finish first.
func (c *RedisClient) Close() error { return c.pool.Close() }

// do runs one command on a pooled connection.
func (c *RedisClient) do(ctx context.Context, cmd string, args ...any) (any, error) {
	conn, err := c.pool.GetContext(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	return redis.DoContext(conn, ctx, cmd, args...)
}

// Redis is a Limiter whose counters live in Redis, shared by every process that uses the same server.
type Redis struct {
	client *RedisClient
	prefix string
	now    func() time.Time
}

// NewRedis builds the Redis limiter over client; keys are prefix + bucket + window, and now is the
// clock that picks the window (nil: time.Now).
func NewRedis(client *RedisClient, prefix string, now func() time.Time) *Redis {
	if now == nil {
		now = time.Now
	}
	return &Redis{client: client, prefix: prefix, now: now}
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
	res, err := l.run(ctx, key, limit, ttl.Milliseconds())
	if err != nil {
		return Decision{}, fmt.Errorf("burst limit %s: redis: %w", bucket, err)
	}
	if len(res) != 2 {
		return Decision{}, fmt.Errorf("burst limit %s: redis answered %v", bucket, res)
	}
	return Decision{Allowed: res[0] == 1, Remaining: max(limit-int(res[1]), 0), ResetAt: end}, nil
}

// run runs allowScript for key on a pooled connection.
func (l *Redis) run(ctx context.Context, key string, limit int, ttlMillis int64) ([]int64, error) {
	conn, err := l.client.pool.GetContext(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	return redis.Int64s(allowScript.DoContext(ctx, conn, key, limit, ttlMillis))
}
