package account

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"github.com/a-h/templ"
	"github.com/claimcheck/claimcheck/handlers/viewmodel"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/layouts"
	whpages "github.com/claimcheck/claimcheck/views/pages/webhooks"
	"github.com/gofiber/fiber/v2"
)

// WebhookService manages an account's webhook endpoints; *webhooks.Service is one.
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

// AccountWebhooksDeps is what the account's webhook pages need.
type AccountWebhooksDeps struct {
	// Kit renders the frame and the error pages.
	Kit *web.Kit
	// Webhooks manages endpoints.
	Webhooks WebhookService
	// Beta tells whether the account has /v1 beta access, which webhooks are part of.
	Beta BetaAccessChecker
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures the user only sees as an error page; nil means slog.Default().
	Log *slog.Logger
}

// AccountWebhooks serves /account/webhooks: the logged-in account's webhook endpoints.
type AccountWebhooks struct {
	kit  *web.Kit
	svc  WebhookService
	beta BetaAccessChecker
	now  func() time.Time
	log  *slog.Logger
}

// NewAccountWebhooks builds the webhook pages.
func NewAccountWebhooks(d AccountWebhooksDeps) *AccountWebhooks {
	h := &AccountWebhooks{kit: d.Kit, svc: d.Webhooks, beta: d.Beta, now: d.Now, log: d.Log}
	if h.now == nil {
		h.now = time.Now
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	return h
}

// Routes mounts the pages on r with full paths; the wiring puts RequireUser in front of /account,
// and every handler still refuses anonymous requests in case it does not.
func (h *AccountWebhooks) Routes(r *web.Routes) {
	r.Get("/account/webhooks", h.index)
	r.Post("/account/webhooks", h.create)
	r.Get("/account/webhooks/:id", h.detail)
	r.Post("/account/webhooks/:id/test", h.test)
	r.Post("/account/webhooks/:id/rotate", h.rotate)
	r.Post("/account/webhooks/:id/disable", h.disable)
	r.Post("/account/webhooks/:id/enable", h.enable)
	r.Get("/account/webhooks/:id/delete", h.confirmDelete)
	r.Post("/account/webhooks/:id/delete", h.delete)
}

// whEventHints say when each subscribable event fires, for the form.
var whEventHints = map[string]string{
	models.EventClaimCreated:      "wh.event.created",
	models.EventClaimAnalysed:     "wh.event.analysed",
	models.EventClaimScoreChanged: "wh.event.score_changed",
}

// whNotices are the confirmations a redirect may ask for with ?done=.
var whNotices = map[string]string{
	"test":     "wh.notice.test",
	"disabled": "wh.notice.disabled",
	"enabled":  "wh.notice.enabled",
	"deleted":  "wh.notice.deleted",
}

// gate returns the user when they may use webhooks. Anonymous visitors are sent to log in, and
// accounts without /v1 beta access get a page that explains how to get it (and nothing changes).
func (h *AccountWebhooks) gate(c *fiber.Ctx) (*models.User, error) {
	u, err := requireUser(c)
	if u == nil {
		return nil, err
	}
	ok := false
	if h.beta != nil {
		if ok, err = h.beta.HasBetaAccess(c.UserContext(), u); err != nil {
			return nil, h.unavailable(c, "webhooks beta access", err)
		}
	}
	if !ok {
		p := whpages.Index{Meta: h.meta(c, "wh.title")}
		return nil, h.render(c, fiber.StatusForbidden, whpages.IndexPage(p))
	}
	return u, nil
}

// meta is the noindex metadata of every webhook page.
func (h *AccountWebhooks) meta(c *fiber.Ctx, title string) (m layouts.Page) {
	m = h.kit.Meta(c, title, "")
	m.NoIndex = true
	return m
}

// render writes a page that must not be cached: it shows account data, sometimes a secret.
func (h *AccountWebhooks) render(c *fiber.Ctx, status int, page templ.Component) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return h.kit.Render(c, status, page)
}

// unavailable answers 503 after logging err.
func (h *AccountWebhooks) unavailable(c *fiber.Ctx, what string, err error) error {
	h.log.Error(what, "err", err)
	return h.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "wh.error.unavailable_title", "account.keys.unavailable")
}

// notFound answers 404 for unknown endpoints and other accounts' endpoints alike.
func (h *AccountWebhooks) notFound(c *fiber.Ctx) error {
	return h.kit.ErrorPage(c, fiber.StatusNotFound, "wh.error.not_found_title", "wh.error.not_found")
}

// fail maps a service error of an endpoint action to a page.
func (h *AccountWebhooks) fail(c *fiber.Ctx, what string, err error) error {
	if errors.Is(err, models.ErrNotFound) {
		return h.notFound(c)
	}
	return h.unavailable(c, what, err)
}

// whEndpointView converts a stored endpoint for display.
func whEndpointView(loc *i18n.Localizer, ep *models.WebhookEndpoint, now time.Time) whpages.Endpoint {
	v := whpages.Endpoint{ID: ep.ID, URL: ep.URL, Description: ep.Description, Events: webhooks.EventTypesOf(ep),
		State: "active", StateText: loc.T("account.keys.state_active"), CreatedISO: format.ISO(ep.CreatedAt), CreatedText: format.For(loc).Ago(now, ep.CreatedAt),
		URLPath: paths.AccountWebhook(ep.ID, "")}
	if ep.DisabledAt != nil {
		v.State, v.StateText = "disabled", loc.T("wh.state.disabled")
		if ep.DisabledReason != nil {
			v.DisabledReason = *ep.DisabledReason
			if v.DisabledReason == webhooks.DisabledByOwner {
				// The store keeps the English reason the API sends; the page says it in its language.
				v.DisabledReason = loc.T("wh.disabled_by_owner")
			}
		}
	}
	return v
}

// whDeliveryStates say each delivery state in words.
var whDeliveryStates = map[string]string{
	models.DeliveryPending:   "wh.state.pending",
	models.DeliverySending:   "wh.state.sending",
	models.DeliveryDelivered: "wh.state.delivered",
	models.DeliveryFailed:    "wh.state.failed",
	models.DeliveryDead:      "wh.state.dead",
	models.DeliveryCancelled: "wh.state.cancelled",
}

// whDeliveryView converts a stored delivery for the table.
func whDeliveryView(loc *i18n.Localizer, d *models.WebhookDelivery, now time.Time) whpages.Delivery {
	f := format.For(loc)
	v := whpages.Delivery{ID: d.ID, Event: d.EventType, State: d.State, StateText: loc.Text(whDeliveryStates[d.State]), Attempts: d.Attempts,
		LastStatus: "—", LastError: d.LastError, CreatedISO: format.ISO(d.CreatedAt), CreatedText: f.Ago(now, d.CreatedAt)}
	if d.LastStatus != nil {
		v.LastStatus = strconv.Itoa(*d.LastStatus)
	}
	switch d.State {
	case models.DeliveryDelivered:
		if d.DeliveredAt != nil {
			v.NextText = loc.T("wh.next.delivered", "When", f.Ago(now, *d.DeliveredAt))
		}
	case models.DeliveryPending, models.DeliveryFailed:
		if wait := d.NextAttemptAt.Sub(now); wait > 0 {
			v.NextText = loc.T("wh.next.try", "When", f.In(wait))
		} else {
			v.NextText = loc.T("wh.next.any_moment")
		}
	case models.DeliverySending:
		v.NextText = loc.T("wh.next.sending")
	}
	return v
}

// whFormState carries a failed create's values and errors back into the page.
type whFormState struct {
	url, description string
	events           []string
	err              *webhooks.ValidationError
	message          string
}

// index serves GET /account/webhooks.
func (h *AccountWebhooks) index(c *fiber.Ctx) error {
	u, err := h.gate(c)
	if u == nil {
		return err
	}
	return h.renderIndex(c, fiber.StatusOK, u, whFormState{}, whNotices[c.Query("done")])
}

// renderIndex renders the list and the form with st.
func (h *AccountWebhooks) renderIndex(c *fiber.Ctx, status int, u *models.User, st whFormState, notice string) error {
	now := h.now().UTC()
	loc := i18n.From(c.UserContext())
	eps, err := h.svc.List(c.UserContext(), models.WebhookOwner{UserID: u.ID})
	if err != nil {
		return h.unavailable(c, "list webhooks", err)
	}
	p := whpages.Index{Meta: h.meta(c, "wh.title"), Access: true, CSRF: web.CSRFToken(c), Notice: notice, Error: st.message,
		Max: models.MaxWebhookEndpoints, LimitReached: len(eps) >= models.MaxWebhookEndpoints}
	for i := range eps {
		p.Endpoints = append(p.Endpoints, whEndpointView(loc, &eps[i], now))
	}
	msg := func(field string) string { return st.err.Localized(field, web.FieldTranslator(loc)) }
	p.URL = components.Field{ID: "endpoint-url", Name: "url", Label: loc.T("wh.field.url"), Type: "url", Value: st.url, Error: msg("url"),
		Hint:        loc.T("wh.field.url_hint"),
		Placeholder: "https://", MaxLength: webhooks.MaxURLLength, Required: true, Autocomplete: "url"}
	p.Description = components.Field{ID: "endpoint-description", Name: "description", Label: loc.T("wh.detail.about"), Type: "text",
		Value: st.description, Error: msg("description"), Hint: loc.T("wh.field.description_hint"),
		MaxLength: webhooks.MaxDescription, Optional: true}
	p.EventsError = msg("event_types")
	checked := map[string]bool{}
	for _, e := range st.events {
		checked[e] = true
	}
	for _, t := range models.EventTypes {
		p.Events = append(p.Events, whpages.EventChoice{Value: t, Hint: loc.T(whEventHints[t]), Checked: checked[t]})
	}
	if st.err != nil {
		targets := map[string]string{"url": "endpoint-url", "event_types": "event-0", "description": "endpoint-description"}
		for _, f := range st.err.Fields {
			p.Errors = append(p.Errors, whpages.FormError{Target: targets[f.Field], Message: st.err.Localized(f.Field, web.FieldTranslator(loc))})
		}
	}
	return h.render(c, status, whpages.IndexPage(p))
}

// create serves POST /account/webhooks. The secret is rendered in this response, not after a
// redirect: a GET page could be reloaded and would need the secret kept somewhere for it.
func (h *AccountWebhooks) create(c *fiber.Ctx) error {
	u, err := h.gate(c)
	if u == nil {
		return err
	}
	st := whFormState{url: c.FormValue("url"), description: c.FormValue("description")}
	for _, v := range c.Request().PostArgs().PeekMulti("event_types") {
		st.events = append(st.events, string(v))
	}
	ep, err := h.svc.Create(c.UserContext(), models.WebhookOwner{UserID: u.ID},
		webhooks.EndpointInput{URL: st.url, EventTypes: st.events, Description: st.description})
	switch {
	case errors.As(err, &st.err):
		return h.renderIndex(c, fiber.StatusUnprocessableEntity, u, st, "")
	case errors.Is(err, models.ErrWebhookLimit):
		st.message = "wh.error.limit"
		return h.renderIndex(c, fiber.StatusConflict, u, st, "")
	case err != nil:
		return h.unavailable(c, "create webhook", err)
	}
	return h.render(c, fiber.StatusOK, whpages.SecretPage(whpages.Secret{Meta: h.meta(c, "wh.secret.added_title"),
		Endpoint: whEndpointView(i18n.From(c.UserContext()), ep, h.now().UTC()), Secret: ep.Secret}))
}

// detail serves GET /account/webhooks/:id.
func (h *AccountWebhooks) detail(c *fiber.Ctx) error {
	u, err := h.gate(c)
	if u == nil {
		return err
	}
	return h.renderDetail(c, fiber.StatusOK, u, whNotices[c.Query("done")], "")
}

// renderDetail renders an endpoint with its recent deliveries.
func (h *AccountWebhooks) renderDetail(c *fiber.Ctx, status int, u *models.User, notice, errMsg string) error {
	ctx := c.UserContext()
	owner := models.WebhookOwner{UserID: u.ID}
	ep, err := h.svc.Get(ctx, owner, c.Params("id"))
	if err != nil {
		return h.fail(c, "webhook endpoint", err)
	}
	ds, err := h.svc.Deliveries(ctx, owner, ep.ID, viewmodel.DefaultWebhookDeliveryLimit)
	if err != nil {
		return h.fail(c, "webhook deliveries", err)
	}
	now := h.now().UTC()
	loc := i18n.From(ctx)
	p := whpages.Detail{Meta: h.meta(c, "wh.detail.title"), CSRF: web.CSRFToken(c), Notice: notice, Error: errMsg,
		Endpoint: whEndpointView(loc, ep, now), GraceText: loc.N("account.grace", int(webhooks.RotationGrace/time.Hour))}
	if ep.PreviousSecret != nil && ep.PreviousExpiresAt != nil && now.Before(*ep.PreviousExpiresAt) {
		p.Rotating = loc.T("wh.detail.rotating", "When", format.For(loc).Time(*ep.PreviousExpiresAt))
	}
	for i := range ds {
		p.Deliveries = append(p.Deliveries, whDeliveryView(loc, &ds[i], now))
	}
	return h.render(c, status, whpages.DetailPage(p))
}

// webhookBack redirects to the endpoint page with a notice.
func webhookBack(c *fiber.Ctx, id, done string) error {
	return c.Redirect(paths.AccountWebhook(id, "")+"?done="+done, fiber.StatusSeeOther)
}

// test serves POST /account/webhooks/:id/test.
func (h *AccountWebhooks) test(c *fiber.Ctx) error {
	u, err := h.gate(c)
	if u == nil {
		return err
	}
	d, err := h.svc.SendTest(c.UserContext(), models.WebhookOwner{UserID: u.ID}, c.Params("id"))
	switch {
	case errors.Is(err, models.ErrEndpointDisabled):
		return h.renderDetail(c, fiber.StatusConflict, u, "", "wh.error.disabled_test")
	case err != nil:
		return h.fail(c, "webhook test", err)
	}
	return webhookBack(c, d.EndpointID, "test")
}

// rotate serves POST /account/webhooks/:id/rotate and shows the new secret once.
func (h *AccountWebhooks) rotate(c *fiber.Ctx) error {
	u, err := h.gate(c)
	if u == nil {
		return err
	}
	ep, err := h.svc.Rotate(c.UserContext(), models.WebhookOwner{UserID: u.ID}, c.Params("id"))
	switch {
	case errors.Is(err, models.ErrRotationInProgress):
		// A reloaded result page posts again; refusing keeps the secret the receiver may still use.
		return h.renderDetail(c, fiber.StatusConflict, u, "", "wh.error.rotating")
	case err != nil:
		return h.fail(c, "rotate webhook secret", err)
	}
	loc := i18n.From(c.UserContext())
	p := whpages.Secret{Meta: h.meta(c, "wh.secret.rotated_title"), Endpoint: whEndpointView(loc, ep, h.now().UTC()),
		Secret: ep.Secret, Rotated: true}
	if ep.PreviousExpiresAt != nil {
		p.GraceUntil, p.GraceUntilISO = format.For(loc).Time(*ep.PreviousExpiresAt), format.ISO(*ep.PreviousExpiresAt)
	}
	return h.render(c, fiber.StatusOK, whpages.SecretPage(p))
}

// disable serves POST /account/webhooks/:id/disable.
func (h *AccountWebhooks) disable(c *fiber.Ctx) error {
	u, err := h.gate(c)
	if u == nil {
		return err
	}
	ep, err := h.svc.Disable(c.UserContext(), models.WebhookOwner{UserID: u.ID}, c.Params("id"))
	if err != nil {
		return h.fail(c, "disable webhook", err)
	}
	return webhookBack(c, ep.ID, "disabled")
}

// enable serves POST /account/webhooks/:id/enable.
func (h *AccountWebhooks) enable(c *fiber.Ctx) error {
	u, err := h.gate(c)
	if u == nil {
		return err
	}
	ep, err := h.svc.Enable(c.UserContext(), models.WebhookOwner{UserID: u.ID}, c.Params("id"))
	if err != nil {
		return h.fail(c, "enable webhook", err)
	}
	return webhookBack(c, ep.ID, "enabled")
}

// confirmDelete serves GET /account/webhooks/:id/delete: one more step, so a stray click cannot
// delete an endpoint and its history.
func (h *AccountWebhooks) confirmDelete(c *fiber.Ctx) error {
	u, err := h.gate(c)
	if u == nil {
		return err
	}
	ep, err := h.svc.Get(c.UserContext(), models.WebhookOwner{UserID: u.ID}, c.Params("id"))
	if err != nil {
		return h.fail(c, "webhook endpoint", err)
	}
	return h.render(c, fiber.StatusOK, whpages.DeletePage(whpages.Delete{Meta: h.meta(c, "wh.delete.title"), CSRF: web.CSRFToken(c),
		Endpoint: whEndpointView(i18n.From(c.UserContext()), ep, h.now().UTC())}))
}

// delete serves POST /account/webhooks/:id/delete.
func (h *AccountWebhooks) delete(c *fiber.Ctx) error {
	u, err := h.gate(c)
	if u == nil {
		return err
	}
	if err := h.svc.Delete(c.UserContext(), models.WebhookOwner{UserID: u.ID}, c.Params("id")); err != nil {
		return h.fail(c, "delete webhook", err)
	}
	return c.Redirect("/account/webhooks?done=deleted", fiber.StatusSeeOther)
}
