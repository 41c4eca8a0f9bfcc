package account

import (
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/layouts"
)

// ModelPage is /account/model: an account's own model endpoint (Enterprise's custom model).
type ModelPage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// CSRF is the token for the forms.
	CSRF string
	// Account is the id of the account being configured when an admin configures another one
	// ("" for one's own); the forms carry it back.
	Account string
	// AccountEmail names that account on the page.
	AccountEmail string
	// Unavailable says why custom models cannot be set on this server ("" = they can).
	Unavailable string
	// Allowed is false for an account whose plan does not include a custom model: the page
	// explains and links to pricing instead of showing the form.
	Allowed bool
	// PlanName is the account's plan, for that explanation.
	PlanName string
	// Configured shows the current endpoint, the test and the clear buttons.
	Configured bool
	// CurrentURL, CurrentModel and KeyText describe the saved endpoint; KeyText never holds more
	// of the key than its last four characters.
	CurrentURL, CurrentModel, KeyText string
	// BaseURL, Model and APIKey are the form's fields (the key field is always empty on render).
	BaseURL, Model, APIKey components.Field
	// NoKey is the "takes no key" box, with its state after a failed save.
	NoKey bool
	// Flash is a success message; Error a failure of the whole request.
	Flash, Error string
	// Test is the outcome of a test prompt, when one was just sent.
	Test *ModelTest
}

// ModelTest is a test prompt's outcome in words.
type ModelTest struct {
	// OK is true when the model gave a valid analysis; Text says what happened.
	OK   bool
	Text string
}

// Action is a form action or link of the page, carrying the account an admin is configuring.
func (p ModelPage) Action(path string) string { return p.action(path) }

// action is a form action on the page, carrying the account an admin is configuring.
func (p ModelPage) action(path string) string {
	if p.Account == "" {
		return path
	}
	return path + "?account=" + p.Account
}
