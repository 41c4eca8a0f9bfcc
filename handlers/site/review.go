package site

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
	"github.com/claimcheck/claimcheck/internal/community"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/layouts"
	"github.com/claimcheck/claimcheck/views/pages/experts"
	"github.com/gofiber/fiber/v2"
)

// Expert review limits.
const (
	// ReviewQueuePerPage is how many claims one queue page lists.
	ReviewQueuePerPage = 20
	// MaxBioChars caps an expert's bio, in characters.
	MaxBioChars = 1000
	// MaxExpertiseTags caps how many expertise areas a profile lists.
	MaxExpertiseTags = 10
	// MaxExpertiseTagChars caps one expertise area, in characters.
	MaxExpertiseTagChars = 40
	// MaxAffiliationChars caps an expert's affiliation, in characters.
	MaxAffiliationChars = 200
	// MaxCredentialsChars caps an expert's credentials, in characters.
	MaxCredentialsChars = 300
	// maxSourcesFieldChars bounds the raw sources textarea before it is split into lines.
	maxSourcesFieldChars = community.MaxSources*(community.MaxSourceChars+2) + 1000
)

// ReviewStore is what the review pages read and write; *models.ExpertStore implements it.
type ReviewStore interface {
	// Queue returns a page of a review-queue tab and the tab's total.
	Queue(ctx context.Context, q models.QueueQuery) ([]models.Claim, int64, error)
	// Votes returns a claim's votes, newest first.
	Votes(ctx context.Context, claimID string) ([]models.VoteListing, error)
	// MyVote returns one expert's vote on a claim, or models.ErrNotFound.
	MyVote(ctx context.Context, claimID, expertID string) (*models.ClaimVote, error)
	// Profile returns an expert's profile, or models.ErrNotFound before the first save.
	Profile(ctx context.Context, userID string) (*models.ExpertProfile, error)
	// SaveProfile creates or updates a profile.
	SaveProfile(ctx context.Context, p *models.ExpertProfile, now time.Time) error
}

// ClaimGetter reads one visible claim; *models.ClaimStore implements it.
type ClaimGetter interface {
	// Get returns a visible claim or models.ErrNotFound.
	Get(ctx context.Context, id string) (*models.Claim, error)
}

// Voter records votes; *community.Service implements it.
type Voter interface {
	// Vote records an expert's vote and recomputes the claim's community score.
	Vote(ctx context.Context, in community.VoteInput) (community.Outcome, error)
}

// ReviewFirms reads a claim's firm and records an expert's confirmation that the firm published
// the claim; *models.FirmStore implements it.
type ReviewFirms interface {
	// ByID returns a firm with its domains, or models.ErrNotFound.
	ByID(ctx context.Context, id string) (*models.FirmWithDomains, error)
	// ConfirmAttribution records the confirmation; models.ErrNotFound or models.ErrNoFirm refuse it.
	ConfirmAttribution(ctx context.Context, claimID, firmID, byUserID string, now time.Time) (*models.Claim, error)
}

// ReviewDeps is what the expert review pages need.
type ReviewDeps struct {
	// Kit renders the frame and the error pages.
	Kit *web.Kit
	// Experts reads the queue, votes and profiles.
	Experts ReviewStore
	// Claims reads the claim under review.
	Claims ClaimGetter
	// Votes records votes.
	Votes Voter
	// Firms lets experts confirm who published a claim; nil leaves the confirmation out.
	Firms ReviewFirms
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures; nil means slog.Default().
	Log *slog.Logger
}

// Review serves the experts' review queue, the vote form and the profile form under /review. The
// wiring guards the paths with RequireRole(expert, admin); every handler checks again, and only
// experts may change anything.
type Review struct {
	d   ReviewDeps
	now func() time.Time
	log *slog.Logger
}

// NewReview builds the review pages.
func NewReview(d ReviewDeps) *Review {
	h := &Review{d: d, now: d.Now, log: d.Log}
	if h.now == nil {
		h.now = time.Now
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	return h
}

// Routes mounts the review pages on r with full /review paths.
func (h *Review) Routes(r *web.Routes) {
	g := r.Group("/review", h.guard)
	g.Get("/", h.queue)
	g.Get("/profile", h.profile)
	g.Post("/profile", h.saveProfile)
	g.Get("/:id", h.show)
	g.Post("/:id", h.vote)
	g.Post("/:id/attribution", h.confirmAttribution)
}

// guard is the second lock behind the wiring's RequireRole: experts and admins only.
func (h *Review) guard(c *fiber.Ctx) error {
	u := web.CurrentUser(c)
	if u == nil {
		return web.RedirectToLogin(c)
	}
	if u.Role != models.RoleExpert && u.Role != models.RoleAdmin {
		return h.d.Kit.ErrorPage(c, fiber.StatusForbidden, "review.err.no_access_title",
			"review.err.no_access")
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Next()
}

// meta fills the head metadata; review pages are private, so never indexed.
func (h *Review) meta(c *fiber.Ctx, title, description string) layouts.Page {
	m := h.d.Kit.Meta(c, title, description)
	m.NoIndex = true
	return m
}

// unavailable answers 503 after logging err.
func (h *Review) unavailable(c *fiber.Ctx, what string, err error) error {
	h.log.Error("review: "+what, "err", err)
	return h.d.Kit.ErrorPage(c, fiber.StatusServiceUnavailable, "review.err.unavailable_title", "account.unavailable")
}

// notExpert refuses a change by an account that may only look (an administrator).
func (h *Review) notExpert(c *fiber.Ctx) error {
	return h.d.Kit.ErrorPage(c, fiber.StatusForbidden, "review.err.only_experts_title",
		"review.err.only_experts")
}

// reviewTabs are the queue's tabs in display order.
var reviewTabs = []experts.Tab{
	{Key: models.QueueNewest, Label: "review.tab.newest", Hint: "review.tab.newest_hint",
		Intro: "review.tab.newest_intro"},
	{Key: models.QueueMostViewed, Label: "review.tab.viewed", Hint: "review.tab.viewed_hint",
		Intro: "review.tab.viewed_intro"},
	{Key: models.QueueNeedsVotes, Label: "review.tab.needs", Hint: "review.tab.needs_hint",
		Intro: "review.tab.needs_intro"},
}

// reviewQueueURL is the address of a queue tab's page, leaving out defaults.
func reviewQueueURL(tab string, page int) string {
	v := url.Values{}
	if tab != models.QueueNewest {
		v.Set("tab", tab)
	}
	if page > 1 {
		v.Set("page", strconv.Itoa(page))
	}
	if len(v) == 0 {
		return "/review"
	}
	return "/review?" + v.Encode()
}

// queue serves GET /review.
func (h *Review) queue(c *fiber.Ctx) error {
	u := web.CurrentUser(c)
	tab := strings.TrimSpace(c.Query("tab"))
	if tab == "" {
		tab = models.QueueNewest
	}
	var current experts.Tab
	tabs := make([]experts.Tab, len(reviewTabs))
	for i, t := range reviewTabs {
		t.URL, t.Current = reviewQueueURL(t.Key, 1), t.Key == tab
		if t.Current {
			current = t
		}
		tabs[i] = t
	}
	if current.Key == "" {
		return h.d.Kit.ErrorPage(c, fiber.StatusBadRequest, "review.err.no_tab_title",
			i18n.T(c.UserContext(), "review.err.no_tab", "Tab", format.Truncate(tab, 40)))
	}
	page, problem := web.ParsePage(c)
	if problem != "" {
		return h.d.Kit.ErrorPage(c, fiber.StatusBadRequest, "pager.no_such_page", problem)
	}
	cs, total, err := h.d.Experts.Queue(c.UserContext(), models.QueueQuery{Tab: tab, ExpertID: u.ID,
		Limit: ReviewQueuePerPage, Offset: (page - 1) * ReviewQueuePerPage})
	if err != nil {
		return h.unavailable(c, "queue", err)
	}
	now := h.now()
	pages := web.PageCount(total, ReviewQueuePerPage)
	p := experts.QueuePage{Meta: h.meta(c, "review.queue", "review.meta_desc"), Tabs: tabs, Current: current,
		CountText: i18n.N(c.UserContext(), "review.count", int(total), "N", format.For(i18n.From(c.UserContext())).Int(total)), Admin: u.Role == models.RoleAdmin,
		Pager: experts.Pager{Page: page, Pages: pages}}
	if u.Role == models.RoleExpert {
		p.ProfileURL = "/review/profile"
	}
	if page > 1 {
		p.Pager.PrevURL = reviewQueueURL(tab, min(page-1, pages))
		p.Meta.Title = i18n.T(c.UserContext(), "review.page_title", "Page", page)
	}
	if page < pages {
		p.Pager.NextURL = reviewQueueURL(tab, page+1)
	}
	for i := range cs {
		p.Rows = append(p.Rows, reviewQueueRow(i18n.From(c.UserContext()), &cs[i], now))
	}
	if len(cs) == 0 {
		p.Empty = reviewQueueEmpty(i18n.From(c.UserContext()), tab, page, pages, total)
	}
	return web.RenderNoStore(c, fiber.StatusOK, experts.Queue(p))
}

// reviewQueueRow converts a claim for the queue.
func reviewQueueRow(loc *i18n.Localizer, cl *models.Claim, now time.Time) experts.QueueRow {
	f := format.For(loc)
	r := experts.QueueRow{ReviewURL: paths.ReviewClaim(cl.ID), ClaimURL: paths.Claim(cl.ID),
		Text: format.Truncate(cl.Content, viewmodel.ListTextRunes), Verdict: viewmodel.VerdictView(cl.AIVerdict), Score: cl.AIScore,
		NotEnoughEvidence: !viewmodel.ClaimOutcome(cl).Decided,
		Views:             loc.N("review.views", int(cl.ViewCount), "N", f.Int(cl.ViewCount)), AgeISO: format.ISO(cl.CreatedAt), AgeText: f.Ago(now, cl.CreatedAt),
		AgeTitle: f.Time(cl.CreatedAt)}
	if cl.ExpertCount > 0 {
		r.Votes = loc.N("review.expert_votes", cl.ExpertCount)
	}
	return r
}

// reviewQueueEmpty says why a queue page is empty and what to do instead.
func reviewQueueEmpty(loc *i18n.Localizer, tab string, page, pages int, total int64) *components.EmptyState {
	switch {
	case total > 0:
		return &components.EmptyState{Kind: "past-end", Title: loc.T("history.empty.past_end_title", "Page", page),
			Body: loc.T("review.empty.past_end", "Pages", pages), ActionText: "review.empty.last_page", ActionURL: reviewQueueURL(tab, pages)}
	case tab == models.QueueNeedsVotes:
		return &components.EmptyState{Kind: "no-second-votes", Title: "review.empty.no_second_title",
			Body:       "review.empty.no_second",
			ActionText: "review.empty.show_newest", ActionURL: reviewQueueURL(models.QueueNewest, 1)}
	}
	return &components.EmptyState{Kind: "queue-empty", Title: "review.empty.all_voted_title",
		Body:       "review.empty.all_voted",
		ActionText: "review.empty.show_needs", ActionURL: reviewQueueURL(models.QueueNeedsVotes, 1)}
}

// voteValues are the vote form's submitted (or stored) values, as typed.
type voteValues struct {
	verdict, confidence, note, sources string
}

// confidenceLevel is one answer to "how sure are you" on the vote form, and the 0–1 confidence
// the community rule (internal/community/rule.go) weighs the vote by.
type confidenceLevel struct {
	slug, label, meaning string
	value                float64
}

// confidenceLevels are the vote form's choices, least sure first. A bare number field asked
// experts to calibrate themselves to two decimals; three named levels are answered consistently.
var confidenceLevels = []confidenceLevel{
	{"low", "review.conf.low", "review.conf.low_meaning", 0.4},
	{"medium", "review.conf.medium", "review.conf.medium_meaning", 0.7},
	{"high", "review.conf.high", "review.conf.high_meaning", 0.9},
}

// confidenceValue is the confidence of a level's slug; ok is false for anything else.
func confidenceValue(slug string) (float64, bool) {
	for _, l := range confidenceLevels {
		if l.slug == slug {
			return l.value, true
		}
	}
	return math.NaN(), false
}

// confidenceSlug is the level nearest a stored confidence (votes cast through the API or before
// the levels may hold any value between 0 and 1).
func confidenceSlug(f float64) string {
	best := confidenceLevels[0]
	for _, l := range confidenceLevels[1:] {
		if math.Abs(l.value-f) < math.Abs(best.value-f) {
			best = l
		}
	}
	return best.slug
}

// confidenceError is what the form says when no level was chosen.
const confidenceError = "review.conf.error"

// voteValuesOf fills the form from a stored vote.
func voteValuesOf(v *models.ClaimVote) voteValues {
	var srcs []string
	_ = json.Unmarshal([]byte(v.Sources), &srcs)
	return voteValues{verdict: v.Verdict, confidence: confidenceSlug(v.Confidence), note: v.Note,
		sources: strings.Join(srcs, "\n")}
}

// voteForm builds the form with values and errors.
func voteForm(loc *i18n.Localizer, action string, v voteValues, verr *community.ValidationError, change bool) experts.VoteForm {
	msg := func(field string) string { return verr.Localized(field, web.FieldTranslator(loc)) }
	f := experts.VoteForm{Action: action, Change: change, VerdictError: msg("verdict")}
	for _, slug := range analysis.Verdicts {
		f.Choices = append(f.Choices, experts.VerdictChoice{Verdict: viewmodel.VerdictView(string(slug)), Checked: string(slug) == v.verdict})
	}
	f.Confidence = components.Field{ID: "confidence-" + confidenceLevels[0].slug, Name: "confidence", Label: "review.conf.label",
		Value: v.confidence, Error: msg("confidence"), Required: true,
		Hint: "review.conf.hint"}
	for _, l := range confidenceLevels {
		f.ConfidenceChoices = append(f.ConfidenceChoices, experts.ConfidenceChoice{Slug: l.slug, Label: l.label, Meaning: l.meaning,
			Checked: l.slug == v.confidence})
	}
	f.Note = components.Field{ID: "vote-note", Name: "note", Label: "review.field.note", Type: "textarea", Value: v.note, Error: msg("note"),
		Optional: true, MaxLength: community.MaxNoteRunes, Rows: 5, Counter: true,
		Hint: "review.field.note_hint"}
	f.Sources = components.Field{ID: "vote-sources", Name: "sources", Label: "review.field.sources", Type: "textarea", Value: v.sources,
		Error: msg("sources"), Optional: true, Rows: 3, Placeholder: "https://",
		Hint: loc.T("review.field.sources_hint", "Max", community.MaxSources)}
	for _, e := range []struct{ anchor, msg string }{
		{"verdict-" + string(analysis.VerdictTrue), f.VerdictError}, {f.Confidence.ID, f.Confidence.Error},
		{f.Note.ID, f.Note.Error}, {f.Sources.ID, f.Sources.Error},
	} {
		if e.msg != "" {
			f.Errors = append(f.Errors, experts.FormError{Anchor: e.anchor, Message: e.msg})
		}
	}
	return f
}

// claimParam loads the visible claim named by :id, answering 404 or 503 itself when it cannot.
func (h *Review) claimParam(c *fiber.Ctx) (*models.Claim, error) {
	id, ok := web.UUIDParam(c)
	if !ok {
		return nil, h.claimNotFound(c)
	}
	cl, err := h.d.Claims.Get(c.UserContext(), id)
	switch {
	case errors.Is(err, models.ErrNotFound):
		return nil, h.claimNotFound(c)
	case err != nil:
		return nil, h.unavailable(c, "get claim", err)
	}
	return cl, nil
}

// claimNotFound is the 404 for an address that names no visible claim.
func (h *Review) claimNotFound(c *fiber.Ctx) error {
	return h.d.Kit.ErrorPage(c, fiber.StatusNotFound, "review.err.not_found_title",
		"review.err.not_found")
}

// show serves GET /review/:id.
func (h *Review) show(c *fiber.Ctx) error {
	cl, err := h.claimParam(c)
	if cl == nil {
		return err
	}
	u := web.CurrentUser(c)
	vals, change := voteValues{}, false
	if u.Role == models.RoleExpert {
		mine, err := h.d.Experts.MyVote(c.UserContext(), cl.ID, u.ID)
		switch {
		case err == nil:
			vals, change = voteValuesOf(mine), true
		case !errors.Is(err, models.ErrNotFound):
			return h.unavailable(c, "my vote", err)
		}
	}
	saved := ""
	if c.Query("saved") == "1" && change {
		saved = savedText(i18n.From(c.UserContext()), cl.EffectiveScore())
	}
	if c.Query("confirmed") == "1" && cl.AttributionConfirmed() {
		saved = "review.confirmed_attribution"
	}
	return h.renderReview(c, fiber.StatusOK, cl, vals, nil, change, saved)
}

// savedText is the confirmation after a vote, with the claim's new community score.
func savedText(loc *i18n.Localizer, sv models.ScoreView) string {
	slug, _ := models.VerdictFromV1(sv.Verdict)
	label, _ := analysis.VerdictInfo(analysis.Verdict(slug))
	return loc.N("review.saved_score", sv.Experts, "Score", formatScore(loc, sv.Score), "Verdict", label, "Confidence", formatConfidence(loc, sv.Confidence))
}

// communityRuleURL is the documentation of the community score: the /docs guide section.
const communityRuleURL = "/docs#community-score"

// savedNote explains the numbers of savedText, which otherwise read as a mistake: one vote of
// confidence 0.9 gives a community confidence of 0.45, and a Yanlış verdict a score of 0.
func savedNote(loc *i18n.Localizer, experts int) string {
	factor := format.For(loc).Number(1-math.Pow(0.5, float64(experts)), 6)
	return loc.N("review.saved_note", max(experts, 1), "Factor", factor)
}

// formatScore writes a 0–100 score with at most two decimals as loc writes numbers: "87.5",
// "87,5" in Turkish, "100".
func formatScore(loc *i18n.Localizer, f float64) string { return format.For(loc).Number(f, 2) }

// formatConfidence writes a 0–1 confidence with two decimals as loc writes numbers: "0.75", "0,75".
func formatConfidence(loc *i18n.Localizer, f float64) string { return format.For(loc).Fixed(f, 2) }

// renderReview renders the review page with the form in the given state.
func (h *Review) renderReview(c *fiber.Ctx, status int, cl *models.Claim, vals voteValues, verr *community.ValidationError, change bool, saved string) error {
	ctx := c.UserContext()
	loc := i18n.From(ctx)
	u := web.CurrentUser(c)
	vs, err := h.d.Experts.Votes(ctx, cl.ID)
	if err != nil {
		return h.unavailable(c, "votes", err)
	}
	basis, err := viewmodel.ParseBasis(cl.Basis)
	if err != nil {
		h.log.Warn("review: claim basis", "id", cl.ID, "err", err)
	}
	now := h.now()
	show := viewmodel.ClaimShow(c.UserContext(), cl, basis, "", now)
	p := experts.ReviewPage{Meta: h.meta(c, i18n.T(c.UserContext(), "review.meta_claim", "Claim", format.Truncate(cl.Content, 60)), ""), CSRF: web.CSRFToken(c),
		ClaimURL: paths.Claim(cl.ID), Text: cl.Content, Long: show.Long, SourceURL: show.SourceURL,
		SourceDomain: show.SourceDomain, CreatedISO: show.CreatedISO, CreatedText: show.CreatedText, Verdict: show.Verdict,
		Score: show.Score, Summary: show.Summary, SubScores: show.SubScores, Saved: saved, Admin: u.Role == models.RoleAdmin,
		CardTitle: show.CardTitle, CardBasis: show.CardBasis, NotEnoughEvidence: show.NotEnoughEvidence,
		Form: voteForm(i18n.From(c.UserContext()), paths.ReviewClaim(cl.ID), vals, verr, change)}
	if p.Firm, err = h.attribution(ctx, cl, u); err != nil {
		return h.unavailable(c, "claim firm", err)
	}
	if saved != "" {
		p.SavedNote, p.RuleURL = savedNote(i18n.From(c.UserContext()), cl.EffectiveScore().Experts), communityRuleURL
	}
	if verr != nil {
		p.Meta.Title = i18n.T(c.UserContext(), "review.error_title", "Title", p.Meta.Title)
	}
	if cl.ExpertCount > 0 && cl.CommunityScore != nil && cl.CommunityVerdict != nil {
		sv := cl.EffectiveScore()
		p.Community = &experts.CommunitySummary{Verdict: viewmodel.VerdictView(*cl.CommunityVerdict), Score: formatScore(loc, sv.Score),
			Confidence: formatConfidence(loc, sv.Confidence), Experts: sv.Experts}
	}
	for _, v := range vs {
		vv := experts.VoteView{Expert: v.ExpertName, Verdict: viewmodel.VerdictView(v.Verdict), Confidence: formatConfidence(loc, v.Confidence),
			Note: v.Note, Sources: viewmodel.WebURLs(v.Sources), WhenISO: format.ISO(v.UpdatedAt), When: format.For(loc).Ago(now, v.UpdatedAt),
			Mine: v.ExpertID != "" && v.ExpertID == u.ID}
		if v.ExpertID != "" {
			vv.Href = paths.Expert(v.ExpertID)
		}
		p.Votes = append(p.Votes, vv)
	}
	return web.RenderNoStore(c, status, experts.Review(p))
}

// vote serves POST /review/:id.
func (h *Review) vote(c *fiber.Ctx) error {
	u := web.CurrentUser(c)
	if u.Role != models.RoleExpert {
		return h.notExpert(c)
	}
	cl, err := h.claimParam(c)
	if cl == nil {
		return err
	}
	vals := voteValues{verdict: c.FormValue("verdict"), confidence: c.FormValue("confidence"), note: c.FormValue("note"),
		sources: c.FormValue("sources")}
	confidence, known := confidenceValue(vals.confidence)
	in := community.VoteInput{ClaimID: cl.ID, ExpertID: u.ID, Verdict: vals.verdict, Confidence: confidence,
		Note: vals.note, Sources: strings.Split(vals.sources, "\n")}
	var verr *community.ValidationError
	if len(vals.sources) > maxSourcesFieldChars {
		// Refuse before splitting: a page of text is not a list of five links.
		err = &community.ValidationError{What: "vote", Fields: []community.FieldError{{Field: "sources",
			Message: fmt.Sprintf("The sources field is too long. Give at most %d web addresses, one per line.", community.MaxSources),
			Key:     "review.invalid.sources_field_long", Data: map[string]any{"Max": community.MaxSources}}}}
	} else {
		_, err = h.d.Votes.Vote(c.UserContext(), in)
	}
	switch {
	case errors.As(err, &verr):
		if !known {
			// An unknown level reaches the service as NaN, which it refuses; say it in the form's terms.
			for i := range verr.Fields {
				if verr.Fields[i].Field == "confidence" {
					verr.Fields[i].Message, verr.Fields[i].Key, verr.Fields[i].Data = confidenceError, confidenceError, nil
				}
			}
		}
		change := false
		if _, err := h.d.Experts.MyVote(c.UserContext(), cl.ID, u.ID); err == nil {
			change = true
		}
		return h.renderReview(c, fiber.StatusUnprocessableEntity, cl, vals, verr, change, "")
	case errors.Is(err, community.ErrClaimNotFound):
		return h.claimNotFound(c)
	case errors.Is(err, community.ErrNotExpert):
		return h.notExpert(c)
	case err != nil:
		return h.unavailable(c, "vote", err)
	}
	return c.Redirect(paths.ReviewClaim(cl.ID)+"?saved=1", fiber.StatusSeeOther)
}

// profileValues are the profile form's values, as typed.
type profileValues struct {
	bio, expertise, affiliation, credentials string
	public                                   bool
}

// profileForm builds the profile page with values and errors (keyed by field name).
func (h *Review) profileForm(c *fiber.Ctx, v profileValues, errs map[string]string, saved bool) experts.ProfilePage {
	u := web.CurrentUser(c)
	p := experts.ProfilePage{Meta: h.meta(c, "review.profile.meta", ""), CSRF: web.CSRFToken(c), Name: u.Name,
		Admin: u.Role == models.RoleAdmin, Saved: saved, Public: v.public, PublicURL: paths.Expert(u.ID)}
	p.Bio = components.Field{ID: "profile-bio", Name: "bio", Label: "review.field.bio", Type: "textarea", Value: v.bio, Error: errs["bio"],
		Optional: true, MaxLength: MaxBioChars, Rows: 5, Counter: true,
		Hint: "review.field.bio_hint"}
	p.Affiliation = components.Field{ID: "profile-affiliation", Name: "affiliation", Label: "review.field.affiliation", Type: "text",
		Value: v.affiliation, Error: errs["affiliation"], Optional: true, MaxLength: MaxAffiliationChars,
		Placeholder: i18n.T(c.UserContext(), "review.field.affiliation_placeholder"),
		Hint:        "review.field.affiliation_hint"}
	p.Credentials = components.Field{ID: "profile-credentials", Name: "credentials", Label: "review.field.credentials", Type: "text",
		Value: v.credentials, Error: errs["credentials"], Optional: true, MaxLength: MaxCredentialsChars,
		Placeholder: i18n.T(c.UserContext(), "review.field.credentials_placeholder"),
		Hint:        "review.field.credentials_hint"}
	p.Expertise = components.Field{ID: "profile-expertise", Name: "expertise", Label: "review.field.expertise", Type: "text",
		Value: v.expertise, Error: errs["expertise"], Optional: true, Placeholder: i18n.T(c.UserContext(), "review.field.expertise_placeholder"),
		Hint: i18n.T(c.UserContext(), "review.field.expertise_hint", "Max", MaxExpertiseTags, "Chars", MaxExpertiseTagChars)}
	for _, f := range []components.Field{p.Affiliation, p.Credentials, p.Bio, p.Expertise} {
		if f.Error != "" {
			p.Errors = append(p.Errors, experts.FormError{Anchor: f.ID, Message: f.Error})
		}
	}
	if len(p.Errors) > 0 {
		p.Meta.Title = i18n.T(c.UserContext(), "review.error_title", "Title", p.Meta.Title)
	}
	return p
}

// profile serves GET /review/profile.
func (h *Review) profile(c *fiber.Ctx) error {
	u := web.CurrentUser(c)
	v := profileValues{public: true}
	if u.Role == models.RoleExpert {
		prof, err := h.d.Experts.Profile(c.UserContext(), u.ID)
		switch {
		case err == nil:
			v = profileValues{bio: prof.Bio, expertise: strings.Join(decodeTags(prof.Expertise), ", "), public: prof.Public,
				affiliation: prof.Affiliation, credentials: prof.Credentials}
		case !errors.Is(err, models.ErrNotFound):
			return h.unavailable(c, "profile", err)
		}
	}
	return web.RenderNoStore(c, fiber.StatusOK, experts.Profile(h.profileForm(c, v, nil, c.Query("saved") == "1")))
}

// saveProfile serves POST /review/profile.
func (h *Review) saveProfile(c *fiber.Ctx) error {
	u := web.CurrentUser(c)
	if u.Role != models.RoleExpert {
		return h.notExpert(c)
	}
	v := profileValues{bio: strings.TrimSpace(c.FormValue("bio")), expertise: c.FormValue("expertise"), public: c.FormValue("public") != "",
		affiliation: strings.TrimSpace(c.FormValue("affiliation")), credentials: strings.TrimSpace(c.FormValue("credentials"))}
	errs := map[string]string{}
	loc := i18n.From(c.UserContext())
	lf := format.For(loc)
	for _, f := range []struct {
		name, value string
		max         int
	}{{"affiliation", v.affiliation, MaxAffiliationChars}, {"credentials", v.credentials, MaxCredentialsChars}} {
		switch n := utf8.RuneCountInString(f.value); {
		case !utf8.ValidString(f.value) || strings.ContainsAny(f.value, "\r\n"):
			errs[f.name] = loc.T("review.invalid." + f.name + "_line")
		case n > f.max:
			errs[f.name] = loc.T("review.invalid."+f.name+"_long", "N", lf.Int(int64(n)), "Max", lf.Int(int64(f.max)))
		}
	}
	switch n := utf8.RuneCountInString(v.bio); {
	case !utf8.ValidString(v.bio):
		errs["bio"] = "review.field.bio_utf8"
	case n > MaxBioChars:
		errs["bio"] = loc.T("review.invalid.bio_long", "N", lf.Int(int64(n)), "Max", lf.Int(MaxBioChars))
	}
	tags, msg := parseExpertise(loc, v.expertise)
	if msg != "" {
		errs["expertise"] = msg
	}
	if len(errs) > 0 {
		return web.RenderNoStore(c, fiber.StatusUnprocessableEntity, experts.Profile(h.profileForm(c, v, errs, false)))
	}
	raw, err := json.Marshal(tags)
	if err != nil {
		return h.unavailable(c, "encode expertise", err)
	}
	if err := h.d.Experts.SaveProfile(c.UserContext(), &models.ExpertProfile{UserID: u.ID, Bio: v.bio, Expertise: string(raw),
		Affiliation: v.affiliation, Credentials: v.credentials, Public: v.public}, h.now()); err != nil {
		return h.unavailable(c, "save profile", err)
	}
	return c.Redirect("/review/profile?saved=1", fiber.StatusSeeOther)
}

// parseExpertise splits the comma-separated areas, dropping blanks and repeats (ignoring case),
// and says everything that is wrong at once: each area that is too long, and too many areas.
func parseExpertise(loc *i18n.Localizer, raw string) ([]string, string) {
	if !utf8.ValidString(raw) {
		return nil, "review.field.areas_utf8"
	}
	if len(raw) > 4*MaxExpertiseTags*(MaxExpertiseTagChars+2) {
		return nil, loc.T("review.invalid.areas_text_long", "Max", MaxExpertiseTags, "Chars", MaxExpertiseTagChars)
	}
	tags := []string{}
	seen := map[string]bool{}
	var problems []string
	for _, t := range strings.Split(raw, ",") {
		t = strings.Join(strings.Fields(t), " ")
		if t == "" || seen[strings.ToLower(t)] {
			continue
		}
		seen[strings.ToLower(t)] = true
		tags = append(tags, t)
		if n := utf8.RuneCountInString(t); n > MaxExpertiseTagChars {
			problems = append(problems, loc.T("review.invalid.area_long", "Area", format.Truncate(t, 30), "N", n, "Max", MaxExpertiseTagChars))
		}
	}
	if len(tags) > MaxExpertiseTags {
		problems = append(problems, loc.T("review.invalid.areas_many", "N", len(tags), "Max", MaxExpertiseTags))
	}
	if len(problems) > 0 {
		return nil, strings.Join(problems, " ")
	}
	return tags, ""
}

// decodeTags reads a stored JSON list of expertise areas; a corrupt value reads as none.
func decodeTags(raw string) []string {
	var tags []string
	if json.Unmarshal([]byte(raw), &tags) != nil {
		return nil
	}
	return tags
}

// attribution is the review page's firm section: who the claim is attributed to, whether someone
// confirmed it, and for an expert the form to confirm it (nil when the claim has no firm).
func (h *Review) attribution(ctx context.Context, cl *models.Claim, u *models.User) (*experts.Attribution, error) {
	if h.d.Firms == nil || cl.FirmID == nil {
		return nil, nil
	}
	f, err := h.d.Firms.ByID(ctx, *cl.FirmID)
	if errors.Is(err, models.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	a := &experts.Attribution{Firm: f.Name, Href: paths.Firm(f.Slug), Confirmed: cl.AttributionConfirmed(),
		CanConfirm: u.Role == models.RoleExpert && !cl.AttributionConfirmed(), Action: paths.ReviewAttribution(cl.ID)}
	a.Text, _ = viewmodel.AttributionText(cl)
	return a, nil
}

// confirmAttribution serves POST /review/:id/attribution: an expert confirms that the claim's firm
// published it, so the claim counts toward the firm's trust score.
func (h *Review) confirmAttribution(c *fiber.Ctx) error {
	u := web.CurrentUser(c)
	if u.Role != models.RoleExpert || h.d.Firms == nil {
		return h.notExpert(c)
	}
	cl, err := h.claimParam(c)
	if cl == nil {
		return err
	}
	back := paths.ReviewClaim(cl.ID)
	if cl.FirmID == nil {
		return c.Redirect(back, fiber.StatusSeeOther)
	}
	_, err = h.d.Firms.ConfirmAttribution(c.UserContext(), cl.ID, *cl.FirmID, u.ID, h.now().UTC())
	switch {
	case errors.Is(err, models.ErrNotFound):
		return h.claimNotFound(c)
	case errors.Is(err, models.ErrNoFirm):
		// The claim moved to another firm meanwhile; the page shows the firm it has now.
		return c.Redirect(back, fiber.StatusSeeOther)
	case err != nil:
		return h.unavailable(c, "confirm attribution", err)
	}
	h.log.Info("review: attribution confirmed", "claim", cl.ID, "firm", *cl.FirmID, "expert", u.ID)
	return c.Redirect(back+"?confirmed=1", fiber.StatusSeeOther)
}
