package account

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/custommodel"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/pages/account"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// AccountModelDeps is what the custom model page needs.
type AccountModelDeps struct {
	// Kit renders the page and the error pages.
	Kit *web.Kit
	// Models configures accounts' endpoints.
	Models *custommodel.Service
	// Keys tells an account's plan.
	Keys *models.KeyStore
	// Users finds the account an admin configures.
	Users UserFinder
	// Log receives failures the user only sees as an error page; nil means slog.Default().
	Log *slog.Logger
}

// UserFinder finds an account by id (models.AccountStore).
type UserFinder interface {
	UserByID(ctx context.Context, id string) (*models.User, error)
}

// AccountModel serves /account/model: an account's own model endpoint (Enterprise's custom
// model). Enterprise accounts configure their own; admins can configure any account's by adding
// ?account=<id>.
type AccountModel struct {
	d AccountModelDeps
}

// NewAccountModel builds the page's handlers.
func NewAccountModel(d AccountModelDeps) *AccountModel {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &AccountModel{d: d}
}

// Routes mounts the page on r (behind RequireUser).
func (h *AccountModel) Routes(r *web.Routes) {
	r.Get("/account/model", h.show)
	r.Post("/account/model", h.save)
	r.Post("/account/model/test", h.test)
	r.Get("/account/model/clear", h.confirmClear)
	r.Post("/account/model/clear", h.clear)
}

// modelTarget is the account a request acts on and whether the visitor may configure it.
type modelTarget struct {
	actor, user *models.User
	plan        *models.Plan
	allowed     bool
}

// target resolves the account: the visitor's own, or for an admin the one ?account= names.
// Anyone else naming an account gets the 404 an unknown one gets, so ids are not probed.
func (h *AccountModel) target(c *fiber.Ctx) (*modelTarget, error) {
	u, err := requireUser(c)
	if u == nil {
		return nil, err
	}
	t := &modelTarget{actor: u, user: u}
	if id := strings.ToLower(strings.TrimSpace(c.Query("account"))); id != "" && id != u.ID {
		if _, perr := uuid.Parse(id); perr != nil || u.Role != models.RoleAdmin {
			return nil, h.d.Kit.NotFound(c)
		}
		other, err := h.d.Users.UserByID(c.UserContext(), id)
		if errors.Is(err, models.ErrNotFound) {
			return nil, h.d.Kit.NotFound(c)
		}
		if err != nil {
			return nil, h.unavailable(c, err)
		}
		t.user = other
	}
	p, err := h.d.Keys.AccountPlan(c.UserContext(), t.user.ID)
	if err != nil {
		return nil, h.unavailable(c, err)
	}
	t.plan, t.allowed = p, custommodel.MayConfigure(u, p)
	return t, nil
}

// unavailable answers 503 after logging err.
func (h *AccountModel) unavailable(c *fiber.Ctx, err error) error {
	h.d.Log.Error("custom model page", "err", err)
	return h.d.Kit.ErrorPage(c, fiber.StatusServiceUnavailable, "model.error.unavailable_title", "account.keys.unavailable")
}

// modelState is what a render shows besides the stored endpoint.
type modelState struct {
	in          custommodel.Input
	errs        *validation.Errors
	flash, fail string
	test        *account.ModelTest
}

// render draws the page for t with st.
func (h *AccountModel) render(c *fiber.Ctx, status int, t *modelTarget, st modelState) error {
	v, err := h.d.Models.Get(c.UserContext(), t.user.ID)
	if err != nil {
		return h.unavailable(c, err)
	}
	p := account.ModelPage{Meta: h.d.Kit.Meta(c, "account.custom_model", ""), CSRF: web.CSRFToken(c), Allowed: t.allowed,
		PlanName: t.plan.Name, Configured: v.Configured, CurrentURL: v.BaseURL, CurrentModel: v.Model,
		Flash: st.flash, Error: st.fail, Test: st.test}
	p.Meta.NoIndex = true
	if t.user.ID != t.actor.ID {
		p.Account, p.AccountEmail = t.user.ID, t.user.Email
	}
	if !h.d.Models.Available() {
		p.Unavailable = "model.error.no_device_key"
	}
	loc := i18n.From(c.UserContext())
	switch {
	case !v.HasKey:
		p.KeyText = loc.T("model.key.none")
	case v.KeyLast4 != "":
		p.KeyText = loc.T("model.key.last4", "Last4", v.KeyLast4)
	default:
		p.KeyText = loc.T("model.key.stored")
	}
	in := st.in
	if st.errs == nil && st.in == (custommodel.Input{}) {
		in = custommodel.Input{BaseURL: v.BaseURL, Model: v.Model}
	}
	keyHint := loc.T("model.field.key_hint")
	if v.HasKey {
		keyHint += " " + loc.T("model.field.key_keep")
	}
	p.BaseURL = components.Field{ID: "model-base-url", Name: "base_url", Label: loc.T("model.field.url"), Type: "url", Value: in.BaseURL,
		Hint:        loc.T("model.field.url_hint"),
		Placeholder: "https://models.example.com/v1", MaxLength: custommodel.MaxBaseURL, Required: true, Autocomplete: "off"}
	p.Model = components.Field{ID: "model-name", Name: "model", Label: loc.T("model.model"), Type: "text", Value: in.Model,
		Hint:      loc.T("model.field.model_hint"),
		MaxLength: custommodel.MaxModel, Required: true, Autocomplete: "off"}
	p.APIKey = components.Field{ID: "model-api-key", Name: "api_key", Label: loc.T("model.api_key"), Type: "password", Hint: keyHint,
		MaxLength: custommodel.MaxAPIKey, Optional: true, Autocomplete: "off"}
	p.NoKey = in.NoKey
	if st.errs != nil {
		for _, f := range st.errs.Fields {
			switch f.Field {
			case "base_url":
				p.BaseURL.Error = st.errs.Localized(f.Field, loc.TData)
			case "model":
				p.Model.Error = st.errs.Localized(f.Field, loc.TData)
			case "api_key":
				p.APIKey.Error = st.errs.Localized(f.Field, loc.TData)
			}
		}
	}
	return h.d.Kit.Render(c, status, account.ModelPageView(p))
}

// show serves GET /account/model.
func (h *AccountModel) show(c *fiber.Ctx) error {
	t, err := h.target(c)
	if t == nil {
		return err
	}
	return h.render(c, fiber.StatusOK, t, modelState{})
}

// allowedOr403 answers a change the account may not make with the page's explanation, 403.
func (h *AccountModel) allowedOr403(c *fiber.Ctx) (*modelTarget, error) {
	t, err := h.target(c)
	if t == nil {
		return nil, err
	}
	if !t.allowed {
		return nil, h.render(c, fiber.StatusForbidden, t, modelState{fail: "model.error.not_allowed"})
	}
	if !h.d.Models.Available() {
		return nil, h.render(c, fiber.StatusServiceUnavailable, t, modelState{fail: "model.error.not_available"})
	}
	return t, nil
}

// save serves POST /account/model.
func (h *AccountModel) save(c *fiber.Ctx) error {
	t, err := h.allowedOr403(c)
	if t == nil {
		return err
	}
	in := custommodel.Input{BaseURL: c.FormValue("base_url"), Model: c.FormValue("model"), APIKey: c.FormValue("api_key"),
		NoKey: c.FormValue("no_key") != ""}
	in, err = h.d.Models.Save(c.UserContext(), t.user.ID, t.actor.ID, in)
	var verr *validation.Errors
	switch {
	case errors.As(err, &verr):
		in.APIKey = ""
		return h.render(c, fiber.StatusUnprocessableEntity, t, modelState{in: in, errs: verr,
			fail: "model.error.not_saved"})
	case err != nil:
		return h.unavailable(c, err)
	}
	return h.render(c, fiber.StatusOK, t, modelState{flash: i18n.T(c.UserContext(), "model.saved", "Model", in.Model)})
}

// test serves POST /account/model/test.
func (h *AccountModel) test(c *fiber.Ctx) error {
	t, err := h.allowedOr403(c)
	if t == nil {
		return err
	}
	res, err := h.d.Models.Test(c.UserContext(), t.user.ID)
	if errors.Is(err, models.ErrNotFound) {
		return h.render(c, fiber.StatusConflict, t, modelState{fail: "model.error.nothing_to_test"})
	}
	if err != nil {
		return h.unavailable(c, err)
	}
	mt := &account.ModelTest{OK: res.OK}
	if res.OK {
		loc := i18n.From(c.UserContext())
		mt.Text = loc.T("model.test_ok", "Model", res.Model, "MS", format.For(loc).Int(res.LatencyMS), "Verdict", res.Verdict, "Claim", custommodel.TestClaim)
	} else {
		mt.Text = i18n.T(c.UserContext(), "model.test_failed", "Problem", res.Problem)
	}
	return h.render(c, fiber.StatusOK, t, modelState{test: mt})
}

// confirmClear serves GET /account/model/clear: the confirmation, which works without JavaScript.
func (h *AccountModel) confirmClear(c *fiber.Ctx) error {
	t, err := h.allowedOr403(c)
	if t == nil {
		return err
	}
	v, err := h.d.Models.Get(c.UserContext(), t.user.ID)
	if err != nil {
		return h.unavailable(c, err)
	}
	if !v.Configured {
		return c.Redirect(account.ModelPage{Account: accountParam(t)}.Action("/account/model"), fiber.StatusSeeOther)
	}
	p := account.ModelPage{Meta: h.d.Kit.Meta(c, "model.clear_title", ""), CSRF: web.CSRFToken(c), CurrentURL: v.BaseURL,
		Account: accountParam(t)}
	p.Meta.NoIndex = true
	return h.d.Kit.Render(c, fiber.StatusOK, account.ModelClearConfirmView(p))
}

// accountParam is the account id the page's links carry: set only when an admin acts on another
// account.
func accountParam(t *modelTarget) string {
	if t.user.ID != t.actor.ID {
		return t.user.ID
	}
	return ""
}

// clear serves POST /account/model/clear.
func (h *AccountModel) clear(c *fiber.Ctx) error {
	t, err := h.allowedOr403(c)
	if t == nil {
		return err
	}
	if _, err := h.d.Models.Clear(c.UserContext(), t.user.ID, t.actor.ID); err != nil {
		return h.unavailable(c, err)
	}
	return h.render(c, fiber.StatusOK, t, modelState{flash: "model.cleared"})
}
