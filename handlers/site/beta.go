package site

import (
	"errors"
	"log/slog"
	"time"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/layouts"
	"github.com/claimcheck/claimcheck/views/pages/auth"
	betapages "github.com/claimcheck/claimcheck/views/pages/beta"
	errpages "github.com/claimcheck/claimcheck/views/pages/errors"
	"github.com/gofiber/fiber/v2"
)

// AnnouncedFreeQuota is the announced free /v1 plan's monthly requests (docs/DECISIONS.md §5).
const AnnouncedFreeQuota = beta.AnnouncedFreeQuota

// betaFeatures is what /v1 offers its beta accounts (docs/DECISIONS.md §6), in the order that section
// announces it; all of it is live and documented at /docs.
var betaFeatures = []betapages.Feature{
	{Title: "beta.feature.score.title", Detail: "beta.feature.score.detail", Stage: "nav.beta", Endpoint: "GET /v1/claims/{id}/score"},
	{Title: "beta.feature.detail.title", Detail: "beta.feature.detail.detail", Stage: "nav.beta", Endpoint: "GET /v1/claims/{id}"},
	{Title: "beta.feature.search.title", Detail: "beta.feature.search.detail", Stage: "nav.beta", Endpoint: "GET /v1/claims/search?q=…"},
	{Title: "beta.feature.firms.title", Detail: "beta.feature.firms.detail", Stage: "nav.beta", Endpoint: "GET /v1/firms/{slug}"},
	{Title: "beta.feature.submit.title", Detail: "beta.feature.submit.detail", Stage: "nav.beta", Endpoint: "POST /v1/claims/submit"},
	{Title: "beta.feature.experts.title", Detail: "beta.feature.experts.detail", Stage: "nav.beta", Endpoint: "GET /v1/experts"},
	{Title: "beta.feature.live.title", Detail: "beta.feature.live.detail", Stage: "nav.beta", Endpoint: "GET /v1/feed/live"},
	{Title: "beta.feature.webhooks.title", Detail: "beta.feature.webhooks.detail", Stage: "nav.beta", Endpoint: "POST /v1/webhooks"},
}

// BetaDeps is what the public beta pages need.
type BetaDeps struct {
	// Beta runs the waiting list.
	Beta *beta.Service
	// ErrorPage renders error pages in the site's look; nil uses a plain rendering of the same template.
	ErrorPage web.ErrorRenderer
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures the visitor only sees as an error page; nil means slog.Default().
	Log *slog.Logger
	// BaseURL is the public address, for the language alternates of the pages.
	BaseURL string
}

// Beta serves /beta, the join form and the confirm and leave links.
type Beta struct {
	svc     *beta.Service
	errPage web.ErrorRenderer
	now     func() time.Time
	log     *slog.Logger
	baseURL string
}

// NewBeta builds the public beta pages.
func NewBeta(d BetaDeps) *Beta {
	b := &Beta{svc: d.Beta, errPage: d.ErrorPage, now: d.Now, log: d.Log, baseURL: d.BaseURL}
	if b.now == nil {
		b.now = time.Now
	}
	if b.log == nil {
		b.log = slog.Default()
	}
	if b.errPage == nil {
		b.errPage = func(c *fiber.Ctx, status int, title, msg string) error {
			return web.RenderNoStore(c, status, errpages.Error(errpages.Page{Meta: b.meta(c, title, false), Status: status, Title: title, Message: msg}))
		}
	}
	return b
}

// Routes mounts the beta pages on r, and the one-click leave on unsubscribe, which must run
// without the CSRF check: mail clients send RFC 8058 one-click requests without a token, and the
// token in the path is the proof.
func (b *Beta) Routes(r, unsubscribe *web.Routes) {
	r.Get("/beta", b.landing)
	r.Post("/beta", b.join)
	r.Get("/beta/confirm/:token", b.confirm)
	r.Get("/beta/leave/:token", b.leaveForm)
	unsubscribe.Post("/beta/leave/:token", b.leave)
}

// meta fills the page metadata; only /beta itself is worth indexing.
func (b *Beta) meta(c *fiber.Ctx, title string, index bool) layouts.Page {
	ctx := c.UserContext()
	return layouts.Page{Title: i18n.Text(ctx, title), Path: c.Path(), Year: b.now().UTC().Year(), NoIndex: !index,
		Description: i18n.T(ctx, "beta.meta_desc"), Self: b.baseURL + c.Path(), Query: string(c.Request().URI().QueryString())}
}

// landingPage builds /beta with kept values and errors.
func (b *Beta) landingPage(c *fiber.Ctx, in beta.JoinInput, verr *accounts.ValidationError) betapages.LandingPage {
	fieldErr := func(name string) string {
		if verr == nil {
			return ""
		}
		return verr.Localized(name, i18n.From(c.UserContext()).TData)
	}
	email := web.Field("beta-email", "email", "beta.field.email", "email", "email", in.Email, fieldErr("email"))
	name := web.Field("beta-name", "name", "beta.field.name", "text", "name", in.Name, fieldErr("name"))
	name.Required, name.Optional, name.MaxLength = false, true, beta.MaxNameChars
	org := web.Field("beta-organisation", "organisation", "beta.field.organisation", "text", "organization", in.Organisation, fieldErr("organisation"))
	org.Required, org.Optional, org.MaxLength = false, true, beta.MaxOrganisationChars
	use := web.Field("beta-intended-use", "intended_use", "beta.field.use", "textarea", "", in.IntendedUse, fieldErr("intended_use"))
	use.Required, use.Optional, use.MaxLength, use.Rows = false, true, beta.MaxIntendedUseChars, 4
	return betapages.LandingPage{Meta: b.meta(c, "beta.meta_title", true), CSRF: web.CSRFToken(c), Features: betaFeatures,
		FreeQuota: format.For(i18n.From(c.UserContext())).Int(AnnouncedFreeQuota), Fields: []components.Field{email, name, org, use}}
}

// landing serves GET /beta.
func (b *Beta) landing(c *fiber.Ctx) error {
	return web.RenderNoStore(c, fiber.StatusOK, betapages.Landing(b.landingPage(c, beta.JoinInput{}, nil)))
}

// join serves POST /beta. The answer is the same page whether the address was new or on the list
// in any state, so the form cannot be used to learn who is on it.
func (b *Beta) join(c *fiber.Ctx) error {
	in := beta.JoinInput{Email: c.FormValue("email"), Name: c.FormValue("name"),
		Organisation: c.FormValue("organisation"), IntendedUse: c.FormValue("intended_use")}
	err := b.svc.Join(c.UserContext(), in)
	var verr *accounts.ValidationError
	switch {
	case errors.As(err, &verr):
		return web.RenderNoStore(c, fiber.StatusUnprocessableEntity, betapages.Landing(b.landingPage(c, in, verr)))
	case err != nil:
		return b.unavailable(c, "join waiting list", err)
	}
	return b.message(c, fiber.StatusOK, auth.MessagePage{TestID: "beta-check-inbox", OK: true, Heading: "beta.inbox.heading",
		Message: "beta.inbox.message",
		Steps: []auth.Link{
			{Text: "beta.inbox.step_docs", URL: "/docs"},
			{Text: "beta.inbox.step_signup", URL: "/signup"},
		}})
}

// confirm serves GET /beta/confirm/:token.
func (b *Beta) confirm(c *fiber.Ctx) error {
	res, err := b.svc.Confirm(c.UserContext(), c.Params("token"))
	switch {
	case errors.Is(err, beta.ErrInvalidToken):
		return b.invalid(c)
	case err != nil:
		return b.unavailable(c, "confirm waiting list", err)
	}
	loc := i18n.From(c.UserContext())
	f := format.For(loc)
	p := auth.MessagePage{TestID: "beta-confirmed", OK: true, Heading: "beta.confirmed.heading"}
	switch res.State {
	case models.WaitlistConfirmed:
		p.Message = loc.T("beta.confirmed.message", "Position", f.Int(res.Position), "Quota", f.Int(AnnouncedFreeQuota))
		p.ActionText, p.ActionURL = "beta.confirmed.action", "/signup"
		p.Steps = []auth.Link{
			{Text: "beta.confirmed.step_signup", URL: "/signup"},
			{Text: "beta.step_docs", URL: "/docs"},
			{Text: "beta.confirmed.step_plans", URL: "/pricing"},
		}
	default:
		p.TestID, p.Message, p.ActionText, p.ActionURL = "beta-already-invited", "beta.invited.message", "nav.signup", "/signup?beta=1"
		p.Steps = []auth.Link{
			{Text: "beta.invited.step_login", URL: "/login"},
			{Text: "beta.step_docs", URL: "/docs"},
		}
	}
	return b.message(c, fiber.StatusOK, p)
}

// leaveForm serves GET /beta/leave/:token: a button, not the change, because link scanners GET links.
func (b *Beta) leaveForm(c *fiber.Ctx) error {
	err := b.svc.CheckLeaveToken(c.UserContext(), c.Params("token"))
	switch {
	case errors.Is(err, beta.ErrInvalidToken):
		return b.invalid(c)
	case err != nil:
		return b.unavailable(c, "check leave link", err)
	}
	return web.RenderNoStore(c, fiber.StatusOK, betapages.Leave(betapages.LeavePage{Meta: b.meta(c, "beta.leave.meta_title", false),
		CSRF: web.CSRFToken(c), Action: "/beta/leave/" + c.Params("token")}))
}

// leave serves POST /beta/leave/:token, from the form or a mail client's one-click
// (List-Unsubscribe=One-Click); both get a page, which a mail client ignores.
func (b *Beta) leave(c *fiber.Ctx) error {
	err := b.svc.Leave(c.UserContext(), c.Params("token"))
	switch {
	case errors.Is(err, beta.ErrInvalidToken):
		return b.invalid(c)
	case err != nil:
		return b.unavailable(c, "leave waiting list", err)
	}
	return b.message(c, fiber.StatusOK, auth.MessagePage{TestID: "beta-left", OK: true, Heading: "beta.left.heading",
		Message: "beta.leave.lead", ActionText: "beta.left.action", ActionURL: "/beta"})
}

// message renders an outcome page.
func (b *Beta) message(c *fiber.Ctx, status int, p auth.MessagePage) error {
	p.Meta = b.meta(c, p.Heading, false)
	return web.RenderNoStore(c, status, auth.Message(p))
}

// invalid is the page for a link that matches nothing; it never says why.
func (b *Beta) invalid(c *fiber.Ctx) error {
	return b.message(c, fiber.StatusBadRequest, auth.MessagePage{TestID: "link-invalid", Heading: "beta.invalid.heading",
		Message: "beta.invalid.message", ActionText: "beta.invalid.action", ActionURL: "/beta"})
}

// unavailable is the answer when the database or outbox fails: the visitor can only retry.
func (b *Beta) unavailable(c *fiber.Ctx, what string, err error) error {
	b.log.Error(what, "err", err)
	return b.errPage(c, fiber.StatusServiceUnavailable, "beta.unavailable.title", "beta.unavailable.message")
}
