package web

import (
	"strings"

	"github.com/gofiber/fiber/v2"
)

// Routes registers routes that each run the same middleware first. A surface's Mount builds one
// per kind of route (public page, logged-in page, console page), so every route carries its own
// sessions, CSRF and access checks and none depends on what was mounted before it.
type Routes struct {
	r      fiber.Router
	prefix string
	pre    []fiber.Handler
}

// On starts a set of routes on r that run pre, in order, before their handlers.
func On(r fiber.Router, pre ...fiber.Handler) *Routes {
	return &Routes{r: r, pre: pre}
}

// With is the same routes with more middleware run after the existing ones.
func (g *Routes) With(more ...fiber.Handler) *Routes {
	return &Routes{r: g.r, prefix: g.prefix, pre: append(append([]fiber.Handler{}, g.pre...), more...)}
}

// Group is the routes under prefix, with more middleware; unlike fiber's Group it registers no
// prefix-wide middleware, so routes mounted elsewhere under the same prefix are not affected.
func (g *Routes) Group(prefix string, more ...fiber.Handler) *Routes {
	n := g.With(more...)
	n.prefix = g.prefix + prefix
	return n
}

// Get registers GET (and HEAD) path.
func (g *Routes) Get(path string, handlers ...fiber.Handler) {
	g.r.Get(g.path(path), g.chain(handlers)...)
}

// Post registers POST path.
func (g *Routes) Post(path string, handlers ...fiber.Handler) {
	g.r.Post(g.path(path), g.chain(handlers)...)
}

// All registers path for every method.
func (g *Routes) All(path string, handlers ...fiber.Handler) {
	g.r.All(g.path(path), g.chain(handlers)...)
}

// path joins the prefix and path the way fiber's groups do.
func (g *Routes) path(p string) string {
	if g.prefix == "" {
		return p
	}
	if p == "" {
		return g.prefix
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return strings.TrimRight(g.prefix, "/") + p
}

// chain is the middleware followed by the route's handlers.
func (g *Routes) chain(handlers []fiber.Handler) []fiber.Handler {
	return append(append([]fiber.Handler{}, g.pre...), handlers...)
}

// Pages is the middleware every HTML page runs: the CSRF check (a token for GETs, verified on
// form posts) and then the session, which makes the visitor known to the page.
func Pages(r fiber.Router, csrf fiber.Handler, sessions *Sessions) *Routes {
	return On(r, csrf, sessions.Middleware())
}
