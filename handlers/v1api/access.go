package v1api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/handlers/apikey"
	"github.com/claimcheck/claimcheck/internal/quota"
	"github.com/claimcheck/claimcheck/internal/ratelimit"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/cors"
)

// V1Realm is the realm of the /v1 API's WWW-Authenticate challenge.
const V1Realm = "claimcheck"

// V1CORS lets browser apps call /v1 from the given origins ("*" for any): keys travel in headers,
// never cookies, so allowing any origin exposes nothing a page could not send anyway.
func V1CORS(origins string) fiber.Handler {
	if origins == "" {
		origins = "*"
	}
	return cors.New(cors.Config{
		AllowOrigins: origins,
		AllowMethods: "GET,POST,DELETE,OPTIONS",
		AllowHeaders: "authorization, apikey, content-type, last-event-id, idempotency-key",
		// Every header the OpenAPI document promises, so browser clients can read them too.
		ExposeHeaders: "Location, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, " +
			"RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Idempotent-Replayed, WWW-Authenticate, ETag, Allow, X-Request-Id",
		MaxAge: 86400,
	})
}

// V1Usage counts /v1 requests against the monthly quota and reads the count.
type V1Usage interface {
	ChargeRead(ctx context.Context, c models.Charge) (models.Admission, error)
	Current(ctx context.Context, keyID, period string) (int, error)
}

// BurstLimiter admits a bucket's requests up to a limit per window (internal/ratelimit).
type BurstLimiter interface {
	Allow(ctx context.Context, bucket string, limit int, window time.Duration) (ratelimit.Decision, error)
}

// V1AccessDeps is what the /v1 access middleware needs.
type V1AccessDeps struct {
	// Auth resolves keys.
	Auth apikey.KeyAuthenticator
	// Usage counts the monthly quota.
	Usage V1Usage
	// Limiter is the burst limiter; nil or BurstLimit 0 disables burst limiting.
	Limiter BurstLimiter
	// BurstLimit is how many requests a key may make per BurstWindow.
	BurstLimit int
	// BurstWindow is the burst window.
	BurstWindow time.Duration
	// ChargedByHandler reports requests whose handler counts the quota itself, in the transaction
	// of the write it makes (POST /v1/claims/submit), so a failed write is never counted.
	ChargedByHandler func(c *fiber.Ctx) bool
	// BaseURL is where the beta page is, for the 403 detail.
	BaseURL string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures of the stores behind the checks; nil means slog.Default().
	Log *slog.Logger
}

// V1Access authenticates /v1 requests and enforces beta access, the burst limit and the monthly
// quota, in that order. A request refused at any step is not counted against the quota.
type V1Access struct {
	d V1AccessDeps
}

// NewV1Access builds the access middleware.
func NewV1Access(d V1AccessDeps) *V1Access {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &V1Access{d: d}
}

// V1KeyFromRequest takes the key from `Authorization: Bearer` first, the /v1 scheme, then from the
// `apikey` header that clients of the compatible API already send. When both are present and
// differ, Bearer wins (the compatible surface does the opposite, as Supabase's gateway does).
func V1KeyFromRequest(c *fiber.Ctx) string {
	if k := quota.FromHeaders("", c.Get(fiber.HeaderAuthorization)); k != "" {
		return k
	}
	return strings.TrimSpace(c.Get("apikey"))
}

// Handler is the middleware.
func (a *V1Access) Handler() fiber.Handler {
	return func(c *fiber.Ctx) error {
		ctx := c.UserContext()
		now := a.d.Now()
		key, err := a.d.Auth.Authenticate(ctx, V1KeyFromRequest(c))
		if err != nil {
			return a.authFailed(c, err)
		}
		limit := key.EffectiveQuota()
		period := quota.Period(now)
		if !key.V1Access() {
			a.quotaHeadersFromStore(c, key.Key.ID, period, limit, now)
			return WriteProblem(c, fiber.StatusForbidden, ProblemBetaRequired, fmt.Sprintf(
				"The /v1 API is in beta and this key's account has no access yet. Join the waiting list at %s/beta "+
					"(invited accounts get access on all their keys), or ask us to move the key to the free beta plan (beta-free).",
				a.d.BaseURL))
		}
		if a.d.Limiter != nil && a.d.BurstLimit > 0 {
			dec, err := a.d.Limiter.Allow(ctx, "v1:"+key.Key.ID, a.d.BurstLimit, a.d.BurstWindow)
			if err != nil {
				// Burst protection guards capacity; when its store fails the monthly quota below,
				// which is exact, still holds, so the request goes on rather than failing.
				a.d.Log.Error("v1 burst limit unavailable; request admitted", "key", key.Key.Prefix, "err", err)
			} else {
				c.Set("RateLimit-Limit", strconv.Itoa(a.d.BurstLimit))
				c.Set("RateLimit-Remaining", strconv.Itoa(dec.Remaining))
				c.Set("RateLimit-Reset", strconv.Itoa(dec.ResetSeconds(now)))
				if !dec.Allowed {
					a.quotaHeadersFromStore(c, key.Key.ID, period, limit, now)
					c.Set(fiber.HeaderRetryAfter, strconv.Itoa(dec.RetryAfter(now)))
					return WriteProblem(c, fiber.StatusTooManyRequests, ProblemRateLimited, fmt.Sprintf(
						"This key made %d requests in the last %s window; retry after %d seconds.",
						a.d.BurstLimit, a.d.BurstWindow, dec.RetryAfter(now)))
				}
			}
		}
		SetV1Key(c, key)
		if a.d.ChargedByHandler != nil && a.d.ChargedByHandler(c) {
			return c.Next()
		}
		adm, err := a.d.Usage.ChargeRead(ctx, models.Charge{KeyID: key.Key.ID, Period: period, Limit: limit, Now: now})
		if err != nil {
			a.d.Log.Error("v1 quota", "key", key.Key.Prefix, "err", err)
			return WriteProblem(c, fiber.StatusServiceUnavailable, ProblemUnavailable,
				"The usage counter is unavailable; nothing was counted. Retry shortly.")
		}
		if !adm.Admitted {
			return V1OverQuota(c, limit, now)
		}
		apikey.SetRateHeaders(c, limit, adm.Count, now)
		return c.Next()
	}
}

// authFailed answers a request without a usable key.
func (a *V1Access) authFailed(c *fiber.Ctx, err error) error {
	missing, bad := apikey.AuthError(err)
	switch {
	case missing:
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="`+V1Realm+`"`)
		return WriteProblem(c, fiber.StatusUnauthorized, ProblemUnauthorized,
			"Send your API key as Authorization: Bearer <key> (the apikey header works too).")
	case bad:
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="`+V1Realm+`", error="invalid_token"`)
		return WriteProblem(c, fiber.StatusUnauthorized, ProblemUnauthorized,
			"The API key is unknown, malformed or revoked.")
	}
	a.d.Log.Error("v1 authenticate", "err", err)
	return WriteProblem(c, fiber.StatusServiceUnavailable, ProblemUnavailable, "The key store is unavailable; retry shortly.")
}

// quotaHeadersFromStore sets the X-RateLimit-* headers on answers that did not count the request.
func (a *V1Access) quotaHeadersFromStore(c *fiber.Ctx, keyID, period string, limit *int, now time.Time) {
	used := 0
	if limit != nil {
		n, err := a.d.Usage.Current(c.UserContext(), keyID, period)
		if err != nil {
			a.d.Log.Warn("v1 usage read", "err", err)
			return
		}
		used = n
	}
	apikey.SetRateHeaders(c, limit, used, now)
}

// V1OverQuota answers 429 quota-exceeded with Retry-After until the month ends.
func V1OverQuota(c *fiber.Ctx, limit *int, now time.Time) error {
	n := 0
	if limit != nil {
		n = *limit
	}
	apikey.SetRateHeaders(c, limit, n, now)
	apikey.SetRetryAfter(c, now)
	return WriteProblem(c, fiber.StatusTooManyRequests, ProblemQuotaExceeded, fmt.Sprintf(
		"This key's monthly quota of %d requests is used up; it resets at %s.", n, quota.ResetAt(now).Format(time.RFC3339)))
}

// errNoV1Key guards handlers mounted outside the access middleware by mistake.
var errNoV1Key = errors.New("v1 handler reached without the access middleware")
