package account

import (
	"encoding/json"
	"errors"
	"log/slog"
	"strings"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/pages/pricing"
	"github.com/gofiber/fiber/v2"
)

// PricingDeps is what the pricing page needs.
type PricingDeps struct {
	// Kit renders the frame and the error pages.
	Kit *web.Kit
	// Plans reads the plans.
	Plans *models.PlanStore
	// Keys tells a logged-in visitor's plan apart.
	Keys *models.KeyStore
	// Billing decides between Checkout and the contact form and stores leads.
	Billing *billing.Service
	// Log receives failures; nil means slog.Default().
	Log *slog.Logger
}

// Pricing serves /pricing and the contact-sales form.
type Pricing struct {
	kit     *web.Kit
	plans   *models.PlanStore
	keys    *models.KeyStore
	billing *billing.Service
	log     *slog.Logger
}

// NewPricing builds the pricing handlers.
func NewPricing(d PricingDeps) *Pricing {
	p := &Pricing{kit: d.Kit, plans: d.Plans, keys: d.Keys, billing: d.Billing, log: d.Log}
	if p.log == nil {
		p.log = slog.Default()
	}
	return p
}

// Routes mounts the public pricing pages on r (behind CSRF, like every form).
func (p *Pricing) Routes(r *web.Routes) {
	r.Get("/pricing", p.show)
	r.Post("/pricing/contact", p.contact)
	r.Get("/pricing/thanks", p.thanks)
}

// contactFields builds the form's fields with the submitted values, labelled in loc's language.
func contactFields(loc *i18n.Localizer, name, email, company, message string) pricing.Contact {
	return pricing.Contact{
		Name:    components.Field{ID: "contact-name", Name: "name", Label: loc.T("pricing.contact.name"), Type: "text", Value: name, Required: true, MaxLength: 200, Autocomplete: "name"},
		Email:   components.Field{ID: "contact-email", Name: "email", Label: loc.T("pricing.contact.email"), Type: "email", Value: email, Required: true, MaxLength: 254, Autocomplete: "email"},
		Company: components.Field{ID: "contact-company", Name: "company", Label: loc.T("pricing.contact.company"), Type: "text", Value: company, Optional: true, MaxLength: 200, Autocomplete: "organization"},
		Message: components.Field{ID: "contact-message", Name: "message", Label: loc.T("pricing.contact.message"), Type: "textarea", Value: message, Optional: true, MaxLength: 5000, Rows: 5},
	}
}

// show serves GET /pricing.
func (p *Pricing) show(c *fiber.Ctx) error {
	return p.render(c, fiber.StatusOK, contactFields(i18n.From(c.UserContext()), "", "", "", ""))
}

// render draws the plans from the database and, without Stripe, the contact form.
func (p *Pricing) render(c *fiber.Ctx, status int, form pricing.Contact) error {
	ctx := c.UserContext()
	loc := i18n.From(ctx)
	plans, err := p.plans.List(ctx)
	if err != nil {
		p.log.Error("list plans", "err", err)
		return p.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "pricing.error.plans_title", "pricing.error.plans")
	}
	u := web.CurrentUser(c)
	current := ""
	if u != nil {
		if cp, err := p.keys.AccountPlan(ctx, u.ID); err == nil {
			current = cp.ID
		}
	}
	// The contact-sales path is always on the page: Enterprise's SLA and dedicated support link to
	// it even when Checkout sells the plan.
	page := pricing.Page{
		Meta: p.kit.Meta(c, "pricing.meta_title", "pricing.meta_desc"),
		CSRF: web.CSRFToken(c), Contact: form, ShowContact: true,
	}
	for _, pl := range plans {
		isBeta := pl.Slug == beta.FreePlanSlug
		if !pl.Public && !isBeta {
			continue
		}
		name := catalog(loc, pl.Name)
		card := pricing.Plan{Slug: pl.Slug, Name: name, Price: catalog(loc, pl.PriceText)}
		if pl.MonthlyQuota == nil {
			card.QuotaText = loc.T("account.unlimited")
		} else {
			card.QuotaText = loc.T("account.quota", "Quota", format.For(loc).Int(int64(*pl.MonthlyQuota)))
		}
		card.Features = linkFeatures(planFeatures(pl.Features, p.log), "Unlimited requests")
		for i := range card.Features {
			card.Features[i].Text = catalog(loc, card.Features[i].Text)
		}
		purchasable := pl.StripePriceID != nil && *pl.StripePriceID != ""
		switch {
		case pl.ID == current:
			card.Action, card.ActionText = pricing.ActionCurrent, loc.T("pricing.action.current")
		case isBeta:
			card.Note = loc.T("pricing.beta_note")
			card.Action, card.ActionText, card.ActionURL = pricing.ActionLink, loc.T("pricing.action.waitlist"), "/beta"
		case pl.Slug == models.StarterPlanSlug && u != nil:
			card.Action, card.ActionText, card.ActionURL = pricing.ActionLink, loc.T("pricing.go_dashboard"), "/account"
		case pl.Slug == models.StarterPlanSlug:
			card.Action, card.ActionText, card.ActionURL = pricing.ActionLink, loc.T("pricing.action.start"), "/signup"
		case purchasable && p.billing != nil && p.billing.Enabled() && u != nil:
			card.Action, card.ActionText = pricing.ActionCheckout, loc.T("pricing.action.upgrade", "Plan", name)
		case purchasable && p.billing != nil && p.billing.Enabled():
			card.Action, card.ActionText, card.ActionURL = pricing.ActionLink, loc.T("pricing.action.signup"), "/signup"
		default:
			card.Action, card.ActionText, card.ActionURL = pricing.ActionContact, loc.T("account.contact_sales"), "#contact"
		}
		page.Plans = append(page.Plans, card)
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return p.kit.Render(c, status, pricing.Pricing(page))
}

// featureLinks say where each Enterprise inclusion is delivered, by a word its name contains: the
// self-hosting guide, the custom-model guide, or the contact-sales form for what is agreed in a
// contract. A feature that matches none is shown as plain text.
var featureLinks = []struct{ word, url string }{
	{"on-premise", "/docs/self-hosting"},
	{"self-host", "/docs/self-hosting"},
	{"custom model", "/docs/custom-model"},
	{"fine-tun", "/docs/custom-model"},
	{"sla", "#contact"},
	{"dedicated support", "#contact"},
}

// linkFeatures pairs each feature with its link, dropping one that only repeats the quota line
// ("Unlimited requests" appears once per card).
func linkFeatures(fs []string, quotaText string) []pricing.Feature {
	out := make([]pricing.Feature, 0, len(fs))
	for _, f := range fs {
		if strings.EqualFold(strings.TrimSpace(f), quotaText) {
			continue
		}
		pf := pricing.Feature{Text: f}
		low := strings.ToLower(f)
		for _, l := range featureLinks {
			if strings.Contains(low, l.word) {
				pf.URL = l.url
				break
			}
		}
		out = append(out, pf)
	}
	return out
}

// catalog is a plan's stored English name, price or feature in loc's language: the seeded plans'
// words are in the message files under pricing.catalog, by their words in lower case joined with
// "_"; a word an administrator typed that has no message shows as stored.
func catalog(loc *i18n.Localizer, s string) string {
	id := "pricing.catalog." + strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return (r < 'a' || r > 'z') && (r < '0' || r > '9')
	}), "_")
	if loc.Has(id) {
		return loc.T(id)
	}
	return s
}

// planFeatures decodes the plan's JSON feature list; a broken list hides the features, not the plan.
func planFeatures(raw string, log *slog.Logger) []string {
	var fs []string
	if err := json.Unmarshal([]byte(raw), &fs); err != nil {
		log.Warn("plan features", "err", err)
		return nil
	}
	return fs
}

// contact serves POST /pricing/contact; billing validates, so the rules live in one place.
func (p *Pricing) contact(c *fiber.Ctx) error {
	name, email, company, message := c.FormValue("name"), c.FormValue("email"), c.FormValue("company"), c.FormValue("message")
	_, err := p.billing.SubmitContactLead(c.UserContext(), name, email, company, message)
	if errors.Is(err, billing.ErrInvalidLead) {
		loc := i18n.From(c.UserContext())
		form := contactFields(loc, name, email, company, message)
		var verr *validation.Errors
		if !errors.As(err, &verr) {
			verr = &validation.Errors{Fields: []validation.FieldError{{Field: "message", Message: err.Error()}}}
		}
		form.Name.Error = verr.Localized("name", web.FieldTranslator(loc))
		form.Email.Error = verr.Localized("email", web.FieldTranslator(loc))
		form.Company.Error = verr.Localized("company", web.FieldTranslator(loc))
		form.Message.Error = verr.Localized("message", web.FieldTranslator(loc))
		form.HasErrors = true
		return p.render(c, fiber.StatusUnprocessableEntity, form)
	}
	if err != nil {
		p.log.Error("store contact lead", "err", err)
		return p.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "pricing.error.lead_title", "pricing.error.lead")
	}
	return c.Redirect("/pricing/thanks", fiber.StatusSeeOther)
}

// thanks serves GET /pricing/thanks.
func (p *Pricing) thanks(c *fiber.Ctx) error {
	page := pricing.Thanks{Meta: p.kit.Meta(c, "pricing.thanks.title", "")}
	page.Meta.NoIndex = true
	return p.kit.Render(c, fiber.StatusOK, pricing.ThanksPage(page))
}
