package site

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/a-h/templ"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/apidocs"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/openapi"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/layouts"
	docspage "github.com/claimcheck/claimcheck/views/pages/docs"
	"github.com/gofiber/fiber/v2"
)

// DocsReader tells /docs what the logged-in reader can call: their plan and keys
// (*models.KeyStore) and their /v1 beta access (*beta.Service).
type DocsReader interface {
	// AccountPlan is the account's plan.
	AccountPlan(ctx context.Context, userID string) (*models.Plan, error)
	// ListByUser lists the account's keys, newest first.
	ListByUser(ctx context.Context, userID, period string) ([]models.KeyListing, error)
}

// DocsBeta tells whether an account is in the /v1 beta.
type DocsBeta interface {
	// HasBetaAccess reports whether u's keys work on /v1.
	HasBetaAccess(ctx context.Context, u *models.User) (bool, error)
}

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
	// Keys reads a logged-in reader's plan and keys, for the quick start and the order of the
	// page; nil treats every reader as a visitor.
	Keys DocsReader
	// Beta reads a logged-in reader's beta access; nil counts none.
	Beta DocsBeta
	// Log receives failures to read the reader's account, which only make the page generic.
	Log *slog.Logger
}

// Docs serves /docs, the readable API reference apidocs builds from the OpenAPI document, and
// the stand-alone guides under it.
type Docs struct {
	page    docspage.Page
	ok      bool
	base    string
	errPage web.ErrorRenderer
	now     func() time.Time
	keys    DocsReader
	beta    DocsBeta
	log     *slog.Logger
}

// NewDocs builds the reference once: the document does not change while the process runs.
func NewDocs(d DocsDeps) *Docs {
	h := &Docs{errPage: d.ErrorPage, now: d.Now, base: d.BaseURL, keys: d.Keys, beta: d.Beta, log: d.Log}
	if h.now == nil {
		h.now = time.Now
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	if d.Document != nil {
		h.page, h.ok = apidocs.Page(d.Document, d.BaseURL, AnnouncedFreeQuota), true
	}
	return h
}

// Routes mounts GET /docs and its guides on r.
func (h *Docs) Routes(r *web.Routes) {
	r.Get("/docs", h.show)
	r.Get("/docs/:guide", h.guide)
}

// reader fills p's quick start and order for the visitor: a logged-in reader sees the start of
// their newest working key and their plan, and /v1 first when their keys work there.
func (h *Docs) reader(c *fiber.Ctx, p *docspage.Page) {
	u := web.CurrentUser(c)
	if u == nil || h.keys == nil {
		return
	}
	ctx := c.UserContext()
	plan, err := h.keys.AccountPlan(ctx, u.ID)
	if err != nil {
		h.log.Warn("docs: reader's plan", "err", err)
		return
	}
	v1 := plan.V1Access
	if !v1 && h.beta != nil {
		if v1, err = h.beta.HasBetaAccess(ctx, u); err != nil {
			h.log.Warn("docs: reader's beta access", "err", err)
		}
	}
	prefix, name := "", ""
	list, err := h.keys.ListByUser(ctx, u.ID, "")
	if err != nil {
		h.log.Warn("docs: reader's keys", "err", err)
	}
	now := h.now()
	for _, l := range list {
		if l.Key.ActiveAt(now) && l.Key.RevokeAt == nil {
			prefix, name = keys.Display(l.Key.Prefix), l.Key.Name
			break
		}
	}
	p.QuickStart = docspage.NewQuickStart(h.base, prefix, false, plan.Name, v1)
	if prefix != "" {
		p.QuickStart.KeyLine = i18n.T(ctx, "docs.quickstart.key_line", "Name", name, "Prefix", prefix, "Env", docspage.KeyEnv)
	} else {
		p.QuickStart.KeyLine = i18n.T(ctx, "docs.quickstart.no_key_line")
	}
	p.V1First = v1
}

// show renders /docs.
func (h *Docs) show(c *fiber.Ctx) error {
	if !h.ok {
		if h.errPage != nil {
			return h.errPage(c, fiber.StatusInternalServerError, "docs.error.unavailable_title",
				i18n.T(c.UserContext(), "docs.error.unavailable_message", "Path", paths.OpenAPI))
		}
		return fiber.ErrInternalServerError
	}
	p := h.page
	p.Meta = h.meta(c, i18n.T(c.UserContext(), "docs.meta.title"), i18n.T(c.UserContext(), "docs.meta.summary"))
	h.reader(c, &p)
	if web.CurrentUser(c) != nil {
		// The page names the reader's plan and key: no shared cache may keep it.
		c.Set(fiber.HeaderCacheControl, "private, no-store")
	}
	return render(c, docspage.Docs(p))
}

// guide serves GET /docs/:guide, the stand-alone guides (self-hosting, custom models).
func (h *Docs) guide(c *fiber.Ctx) error {
	g, ok := apidocs.Guide(c.Params("guide"), i18n.LangOf(c.UserContext()))
	if !ok {
		if h.errPage != nil {
			return h.errPage(c, fiber.StatusNotFound, "docs.error.no_guide_title", "docs.error.no_guide_message")
		}
		return fiber.ErrNotFound
	}
	g.Title = i18n.T(c.UserContext(), g.Title)
	g.Meta = h.meta(c, g.Title, i18n.T(c.UserContext(), "docs.meta.guide_description", "Title", g.Title))
	return render(c, docspage.Guide(g))
}

// meta is the docs pages' head metadata. Self and Query are what the layout derives the
// canonical link, the hreflang alternates and the language switcher from, as web.Kit.Meta fills
// them for the other pages.
func (h *Docs) meta(c *fiber.Ctx, title, description string) layouts.Page {
	return layouts.Page{Title: title, Description: description, Path: c.Path(), Year: h.now().UTC().Year(),
		Self: h.base + c.Path(), Query: string(c.Request().URI().QueryString())}
}

// render writes a page through a buffer, so a template error becomes a clean 500.
func render(c *fiber.Ctx, page templ.Component) error {
	var buf bytes.Buffer
	if err := page.Render(c.UserContext(), &buf); err != nil {
		return fmt.Errorf("render page %s: %w", c.Path(), err)
	}
	c.Type("html", "utf-8")
	return c.Send(buf.Bytes())
}
