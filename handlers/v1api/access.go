package v1api

import (
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/claimcheck/claimcheck/handlers/apikey"
	"github.com/claimcheck/claimcheck/internal/metering"
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

// V1AccessDeps is what the /v1 access middleware needs.
type V1AccessDeps struct {
	// Meter resolves keys and admits and counts their requests, with the /v1 burst limit
	// (metering.Meter.WithBurst).
	Meter *metering.Meter
	// ChargedByHandler reports requests whose handler counts the quota itself, in the transaction
	// of the write it makes (POST /v1/claims/submit), so a failed write is never counted.
	ChargedByHandler func(c *fiber.Ctx) bool
	// BaseURL is where the beta page is, for the 403 detail.
	BaseURL string
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
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &V1Access{d: d}
}

// Handler is the middleware.
func (a *V1Access) Handler() fiber.Handler {
	return func(c *fiber.Ctx) error {
		ctx := c.UserContext()
		key, err := a.d.Meter.Resolve(ctx, apikey.V1FromRequest(c))
		if err != nil {
			return a.authFailed(c, err)
		}
		if !key.V1Access() {
			a.quotaHeadersFromStore(c, key)
			return WriteProblem(c, fiber.StatusForbidden, ProblemBetaRequired, fmt.Sprintf(
				"The /v1 API is in beta and this key's account has no access yet. Join the waiting list at %s/beta "+
					"(invited accounts get access on all their keys), or ask us to move the key to the free beta plan (beta-free).",
				a.d.BaseURL))
		}
		kind := metering.Read
		if a.d.ChargedByHandler != nil && a.d.ChargedByHandler(c) {
			kind = metering.Submit
		}
		adm, err := a.d.Meter.Admit(ctx, key, kind)
		if err != nil {
			a.d.Log.Error("v1 quota", "key", key.Key.Prefix, "err", err)
			apikey.SetHeaders(c, adm)
			return WriteProblem(c, fiber.StatusServiceUnavailable, ProblemUnavailable,
				"The usage counter is unavailable; nothing was counted. Retry shortly.")
		}
		apikey.SetHeaders(c, adm)
		switch adm.Reason {
		case metering.OverBurst:
			return WriteProblem(c, fiber.StatusTooManyRequests, ProblemRateLimited, fmt.Sprintf(
				"This key made %d requests in the last %s window; retry after %d seconds.",
				adm.Burst.Limit, a.d.Meter.BurstWindow(), adm.RetryAfter))
		case metering.OverQuota:
			return v1OverQuotaProblem(c, adm)
		}
		SetV1Key(c, key)
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
	case apikey.Unverified(err):
		return WriteProblem(c, fiber.StatusForbidden, ProblemForbidden, apikey.UnverifiedMessage)
	}
	a.d.Log.Error("v1 authenticate", "err", err)
	return WriteProblem(c, fiber.StatusServiceUnavailable, ProblemUnavailable, "The key store is unavailable; retry shortly.")
}

// quotaHeadersFromStore sets the X-RateLimit-* headers on answers that did not count the request;
// when the counter cannot be read they are left out.
func (a *V1Access) quotaHeadersFromStore(c *fiber.Ctx, key *models.KeyWithPlan) {
	adm, err := a.d.Meter.Peek(c.UserContext(), key)
	if err != nil {
		a.d.Log.Warn("v1 usage read", "err", err)
		return
	}
	apikey.SetHeaders(c, adm)
}

// v1OverQuotaProblem answers 429 quota-exceeded; the caller set the headers of adm (Retry-After
// until the month ends).
func v1OverQuotaProblem(c *fiber.Ctx, adm metering.Admission) error {
	n := 0
	if adm.Limit != nil {
		n = *adm.Limit
	}
	return WriteProblem(c, fiber.StatusTooManyRequests, ProblemQuotaExceeded, fmt.Sprintf(
		"This key's monthly quota of %d requests is used up; it resets at %s.", n, adm.Reset.Format(time.RFC3339)))
}

// errNoV1Key guards handlers mounted outside the access middleware by mistake.
var errNoV1Key = errors.New("v1 handler reached without the access middleware")
