package billing

import (
	"context"
	"fmt"
	"net/mail"
	"strings"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/validation"

	"github.com/claimcheck/claimcheck/models"
)

// Field limits of the contact-sales form; generous for people, tight enough to keep spam rows small.
const (
	maxLeadName    = 200
	maxLeadEmail   = 254
	maxLeadCompany = 200
	maxLeadMessage = 5000
)

// SubmitContactLead validates and stores a contact-sales request. It works without Stripe: it is
// the Enterprise path when Stripe is not configured. Validation errors wrap ErrInvalidLead and a
// *validation.Errors naming every bad field with its message id (pricing.contact.invalid.*).
func (s *Service) SubmitContactLead(ctx context.Context, name, email, company, message string) (*models.ContactLead, error) {
	l := &models.ContactLead{
		Name:    strings.TrimSpace(name),
		Email:   strings.TrimSpace(email),
		Company: strings.TrimSpace(company),
		Message: strings.TrimSpace(message),
	}
	var fields []validation.FieldError
	bad := func(field, msg, key string, max int) {
		fields = append(fields, validation.FieldError{Field: field, Message: msg, Key: key, Data: map[string]any{"Max": max}})
	}
	if l.Name == "" || utf8.RuneCountInString(l.Name) > maxLeadName {
		bad("name", fmt.Sprintf("Name must be 1–%d characters.", maxLeadName), "pricing.contact.invalid.name", maxLeadName)
	}
	if len(l.Email) > maxLeadEmail || !plainAddress(l.Email) {
		bad("email", "Email address is not valid.", "pricing.contact.invalid.email", maxLeadEmail)
	}
	if utf8.RuneCountInString(l.Company) > maxLeadCompany {
		bad("company", fmt.Sprintf("Company must be at most %d characters.", maxLeadCompany), "pricing.contact.invalid.company", maxLeadCompany)
	}
	if utf8.RuneCountInString(l.Message) > maxLeadMessage {
		bad("message", fmt.Sprintf("Message must be at most %d characters.", maxLeadMessage), "pricing.contact.invalid.message", maxLeadMessage)
	}
	if len(fields) > 0 {
		return nil, fmt.Errorf("%w: %w", ErrInvalidLead, &validation.Errors{Fields: fields})
	}
	if err := s.store.CreateContactLead(ctx, l); err != nil {
		return nil, fmt.Errorf("billing: %w", err)
	}
	return l, nil
}

// plainAddress accepts a bare address only: "Name <a@b>" would parse, but admins reply to it.
func plainAddress(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s
}
