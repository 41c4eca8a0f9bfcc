// Package compat serves the API compatible with the hosted original: the check function at
// /functions/v1 and the read-only claims table at /rest/v1, both behind an API key.
package compat

import (
	"log/slog"

	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/cors"
)

// Deps is what the compatible API is built from.
type Deps struct {
	// Meter resolves API keys and counts each request against its key's quota.
	Meter *metering.Meter
	// Checker runs checks.
	Checker ClaimChecker
	// Claims reads the claims table.
	Claims RESTReader
	// CORSOrigins are the browser origins allowed to call the API (a cors.Config list).
	CORSOrigins string
	// Log receives failures; nil means slog.Default().
	Log *slog.Logger
}

// Mount mounts /functions/v1 and /rest/v1 on r. Both run CORS for browser clients and answer
// without sessions or CSRF: each route's metering middleware (access.go) authenticates the request
// by its API key, as the original's gateway does, and charges it to the key's quota.
func Mount(r fiber.Router, d Deps) {
	apiCORS := cors.New(cors.Config{
		AllowOrigins:  d.CORSOrigins,
		AllowMethods:  "GET,HEAD,POST,OPTIONS",
		AllowHeaders:  "authorization, apikey, content-type, x-client-info, x-region, accept, accept-profile, content-profile, prefer, range, range-unit",
		ExposeHeaders: "Content-Range, Content-Location, Location, Preference-Applied, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset",
		MaxAge:        86400,
	})
	NewFunctions(d.Meter, d.Checker, d.Log).Routes(r.Group("/functions/v1", apiCORS))
	NewRest(d.Meter, d.Claims, d.Log).Routes(r.Group("/rest/v1", apiCORS))
}
