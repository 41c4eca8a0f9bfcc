package apikey

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/claimcheck/claimcheck/internal/quota"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// KeyAuthenticator resolves an API key secret to its key and plan.
type KeyAuthenticator interface {
	Authenticate(ctx context.Context, secret string) (*models.KeyWithPlan, error)
}

// UsageReader reads a key's current monthly count.
type UsageReader interface {
	Current(ctx context.Context, keyID, period string) (int, error)
}

// FromRequest takes the key the way Supabase's gateway does: `apikey` header first, then Bearer.
func FromRequest(c *fiber.Ctx) string {
	return quota.FromHeaders(c.Get("apikey"), c.Get(fiber.HeaderAuthorization))
}

// SetRateHeaders writes the X-RateLimit-* headers for a key after count requests this month.
func SetRateHeaders(c *fiber.Ctx, limit *int, count int, now time.Time) {
	for k, v := range quota.Headers(limit, count, now) {
		c.Set(k, v)
	}
}

// SetRetryAfter tells an over-quota client when its quota resets.
func SetRetryAfter(c *fiber.Ctx, now time.Time) {
	c.Set(fiber.HeaderRetryAfter, strconv.Itoa(quota.RetryAfter(now)))
}

// AuthError classifies an authentication failure: missing key, bad key, or an internal failure.
func AuthError(err error) (missing, bad bool) {
	return errors.Is(err, quota.ErrNoKey), errors.Is(err, quota.ErrBadKey)
}
