package account

import (
	"errors"
	"log/slog"
	"net/url"
	"strconv"
	"strings"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/pages/pricing"
	"github.com/gofiber/fiber/v2"
)

// successRefreshSeconds is how often the success page reloads while it waits for the webhook.
const successRefreshSeconds = 5

// BillingDeps is what the billing routes need.
type BillingDeps struct {
	// Kit renders the frame and the error pages.
	Kit *web.Kit
	// Billing talks to Stripe and applies webhooks.
	Billing *billing.Service
	// Plans finds the plan being bought.
	Plans *models.PlanStore
	// Keys reads the account's plan as stored, for the success page.
	Keys *models.KeyStore
	// BaseURL is the public address Stripe sends the user back to (no trailing slash).
	BaseURL string
	// Log receives failures; nil means slog.Default().
	Log *slog.Logger
}

// Billing serves Checkout, the success page, the customer portal and the Stripe webhook.
type Billing struct {
	kit     *web.Kit
	svc     *billing.Service
	plans   *models.PlanStore
	keys    *models.KeyStore
	baseURL string
	log     *slog.Logger
}

// NewBilling builds the billing handlers.
func NewBilling(d BillingDeps) *Billing {
	b := &Billing{kit: d.Kit, svc: d.Billing, plans: d.Plans, keys: d.Keys, baseURL: strings.TrimRight(d.BaseURL, "/"), log: d.Log}
	if b.log == nil {
		b.log = slog.Default()
	}
	return b
}

// Routes mounts the logged-in billing pages on r with full paths (the wiring puts RequireUser and
// CSRF in front). The webhook is not among them: mount Webhook before the CSRF middleware.
func (b *Billing) Routes(r *web.Routes) {
	r.Post("/billing/checkout", b.checkout)
	r.Get("/billing/success", b.success)
	r.Post("/billing/portal", b.portal)
}

// stripeDown answers 502 when Stripe refused or did not answer.
func (b *Billing) stripeDown(c *fiber.Ctx, what string, err error) error {
	b.log.Error(what, "err", err)
	return b.kit.ErrorPage(c, fiber.StatusBadGateway, "pricing.error.stripe_title", "pricing.error.stripe")
}

// checkout serves POST /billing/checkout: a subscription Checkout for the chosen plan.
func (b *Billing) checkout(c *fiber.Ctx) error {
	u, err := requireUser(c)
	if u == nil {
		return err
	}
	if !b.svc.Enabled() {
		return c.Redirect("/pricing#contact", fiber.StatusSeeOther)
	}
	plan, err := b.plans.BySlug(c.UserContext(), c.FormValue("plan"))
	if errors.Is(err, models.ErrNotFound) || (err == nil && !plan.Public) {
		return b.kit.ErrorPage(c, fiber.StatusNotFound, "pricing.error.no_plan_title", "pricing.error.no_plan")
	}
	if err != nil {
		b.log.Error("checkout plan", "err", err)
		return b.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "", "")
	}
	success := b.baseURL + "/billing/success?plan=" + url.QueryEscape(plan.Slug)
	to, err := b.svc.CreateCheckoutSession(c.UserContext(), u.ID, u.Email, plan, success, b.baseURL+"/pricing")
	switch {
	case errors.Is(err, billing.ErrNotPurchasable):
		return c.Redirect("/pricing#contact", fiber.StatusSeeOther)
	case err != nil:
		return b.stripeDown(c, "create checkout session", err)
	}
	return c.Redirect(to, fiber.StatusSeeOther)
}

// success serves GET /billing/success. It only reads: the redirect from Checkout proves nothing,
// so it shows the stored plan and reloads until the webhook has changed it.
func (b *Billing) success(c *fiber.Ctx) error {
	u, err := requireUser(c)
	if u == nil {
		return err
	}
	ctx := c.UserContext()
	current, err := b.keys.AccountPlan(ctx, u.ID)
	if err != nil {
		b.log.Error("success plan", "err", err)
		return b.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "", "")
	}
	page := pricing.Success{PlanName: current.Name, WantedName: i18n.T(ctx, "pricing.waiting.new_plan")}
	wanted, err := b.plans.BySlug(ctx, c.Query("plan"))
	if err == nil {
		page.WantedName = wanted.Name
		page.Confirmed = wanted.ID == current.ID
	} else {
		// Without a known target any plan above Starter means the payment went through.
		page.Confirmed = current.Slug != models.StarterPlanSlug
	}
	title := "pricing.waiting.title"
	if page.Confirmed {
		title = "pricing.success.meta_title"
	} else {
		page.RefreshSeconds = successRefreshSeconds
		c.Set("Refresh", strconv.Itoa(successRefreshSeconds))
	}
	page.Meta = b.kit.Meta(c, title, "")
	page.Meta.NoIndex = true
	c.Set(fiber.HeaderCacheControl, "no-store")
	return b.kit.Render(c, fiber.StatusOK, pricing.SuccessPage(page))
}

// portal serves POST /billing/portal: a Stripe customer-portal session.
func (b *Billing) portal(c *fiber.Ctx) error {
	u, err := requireUser(c)
	if u == nil {
		return err
	}
	to, err := b.svc.PortalURL(c.UserContext(), u.ID, b.baseURL+"/account")
	switch {
	case errors.Is(err, billing.ErrNotConfigured):
		return b.kit.ErrorPage(c, fiber.StatusNotFound, "pricing.error.no_billing_title", "pricing.error.no_billing")
	case errors.Is(err, billing.ErrNoCustomer):
		return b.kit.ErrorPage(c, fiber.StatusConflict, "pricing.error.no_customer_title", "pricing.error.no_customer")
	case err != nil:
		return b.stripeDown(c, "create portal session", err)
	}
	return c.Redirect(to, fiber.StatusSeeOther)
}

// Webhook serves POST /webhooks/stripe. It reads the raw body, since the signature covers the exact
// bytes, and must be mounted before the CSRF middleware: Stripe has no CSRF token, the signature
// is the proof. 400 tells Stripe not to retry a delivery that can never succeed; 500 asks it to.
func (b *Billing) Webhook(c *fiber.Ctx) error {
	err := b.svc.HandleWebhook(c.UserContext(), c.Body(), c.Get("Stripe-Signature"))
	switch {
	case err == nil:
		return c.Status(fiber.StatusOK).JSON(fiber.Map{"received": true})
	case errors.Is(err, billing.ErrBadSignature), errors.Is(err, billing.ErrBadPayload):
		b.log.Warn("stripe webhook refused", "err", err)
		return c.Status(fiber.StatusBadRequest).JSON(fiber.Map{"error": "invalid webhook"})
	case errors.Is(err, billing.ErrNotConfigured):
		// Without a signing secret this server has no Stripe endpoint: a 404 (which Stripe also
		// retries, so nothing is lost once the operator sets the secret) rather than a 5xx anyone
		// could provoke.
		b.log.Error("stripe webhook without a signing secret (STRIPE_WEBHOOK_SECRET)", "err", err)
		return c.Status(fiber.StatusNotFound).JSON(fiber.Map{"error": "Stripe webhooks are not enabled on this server"})
	default:
		b.log.Error("stripe webhook", "err", err)
		return c.Status(fiber.StatusInternalServerError).JSON(fiber.Map{"error": "try again later"})
	}
}
