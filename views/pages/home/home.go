// Package home renders the home page: what Claimcheck does, the claim form and the latest checks.
package home

import (
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/layouts"
)

// Page is the home page's view model.
type Page struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// CSRF is the token for the hidden _csrf input ("" when no middleware runs).
	CSRF string
	// Claim and SourceURL are the two form fields with their values and errors.
	Claim, SourceURL components.Field
	// HasErrors shows the error summary above the form.
	HasErrors bool
	// Latest are the newest claims, at most ten.
	Latest []components.ClaimSummary
	// LatestError says the list could not be loaded; the form still works.
	LatestError string
}
