package billing

import (
	"context"
	"fmt"
	"net/mail"
	"strings"
	"unicode/utf8"

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
// the Enterprise path when Stripe is not configured. Validation errors wrap ErrInvalidLead.
func (s *Service) SubmitContactLead(ctx context.Context, name, email, company, message string) (*models.ContactLead, error) {
	l := &models.ContactLead{
		Name:    strings.TrimSpace(name),
		Email:   strings.TrimSpace(email),
		Company: strings.TrimSpace(company),
		Message: strings.TrimSpace(message),
	}
	switch {
	case l.Name == "" || utf8.RuneCountInString(l.Name) > maxLeadName:
		return nil, fmt.Errorf("%w: name must be 1–%d characters", ErrInvalidLead, maxLeadName)
	case len(l.Email) > maxLeadEmail || !plainAddress(l.Email):
		return nil, fmt.Errorf("%w: email address is not valid", ErrInvalidLead)
	case utf8.RuneCountInString(l.Company) > maxLeadCompany:
		return nil, fmt.Errorf("%w: company must be at most %d characters", ErrInvalidLead, maxLeadCompany)
	case utf8.RuneCountInString(l.Message) > maxLeadMessage:
		return nil, fmt.Errorf("%w: message must be at most %d characters", ErrInvalidLead, maxLeadMessage)
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
