// Package auth renders the account pages: sign-up, log-in, password reset, security settings,
// first-admin setup and the one-message outcomes of mailed links.
package auth

import (
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/layouts"
)

// Link is a secondary way on from a form, such as "Forgot your password?".
type Link struct {
	// Text is the link text; URL its target.
	Text, URL string
}

// FormPage is every single-form account page (sign-up, log-in, forgot, reset, setup): they differ
// only in their words and fields, so one view model keeps them alike.
type FormPage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// CSRF is the token for the hidden _csrf input ("" when no middleware runs).
	CSRF string
	// TestID names the form for tests, e.g. "login-form".
	TestID string
	// Heading and Intro open the page.
	Heading, Intro string
	// Action is the form's target path.
	Action string
	// Next is the checked path to return to after logging in, kept in a hidden input ("" = none).
	Next string
	// Fields are the inputs; values are kept after a failed submit, passwords never.
	Fields []components.Field
	// Error is a message about the whole form (wrong credentials, throttling), or "".
	Error string
	// Notice confirms what a previous step did (an unlocked login), or "".
	Notice string
	// Reason says why the page was shown, e.g. "Log in to continue to your account.", or "".
	Reason string
	// Context is a box above the form about the occasion (an invitation to the beta), or nil.
	Context *Context
	// Unlock offers an unlock link by mail under a throttled login form; nil offers none.
	Unlock *UnlockOffer
	// Submit is the button text.
	Submit string
	// Links are shown under the form.
	Links []Link
}

// Context is a box that puts a form in its occasion.
type Context struct {
	// TestID names it for tests; Title and Text are its words.
	TestID, Title, Text string
}

// HasFieldErrors reports whether any field carries an error, to show the summary above the form.
func (p FormPage) HasFieldErrors() bool {
	for _, f := range p.Fields {
		if f.Error != "" {
			return true
		}
	}
	return false
}

// UnlockOffer is the "email me an unlock link" form shown when logins are throttled.
type UnlockOffer struct {
	// CSRF is the token for the hidden _csrf input.
	CSRF string
	// Email is the address field, filled with the address just tried.
	Email components.Field
}

// MessagePage is the outcome of a mailed link or a form whose answer must not vary ("check your inbox").
type MessagePage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// TestID names the outcome for tests, e.g. "verify-ok".
	TestID string
	// OK picks the success or the problem styling.
	OK bool
	// Heading and Message say what happened and what to do next.
	Heading, Message string
	// ActionText and ActionURL are the way on ("" = none).
	ActionText, ActionURL string
	// Steps are further ways on, listed under "Next steps" (none = no list).
	Steps []Link
}

// SecurityPage is /account/security: change password, change email, log out everywhere.
type SecurityPage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// CSRF is the token for the hidden _csrf inputs.
	CSRF string
	// Email is the current address; Verified says whether it is proven.
	Email string
	// Verified hides the "resend verification" form once the address is proven.
	Verified bool
	// Notice confirms the last change ("" = none).
	Notice string
	// PasswordError and EmailError are form-level messages (throttling), or "".
	PasswordError, EmailError string
	// CurrentPassword and NewPassword are the change-password fields.
	CurrentPassword, NewPassword components.Field
	// NewEmail and EmailPassword are the change-email fields.
	NewEmail, EmailPassword components.Field
}
