// Package validation is the shape every input check in Claimcheck reports: one message per
// invalid field, all at once, so a form or an API client can fix everything in one go.
package validation

import "strings"

// FieldError says what is wrong with one input field.
type FieldError struct {
	// Field names the input the way the client sent it ("claim", "url", "confidence").
	Field string
	// Message is a sentence for the person who sent it: what is wrong and what is accepted.
	Message string
}

// Errors lists every invalid field of one input.
type Errors struct {
	// What names the input in Error ("vote", "webhook endpoint"); empty makes Error the bare messages.
	What string
	// Fields holds one entry per failing field, in form order.
	Fields []FieldError
}

// Error joins the field messages: "invalid <what>: field: message; …", or the messages alone.
func (e *Errors) Error() string {
	parts := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		if e.What == "" {
			parts[i] = f.Message
		} else {
			parts[i] = f.Field + ": " + f.Message
		}
	}
	if e.What == "" {
		return strings.Join(parts, " ")
	}
	return "invalid " + e.What + ": " + strings.Join(parts, "; ")
}

// Message returns the message for field, "" when the field is fine (or e is nil).
func (e *Errors) Message(field string) string {
	if e == nil {
		return ""
	}
	for _, f := range e.Fields {
		if f.Field == field {
			return f.Message
		}
	}
	return ""
}
