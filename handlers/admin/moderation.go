package admin

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/handlers/viewmodel"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/pages/admin"
	"github.com/gofiber/fiber/v2"
)

// ClaimSearcher runs the product's claim search (internal/search.Searcher), so the moderation
// list finds what the site's and the API's searches find.
type ClaimSearcher interface {
	// Search returns one page of claims matching q.
	Search(ctx context.Context, q models.SearchQuery) (models.SearchPage, error)
}

// maxCursorChars bounds a list cursor taken from the address.
const maxCursorChars = 512

// verdictName is a verdict's human name, English first on English pages: "False (Yanlış)";
// Turkish pages need only the Turkish word.
func verdictName(loc *i18n.Localizer, slug string) string {
	v := viewmodel.VerdictView(slug)
	if v.English == "" || loc.Lang() == i18n.TR {
		return v.Label
	}
	return v.English + " (" + v.Label + ")"
}

// verdictShort is a verdict's short name in loc's language ("False", "Yanlış"), for chart labels.
func verdictShort(loc *i18n.Localizer, slug string) string {
	v := viewmodel.VerdictView(slug)
	if v.English == "" || loc.Lang() == i18n.TR {
		return v.Label
	}
	return v.English
}

// verdictOptions are the verdict choices of a filter, "any" first when anyLabel is not "".
func verdictOptions(loc *i18n.Localizer, anyLabel string) []admin.Option {
	var out []admin.Option
	if anyLabel != "" {
		out = append(out, admin.Option{Value: "", Label: anyLabel})
	}
	for _, v := range analysis.Verdicts {
		out = append(out, admin.Option{Value: string(v), Label: verdictName(loc, string(v))})
	}
	return out
}

// choice returns raw when it is one of the options' values, else "".
func choice(raw string, opts []admin.Option) string {
	for _, o := range opts {
		if o.Value == raw {
			return raw
		}
	}
	return ""
}

// filterValues is the filters' query string (without page or cursor), in a stable order.
func filterValues(pairs ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] != "" {
			v.Set(pairs[i], pairs[i+1])
		}
	}
	return v
}

// withQuery is base with v as its query string.
func withQuery(base string, v url.Values) string {
	if len(v) == 0 {
		return base
	}
	return base + "?" + v.Encode()
}

// backTo is the list address a form sent in "back", when it is one of base's own addresses,
// else base: a change returns to the list as the admin left it, and never anywhere else.
func backTo(c *fiber.Ctx, base string) string {
	raw := c.FormValue("back")
	if raw == base || (strings.HasPrefix(raw, base+"?") && !strings.ContainsAny(raw, "\\\r\n#") && len(raw) < 2048) {
		return raw
	}
	return base
}

// claims serves GET /admin/claims.
func (a *Admin) claims(c *fiber.Ctx) error {
	return a.renderClaims(c, fiber.StatusOK, admin.Claims{})
}

// renderClaims renders the moderation list for the address's filters, with the hide-by-id form's
// state p.
func (a *Admin) renderClaims(c *fiber.Ctx, status int, p admin.Claims) error {
	ctx := c.UserContext()
	p.Frame = a.frame(c, "claims", "admin.nav.claims")
	names, err := a.d.Store.ClaimAnalyzers(ctx)
	if err != nil {
		return a.unavailable(c, "claim analyzers", err)
	}
	verdicts := verdictOptions(i18n.From(ctx), "admin.filter.any_verdict")
	states := []admin.Option{{Value: "", Label: "admin.filter.any_state"}, {Value: "public", Label: "admin.filter.public"}, {Value: "hidden", Label: "admin.filter.hidden"}}
	analyzers := []admin.Option{{Value: "", Label: "admin.filter.any_analyzer"}}
	for _, n := range names {
		analyzers = append(analyzers, admin.Option{Value: n, Label: n})
	}
	vias := []admin.Option{{Value: "", Label: "admin.filter.any"}, {Value: models.SearchViaWeb, Label: "admin.filter.website"}, {Value: models.SearchViaAPI, Label: "API"}}
	q := format.Truncate(strings.TrimSpace(c.Query("q")), web.MaxSearchChars)
	verdict, state := choice(c.Query("verdict"), verdicts), choice(c.Query("state"), states)
	analyzer, via := choice(c.Query("analyzer"), analyzers), choice(c.Query("via"), vias)
	p.Q = q
	p.Filters = []admin.Filter{
		{Name: "verdict", Label: "admin.filter.verdict", Value: verdict, Options: verdicts},
		{Name: "state", Label: "admin.filter.state", Value: state, Options: states},
		{Name: "analyzer", Label: "admin.filter.analyzer", Value: analyzer, Options: analyzers},
		{Name: "via", Label: "admin.filter.via", Value: via, Options: vias},
	}
	filters := filterValues("q", q, "verdict", verdict, "state", state, "analyzer", analyzer, "via", via)
	p.Back = withQuery("/admin/claims", filters)
	if msg := web.SearchProblem(c, q); msg != "" {
		p.SearchError = msg
		return a.d.Kit.Render(c, fiber.StatusBadRequest, admin.ClaimsPage(p))
	}
	sq := models.SearchQuery{Q: q, Verdict: verdict, Analyzer: analyzer, Via: via, Order: models.SearchNewest,
		Limit: AdminPageSize, Hidden: models.SearchHiddenAny}
	switch state {
	case "public":
		sq.Hidden = ""
	case "hidden":
		sq.Hidden = models.SearchHiddenOnly
	}
	if cur := c.Query("cursor"); cur != "" && len(cur) <= maxCursorChars {
		sq.Cursor = cur
		p.First = p.Back
	}
	page, err := a.d.Search.Search(ctx, sq)
	if errors.Is(err, models.ErrBadCursor) {
		p.SearchError, p.First, sq.Cursor = "admin.claims.cursor_expired", "", ""
		page, err = a.d.Search.Search(ctx, sq)
	}
	if err != nil {
		return a.unavailable(c, "search claims", err)
	}
	if page.NextCursor != "" {
		next := filterValues("q", q, "verdict", verdict, "state", state, "analyzer", analyzer, "via", via)
		next.Set("cursor", page.NextCursor)
		p.Next = withQuery("/admin/claims", next)
	}
	for _, h := range page.Hits {
		cl := h.Claim
		eff := cl.AIVerdict
		if cl.ExpertCount > 0 && cl.CommunityVerdict != nil && *cl.CommunityVerdict != "" {
			eff = *cl.CommunityVerdict
		}
		r := admin.ClaimRow{ID: cl.ID, Content: format.Truncate(cl.Content, 200), Href: "/claims/" + cl.ID,
			Verdict: verdictName(i18n.From(ctx), eff), VerdictSlug: eff, Created: stamp(i18n.From(ctx), cl.CreatedAt),
			Analyzer: cl.Analyzer, Via: "website", Hidden: cl.HiddenAt != nil}
		if cl.APIKeyID != nil {
			r.Via = "API"
		}
		if cl.HiddenAt != nil {
			r.HiddenAt = stamp(i18n.From(ctx), *cl.HiddenAt)
		}
		if cl.HiddenReason != nil {
			r.Reason = *cl.HiddenReason
		}
		p.Rows = append(p.Rows, r)
	}
	return a.d.Kit.Render(c, status, admin.ClaimsPage(p))
}

// claimIDPattern finds a claim id in a pasted id or page address.
var claimIDPattern = regexp.MustCompile(`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`)

// hideClaim serves POST /admin/claims/hide, from a list row or the hide-by-id form; the reason is
// required so the record explains itself.
func (a *Admin) hideClaim(c *fiber.Ctx) error {
	raw := strings.TrimSpace(c.FormValue("claim"))
	reason := strings.TrimSpace(c.FormValue("reason"))
	p := admin.Claims{ClaimValue: raw, ReasonValue: reason}
	id := strings.ToLower(claimIDPattern.FindString(raw))
	if id == "" {
		p.ClaimError = "admin.claims.error.claim"
	}
	switch {
	case reason == "":
		p.ReasonError = "admin.claims.error.reason"
	case utf8.RuneCountInString(reason) > MaxHideReason:
		p.ReasonError = i18n.T(c.UserContext(), "admin.claims.error.reason_long", "Max", format.For(i18n.From(c.UserContext())).Int(MaxHideReason))
	}
	if p.ClaimError != "" || p.ReasonError != "" {
		return a.renderClaims(c, fiber.StatusUnprocessableEntity, p)
	}
	if err := a.d.Store.HideClaim(c.UserContext(), id, reason, a.now().UTC()); err != nil {
		if errors.Is(err, models.ErrNotFound) {
			p.ClaimError = "admin.claims.error.unknown"
			return a.renderClaims(c, fiber.StatusUnprocessableEntity, p)
		}
		return a.unavailable(c, "hide claim", err)
	}
	a.record(c, "claim.hide", id, map[string]any{"reason": reason})
	return web.Back(c, backTo(c, "/admin/claims"), "done", "hidden")
}

// unhideClaim serves POST /admin/claims/:id/unhide.
func (a *Admin) unhideClaim(c *fiber.Ctx) error {
	id, ok := web.UUIDParam(c)
	if !ok {
		return a.notFound(c, "Claim")
	}
	if err := a.d.Store.UnhideClaim(c.UserContext(), id); err != nil {
		return a.failed(c, "unhide claim", "Claim", err)
	}
	a.record(c, "claim.unhide", id, nil)
	return web.Back(c, backTo(c, "/admin/claims"), "done", "unhidden")
}

// mailLink finds the web addresses in a mail's text.
var mailLink = regexp.MustCompile(`https?://[^\s<>"'()]+[^\s<>"'().,;:!?]`)

// mailParts splits a text body into text and links.
func mailParts(body string) []admin.MailPart {
	var out []admin.MailPart
	last := 0
	for _, m := range mailLink.FindAllStringIndex(body, -1) {
		if m[0] > last {
			out = append(out, admin.MailPart{Text: body[last:m[0]]})
		}
		u := body[m[0]:m[1]]
		out = append(out, admin.MailPart{Text: u, Href: u})
		last = m[1]
	}
	if last < len(body) {
		out = append(out, admin.MailPart{Text: body[last:]})
	}
	return out
}

// mailKind is a mail's kind: its dedupe key up to the first colon.
func mailKind(key string) string {
	k, _, ok := strings.Cut(key, ":")
	if !ok {
		return ""
	}
	return k
}

// mailState says what happened to a mail in words; without SMTP nothing is ever sent, and a
// mail "queued · 0 attempts" must not read as if it soon will be.
func mailState(loc *i18n.Localizer, m models.OutboxMail, smtp bool) string {
	attempts := loc.N("admin.outbox.attempts", m.Attempts, "N", m.Attempts)
	switch m.State {
	case models.OutboxSent:
		return loc.T("admin.outbox.state.sent")
	case models.OutboxQueued, models.OutboxSending:
		if !smtp {
			return loc.T("admin.outbox.state.no_smtp")
		}
		return loc.T("admin.outbox.state."+m.State) + " · " + attempts
	case models.OutboxFailed:
		return loc.T("admin.outbox.state.failed") + " · " + attempts
	case models.OutboxDead:
		return loc.T("admin.outbox.state.dead") + " · " + attempts
	}
	return m.State + " · " + attempts
}

// outbox serves GET /admin/outbox: the newest mail, filtered by state, recipient and kind.
func (a *Admin) outbox(c *fiber.Ctx) error {
	ctx := c.UserContext()
	kinds, err := a.d.Store.OutboxKinds(ctx)
	if err != nil {
		return a.unavailable(c, "outbox kinds", err)
	}
	states := []admin.Option{{Value: "", Label: "admin.filter.any_state"}, {Value: models.OutboxQueued, Label: "admin.filter.queued"},
		{Value: models.OutboxSending, Label: "admin.filter.sending"}, {Value: models.OutboxSent, Label: "admin.filter.sent"},
		{Value: models.OutboxFailed, Label: "admin.filter.failed"}, {Value: models.OutboxDead, Label: "admin.filter.dead"}}
	kindOpts := []admin.Option{{Value: "", Label: "admin.filter.any_kind"}}
	for _, k := range kinds {
		if k != "" {
			kindOpts = append(kindOpts, admin.Option{Value: k, Label: k})
		}
	}
	to := format.Truncate(strings.TrimSpace(c.Query("to")), web.MaxSearchChars)
	state, kind := choice(c.Query("state"), states), choice(c.Query("kind"), kindOpts)
	page := web.PageOrFirst(c)
	p := admin.Outbox{Frame: a.frame(c, "outbox", "admin.nav.outbox"), SMTP: a.d.SMTP, To: to, Filters: []admin.Filter{
		{Name: "state", Label: "admin.filter.state", Value: state, Options: states},
		{Name: "kind", Label: "admin.filter.kind", Value: kind, Options: kindOpts},
	}}
	if msg := web.SearchProblem(c, to); msg != "" {
		p.Error = msg
		return a.d.Kit.Render(c, fiber.StatusBadRequest, admin.OutboxPage(p))
	}
	ms, more, err := a.d.Store.SearchOutbox(ctx, models.OutboxFilter{State: state, To: to, Kind: kind,
		Limit: AdminPageSize, Offset: (page - 1) * AdminPageSize})
	if err != nil {
		return a.unavailable(c, "outbox", err)
	}
	p.Pager = listPager("/admin/outbox", filterValues("to", to, "state", state, "kind", kind), page, more)
	for _, m := range ms {
		p.Rows = append(p.Rows, admin.MailRow{ID: m.ID, State: m.State, To: m.ToAddr, Subject: m.Subject, Kind: mailKind(m.DedupeKey),
			Attempts: strconv.Itoa(m.Attempts), LastError: m.LastError, Body: mailParts(m.TextBody),
			StateText: mailState(i18n.From(ctx), m, a.d.SMTP), Created: stamp(i18n.From(ctx), m.CreatedAt),
			CanRetry: m.State == models.OutboxFailed || m.State == models.OutboxDead})
	}
	return a.d.Kit.Render(c, fiber.StatusOK, admin.OutboxPage(p))
}

// listPager links the neighbours of page of a filtered list when there are any.
func listPager(base string, filters url.Values, page int, more bool) admin.Pager {
	var p admin.Pager
	link := func(n int) string {
		v := url.Values{}
		for k, vs := range filters {
			v[k] = vs
		}
		v.Set("page", strconv.Itoa(n))
		return withQuery(base, v)
	}
	if page > 1 {
		p.Prev = link(page - 1)
	}
	if more {
		p.Next = link(page + 1)
	}
	return p
}
