// Package billing is Claimcheck's Stripe integration: Checkout and customer-portal sessions,
// signed webhooks that keep the subscriptions table and each account's plan right whatever order
// Stripe delivers them in, and the contact-sales fallback when Stripe is not configured.
//
// It speaks plain Go (bytes in, errors out) so the HTTP layer decides routes and status codes.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/claimcheck/claimcheck/models"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"
)

// WebhookTolerance is how old a webhook signature may be; older ones are refused as replays.
const WebhookTolerance = 300 * time.Second

var (
	// ErrNotConfigured means the Stripe secret key (or, for webhooks, the signing secret) is unset;
	// the UI then offers the contact-sales form instead.
	ErrNotConfigured = errors.New("billing: stripe is not configured")
	// ErrBadSignature means the webhook was not signed by Stripe with our secret; answer 400.
	ErrBadSignature = errors.New("billing: bad stripe webhook signature")
	// ErrStaleSignature is a correctly formed signature older than WebhookTolerance; it wraps
	// ErrBadSignature, so handlers need only check that.
	ErrStaleSignature = fmt.Errorf("%w: timestamp outside the %s tolerance", ErrBadSignature, WebhookTolerance)
	// ErrBadPayload means a signed webhook body could not be understood (bad JSON, API version
	// mismatch); answer 400, as a retry would fail the same way.
	ErrBadPayload = errors.New("billing: unusable stripe webhook payload")
	// ErrNotPurchasable means the plan has no Stripe price, so Checkout cannot sell it.
	ErrNotPurchasable = errors.New("billing: plan has no stripe price")
	// ErrNoCustomer means the account never reached Stripe, so there is no portal to open.
	ErrNoCustomer = errors.New("billing: account has no stripe customer")
	// ErrInvalidLead means a contact-sales form failed validation; the message says which field.
	ErrInvalidLead = errors.New("billing: invalid contact request")
)

// PlanChangedFunc is told an account's effective plan after every change that may have moved it.
//
// It runs inside the transaction that records the Stripe event, and tx is that transaction: write
// users.plan_id and key quotas through stores given tx, never outside it —
// on SQLite the transaction holds the write lock, so a second connection would wait on it, and on
// both databases a write outside tx would survive a rollback. Returning an error rolls back the
// event, so Stripe redelivers it later. It may be called with the plan the account already has,
// so it must be idempotent.
type PlanChangedFunc func(ctx context.Context, tx models.Tx, userID, planID string) error

// Config configures the Service; the zero value is a Service with Stripe disabled.
type Config struct {
	// SecretKey is the Stripe secret API key (sk_test_… / sk_live_…); empty disables Stripe calls.
	SecretKey string
	// WebhookSecret is the endpoint's signing secret (whsec_…); empty disables webhooks.
	WebhookSecret string
	// BackendURL overrides https://api.stripe.com, e.g. with stripe-mock's address in tests.
	BackendURL string
	// HTTPClient overrides the client Stripe calls go through.
	HTTPClient *http.Client
	// PlanChanged is the accounts layer's hook; nil means nobody needs telling.
	PlanChanged PlanChangedFunc
	// Now overrides the clock that decides whether a period has ended; nil is time.Now.
	Now func() time.Time
	// Logger receives notes about events that were skipped; nil is slog.Default().
	Logger *slog.Logger
}

// Service is the billing core the HTTP handlers and the background sweeper call.
type Service struct {
	store         *models.BillingStore
	api           *client.API
	webhookSecret string
	planChanged   PlanChangedFunc
	now           func() time.Time
	log           *slog.Logger
}

// New builds the Service over store. The Stripe client is private to the Service (never the global
// stripe.Key), so several Services — one per test — can talk to different backends.
func New(store *models.BillingStore, cfg Config) *Service {
	s := &Service{
		store:         store,
		webhookSecret: cfg.WebhookSecret,
		planChanged:   cfg.PlanChanged,
		now:           cfg.Now,
		log:           cfg.Logger,
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if cfg.SecretKey != "" {
		bc := &stripe.BackendConfig{
			HTTPClient:    cfg.HTTPClient,
			LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelError},
		}
		if cfg.BackendURL != "" {
			bc.URL = stripe.String(cfg.BackendURL)
		}
		b := stripe.GetBackendWithConfig(stripe.APIBackend, bc)
		s.api = client.New(cfg.SecretKey, &stripe.Backends{API: b, Connect: b, Uploads: b})
	}
	return s
}

// Store exposes the billing store, for admin pages (contact leads) and success-page polling.
func (s *Service) Store() *models.BillingStore { return s.store }

// Enabled reports whether Stripe Checkout can be offered; when false, show the contact-sales form.
func (s *Service) Enabled() bool { return s.api != nil }

// WebhooksEnabled reports whether webhooks can be verified.
func (s *Service) WebhooksEnabled() bool { return s.webhookSecret != "" }

// CreateCheckoutSession starts a subscription Checkout for plan and returns the URL to redirect to.
// The redirect back grants nothing: only the webhooks it causes change the account's plan.
func (s *Service) CreateCheckoutSession(ctx context.Context, userID, email string, plan *models.Plan, successURL, cancelURL string) (string, error) {
	if s.api == nil {
		return "", ErrNotConfigured
	}
	if plan == nil || plan.StripePriceID == nil || *plan.StripePriceID == "" {
		return "", ErrNotPurchasable
	}
	customer, err := s.store.CustomerID(ctx, userID)
	if err != nil {
		return "", fmt.Errorf("billing: checkout for %s: %w", userID, err)
	}
	// The subscription gets the same metadata as the session: customer.subscription.* events can
	// arrive before checkout.session.completed, and must name the account on their own.
	meta := map[string]string{"user_id": userID, "plan_id": plan.ID}
	params := &stripe.CheckoutSessionParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModeSubscription)),
		ClientReferenceID: stripe.String(userID),
		SuccessURL:        stripe.String(successURL),
		CancelURL:         stripe.String(cancelURL),
		LineItems: []*stripe.CheckoutSessionLineItemParams{{
			Price:    stripe.String(*plan.StripePriceID),
			Quantity: stripe.Int64(1),
		}},
		SubscriptionData: &stripe.CheckoutSessionSubscriptionDataParams{Metadata: meta},
	}
	params.Context = ctx
	params.Metadata = meta
	if customer != "" {
		params.Customer = stripe.String(customer)
	} else if email != "" {
		params.CustomerEmail = stripe.String(email)
	}
	sess, err := s.api.CheckoutSessions.New(params)
	if err != nil {
		return "", fmt.Errorf("billing: create checkout session for %s: %w", userID, err)
	}
	return sess.URL, nil
}

// PortalURL opens a Stripe customer-portal session for the account's customer, where the user
// changes card, downloads invoices or cancels; the results come back as webhooks.
func (s *Service) PortalURL(ctx context.Context, userID, returnURL string) (string, error) {
	if s.api == nil {
		return "", ErrNotConfigured
	}
	customer, err := s.store.CustomerID(ctx, userID)
	if err != nil {
		return "", fmt.Errorf("billing: portal for %s: %w", userID, err)
	}
	if customer == "" {
		return "", ErrNoCustomer
	}
	params := &stripe.BillingPortalSessionParams{
		Customer:  stripe.String(customer),
		ReturnURL: stripe.String(returnURL),
	}
	params.Context = ctx
	sess, err := s.api.BillingPortalSessions.New(params)
	if err != nil {
		return "", fmt.Errorf("billing: create portal session for %s: %w", userID, err)
	}
	return sess.URL, nil
}

// fetchSubscription asks Stripe for the current state of a subscription; used when an event
// carries no subscription state (checkout, invoices) or cannot be ordered by its timestamp.
func (s *Service) fetchSubscription(ctx context.Context, id string) (*stripe.Subscription, error) {
	if s.api == nil {
		return nil, ErrNotConfigured
	}
	params := &stripe.SubscriptionParams{}
	params.Context = ctx
	sub, err := s.api.Subscriptions.Get(id, params)
	if err != nil {
		return nil, fmt.Errorf("billing: fetch subscription %s: %w", id, err)
	}
	return sub, nil
}
