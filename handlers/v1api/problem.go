package v1api

import (
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// ProblemContentType is the media type of every /v1 error (RFC 9457).
const ProblemContentType = "application/problem+json"

// problemTypeBase prefixes every problem type. It is a relative URI reference (RFC 9457 §3.1.1):
// the same string on every deployment, and it resolves to the problem's entry in that
// deployment's /docs.
const problemTypeBase = "/docs#problem-"

// Problem types of the /v1 API. Each slug is stable: clients may switch on the type.
const (
	// ProblemUnauthorized: no key, or a malformed, unknown or revoked key (401).
	ProblemUnauthorized = "unauthorized"
	// ProblemBetaRequired: a valid key whose account has no /v1 beta access (403).
	ProblemBetaRequired = "beta-access-required"
	// ProblemForbidden: the key may not act on this resource (403).
	ProblemForbidden = "forbidden"
	// ProblemQuotaExceeded: the key's monthly quota is used up (429, Retry-After until the month ends).
	ProblemQuotaExceeded = "quota-exceeded"
	// ProblemRateLimited: too many requests in the burst window (429, Retry-After in seconds).
	ProblemRateLimited = "rate-limited"
	// ProblemNotFound: no such resource, or no such /v1 route (404).
	ProblemNotFound = "not-found"
	// ProblemMethodNotAllowed: the route exists but not with this method (405).
	ProblemMethodNotAllowed = "method-not-allowed"
	// ProblemInvalidRequest: a parameter or body field is missing or malformed (400); Errors lists each.
	ProblemInvalidRequest = "invalid-request"
	// ProblemUnsupportedMediaType: a body that is not application/json (415).
	ProblemUnsupportedMediaType = "unsupported-media-type"
	// ProblemPayloadTooLarge: the body is over the size limit (413).
	ProblemPayloadTooLarge = "payload-too-large"
	// ProblemConflict: the request conflicts with the resource's state (409).
	ProblemConflict = "conflict"
	// ProblemUnavailable: a dependency is down or the server is shutting down (503).
	ProblemUnavailable = "unavailable"
	// ProblemInternal: something failed on our side (500).
	ProblemInternal = "internal"
)

// ProblemField is one invalid input, named the way the client sent it.
type ProblemField struct {
	// Field is the query parameter or JSON field ("q", "limit", "url").
	Field string `json:"field"`
	// Message says what is wrong and what is accepted.
	Message string `json:"message"`
}

// ProblemDetails is an RFC 9457 problem document.
type ProblemDetails struct {
	Type     string         `json:"type"`
	Title    string         `json:"title"`
	Status   int            `json:"status"`
	Detail   string         `json:"detail,omitempty"`
	Instance string         `json:"instance,omitempty"`
	Errors   []ProblemField `json:"errors,omitempty"`
}

// ProblemType is the full type URI reference of a problem slug.
func ProblemType(slug string) string { return problemTypeBase + slug }

// problemTitles are the fixed, human-readable titles of each type (RFC 9457: the title does not
// change between occurrences; the detail does).
var problemTitles = map[string]string{
	ProblemUnauthorized:         "Missing or invalid API key",
	ProblemBetaRequired:         "This key has no /v1 beta access",
	ProblemForbidden:            "Not allowed",
	ProblemQuotaExceeded:        "Monthly quota exceeded",
	ProblemRateLimited:          "Too many requests",
	ProblemNotFound:             "Not found",
	ProblemMethodNotAllowed:     "Method not allowed",
	ProblemInvalidRequest:       "Invalid request",
	ProblemUnsupportedMediaType: "Unsupported media type",
	ProblemPayloadTooLarge:      "Request body too large",
	ProblemConflict:             "Conflict",
	ProblemUnavailable:          "Service unavailable",
	ProblemInternal:             "Internal error",
}

// ProblemSlugs lists every problem type, for the docs and the OpenAPI document.
func ProblemSlugs() []string {
	return []string{ProblemUnauthorized, ProblemBetaRequired, ProblemForbidden, ProblemQuotaExceeded, ProblemRateLimited,
		ProblemNotFound, ProblemMethodNotAllowed, ProblemInvalidRequest, ProblemUnsupportedMediaType, ProblemPayloadTooLarge,
		ProblemConflict, ProblemUnavailable, ProblemInternal}
}

// ProblemTitle is the fixed title of a problem slug.
func ProblemTitle(slug string) string { return problemTitles[slug] }

// WriteProblem answers with an RFC 9457 problem document of the given type.
func WriteProblem(c *fiber.Ctx, status int, slug, detail string, fields ...ProblemField) error {
	title := problemTitles[slug]
	if title == "" {
		title = fiber.ErrInternalServerError.Message
	}
	p := ProblemDetails{Type: ProblemType(slug), Title: title, Status: status, Detail: detail, Instance: c.OriginalURL(), Errors: fields}
	c.Status(status)
	if err := c.JSON(p); err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, ProblemContentType)
	return nil
}

// v1KeyLocal is where the /v1 access middleware leaves the authenticated key.
const v1KeyLocal = "claimcheck.v1key"

// SetV1Key records the authenticated key of a /v1 request for the handlers after it.
func SetV1Key(c *fiber.Ctx, k *models.KeyWithPlan) { c.Locals(v1KeyLocal, k) }

// V1Key is the authenticated key of a /v1 request (nil outside the /v1 access middleware).
func V1Key(c *fiber.Ctx) *models.KeyWithPlan {
	k, _ := c.Locals(v1KeyLocal).(*models.KeyWithPlan)
	return k
}
