// Package beta renders the public /beta pages (what /v1 offers, the join form, the outcome of
// mailed links), the admin waiting list, and the beta-access line of the account page.
package beta

import (
	"context"

	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/layouts"
)

// Feature is one /v1 capability.
type Feature struct {
	// Title names it; Detail says what it gives; Stage is its release state, e.g. "Beta".
	Title, Detail, Stage string
	// Endpoint is the method and path, e.g. "GET /v1/claims/{id}/score".
	Endpoint string
}

// LandingPage is /beta.
type LandingPage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// CSRF is the token for the hidden _csrf input ("" when no middleware runs).
	CSRF string
	// Features lists what /v1 offers.
	Features []Feature
	// FreeQuota is the free beta plan's monthly requests, formatted.
	FreeQuota string
	// Fields are the join form's inputs, with values and errors after a failed submit.
	Fields []components.Field
}

// HasFieldErrors reports whether any field carries an error, to show the summary above the form.
func (p LandingPage) HasFieldErrors() bool {
	for _, f := range p.Fields {
		if f.Error != "" {
			return true
		}
	}
	return false
}

// LeavePage is the one-button confirmation shown by a leave link before anything changes, because
// mail scanners open links but do not press buttons.
type LeavePage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// CSRF is the token for the hidden _csrf input.
	CSRF string
	// Action is the form's target, the leave link itself.
	Action string
}

// StateCount is one state's tally on the admin page.
type StateCount struct {
	// State is the state's value; Label its display name; Count the entries in it.
	State, Label string
	// Count is formatted for display.
	Count string
	// URL filters the list to the state.
	URL string
	// Current marks the active filter.
	Current bool
}

// AdminRow is one entry in the admin list.
type AdminRow struct {
	// ID is the entry id, the checkbox value.
	ID string
	// Email, Name, Organisation, IntendedUse are as entered.
	Email, Name, Organisation, IntendedUse string
	// State is the state's value.
	State string
	// Joined and Confirmed are dates for people ("" = never).
	Joined, Confirmed string
	// Selectable is true for confirmed entries, the only ones an invitation can reach.
	Selectable bool
}

// AdminPage is /admin/waitlist.
type AdminPage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// CSRF is the token for the hidden _csrf inputs.
	CSRF string
	// Notice reports the last action, or "".
	Notice string
	// Query and State are the current search and filter.
	Query, State string
	// Counts has one tally per state, plus "all" first.
	Counts []StateCount
	// Rows is the current page.
	Rows []AdminRow
	// Summary says which rows are shown, e.g. "1–50 of 120".
	Summary string
	// PrevURL and NextURL page the list ("" at either end).
	PrevURL, NextURL string
	// CSVURL downloads the list with the current search and filter.
	CSVURL string
	// Confirmed counts the people "open the beta" would invite.
	Confirmed string
}

// OpenConfirmPage asks the admin to confirm "open the beta" before it mails everyone.
type OpenConfirmPage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// CSRF is the token for the hidden _csrf input.
	CSRF string
	// Confirmed counts the people who will be invited, formatted.
	Confirmed string
}

// AccessView is the dashboard's beta card: State is access, invited-unverified, invited, listed
// or none, and picks what the card says.
type AccessView struct {
	// Has is true when the account's keys work on /v1.
	Has bool
	// State is where the account stands (see the type).
	State string
	// FreeQuota is the free beta plan's monthly requests, formatted.
	FreeQuota string
}

// stateText is a waiting-list state (or "all") in the reader's language; a state the message
// files do not name shows as fallback.
func stateText(ctx context.Context, state, fallback string) string {
	if loc := i18n.From(ctx); loc.Has("beta.admin.state." + state) {
		return loc.T("beta.admin.state." + state)
	}
	return fallback
}

// boolAttr is a flag as a data attribute value.
func boolAttr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
