package v1api

import (
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"strings"

	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/openapi"
	"github.com/gofiber/fiber/v2"
)

// OpenAPIDeps is what the OpenAPI document endpoint needs.
type OpenAPIDeps struct {
	// BaseURL becomes the document's server, so generated clients call this deployment.
	BaseURL string
	// Log receives a document that fails to encode (a build defect the tests catch first).
	Log *slog.Logger
}

// OpenAPI serves the /v1 OpenAPI document. It is public: a developer evaluating the API, or a
// code generator, should not need a key to read what the API is.
type OpenAPI struct {
	body []byte
	etag string
	err  error
}

// NewOpenAPI encodes the document once; every request serves the same bytes.
func NewOpenAPI(d OpenAPIDeps) *OpenAPI {
	body, err := openapi.WithServer(d.BaseURL)
	if err != nil {
		if d.Log == nil {
			d.Log = slog.Default()
		}
		d.Log.Error("openapi document", "err", err)
		return &OpenAPI{err: err}
	}
	sum := sha256.Sum256(body)
	return &OpenAPI{body: body, etag: `"` + hex.EncodeToString(sum[:16]) + `"`}
}

// Routes mounts GET (and so HEAD) /v1/openapi.json on r, which must be the app itself: the route
// has to come before the /v1 access middleware.
func (h *OpenAPI) Routes(r fiber.Router) {
	r.Get(paths.OpenAPI, h.serve)
}

// serve answers the document, or 304 when the client's copy is current.
func (h *OpenAPI) serve(c *fiber.Ctx) error {
	if h.err != nil {
		return WriteProblem(c, fiber.StatusInternalServerError, ProblemInternal, "The API description could not be built.")
	}
	c.Set(fiber.HeaderAccessControlAllowOrigin, "*")
	c.Set(fiber.HeaderCacheControl, "public, max-age=300")
	c.Set(fiber.HeaderETag, h.etag)
	if etagMatches(c.Get(fiber.HeaderIfNoneMatch), h.etag) {
		return c.SendStatus(fiber.StatusNotModified)
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Send(h.body)
}

// etagMatches applies If-None-Match (RFC 9110 §13.1.2): a list of tags, weak or strong, or "*".
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}
