// Package mail sends the application's mail through a durable outbox.
//
// Every mail is first a row in email_outbox, enqueued idempotently by a dedupe key that names the
// event causing it ("verify:<user_id>:<token_id>"), ideally in the same transaction as that event.
// A Worker then claims due rows with a lease, sends them through a Sender and records the outcome,
// retrying failures with exponential backoff and jitter until the mail is sent or dead.
//
// Without SMTP_URL no worker runs (NewWorkerFromURL returns nil): mails stay queued in the outbox,
// where admins can read them (OutboxStore.List) and a later start with SMTP configured sends them.
//
// Delivery guarantee: a row is claimed atomically by one worker at a time and marked sent in the same
// row, so restarts and several serve processes never send it twice, as long as a send finishes within
// its lease (the worker cuts sends off before the lease ends). SMTP itself is at-least-once — if the
// server's "250 OK" after DATA is lost, the mail is sent again — so every mail carries a Message-ID
// derived from its row, which lets receiving systems drop such a duplicate.
package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/a-h/templ"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/emails"
)

// Message is a rendered mail ready for the outbox.
type Message struct {
	// To is the recipient's address, optionally with a display name.
	To string
	// Subject is the subject line.
	Subject string
	// Text is the plain-text part; it is required because some readers only see it.
	Text string
	// HTML is the optional HTML part.
	HTML string
	// DedupeKey names the event that causes the mail; one event, one mail.
	DedupeKey string
}

// validate refuses messages that could never be delivered, at enqueue time rather than on every retry.
func (m Message) validate() error {
	if strings.TrimSpace(m.DedupeKey) == "" {
		return errors.New("mail: message has no dedupe key")
	}
	if _, err := mail.ParseAddress(m.To); err != nil {
		return fmt.Errorf("mail: recipient %q: %w", m.To, err)
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return errors.New("mail: subject contains a line break")
	}
	if strings.TrimSpace(m.Text) == "" {
		return errors.New("mail: message has no text part")
	}
	return nil
}

// Render renders a templ component to a string, for the HTML part of a mail.
func Render(ctx context.Context, c templ.Component) (string, error) {
	var b bytes.Buffer
	if err := c.Render(ctx, &b); err != nil {
		return "", fmt.Errorf("mail: render: %w", err)
	}
	return b.String(), nil
}

// Compose renders a template from views/emails into a Message for to, keyed by dedupeKey.
func Compose(ctx context.Context, to, dedupeKey string, e emails.Email) (Message, error) {
	html, err := Render(ctx, e.HTML())
	if err != nil {
		return Message{}, fmt.Errorf("mail: compose %q: %w", dedupeKey, err)
	}
	subject, text := e.Subject(), e.Text()
	if l, ok := e.(emails.Localized); ok {
		// The recipient's language travels in ctx (i18n.WithLocalizer), like the HTML part's.
		loc := i18n.From(ctx)
		subject, text = l.SubjectIn(loc), l.TextIn(loc)
	}
	return Message{To: to, Subject: subject, Text: text, HTML: html, DedupeKey: dedupeKey}, nil
}

// Outbox is how the application sends mail: it only ever writes to the outbox table.
type Outbox struct {
	// Store is the outbox table.
	Store *models.OutboxStore
}

// NewOutbox builds the application's mail entry point over store.
func NewOutbox(store *models.OutboxStore) *Outbox { return &Outbox{Store: store} }

// Enqueue stores m for delivery and reports whether it is new; a repeated dedupe key is a no-op.
func (o *Outbox) Enqueue(ctx context.Context, m Message) (bool, error) {
	return o.EnqueueTx(ctx, models.Tx{}, m)
}

// EnqueueTx is Enqueue inside the caller's transaction, so the mail exists exactly when the event that
// causes it commits. The zero Tx uses the store's own connection.
func (o *Outbox) EnqueueTx(ctx context.Context, tx models.Tx, m Message) (bool, error) {
	if err := m.validate(); err != nil {
		return false, err
	}
	created, err := o.Store.Enqueue(ctx, tx, &models.OutboxMail{
		DedupeKey: m.DedupeKey,
		ToAddr:    m.To,
		Subject:   m.Subject,
		TextBody:  m.Text,
		HTMLBody:  m.HTML,
	})
	if err != nil {
		return false, fmt.Errorf("mail: %w", err)
	}
	return created, nil
}
