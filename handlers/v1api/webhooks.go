package v1api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"strconv"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/handlers/viewmodel"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// MaxWebhookDeliveryLimit caps ?limit= on a delivery listing.
const MaxWebhookDeliveryLimit = 100

// WebhookService manages an owner's webhook endpoints; *webhooks.Service is one.
type WebhookService interface {
	Create(ctx context.Context, owner models.WebhookOwner, in webhooks.EndpointInput) (*models.WebhookEndpoint, error)
	List(ctx context.Context, owner models.WebhookOwner) ([]models.WebhookEndpoint, error)
	Get(ctx context.Context, owner models.WebhookOwner, id string) (*models.WebhookEndpoint, error)
	Deliveries(ctx context.Context, owner models.WebhookOwner, id string, limit int) ([]models.WebhookDelivery, error)
	Delete(ctx context.Context, owner models.WebhookOwner, id string) error
	Rotate(ctx context.Context, owner models.WebhookOwner, id string) (*models.WebhookEndpoint, error)
	Enable(ctx context.Context, owner models.WebhookOwner, id string) (*models.WebhookEndpoint, error)
	Disable(ctx context.Context, owner models.WebhookOwner, id string) (*models.WebhookEndpoint, error)
	SendTest(ctx context.Context, owner models.WebhookOwner, id string) (*models.WebhookDelivery, error)
}

// V1WebhooksDeps is what the /v1/webhooks API needs.
type V1WebhooksDeps struct {
	// Webhooks manages endpoints.
	Webhooks WebhookService
	// Log receives failures the client only sees as a 500; nil is slog.Default().
	Log *slog.Logger
}

// V1Webhooks serves /v1/webhooks: endpoint registration, deliveries, test events and rotation.
type V1Webhooks struct {
	svc WebhookService
	log *slog.Logger
}

// NewV1Webhooks builds the webhook API handlers.
func NewV1Webhooks(d V1WebhooksDeps) *V1Webhooks {
	h := &V1Webhooks{svc: d.Webhooks, log: d.Log}
	if h.log == nil {
		h.log = slog.Default()
	}
	return h
}

// Routes mounts the API on r, the /v1 router whose access middleware has authenticated the key.
func (h *V1Webhooks) Routes(r fiber.Router) {
	r.Get("/webhooks", h.list)
	r.Post("/webhooks", h.create)
	r.Get("/webhooks/:id", h.get)
	r.Delete("/webhooks/:id", h.delete)
	r.Get("/webhooks/:id/deliveries", h.deliveries)
	r.Post("/webhooks/:id/test", h.test)
	r.Post("/webhooks/:id/rotate", h.rotate)
	r.Post("/webhooks/:id/enable", h.enable)
}

// WebhookEndpointJSON is an endpoint as the API shows it. Secret is only ever set in the answers to
// creation and rotation.
type WebhookEndpointJSON struct {
	ID             string    `json:"id"`
	URL            string    `json:"url"`
	Description    string    `json:"description"`
	EventTypes     []string  `json:"event_types"`
	Disabled       bool      `json:"disabled"`
	DisabledReason *string   `json:"disabled_reason"`
	CreatedAt      time.Time `json:"created_at"`
	Secret         string    `json:"secret,omitempty"`
	// PreviousSecretExpiresAt is when the rotated-out secret stops signing (rotation answers only).
	PreviousSecretExpiresAt *time.Time `json:"previous_secret_expires_at,omitempty"`
}

// WebhookDeliveryJSON is one delivery as the API shows it; its id is the webhook-id header.
type WebhookDeliveryJSON struct {
	ID            string     `json:"id"`
	EventType     string     `json:"event_type"`
	EventID       *int64     `json:"event_id"`
	State         string     `json:"state"`
	Attempts      int        `json:"attempts"`
	LastStatus    *int       `json:"last_status"`
	LastError     string     `json:"last_error"`
	NextAttemptAt *time.Time `json:"next_attempt_at"` // null once the delivery is final
	DeliveredAt   *time.Time `json:"delivered_at"`
	CreatedAt     time.Time  `json:"created_at"`
}

// WebhookEndpointDetailJSON is an endpoint with its most recent deliveries.
type WebhookEndpointDetailJSON struct {
	WebhookEndpointJSON
	Deliveries []WebhookDeliveryJSON `json:"deliveries"`
}

// WebhookEndpointOf converts a stored endpoint; the secret is left out.
func WebhookEndpointOf(ep *models.WebhookEndpoint) WebhookEndpointJSON {
	return WebhookEndpointJSON{ID: ep.ID, URL: ep.URL, Description: ep.Description, EventTypes: webhooks.EventTypesOf(ep),
		Disabled: ep.DisabledAt != nil, DisabledReason: ep.DisabledReason, CreatedAt: ep.CreatedAt.UTC()}
}

// WebhookDeliveryOf converts a stored delivery.
func WebhookDeliveryOf(d *models.WebhookDelivery) WebhookDeliveryJSON {
	out := WebhookDeliveryJSON{ID: d.ID, EventType: d.EventType, EventID: d.EventID, State: d.State, Attempts: d.Attempts,
		LastStatus: d.LastStatus, LastError: d.LastError, CreatedAt: d.CreatedAt.UTC()}
	switch d.State {
	case models.DeliveryPending, models.DeliveryFailed, models.DeliverySending:
		next := d.NextAttemptAt.UTC()
		if d.State == models.DeliverySending && d.LockedUntil != nil {
			next = d.LockedUntil.UTC() // an attempt is under way; this is when it would be retried
		}
		out.NextAttemptAt = &next
	}
	if d.DeliveredAt != nil {
		t := d.DeliveredAt.UTC()
		out.DeliveredAt = &t
	}
	return out
}

// whDeliveriesJSON converts a list, never nil so it encodes as [].
func whDeliveriesJSON(ds []models.WebhookDelivery) []WebhookDeliveryJSON {
	out := make([]WebhookDeliveryJSON, 0, len(ds))
	for i := range ds {
		out = append(out, WebhookDeliveryOf(&ds[i]))
	}
	return out
}

// webhookOwner is the key's account, or the key itself when it has none (made with the CLI).
func webhookOwner(c *fiber.Ctx) (models.WebhookOwner, bool) {
	k := V1Key(c)
	if k == nil {
		return models.WebhookOwner{}, false
	}
	if k.Key.UserID != nil && *k.Key.UserID != "" {
		return models.WebhookOwner{UserID: *k.Key.UserID}, true
	}
	return models.WebhookOwner{KeyID: k.Key.ID}, true
}

// whUnauthorized answers 401 when no key was authenticated (the access middleware normally has).
func whUnauthorized(c *fiber.Ctx) error {
	return WriteProblem(c, fiber.StatusUnauthorized, ProblemUnauthorized, "Send your API key as Authorization: Bearer <key>.")
}

// fail maps a service error to a problem answer.
func (h *V1Webhooks) fail(c *fiber.Ctx, err error) error {
	var ve *webhooks.ValidationError
	switch {
	case errors.As(err, &ve):
		fields := make([]ProblemField, len(ve.Fields))
		for i, f := range ve.Fields {
			fields[i] = ProblemField{Field: f.Field, Message: f.Message}
		}
		return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, "The webhook endpoint was not saved; see errors.", fields...)
	case errors.Is(err, models.ErrNotFound):
		return WriteProblem(c, fiber.StatusNotFound, ProblemNotFound,
			fmt.Sprintf("There is no webhook endpoint %q in your account. GET /v1/webhooks lists yours.", c.Params("id")))
	case errors.Is(err, models.ErrWebhookLimit):
		return WriteProblem(c, fiber.StatusConflict, ProblemConflict,
			fmt.Sprintf("You already have %d webhook endpoints, the most an account may have. Delete one you no longer need first.", models.MaxWebhookEndpoints))
	case errors.Is(err, models.ErrEndpointDisabled):
		return WriteProblem(c, fiber.StatusConflict, ProblemConflict,
			"This endpoint is disabled, so nothing would be sent. Enable it first with POST /v1/webhooks/{id}/enable.")
	case errors.Is(err, models.ErrRotationInProgress):
		return WriteProblem(c, fiber.StatusConflict, ProblemConflict, viewmodel.RotationInProgressText+
			" To stop a leaked secret at once, delete the endpoint and register it again.")
	}
	h.log.Error("v1 webhooks", "path", c.Path(), "err", err)
	return WriteProblem(c, fiber.StatusInternalServerError, ProblemInternal, "The webhook endpoints could not be read or changed. Please try again.")
}

// list serves GET /v1/webhooks.
func (h *V1Webhooks) list(c *fiber.Ctx) error {
	o, ok := webhookOwner(c)
	if !ok {
		return whUnauthorized(c)
	}
	eps, err := h.svc.List(c.UserContext(), o)
	if err != nil {
		return h.fail(c, err)
	}
	out := make([]WebhookEndpointJSON, 0, len(eps))
	for i := range eps {
		out = append(out, WebhookEndpointOf(&eps[i]))
	}
	return c.JSON(fiber.Map{"data": out})
}

// whCreateBody is the JSON body of POST /v1/webhooks.
type whCreateBody struct {
	URL         *string  `json:"url"`
	EventTypes  []string `json:"event_types"`
	Description *string  `json:"description"`
}

// whIsJSON reports whether the request says its body is JSON.
func whIsJSON(c *fiber.Ctx) bool {
	mt, _, err := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
	return err == nil && (mt == fiber.MIMEApplicationJSON || strings.HasSuffix(mt, "+json"))
}

// whDecodeJSON reads exactly one JSON object into v, refusing unknown fields so a typo ("events") is
// reported instead of silently ignored. The problem fields say what is wrong.
func whDecodeJSON(body []byte, v any) []ProblemField {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, extra := dec.Token(); extra != io.EOF {
			return []ProblemField{{Field: "body", Message: "Send one JSON object and nothing after it."}}
		}
		return nil
	}
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te) && te.Field != "":
		return []ProblemField{{Field: te.Field, Message: fmt.Sprintf("Must be %s, not a JSON %s.", whJSONKind(te.Field), te.Value)}}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return []ProblemField{{Field: name, Message: "Unknown field. The fields are url, event_types and description."}}
	case errors.Is(err, io.EOF):
		return []ProblemField{{Field: "body", Message: `Send a JSON object, e.g. {"url": "https://example.com/hook", "event_types": ["claim.analysed"]}.`}}
	case errors.As(err, &te):
		return []ProblemField{{Field: "body", Message: "Send a JSON object, not a JSON " + te.Value + "."}}
	}
	return []ProblemField{{Field: "body", Message: "The body is not valid JSON: " + web.JSONProblem(err) + "."}}
}

// whJSONKind names the JSON type a create field takes.
func whJSONKind(field string) string {
	if strings.HasPrefix(field, "event_types") {
		if field == "event_types" {
			return "an array of strings"
		}
		return "a string"
	}
	return "a string"
}

// create serves POST /v1/webhooks: 201 with the endpoint and its secret, shown this once.
func (h *V1Webhooks) create(c *fiber.Ctx) error {
	o, ok := webhookOwner(c)
	if !ok {
		return whUnauthorized(c)
	}
	if !whIsJSON(c) {
		return WriteProblem(c, fiber.StatusUnsupportedMediaType, ProblemUnsupportedMediaType, "Send the endpoint as Content-Type: application/json.")
	}
	var body whCreateBody
	if fields := whDecodeJSON(c.Body(), &body); fields != nil {
		return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, "The body could not be read; see errors.", fields...)
	}
	in := webhooks.EndpointInput{EventTypes: body.EventTypes}
	if body.URL != nil {
		in.URL = *body.URL
	}
	if body.Description != nil {
		in.Description = *body.Description
	}
	ep, err := h.svc.Create(c.UserContext(), o, in)
	if err != nil {
		return h.fail(c, err)
	}
	out := WebhookEndpointOf(ep)
	out.Secret = ep.Secret
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Location("/v1/webhooks/" + ep.ID)
	return c.Status(fiber.StatusCreated).JSON(out)
}

// get serves GET /v1/webhooks/{id}: the endpoint and its 20 most recent deliveries.
func (h *V1Webhooks) get(c *fiber.Ctx) error {
	o, ok := webhookOwner(c)
	if !ok {
		return whUnauthorized(c)
	}
	ep, err := h.svc.Get(c.UserContext(), o, c.Params("id"))
	if err != nil {
		return h.fail(c, err)
	}
	ds, err := h.svc.Deliveries(c.UserContext(), o, ep.ID, viewmodel.DefaultWebhookDeliveryLimit)
	if err != nil {
		return h.fail(c, err)
	}
	return c.JSON(WebhookEndpointDetailJSON{WebhookEndpointJSON: WebhookEndpointOf(ep), Deliveries: whDeliveriesJSON(ds)})
}

// delete serves DELETE /v1/webhooks/{id}: 204; its waiting deliveries go with it.
func (h *V1Webhooks) delete(c *fiber.Ctx) error {
	o, ok := webhookOwner(c)
	if !ok {
		return whUnauthorized(c)
	}
	if err := h.svc.Delete(c.UserContext(), o, c.Params("id")); err != nil {
		return h.fail(c, err)
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// deliveries serves GET /v1/webhooks/{id}/deliveries?limit=.
func (h *V1Webhooks) deliveries(c *fiber.Ctx) error {
	o, ok := webhookOwner(c)
	if !ok {
		return whUnauthorized(c)
	}
	limit := viewmodel.DefaultWebhookDeliveryLimit
	if raw := c.Query("limit"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > MaxWebhookDeliveryLimit {
			return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, "The limit is out of range.",
				ProblemField{Field: "limit", Message: fmt.Sprintf("Use a whole number from 1 to %d.", MaxWebhookDeliveryLimit)})
		}
		limit = n
	}
	ds, err := h.svc.Deliveries(c.UserContext(), o, c.Params("id"), limit)
	if err != nil {
		return h.fail(c, err)
	}
	return c.JSON(fiber.Map{"data": whDeliveriesJSON(ds)})
}

// test serves POST /v1/webhooks/{id}/test: 202 with the queued webhook.test delivery.
func (h *V1Webhooks) test(c *fiber.Ctx) error {
	o, ok := webhookOwner(c)
	if !ok {
		return whUnauthorized(c)
	}
	d, err := h.svc.SendTest(c.UserContext(), o, c.Params("id"))
	if err != nil {
		return h.fail(c, err)
	}
	return c.Status(fiber.StatusAccepted).JSON(WebhookDeliveryOf(d))
}

// rotate serves POST /v1/webhooks/{id}/rotate: the endpoint with its new secret; the previous one
// keeps signing beside it for 24 hours.
func (h *V1Webhooks) rotate(c *fiber.Ctx) error {
	o, ok := webhookOwner(c)
	if !ok {
		return whUnauthorized(c)
	}
	ep, err := h.svc.Rotate(c.UserContext(), o, c.Params("id"))
	if err != nil {
		return h.fail(c, err)
	}
	out := WebhookEndpointOf(ep)
	out.Secret = ep.Secret
	if ep.PreviousExpiresAt != nil {
		t := ep.PreviousExpiresAt.UTC()
		out.PreviousSecretExpiresAt = &t
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.JSON(out)
}

// enable serves POST /v1/webhooks/{id}/enable.
func (h *V1Webhooks) enable(c *fiber.Ctx) error {
	o, ok := webhookOwner(c)
	if !ok {
		return whUnauthorized(c)
	}
	ep, err := h.svc.Enable(c.UserContext(), o, c.Params("id"))
	if err != nil {
		return h.fail(c, err)
	}
	return c.JSON(WebhookEndpointOf(ep))
}
