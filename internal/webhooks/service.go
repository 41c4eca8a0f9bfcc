package webhooks

import (
	"context"
	"errors"
	"fmt"
	"github.com/claimcheck/claimcheck/internal/validation"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/models"
)

// MaxDescription caps an endpoint's description, in characters.
const MaxDescription = 200

// RotationGrace is how long a rotated secret keeps signing beside the new one.
const RotationGrace = 24 * time.Hour

// DisabledByOwner is the reason recorded when the owner disables an endpoint by hand.
const DisabledByOwner = "Disabled by you."

// EndpointInput is what an owner submits to register an endpoint.
type EndpointInput struct {
	// URL is the receiver address.
	URL string
	// EventTypes are the event types to receive.
	EventTypes []string
	// Description is the owner's note, e.g. "production CMS".
	Description string
}

// FieldError is one invalid input, named the way the API calls it (url, event_types, description).
type FieldError = validation.FieldError

// ValidationError lists every invalid input of a request, so the owner can fix them all at once.
type ValidationError = validation.Errors

// URLChecker says what is wrong with a receiver URL (the zero FieldError = acceptable); Guard is one.
type URLChecker interface {
	CheckURL(ctx context.Context, raw string) FieldError
}

// Service registers and manages endpoints for their owners; the worker does the sending.
type Service struct {
	store *models.WebhookStore
	urls  URLChecker
	now   func() time.Time
}

// NewService builds the endpoint service; a nil now is time.Now.
func NewService(store *models.WebhookStore, urls URLChecker, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, urls: urls, now: now}
}

// Validate normalises in (trimmed, event types deduplicated in the documented order) and checks every
// field, returning a *ValidationError listing what is wrong.
func (s *Service) Validate(ctx context.Context, in EndpointInput) (EndpointInput, error) {
	var errs []FieldError
	in.URL = strings.TrimSpace(in.URL)
	if fe := s.urls.CheckURL(ctx, in.URL); fe.Message != "" {
		fe.Field = "url"
		errs = append(errs, fe)
	}
	var unknown []string
	want := map[string]bool{}
	for _, t := range in.EventTypes {
		t = strings.TrimSpace(t)
		if slices.Contains(models.EventTypes, t) {
			want[t] = true
		} else if !slices.Contains(unknown, t) {
			unknown = append(unknown, t)
		}
	}
	types := strings.Join(models.EventTypes, ", ")
	switch {
	case slices.Contains(unknown, ""):
		errs = append(errs, FieldError{Field: "event_types", Message: "Each event type must be a non-empty string: " + types + ".",
			Key: "wh.invalid.event_empty", Data: map[string]any{"Types": types}})
	case len(unknown) > 0:
		errs = append(errs, FieldError{Field: "event_types", Message: fmt.Sprintf("Unknown event type %q. Choose from %s.", clip(unknown[0], 60), types),
			Key: "wh.invalid.event_unknown", Data: map[string]any{"Type": clip(unknown[0], 60), "Types": types}})
	case len(want) == 0:
		errs = append(errs, FieldError{Field: "event_types", Message: "Choose at least one event type: " + types + ".",
			Key: "wh.invalid.event_none", Data: map[string]any{"Types": types}})
	}
	in.EventTypes = in.EventTypes[:0:0]
	for _, t := range models.EventTypes {
		if want[t] {
			in.EventTypes = append(in.EventTypes, t)
		}
	}
	in.Description = strings.TrimSpace(in.Description)
	if utf8.RuneCountInString(in.Description) > MaxDescription {
		errs = append(errs, FieldError{Field: "description", Message: fmt.Sprintf("Use at most %d characters for the description.", MaxDescription),
			Key: "wh.invalid.description_long", Data: map[string]any{"Max": MaxDescription}})
	} else if strings.ContainsFunc(in.Description, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		errs = append(errs, FieldError{Field: "description", Message: "Write the description on one line, without control characters.",
			Key: "wh.invalid.description_line"})
	}
	if len(errs) > 0 {
		return in, &ValidationError{What: "webhook endpoint", Fields: errs}
	}
	return in, nil
}

// clip shortens s for an error message.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// Create validates in and registers the endpoint for owner with a fresh secret. Errors: a
// *ValidationError, or models.ErrWebhookLimit.
func (s *Service) Create(ctx context.Context, owner models.WebhookOwner, in EndpointInput) (*models.WebhookEndpoint, error) {
	in, err := s.Validate(ctx, in)
	if err != nil {
		return nil, err
	}
	secret, err := NewSecret()
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	ep := &models.WebhookEndpoint{URL: in.URL, Description: in.Description, EventTypes: EncodeEventTypes(in.EventTypes),
		Secret: secret, CreatedAt: now, UpdatedAt: now}
	err = s.store.CreateEndpoint(ctx, owner, ep)
	if errors.Is(err, models.ErrWebhookDuplicate) {
		return nil, &ValidationError{What: "webhook endpoint", Fields: []FieldError{{Field: "url", Message: "You already have an endpoint " +
			"with this URL, so it would receive every event twice. To change its event types, delete it and add it again.",
			Key: "wh.invalid.url_duplicate"}}}
	}
	if err != nil {
		return nil, err
	}
	return ep, nil
}

// EncodeEventTypes stores event types the way the outbox's subscription test reads them.
func EncodeEventTypes(types []string) string {
	if len(types) == 0 {
		return "[]"
	}
	return `["` + strings.Join(types, `","`) + `"]`
}

// EventTypesOf decodes an endpoint's event types, in the documented order.
func EventTypesOf(ep *models.WebhookEndpoint) []string {
	out := []string{}
	for _, t := range models.EventTypes {
		if ep.Subscribes(t) {
			out = append(out, t)
		}
	}
	return out
}

// List returns the owner's endpoints, newest first.
func (s *Service) List(ctx context.Context, owner models.WebhookOwner) ([]models.WebhookEndpoint, error) {
	return s.store.ListEndpoints(ctx, owner)
}

// Get returns one of the owner's endpoints (models.ErrNotFound for anyone else's).
func (s *Service) Get(ctx context.Context, owner models.WebhookOwner, id string) (*models.WebhookEndpoint, error) {
	return s.store.Endpoint(ctx, owner, id)
}

// Deliveries returns up to limit of the owner's endpoint's deliveries, newest first.
func (s *Service) Deliveries(ctx context.Context, owner models.WebhookOwner, id string, limit int) ([]models.WebhookDelivery, error) {
	ep, err := s.store.Endpoint(ctx, owner, id)
	if err != nil {
		return nil, err
	}
	return s.store.Deliveries(ctx, ep.ID, limit)
}

// Delete removes one of the owner's endpoints with its deliveries.
func (s *Service) Delete(ctx context.Context, owner models.WebhookOwner, id string) error {
	return s.store.DeleteEndpoint(ctx, owner, id)
}

// Rotate gives the endpoint a new secret, returned on the endpoint; the old one keeps signing for
// RotationGrace.
func (s *Service) Rotate(ctx context.Context, owner models.WebhookOwner, id string) (*models.WebhookEndpoint, error) {
	secret, err := NewSecret()
	if err != nil {
		return nil, err
	}
	return s.store.RotateSecret(ctx, owner, id, secret, RotationGrace, s.now().UTC())
}

// Enable re-enables a disabled endpoint.
func (s *Service) Enable(ctx context.Context, owner models.WebhookOwner, id string) (*models.WebhookEndpoint, error) {
	return s.store.Enable(ctx, owner, id, s.now().UTC())
}

// Disable stops deliveries to the endpoint and cancels those waiting.
func (s *Service) Disable(ctx context.Context, owner models.WebhookOwner, id string) (*models.WebhookEndpoint, error) {
	return s.store.Disable(ctx, owner, id, DisabledByOwner, s.now().UTC())
}

// TestData is the data of a webhook.test message.
type TestData struct {
	// Message explains the message to whoever reads the receiver's log.
	Message string `json:"message"`
	// EndpointID names the endpoint the test was sent to.
	EndpointID string `json:"endpoint_id"`
}

// SendTest queues a webhook.test message to the endpoint. A disabled endpoint gives
// models.ErrEndpointDisabled: nothing would send it.
func (s *Service) SendTest(ctx context.Context, owner models.WebhookOwner, id string) (*models.WebhookDelivery, error) {
	d, err := s.store.EnqueueTest(ctx, owner, id, TestData{
		Message:    "This is a test event from Claimcheck. If its signature verifies, your receiver is ready.",
		EndpointID: strings.ToLower(id),
	}, s.now().UTC())
	if err != nil && !errors.Is(err, models.ErrNotFound) && !errors.Is(err, models.ErrEndpointDisabled) {
		return nil, fmt.Errorf("send test event: %w", err)
	}
	return d, err
}
