// Package site serves the public web pages: the claim form, claim pages and history, the live
// feed, firms, experts and their review queue, the API reference, pricing and the beta page.
package site

import (
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// Deps is what the public pages are built from. Mount fills each part's Kit, Now and Log from
// the shared ones, so the wiring sets them once.
type Deps struct {
	// Kit renders every page and error page.
	Kit *web.Kit
	// CSRF is the form-token middleware (web.NewCSRF) every page runs.
	CSRF fiber.Handler
	// Sessions makes the visitor known and guards the review queue.
	Sessions *web.Sessions
	// Pages, Firms, Experts, Review, Docs, Beta and Live are the parts' own dependencies.
	Pages   PagesDeps
	Firms   FirmPagesDeps
	Experts ExpertsDeps
	Review  ReviewDeps
	Docs    DocsDeps
	Beta    BetaDeps
	Live    LiveDeps
}

// Mount mounts the public pages on r. Every route runs the CSRF check and the session; the review
// queue also needs an expert or admin; the beta's one-click unsubscribe alone skips the CSRF
// check (RFC 8058: the mail client posts without a token, and the unguessable token in the path
// is the proof).
func Mount(r fiber.Router, d Deps) {
	kit := d.Kit
	now, log := kit.Now, kit.Log()
	page := web.Pages(r, d.CSRF, d.Sessions)

	d.Pages.Kit = kit
	NewPages(d.Pages).Routes(page)

	d.Firms.Kit, d.Firms.Now, d.Firms.Log = kit, now, log
	NewFirmPages(d.Firms).Routes(page)

	d.Experts.Kit, d.Experts.Now, d.Experts.Log = kit, now, log
	NewExperts(d.Experts).Routes(page)
	d.Review.Kit, d.Review.Now, d.Review.Log = kit, now, log
	NewReview(d.Review).Routes(page.With(d.Sessions.RequireRole(models.RoleExpert, models.RoleAdmin)))

	d.Docs.BaseURL, d.Docs.ErrorPage, d.Docs.Now = kit.BaseURL(), kit.ErrorPage, now
	NewDocs(d.Docs).Routes(page)

	d.Beta.ErrorPage, d.Beta.Now, d.Beta.Log, d.Beta.BaseURL = kit.ErrorPage, now, log, kit.BaseURL()
	NewBeta(d.Beta).Routes(page, web.On(r, d.Sessions.Middleware()))

	d.Live.BaseURL, d.Live.Now, d.Live.Log = kit.BaseURL(), now, log
	NewLive(d.Live).Routes(page)
}
