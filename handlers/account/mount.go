// Package account serves the pages of a visitor's own account: sign-up, login and password
// pages, the API key dashboard, the webhook pages, pricing and billing, and the Stripe webhook.
package account

import (
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/gofiber/fiber/v2"
)

// Deps is what the account pages are built from. Mount fills each part's Kit, Now and Log from
// the shared ones, so the wiring sets them once.
type Deps struct {
	// Kit renders every page and error page.
	Kit *web.Kit
	// CSRF is the form-token middleware (web.NewCSRF) every page runs.
	CSRF fiber.Handler
	// Sessions makes the visitor known, logs in and out, and guards the logged-in pages.
	Sessions *web.Sessions
	// Auth, Account, Webhooks, Billing and Pricing are the parts' own dependencies.
	Auth     AuthDeps
	Account  AccountDeps
	Webhooks AccountWebhooksDeps
	Billing  BillingDeps
	Pricing  PricingDeps
	// Model is the custom model page's.
	Model AccountModelDeps
}

// Mount mounts the account pages on r. Every page runs the CSRF check and the session; everything
// under /account and /billing also needs a login. The Stripe webhook alone runs neither: Stripe
// signs the raw body and its deliveries carry no CSRF token and no session.
func Mount(r fiber.Router, d Deps) {
	kit := d.Kit
	now, log := kit.Now, kit.Log()
	page := web.Pages(r, d.CSRF, d.Sessions)
	user := page.With(d.Sessions.RequireUser())

	d.Billing.Kit, d.Billing.BaseURL, d.Billing.Log = kit, kit.BaseURL(), log
	billing := NewBilling(d.Billing)
	r.Post("/webhooks/stripe", billing.Webhook)

	d.Auth.Sessions, d.Auth.BaseURL, d.Auth.ErrorPage, d.Auth.Now, d.Auth.Log = d.Sessions, kit.BaseURL(), kit.ErrorPage, now, log
	NewAuth(d.Auth).Routes(page, user)

	d.Account.Kit, d.Account.Now, d.Account.Log, d.Account.BaseURL = kit, now, log, kit.BaseURL()
	NewAccount(d.Account).Routes(user)
	d.Webhooks.Kit, d.Webhooks.Now, d.Webhooks.Log = kit, now, log
	NewAccountWebhooks(d.Webhooks).Routes(user)
	d.Model.Kit, d.Model.Log = kit, log
	NewAccountModel(d.Model).Routes(user)
	billing.Routes(user)
	d.Pricing.Kit, d.Pricing.Log = kit, log
	NewPricing(d.Pricing).Routes(page)
	// Unknown addresses under the logged-in prefixes still ask for a login before the 404.
	user.All("/account/*", kit.NotFound)
	user.All("/billing/*", kit.NotFound)
}
