package app

import (
	"context"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/ratelimit"
)

// redisKeyPrefix namespaces the burst-limit counters in a Redis shared with other applications.
const redisKeyPrefix = "claimcheck:v1burst:"

// v1Limiter picks the burst limiter: Redis when REDIS_URL is set, else the database; both are
// shared by every process. When Redis cannot be reached (at start, or for one request) the
// database's counters take over rather than leaving the API without burst protection.
func v1Limiter(d *wiring) metering.BurstLimiter {
	if d.cfg.V1.BurstLimit <= 0 {
		return nil
	}
	// Leased: a busy key takes a share of its window per statement instead of writing per request.
	dbLimiter := ratelimit.NewLeased(d.stores.RateLimits, d.now)
	if d.cfg.V1.RedisURL == "" {
		return dbLimiter
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	client, err := ratelimit.NewRedisClient(ctx, d.cfg.V1.RedisURL)
	if err != nil {
		d.log.Error("REDIS_URL is set but Redis is unreachable: burst limits use the database", "err", err)
		return dbLimiter
	}
	// Closed when the background workers stop, which Serve does after HTTP has drained.
	d.bg.Go(func(ctx context.Context) {
		<-ctx.Done()
		if err := client.Close(); err != nil {
			d.log.Warn("close redis", "err", fmt.Errorf("burst limiter: %w", err))
		}
	})
	d.log.Info("v1 burst limits kept in Redis", "addr", client.Addr())
	return ratelimit.WithFallback(ratelimit.NewRedis(client, redisKeyPrefix, d.now), dbLimiter, func(err error) {
		d.log.Warn("redis burst limit failed; counted in the database", "err", err)
	})
}
