package compat

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/claimcheck/claimcheck/handlers/apikey"
	"github.com/claimcheck/claimcheck/internal/postgrest"
	"github.com/claimcheck/claimcheck/internal/quota"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// RESTReader answers PostgREST requests for the claims table.
type RESTReader interface {
	ReadREST(ctx context.Context, req postgrest.Request) (postgrest.Response, error)
}

// ReadCharger counts read requests against a key's quota.
type ReadCharger interface {
	ChargeRead(ctx context.Context, c models.Charge) (models.Admission, error)
}

// Rest serves the PostgREST-compatible reads under /rest/v1.
type Rest struct {
	auth   apikey.KeyAuthenticator
	charge ReadCharger
	claims RESTReader
	log    *slog.Logger
	now    func() time.Time
}

// NewRest builds the PostgREST-compatible handlers.
func NewRest(auth apikey.KeyAuthenticator, charge ReadCharger, claims RESTReader, log *slog.Logger, now func() time.Time) *Rest {
	return &Rest{auth: auth, charge: charge, claims: claims, log: log, now: now}
}

// Routes mounts the tables under r (the /rest/v1 group).
func (h *Rest) Routes(r fiber.Router) {
	r.Get("/:table", h.read) // Fiber answers HEAD from GET routes, without the body.
	r.All("/:table", h.unsupported)
}

// gatewayError answers like Supabase's API gateway, which rejects a request before PostgREST sees it.
func gatewayError(c *fiber.Ctx, status int, msg, hint string) error {
	return c.Status(status).JSON(fiber.Map{"message": msg, "hint": hint})
}

func (h *Rest) read(c *fiber.Ctx) error {
	now := h.now()
	key, err := h.auth.Authenticate(c.UserContext(), apikey.FromRequest(c))
	if err != nil {
		switch missing, bad := apikey.AuthError(err); {
		case missing:
			return gatewayError(c, fiber.StatusUnauthorized, "No API key found in request",
				"No `apikey` request header or `Authorization: Bearer` header was found.")
		case bad:
			return gatewayError(c, fiber.StatusUnauthorized, "Invalid API key",
				"Double check your API key: it is unknown or has been revoked.")
		}
		h.log.Error("authenticate", "err", err)
		return gatewayError(c, fiber.StatusServiceUnavailable, "Service unavailable", "The key store could not be reached; retry shortly.")
	}
	limit := key.EffectiveQuota()
	adm, err := h.charge.ChargeRead(c.UserContext(), models.Charge{KeyID: key.Key.ID, Period: quota.Period(now), Limit: limit, Now: now})
	if err != nil {
		h.log.Error("charge read", "err", err)
		return gatewayError(c, fiber.StatusServiceUnavailable, "Service unavailable", "Usage could not be counted; retry shortly.")
	}
	apikey.SetRateHeaders(c, limit, adm.Count, now)
	if !adm.Admitted {
		apikey.SetRetryAfter(c, now)
		return gatewayError(c, fiber.StatusTooManyRequests, "Monthly quota exceeded",
			fmt.Sprintf("This key's quota of %d requests resets at %s.", *limit, quota.ResetAt(now).Format(time.RFC3339)))
	}

	var res postgrest.Response
	if table := c.Params("table"); table != "claims" {
		res = postgrest.UnknownTable(table)
	} else {
		res, err = h.claims.ReadREST(c.UserContext(), postgrest.Request{
			Method:        c.Method(),
			RawQuery:      string(c.Request().URI().QueryString()),
			Accept:        c.Get(fiber.HeaderAccept),
			Prefer:        c.Get("Prefer"),
			Range:         c.Get(fiber.HeaderRange),
			RangeUnit:     c.Get("Range-Unit"),
			AcceptProfile: c.Get("Accept-Profile"),
		})
		if err != nil {
			h.log.Error("rest read", "err", err)
		}
	}
	for k, v := range res.Header {
		c.Set(k, v)
	}
	c.Status(res.Status)
	if c.Method() == fiber.MethodHead {
		return nil
	}
	return c.Send(res.Body)
}

// unsupported answers writes: this surface is read-only.
func (h *Rest) unsupported(c *fiber.Ctx) error {
	c.Set(fiber.HeaderAllow, "GET, HEAD, OPTIONS")
	return c.Status(fiber.StatusMethodNotAllowed).JSON(fiber.Map{
		"code": "PGRST117", "details": nil, "hint": "This API is read-only: claims are created through POST /functions/v1/quick-responder.",
		"message": "Unsupported HTTP method: " + c.Method(),
	})
}
