// Package v1api serves the /v1 API: claims, search and submission, firms and experts, the live
// feed and webhook endpoints, behind an API key with beta access, burst limits and a monthly
// quota; and its OpenAPI document, which needs no key.
package v1api

import (
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v2"
)

// Deps is what /v1 is built from. Mount fills each part's BaseURL, Now and Log from the shared
// ones, so the wiring sets them once.
type Deps struct {
	// BaseURL is the public address, for links to web pages.
	BaseURL string
	// CORSOrigins are the browser origins allowed to call /v1.
	CORSOrigins string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures; nil means slog.Default().
	Log *slog.Logger
	// Access, Claims, Directory, Feed and Webhooks are the parts' own dependencies.
	Access    V1AccessDeps
	Claims    V1ClaimsDeps
	Directory V1DirectoryDeps
	Feed      FeedAPIDeps
	Webhooks  V1WebhooksDeps
}

// Mount mounts /v1 on r. The OpenAPI document is public; every other route runs CORS and the
// access middleware (key, beta access, burst limit, quota) of the /v1 group, and no sessions or
// CSRF: an API key, not a cookie, is the credential.
func Mount(r fiber.Router, d Deps) {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	NewOpenAPI(OpenAPIDeps{BaseURL: d.BaseURL, Log: d.Log}).Routes(r)

	d.Access.ChargedByHandler, d.Access.BaseURL, d.Access.Log = ChargesInHandler, d.BaseURL, d.Log
	v1 := r.Group("/v1", V1CORS(d.CORSOrigins), NewV1Access(d.Access).Handler())

	d.Claims.BaseURL, d.Claims.Now, d.Claims.Log = d.BaseURL, d.Now, d.Log
	NewV1Claims(d.Claims).Routes(v1)
	d.Directory.BaseURL, d.Directory.Log = d.BaseURL, d.Log
	NewV1Directory(d.Directory).Routes(v1)
	d.Feed.Now, d.Feed.Log = d.Now, d.Log
	NewFeedAPI(d.Feed).Routes(v1)
	d.Webhooks.Log = d.Log
	NewV1Webhooks(d.Webhooks).Routes(v1)
}
