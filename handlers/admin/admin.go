package admin

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/pages/admin"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// Admin console limits.
const (
	// AdminListLimit caps the rows of the search lists; searching narrows further.
	AdminListLimit = 100
	// AdminPageSize is the page size of the leads and audit pages.
	AdminPageSize = 50
	// MaxHideReason caps a moderation reason, in characters.
	MaxHideReason = 500
	// overviewDays is how many days the daily-claims chart shows.
	overviewDays = 30
)

// AuditLogger records admin changes and reads them back; StoreAudit is one over the audit store.
type AuditLogger interface {
	// Record records that actorID did action to subject, in its own transaction.
	Record(ctx context.Context, actorID, action, subject string, detail any) error
	// List returns entries newest first.
	List(ctx context.Context, f models.AuditFilter) ([]models.AuditEntry, error)
}

// AccountAdmin is the part of *accounts.Service the console uses; it enforces the last-admin rule
// and ends a disabled account's sessions.
type AccountAdmin interface {
	// SetRole changes a role; accounts.ErrLastAdmin when it would leave no admin.
	SetRole(ctx context.Context, userID string, role models.Role) error
	// SetDisabled locks or unlocks an account, revoking its sessions when locking.
	SetDisabled(ctx context.Context, userID string, disabled bool) error
}

// AdminDeps is what the admin console needs.
type AdminDeps struct {
	// Kit renders the frame and the error pages.
	Kit *web.Kit
	// Store holds the console's own queries and changes.
	Store *models.AdminStore
	// Accounts changes roles and disables accounts.
	Accounts AccountAdmin
	// Users reads accounts.
	Users *models.AccountStore
	// Keys moves an account's keys with its plan.
	Keys *models.KeyStore
	// Billing reads contact-sales leads.
	Billing *models.BillingStore
	// Outbox lists mail and retries failed mail.
	Outbox *models.OutboxStore
	// Audit records every change.
	Audit AuditLogger
	// SMTP says whether mail is sent; without it the outbox page is where mail is read.
	SMTP bool
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures; nil means slog.Default().
	Log *slog.Logger
	// Knowledge imports uploaded fact-check files; Reviews counts the knowledge base.
	Knowledge KBImporter
	Reviews   ReviewCounter
	// Entries browses and corrects the knowledge base's entries.
	Entries KBEntries
	// Search is the product's claim search, which the moderation list runs.
	Search ClaimSearcher
}

// Admin serves the admin console under /admin. The wiring puts RequireRole(admin) in front; every
// handler still refuses non-admins, so a wiring mistake cannot open the console.
type Admin struct {
	d   AdminDeps
	now func() time.Time
	log *slog.Logger
}

// NewAdmin builds the console handlers.
func NewAdmin(d AdminDeps) *Admin {
	a := &Admin{d: d, now: d.Now, log: d.Log}
	if a.now == nil {
		a.now = time.Now
	}
	if a.log == nil {
		a.log = slog.Default()
	}
	return a
}

// Routes mounts the console on r with full /admin paths.
func (a *Admin) Routes(r *web.Routes) {
	g := r.Group("/admin", a.guard)
	g.Get("/", a.overview)
	g.Get("/plans", a.plans)
	g.Post("/plans", a.createPlan)
	g.Get("/plans/:id", a.editPlan)
	g.Post("/plans/:id", a.updatePlan)
	g.Post("/plans/:id/delete", a.deletePlan)
	g.Post("/plans/:id/hide", a.hidePlan)
	g.Get("/users", a.users)
	g.Post("/users/:id/role", a.setRole)
	g.Post("/users/:id/plan", a.assignPlan)
	g.Post("/users/:id/disable", a.disable)
	g.Post("/users/:id/enable", a.enable)
	g.Get("/keys", a.keys)
	g.Post("/keys/:id/revoke", a.revokeKey)
	g.Post("/keys/:id/quota", a.setQuota)
	g.Get("/claims", a.claims)
	g.Post("/claims/hide", a.hideClaim)
	g.Post("/claims/:id/unhide", a.unhideClaim)
	g.Get("/leads", a.leads)
	g.Get("/outbox", a.outbox)
	g.Post("/outbox/:id/retry", a.retryMail)
	g.Get("/audit", a.audit)
	g.Get("/knowledge", a.knowledgePage)
	// POST /knowledge is mounted by Mount, ahead of these, with its own order of checks.
	g.Get("/knowledge/:id", a.entryPage)
	g.Post("/knowledge/:id", a.editEntry)
	g.Post("/knowledge/:id/retire", a.retireEntry)
	g.Post("/knowledge/:id/restore", a.restoreEntry)
}

// guard is the second lock behind the wiring's RequireRole.
func (a *Admin) guard(c *fiber.Ctx) error {
	u := web.CurrentUser(c)
	if u == nil {
		return web.RedirectToLogin(c)
	}
	if u.Role != models.RoleAdmin {
		return a.d.Kit.ErrorPage(c, fiber.StatusForbidden, "admin.forbidden.title",
			"admin.forbidden.message")
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Next()
}

// adminNotices are the confirmations a redirect may ask for with ?done=.
var adminNotices = map[string]string{
	"plan-created":   "admin.notice.plan_created",
	"plan-saved":     "admin.notice.plan_saved",
	"plan-deleted":   "admin.notice.plan_deleted",
	"plan-hidden":    "admin.notice.plan_hidden",
	"role":           "admin.notice.role",
	"plan":           "admin.notice.plan",
	"disabled":       "admin.notice.disabled",
	"enabled":        "admin.notice.enabled",
	"revoked":        "admin.notice.revoked",
	"quota":          "admin.notice.quota",
	"hidden":         "admin.notice.hidden",
	"unhidden":       "admin.notice.unhidden",
	"retried":        "admin.notice.retried",
	"entry-saved":    "admin.notice.entry_saved",
	"entry-retired":  "admin.notice.entry_retired",
	"entry-restored": "admin.notice.entry_restored",
}

// adminErrors are the refusals a redirect may report with ?err=.
var adminErrors = map[string]string{
	"last-admin": "admin.error.last_admin",
	"bad-role":   "admin.error.bad_role",
	"bad-plan":   "admin.error.bad_plan",
	"bad-quota":  "admin.error.bad_quota",
	"plan-used":  "admin.error.plan_used",
	"not-retry":  "admin.error.not_retry",
	"self":       "admin.error.self",
}

// frame fills what every console page shares.
func (a *Admin) frame(c *fiber.Ctx, section, title string) admin.Frame {
	m := a.d.Kit.Meta(c, title, "")
	m.NoIndex = true
	return admin.Frame{Meta: m, CSRF: web.CSRFToken(c), Section: section,
		Notice: adminNotices[c.Query("done")], Error: adminErrors[c.Query("err")]}
}

// unavailable answers 503 after logging err.
func (a *Admin) unavailable(c *fiber.Ctx, what string, err error) error {
	a.log.Error("admin: "+what, "err", err)
	return a.d.Kit.ErrorPage(c, fiber.StatusServiceUnavailable, "admin.unavailable.title",
		"admin.unavailable.message")
}

// notFound answers 404 for an unknown id.
func (a *Admin) notFound(c *fiber.Ctx, what string) error {
	loc := i18n.From(c.UserContext())
	kind := loc.T("admin.kind." + strings.ToLower(what))
	return a.d.Kit.ErrorPage(c, fiber.StatusNotFound, loc.T("admin.not_found.title", "What", kind),
		loc.T("admin.not_found.message", "What", loc.Lower(kind)))
}

// failed maps a store error of a change to a page.
func (a *Admin) failed(c *fiber.Ctx, what, kind string, err error) error {
	if errors.Is(err, models.ErrNotFound) {
		return a.notFound(c, kind)
	}
	return a.unavailable(c, what, err)
}

// record writes an audit entry for a change that has been made. A failure is logged loudly rather
// than shown: the change is already committed and reporting it as failed would be untrue.
func (a *Admin) record(c *fiber.Ctx, action, subject string, detail any) {
	actor := ""
	if u := web.CurrentUser(c); u != nil {
		actor = u.ID
	}
	if err := a.d.Audit.Record(c.UserContext(), actor, action, subject, detail); err != nil {
		a.log.Error("admin: audit entry lost", "action", action, "subject", subject, "actor", actor, "err", err)
	}
}

// overview serves GET /admin.
func (a *Admin) overview(c *fiber.Ctx) error {
	now := a.now().UTC()
	o, err := a.d.Store.Overview(c.UserContext(), now, metering.Period(now), overviewDays)
	if err != nil {
		return a.unavailable(c, "overview", err)
	}
	loc := i18n.From(c.UserContext())
	lf := format.For(loc)
	waitlist := loc.T("admin.stat.not_set_up")
	if o.Waitlist != nil {
		waitlist = lf.Int(*o.Waitlist)
	}
	p := admin.Overview{Frame: a.frame(c, "overview", "admin.console.eyebrow")}
	p.Stats = []admin.Stat{
		{Label: "admin.stat.claims_today", Value: lf.Int(o.ClaimsToday), TestID: "stat-claims-today"},
		{Label: "admin.stat.claims_month", Value: lf.Int(o.ClaimsMonth), TestID: "stat-claims-month"},
		{Label: "admin.stat.active_keys", Value: lf.Int(o.ActiveKeys), TestID: "stat-active-keys"},
		{Label: "admin.stat.requests_month", Value: lf.Int(o.RequestsMonth), TestID: "stat-requests-month"},
		{Label: "admin.stat.waitlist", Value: waitlist, TestID: "stat-waitlist"},
		{Label: "admin.stat.subscriptions", Value: lf.Int(o.ActiveSubscriptions), TestID: "stat-subscriptions"},
	}
	vs := make([]chartItem, len(o.Verdicts))
	for i, v := range o.Verdicts {
		vs[i] = chartItem{label: verdictShort(loc, v.Verdict), title: verdictName(loc, v.Verdict), n: v.Count}
	}
	p.Verdicts = barChart(loc, "verdict-chart", loc.T("admin.chart.verdicts_title"), loc.T("admin.chart.verdicts_summary"), vs, adminChartWidth)
	ds := make([]chartItem, len(o.Daily))
	for i, d := range o.Daily {
		ds[i] = chartItem{title: lf.Date(d.Day), n: d.Count}
		// Weekly labels counted back from today keep today labelled and never crowd two labels.
		if (len(o.Daily)-1-i)%7 == 0 {
			ds[i].label = shortDay(loc, d.Day)
		}
	}
	p.Daily = barChart(loc, "daily-chart", loc.T("admin.chart.daily_title"), loc.T("admin.chart.daily_summary"), ds, adminChartWidth)
	return a.d.Kit.Render(c, fiber.StatusOK, admin.OverviewPage(p))
}

// shortDay is a chart's day label: "2 Jan" in English, "2 Oca" in Turkish.
func shortDay(loc *i18n.Localizer, t time.Time) string {
	if loc.Lang() == i18n.TR {
		return strconv.Itoa(t.Day()) + " " + loc.T("admin.month_short."+strconv.Itoa(int(t.Month())))
	}
	return t.Format("2 Jan")
}

// stamp writes a moment for the console's tables: "2 Jan 2006 15:04 UTC" in English, the
// language's own date and time otherwise ("25 Kasım 2026, 14:05 UTC").
func stamp(loc *i18n.Localizer, t time.Time) string {
	if loc.Lang() == i18n.EN {
		return t.UTC().Format("2 Jan 2006 15:04 UTC")
	}
	return format.For(loc).Time(t)
}

// auditStamp writes an audit entry's moment to the second.
func auditStamp(loc *i18n.Localizer, t time.Time) string {
	if loc.Lang() == i18n.EN {
		return t.UTC().Format("2 Jan 2006 15:04:05 UTC")
	}
	return format.For(loc).Date(t) + ", " + t.UTC().Format("15:04:05") + " UTC"
}

// consoleDay writes a date for the console's tables: "2 Jan 2006" in English, the language's own otherwise.
func consoleDay(loc *i18n.Localizer, t time.Time) string {
	if loc.Lang() == i18n.EN {
		return t.UTC().Format("2 Jan 2006")
	}
	return format.For(loc).Date(t)
}

// chartItem is one value for barChart.
type chartItem struct {
	label, title string
	n            int64
}

// adminChartWidth is the view box width of both console charts. The labels' font size is set by
// the stylesheet (static/css/app.css, ".admin .chart__svg text"): admin.ChartFontSize units on
// wide screens, admin.ChartFontSizeNarrow on phones, where the chart is drawn about 300 px wide, so
// the labels read at 12 px or more there. The layout below leaves room for the larger size.
const adminChartWidth = 600

// barChart lays out a vertical bar chart and writes its text alternative. A gutter on the left
// carries the value axis (0 and the peak, with a guide line at the peak), so bars read as numbers.
func barChart(loc *i18n.Localizer, id, title, summaryHead string, items []chartItem, width int) admin.Chart {
	lf := format.For(loc)
	const height = 200
	// top leaves the peak label's upper half room; axis holds the bar labels under the baseline.
	const top, axis = admin.ChartFontSizeNarrow * 3 / 4, admin.ChartFontSizeNarrow + 10
	ch := admin.Chart{ID: id, Title: title, Width: width, Height: height, Base: height - axis, Gutter: 48, Top: top}
	if len(items) == 0 {
		ch.Summary = loc.T("admin.chart.empty", "Head", summaryHead)
		return ch
	}
	var peak int64
	for _, it := range items {
		peak = max(peak, it.n)
	}
	ch.Zero, ch.Peak = "0", lf.Int(peak)
	// The gutter fits the peak's digits at the narrow screens' size, so "12,400" is never cut.
	ch.Gutter = max(ch.Gutter, utf8.RuneCountInString(ch.Peak)*chartCharWidth+8)
	gutter := ch.Gutter
	slot := (width - gutter) / len(items)
	barW := max(slot*3/5, 1)
	parts := make([]string, len(items))
	for i, it := range items {
		h := 0
		if peak > 0 {
			h = int(it.n * int64(height-axis-top) / peak)
		}
		if it.n > 0 {
			h = max(h, 2) // a small non-zero value must stay visible beside a large one
		}
		count := lf.Int(it.n)
		x0 := gutter + i*slot
		b := admin.Bar{Label: it.label, Title: it.title + ": " + count, Count: count,
			X: x0 + (slot-barW)/2, Y: height - axis - h, W: barW, H: h, TextX: x0 + slot/2}
		b.LabelX, b.Anchor = labelPlace(b.TextX, it.label, width)
		ch.Bars = append(ch.Bars, b)
		parts[i] = it.title + " " + count
	}
	ch.Summary = summaryHead + ": " + strings.Join(parts, ", ") + "."
	return ch
}

// chartCharWidth is a generous width of one label character at the larger (narrow screens')
// font size, for keeping labels inside the view box.
const chartCharWidth = admin.ChartFontSizeNarrow * 3 / 5

// labelPlace centres a label under its bar unless half of it would fall outside the view box,
// where SVG would cut it ("27 Oct" showing as "7 Oct"); such a label is anchored to that edge.
func labelPlace(centre int, label string, width int) (int, string) {
	half := utf8.RuneCountInString(label) * chartCharWidth / 2
	switch {
	case centre-half < 0:
		return 0, "start"
	case centre+half > width:
		return width, "end"
	}
	return centre, "middle"
}

// planUseText says what points at a plan, for the list and the edit page.
func planUseText(loc *i18n.Localizer, u models.PlanUse) string {
	if !u.InUse() {
		return loc.T("admin.plans.use.nobody")
	}
	lf := format.For(loc)
	return loc.N("admin.plans.use.keys", int(u.Keys), "N", lf.Int(u.Keys)) + ", " +
		loc.N("admin.plans.use.accounts", int(u.Users), "N", lf.Int(u.Users)) + ", " +
		loc.N("admin.plans.use.subscriptions", int(u.Subscriptions), "N", lf.Int(u.Subscriptions))
}

// plans serves GET /admin/plans.
func (a *Admin) plans(c *fiber.Ctx) error {
	return a.renderPlans(c, fiber.StatusOK, admin.PlanForm{MaxKeys: "1", Quota: "1000", Public: true})
}

// renderPlans renders the plan list with the create form f.
func (a *Admin) renderPlans(c *fiber.Ctx, status int, f admin.PlanForm) error {
	ps, err := a.d.Store.Plans(c.UserContext())
	if err != nil {
		return a.unavailable(c, "plans", err)
	}
	loc := i18n.From(c.UserContext())
	p := admin.Plans{Frame: a.frame(c, "plans", "admin.nav.plans"), New: f}
	for _, pl := range ps {
		u, err := a.d.Store.PlanUse(c.UserContext(), pl.ID)
		if err != nil {
			return a.unavailable(c, "plan use", err)
		}
		q := loc.T("admin.plans.unlimited")
		if pl.MonthlyQuota != nil {
			q = loc.T("admin.per_month", "N", format.For(loc).Int(int64(*pl.MonthlyQuota)))
		}
		p.Rows = append(p.Rows, admin.PlanRow{ID: pl.ID, Slug: pl.Slug, Name: pl.Name, Price: pl.PriceText, Quota: q,
			MaxKeys: strconv.Itoa(pl.MaxActiveKeys), Public: pl.Public, V1: pl.V1Access, Use: planUseText(loc, u)})
	}
	return a.d.Kit.Render(c, status, admin.PlansPage(p))
}

// slugPattern keeps plan slugs usable in URLs and config.
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// planFromForm reads and validates the plan form into p; the returned form refills the page.
func planFromForm(c *fiber.Ctx, p *models.Plan, isNew bool) admin.PlanForm {
	f := admin.PlanForm{
		ID: p.ID, Slug: strings.TrimSpace(c.FormValue("slug")), Name: strings.TrimSpace(c.FormValue("name")),
		PriceText: strings.TrimSpace(c.FormValue("price_text")), Quota: strings.TrimSpace(c.FormValue("monthly_quota")),
		MaxKeys: strings.TrimSpace(c.FormValue("max_active_keys")), StripePrice: strings.TrimSpace(c.FormValue("stripe_price_id")),
		Features: strings.TrimSpace(c.FormValue("features")), SortOrder: strings.TrimSpace(c.FormValue("sort_order")),
		Unlimited: c.FormValue("unlimited") != "", Public: c.FormValue("public") != "", V1: c.FormValue("v1_access") != "",
		Errors: map[string]string{},
	}
	if !isNew {
		f.Slug = p.Slug
	}
	if isNew && !slugPattern.MatchString(f.Slug) {
		f.Errors["slug"] = "admin.plan.error.slug"
	}
	if f.Name == "" || utf8.RuneCountInString(f.Name) > 100 {
		f.Errors["name"] = "admin.plan.error.name"
	}
	if utf8.RuneCountInString(f.PriceText) > 100 {
		f.Errors["price_text"] = "admin.plan.error.price_text"
	}
	p.MonthlyQuota = nil
	if !f.Unlimited {
		n, err := strconv.Atoi(f.Quota)
		if err != nil || n < 0 {
			f.Errors["monthly_quota"] = "admin.plan.error.monthly_quota"
		} else {
			p.MonthlyQuota = &n
		}
	}
	mk, err := strconv.Atoi(f.MaxKeys)
	if err != nil || mk < 0 || mk > 1000 {
		f.Errors["max_active_keys"] = "admin.plan.error.max_active_keys"
	}
	so := 0
	if f.SortOrder != "" {
		if so, err = strconv.Atoi(f.SortOrder); err != nil {
			f.Errors["sort_order"] = "admin.plan.error.sort_order"
		}
	}
	if f.StripePrice != "" && !strings.HasPrefix(f.StripePrice, "price_") {
		f.Errors["stripe_price_id"] = "admin.plan.error.stripe_price_id"
	}
	features := []string{}
	for _, line := range strings.Split(f.Features, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			features = append(features, line)
		}
	}
	fj, _ := json.Marshal(features)
	p.Slug, p.Name, p.PriceText, p.MaxActiveKeys, p.SortOrder = f.Slug, f.Name, f.PriceText, mk, so
	p.Features, p.Public, p.V1Access = string(fj), f.Public, f.V1
	p.StripePriceID = nil
	if f.StripePrice != "" {
		p.StripePriceID = &f.StripePrice
	}
	return f
}

// planDetail is what the audit log keeps of a plan.
func planDetail(p *models.Plan) map[string]any {
	return map[string]any{"slug": p.Slug, "name": p.Name, "price_text": p.PriceText, "monthly_quota": p.MonthlyQuota,
		"max_active_keys": p.MaxActiveKeys, "stripe_price_id": p.StripePriceID, "features": json.RawMessage(p.Features),
		"public": p.Public, "v1_access": p.V1Access, "sort_order": p.SortOrder}
}

// createPlan serves POST /admin/plans.
func (a *Admin) createPlan(c *fiber.Ctx) error {
	id, err := uuid.NewV7()
	if err != nil {
		return a.unavailable(c, "plan id", err)
	}
	now := a.now().UTC()
	p := &models.Plan{ID: id.String(), CreatedAt: now, UpdatedAt: now}
	f := planFromForm(c, p, true)
	if len(f.Errors) > 0 {
		return a.renderPlans(c, fiber.StatusUnprocessableEntity, f)
	}
	if err := a.d.Store.CreatePlan(c.UserContext(), p); err != nil {
		if errors.Is(err, models.ErrSlugTaken) {
			f.Errors["slug"] = "admin.plan.error.slug_taken"
			return a.renderPlans(c, fiber.StatusConflict, f)
		}
		return a.unavailable(c, "create plan", err)
	}
	a.record(c, "plan.create", p.ID, planDetail(p))
	return c.Redirect("/admin/plans?done=plan-created", fiber.StatusSeeOther)
}

// loadPlan fetches the :id plan, answering the page itself when that fails.
func (a *Admin) loadPlan(c *fiber.Ctx) (*models.Plan, error) {
	id, ok := web.UUIDParam(c)
	if !ok {
		// Seeded plans may carry non-UUID ids; only a path-safe check is needed for them.
		id = c.Params("id")
	}
	p, err := a.d.Store.PlanByID(c.UserContext(), id)
	if err != nil {
		return nil, a.failed(c, "plan", "Plan", err)
	}
	return p, nil
}

// renderPlanEdit renders the edit page for p with form f.
func (a *Admin) renderPlanEdit(c *fiber.Ctx, status int, p *models.Plan, f admin.PlanForm) error {
	u, err := a.d.Store.PlanUse(c.UserContext(), p.ID)
	if err != nil {
		return a.unavailable(c, "plan use", err)
	}
	f.Use, f.InUse = planUseText(i18n.From(c.UserContext()), u), u.InUse()
	return a.d.Kit.Render(c, status, admin.PlanEditPage(admin.PlanEdit{Frame: a.frame(c, "plans", "admin.title.edit_plan"), Form: f}))
}

// editPlan serves GET /admin/plans/:id.
func (a *Admin) editPlan(c *fiber.Ctx) error {
	p, err := a.loadPlan(c)
	if p == nil {
		return err
	}
	f := admin.PlanForm{ID: p.ID, Slug: p.Slug, Name: p.Name, PriceText: p.PriceText, MaxKeys: strconv.Itoa(p.MaxActiveKeys),
		Features: strings.Join(models.PlanFeatures(p), "\n"), SortOrder: strconv.Itoa(p.SortOrder), Public: p.Public, V1: p.V1Access}
	if p.MonthlyQuota == nil {
		f.Unlimited = true
	} else {
		f.Quota = strconv.Itoa(*p.MonthlyQuota)
	}
	if p.StripePriceID != nil {
		f.StripePrice = *p.StripePriceID
	}
	return a.renderPlanEdit(c, fiber.StatusOK, p, f)
}

// updatePlan serves POST /admin/plans/:id.
func (a *Admin) updatePlan(c *fiber.Ctx) error {
	p, err := a.loadPlan(c)
	if p == nil {
		return err
	}
	f := planFromForm(c, p, false)
	if len(f.Errors) > 0 {
		return a.renderPlanEdit(c, fiber.StatusUnprocessableEntity, p, f)
	}
	p.UpdatedAt = a.now().UTC()
	if err := a.d.Store.UpdatePlan(c.UserContext(), p); err != nil {
		return a.failed(c, "update plan", "Plan", err)
	}
	a.record(c, "plan.update", p.ID, planDetail(p))
	return c.Redirect(paths.AdminPlan(p.ID, "")+"?done=plan-saved", fiber.StatusSeeOther)
}

// deletePlan serves POST /admin/plans/:id/delete; a plan in use is refused, never silently hidden.
func (a *Admin) deletePlan(c *fiber.Ctx) error {
	p, err := a.loadPlan(c)
	if p == nil {
		return err
	}
	if err := a.d.Store.DeletePlan(c.UserContext(), p.ID); err != nil {
		if errors.Is(err, models.ErrPlanInUse) {
			return web.Back(c, paths.AdminPlan(p.ID, ""), "err", "plan-used")
		}
		return a.failed(c, "delete plan", "Plan", err)
	}
	a.record(c, "plan.delete", p.ID, map[string]any{"slug": p.Slug, "name": p.Name})
	return web.Back(c, "/admin/plans", "done", "plan-deleted")
}

// hidePlan serves POST /admin/plans/:id/hide.
func (a *Admin) hidePlan(c *fiber.Ctx) error {
	p, err := a.loadPlan(c)
	if p == nil {
		return err
	}
	if err := a.d.Store.HidePlan(c.UserContext(), p.ID, a.now().UTC()); err != nil {
		return a.failed(c, "hide plan", "Plan", err)
	}
	a.record(c, "plan.hide", p.ID, map[string]any{"slug": p.Slug})
	return web.Back(c, paths.AdminPlan(p.ID, ""), "done", "plan-hidden")
}

// users serves GET /admin/users.
func (a *Admin) users(c *fiber.Ctx) error {
	ctx := c.UserContext()
	q := format.Truncate(strings.TrimSpace(c.Query("q")), web.MaxSearchChars)
	if msg := web.SearchProblem(c, q); msg != "" {
		p := admin.Users{Frame: a.frame(c, "users", "admin.nav.users")}
		p.Error = msg
		return a.d.Kit.Render(c, fiber.StatusBadRequest, admin.UsersPage(p))
	}
	rows, err := a.d.Store.SearchUsers(ctx, q, AdminListLimit)
	if err != nil {
		return a.unavailable(c, "search users", err)
	}
	ps, err := a.d.Store.Plans(ctx)
	if err != nil {
		return a.unavailable(c, "plans", err)
	}
	p := admin.Users{Frame: a.frame(c, "users", "admin.nav.users"), Query: q,
		Roles: []admin.Option{{Value: "user", Label: "user"}, {Value: "expert", Label: "expert"}, {Value: "admin", Label: "admin"}}}
	starter := ""
	for _, pl := range ps {
		label := pl.Name
		if !pl.Public {
			label = i18n.T(ctx, "admin.users.plan_hidden", "Name", label)
		}
		p.Plans = append(p.Plans, admin.Option{Value: pl.ID, Label: label})
		if pl.Slug == models.StarterPlanSlug {
			starter = pl.ID
		}
	}
	self := web.CurrentUser(c)
	for _, r := range rows {
		row := admin.UserRow{ID: r.ID, Email: r.Email, Name: r.Name, Role: string(r.Role), PlanName: r.PlanName,
			Created: consoleDay(i18n.From(ctx), r.CreatedAt), Disabled: r.Disabled(), PlanID: starter,
			Self: self != nil && self.ID == r.ID}
		if r.PlanID != nil {
			row.PlanID = *r.PlanID
		}
		p.Rows = append(p.Rows, row)
	}
	return a.d.Kit.Render(c, fiber.StatusOK, admin.UsersPage(p))
}

// loadUser fetches the :id user, answering the page itself when that fails.
func (a *Admin) loadUser(c *fiber.Ctx) (*models.User, error) {
	id, ok := web.UUIDParam(c)
	if !ok {
		return nil, a.notFound(c, "User")
	}
	u, err := a.d.Users.UserByID(c.UserContext(), id)
	if err != nil {
		return nil, a.failed(c, "user", "User", err)
	}
	return u, nil
}

// setRole serves POST /admin/users/:id/role.
func (a *Admin) setRole(c *fiber.Ctx) error {
	u, err := a.loadUser(c)
	if u == nil {
		return err
	}
	to := web.ReturnTo(c, "/admin/users")
	role := models.Role(c.FormValue("role"))
	if !role.Valid() {
		return web.Back(c, to, "err", "bad-role")
	}
	if err := a.d.Accounts.SetRole(c.UserContext(), u.ID, role); err != nil {
		if errors.Is(err, accounts.ErrLastAdmin) {
			return web.Back(c, to, "err", "last-admin")
		}
		return a.failed(c, "set role", "User", err)
	}
	if role != u.Role {
		a.record(c, "user.role", u.ID, map[string]any{"email": u.Email, "from": u.Role, "to": role})
	}
	return web.Back(c, to, "done", "role")
}

// assignPlan serves POST /admin/users/:id/plan: the account and all its keys move to the plan.
func (a *Admin) assignPlan(c *fiber.Ctx) error {
	u, err := a.loadUser(c)
	if u == nil {
		return err
	}
	to := web.ReturnTo(c, "/admin/users")
	pl, err := a.d.Store.PlanByID(c.UserContext(), c.FormValue("plan_id"))
	if errors.Is(err, models.ErrNotFound) {
		return web.Back(c, to, "err", "bad-plan")
	}
	if err != nil {
		return a.unavailable(c, "plan", err)
	}
	if err := a.d.Keys.SetPlanForUser(c.UserContext(), models.Tx{}, u.ID, pl.ID); err != nil {
		return a.unavailable(c, "assign plan", err)
	}
	from := ""
	if u.PlanID != nil {
		from = *u.PlanID
	}
	a.record(c, "user.plan", u.ID, map[string]any{"email": u.Email, "from_plan": from, "to_plan": pl.ID, "to_slug": pl.Slug})
	return web.Back(c, to, "done", "plan")
}

// disable serves POST /admin/users/:id/disable. Sessions end in the same transaction; keys are
// refused as soon as each process's key cache entry expires (metering.Authenticator's TTL, 4 s in
// production), because key lookups treat a disabled owner's keys as unknown.
func (a *Admin) disable(c *fiber.Ctx) error { return a.setDisabled(c, true) }

// enable serves POST /admin/users/:id/enable.
func (a *Admin) enable(c *fiber.Ctx) error { return a.setDisabled(c, false) }

// setDisabled locks or unlocks the :id account.
func (a *Admin) setDisabled(c *fiber.Ctx, disabled bool) error {
	u, err := a.loadUser(c)
	if u == nil {
		return err
	}
	to := web.ReturnTo(c, "/admin/users")
	if me := web.CurrentUser(c); disabled && me != nil && me.ID == u.ID {
		// Locking oneself out ends one's own session mid-task; another admin must do it.
		return web.Back(c, to, "err", "self")
	}
	if err := a.d.Accounts.SetDisabled(c.UserContext(), u.ID, disabled); err != nil {
		if errors.Is(err, accounts.ErrLastAdmin) {
			return web.Back(c, to, "err", "last-admin")
		}
		return a.failed(c, "set disabled", "User", err)
	}
	action, done := "user.enable", "enabled"
	if disabled {
		action, done = "user.disable", "disabled"
	}
	if disabled != u.Disabled() {
		a.record(c, action, u.ID, map[string]any{"email": u.Email})
	}
	return web.Back(c, to, "done", done)
}

// keys serves GET /admin/keys.
func (a *Admin) keys(c *fiber.Ctx) error {
	now := a.now().UTC()
	period := metering.Period(now)
	q := format.Truncate(strings.TrimSpace(c.Query("q")), web.MaxSearchChars)
	if msg := web.SearchProblem(c, q); msg != "" {
		p := admin.Keys{Frame: a.frame(c, "keys", "admin.nav.keys"), Period: period}
		p.Error = msg
		return a.d.Kit.Render(c, fiber.StatusBadRequest, admin.KeysPage(p))
	}
	rows, err := a.d.Store.SearchKeys(c.UserContext(), q, period, AdminListLimit)
	if err != nil {
		return a.unavailable(c, "search keys", err)
	}
	p := admin.Keys{Frame: a.frame(c, "keys", "admin.nav.keys"), Query: q, Period: period}
	loc := i18n.From(c.UserContext())
	lf := format.For(loc)
	for _, r := range rows {
		row := admin.KeyRow{ID: r.ID, Display: keys.Display(r.Prefix), Name: r.Name, Owner: r.OwnerEmail, Plan: r.PlanName,
			Used: lf.Int(int64(r.UsedMonth)), Override: loc.T("admin.keys.quota_placeholder"), Active: r.ActiveAt(now), State: loc.T("admin.keys.state.active")}
		if row.Owner == "" {
			row.Owner = loc.T("admin.keys.command_line")
		}
		if r.QuotaOverride != nil {
			row.Override = loc.T("admin.per_month", "N", lf.Int(int64(*r.QuotaOverride)))
		}
		if !row.Active {
			row.State = loc.T("admin.keys.state.revoked")
		} else if r.RevokeAt != nil {
			row.State = loc.T("admin.keys.state.rotating")
		}
		p.Rows = append(p.Rows, row)
	}
	return a.d.Kit.Render(c, fiber.StatusOK, admin.KeysPage(p))
}

// loadKey fetches the :id key, answering the page itself when that fails.
func (a *Admin) loadKey(c *fiber.Ctx) (*models.APIKey, error) {
	id, ok := web.UUIDParam(c)
	if !ok {
		return nil, a.notFound(c, "Key")
	}
	k, err := a.d.Store.KeyByID(c.UserContext(), id)
	if err != nil {
		return nil, a.failed(c, "key", "Key", err)
	}
	return k, nil
}

// revokeKey serves POST /admin/keys/:id/revoke.
func (a *Admin) revokeKey(c *fiber.Ctx) error {
	k, err := a.loadKey(c)
	if k == nil {
		return err
	}
	if err := a.d.Store.RevokeKey(c.UserContext(), k.ID, a.now().UTC()); err != nil {
		return a.failed(c, "revoke key", "Key", err)
	}
	if k.RevokedAt == nil {
		a.record(c, "key.revoke", k.ID, map[string]any{"prefix": k.Prefix})
	}
	return web.Back(c, web.ReturnTo(c, "/admin/keys"), "done", "revoked")
}

// setQuota serves POST /admin/keys/:id/quota; an empty value clears the override.
func (a *Admin) setQuota(c *fiber.Ctx) error {
	k, err := a.loadKey(c)
	if k == nil {
		return err
	}
	to := web.ReturnTo(c, "/admin/keys")
	var q *int
	if raw := strings.TrimSpace(c.FormValue("quota")); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 {
			return web.Back(c, to, "err", "bad-quota")
		}
		q = &n
	}
	if err := a.d.Store.SetQuotaOverride(c.UserContext(), k.ID, q); err != nil {
		return a.failed(c, "set quota", "Key", err)
	}
	a.record(c, "key.quota", k.ID, map[string]any{"prefix": k.Prefix, "from": k.QuotaOverride, "to": q})
	return web.Back(c, to, "done", "quota")
}

// pagerFor links the neighbours of page when there is more.
func pagerFor(base string, page int, more bool) admin.Pager {
	var p admin.Pager
	if page > 1 {
		p.Prev = base + "?page=" + strconv.Itoa(page-1)
	}
	if more {
		p.Next = base + "?page=" + strconv.Itoa(page+1)
	}
	return p
}

// leads serves GET /admin/leads.
func (a *Admin) leads(c *fiber.Ctx) error {
	page := web.PageOrFirst(c)
	ls, total, err := a.d.Billing.ContactLeads(c.UserContext(), AdminPageSize, (page-1)*AdminPageSize)
	if err != nil {
		return a.unavailable(c, "leads", err)
	}
	p := admin.Leads{Frame: a.frame(c, "leads", "admin.section.leads"), Total: i18n.From(c.UserContext()).N("admin.leads.total", int(total), "N", format.For(i18n.From(c.UserContext())).Int(total)),
		Pager: pagerFor("/admin/leads", page, int64(page*AdminPageSize) < total)}
	for _, l := range ls {
		p.Rows = append(p.Rows, admin.LeadRow{Name: l.Name, Email: l.Email, Company: l.Company, Message: l.Message,
			Created: stamp(i18n.From(c.UserContext()), l.CreatedAt)})
	}
	return a.d.Kit.Render(c, fiber.StatusOK, admin.LeadsPage(p))
}

// retryMail serves POST /admin/outbox/:id/retry.
func (a *Admin) retryMail(c *fiber.Ctx) error {
	id := c.Params("id")
	m, err := a.d.Outbox.ByID(c.UserContext(), id)
	if err != nil {
		return a.failed(c, "mail", "Mail", err)
	}
	if err := a.d.Outbox.Retry(c.UserContext(), m.ID, a.now().UTC()); err != nil {
		if errors.Is(err, models.ErrNotFound) {
			return web.Back(c, "/admin/outbox", "err", "not-retry")
		}
		return a.unavailable(c, "retry mail", err)
	}
	a.record(c, "mail.retry", m.ID, map[string]any{"to": m.ToAddr, "subject": m.Subject, "state": m.State})
	return web.Back(c, "/admin/outbox", "done", "retried")
}

// audit serves GET /admin/audit.
func (a *Admin) audit(c *fiber.Ctx) error {
	ctx := c.UserContext()
	page := web.PageOrFirst(c)
	es, err := a.d.Audit.List(ctx, models.AuditFilter{Limit: AdminPageSize + 1, Offset: (page - 1) * AdminPageSize})
	if err != nil {
		return a.unavailable(c, "audit log", err)
	}
	more := len(es) > AdminPageSize
	es = es[:min(len(es), AdminPageSize)]
	p := admin.Audit{Frame: a.frame(c, "audit", "admin.nav.audit"), Total: "admin.audit.newest_first", Pager: pagerFor("/admin/audit", page, more)}
	emails := map[string]string{}
	for _, e := range es {
		actor := i18n.T(ctx, "admin.audit.system")
		if e.ActorUserID != nil {
			id := *e.ActorUserID
			if _, ok := emails[id]; !ok {
				emails[id] = id
				if u, err := a.d.Users.UserByID(ctx, id); err == nil {
					emails[id] = u.Email
				}
			}
			actor = emails[id]
		}
		p.Rows = append(p.Rows, admin.AuditRow{When: auditStamp(i18n.From(ctx), e.CreatedAt), WhenISO: format.ISO(e.CreatedAt),
			Actor: actor, Action: e.Action, Subject: e.Subject, Detail: e.Detail})
	}
	return a.d.Kit.Render(c, fiber.StatusOK, admin.AuditPage(p))
}
