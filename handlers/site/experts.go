package site

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"github.com/claimcheck/claimcheck/handlers/viewmodel"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/pages/experts"
	"github.com/gofiber/fiber/v2"
)

// Public expert pages.
const (
	// ExpertsPerPage is how many experts one page of /experts lists.
	ExpertsPerPage = 20
	// ExpertRecentReviews is how many reviewed claims a public profile lists.
	ExpertRecentReviews = 10
	// expertBioExcerptRunes is how much of a bio the list shows.
	expertBioExcerptRunes = 200
)

// ExpertDirectory reads public expert profiles; *models.ExpertStore implements it.
type ExpertDirectory interface {
	// ListPublic returns a page of public experts, most reviews first, and their total.
	ListPublic(ctx context.Context, limit, offset int) ([]models.ExpertListing, int64, error)
	// Public returns one public expert or models.ErrNotFound.
	Public(ctx context.Context, userID string) (*models.ExpertListing, error)
	// RecentReviews returns the visible claims an expert voted on, latest vote first.
	RecentReviews(ctx context.Context, expertID string, limit int) ([]models.ExpertReview, error)
}

// ExpertsDeps is what the public expert pages need.
type ExpertsDeps struct {
	// Kit renders the frame and the error pages.
	Kit *web.Kit
	// Experts reads the public profiles.
	Experts ExpertDirectory
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures; nil means slog.Default().
	Log *slog.Logger
}

// Experts serves the public list of experts and their profiles.
type Experts struct {
	d   ExpertsDeps
	now func() time.Time
	log *slog.Logger
}

// NewExperts builds the public expert pages.
func NewExperts(d ExpertsDeps) *Experts {
	h := &Experts{d: d, now: d.Now, log: d.Log}
	if h.now == nil {
		h.now = time.Now
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	return h
}

// Routes mounts /experts and /experts/:id on r.
func (h *Experts) Routes(r *web.Routes) {
	r.Get("/experts", h.list)
	r.Get("/experts/:id", h.show)
}

// unavailable answers 503 after logging err.
func (h *Experts) unavailable(c *fiber.Ctx, what string, err error) error {
	h.log.Error("experts: "+what, "err", err)
	return h.d.Kit.ErrorPage(c, fiber.StatusServiceUnavailable, "experts.unavailable", "firms.db_down")
}

// expertsPageURL is the address of a page of the list.
func expertsPageURL(page int) string {
	if page <= 1 {
		return "/experts"
	}
	return "/experts?page=" + strconv.Itoa(page)
}

// list serves GET /experts.
func (h *Experts) list(c *fiber.Ctx) error {
	page, problem := web.ParsePage(c)
	if problem != "" {
		return h.d.Kit.ErrorPage(c, fiber.StatusBadRequest, "pager.no_such_page", problem)
	}
	ls, total, err := h.d.Experts.ListPublic(c.UserContext(), ExpertsPerPage, (page-1)*ExpertsPerPage)
	if err != nil {
		return h.unavailable(c, "list", err)
	}
	pages := web.PageCount(total, ExpertsPerPage)
	loc := i18n.From(c.UserContext())
	lf := format.For(loc)
	p := experts.ListPage{Meta: h.d.Kit.Meta(c, "experts.title", "experts.meta_desc"),
		CountText: loc.N("experts.count", int(total), "N", lf.Int(total)), Pager: experts.Pager{Page: page, Pages: pages}}
	p.Meta.Canonical = h.d.Kit.BaseURL() + expertsPageURL(page)
	if page > 1 {
		p.Pager.PrevURL = expertsPageURL(min(page-1, pages))
		p.Meta.Title = loc.T("experts.title_page", "Page", page)
		p.Meta.NoIndex = true
	}
	if page < pages {
		p.Pager.NextURL = expertsPageURL(page + 1)
	}
	for _, l := range ls {
		p.Experts = append(p.Experts, experts.ExpertCard{Name: l.Name, URL: paths.Expert(l.UserID),
			Bio: format.Truncate(l.Bio, expertBioExcerptRunes), Affiliation: l.Affiliation, Tags: l.Expertise, Reviews: loc.N("experts.reviews", l.Reviews, "N", lf.Int(int64(l.Reviews))),
			Joined: lf.MonthYear(l.JoinedAt)})
	}
	if len(ls) == 0 {
		if total > 0 {
			p.Empty = &components.EmptyState{Kind: "past-end", Title: loc.T("firms.past_end.title", "Page", page),
				Body: loc.T("firms.past_end.body", "Pages", pages), ActionText: loc.T("firms.past_end.action"), ActionURL: expertsPageURL(pages)}
		} else {
			p.Empty = &components.EmptyState{Kind: "no-experts", Title: "experts.none.title",
				Body:       "experts.none.body",
				ActionText: "experts.none.action", ActionURL: "/claims"}
		}
	}
	return h.d.Kit.Render(c, fiber.StatusOK, experts.List(p))
}

// show serves GET /experts/:id; experts without a public profile do not have one (404).
func (h *Experts) show(c *fiber.Ctx) error {
	id, ok := web.UUIDParam(c)
	if !ok {
		return h.notFound(c)
	}
	ctx := c.UserContext()
	l, err := h.d.Experts.Public(ctx, id)
	switch {
	case errors.Is(err, models.ErrNotFound):
		return h.notFound(c)
	case err != nil:
		return h.unavailable(c, "profile", err)
	}
	revs, err := h.d.Experts.RecentReviews(ctx, l.UserID, ExpertRecentReviews)
	if err != nil {
		return h.unavailable(c, "recent reviews", err)
	}
	now := h.now()
	loc := i18n.From(ctx)
	lf := format.For(loc)
	desc := loc.T("experts.desc", "Name", l.Name)
	if l.Bio != "" {
		desc = format.Truncate(l.Bio, 160)
	}
	p := experts.PublicPage{Meta: h.d.Kit.Meta(c, loc.T("experts.meta_title", "Name", l.Name), desc), Name: l.Name, Bio: l.Bio, Tags: l.Expertise,
		Affiliation: l.Affiliation, Credentials: l.Credentials,
		Reviews: loc.N("experts.reviews", l.Reviews, "N", lf.Int(int64(l.Reviews))), Joined: lf.MonthYear(l.JoinedAt)}
	p.Meta.Canonical = h.d.Kit.BaseURL() + paths.Expert(l.UserID)
	if l.LastReviewAt != nil {
		p.LastReview = lf.Ago(now, *l.LastReviewAt)
	}
	for _, r := range revs {
		p.Recent = append(p.Recent, experts.ReviewedClaim{URL: paths.Claim(r.Claim.ID),
			Text: format.Truncate(r.Claim.Content, viewmodel.ListTextRunes), Verdict: viewmodel.VerdictView(r.Verdict),
			Confidence: formatConfidence(loc, r.Confidence), WhenISO: format.ISO(r.VotedAt), When: lf.Ago(now, r.VotedAt)})
	}
	return h.d.Kit.Render(c, fiber.StatusOK, experts.Public(p))
}

// notFound is the 404 for an address that names no public expert.
func (h *Experts) notFound(c *fiber.Ctx) error {
	return h.d.Kit.ErrorPage(c, fiber.StatusNotFound, "experts.not_found.title", "experts.not_found.message")
}
