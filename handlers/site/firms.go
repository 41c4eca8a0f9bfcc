package site

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/handlers/viewmodel"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/handlers/web/paths"
	firmtrust "github.com/claimcheck/claimcheck/internal/firms"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	errpages "github.com/claimcheck/claimcheck/views/pages/errors"
	"github.com/claimcheck/claimcheck/views/pages/firms"
	"github.com/gofiber/fiber/v2"
)

// Sizes of the public firm pages.
const (
	// FirmsPerPage is how many firms one page of /firms lists.
	FirmsPerPage = 20
	// FirmRecentClaims is how many claims a firm's page lists.
	FirmRecentClaims = 10
	// FirmHistoryRows is how many trust-history entries a firm's page shows and draws.
	FirmHistoryRows = 60
)

// FirmPagesStore is what the public firm pages read; *models.FirmStore implements it.
type FirmPagesStore interface {
	// BySlug returns a firm with its domains, or models.ErrNotFound.
	BySlug(ctx context.Context, slug string) (*models.FirmWithDomains, error)
	// History returns the trust history, newest first.
	History(ctx context.Context, firmID string, limit int) ([]models.FirmScore, error)
	// RecentClaims returns the firm's visible claims, newest first.
	RecentClaims(ctx context.Context, firmID string, limit int) ([]models.Claim, error)
	// RatedClaims counts the claims the trust score is computed from.
	RatedClaims(ctx context.Context, firmID string) (int64, error)
	// List returns a page of firms matching query, by name, and the total.
	List(ctx context.Context, query string, limit, offset int) ([]models.Firm, int64, error)
}

// FirmPagesDeps is what the public firm pages need.
type FirmPagesDeps struct {
	// Kit renders the frame and the error pages, and knows the public base URL.
	Kit *web.Kit
	// Firms reads firms.
	Firms FirmPagesStore
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures the visitor only sees as an error page; nil means slog.Default().
	Log *slog.Logger
}

// FirmPages serves /firms and /firms/{slug}.
type FirmPages struct {
	kit   *web.Kit
	firms FirmPagesStore
	now   func() time.Time
	log   *slog.Logger
}

// NewFirmPages builds the public firm pages.
func NewFirmPages(d FirmPagesDeps) *FirmPages {
	h := &FirmPages{kit: d.Kit, firms: d.Firms, now: d.Now, log: d.Log}
	if h.now == nil {
		h.now = time.Now
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	return h
}

// Routes mounts the pages on r.
func (h *FirmPages) Routes(r *web.Routes) {
	r.Get("/firms", h.list)
	r.Get("/firms/:slug", h.show)
}

// firmListURL is the address of one page of the list, leaving out defaults so links stay canonical.
func firmListURL(q string, page int) string {
	v := url.Values{}
	if q != "" {
		v.Set("q", q)
	}
	if page > 1 {
		v.Set("page", strconv.Itoa(page))
	}
	if len(v) == 0 {
		return "/firms"
	}
	return "/firms?" + v.Encode()
}

// list serves GET /firms.
func (h *FirmPages) list(c *fiber.Ctx) error {
	loc := i18n.From(c.UserContext())
	lf := format.For(loc)
	q := strings.TrimSpace(c.Query("q"))
	page := 1
	problem := ""
	switch {
	case web.SearchProblem(c, q) != "":
		problem = web.SearchProblem(c, q)
	case utf8.RuneCountInString(q) > web.MaxSearchChars:
		problem = loc.T("history.too_long", "Length", lf.Int(int64(utf8.RuneCountInString(q))), "Limit", lf.Int(web.MaxSearchChars))
	}
	if problem == "" {
		page, problem = web.ParsePage(c)
	}
	if problem != "" {
		return h.kit.RenderError(c, errpages.Page{Status: fiber.StatusBadRequest, Title: "firms.bad_search",
			Message: problem, ActionText: "firms.show_all", ActionURL: "/firms"})
	}
	fs, total, err := h.firms.List(c.UserContext(), q, FirmsPerPage, (page-1)*FirmsPerPage)
	if err != nil {
		h.log.Error("list firms", "err", err)
		return h.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "firms.unavailable_list", "firms.db_down")
	}
	pages := web.PageCount(total, FirmsPerPage)
	p := firms.ListPage{
		Meta:       h.kit.Meta(c, "firms.title", "firms.meta_desc"),
		Query:      q,
		QueryMax:   web.MaxSearchChars,
		CountText:  viewmodel.FirmCountText(i18n.From(c.UserContext()), total, q != ""),
		Pagination: components.Pagination{Page: page, Pages: pages},
	}
	p.Meta.Canonical = h.kit.BaseURL() + firmListURL(q, page)
	// Searches and deep pages are endless permutations of the same records.
	p.Meta.NoIndex = q != "" || page > 1
	if page > 1 {
		p.Pagination.PrevURL = firmListURL(q, min(page-1, pages))
		p.Meta.Title = loc.T("firms.title_page", "Page", page)
	}
	if page < pages {
		p.Pagination.NextURL = firmListURL(q, page+1)
	}
	for _, f := range fs {
		p.Rows = append(p.Rows, firms.Row{Name: f.Name, Slug: f.Slug, Href: paths.Firm(f.Slug),
			Trust: trustText(loc, f.TrustScore), Claims: loc.N("firms.n_claims", f.ClaimCount, "N", lf.Int(int64(f.ClaimCount)))})
	}
	switch {
	case len(fs) > 0:
	case total > 0:
		p.Empty = &components.EmptyState{Kind: "past-end", Title: loc.T("firms.past_end.title", "Page", page),
			Body: loc.T("firms.past_end.body", "Pages", pages), ActionText: loc.T("firms.past_end.action"), ActionURL: firmListURL(q, pages)}
	case q != "":
		p.Empty = &components.EmptyState{Kind: "no-matches", Title: "firms.no_matches.title",
			Body: "firms.no_matches.body", ActionText: "firms.show_all", ActionURL: "/firms"}
	default:
		p.Empty = &components.EmptyState{Kind: "no-firms", Title: "firms.none.title",
			Body: "firms.none.body"}
	}
	return h.kit.Render(c, fiber.StatusOK, firms.List(p))
}

// firmLD is the schema.org Organization a firm's page describes.
type firmLD struct {
	Context          string `json:"@context"`
	Type             string `json:"@type"`
	Name             string `json:"name"`
	URL              string `json:"url,omitempty"`
	Description      string `json:"description,omitempty"`
	MainEntityOfPage string `json:"mainEntityOfPage"`
}

// show serves GET /firms/:slug.
func (h *FirmPages) show(c *fiber.Ctx) error {
	loc := i18n.From(c.UserContext())
	lf := format.For(loc)
	slug := c.Params("slug")
	if lower := strings.ToLower(slug); lower != slug && models.ValidFirmSlug(lower) {
		return c.Redirect(paths.Firm(lower), fiber.StatusMovedPermanently)
	}
	ctx := c.UserContext()
	f, err := h.firms.BySlug(ctx, slug)
	switch {
	case errors.Is(err, models.ErrNotFound):
		return h.kit.RenderError(c, errpages.Page{Status: fiber.StatusNotFound, Title: "firms.not_found.title",
			Message:    "firms.not_found.message",
			ActionText: "firms.all", ActionURL: "/firms"})
	case err != nil:
		return h.unavailable(c, "firm", err)
	}
	hs, err := h.firms.History(ctx, f.ID, FirmHistoryRows)
	if err != nil {
		return h.unavailable(c, "firm history", err)
	}
	cs, err := h.firms.RecentClaims(ctx, f.ID, FirmRecentClaims)
	if err != nil {
		return h.unavailable(c, "firm claims", err)
	}
	rated, err := h.firms.RatedClaims(ctx, f.ID)
	if err != nil {
		return h.unavailable(c, "rated claims", err)
	}
	pageURL := h.kit.BaseURL() + paths.Firm(f.Slug)
	now := h.now()
	p := firms.ShowPage{
		Meta:       h.kit.Meta(c, loc.T("firms.meta_title", "Name", f.Name), firmDescription(loc, f)),
		Name:       f.Name,
		Slug:       f.Slug,
		Domains:    f.Domains,
		ClaimCount: loc.N("firms.n_public_claims", f.ClaimCount, "N", lf.Int(int64(f.ClaimCount))),
		Rule:       trustRule(loc, f.TrustScore != nil, int(rated), f.ClaimCount),
		History:    firmHistoryRows(loc, hs),
		Sparkline:  firmSparkline(loc, hs),
		Claims:     firmClaimSummaries(c.UserContext(), cs, now),
	}
	p.Description = f.Description
	if validation.WebURL(f.Website, models.MaxFirmWebsite) {
		p.Website = f.Website
		if u, err := url.Parse(f.Website); err == nil {
			p.WebsiteLabel = strings.TrimPrefix(u.Hostname(), "www.")
		}
	}
	if f.TrustScore != nil {
		p.Gauge = trustGauge(loc, *f.TrustScore)
	}
	if len(cs) > 0 {
		if len(cs) < f.ClaimCount {
			p.ClaimsNote = loc.T("firms.claims_note_some", "Shown", len(cs), "Total", loc.N("firms.n_public_claims", f.ClaimCount, "N", lf.Int(int64(f.ClaimCount))))
		} else {
			p.ClaimsNote = loc.N("firms.claims_note_all", len(cs), "N", lf.Int(int64(len(cs))))
		}
	}
	p.Meta.Canonical = pageURL
	p.Meta.JSONLD = firmLD{Context: "https://schema.org", Type: "Organization", Name: f.Name, URL: p.Website,
		Description: f.Description, MainEntityOfPage: pageURL}
	return h.kit.Render(c, fiber.StatusOK, firms.Show(p))
}

// unavailable answers 503 after logging err.
func (h *FirmPages) unavailable(c *fiber.Ctx, what string, err error) error {
	h.log.Error("firm page: "+what, "path", c.Path(), "err", err)
	return h.kit.ErrorPage(c, fiber.StatusServiceUnavailable, "firms.unavailable", "firms.db_down")
}

// firmDescription is the page's meta description.
func firmDescription(loc *i18n.Localizer, f *models.FirmWithDomains) string {
	score := loc.T("firm.not_rated")
	if t := trustText(loc, f.TrustScore); t != "" {
		score = loc.T("score.out_of_100", "Score", t)
	}
	return format.Truncate(loc.T("firms.summary_line", "Name", f.Name, "Score", score,
		"Claims", loc.N("firms.n_checked_claims", f.ClaimCount, "N", format.For(loc).Int(int64(f.ClaimCount)))), 160)
}

// trustText is a trust score with the language's decimal mark ("" when unrated).
func trustText(loc *i18n.Localizer, t *float64) string {
	if t == nil {
		return ""
	}
	return format.For(loc).Number(*t, 1)
}

// trustRule explains the trust score in plain words; n is how many claims it is computed from,
// total how many are linked.
func trustRule(loc *i18n.Localizer, rated bool, n, total int) string {
	tail := " " + loc.T("firms.rule.tail")
	weight := loc.N("firms.n_claims", int(firmtrust.PriorWeight), "N", trustNum(loc, firmtrust.PriorWeight))
	if !rated {
		why := loc.T("firms.rule.none_decided")
		if total == 0 {
			why = loc.T("firms.rule.none_linked")
		}
		return loc.T("firms.rule.unrated", "Why", why, "Mean", trustNum(loc, firmtrust.PriorMean), "Weight", weight) + tail
	}
	return loc.T("firms.rule.rated", "Rated", loc.N("firms.n_rated_claims", n, "N", n), "Mean", trustNum(loc, firmtrust.PriorMean),
		"Weight", weight, "W", trustNum(loc, firmtrust.PriorWeight), "N", n) + tail
}

// trustNum prints a constant of the rule without needless decimals.
func trustNum(loc *i18n.Localizer, f float64) string { return format.For(loc).Number(f, 3) }

// trustGauge draws a score; the band words say what the colour shows.
func trustGauge(loc *i18n.Localizer, t float64) *firms.Gauge {
	g := &firms.Gauge{Value: trustText(loc, &t), Percent: min(max(int(math.Round(t)), 0), 100)}
	switch {
	case t >= 66.5:
		g.Band, g.BandText = "dogru", loc.T("firms.band.supported")
	case t < 33.5:
		g.Band, g.BandText = "yanlis", loc.T("firms.band.refuted")
	default:
		g.Band, g.BandText = "kismen", loc.T("firms.band.mixed")
	}
	return g
}

// firmHistoryRows converts the history for the table, newest first as stored.
func firmHistoryRows(loc *i18n.Localizer, hs []models.FirmScore) []firms.HistoryRow {
	f := format.For(loc)
	out := make([]firms.HistoryRow, len(hs))
	for i, h := range hs {
		t := trustText(loc, h.TrustScore)
		if t == "" {
			t = loc.T("firms.not_rated_short")
		}
		out[i] = firms.HistoryRow{WhenISO: format.ISO(h.CreatedAt), When: f.Time(h.CreatedAt), Trust: t,
			Claims: f.Int(int64(h.ClaimCount))}
	}
	return out
}

// Sparkline geometry.
const (
	sparkWidth, sparkHeight, sparkPad = 320, 64, 6
)

// firmSparkline draws the rated entries of the history, oldest first, evenly spaced; nil when fewer
// than two entries have a score, since one point is no line.
func firmSparkline(loc *i18n.Localizer, hs []models.FirmScore) *firms.Sparkline {
	f := format.For(loc)
	var pts []models.FirmScore
	for _, h := range slices.Backward(hs) {
		if h.TrustScore != nil {
			pts = append(pts, h)
		}
	}
	if len(pts) < 2 {
		return nil
	}
	s := &firms.Sparkline{Width: sparkWidth, Height: sparkHeight}
	step := float64(sparkWidth-2*sparkPad) / float64(len(pts)-1)
	lo, hi := *pts[0].TrustScore, *pts[0].TrustScore
	coords := make([]string, len(pts))
	for i, h := range pts {
		v := min(max(*h.TrustScore, 0), 100)
		lo, hi = min(lo, v), max(hi, v)
		x := sparkPad + step*float64(i)
		y := sparkPad + (100-v)/100*float64(sparkHeight-2*sparkPad)
		s.Points = append(s.Points, firms.Point{X: x, Y: y, Title: loc.T("firms.spark.point", "Score", trustText(loc, &v), "Date", f.Date(h.CreatedAt))})
		coords[i] = strconv.FormatFloat(x, 'f', 1, 64) + "," + strconv.FormatFloat(y, 'f', 1, 64)
	}
	s.Polyline = strings.Join(coords, " ")
	first, last := pts[0], pts[len(pts)-1]
	s.Summary = loc.T("firms.spark.summary", "N", len(pts), "First", trustText(loc, first.TrustScore), "FirstDate", f.Date(first.CreatedAt),
		"Last", trustText(loc, last.TrustScore), "LastDate", f.Date(last.CreatedAt), "Low", trustText(loc, &lo), "High", trustText(loc, &hi))
	return s
}

// firmClaimSummaries lists claims with the score and verdict their firm's trust uses (the
// community's once experts voted, else the analysis's) and whether the claim counts toward it:
// a claim only its submitter attributed to the firm is labelled so, and does not count.
func firmClaimSummaries(ctx context.Context, cs []models.Claim, now time.Time) []components.ClaimSummary {
	out := make([]components.ClaimSummary, len(cs))
	for i := range cs {
		c := &cs[i]
		out[i] = viewmodel.ClaimSummary(ctx, c, now)
		out[i].Attribution, out[i].AttributionCounts = viewmodel.AttributionTextIn(i18n.From(ctx), c)
	}
	return out
}
