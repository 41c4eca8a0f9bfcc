// Package home renders the home page: what Claimcheck does, the claim form and the latest checks.
package home

import (
	"strings"

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
	// ClaimLimit is the longest claim accepted, in characters. The textarea does not cut a paste
	// at it (a browser's maxlength truncates pasted text without a word); the counter states it up
	// front and the server answers a longer claim with the limit and its length.
	ClaimLimit int
	// Limited is set when this visitor has used up the anonymous checks for now: the form comes
	// back with what they typed, and this says why and when they can check again.
	Limited *Limited
}

// Limited explains a refused check.
type Limited struct {
	// Title, Message and RetryAfter say what happened, what it means and when to try again.
	Title, Message, RetryAfter string
}

// claimDescribedBy links the claim textarea to its error, hint and counter.
func claimDescribedBy(f components.Field) string {
	ids := []string{}
	if f.Error != "" {
		ids = append(ids, f.ID+"-error")
	}
	if f.Hint != "" {
		ids = append(ids, f.ID+"-hint")
	}
	return strings.Join(append(ids, f.ID+"-count"), " ")
}
