package site

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/handlers/viewmodel"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/pages/claims"
	errpages "github.com/claimcheck/claimcheck/views/pages/errors"
	"github.com/claimcheck/claimcheck/views/pages/home"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// Page sizes and input limits of the web pages.
const (
	// HistoryPerPage is how many claims one history page lists.
	HistoryPerPage = 20
	// LatestOnHome is how many claims the home page lists.
	LatestOnHome = 10
)

// ClaimReader reads claim records for the pages.
type ClaimReader interface {
	// Get returns a visible claim or models.ErrNotFound.
	Get(ctx context.Context, id string) (*models.Claim, error)
	// List returns a page of visible claims, newest first, and the total matching f.
	List(ctx context.Context, f models.ClaimFilter) ([]models.Claim, int64, error)
	// Repeats lists the visible records of the same claim text (checking.TextKey), oldest first,
	// and how many there are.
	Repeats(ctx context.Context, textKey string, limit int) ([]models.ClaimRepeat, int64, error)
	// RepeatCounts counts the visible records of each text key, for the history's badges.
	RepeatCounts(ctx context.Context, textKeys []string) (map[string]int64, error)
}

// ViewCounter counts claim page views in memory and writes them in batches (internal/viewcount),
// so an anonymous page view writes nothing to the database; the experts' "most viewed" queue
// reads the written counts.
type ViewCounter interface {
	// Count records one view of the claim.
	Count(id string)
}

// FormChecker runs one check submitted through the web form.
type FormChecker interface {
	// Check validates, analyses and stores a claim; the form never passes a charge.
	Check(ctx context.Context, in checking.Input, charge checking.Charge) (*models.Claim, error)
}

// CheckLimiter limits anonymous form checks per client IP.
type CheckLimiter interface {
	// Allow counts one check from ip and, when refused, says how long until it is allowed again.
	Allow(ctx context.Context, ip string) (bool, time.Duration, error)
}

// HistorySearcher runs the history's text search with the engine GET /v1/claims/search uses
// (internal/search.Searcher: Turkish spellings, folding, stems), so a word finds the same claims
// on the page as through the API.
type HistorySearcher interface {
	// Search returns one page of planned-search hits.
	Search(ctx context.Context, q models.SearchQuery) (models.SearchPage, error)
	// Count counts the matches, at most limit; capped says there are more.
	Count(ctx context.Context, q models.SearchQuery, limit int) (int64, bool, error)
}

// ClaimCommunity reads the expert review of a claim.
type ClaimCommunity interface {
	// Votes lists the claim's votes, newest first.
	Votes(ctx context.Context, claimID string) ([]models.VoteListing, error)
	// ScoreHistory lists the claim's score changes, oldest first.
	ScoreHistory(ctx context.Context, claimID string) ([]models.ClaimScoreChange, error)
}

// ClaimFirmFinder finds the firm a claim is linked to.
type ClaimFirmFinder interface {
	// ByID returns the firm or models.ErrNotFound.
	ByID(ctx context.Context, id string) (*models.FirmWithDomains, error)
}

// PagesDeps is what the web pages need.
type PagesDeps struct {
	// Claims reads claim records.
	Claims ClaimReader
	// Search runs the history's text search; nil falls back to the claim store's substring filter.
	Search HistorySearcher
	// Community reads expert votes and score history for the claim page; nil leaves that section out.
	Community ClaimCommunity
	// Firms finds a claim's firm for the claim page; nil leaves that section out.
	Firms ClaimFirmFinder
	// Checker validates, analyses and stores submitted claims.
	Checker FormChecker
	// Limiter refuses too many form checks from one IP; nil means no limit.
	Limiter CheckLimiter
	// Views counts claim page views.
	Views ViewCounter
	// Kit renders the pages and knows the public base URL (canonical and share URLs, JSON-LD).
	Kit *web.Kit
}

// Pages serves the server-rendered HTML pages.
type Pages struct {
	claims    ClaimReader
	search    HistorySearcher
	community ClaimCommunity
	firms     ClaimFirmFinder
	checker   FormChecker
	limiter   CheckLimiter
	views     ViewCounter
	kit       *web.Kit
	now       func() time.Time
	log       *slog.Logger
}

// NewPages builds the page handlers.
func NewPages(deps PagesDeps) *Pages {
	return &Pages{
		claims: deps.Claims, search: deps.Search, community: deps.Community, firms: deps.Firms, checker: deps.Checker, limiter: deps.Limiter,
		views: deps.Views, kit: deps.Kit, now: deps.Kit.Now, log: deps.Kit.Log(),
	}
}

// Routes mounts the pages on r.
func (p *Pages) Routes(r *web.Routes) {
	r.Get("/", p.home)
	r.Post("/", p.submit)
	r.Get("/claims", p.history)
	r.Get("/claims/:id", p.show)
}

// home serves GET /.
func (p *Pages) home(c *fiber.Ctx) error {
	return p.renderHome(c, fiber.StatusOK, "", "", nil, nil)
}

// renderHome renders the home page with the form's values and, after a failed or refused submit,
// its errors or why it was refused.
func (p *Pages) renderHome(c *fiber.Ctx, status int, claim, source string, verr *checking.ValidationError, limited *home.Limited) error {
	page := home.Page{
		Meta:       p.kit.Meta(c, "home.meta.title", "home.meta.desc"),
		CSRF:       web.CSRFToken(c),
		Claim:      viewmodel.ClaimField(claim, ""),
		SourceURL:  viewmodel.SourceField(source, ""),
		ClaimLimit: checking.MaxClaimChars,
		Limited:    limited,
	}
	page.Meta.Canonical = p.kit.BaseURL() + "/"
	if limited != nil {
		page.Meta.Title = web.T(c, "home.meta.title_limited")
	}
	if verr != nil {
		page.Claim.Error = web.FieldMessage(c, verr, "claim")
		page.SourceURL.Error = web.FieldMessage(c, verr, "source_url")
		page.HasErrors = page.Claim.Error != "" || page.SourceURL.Error != ""
		page.Meta.Title = web.T(c, "home.meta.title_error")
	}
	latest, _, err := p.claims.List(c.UserContext(), models.ClaimFilter{Limit: LatestOnHome})
	if err != nil {
		p.log.Error("list latest claims", "err", err)
		page.LatestError = "home.latest.error"
	} else {
		page.Latest = viewmodel.ClaimSummaries(c.UserContext(), latest, p.now())
	}
	// The page carries a CSRF token, so no shared cache may keep it.
	c.Set(fiber.HeaderCacheControl, "no-store")
	return p.kit.Render(c, status, home.Home(page))
}

// submit serves POST /: rate-limit, check, then redirect to the stored claim (303, so reloading
// the result page never resubmits the form).
func (p *Pages) submit(c *fiber.Ctx) error {
	claim, source := c.FormValue("claim"), c.FormValue("source_url")
	ctx := c.UserContext()
	if p.limiter != nil {
		ok, wait, err := p.limiter.Allow(ctx, c.IP())
		if err != nil {
			p.log.Error("anonymous check limit", "err", err)
			return p.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "check.unavailable.title", "check.unavailable.message")
		}
		if !ok {
			return p.tooManyChecks(c, wait, claim, source)
		}
	}
	stored, err := p.checker.Check(ctx, checking.Input{Claim: claim, SourceURL: source}, nil)
	var verr *checking.ValidationError
	switch {
	case errors.As(err, &verr):
		return p.renderHome(c, fiber.StatusUnprocessableEntity, claim, source, verr, nil)
	case errors.Is(err, checking.ErrAnalyzer):
		p.log.Error("analyse claim", "err", err)
		return p.kit.ErrorPage(c, fiber.StatusBadGateway, "check.analysis_failed.title", "check.analysis_failed.message")
	case err != nil:
		p.log.Error("check claim", "err", err)
		return p.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "check.save_failed.title", "check.save_failed.message")
	}
	return c.Redirect(paths.Claim(stored.ID), fiber.StatusSeeOther)
}

// tooManyChecks answers 429 with Retry-After and the form again, with what the visitor typed,
// saying in words when checking works again: a refused check must not cost them their text.
func (p *Pages) tooManyChecks(c *fiber.Ctx, wait time.Duration, claim, source string) error {
	secs := max(int(math.Ceil(wait.Seconds())), 1)
	c.Set(fiber.HeaderRetryAfter, strconv.Itoa(secs))
	at := p.now().Add(time.Duration(secs) * time.Second).UTC()
	f := format.For(i18n.From(c.UserContext()))
	return p.renderHome(c, fiber.StatusTooManyRequests, claim, source, nil, &home.Limited{
		Title:      "home.limited.title",
		Message:    "home.limited.message",
		RetryAfter: web.T(c, "home.limited.retry", "In", f.In(time.Duration(secs)*time.Second), "At", at.Format("15:04 UTC")),
	})
}

// show serves GET /claims/:id.
func (p *Pages) show(c *fiber.Ctx) error {
	id := c.Params("id")
	// Only a UUID can name a claim; anything else is a 404 without asking the database, whose
	// PostgreSQL uuid column would reject it with an error instead.
	if _, err := uuid.Parse(id); err != nil || len(id) != 36 {
		return p.claimNotFound(c)
	}
	claim, err := p.claims.Get(c.UserContext(), strings.ToLower(id))
	switch {
	case errors.Is(err, models.ErrNotFound):
		return p.claimNotFound(c)
	case err != nil:
		p.log.Error("get claim", "id", id, "err", err)
		return p.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "claim.unavailable.title", "claim.unavailable.message")
	}
	p.views.Count(claim.ID)
	basis, err := viewmodel.ParseBasis(claim.Basis)
	if err != nil {
		p.log.Warn("claim basis", "id", claim.ID, "err", err)
	}
	pageURL := p.kit.BaseURL() + paths.Claim(claim.ID)
	page := viewmodel.ClaimShow(c.UserContext(), claim, basis, pageURL, p.now())
	page.Firm = p.claimFirm(c.UserContext(), claim)
	page.Community = p.claimCommunity(c.UserContext(), claim)
	page.Repeats = p.claimRepeats(c.UserContext(), claim)
	if u := web.CurrentUser(c); u != nil && u.Role == models.RoleExpert {
		page.ReviewHref = paths.ReviewClaim(claim.ID)
	}
	page.Meta = p.kit.Meta(c, claimTitle(i18n.From(c.UserContext()), claim, page.NotEnoughEvidence), format.Truncate(page.Summary, 160))
	page.Meta.Canonical = pageURL
	page.Meta.JSONLD = viewmodel.ClaimReview(claim, pageURL, p.kit.BaseURL(), !page.NotEnoughEvidence || claim.HasCommunityScore())
	return p.kit.Render(c, fiber.StatusOK, claims.Show(page))
}

// claimFirm is the firm section of the claim page; a lookup failure leaves it out rather than
// failing the page.
func (p *Pages) claimFirm(ctx context.Context, claim *models.Claim) *claims.FirmLink {
	if p.firms == nil || claim.FirmID == nil {
		return nil
	}
	f, err := p.firms.ByID(ctx, *claim.FirmID)
	if err != nil {
		if !errors.Is(err, models.ErrNotFound) {
			p.log.Warn("claim firm", "id", claim.ID, "err", err)
		}
		return nil
	}
	return viewmodel.FirmLink(ctx, f, claim)
}

// claimCommunity is the expert-review section of the claim page (nil before any vote).
func (p *Pages) claimCommunity(ctx context.Context, claim *models.Claim) *claims.CommunityView {
	if p.community == nil || claim.ExpertCount == 0 {
		return nil
	}
	votes, err := p.community.Votes(ctx, claim.ID)
	if err != nil {
		p.log.Warn("claim votes", "id", claim.ID, "err", err)
		return nil
	}
	hist, err := p.community.ScoreHistory(ctx, claim.ID)
	if err != nil {
		p.log.Warn("claim score history", "id", claim.ID, "err", err)
	}
	return viewmodel.CommunityView(ctx, claim, votes, hist, p.now())
}

// repeatsListed is how many records of a repeated claim its page lists.
const repeatsListed = 20

// claimRepeats links the other records of the same claim text: nil when it was checked once (or
// before text keys were stored), and a lookup failure leaves the section out rather than failing
// the page.
//
// Each check stays its own record, on every surface: the web form's, like the APIs', is analysed
// afresh, because the knowledge base, the analyzer or a source's rating may have changed since
// (an admin's correction must reach the next check), and the record says what was concluded
// when. What a repeat no longer does is scatter: every record of the text shows how many times
// it was checked and links the others, oldest first, and says so when their verdicts differ.
func (p *Pages) claimRepeats(ctx context.Context, claim *models.Claim) *claims.RepeatsView {
	if claim.TextKey == nil {
		return nil
	}
	rows, total, err := p.claims.Repeats(ctx, *claim.TextKey, repeatsListed)
	if err != nil {
		p.log.Warn("claim repeats", "id", claim.ID, "err", err)
		return nil
	}
	if total < 2 {
		return nil
	}
	loc := i18n.From(ctx)
	f := format.For(loc)
	v := &claims.RepeatsView{CountText: loc.T("repeats.count", "Total", f.Int(total)), More: int(total) - len(rows)}
	verdicts := map[string]bool{}
	position := 0
	for i, r := range rows {
		it := claims.RepeatItem{Href: paths.Claim(r.ID), Current: r.ID == claim.ID, Ordinal: loc.T("repeats.ordinal", "N", i+1),
			CreatedISO: r.CreatedAt.UTC().Format(time.RFC3339), CreatedText: f.Time(r.CreatedAt),
			Via: loc.T("repeats.via_web"), Verdict: viewmodel.VerdictView(r.Verdict)}
		if r.ViaAPI {
			it.Via = "API"
		}
		if r.Verdict != string(analysis.VerdictUnclear) {
			it.Score = strconv.Itoa(r.Score)
		}
		if it.Current {
			position = i + 1
		}
		verdicts[r.Verdict] = true
		v.Items = append(v.Items, it)
	}
	switch {
	case position == 1:
		v.PositionText = loc.N("repeats.first", int(total-1), "Others", f.Int(total-1))
	case position == int(total):
		v.PositionText = loc.N("repeats.latest", int(total-1), "Others", f.Int(total-1))
	case position > 0:
		v.PositionText = loc.T("repeats.middle", "Position", position, "Total", f.Int(total))
	default:
		v.PositionText = loc.T("repeats.one_of", "Total", f.Int(total), "Listed", len(rows))
	}
	if len(verdicts) > 1 {
		v.Changed = loc.T("repeats.changed")
	}
	return v
}

// claimTitle is the claim page's title: the start of the claim and the current verdict (the
// experts' once any voted), or "not enough evidence" when nothing decided it.
func claimTitle(loc *i18n.Localizer, c *models.Claim, notEnough bool) string {
	verdict := c.AIVerdict
	if c.HasCommunityScore() {
		verdict = *c.CommunityVerdict
	} else if notEnough {
		return loc.T("claim.meta.title_not_enough", "Claim", format.Truncate(c.Content, 70))
	}
	label, _ := analysis.VerdictInfo(analysis.Verdict(verdict))
	if analysis.ValidVerdict(verdict) {
		label = loc.T("verdict." + verdict + ".label")
	}
	return loc.T("claim.meta.title", "Claim", format.Truncate(c.Content, 70), "Verdict", label)
}

// claimNotFound is the 404 for a claim address that names no visible claim.
func (p *Pages) claimNotFound(c *fiber.Ctx) error {
	return p.kit.ErrorPage(c, fiber.StatusNotFound, "claim.not_found.title", "claim.not_found.message")
}

// historyQuery is the validated query of the history page.
type historyQuery struct {
	verdict, category, q string
	page                 int
}

// values encodes the query for links, leaving out defaults so URLs stay short and canonical.
func (h historyQuery) values(page int) string {
	v := url.Values{}
	if h.q != "" {
		v.Set("q", h.q)
	}
	if h.verdict != "" {
		v.Set("verdict", h.verdict)
	}
	if h.category != "" {
		v.Set("category", h.category)
	}
	if page > 1 {
		v.Set("page", strconv.Itoa(page))
	}
	if len(v) == 0 {
		return "/claims"
	}
	return "/claims?" + v.Encode()
}

// parseHistoryQuery validates the filters. Every bad value is refused with a 400 that says what
// is wrong rather than silently ignored, so a shared link never shows a different list than its
// author saw. An empty value means "any" (that is what the "All" options submit).
func parseHistoryQuery(c *fiber.Ctx) (historyQuery, string) {
	h := historyQuery{
		verdict:  strings.ToLower(strings.TrimSpace(c.Query("verdict"))),
		category: strings.ToLower(strings.TrimSpace(c.Query("category"))),
		q:        strings.TrimSpace(c.Query("q")),
		page:     1,
	}
	loc := i18n.From(c.UserContext())
	if h.verdict != "" && !analysis.ValidVerdict(h.verdict) {
		return h, loc.T("history.bad_verdict", "Value", strconv.Quote(format.Truncate(h.verdict, 40)))
	}
	if h.category != "" && !analysis.ValidCategory(h.category) {
		return h, loc.T("history.bad_category", "Value", strconv.Quote(format.Truncate(h.category, 40)))
	}
	if f := validation.CheckSearch("q", h.q); f.Message != "" {
		return h, loc.TData(f.Key, f.Data)
	}
	if n := utf8.RuneCountInString(h.q); n > web.MaxSearchChars {
		return h, loc.T("history.too_long", "Length", n, "Limit", web.MaxSearchChars)
	}
	page, problem := web.ParsePage(c)
	h.page = page
	return h, problem
}

// history serves GET /claims.
func (p *Pages) history(c *fiber.Ctx) error {
	h, problem := parseHistoryQuery(c)
	if problem != "" {
		return p.kit.RenderError(c, errpages.Page{Status: fiber.StatusBadRequest, Title: "history.bad_filters",
			Message: problem, ActionText: "history.show_all", ActionURL: "/claims"})
	}
	items, total, capped, err := p.historyItems(c.UserContext(), h)
	if err != nil {
		p.log.Error("list claims", "err", err)
		return p.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "history.unavailable_title", "history.unavailable")
	}
	filtered := h.verdict != "" || h.category != "" || h.q != ""
	pages := web.PageCount(total, HistoryPerPage)
	page := claims.HistoryPage{
		Meta:            p.kit.Meta(c, "history.title", "history.meta_desc"),
		Verdict:         h.verdict,
		Category:        h.category,
		Query:           h.q,
		VerdictOptions:  verdictOptions(i18n.From(c.UserContext())),
		CategoryOptions: categoryOptions(i18n.From(c.UserContext())),
		Filtered:        filtered,
		Items:           p.withRepeats(c.UserContext(), items, viewmodel.ClaimSummaries(c.UserContext(), items, p.now())),
		CountText:       countText(i18n.From(c.UserContext()), total, capped, filtered),
		ClearURL:        "/claims",
		QueryMax:        web.MaxSearchChars,
		Pagination:      components.Pagination{Page: h.page, Pages: pages},
	}
	page.Meta.Canonical = p.kit.BaseURL() + h.values(h.page)
	// Filtered and deep pages are endless permutations of the same records; only the plain list
	// is worth indexing.
	page.Meta.NoIndex = filtered || h.page > 1
	if h.page > 1 {
		page.Pagination.PrevURL = h.values(min(h.page-1, pages))
		page.Meta.Title = i18n.T(c.UserContext(), "history.page_title", "Page", h.page)
	}
	if h.page < pages {
		page.Pagination.NextURL = h.values(h.page + 1)
	}
	if len(items) == 0 {
		page.Empty = emptyHistory(i18n.From(c.UserContext()), h, total, filtered, pages)
	}
	return p.kit.Render(c, fiber.StatusOK, claims.History(page))
}

// withRepeats badges each listed claim checked more than once with "Checked N times", from one
// grouped read of the page's text keys; a failed read leaves the badges out, not the page.
func (p *Pages) withRepeats(ctx context.Context, items []models.Claim, sums []components.ClaimSummary) []components.ClaimSummary {
	keys := make([]string, 0, len(items))
	for _, c := range items {
		if c.TextKey != nil {
			keys = append(keys, *c.TextKey)
		}
	}
	counts, err := p.claims.RepeatCounts(ctx, keys)
	if err != nil {
		p.log.Warn("history repeat counts", "err", err)
		return sums
	}
	for i, c := range items {
		if c.TextKey != nil && i < len(sums) {
			if n := counts[*c.TextKey]; n >= 2 {
				sums[i].RepeatText = i18n.T(ctx, "repeats.count", "Total", format.For(i18n.From(ctx)).Int(int64(n)))
			}
		}
	}
	return sums
}

// historyCountCap bounds how many matches a history search counts: beyond it the count reads
// "1,000+" and the pages stop, as the API's relevance window does, so a common word costs a
// bounded read.
const historyCountCap = 1000

// historyItems reads one page of the history: the plain list and filters from the claim store,
// and a text search through the same engine as GET /v1/claims/search, newest first (the page's
// order), its page found by following the search's keyset cursor in steps of at most 100.
func (p *Pages) historyItems(ctx context.Context, h historyQuery) (items []models.Claim, total int64, capped bool, err error) {
	if h.q == "" || p.search == nil {
		items, total, err = p.claims.List(ctx, models.ClaimFilter{
			Verdict: h.verdict, Category: h.category, Query: h.q,
			Limit: HistoryPerPage, Offset: (h.page - 1) * HistoryPerPage,
		})
		return items, total, false, err
	}
	sq := models.SearchQuery{Q: h.q, Verdict: h.verdict, Category: h.category, Order: models.SearchNewest}
	if total, capped, err = p.search.Count(ctx, sq, historyCountCap); err != nil {
		return nil, 0, false, err
	}
	skip := (h.page - 1) * HistoryPerPage
	if int64(skip) >= total {
		return nil, total, capped, nil
	}
	for skip > 0 {
		sq.Limit = min(skip, 100)
		res, err := p.search.Search(ctx, sq)
		if err != nil {
			return nil, 0, false, err
		}
		skip -= len(res.Hits)
		if res.NextCursor == "" {
			return nil, total, capped, nil
		}
		sq.Cursor = res.NextCursor
	}
	sq.Limit = HistoryPerPage
	res, err := p.search.Search(ctx, sq)
	if err != nil {
		return nil, 0, false, err
	}
	for _, hit := range res.Hits {
		items = append(items, hit.Claim)
	}
	return items, total, capped, nil
}

// emptyHistory picks the empty state: nothing stored yet, nothing matching, or a page past the end.
func emptyHistory(loc *i18n.Localizer, h historyQuery, total int64, filtered bool, pages int) *components.EmptyState {
	switch {
	case total > 0:
		return &components.EmptyState{Kind: "past-end", Title: loc.T("history.empty.past_end_title", "Page", h.page),
			Body:       loc.T("history.empty.past_end", "Pages", pages),
			ActionText: loc.T("history.empty.last_page"), ActionURL: h.values(pages)}
	case filtered:
		return &components.EmptyState{Kind: "no-matches", Title: loc.T("history.empty.no_matches_title"),
			Body:       loc.T("history.empty.no_matches"),
			ActionText: loc.T("history.clear"), ActionURL: "/claims"}
	}
	return &components.EmptyState{Kind: "no-claims", Title: loc.T("history.empty.none_title"),
		Body:       loc.T("history.empty.none"),
		ActionText: loc.T("history.empty.check"), ActionURL: "/"}
}

// countText says how many claims the list holds; capped counts end in "+".
func countText(loc *i18n.Localizer, total int64, capped, filtered bool) string {
	f := format.For(loc)
	count := int(total)
	if capped {
		count = 2 // "1,000+" reads as many
	}
	if filtered {
		n := f.Int(total)
		if capped {
			n += "+"
		}
		return loc.N("history.count_filtered", count, "N", n)
	}
	return loc.N("history.count", count, "N", f.Int(total))
}

// verdictOptions fills the verdict filter, "all" first: the Turkish verdict word, with its
// English gloss on English pages.
func verdictOptions(loc *i18n.Localizer) []components.Option {
	opts := []components.Option{{Value: "", Label: loc.T("history.all_verdicts")}}
	for _, v := range analysis.Verdicts {
		label := loc.T("verdict." + string(v) + ".label")
		if loc.Lang() != i18n.TR {
			label += " — " + loc.Lower(loc.T("verdict."+string(v)+".gloss"))
		}
		opts = append(opts, components.Option{Value: string(v), Label: label})
	}
	return opts
}

// categoryOptions fills the category filter, "all" first, with the labels of loc's language.
func categoryOptions(loc *i18n.Localizer) []components.Option {
	opts := []components.Option{{Value: "", Label: loc.T("history.all_categories")}}
	for _, c := range analysis.Categories {
		label := c.LabelEN
		if loc.Lang() == i18n.TR {
			label = c.LabelTR
		}
		opts = append(opts, components.Option{Value: c.Slug, Label: label})
	}
	return opts
}
