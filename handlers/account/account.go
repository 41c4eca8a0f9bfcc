package account

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/pages/account"
	betapages "github.com/claimcheck/claimcheck/views/pages/beta"
	docspage "github.com/claimcheck/claimcheck/views/pages/docs"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// DefaultRotationGrace is how long a rotated key keeps working: a day covers a deploy cycle in
// most teams, and the dashboard states it.
const DefaultRotationGrace = 24 * time.Hour

// MaxKeyName caps a key's name, in characters.
const MaxKeyName = 100

// chartMonths is how many months the usage chart shows.
const chartMonths = 6

// AccountDeps is what the dashboard needs.
type AccountDeps struct {
	// Kit renders the frame and the error pages.
	Kit *web.Kit
	// Keys reads and changes the account's keys.
	Keys *models.KeyStore
	// Usage reads the monthly counters.
	Usage *models.UsageStore
	// BillingPortal offers "Manage billing" when true (Stripe configured).
	BillingPortal bool
	// Grace is how long a rotated key keeps working; zero is DefaultRotationGrace.
	Grace time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures the user only sees as an error page; nil means slog.Default().
	Log *slog.Logger
	// Beta tells where the account stands with the /v1 beta; nil shows nothing about it.
	Beta BetaStatusReader
	// BaseURL is the public address the quick start's examples call.
	BaseURL string
}

// BetaAccessChecker tells whether a user has /v1 beta access.
type BetaAccessChecker interface {
	HasBetaAccess(ctx context.Context, u *models.User) (bool, error)
}

// BetaStatusReader tells where a user stands with the /v1 beta; *beta.Service implements it.
type BetaStatusReader interface {
	BetaStatus(ctx context.Context, u *models.User) (beta.Status, error)
}

// Account serves the developer dashboard under /account.
type Account struct {
	kit    *web.Kit
	keys   *models.KeyStore
	usage  *models.UsageStore
	portal bool
	grace  time.Duration
	now    func() time.Time
	log    *slog.Logger
	beta   BetaStatusReader
	base   string
}

// NewAccount builds the dashboard handlers.
func NewAccount(d AccountDeps) *Account {
	a := &Account{kit: d.Kit, keys: d.Keys, usage: d.Usage, portal: d.BillingPortal, grace: d.Grace, now: d.Now, log: d.Log, beta: d.Beta, base: d.BaseURL}
	if a.grace <= 0 {
		a.grace = DefaultRotationGrace
	}
	if a.now == nil {
		a.now = time.Now
	}
	if a.log == nil {
		a.log = slog.Default()
	}
	return a
}

// Routes mounts the dashboard on r with full paths; the wiring puts RequireUser in front of
// /account, and the handlers still refuse anonymous requests in case it does not.
func (a *Account) Routes(r *web.Routes) {
	r.Get("/account", a.dashboard)
	r.Post("/account/keys", a.create)
	r.Post("/account/keys/:id/rename", a.rename)
	r.Get("/account/keys/:id/revoke", a.confirmRevoke)
	r.Post("/account/keys/:id/revoke", a.revoke)
	r.Get("/account/keys/:id/rotate", a.confirmRotate)
	r.Post("/account/keys/:id/rotate", a.rotate)
}

// unverifiedKeys is why an account whose address is not confirmed gets no key: a key is a way to
// spend the quota, and it is tied to an address that can be reached about it.
const unverifiedKeys = "account.unverified_keys"

// requireUser returns the user, or sends anonymous visitors to log in.
func requireUser(c *fiber.Ctx) (*models.User, error) {
	if u := web.CurrentUser(c); u != nil {
		return u, nil
	}
	return nil, web.RedirectToLogin(c)
}

// keyNotFound answers 404 for unknown keys and for keys of other accounts alike.
func (a *Account) keyNotFound(c *fiber.Ctx) error {
	return a.kit.ErrorPage(c, fiber.StatusNotFound, "account.keys.not_found_title", "account.keys.not_found")
}

// unavailable answers 503 after logging err.
func (a *Account) unavailable(c *fiber.Ctx, what string, err error) error {
	a.log.Error(what, "err", err)
	return a.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "account.keys.unavailable_title", "account.keys.unavailable")
}

// keyID returns the :id parameter when it can name a key; PostgreSQL's uuid column would reject
// anything else with an error instead of a miss.
func keyID(c *fiber.Ctx) (string, bool) {
	id := strings.ToLower(c.Params("id"))
	if _, err := uuid.Parse(id); err != nil || len(id) != 36 {
		return "", false
	}
	return id, true
}

// validKeyName trims the name and says what is wrong with it in loc's language ("" = fine).
func validKeyName(loc *i18n.Localizer, raw string) (string, string) {
	name := strings.TrimSpace(raw)
	switch {
	case name == "":
		return name, loc.T("account.keys.name_required")
	case utf8.RuneCountInString(name) > MaxKeyName:
		return name, loc.T("account.keys.name_too_long", "Max", MaxKeyName)
	}
	return name, ""
}

// dashboardState carries a form's outcome into the re-rendered dashboard.
type dashboardState struct {
	notice, err       string
	nameValue, nameEr string
}

// notices are the confirmations a redirect back to the dashboard may ask for, as message ids.
var notices = map[string]string{
	"renamed": "account.notice_renamed",
	"revoked": "account.notice_revoked",
}

// upgradeLinks are the ways past a plan's key limit the warning offers, in loc's language.
func upgradeLinks(loc *i18n.Localizer) []account.Link {
	return []account.Link{{Text: loc.T("account.compare_plans"), URL: "/pricing"}, {Text: loc.T("account.contact_sales"), URL: "/pricing#contact"}}
}

// dashboard serves GET /account.
func (a *Account) dashboard(c *fiber.Ctx) error {
	u, err := requireUser(c)
	if u == nil {
		return err
	}
	return a.renderDashboard(c, fiber.StatusOK, u, dashboardState{notice: notices[c.Query("done")]})
}

// renderDashboard loads everything the dashboard shows and renders it with st.
func (a *Account) renderDashboard(c *fiber.Ctx, status int, u *models.User, st dashboardState) error {
	ctx := c.UserContext()
	loc := i18n.From(ctx)
	f := format.For(loc)
	now := a.now().UTC()
	plan, err := a.keys.AccountPlan(ctx, u.ID)
	if err != nil {
		return a.unavailable(c, "dashboard plan", err)
	}
	list, err := a.keys.ListByUser(ctx, u.ID, metering.Period(now))
	if err != nil {
		return a.unavailable(c, "dashboard keys", err)
	}
	periods := lastPeriods(now, chartMonths)
	ids := make([]string, len(list))
	for i, l := range list {
		ids[i] = l.Key.ID
	}
	hist, err := a.usage.History(ctx, ids, periods)
	if err != nil {
		return a.unavailable(c, "dashboard usage", err)
	}
	p := account.Dashboard{
		Meta:        a.kit.Meta(c, "account.meta_title", ""),
		CSRF:        web.CSRFToken(c),
		UserName:    u.Name,
		PlanName:    plan.Name,
		PlanSlug:    plan.Slug,
		Used:        hist[metering.Period(now)],
		MaxKeys:     plan.MaxActiveKeys,
		Notice:      st.notice,
		Error:       st.err,
		GraceText:   loc.N("account.grace", int(a.grace/time.Hour)),
		ShowBilling: a.portal,
		ResetText:   loc.T("account.reset", "Date", f.Date(metering.ResetAt(now))),
		Verified:    u.Verified(),
		Email:       u.Email,
		NameField: components.Field{
			ID: "key-name", Name: "name", Label: loc.T("account.keys.field_label"), Type: "text", Value: st.nameValue, Error: st.nameEr,
			Hint: loc.T("account.keys.field_hint"), MaxLength: MaxKeyName, Required: true,
		},
	}
	p.Meta.NoIndex = true
	p.Expert = u.Role == models.RoleExpert
	p.Admin = u.Role == models.RoleAdmin
	if a.beta != nil {
		st, err := a.beta.BetaStatus(ctx, u)
		if err != nil {
			return a.unavailable(c, "beta access", err)
		}
		p.ShowBeta = true
		p.Beta = betaView(i18n.From(c.UserContext()), st, u.Verified())
	}
	if plan.MonthlyQuota == nil {
		p.Unlimited = true
		p.QuotaText = loc.T("account.unlimited")
		p.UsageText = loc.T("account.usage_unlimited", "Used", f.Int(int64(p.Used)))
	} else {
		p.Quota = *plan.MonthlyQuota
		p.QuotaText = loc.T("account.quota", "Quota", f.Int(int64(p.Quota)))
		if p.Quota > 0 {
			p.Percent = min(max(p.Used*100/p.Quota, 0), 100)
		} else {
			p.Percent = 100
		}
		p.UsageText = loc.T("account.usage", "Used", f.Int(int64(p.Used)), "Quota", f.Int(int64(p.Quota)))
	}
	p.Chart = usageChart(loc, periods, hist)
	for _, l := range list {
		p.Keys = append(p.Keys, keyRow(loc, l, now))
		if l.Key.RevokedAt == nil && l.Key.RevokeAt == nil {
			p.ActiveKeys++
		}
	}
	if p.ActiveKeys >= p.MaxKeys {
		p.LimitReached = true
		p.LimitMessage = keyLimitMessage(loc, plan.Name, plan.MaxActiveKeys)
		p.LimitLinks = upgradeLinks(loc)
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return a.kit.Render(c, status, account.DashboardPage(p))
}

// betaView turns the account's beta standing into the dashboard card's words: an invited person
// who has not confirmed the address yet is told to confirm it, not to join the list again.
func betaView(loc *i18n.Localizer, st beta.Status, verified bool) betapages.AccessView {
	v := betapages.AccessView{Has: st.Access, FreeQuota: format.For(loc).Int(beta.AnnouncedFreeQuota)}
	switch {
	case st.Access:
		v.State = "access"
	case st.Invited && !verified:
		v.State = "invited-unverified"
	case st.Invited:
		v.State = "invited"
	case st.Listed:
		v.State = "listed"
	default:
		v.State = "none"
	}
	return v
}

// keyLimitMessage says the limit and the two ways past it.
func keyLimitMessage(loc *i18n.Localizer, plan string, maxKeys int) string {
	return loc.N("account.key_limit", maxKeys, "Plan", plan)
}

// keyRow converts a stored key into a table row.
func keyRow(loc *i18n.Localizer, l models.KeyListing, now time.Time) account.Key {
	k := l.Key
	f := format.For(loc)
	r := account.Key{
		ID: k.ID, Name: k.Name, Display: keys.Display(k.Prefix),
		CreatedISO: format.ISO(k.CreatedAt), CreatedText: shortDate(loc, k.CreatedAt),
		LastUsedText: loc.T("account.keys.never"), UsedMonth: f.Int(int64(l.UsedMonth)),
	}
	if k.LastUsedAt != nil {
		r.LastUsedText = f.Ago(now, *k.LastUsedAt)
	}
	switch {
	case !k.ActiveAt(now):
		r.State, r.StateText = "revoked", loc.T("account.keys.state_revoked")
	case k.RevokeAt != nil:
		r.State = "rotating"
		r.StateText = loc.T("account.keys.state_rotating", "When", shortDate(loc, *k.RevokeAt)+" "+k.RevokeAt.UTC().Format("15:04")+" UTC")
		r.CanChange = true
	default:
		r.State, r.StateText = "active", loc.T("account.keys.state_active")
		r.CanChange, r.CanRotate = true, true
	}
	return r
}

// lastPeriods returns the n calendar months up to and including now's, oldest first.
func lastPeriods(now time.Time, n int) []string {
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	out := make([]string, n)
	for i := range n {
		out[i] = metering.Period(first.AddDate(0, i-n+1, 0))
	}
	return out
}

// usageChart lays out the usage chart: one bar per month, oldest first.
func usageChart(loc *i18n.Localizer, periods []string, hist map[string]int) components.BarChart {
	f := format.For(loc)
	points := make([]components.ChartPoint, 0, len(periods))
	for _, p := range periods {
		t, _ := time.Parse("2006-01", p)
		points = append(points, components.ChartPoint{Label: shortMonth(loc, t), Long: f.MonthYear(t), Value: hist[p]})
	}
	return components.NewLocalBarChart(loc, "usage-chart", loc.T("account.usage_chart.title"), loc.T("account.usage_chart.unit"), "account.usage_chart.count",
		loc.T("account.usage_chart.empty"), points)
}

// shortMonth is t's month as a chart's axis label ("Feb", in Turkish "Şub"): the message
// chart.months lists the twelve abbreviations of the language.
func shortMonth(loc *i18n.Localizer, t time.Time) string {
	if names := strings.Fields(loc.T("chart.months")); len(names) == 12 {
		return names[t.Month()-1]
	}
	return t.Format("Jan")
}

// shortDate is t's day in UTC as the key table writes it: "15 Mar 2026", in Turkish "15 Mar 2026"
// with the language's month abbreviations.
func shortDate(loc *i18n.Localizer, t time.Time) string {
	t = t.UTC()
	return strconv.Itoa(t.Day()) + " " + shortMonth(loc, t) + " " + strconv.Itoa(t.Year())
}

// issueKey generates a key record with a fresh secret.
func issueKey(name string, now time.Time) (*models.APIKey, keys.Issued, error) {
	issued, err := keys.Generate()
	if err != nil {
		return nil, keys.Issued{}, err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return nil, keys.Issued{}, fmt.Errorf("key id: %w", err)
	}
	return &models.APIKey{ID: id.String(), Name: name, Prefix: issued.Prefix, Hash: issued.Hash, CreatedAt: now}, issued, nil
}

// showSecret renders the page that shows a secret once, with the quick start filled in with it;
// no-store so no cache or back button keeps it.
func (a *Account) showSecret(c *fiber.Ctx, p account.Created) error {
	p.Meta = a.kit.Meta(c, "account.created.meta_title", "")
	if plan, err := a.keys.AccountPlan(c.UserContext(), web.CurrentUser(c).ID); err == nil {
		p.QuickStart = docspage.NewQuickStart(a.base, p.Secret, true, plan.Name, plan.V1Access || a.hasV1(c))
	} else {
		a.log.Warn("quick start plan", "err", err)
		p.QuickStart = docspage.NewQuickStart(a.base, p.Secret, true, "", false)
	}
	p.Meta.NoIndex = true
	c.Set(fiber.HeaderCacheControl, "no-store")
	return a.kit.Render(c, fiber.StatusOK, account.CreatedPage(p))
}

// hasV1 reports whether the logged-in account's keys work on /v1 through the beta.
func (a *Account) hasV1(c *fiber.Ctx) bool {
	if a.beta == nil {
		return false
	}
	st, err := a.beta.BetaStatus(c.UserContext(), web.CurrentUser(c))
	if err != nil {
		a.log.Warn("quick start beta status", "err", err)
	}
	return st.Access
}

// confirmKey renders the confirmation page of a key action: a plain form, so confirming needs no
// JavaScript, and a GET that changes nothing, so a prefetch or a link scanner cannot act.
func (a *Account) confirmKey(c *fiber.Ctx, action string) error {
	u, err := requireUser(c)
	if u == nil {
		return err
	}
	id, ok := keyID(c)
	if !ok {
		return a.keyNotFound(c)
	}
	list, err := a.keys.ListByUser(c.UserContext(), u.ID, "")
	if err != nil {
		return a.unavailable(c, "confirm key action", err)
	}
	now := a.now().UTC()
	for _, l := range list {
		if l.Key.ID != id {
			continue
		}
		row := keyRow(i18n.From(c.UserContext()), l, now)
		if !row.CanChange || (action == "rotate" && !row.CanRotate) {
			return a.keyError(c, action+" key", models.ErrKeyInactive)
		}
		p := account.Confirm{CSRF: web.CSRFToken(c), Action: action, KeyName: row.Name, Display: row.Display,
			URL: "/account/keys/" + id + "/" + action, GraceText: i18n.From(c.UserContext()).N("account.grace", int(a.grace/time.Hour))}
		title := "account.confirm.revoke_meta"
		if action == "rotate" {
			title = "account.confirm.rotate_meta"
		}
		p.Meta = a.kit.Meta(c, title, "")
		p.Meta.NoIndex = true
		c.Set(fiber.HeaderCacheControl, "no-store")
		return a.kit.Render(c, fiber.StatusOK, account.ConfirmPage(p))
	}
	return a.keyNotFound(c)
}

// confirmRevoke serves GET /account/keys/:id/revoke.
func (a *Account) confirmRevoke(c *fiber.Ctx) error { return a.confirmKey(c, "revoke") }

// confirmRotate serves GET /account/keys/:id/rotate.
func (a *Account) confirmRotate(c *fiber.Ctx) error { return a.confirmKey(c, "rotate") }

// create serves POST /account/keys. The secret is rendered in this response, not after a
// redirect: a GET page could be reloaded and would need the secret stored somewhere.
func (a *Account) create(c *fiber.Ctx) error {
	u, err := requireUser(c)
	if u == nil {
		return err
	}
	loc := i18n.From(c.UserContext())
	name, msg := validKeyName(loc, c.FormValue("name"))
	if !u.Verified() {
		return a.renderDashboard(c, fiber.StatusForbidden, u, dashboardState{err: unverifiedKeys, nameValue: name})
	}
	if msg != "" {
		return a.renderDashboard(c, fiber.StatusUnprocessableEntity, u, dashboardState{nameValue: name, nameEr: msg})
	}
	now := a.now().UTC()
	k, issued, err := issueKey(name, now)
	if err != nil {
		return a.unavailable(c, "generate key", err)
	}
	err = a.keys.CreateOwned(c.UserContext(), u.ID, k)
	var limit *models.KeyLimitError
	switch {
	case errors.As(err, &limit):
		return a.renderDashboard(c, fiber.StatusConflict, u, dashboardState{err: keyLimitMessage(loc, limit.Plan, limit.Max), nameValue: name})
	case err != nil:
		return a.unavailable(c, "create key", err)
	}
	return a.showSecret(c, account.Created{Name: k.Name, Secret: issued.Secret, Display: keys.Display(k.Prefix)})
}

// rename serves POST /account/keys/:id/rename.
func (a *Account) rename(c *fiber.Ctx) error {
	u, err := requireUser(c)
	if u == nil {
		return err
	}
	id, ok := keyID(c)
	if !ok {
		return a.keyNotFound(c)
	}
	loc := i18n.From(c.UserContext())
	name, msg := validKeyName(loc, c.FormValue("name"))
	if msg != "" {
		if err := a.owns(c.UserContext(), u.ID, id); err != nil {
			return a.keyError(c, "rename key", err)
		}
		return a.renderDashboard(c, fiber.StatusUnprocessableEntity, u, dashboardState{err: loc.T("account.not_renamed", "Reason", msg)})
	}
	if err := a.keys.Rename(c.UserContext(), u.ID, id, name); err != nil {
		return a.keyError(c, "rename key", err)
	}
	return c.Redirect("/account?done=renamed", fiber.StatusSeeOther)
}

// owns checks the key belongs to the user, so a validation error never hints at other accounts' keys.
func (a *Account) owns(ctx context.Context, userID, id string) error {
	list, err := a.keys.ListByUser(ctx, userID, "")
	if err != nil {
		return err
	}
	for _, l := range list {
		if l.Key.ID == id {
			return nil
		}
	}
	return models.ErrNotFound
}

// keyError maps a store error of a key action to a page.
func (a *Account) keyError(c *fiber.Ctx, what string, err error) error {
	switch {
	case errors.Is(err, models.ErrNotFound):
		return a.keyNotFound(c)
	case errors.Is(err, models.ErrKeyInactive):
		return a.kit.ErrorPage(c, fiber.StatusConflict, "account.keys.cannot_change_title", "account.keys.cannot_change")
	}
	return a.unavailable(c, what, err)
}

// revoke serves POST /account/keys/:id/revoke.
func (a *Account) revoke(c *fiber.Ctx) error {
	u, err := requireUser(c)
	if u == nil {
		return err
	}
	id, ok := keyID(c)
	if !ok {
		return a.keyNotFound(c)
	}
	if _, err := a.keys.RevokeOwned(c.UserContext(), u.ID, id, a.now().UTC()); err != nil {
		return a.keyError(c, "revoke key", err)
	}
	return c.Redirect("/account?done=revoked", fiber.StatusSeeOther)
}

// rotate serves POST /account/keys/:id/rotate: a new key now, the old one until the grace ends.
func (a *Account) rotate(c *fiber.Ctx) error {
	u, err := requireUser(c)
	if u == nil {
		return err
	}
	id, ok := keyID(c)
	if !ok {
		return a.keyNotFound(c)
	}
	if !u.Verified() {
		return a.renderDashboard(c, fiber.StatusForbidden, u, dashboardState{err: unverifiedKeys})
	}
	now := a.now().UTC()
	loc := i18n.From(c.UserContext())
	nk, issued, err := issueKey("", now)
	if err != nil {
		return a.unavailable(c, "generate key", err)
	}
	old, err := a.keys.Rotate(c.UserContext(), u.ID, id, nk, now, a.grace, func(name string) string {
		return retiredName(loc, name, now)
	})
	if err != nil {
		return a.keyError(c, "rotate key", err)
	}
	return a.showSecret(c, account.Created{
		Name: nk.Name, Secret: issued.Secret, Display: keys.Display(nk.Prefix), Rotated: true,
		OldDisplay: keys.Display(old.Prefix), OldName: old.Name, GraceText: loc.N("account.grace", int(a.grace/time.Hour)),
		GraceUntil: format.For(loc).Time(*old.RevokeAt), GraceUntilISO: format.ISO(*old.RevokeAt),
	})
}

// retiredName is the name a rotated key keeps during its grace period, so the list never shows
// two keys of one name; the suffix fits within MaxKeyName.
func retiredName(loc *i18n.Localizer, name string, now time.Time) string {
	suffix := loc.T("account.keys.rotated_suffix", "Date", shortDate(loc, now))
	if strings.HasSuffix(name, suffix) {
		return name
	}
	r := []rune(name)
	if room := MaxKeyName - utf8.RuneCountInString(suffix); len(r) > room {
		r = append(r[:room-1], '…')
	}
	return string(r) + suffix
}
