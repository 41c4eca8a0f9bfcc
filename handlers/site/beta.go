package site

import (
	"errors"
	"log/slog"
	"time"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/beta"
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
	{Title: "Claim score lookup", Detail: "The current score of a stored claim: score, verdict, the number of expert votes and the confidence. Sub-scores are in the claim detail.", Stage: "Beta", Endpoint: "GET /v1/claims/{id}/score"},
	{Title: "Claim detail", Detail: "A claim record with its score, the analysis and its four sub-scores, the expert votes and the score history.", Stage: "Beta", Endpoint: "GET /v1/claims/{id}"},
	{Title: "Claim search", Detail: "Search and filter verified claims by text.", Stage: "Beta", Endpoint: "GET /v1/claims/search?q=…"},
	{Title: "Firm profiles", Detail: "A firm's profile and trust score.", Stage: "Beta", Endpoint: "GET /v1/firms/{slug}"},
	{Title: "Claim submission", Detail: "Submit a new claim for verification.", Stage: "Beta", Endpoint: "POST /v1/claims/submit"},
	{Title: "Experts", Detail: "The list of active verifiers.", Stage: "Beta", Endpoint: "GET /v1/experts"},
	{Title: "Live feed", Detail: "A real-time feed of verifications as they happen.", Stage: "Beta", Endpoint: "GET /v1/feed/live"},
	{Title: "Webhooks", Detail: "Be called when claims are analysed or their score changes (Standard Webhooks, signed).", Stage: "Beta", Endpoint: "POST /v1/webhooks"},
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
}

// Beta serves /beta, the join form and the confirm and leave links.
type Beta struct {
	svc     *beta.Service
	errPage web.ErrorRenderer
	now     func() time.Time
	log     *slog.Logger
}

// NewBeta builds the public beta pages.
func NewBeta(d BetaDeps) *Beta {
	b := &Beta{svc: d.Beta, errPage: d.ErrorPage, now: d.Now, log: d.Log}
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
	return layouts.Page{Title: title, Path: c.Path(), Year: b.now().UTC().Year(), NoIndex: !index,
		Description: "The Claimcheck /v1 API is live for beta accounts: what it offers, where it is documented, and the waiting list for access."}
}

// landingPage builds /beta with kept values and errors.
func (b *Beta) landingPage(c *fiber.Ctx, in beta.JoinInput, verr *accounts.ValidationError) betapages.LandingPage {
	email := web.Field("beta-email", "email", "Email address", "email", "email", in.Email, web.FieldErr(verr, "email"))
	name := web.Field("beta-name", "name", "Name", "text", "name", in.Name, web.FieldErr(verr, "name"))
	name.Required, name.Optional, name.MaxLength = false, true, beta.MaxNameChars
	org := web.Field("beta-organisation", "organisation", "Organisation", "text", "organization", in.Organisation, web.FieldErr(verr, "organisation"))
	org.Required, org.Optional, org.MaxLength = false, true, beta.MaxOrganisationChars
	use := web.Field("beta-intended-use", "intended_use", "What will you use the API for?", "textarea", "", in.IntendedUse, web.FieldErr(verr, "intended_use"))
	use.Required, use.Optional, use.MaxLength, use.Rows = false, true, beta.MaxIntendedUseChars, 4
	return betapages.LandingPage{Meta: b.meta(c, "The /v1 API beta", true), CSRF: web.CSRFToken(c), Features: betaFeatures,
		FreeQuota: format.Thousands(AnnouncedFreeQuota), Fields: []components.Field{email, name, org, use}}
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
	return b.message(c, fiber.StatusOK, auth.MessagePage{TestID: "beta-check-inbox", OK: true, Heading: "Check your inbox",
		Message: "If this address is not confirmed on the waiting list yet, we have sent it a link to confirm. Your place in the queue counts from the moment you confirm.",
		Steps: []auth.Link{
			{Text: "While you wait: read the API reference and its quick start", URL: "/docs"},
			{Text: "Create an account: its keys work on the compatible API at once", URL: "/signup"},
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
	p := auth.MessagePage{TestID: "beta-confirmed", OK: true, Heading: "You are on the list"}
	switch res.State {
	case models.WaitlistConfirmed:
		p.Message = "Thank you for confirming. Your place in the queue: " + format.Thousands(res.Position) + ". We mail you when the beta opens to you; " +
			"an account with this address then gets /v1 access and the free beta plan (" + format.Thousands(AnnouncedFreeQuota) + " requests a month)."
		p.ActionText, p.ActionURL = "Create your account now", "/signup"
		p.Steps = []auth.Link{
			{Text: "Create your account with this address now: its keys work on the compatible API at once, and /v1 is added when your invitation comes", URL: "/signup"},
			{Text: "Read the API reference and its quick start", URL: "/docs"},
			{Text: "See the plans", URL: "/pricing"},
		}
	default:
		p.TestID, p.Message, p.ActionText, p.ActionURL = "beta-already-invited", "You have already been invited to the beta. Sign up or log in with this address to use it.", "Sign up", "/signup?beta=1"
		p.Steps = []auth.Link{
			{Text: "Log in, if you already have an account with this address", URL: "/login"},
			{Text: "Read the API reference and its quick start", URL: "/docs"},
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
	return web.RenderNoStore(c, fiber.StatusOK, betapages.Leave(betapages.LeavePage{Meta: b.meta(c, "Leave the waiting list", false),
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
	return b.message(c, fiber.StatusOK, auth.MessagePage{TestID: "beta-left", OK: true, Heading: "You have left the waiting list",
		Message: "You will get no more mail about the beta. You can join again at any time.", ActionText: "Back to the beta page", ActionURL: "/beta"})
}

// message renders an outcome page.
func (b *Beta) message(c *fiber.Ctx, status int, p auth.MessagePage) error {
	p.Meta = b.meta(c, p.Heading, false)
	return web.RenderNoStore(c, status, auth.Message(p))
}

// invalid is the page for a link that matches nothing; it never says why.
func (b *Beta) invalid(c *fiber.Ctx) error {
	return b.message(c, fiber.StatusBadRequest, auth.MessagePage{TestID: "link-invalid", Heading: "This link does not work",
		Message: "The link is not valid. If you left the list, you can join again.", ActionText: "Go to the beta page", ActionURL: "/beta"})
}

// unavailable is the answer when the database or outbox fails: the visitor can only retry.
func (b *Beta) unavailable(c *fiber.Ctx, what string, err error) error {
	b.log.Error(what, "err", err)
	return b.errPage(c, fiber.StatusServiceUnavailable, "Something went wrong on our side",
		"Your request could not be completed just now. Please try again in a minute.")
}
