// Package account renders the developer dashboard: plan, usage, the six-month chart and API keys.
package account

import (
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/layouts"
	betapages "github.com/claimcheck/claimcheck/views/pages/beta"
	"github.com/claimcheck/claimcheck/views/pages/docs"
)

// Link is a labelled address.
type Link struct {
	// Text is the link's words; URL its target.
	Text, URL string
}

// Key is one row of the key table, display-ready.
type Key struct {
	// ID names the key in form actions.
	ID string
	// Name is the user's label for the key.
	Name string
	// Display is the display prefix, e.g. "cc_live_AbCdEfGh…"; the secret is never shown again.
	Display string
	// CreatedISO and CreatedText are the creation time for <time> and for people.
	CreatedISO, CreatedText string
	// LastUsedText is when the key was last used, or "Never".
	LastUsedText string
	// UsedMonth is this month's request count, formatted.
	UsedMonth string
	// State is active, rotating or revoked; it picks the badge and the test id.
	State string
	// StateText says the state in words, with the end of a grace period.
	StateText string
	// CanChange is false for revoked keys: nothing but the record is left.
	CanChange bool
	// CanRotate is false for revoked keys and keys already rotated.
	CanRotate bool
}

// Dashboard is the /account page's view model.
type Dashboard struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// ShowBeta shows the /v1 beta card; Beta is what it says.
	ShowBeta bool
	Beta     betapages.AccessView
	// Verified is false until the address is confirmed: the page then shows the notice with the
	// resend button, and no key can be created.
	Verified bool
	// Email is the address the confirmation link went to.
	Email string
	// Expert shows the link to the experts' review queue.
	Expert bool
	// Admin shows the link to the admin console, which the header alone would leave hard to find.
	Admin bool
	// CSRF is the token for every form's hidden _csrf input.
	CSRF string
	// UserName greets the user.
	UserName string
	// PlanName and PlanSlug are the account's plan.
	PlanName, PlanSlug string
	// QuotaText is "100 requests / month" or "Unlimited".
	QuotaText string
	// Unlimited hides the progress bar, which would have no end.
	Unlimited bool
	// Used and Quota are this month's total and limit; Percent is Used of Quota, clamped to 0–100.
	Used, Quota, Percent int
	// UsageText says the usage in words, e.g. "42 of 100 requests used this month".
	UsageText string
	// ResetText says when the counters start over.
	ResetText string
	// Chart is the last six months' requests, oldest first.
	Chart components.BarChart
	// Keys are the account's keys, newest first.
	Keys []Key
	// ActiveKeys and MaxKeys are the slots used and allowed by the plan.
	ActiveKeys, MaxKeys int
	// LimitReached replaces the create form with an explanation.
	LimitReached bool
	// LimitMessage says why no key can be created and what to do.
	LimitMessage string
	// LimitLinks are the upgrade paths offered with it.
	LimitLinks []Link
	// NameField is the create form's name input.
	NameField components.Field
	// Notice confirms the last change ("" = none).
	Notice string
	// Error reports a failed change ("" = none).
	Error string
	// GraceText states how long a rotated key keeps working.
	GraceText string
	// ShowBilling offers the Stripe customer portal.
	ShowBilling bool
}

// Created is the page that shows a new key's secret, the only time it is ever shown.
type Created struct {
	// Meta is the head metadata (noindex).
	Meta layouts.Page
	// Name is the key's label.
	Name string
	// Secret is the whole key.
	Secret string
	// Display is the prefix the dashboard will show from now on.
	Display string
	// Rotated marks a rotation: the page then explains the old key's grace period.
	Rotated bool
	// OldDisplay is the rotated key's prefix; OldName is its name now that it is retired.
	OldDisplay, OldName string
	// GraceText says how long the old key keeps working, e.g. "24 hours".
	GraceText string
	// GraceUntil is when the old key stops, for people.
	GraceUntil string
	// GraceUntilISO is the same for <time datetime>.
	GraceUntilISO string
	// QuickStart is the first call, with the whole key filled in.
	QuickStart docs.QuickStart
}

// Confirm asks once more before a key is revoked or rotated.
type Confirm struct {
	// Meta is the head metadata (noindex).
	Meta layouts.Page
	// CSRF is the token for the form.
	CSRF string
	// Action is revoke or rotate; URL is where the form posts.
	Action, URL string
	// KeyName and Display name the key.
	KeyName, Display string
	// GraceText is how long a rotated key keeps working, e.g. "24 hours".
	GraceText string
}
