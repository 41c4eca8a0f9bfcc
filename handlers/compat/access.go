package compat

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/claimcheck/claimcheck/handlers/apikey"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/gofiber/fiber/v2"
)

// refusals are how one route of the compatible API words metering's refusals, in its own error
// shape: {"error": …} for the edge function, the gateway's {"message", "hint"} for the table.
type refusals struct {
	missingKey, badKey, unverified, keysDown, usageDown func(c *fiber.Ctx) error
	overQuota                                           func(c *fiber.Ctx, a metering.Admission) error
}

// access is the compatible API's metering middleware: it resolves the key, admits the request of
// kind (counting it when kind is metering.Read) and leaves the key and admission for the handler.
// A refused request is answered here, with its rate-limit headers, and never counted.
func access(m *metering.Meter, kind metering.Kind, r refusals, log *slog.Logger) fiber.Handler {
	if log == nil {
		log = slog.Default()
	}
	return func(c *fiber.Ctx) error {
		key, err := m.Resolve(c.UserContext(), apikey.FromRequest(c))
		if err != nil {
			switch missing, bad := apikey.AuthError(err); {
			case missing:
				return r.missingKey(c)
			case bad:
				return r.badKey(c)
			case apikey.Unverified(err):
				return r.unverified(c)
			}
			log.Error("authenticate", "err", err)
			return r.keysDown(c)
		}
		a, err := m.Admit(c.UserContext(), key, kind)
		if err != nil {
			log.Error("admit", "err", err)
			return r.usageDown(c)
		}
		if !a.Allowed {
			apikey.SetHeaders(c, a)
			return r.overQuota(c, a)
		}
		apikey.SetKey(c, key)
		apikey.SetAdmission(c, a)
		return c.Next()
	}
}

// quotaText says when a refused key's monthly quota of a.Limit resets.
func quotaText(a metering.Admission) (int, string) {
	n := 0
	if a.Limit != nil {
		n = *a.Limit
	}
	return n, a.Reset.Format(time.RFC3339)
}

// functionRefusals word refusals for /functions/v1.
var functionRefusals = refusals{
	missingKey: func(c *fiber.Ctx) error {
		return functionError(c, fiber.StatusUnauthorized, "Missing API key: send it in the apikey header or as Authorization: Bearer <key>.")
	},
	badKey: func(c *fiber.Ctx) error {
		return functionError(c, fiber.StatusUnauthorized, "Invalid API key: the key is unknown or has been revoked.")
	},
	unverified: func(c *fiber.Ctx) error {
		return functionError(c, fiber.StatusForbidden, apikey.UnverifiedMessage)
	},
	keysDown: func(c *fiber.Ctx) error {
		return functionError(c, fiber.StatusServiceUnavailable, "The key store is unavailable; retry shortly.")
	},
	usageDown: func(c *fiber.Ctx) error {
		return functionError(c, fiber.StatusServiceUnavailable, "Usage could not be read; retry shortly.")
	},
	overQuota: func(c *fiber.Ctx, a metering.Admission) error {
		n, reset := quotaText(a)
		return functionError(c, fiber.StatusTooManyRequests, fmt.Sprintf("Monthly quota of %d requests is used up; it resets at %s.", n, reset))
	},
}

// restRefusals word refusals for /rest/v1, as Supabase's gateway does before PostgREST sees a request.
var restRefusals = refusals{
	missingKey: func(c *fiber.Ctx) error {
		return gatewayError(c, fiber.StatusUnauthorized, "No API key found in request",
			"No `apikey` request header or `Authorization: Bearer` header was found.")
	},
	badKey: func(c *fiber.Ctx) error {
		return gatewayError(c, fiber.StatusUnauthorized, "Invalid API key",
			"Double check your API key: it is unknown or has been revoked.")
	},
	unverified: func(c *fiber.Ctx) error {
		return gatewayError(c, fiber.StatusForbidden, "Email address not verified", apikey.UnverifiedMessage)
	},
	keysDown: func(c *fiber.Ctx) error {
		return gatewayError(c, fiber.StatusServiceUnavailable, "Service unavailable", "The key store could not be reached; retry shortly.")
	},
	usageDown: func(c *fiber.Ctx) error {
		return gatewayError(c, fiber.StatusServiceUnavailable, "Service unavailable", "Usage could not be counted; retry shortly.")
	},
	overQuota: func(c *fiber.Ctx, a metering.Admission) error {
		n, reset := quotaText(a)
		return gatewayError(c, fiber.StatusTooManyRequests, "Monthly quota exceeded",
			fmt.Sprintf("This key's quota of %d requests resets at %s.", n, reset))
	},
}
