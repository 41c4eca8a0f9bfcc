// Package webhooks renders the account's webhook pages: the endpoint list and form, an endpoint's
// deliveries and actions, the once-shown signing secret, and the delete confirmation.
package webhooks

import (
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/layouts"
)

// Endpoint is one endpoint, display-ready.
type Endpoint struct {
	// ID names the endpoint in paths.
	ID string
	// URL is the receiver address.
	URL string
	// Description is the owner's note, or "".
	Description string
	// Events are the subscribed event types.
	Events []string
	// State is active or disabled; it picks the badge and the test id.
	State string
	// StateText says the state in words.
	StateText string
	// DisabledReason says why deliveries stopped ("" when active).
	DisabledReason string
	// CreatedISO and CreatedText are the creation time for <time> and for people.
	CreatedISO, CreatedText string
	// URLPath is the endpoint's page.
	URLPath string
}

// EventChoice is one checkbox of the event-type picker.
type EventChoice struct {
	// Value is the event type.
	Value string
	// Hint says when the event fires.
	Hint string
	// Checked keeps the choice after a failed submit.
	Checked bool
}

// FormError is one entry of the error summary, linking to its control.
type FormError struct {
	// Target is the id of the control to focus.
	Target string
	// Message says what is wrong.
	Message string
}

// Index is /account/webhooks.
type Index struct {
	// Meta is the head metadata (noindex).
	Meta layouts.Page
	// Access is false for accounts without /v1 beta access: the page then explains how to get it.
	Access bool
	// CSRF is the token for every form's hidden _csrf input.
	CSRF string
	// Notice confirms the last change; Error reports a failed one ("" = none).
	Notice, Error string
	// Endpoints are the account's endpoints, newest first.
	Endpoints []Endpoint
	// Max is how many endpoints an account may have.
	Max int
	// LimitReached replaces the form with an explanation.
	LimitReached bool
	// URL and Description are the form's text fields.
	URL, Description components.Field
	// Events are the event-type checkboxes; EventsError is their validation message.
	Events      []EventChoice
	EventsError string
	// Errors summarises the form's errors above it, linked to the controls.
	Errors []FormError
}

// Secret is the page that shows a signing secret, the only time it is ever shown.
type Secret struct {
	// Meta is the head metadata (noindex).
	Meta layouts.Page
	// Endpoint is the endpoint the secret signs for.
	Endpoint Endpoint
	// Secret is the whsec_ signing secret.
	Secret string
	// Rotated marks a rotation: the page then says until when the old secret keeps signing.
	Rotated bool
	// GraceUntil and GraceUntilISO are when the old secret stops signing.
	GraceUntil, GraceUntilISO string
}

// Delivery is one row of the deliveries table.
type Delivery struct {
	// ID is the webhook-id header of every attempt.
	ID string
	// Event is the event type.
	Event string
	// State is the delivery state; StateText says it in words.
	State, StateText string
	// Attempts is how many attempts were made.
	Attempts int
	// LastStatus is the receiver's last HTTP status, or "—".
	LastStatus string
	// LastError is what went wrong last, or "".
	LastError string
	// CreatedISO and CreatedText are when the event was queued.
	CreatedISO, CreatedText string
	// NextText says when it is tried again, or when it was delivered.
	NextText string
}

// Detail is /account/webhooks/{id}.
type Detail struct {
	// Meta is the head metadata (noindex).
	Meta layouts.Page
	// CSRF is the token for every form's hidden _csrf input.
	CSRF string
	// Notice confirms the last change; Error reports a failed one ("" = none).
	Notice, Error string
	// Endpoint is the endpoint.
	Endpoint Endpoint
	// Rotating says until when a rotated-out secret still signs ("" = none).
	Rotating string
	// Deliveries are the most recent deliveries, newest first.
	Deliveries []Delivery
	// GraceText says how long a rotated secret keeps signing, e.g. "24 hours".
	GraceText string
}

// Delete asks to confirm deleting an endpoint.
type Delete struct {
	// Meta is the head metadata (noindex).
	Meta layouts.Page
	// CSRF is the token for the form's hidden _csrf input.
	CSRF string
	// Endpoint is the endpoint to delete.
	Endpoint Endpoint
}
