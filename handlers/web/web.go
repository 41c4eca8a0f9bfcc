// Package web is the kit every HTML surface is built from: rendering a templ component with its
// page metadata, the error pages, the session and CSRF middleware, page-number parsing and the
// named paths (web/paths). Handlers take a *Kit instead of borrowing another handler's renderer.
package web

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a-h/templ"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/views/layouts"
	errpages "github.com/claimcheck/claimcheck/views/pages/errors"
	"github.com/gofiber/fiber/v2"
)

// Kit renders pages and error pages for every HTML surface.
type Kit struct {
	baseURL string
	now     func() time.Time
	log     *slog.Logger
}

// NewKit builds the kit. baseURL is the public address (a trailing slash is dropped); nil now
// means time.Now and nil log slog.Default().
func NewKit(baseURL string, now func() time.Time, log *slog.Logger) *Kit {
	k := &Kit{baseURL: strings.TrimRight(baseURL, "/"), now: now, log: log}
	if k.now == nil {
		k.now = time.Now
	}
	if k.log == nil {
		k.log = slog.Default()
	}
	return k
}

// BaseURL is the public address without a trailing slash, for canonical and share URLs.
func (k *Kit) BaseURL() string { return k.baseURL }

// Now is the kit's clock.
func (k *Kit) Now() time.Time { return k.now() }

// Log is where render failures go.
func (k *Kit) Log() *slog.Logger { return k.log }

// Meta fills the metadata every page shares. Title and description may be message ids, written
// in the request's language, or ready text.
func (k *Kit) Meta(c *fiber.Ctx, title, description string) layouts.Page {
	ctx := c.UserContext()
	return layouts.Page{Title: i18n.Text(ctx, title), Description: i18n.Text(ctx, description), Path: c.Path(),
		Year: k.now().UTC().Year(), Self: k.baseURL + c.Path(), Query: string(c.Request().URI().QueryString())}
}

// Render writes a complete page. It renders into a buffer first so a template error becomes a
// clean 500 instead of half a page sent with the wrong status.
func (k *Kit) Render(c *fiber.Ctx, status int, page templ.Component) error {
	return Render(c, status, page)
}

// Render writes a complete page through a buffer (see Kit.Render); surfaces without a kit use it.
func Render(c *fiber.Ctx, status int, page templ.Component) error {
	return writePage(c, status, page, false)
}

// RenderNoStore writes a page no cache may keep: pages with CSRF tokens, personal data or
// one-time outcomes.
func RenderNoStore(c *fiber.Ctx, status int, page templ.Component) error {
	return writePage(c, status, page, true)
}

// writePage renders page into a pooled buffer and hands that buffer to the server as the
// answer's body (see pageBody).
func writePage(c *fiber.Ctx, status int, page templ.Component, noStore bool) error {
	body := getPageBody()
	if err := page.Render(c.UserContext(), &body.Buffer); err != nil {
		body.Close()
		return fmt.Errorf("render page %s: %w", c.Path(), err)
	}
	if noStore {
		c.Set(fiber.HeaderCacheControl, "no-store")
	}
	c.Status(status)
	c.Type("html", "utf-8")
	c.Response().SetBodyStream(body, body.Len())
	return nil
}

// pageBody is a rendered page, the body of its answer. A claim page is about 30 kB: rendered
// into a fresh buffer, whose doubling allocated about twice that, it was a third of everything
// a page view allocated (issue 16). The buffers are pooled instead. The server writes the body
// to the connection in one call (WriteTo) and closes it once the answer is written or
// dropped, which puts the buffer back; copying the page into the server's own body buffer
// instead would keep a page-sized buffer per connection for as long as the connection lives.
type pageBody struct {
	bytes.Buffer
}

// maxPooledPage bounds the buffers kept for reuse: a rare page far larger than the rest is not
// kept.
const maxPooledPage = 256 << 10

var pageBodies = sync.Pool{New: func() any { return new(pageBody) }}

func getPageBody() *pageBody {
	b := pageBodies.Get().(*pageBody)
	b.Reset()
	return b
}

// Close gives the buffer back; the server calls it once, after which b is not used again.
func (b *pageBody) Close() error {
	if b.Cap() <= maxPooledPage {
		pageBodies.Put(b)
	}
	return nil
}

// CSRFToken is the token the CSRF middleware stored, or "" when none ran.
func CSRFToken(c *fiber.Ctx) string {
	s, _ := c.Locals(CSRFContextKey).(string)
	return s
}

// NotFound answers 404 with a page that offers a way back; the app uses it for unknown paths.
func (k *Kit) NotFound(c *fiber.Ctx) error {
	return k.ErrorPage(c, fiber.StatusNotFound, "error.not_found.title", "error.not_found.message")
}

// ErrorPage answers status with a friendly page and the default ways out; an empty title uses
// the status text. Title and message may be message ids (see Kit.Meta).
func (k *Kit) ErrorPage(c *fiber.Ctx, status int, title, msg string) error {
	return k.RenderError(c, errpages.Page{Status: status, Title: title, Message: msg})
}

// RenderError renders an error page; if even that fails it falls back to plain text, because an
// error handler must always answer.
func (k *Kit) RenderError(c *fiber.Ctx, page errpages.Page) error {
	if page.Status < 400 || page.Status > 599 {
		page.Status = fiber.StatusInternalServerError
	}
	if page.Title == "" {
		page.Title = http.StatusText(page.Status)
		if key := "error.status." + strconv.Itoa(page.Status); i18n.From(c.UserContext()).Has(key) {
			page.Title = key
		}
	}
	if page.Message == "" {
		page.Message = "error.generic"
		if page.Status < 500 {
			page.Message = "error.client"
		}
	}
	page.Meta = k.Meta(c, page.Title, "")
	page.Meta.NoIndex = true
	if err := k.Render(c, page.Status, errpages.Error(page)); err != nil {
		k.log.Error("render error page", "err", err)
		c.Status(page.Status)
		c.Type("txt", "utf-8")
		ctx := c.UserContext()
		return c.SendString(i18n.Text(ctx, page.Title) + "\n\n" + i18n.Text(ctx, page.Message) + "\n")
	}
	return nil
}
