package admin

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/handlers/viewmodel"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/pages/admin"
	"github.com/claimcheck/claimcheck/views/pages/firms"
	"github.com/gofiber/fiber/v2"
)

// Limits of the console's firm pages.
const (
	// FirmConsolePageSize is how many firms one page of /admin/firms lists.
	FirmConsolePageSize = 50
	// FirmConsoleClaims is how many of a firm's claims its edit page lists.
	FirmConsoleClaims = 50
	// maxFirmDomainsText caps the domains box, in bytes, before it is split into lines.
	maxFirmDomainsText = 20_000
	// maxLinkClaimText caps the "link a claim" box, in bytes.
	maxLinkClaimText = 500
)

// FirmConsoleStore is what the console's firm pages read and change; *models.FirmStore implements it.
type FirmConsoleStore interface {
	// ByID returns a firm with its domains, or models.ErrNotFound.
	ByID(ctx context.Context, id string) (*models.FirmWithDomains, error)
	// List returns a page of firms matching query, by name, and the total.
	List(ctx context.Context, query string, limit, offset int) ([]models.Firm, int64, error)
	// Domains returns the domains of each firm.
	Domains(ctx context.Context, firmIDs []string) (map[string][]string, error)
	// RecentClaims returns the firm's visible claims, newest first.
	RecentClaims(ctx context.Context, firmID string, limit int) ([]models.Claim, error)
	// Conflicts names what other firms than id ("" = a new firm) already hold of slug and domains.
	Conflicts(ctx context.Context, id, slug string, domains []string) (models.FirmConflicts, error)
	// Create stores a firm and links its claims; models.ErrSlugTaken or models.ErrDomainTaken refuse it.
	Create(ctx context.Context, f *models.Firm, domains []string) error
	// Update saves a firm and relinks claims by its domains.
	Update(ctx context.Context, f *models.Firm, domains []string) error
	// Delete removes a firm, unlinking its claims.
	Delete(ctx context.Context, id string) error
	// SetClaimFirm links a claim by an admin's choice, or unlinks it when firmID is nil.
	SetClaimFirm(ctx context.Context, claimID string, firmID *string) error
	// ConfirmAttribution records that byUserID confirmed the firm published the claim;
	// models.ErrNotFound or models.ErrNoFirm refuse it.
	ConfirmAttribution(ctx context.Context, claimID, firmID, byUserID string, now time.Time) (*models.Claim, error)
}

// FirmClaimReader finds the claim an admin links or unlinks; *models.ClaimStore implements it.
type FirmClaimReader interface {
	// Get returns a visible claim or models.ErrNotFound.
	Get(ctx context.Context, id string) (*models.Claim, error)
}

// FirmAuditor records console changes; *models.AuditStore implements it.
type FirmAuditor interface {
	// Record records that actorID did action to subject, in its own transaction.
	Record(ctx context.Context, actorID, action, subject string, detail any) error
}

// FirmConsoleDeps is what the console's firm pages need.
type FirmConsoleDeps struct {
	// Kit renders the frame and the error pages.
	Kit *web.Kit
	// Firms reads and changes firms.
	Firms FirmConsoleStore
	// Claims finds claims to link.
	Claims FirmClaimReader
	// Audit records every change.
	Audit FirmAuditor
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures; nil means slog.Default().
	Log *slog.Logger
}

// FirmConsole serves /admin/firms. The wiring mounts it behind RequireRole(admin); its own guard
// refuses non-admins too, so a wiring mistake cannot open it.
type FirmConsole struct {
	kit    *web.Kit
	firms  FirmConsoleStore
	claims FirmClaimReader
	audit  FirmAuditor
	now    func() time.Time
	log    *slog.Logger
}

// NewFirmConsole builds the console's firm pages.
func NewFirmConsole(d FirmConsoleDeps) *FirmConsole {
	h := &FirmConsole{kit: d.Kit, firms: d.Firms, claims: d.Claims, audit: d.Audit, now: d.Now, log: d.Log}
	if h.now == nil {
		h.now = time.Now
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	return h
}

// Routes mounts the pages on r, the router of /admin.
func (h *FirmConsole) Routes(r *web.Routes) {
	g := r.Group("/firms", h.guard)
	g.Get("", h.list)
	g.Post("", h.create)
	g.Get("/new", h.newForm)
	g.Get("/:id", h.edit)
	g.Post("/:id", h.update)
	g.Get("/:id/delete", h.confirmDelete)
	g.Post("/:id/delete", h.remove)
	g.Post("/:id/claims", h.linkClaim)
	g.Post("/:id/claims/:claim/unlink", h.unlinkClaim)
	g.Post("/:id/claims/:claim/confirm", h.confirmClaim)
}

// guard is the second lock behind the wiring's RequireRole.
func (h *FirmConsole) guard(c *fiber.Ctx) error {
	u := web.CurrentUser(c)
	if u == nil {
		return web.RedirectToLogin(c)
	}
	if u.Role != models.RoleAdmin {
		return h.kit.ErrorPage(c, fiber.StatusForbidden, "admin.forbidden.title",
			"admin.forbidden.message")
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Next()
}

// firmNotices are the confirmations a redirect may ask for with ?done=.
var firmNotices = map[string]string{
	"firm-created":    "admin.notice.firm_created",
	"firm-saved":      "admin.notice.firm_saved",
	"firm-deleted":    "admin.notice.firm_deleted",
	"claim-linked":    "admin.notice.claim_linked",
	"claim-unlinked":  "admin.notice.claim_unlinked",
	"claim-confirmed": "admin.notice.claim_confirmed",
}

// firmErrors are the refusals a redirect may report with ?err=.
var firmErrors = map[string]string{
	"not-linked": "admin.error.not_linked",
}

// frame fills what every console page shares.
func (h *FirmConsole) frame(c *fiber.Ctx, title string) admin.Frame {
	m := h.kit.Meta(c, title, "")
	m.NoIndex = true
	return admin.Frame{Meta: m, CSRF: web.CSRFToken(c), Section: "firms",
		Notice: firmNotices[c.Query("done")], Error: firmErrors[c.Query("err")]}
}

// unavailable answers 503 after logging err.
func (h *FirmConsole) unavailable(c *fiber.Ctx, what string, err error) error {
	h.log.Error("admin firms: "+what, "err", err)
	return h.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "admin.unavailable.title_do",
		"admin.unavailable.message")
}

// notFound answers 404 for an unknown firm.
func (h *FirmConsole) notFound(c *fiber.Ctx) error {
	return h.kit.ErrorPage(c, fiber.StatusNotFound, "admin.not_found.firm", "admin.not_found.firm_message")
}

// record writes an audit entry for a change that has been made. A failure is logged loudly rather
// than shown: the change is committed and reporting it as failed would be untrue.
func (h *FirmConsole) record(c *fiber.Ctx, action, subject string, detail any) {
	actor := ""
	if u := web.CurrentUser(c); u != nil {
		actor = u.ID
	}
	if err := h.audit.Record(c.UserContext(), actor, action, subject, detail); err != nil {
		h.log.Error("admin firms: audit entry lost", "action", action, "subject", subject, "actor", actor, "err", err)
	}
}

// consoleListURL is one page of the console's list.
func consoleListURL(q string, page int) string {
	v := url.Values{}
	if q != "" {
		v.Set("q", q)
	}
	if page > 1 {
		v.Set("page", strconv.Itoa(page))
	}
	if len(v) == 0 {
		return "/admin/firms"
	}
	return "/admin/firms?" + v.Encode()
}

// list serves GET /admin/firms.
func (h *FirmConsole) list(c *fiber.Ctx) error {
	ctx := c.UserContext()
	q := format.Truncate(strings.TrimSpace(c.Query("q")), web.MaxSearchChars)
	if msg := web.SearchProblem(c, q); msg != "" {
		p := firms.AdminList{Frame: h.frame(c, "admin.nav.firms")}
		p.Error = msg
		return h.kit.Render(c, fiber.StatusBadRequest, firms.AdminListPage(p))
	}
	page := web.PageOrFirst(c)
	fs, total, err := h.firms.List(ctx, q, FirmConsolePageSize, (page-1)*FirmConsolePageSize)
	if err != nil {
		return h.unavailable(c, "list", err)
	}
	ids := make([]string, len(fs))
	for i, f := range fs {
		ids[i] = f.ID
	}
	doms, err := h.firms.Domains(ctx, ids)
	if err != nil {
		return h.unavailable(c, "domains", err)
	}
	p := firms.AdminList{Frame: h.frame(c, "admin.nav.firms"), Query: q, CountText: firmCountText(i18n.From(c.UserContext()), total, q != "")}
	if page > 1 {
		p.Pager.Prev = consoleListURL(q, page-1)
	}
	if int64(page*FirmConsolePageSize) < total {
		p.Pager.Next = consoleListURL(q, page+1)
	}
	loc := i18n.From(c.UserContext())
	for _, f := range fs {
		trust := trustText(loc, f.TrustScore)
		if trust == "" {
			trust = loc.T("admin.firms.not_rated")
		}
		p.Rows = append(p.Rows, firms.AdminRow{ID: f.ID, Name: f.Name, Slug: f.Slug, Domains: strings.Join(doms[f.ID], ", "),
			Trust: trust, Claims: loc.N("admin.firms.claims", f.ClaimCount, "N", format.For(loc).Int(int64(f.ClaimCount)))})
	}
	return h.kit.Render(c, fiber.StatusOK, firms.AdminListPage(p))
}

// firmCountText says how many firms the list holds, in loc's language.
func firmCountText(loc *i18n.Localizer, total int64, searched bool) string {
	n := format.For(loc).Int(total)
	if searched {
		return loc.N("admin.firms.count_search", int(total), "N", n)
	}
	return loc.N("admin.firms.count", int(total), "N", n)
}

// trustText writes a firm's trust score with at most one decimal in loc's way ("58.3", "58,3"),
// or "" when there is none.
func trustText(loc *i18n.Localizer, t *float64) string {
	if t == nil {
		return ""
	}
	return format.For(loc).Number(*t, 1)
}

// publicClaims counts a firm's public claims in loc's language ("3 public claims").
func publicClaims(loc *i18n.Localizer, n int) string {
	return loc.N("admin.firms.public_claims", n, "N", format.For(loc).Int(int64(n)))
}

// firmValues is what the firm form carries, as typed.
type firmValues struct {
	name, slug, website, description, domains string
}

// firmFormFields lays out the form with values and errors; isNew changes the slug's hint.
func firmFormFields(loc *i18n.Localizer, id string, v firmValues, errs map[string]string) firms.FirmForm {
	slugHint := "admin.firms.field.slug_hint_new"
	if id != "" {
		slugHint = "admin.firms.field.slug_hint_edit"
	}
	f := firms.FirmForm{ID: id, Fields: []components.Field{
		{ID: "firm-name", Name: "name", Label: "admin.firms.field.name", Value: v.name, Error: errs["name"], Type: "text", Required: true, MaxLength: models.MaxFirmName},
		{ID: "firm-slug", Name: "slug", Label: "admin.firms.field.slug", Hint: slugHint, Value: v.slug, Error: errs["slug"], Type: "text",
			MaxLength: models.MaxFirmSlug, Placeholder: "admin.firms.field.slug_placeholder", Optional: id == "", Required: id != ""},
		{ID: "firm-website", Name: "website", Label: "admin.firms.field.website", Value: v.website, Error: errs["website"], Type: "url",
			MaxLength: models.MaxFirmWebsite, Placeholder: "https://example.com", Optional: true},
		{ID: "firm-description", Name: "description", Label: "admin.firms.field.about", Hint: "admin.firms.field.description_hint",
			Value: v.description, Error: errs["description"], Type: "textarea", Rows: 4, MaxLength: models.MaxFirmDescription, Counter: true, Optional: true},
		{ID: "firm-domains", Name: "domains", Label: "admin.firms.field.domains",
			Hint:  loc.T("admin.firms.field.domains_hint", "Max", models.MaxFirmDomains),
			Value: v.domains, Error: errs["domains"], Type: "textarea", Rows: 4, Optional: true},
	}}
	f.Errors = len(errs) > 0
	return f
}

// readFirmForm reads and checks the posted form into f and returns the domains; errs maps a field
// to its message and is empty when the form is fine.
func readFirmForm(c *fiber.Ctx, f *models.Firm, isNew bool) (firmValues, []string, map[string]string) {
	v := firmValues{
		name: strings.TrimSpace(c.FormValue("name")), slug: strings.TrimSpace(c.FormValue("slug")),
		website: strings.TrimSpace(c.FormValue("website")), description: strings.TrimSpace(c.FormValue("description")),
		domains: c.FormValue("domains"),
	}
	errs := map[string]string{}
	loc := i18n.From(c.UserContext())
	lf := format.For(loc)
	switch n := utf8.RuneCountInString(v.name); {
	case !utf8.ValidString(v.name):
		errs["name"] = loc.T("admin.firms.error.name_utf8")
	case n == 0:
		errs["name"] = loc.T("admin.firms.error.name_empty")
	case n > models.MaxFirmName:
		errs["name"] = loc.T("admin.firms.error.name_long", "Max", lf.Int(models.MaxFirmName), "N", lf.Int(int64(n)))
	}
	slug := strings.ToLower(v.slug)
	switch {
	case slug == "" && isNew:
		// The suggestion is put in the field, so if anything else is refused the admin sees it. Without
		// a valid name there is nothing to suggest from; the name's message says what to do.
		if errs["name"] == "" {
			slug = models.SuggestFirmSlug(v.name)
			v.slug = slug
			if slug == "" {
				errs["slug"] = loc.T("admin.firms.error.slug_none")
			}
		}
	case slug == "":
		errs["slug"] = loc.T("admin.firms.error.slug_empty")
	case !models.ValidFirmSlug(slug):
		errs["slug"] = loc.T("admin.firms.error.slug_form", "Max", models.MaxFirmSlug)
	}
	website := v.website
	if website != "" && !strings.Contains(website, "://") {
		// "example.com" is what people copy from an address bar; it is stored as the absolute
		// https:// address, and only if what follows still has a domain name for a host.
		website = "https://" + website
	}
	// The public page and the API link to the website, so a typo such as "notaurl" must not become
	// a link to https://notaurl (nor anything a javascript: link).
	if website != "" && !validation.WebURL(website, models.MaxFirmWebsite) {
		errs["website"] = loc.T("admin.firms.error.website", "Max", models.MaxFirmWebsite)
	}
	if n := utf8.RuneCountInString(v.description); !utf8.ValidString(v.description) || n > models.MaxFirmDescription {
		errs["description"] = loc.T("admin.firms.error.description_long", "Max", lf.Int(models.MaxFirmDescription), "N", lf.Int(int64(n)))
	}
	domains, problems := parseDomainLines(loc, v.domains)
	if len(problems) > 0 {
		errs["domains"] = strings.Join(problems, " ")
	}
	f.Name, f.Slug, f.Website, f.Description = v.name, slug, website, v.description
	return v, domains, errs
}

// maxDomainProblems caps how many bad entries the domains message lists one by one.
const maxDomainProblems = 5

// parseDomainLines normalises the domains box, one entry per line or comma-separated item, and
// returns the good domains with one sentence per bad entry, quoting it as typed. Spaces do not
// separate: "not a domain" is one mistake, not three.
func parseDomainLines(loc *i18n.Localizer, text string) ([]string, []string) {
	if len(text) > maxFirmDomainsText {
		return nil, []string{loc.T("admin.firms.error.domains_text_long", "Max", models.MaxFirmDomains)}
	}
	var out, bad, seen []string
	entries := strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' || r == ',' })
	for _, entry := range entries {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		d, err := models.NormalizeDomain(entry)
		if err != nil {
			if !slices.Contains(seen, entry) {
				seen = append(seen, entry)
				bad = append(bad, domainProblem(loc, err))
			}
			continue
		}
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	if len(bad) > maxDomainProblems {
		n := len(bad) - maxDomainProblems
		bad = append(bad[:maxDomainProblems], loc.N("admin.firms.error.domains_more", n, "N", n))
	}
	if len(out) > models.MaxFirmDomains {
		bad = append(bad, loc.T("admin.firms.error.domains_many", "Max", models.MaxFirmDomains, "N", len(out)))
		out = out[:0]
	}
	return out, bad
}

// domainProblem says a refused domain entry in loc's language, by the kind of its
// *models.DomainError; another error (none is expected) is said as the store said it.
func domainProblem(loc *i18n.Localizer, err error) string {
	var de *models.DomainError
	if !errors.As(err, &de) {
		return format.UpperFirst(err.Error()) + "."
	}
	return loc.T("admin.firms.error.domain_"+string(de.Kind), "Input", de.Input, "Max", de.Max)
}

// takenDomainText says that another firm owns a domain.
func takenDomainText(loc *i18n.Localizer, d models.DomainTakenError) string {
	if d.Firm == "" {
		return loc.T("admin.firms.error.domain_taken", "Domain", d.Domain)
	}
	return loc.T("admin.firms.error.domain_taken_by", "Domain", d.Domain, "Firm", d.Firm)
}

// oneFirmOnly ends every message about taken domains.
func oneFirmOnly(loc *i18n.Localizer) string { return " " + loc.T("admin.firms.error.one_firm_only") }

// checkConflicts adds the slug and domain clashes with other firms to errs, next to the format
// errors already there, so one submit reports every field's problem. It reports whether there
// were clashes.
func (h *FirmConsole) checkConflicts(c *fiber.Ctx, id string, f *models.Firm, domains []string, errs map[string]string) (bool, error) {
	slug := ""
	if errs["slug"] == "" {
		slug = f.Slug
	}
	cf, err := h.firms.Conflicts(c.UserContext(), id, slug, domains)
	if err != nil {
		return false, err
	}
	loc := i18n.From(c.UserContext())
	if cf.SlugTaken {
		errs["slug"] = firmSlugTaken
	}
	if len(cf.Domains) > 0 {
		msgs := make([]string, 0, len(cf.Domains)+1)
		if errs["domains"] != "" {
			msgs = append(msgs, errs["domains"])
		}
		for _, d := range cf.Domains {
			msgs = append(msgs, takenDomainText(loc, d))
		}
		errs["domains"] = strings.Join(msgs, " ") + oneFirmOnly(loc)
	}
	return cf.Any(), nil
}

// firmSlugTaken is the slug's message when another firm has it, before or during the save.
const firmSlugTaken = "admin.firms.error.slug_taken"

// storeRefusal turns a refusal of the store into a field message; ok is false for other errors.
func storeRefusal(loc *i18n.Localizer, err error, errs map[string]string) (int, bool) {
	var dt *models.DomainTakenError
	var de *models.DomainError
	switch {
	case errors.As(err, &dt):
		errs["domains"] = takenDomainText(loc, *dt) + oneFirmOnly(loc)
		return fiber.StatusConflict, true
	case errors.Is(err, models.ErrDomainTaken):
		errs["domains"] = loc.T("admin.firms.error.domains_taken") + oneFirmOnly(loc)
		return fiber.StatusConflict, true
	case errors.Is(err, models.ErrSlugTaken):
		errs["slug"] = firmSlugTaken
		return fiber.StatusConflict, true
	case errors.As(err, &de):
		errs["domains"] = domainProblem(loc, de)
		return fiber.StatusUnprocessableEntity, true
	case errors.Is(err, models.ErrInvalidFirm):
		// The form checks the store's rules first, so this is a rule the form does not know yet; the
		// store's English reason is not the page's language, so the page says what to do instead.
		errs["name"] = loc.T("admin.firms.error.refused")
		return fiber.StatusUnprocessableEntity, true
	}
	return 0, false
}

// formStatus checks the clashes with other firms and picks the answer's status for a refused
// form: 409 when only clashes are wrong, 422 when anything typed is.
func (h *FirmConsole) formStatus(c *fiber.Ctx, id string, f *models.Firm, domains []string, errs map[string]string) (int, error) {
	formatErrs := len(errs) > 0
	clash, err := h.checkConflicts(c, id, f, domains, errs)
	if err != nil {
		return 0, err
	}
	if clash && !formatErrs {
		return fiber.StatusConflict, nil
	}
	return fiber.StatusUnprocessableEntity, nil
}

// firmDetail is what the audit log keeps of a firm.
func firmDetail(f *models.Firm, domains []string) map[string]any {
	if domains == nil {
		domains = []string{}
	}
	return map[string]any{"slug": f.Slug, "name": f.Name, "website": f.Website, "description": f.Description, "domains": domains}
}

// newForm serves GET /admin/firms/new.
func (h *FirmConsole) newForm(c *fiber.Ctx) error {
	return h.kit.Render(c, fiber.StatusOK, firms.AdminEditPage(firms.AdminEdit{Frame: h.frame(c, "admin.firms.new"),
		Form: firmFormFields(i18n.From(c.UserContext()), "", firmValues{}, nil)}))
}

// create serves POST /admin/firms.
func (h *FirmConsole) create(c *fiber.Ctx) error {
	f := &models.Firm{}
	v, domains, errs := readFirmForm(c, f, true)
	status, err := h.formStatus(c, "", f, domains, errs)
	if err != nil {
		return h.unavailable(c, "check conflicts", err)
	}
	if len(errs) == 0 {
		now := h.now().UTC()
		f.CreatedAt, f.UpdatedAt = now, now
		err := h.firms.Create(c.UserContext(), f, domains)
		if err == nil {
			h.record(c, "firm.create", f.ID, firmDetail(f, domains))
			return c.Redirect(paths.AdminFirm(f.ID, "")+"?done=firm-created", fiber.StatusSeeOther)
		}
		var ok bool
		if status, ok = storeRefusal(i18n.From(c.UserContext()), err, errs); !ok {
			return h.unavailable(c, "create", err)
		}
	}
	p := firms.AdminEdit{Frame: h.frame(c, "admin.title.new_firm_error"), Form: firmFormFields(i18n.From(c.UserContext()), "", v, errs)}
	return h.kit.Render(c, status, firms.AdminEditPage(p))
}

// load fetches the :id firm, answering the page itself when that fails (nil firm).
func (h *FirmConsole) load(c *fiber.Ctx) (*models.FirmWithDomains, error) {
	id, ok := web.UUIDParam(c)
	if !ok {
		return nil, h.notFound(c)
	}
	f, err := h.firms.ByID(c.UserContext(), id)
	if errors.Is(err, models.ErrNotFound) {
		return nil, h.notFound(c)
	}
	if err != nil {
		return nil, h.unavailable(c, "firm", err)
	}
	return f, nil
}

// storedValues fills the form from the stored firm.
func storedValues(f *models.FirmWithDomains) firmValues {
	return firmValues{name: f.Name, slug: f.Slug, website: f.Website, description: f.Description, domains: strings.Join(f.Domains, "\n")}
}

// renderEdit renders the edit page of f with the form's state and the link form's state.
func (h *FirmConsole) renderEdit(c *fiber.Ctx, status int, f *models.FirmWithDomains, form firms.FirmForm, linkValue, linkErr string) error {
	cs, err := h.firms.RecentClaims(c.UserContext(), f.ID, FirmConsoleClaims)
	if err != nil {
		return h.unavailable(c, "firm claims", err)
	}
	title := "admin.title.edit_firm"
	if form.Errors || linkErr != "" {
		title = "admin.title.edit_firm_error"
	}
	loc := i18n.From(c.UserContext())
	p := firms.AdminEdit{Frame: h.frame(c, title), Form: form, Name: f.Name, PublicURL: paths.Firm(f.Slug),
		Trust: trustText(loc, f.TrustScore), ClaimCount: publicClaims(loc, f.ClaimCount), LinkValue: linkValue, LinkError: linkErr}
	if p.Trust == "" {
		p.Trust = loc.T("admin.firms.not_rated_yet")
	} else {
		p.Trust = loc.T("admin.firms.out_of_100", "Score", p.Trust)
	}
	for i := range cs {
		cl := &cs[i]
		verdict := cl.AIVerdict
		if cl.ExpertCount > 0 && cl.CommunityVerdict != nil {
			verdict = *cl.CommunityVerdict
		}
		p.Claims = append(p.Claims, firms.AdminClaimRow{ID: cl.ID, Href: paths.Claim(cl.ID),
			Text: format.Truncate(cl.Content, 140), Verdict: viewmodel.VerdictView(verdict), Source: viewmodel.SourceDomain(cl),
			ByAdmin: cl.FirmSource != nil && *cl.FirmSource == "admin", Confirmed: cl.AttributionConfirmed()})
		p.Claims[len(p.Claims)-1].Attribution, _ = viewmodel.AttributionTextIn(loc, cl)
	}
	return h.kit.Render(c, status, firms.AdminEditPage(p))
}

// edit serves GET /admin/firms/:id.
func (h *FirmConsole) edit(c *fiber.Ctx) error {
	f, err := h.load(c)
	if f == nil {
		return err
	}
	return h.renderEdit(c, fiber.StatusOK, f, firmFormFields(i18n.From(c.UserContext()), f.ID, storedValues(f), nil), "", "")
}

// update serves POST /admin/firms/:id.
func (h *FirmConsole) update(c *fiber.Ctx) error {
	cur, err := h.load(c)
	if cur == nil {
		return err
	}
	f := cur.Firm
	v, domains, errs := readFirmForm(c, &f, false)
	status, err := h.formStatus(c, f.ID, &f, domains, errs)
	if err != nil {
		return h.unavailable(c, "check conflicts", err)
	}
	if len(errs) == 0 {
		f.UpdatedAt = h.now().UTC()
		err := h.firms.Update(c.UserContext(), &f, domains)
		switch {
		case err == nil:
			d := firmDetail(&f, domains)
			d["before"] = firmDetail(&cur.Firm, cur.Domains)
			h.record(c, "firm.update", f.ID, d)
			return c.Redirect(paths.AdminFirm(f.ID, "")+"?done=firm-saved", fiber.StatusSeeOther)
		case errors.Is(err, models.ErrNotFound):
			return h.notFound(c)
		}
		var ok bool
		if status, ok = storeRefusal(i18n.From(c.UserContext()), err, errs); !ok {
			return h.unavailable(c, "update", err)
		}
	}
	return h.renderEdit(c, status, cur, firmFormFields(i18n.From(c.UserContext()), cur.ID, v, errs), "", "")
}

// confirmDelete serves GET /admin/firms/:id/delete: one more step, since deleting cannot be undone.
func (h *FirmConsole) confirmDelete(c *fiber.Ctx) error {
	f, err := h.load(c)
	if f == nil {
		return err
	}
	return h.kit.Render(c, fiber.StatusOK, firms.AdminDeletePage(firms.AdminDelete{Frame: h.frame(c, "admin.firms.delete"),
		ID: f.ID, Name: f.Name, Slug: f.Slug, ClaimCount: publicClaims(i18n.From(c.UserContext()), f.ClaimCount)}))
}

// remove serves POST /admin/firms/:id/delete.
func (h *FirmConsole) remove(c *fiber.Ctx) error {
	f, err := h.load(c)
	if f == nil {
		return err
	}
	if err := h.firms.Delete(c.UserContext(), f.ID); err != nil {
		if errors.Is(err, models.ErrNotFound) {
			return h.notFound(c)
		}
		return h.unavailable(c, "delete", err)
	}
	d := firmDetail(&f.Firm, f.Domains)
	d["claim_count"] = f.ClaimCount
	h.record(c, "firm.delete", f.ID, d)
	return c.Redirect("/admin/firms?done=firm-deleted", fiber.StatusSeeOther)
}

// linkClaim serves POST /admin/firms/:id/claims: the claim named by id or page address joins the firm.
func (h *FirmConsole) linkClaim(c *fiber.Ctx) error {
	f, err := h.load(c)
	if f == nil {
		return err
	}
	raw := strings.TrimSpace(c.FormValue("claim"))
	id := ""
	if len(raw) <= maxLinkClaimText {
		id = strings.ToLower(claimIDPattern.FindString(raw))
	}
	fail := func(msg string) error {
		return h.renderEdit(c, fiber.StatusUnprocessableEntity, f, firmFormFields(i18n.From(c.UserContext()), f.ID, storedValues(f), nil), format.Truncate(raw, maxLinkClaimText), msg)
	}
	if id == "" {
		return fail("admin.firms.error.claim_ref")
	}
	cl, err := h.claims.Get(c.UserContext(), id)
	if errors.Is(err, models.ErrNotFound) {
		return fail("admin.firms.error.unknown_claim")
	}
	if err != nil {
		return h.unavailable(c, "claim", err)
	}
	if err := h.firms.SetClaimFirm(c.UserContext(), cl.ID, &f.ID); err != nil {
		if errors.Is(err, models.ErrNotFound) {
			return fail("admin.firms.error.unknown_claim")
		}
		return h.unavailable(c, "link claim", err)
	}
	h.record(c, "firm.link_claim", f.ID, map[string]any{"claim": cl.ID, "from_firm": cl.FirmID, "from_source": cl.FirmSource})
	return c.Redirect(paths.AdminFirm(f.ID, "")+"?done=claim-linked", fiber.StatusSeeOther)
}

// unlinkClaim serves POST /admin/firms/:id/claims/:claim/unlink.
func (h *FirmConsole) unlinkClaim(c *fiber.Ctx) error {
	f, err := h.load(c)
	if f == nil {
		return err
	}
	back := paths.AdminFirm(f.ID, "")
	claimID := strings.ToLower(c.Params("claim"))
	if !claimIDPattern.MatchString(claimID) || len(claimID) != 36 {
		return c.Redirect(back+"?err=not-linked", fiber.StatusSeeOther)
	}
	cl, err := h.claims.Get(c.UserContext(), claimID)
	if errors.Is(err, models.ErrNotFound) || err == nil && (cl.FirmID == nil || *cl.FirmID != f.ID) {
		return c.Redirect(back+"?err=not-linked", fiber.StatusSeeOther)
	}
	if err != nil {
		return h.unavailable(c, "claim", err)
	}
	if err := h.firms.SetClaimFirm(c.UserContext(), cl.ID, nil); err != nil {
		return h.unavailable(c, "unlink claim", err)
	}
	h.record(c, "firm.unlink_claim", f.ID, map[string]any{"claim": cl.ID, "from_source": cl.FirmSource})
	return c.Redirect(back+"?done=claim-unlinked", fiber.StatusSeeOther)
}

// confirmClaim serves POST /admin/firms/:id/claims/:claim/confirm: the admin confirms that the firm
// published the claim, so it counts toward the firm's trust score. The confirmation is audited.
func (h *FirmConsole) confirmClaim(c *fiber.Ctx) error {
	f, err := h.load(c)
	if f == nil {
		return err
	}
	back := paths.AdminFirm(f.ID, "")
	claimID := strings.ToLower(c.Params("claim"))
	if !claimIDPattern.MatchString(claimID) || len(claimID) != 36 {
		return c.Redirect(back+"?err=not-linked", fiber.StatusSeeOther)
	}
	u := web.CurrentUser(c)
	cl, err := h.firms.ConfirmAttribution(c.UserContext(), claimID, f.ID, u.ID, h.now().UTC())
	switch {
	case errors.Is(err, models.ErrNotFound) || errors.Is(err, models.ErrNoFirm):
		return c.Redirect(back+"?err=not-linked", fiber.StatusSeeOther)
	case err != nil:
		return h.unavailable(c, "confirm attribution", err)
	}
	h.record(c, "firm.confirm_attribution", f.ID, map[string]any{"claim": cl.ID, "confirmed_by": cl.FirmConfirmedBy,
		"confirmed_at": cl.FirmConfirmedAt, "source": cl.FirmSource})
	return c.Redirect(back+"?done=claim-confirmed", fiber.StatusSeeOther)
}
