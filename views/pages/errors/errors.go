// Package errors renders the error pages (404, 429, 5xx and the rest) with a way back.
package errors

import "github.com/claimcheck/claimcheck/views/layouts"

// Page is an error page's view model.
type Page struct {
	// Meta is the head metadata (always noindex).
	Meta layouts.Page
	// Status is the HTTP status code shown as a small label.
	Status int
	// Title is the headline.
	Title string
	// Message says what happened and what to do.
	Message string
	// RetryAfter says when to try again, in words ("" = not applicable).
	RetryAfter string
	// ActionText and ActionURL replace the default first way out (checking a claim) when set.
	ActionText, ActionURL string
}
