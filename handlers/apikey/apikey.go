// Package apikey is the fiber side of API key metering shared by both API surfaces: where each
// surface takes the key from, which failure an authentication error is, and the rate-limit headers
// of an admission (internal/metering decides them).
package apikey

import (
	"errors"
	"strconv"
	"strings"

	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// FromRequest takes the key the way Supabase's gateway does: `apikey` header first, then Bearer.
func FromRequest(c *fiber.Ctx) string {
	return metering.FromHeaders(c.Get("apikey"), c.Get(fiber.HeaderAuthorization))
}

// V1FromRequest takes the key from `Authorization: Bearer` first, the /v1 scheme, then from the
// `apikey` header that clients of the compatible API already send. When both are present and
// differ, Bearer wins (the compatible surface does the opposite, as Supabase's gateway does).
func V1FromRequest(c *fiber.Ctx) string {
	if k := metering.FromHeaders("", c.Get(fiber.HeaderAuthorization)); k != "" {
		return k
	}
	return strings.TrimSpace(c.Get("apikey"))
}

// SetHeaders writes the rate-limit headers (and Retry-After when refused) of an admission.
func SetHeaders(c *fiber.Ctx, a metering.Admission) {
	h := &c.Response().Header
	var buf [20]byte
	metering.EachHeader(a, func(name string, value int64) {
		// SetBytesV copies the value, so one buffer serves every header.
		h.SetBytesV(name, strconv.AppendInt(buf[:0], value, 10))
	})
}

// AuthError classifies an authentication failure: missing key, bad key, or an internal failure.
func AuthError(err error) (missing, bad bool) {
	return errors.Is(err, metering.ErrNoKey), errors.Is(err, metering.ErrBadKey)
}

// Unverified reports whether an authentication failure is a valid key of an account that has not
// verified its email address (answered 403 on both surfaces).
func Unverified(err error) bool { return errors.Is(err, metering.ErrUnverified) }

// UnverifiedMessage is the words of that 403, the same on both surfaces.
const UnverifiedMessage = "This key's account has not verified its email address, so its keys do not work yet. " +
	"Open the link in the verification mail (or send a new one from your account page) and retry."

// admissionLocal is where a surface's access middleware leaves the request's admission.
const admissionLocal = "claimcheck.admission"

// SetAdmission records the admission of a request for the handler after the middleware.
func SetAdmission(c *fiber.Ctx, a metering.Admission) { c.Locals(admissionLocal, a) }

// Admission is the request's admission (the zero Admission outside an access middleware).
func Admission(c *fiber.Ctx) metering.Admission {
	a, _ := c.Locals(admissionLocal).(metering.Admission)
	return a
}

// keyLocal is where a surface's access middleware leaves the authenticated key.
const keyLocal = "claimcheck.apikey"

// SetKey records the authenticated key of a request for the handler after the middleware.
func SetKey(c *fiber.Ctx, k *models.KeyWithPlan) { c.Locals(keyLocal, k) }

// Key is the request's authenticated key (nil outside an access middleware).
func Key(c *fiber.Ctx) *models.KeyWithPlan {
	k, _ := c.Locals(keyLocal).(*models.KeyWithPlan)
	return k
}
