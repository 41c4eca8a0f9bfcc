package compat

import (
	"context"
	"log/slog"

	"github.com/claimcheck/claimcheck/handlers/apikey"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/postgrest"
	"github.com/gofiber/fiber/v2"
)

// RESTReader answers PostgREST requests for the claims table.
type RESTReader interface {
	ReadREST(ctx context.Context, req postgrest.Request) (postgrest.Response, error)
}

// Rest serves the PostgREST-compatible reads under /rest/v1.
type Rest struct {
	meter  *metering.Meter
	claims RESTReader
	log    *slog.Logger
}

// NewRest builds the PostgREST-compatible handlers.
func NewRest(meter *metering.Meter, claims RESTReader, log *slog.Logger) *Rest {
	if log == nil {
		log = slog.Default()
	}
	return &Rest{meter: meter, claims: claims, log: log}
}

// Routes mounts the tables under r (the /rest/v1 group).
func (h *Rest) Routes(r fiber.Router) {
	// A read is counted by the middleware, before the table answers (metering.Read); Fiber
	// answers HEAD from GET routes, without the body.
	r.Get("/:table", access(h.meter, metering.Read, restRefusals, h.log), h.read)
	r.All("/:table", h.unsupported)
}

// gatewayError answers like Supabase's API gateway, which rejects a request before PostgREST sees it.
func gatewayError(c *fiber.Ctx, status int, msg, hint string) error {
	return c.Status(status).JSON(fiber.Map{"message": msg, "hint": hint})
}

func (h *Rest) read(c *fiber.Ctx) error {
	apikey.SetHeaders(c, apikey.Admission(c))
	var err error
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
