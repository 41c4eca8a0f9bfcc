// Package pricing renders the plans page, the contact-sales form and the billing pages around
// Stripe Checkout.
package pricing

import (
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/layouts"
)

// Plan actions: what a plan card's button does.
const (
	// ActionLink is a plain link (sign up, the dashboard).
	ActionLink = "link"
	// ActionCheckout posts to /billing/checkout.
	ActionCheckout = "checkout"
	// ActionContact jumps to the contact-sales form.
	ActionContact = "contact"
	// ActionCurrent says the account is already on the plan.
	ActionCurrent = "current"
)

// Plan is one plan card.
type Plan struct {
	// Slug names the plan in forms and test ids.
	Slug string
	// Name is the plan's display name.
	Name string
	// Price is the price text, e.g. "Free" or "Custom".
	Price string
	// QuotaText is "100 requests / month" or "Unlimited requests".
	QuotaText string
	// Features come from the plan's JSON feature list, each linked to where it is delivered.
	Features []Feature
	// Note says how the plan is obtained when that is not a purchase ("" = none).
	Note string
	// Action is one of the Action constants.
	Action string
	// ActionText and ActionURL are the button.
	ActionText, ActionURL string
}

// Feature is one inclusion of a plan.
type Feature struct {
	// Text names it; URL is where it is explained or arranged ("" = plain text).
	Text, URL string
}

// Contact is the contact-sales form with its values and errors.
type Contact struct {
	// Name, Email, Company and Message are the form fields.
	Name, Email, Company, Message components.Field
	// HasErrors shows the error summary.
	HasErrors bool
}

// Page is the /pricing view model.
type Page struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// CSRF is the token for the forms.
	CSRF string
	// Plans are the public plans in display order.
	Plans []Plan
	// ShowContact renders the contact-sales form (Stripe is not configured).
	ShowContact bool
	// Contact is that form.
	Contact Contact
}

// Thanks is the page after a contact request was stored.
type Thanks struct {
	// Meta is the head metadata.
	Meta layouts.Page
}

// Success is the page Stripe Checkout returns to; it waits for the webhook to change the plan.
type Success struct {
	// Meta is the head metadata.
	Meta layouts.Page
	// PlanName is the account's plan as stored now.
	PlanName string
	// Confirmed is true once the plan is the one bought.
	Confirmed bool
	// WantedName is the plan being bought.
	WantedName string
	// RefreshSeconds is the meta refresh interval while waiting (0 = none).
	RefreshSeconds int
}
