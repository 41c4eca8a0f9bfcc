package app

import (
	"context"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/handlers"
	"github.com/claimcheck/claimcheck/internal/ratelimit"
	"github.com/claimcheck/claimcheck/internal/submit"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// redisKeyPrefix namespaces the burst-limit counters in a Redis shared with other applications.
const redisKeyPrefix = "claimcheck:v1burst:"

// wireV1API mounts the /v1 API: access (beta key, burst limit, quota), claims, search, firms,
// experts and submit, and registers the submission workers. It returns the router the other /v1
// features mount on, with the access middleware applied.
func wireV1API(d *v1Deps, f *fiber.App) fiber.Router {
	limiter := v1Limiter(d)
	access := handlers.NewV1Access(handlers.V1AccessDeps{
		Auth: d.auth, Usage: d.stores.Usage, Limiter: limiter, BurstLimit: d.cfg.V1.BurstLimit, BurstWindow: d.cfg.V1.BurstWindow,
		ChargedByHandler: handlers.ChargesInHandler, BaseURL: d.cfg.BaseURL, Now: d.now, Log: d.log,
	})
	v1 := f.Group("/v1", handlers.V1CORS(d.cfg.CORSOrigins), access.Handler())

	subs := models.NewSubmissionStore(d.db)
	firms := models.NewFirmStore(d.db)
	experts := models.NewExpertStore(d.db)
	wake := submit.NewWake()
	handlers.NewV1Claims(handlers.V1ClaimsDeps{
		Claims: d.stores.Claims, Submissions: subs, Search: models.NewSearchStore(d.db), Firms: firms, Experts: experts,
		Usage: d.stores.Usage, Submitted: wake.Notify, BaseURL: d.cfg.BaseURL, Now: d.now, Log: d.log,
	}).Routes(v1)
	handlers.NewV1Directory(handlers.V1DirectoryDeps{Firms: firms, Experts: experts, BaseURL: d.cfg.BaseURL, Log: d.log}).Routes(v1)

	for i := range d.cfg.V1.SubmitWorkers {
		w := submit.New(submit.Config{Store: subs, Analyzer: d.checker, Wake: wake, Log: d.log.With("submit_worker", i), Now: d.now})
		d.bg.Go(w.Run)
	}
	return v1
}

// v1Limiter picks the burst limiter: Redis when REDIS_URL is set, else the database; both are
// shared by every process. When Redis cannot be reached (at start, or for one request) the
// database's counters take over rather than leaving the API without burst protection.
func v1Limiter(d *v1Deps) handlers.BurstLimiter {
	if d.cfg.V1.BurstLimit <= 0 {
		return nil
	}
	dbLimiter := ratelimit.NewDB(d.stores.RateLimits, d.now)
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
	d.log.Info("v1 burst limits kept in Redis", "addr", client.Options().Addr)
	return ratelimit.WithFallback(ratelimit.NewRedis(client, redisKeyPrefix, d.now), dbLimiter, func(err error) {
		d.log.Warn("redis burst limit failed; counted in the database", "err", err)
	})
}
