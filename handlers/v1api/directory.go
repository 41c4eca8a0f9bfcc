package v1api

import (
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/firms"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// V1DirectoryDeps is what the /v1 firm and expert endpoints need.
type V1DirectoryDeps struct {
	// Firms reads firms, their history and claims.
	Firms V1FirmReader
	// Experts lists public experts.
	Experts V1ExpertReader
	// BaseURL prefixes links to web pages.
	BaseURL string
	// Log receives store failures; nil means slog.Default().
	Log *slog.Logger
}

// V1Directory serves GET /v1/firms/{slug} and GET /v1/experts.
type V1Directory struct {
	d V1DirectoryDeps
}

// NewV1Directory builds the firm and expert endpoints.
func NewV1Directory(d V1DirectoryDeps) *V1Directory {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &V1Directory{d: d}
}

// Routes mounts the endpoints on r, the /v1 group behind the access middleware.
func (h *V1Directory) Routes(r fiber.Router) {
	r.Get("/firms/:slug", h.firm)
	r.All("/firms/:slug", v1MethodNotAllowed("GET, HEAD"))
	r.Get("/experts", h.experts)
	r.All("/experts", v1MethodNotAllowed("GET, HEAD"))
}

// How much of a firm's past the profile shows.
const (
	v1FirmHistory = 50
	v1FirmClaims  = 20
)

// FirmTrustRule is the firm trust rule in one sentence, as the profile states it.
func FirmTrustRule() string {
	return fmt.Sprintf("The trust score is a Bayesian average of the scores of the firm's decided claims (verdict other than "+
		"unverified; a claim's score is the experts' when they voted, else the AI's): (%g × %g + sum of scores) / (%g + "+
		"number of decided claims), so a firm with few claims stays near %g; it is null until the firm has a decided claim. "+
		"Only claims whose attribution an admin or an expert confirmed, or whose verdict experts settled, count: a claim "+
		"linked only by the address its submitter gave is attributed by the submitter and does not move the score.",
		firms.PriorWeight, firms.PriorMean, firms.PriorWeight, firms.PriorMean)
}

// v1FirmPoint is one entry of a firm's trust history.
type v1FirmPoint struct {
	TrustScore *float64  `json:"trust_score"`
	ClaimCount int       `json:"claim_count"`
	At         time.Time `json:"at"`
}

// v1Firm is GET /v1/firms/{slug}.
type v1Firm struct {
	Slug         string           `json:"slug"`
	Name         string           `json:"name"`
	Description  string           `json:"description"`
	Website      *string          `json:"website"`
	Domains      []string         `json:"domains"`
	TrustScore   *float64         `json:"trust_score"`
	ClaimCount   int              `json:"claim_count"`
	TrustRule    string           `json:"trust_rule"`
	History      []v1FirmPoint    `json:"history"`
	RecentClaims []v1ClaimSummary `json:"recent_claims"`
	Links        v1Links          `json:"links"`
}

func (h *V1Directory) firm(c *fiber.Ctx) error {
	ctx := c.UserContext()
	slug := c.Params("slug")
	notFound := func() error {
		return WriteProblem(c, fiber.StatusNotFound, ProblemNotFound, fmt.Sprintf("There is no firm with slug %q.", slug))
	}
	if len(slug) > v1MaxSlug || !models.ValidFirmSlug(slug) {
		return notFound()
	}
	f, err := h.d.Firms.BySlug(ctx, slug)
	if errors.Is(err, models.ErrNotFound) {
		return notFound()
	}
	if err != nil {
		return v1StoreFailed(c, h.d.Log, "firm", err)
	}
	hist, err := h.d.Firms.History(ctx, f.ID, v1FirmHistory)
	if err != nil {
		return v1StoreFailed(c, h.d.Log, "firm history", err)
	}
	claims, err := h.d.Firms.RecentClaims(ctx, f.ID, v1FirmClaims)
	if err != nil {
		return v1StoreFailed(c, h.d.Log, "firm claims", err)
	}
	out := v1Firm{Slug: f.Slug, Name: f.Name, Description: f.Description, Domains: f.Domains, TrustScore: f.TrustScore,
		ClaimCount: f.ClaimCount, TrustRule: FirmTrustRule(), History: make([]v1FirmPoint, 0, len(hist)),
		RecentClaims: make([]v1ClaimSummary, 0, len(claims)),
		Links:        v1Links{Self: paths.V1Firm(f.Slug), Page: h.d.BaseURL + paths.Firm(f.Slug)}}
	if out.Domains == nil {
		out.Domains = []string{}
	}
	if validation.WebURL(f.Website, models.MaxFirmWebsite) { // the console checks it; a stored non-web address is not published
		w := f.Website
		out.Website = &w
	}
	for _, p := range hist {
		out.History = append(out.History, v1FirmPoint{TrustScore: p.TrustScore, ClaimCount: p.ClaimCount, At: p.CreatedAt.UTC()})
	}
	refs := newV1FirmRefs(h.d.Firms, h.d.BaseURL)
	refs.add(f.Firm)
	for i := range claims {
		s, err := v1Summary(ctx, refs, &claims[i], h.d.BaseURL)
		if err != nil {
			return v1StoreFailed(c, h.d.Log, "firm claim firm", err)
		}
		out.RecentClaims = append(out.RecentClaims, s)
	}
	return c.JSON(out)
}

// Expert list paging limits.
const (
	v1ExpertsDefault   = 20
	v1ExpertsMax       = 100
	v1ExpertsMaxOffset = 100_000
)

// v1Expert is one verifier.
type v1Expert struct {
	ID           string     `json:"id"`
	Name         string     `json:"name"`
	Bio          string     `json:"bio"`
	Expertise    []string   `json:"expertise"`
	Reviews      int        `json:"reviews"`
	JoinedAt     time.Time  `json:"joined_at"`
	LastReviewAt *time.Time `json:"last_review_at"`
	ProfileURL   string     `json:"profile_url"`
}

// v1ExpertList is GET /v1/experts.
type v1ExpertList struct {
	Data   []v1Expert `json:"data"`
	Total  int64      `json:"total"`
	Limit  int        `json:"limit"`
	Offset int        `json:"offset"`
}

// v1PageParam reads an optional integer query parameter within [lo, hi].
func v1PageParam(c *fiber.Ctx, name string, def, lo, hi int) (int, *ProblemField) {
	v := c.Query(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return def, &ProblemField{Field: name, Message: fmt.Sprintf("%s must be a whole number from %d to %d.", name, lo, hi)}
	}
	return n, nil
}

func (h *V1Directory) experts(c *fiber.Ctx) error {
	var errs []ProblemField
	limit, e1 := v1PageParam(c, "limit", v1ExpertsDefault, 1, v1ExpertsMax)
	offset, e2 := v1PageParam(c, "offset", 0, 0, v1ExpertsMaxOffset)
	for _, e := range []*ProblemField{e1, e2} {
		if e != nil {
			errs = append(errs, *e)
		}
	}
	if len(errs) > 0 {
		return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, "Some paging parameters are invalid.", errs...)
	}
	list, total, err := h.d.Experts.ListPublic(c.UserContext(), limit, offset)
	if err != nil {
		return v1StoreFailed(c, h.d.Log, "experts", err)
	}
	out := v1ExpertList{Data: make([]v1Expert, 0, len(list)), Total: total, Limit: limit, Offset: offset}
	for _, x := range list {
		exp := x.Expertise
		if exp == nil {
			exp = []string{}
		}
		var last *time.Time
		if x.LastReviewAt != nil {
			t := x.LastReviewAt.UTC()
			last = &t
		}
		out.Data = append(out.Data, v1Expert{ID: x.UserID, Name: x.Name, Bio: x.Bio, Expertise: exp, Reviews: x.Reviews,
			JoinedAt: x.JoinedAt.UTC(), LastReviewAt: last, ProfileURL: h.d.BaseURL + paths.Expert(x.UserID)})
	}
	return c.JSON(out)
}
