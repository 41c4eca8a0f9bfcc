package site

import (
	"bytes"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/apidocs"
	"github.com/claimcheck/claimcheck/internal/openapi"
	"github.com/claimcheck/claimcheck/views/layouts"
	docspage "github.com/claimcheck/claimcheck/views/pages/docs"
	"github.com/gofiber/fiber/v2"
)

// DocsDeps is what the /docs page needs.
type DocsDeps struct {
	// Document is the parsed OpenAPI document; nil makes /docs an error page (and is logged by
	// whoever failed to load it).
	Document *openapi.Document
	// BaseURL is this deployment's address, for the examples.
	BaseURL string
	// ErrorPage renders error pages in the site's look.
	ErrorPage web.ErrorRenderer
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Docs serves /docs, the readable API reference apidocs builds from the OpenAPI document.
type Docs struct {
	page    docspage.Page
	ok      bool
	errPage web.ErrorRenderer
	now     func() time.Time
}

// NewDocs builds the reference once: the document does not change while the process runs.
func NewDocs(d DocsDeps) *Docs {
	h := &Docs{errPage: d.ErrorPage, now: d.Now}
	if h.now == nil {
		h.now = time.Now
	}
	if d.Document != nil {
		h.page, h.ok = apidocs.Page(d.Document, d.BaseURL, AnnouncedFreeQuota), true
	}
	return h
}

// Routes mounts GET /docs on r.
func (h *Docs) Routes(r *web.Routes) {
	r.Get("/docs", h.show)
}

// show renders /docs.
func (h *Docs) show(c *fiber.Ctx) error {
	if !h.ok {
		if h.errPage != nil {
			return h.errPage(c, fiber.StatusInternalServerError, "The reference is unavailable",
				"The API reference could not be built. The machine-readable document is at "+paths.OpenAPI+".")
		}
		return fiber.ErrInternalServerError
	}
	p := h.page
	p.Meta = layouts.Page{Title: "API reference", Path: c.Path(), Year: h.now().UTC().Year(),
		Description: "Reference of the Claimcheck /v1 API (beta) and the compatible API: authentication, quotas, errors, every endpoint with examples, the live feed and webhooks."}
	var buf bytes.Buffer
	if err := docspage.Docs(p).Render(c.UserContext(), &buf); err != nil {
		return fmt.Errorf("render page %s: %w", c.Path(), err)
	}
	c.Type("html", "utf-8")
	return c.Send(buf.Bytes())
}
