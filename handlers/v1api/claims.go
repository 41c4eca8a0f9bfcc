package v1api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/claimcheck/claimcheck/internal/firms"
	"log/slog"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/handlers/apikey"
	"github.com/claimcheck/claimcheck/handlers/viewmodel"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// V1ClaimReader reads visible claims.
type V1ClaimReader interface {
	Get(ctx context.Context, id string) (*models.Claim, error)
	// Score reads only the fields a claim's score rests on, its Facts complete (the hot /score read).
	Score(ctx context.Context, id string) (*models.Claim, error)
}

// V1Submissions is the submission queue.
type V1Submissions interface {
	Get(ctx context.Context, id string) (*models.ClaimSubmission, error)
	Enqueue(ctx context.Context, sub *models.ClaimSubmission, pay models.Payment, idem *models.Idempotency) (models.Enqueued, error)
}

// V1Searcher runs claim searches.
type V1Searcher interface {
	Search(ctx context.Context, q models.SearchQuery) (models.SearchPage, error)
}

// V1FirmReader reads firms.
type V1FirmReader interface {
	BySlug(ctx context.Context, slug string) (*models.FirmWithDomains, error)
	ByID(ctx context.Context, id string) (*models.FirmWithDomains, error)
	History(ctx context.Context, firmID string, limit int) ([]models.FirmScore, error)
	RecentClaims(ctx context.Context, firmID string, limit int) ([]models.Claim, error)
}

// V1ExpertReader reads experts, their votes and score histories.
type V1ExpertReader interface {
	ListPublic(ctx context.Context, limit, offset int) ([]models.ExpertListing, int64, error)
	Votes(ctx context.Context, claimID string) ([]models.VoteListing, error)
	ScoreHistory(ctx context.Context, claimID string) ([]models.ClaimScoreChange, error)
}

// V1ClaimsDeps is what the /v1 claim endpoints need.
type V1ClaimsDeps struct {
	// Claims reads claims.
	Claims V1ClaimReader
	// Submissions is the submission queue.
	Submissions V1Submissions
	// Search runs searches.
	Search V1Searcher
	// Firms reads firms (a claim's firm, the search filter).
	Firms V1FirmReader
	// Experts reads votes and score history.
	Experts V1ExpertReader
	// Meter charges a submission in its transaction and states the count of answers that
	// counted nothing.
	Meter *metering.Meter
	// Submitted is called after a submission is stored, to wake this process's workers; may be nil.
	Submitted func()
	// BaseURL prefixes links to web pages.
	BaseURL string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives store failures; nil means slog.Default().
	Log *slog.Logger
}

// V1Claims serves the /v1 claim endpoints: score, detail, search and submit.
type V1Claims struct {
	d V1ClaimsDeps
}

// NewV1Claims builds the claim endpoints.
func NewV1Claims(d V1ClaimsDeps) *V1Claims {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &V1Claims{d: d}
}

// V1SubmitPath is the submit endpoint; its quota is counted in the submission's transaction, so
// the access middleware must not count it (see ChargedByHandler).
const V1SubmitPath = "/v1/claims/submit"

// ChargesInHandler reports whether c is a submit request, which counts its own quota.
func ChargesInHandler(c *fiber.Ctx) bool {
	return c.Method() == fiber.MethodPost && strings.EqualFold(strings.TrimSuffix(c.Path(), "/"), V1SubmitPath)
}

// Routes mounts the claim endpoints on r, the /v1 group behind the access middleware. The search
// and submit routes come before /claims/:id, which would otherwise take "search" as an id.
func (h *V1Claims) Routes(r fiber.Router) {
	r.Get("/claims/search", h.search)
	r.All("/claims/search", v1MethodNotAllowed("GET, HEAD"))
	r.Post("/claims/submit", h.submit)
	r.All("/claims/submit", v1MethodNotAllowed("POST"))
	r.Get("/claims/:id/score", h.score)
	r.All("/claims/:id/score", v1MethodNotAllowed("GET, HEAD"))
	r.Get("/claims/:id", h.detail)
	r.All("/claims/:id", v1MethodNotAllowed("GET, HEAD"))
}

// v1MethodNotAllowed answers 405 for a known route called with another method.
func v1MethodNotAllowed(allow string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderAllow, allow+", OPTIONS")
		return WriteProblem(c, fiber.StatusMethodNotAllowed, ProblemMethodNotAllowed,
			fmt.Sprintf("%s is not allowed here; use %s.", c.Method(), allow))
	}
}

// v1Links are the links of a resource: relative /v1 paths for the API, absolute URLs for pages.
type v1Links struct {
	Self  string `json:"self"`
	Score string `json:"score,omitempty"`
	Page  string `json:"page,omitempty"`
}

// v1FirmRef is a claim's firm in short.
type v1FirmRef struct {
	Slug       string   `json:"slug"`
	Name       string   `json:"name"`
	TrustScore *float64 `json:"trust_score"`
	URL        string   `json:"url"`
	// Attribution is "confirmed" when an admin or an expert confirmed that the firm published
	// the claim, else "submitter"; CountsTowardTrust says whether the claim moves the firm's score.
	Attribution       string `json:"attribution"`
	CountsTowardTrust bool   `json:"counts_toward_trust"`
}

// claimFirm is the claim's copy of its firm's reference, with who attributed the claim to it.
func claimFirm(ref *v1FirmRef, cl *models.Claim) *v1FirmRef {
	if ref == nil {
		return nil
	}
	r := *ref
	r.Attribution, r.CountsTowardTrust = "submitter", firms.Trust{}.ClaimCounts(cl)
	if cl.AttributionConfirmed() {
		r.Attribution = "confirmed"
	}
	return &r
}

// v1Basis says how the analysis's verdict was reached: assessed is false when nothing decided it.
type v1Basis struct {
	Assessed bool   `json:"assessed"`
	Method   string `json:"method"`
	Basis    string `json:"basis"`
}

// v1Score is a claim's current score with what it rests on: decided is false and basis
// "not-enough-evidence" when nothing decided the verdict (the score then is the neutral 50 the
// compatible API has always answered, not a finding).
type v1Score struct {
	models.ScoreView
	Decided bool   `json:"decided"`
	Basis   string `json:"basis"`
}

// v1ScoreOf is the claim's current score and its basis.
func v1ScoreOf(cl *models.Claim, o viewmodel.Outcome) v1Score {
	return v1Score{ScoreView: cl.EffectiveScore(), Decided: !viewmodel.NotEnoughEvidence(cl, o), Basis: viewmodel.EvidenceBasis(cl, o)}
}

// v1ScoreAnswer is v1ScoreOf(cl, viewmodel.ClaimOutcome(cl)) from the claim's score facts alone
// (models.ScoreFacts, kept when it was stored), without decoding its basis and matches: the score
// read needs whether the analysis decided, its confidence and the verdict's method, nothing else.
func v1ScoreAnswer(cl *models.Claim) v1Score {
	f := cl.ScoreFactsOrDerived()
	o := viewmodel.Outcome{Method: *f.Method, Decided: *f.Decided}
	return v1Score{ScoreView: cl.EffectiveScoreWith(*f.Confidence), Decided: !viewmodel.NotEnoughEvidence(cl, o),
		Basis: viewmodel.EvidenceBasis(cl, o)}
}

// v1FactCheck is an earlier fact-check the analysis compared the claim with.
type v1FactCheck struct {
	URL           string  `json:"url"`
	ClaimReviewed string  `json:"claim_reviewed"`
	Publisher     string  `json:"publisher"`
	Similarity    float64 `json:"similarity"`
	Verdict       string  `json:"verdict"`
}

// v1RelatedFactCheck is a fact-check that did not decide the verdict, and why.
type v1RelatedFactCheck struct {
	v1FactCheck
	AboutDifferentClaim bool   `json:"about_different_claim"`
	Reason              string `json:"reason"`
}

// v1Evidence says what a claim's verdict rests on, in the words the claim page uses.
type v1Evidence struct {
	Decided     bool                 `json:"decided"`
	Basis       string               `json:"basis"`
	Title       string               `json:"title"`
	Explanation string               `json:"explanation"`
	Source      *v1FactCheck         `json:"source"`
	Related     []v1RelatedFactCheck `json:"related"`
}

// v1FactCheckOf shapes a stored match.
func v1FactCheckOf(m analysis.Match) v1FactCheck {
	return v1FactCheck{URL: m.URL, ClaimReviewed: m.ClaimReviewed, Publisher: m.Publisher, Similarity: m.Similarity, Verdict: string(m.Verdict)}
}

// v1EvidenceOf is the evidence of a claim: the experts' once any voted, else the analysis's.
func v1EvidenceOf(cl *models.Claim, o viewmodel.Outcome, basis map[string]analysis.FieldBasis) v1Evidence {
	ev := v1Evidence{Decided: !viewmodel.NotEnoughEvidence(cl, o), Basis: viewmodel.EvidenceBasis(cl, o), Title: viewmodel.CardTitle(o), Explanation: viewmodel.CardBasis(o, basis),
		Related: make([]v1RelatedFactCheck, 0, len(o.Related))}
	if !o.Decided {
		ev.Explanation = viewmodel.PlainSummary(o)
	}
	if cl.HasCommunityScore() {
		ev.Title = "Expert review"
		ev.Explanation = fmt.Sprintf("The community score of %s replaces the analysis's result.", format.Plural(cl.ExpertCount, "expert"))
	}
	if o.Source != nil {
		fc := v1FactCheckOf(*o.Source)
		ev.Source = &fc
	}
	for _, r := range o.Related {
		ev.Related = append(ev.Related, v1RelatedFactCheck{v1FactCheck: v1FactCheckOf(r.Match), AboutDifferentClaim: r.Different, Reason: r.Reason})
	}
	return ev
}

// v1ClaimSummary is a claim as lists show it (search results, a firm's recent claims).
type v1ClaimSummary struct {
	ID        string     `json:"id"`
	Content   string     `json:"content"`
	SourceURL *string    `json:"source_url"`
	Language  string     `json:"language"`
	Category  string     `json:"category"`
	CreatedAt time.Time  `json:"created_at"`
	Score     v1Score    `json:"score"`
	Firm      *v1FirmRef `json:"firm"`
	Links     v1Links    `json:"links"`
}

// v1SearchHit is a search result: the summary and its relevance.
type v1SearchHit struct {
	v1ClaimSummary
	Rank float64 `json:"rank"`
}

// v1SubScore is one sub-score with how it was computed.
type v1SubScore struct {
	Score    int    `json:"score"`
	Assessed bool   `json:"assessed"`
	Method   string `json:"method"`
	Basis    string `json:"basis"`
}

// v1SubScores are the four sub-scores.
type v1SubScores struct {
	Source   v1SubScore `json:"source"`
	Science  v1SubScore `json:"science"`
	Academic v1SubScore `json:"academic"`
	Public   v1SubScore `json:"public"`
}

// v1Analysis is the stored AI analysis.
type v1Analysis struct {
	Score           int         `json:"score"`
	Verdict         string      `json:"verdict"`
	VerdictCode     string      `json:"verdict_code"`
	Summary         string      `json:"summary"`
	SubScores       v1SubScores `json:"sub_scores"`
	Analyzer        string      `json:"analyzer"`
	AnalyzerVersion string      `json:"analyzer_version"`
	Confidence      float64     `json:"confidence"`
	Decided         bool        `json:"decided"`
	VerdictBasis    v1Basis     `json:"verdict_basis"`
}

// v1VoteExpert names the expert of a vote; ID is null for experts without a public profile.
type v1VoteExpert struct {
	ID   *string `json:"id"`
	Name string  `json:"name"`
}

// v1Vote is one expert vote.
type v1Vote struct {
	Expert     v1VoteExpert `json:"expert"`
	Verdict    string       `json:"verdict"`
	Confidence float64      `json:"confidence"`
	Note       string       `json:"note"`
	Sources    []string     `json:"sources"`
	UpdatedAt  time.Time    `json:"updated_at"`
}

// v1Community is the experts' score of a claim.
type v1Community struct {
	Score      float64  `json:"score"`
	Verdict    string   `json:"verdict"`
	Confidence float64  `json:"confidence"`
	Experts    int      `json:"experts"`
	Votes      []v1Vote `json:"votes"`
}

// v1ScoreChange is one entry of the score history.
type v1ScoreChange struct {
	Score      float64   `json:"score"`
	Verdict    string    `json:"verdict"`
	Experts    int       `json:"experts"`
	Confidence float64   `json:"confidence"`
	Cause      string    `json:"cause"`
	At         time.Time `json:"at"`
}

// v1Claim is GET /v1/claims/{id} for an analysed claim.
type v1Claim struct {
	ID        string          `json:"id"`
	Content   string          `json:"content"`
	SourceURL *string         `json:"source_url"`
	Language  string          `json:"language"`
	Category  string          `json:"category"`
	EnQuery   string          `json:"en_query"`
	Status    string          `json:"status"`
	CreatedAt time.Time       `json:"created_at"`
	Score     v1Score         `json:"score"`
	Evidence  v1Evidence      `json:"evidence"`
	Analysis  v1Analysis      `json:"analysis"`
	Matches   json.RawMessage `json:"matches"`
	Community *v1Community    `json:"community"`
	History   []v1ScoreChange `json:"history"`
	Firm      *v1FirmRef      `json:"firm"`
	Links     v1Links         `json:"links"`
}

// v1Submission is GET /v1/claims/{id} for a submission that is not analysed yet.
type v1Submission struct {
	ID            string    `json:"id"`
	Status        string    `json:"status"`
	FailureReason *string   `json:"failure_reason,omitempty"`
	Content       string    `json:"content"`
	SourceURL     *string   `json:"source_url"`
	CreatedAt     time.Time `json:"created_at"`
	Links         v1Links   `json:"links"`
}

// v1Accepted is the 202 answer of POST /v1/claims/submit.
type v1Accepted struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
	Links     v1Links   `json:"links"`
}

// claimLinks are the links of claim id.
func (h *V1Claims) claimLinks(id string, page bool) v1Links {
	l := v1Links{Self: paths.V1Claim(id), Score: paths.V1ClaimScore(id)}
	if page {
		l.Page = h.d.BaseURL + paths.Claim(id)
	}
	return l
}

// v1ClaimNotFound is the 404 of a claim id.
func v1ClaimNotFound(c *fiber.Ctx, id string) error {
	return WriteProblem(c, fiber.StatusNotFound, ProblemNotFound, fmt.Sprintf("There is no claim with id %q.", id))
}

// lookup finds id as an analysed visible claim or, failing that, as a submission not analysed
// yet, reading the claim with get (the whole row, or only what its score rests on). Both nil
// means 404: unknown, malformed, or hidden by moderation.
func (h *V1Claims) lookup(ctx context.Context, id string, get func(context.Context, string) (*models.Claim, error)) (*models.Claim, *models.ClaimSubmission, error) {
	if _, err := uuid.Parse(id); err != nil || len(id) != 36 {
		return nil, nil, nil
	}
	id = strings.ToLower(id)
	cl, err := get(ctx, id)
	if err == nil {
		return cl, nil, nil
	}
	if !errors.Is(err, models.ErrNotFound) {
		return nil, nil, err
	}
	sub, err := h.d.Submissions.Get(ctx, id)
	if errors.Is(err, models.ErrNotFound) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	// An analysed submission without a visible claim was hidden by moderation.
	if sub.State == models.SubmissionAnalysed {
		return nil, nil, nil
	}
	return nil, sub, nil
}

// v1PublicState is the state a client sees: a leased submission is still queued.
func v1PublicState(s string) string {
	if s == models.SubmissionAnalysing {
		return models.SubmissionQueued
	}
	return s
}

// v1StoreFailed answers 503 after a store error, logging it.
func v1StoreFailed(c *fiber.Ctx, log *slog.Logger, what string, err error) error {
	log.Error("v1 "+what, "path", c.Path(), "err", err)
	return WriteProblem(c, fiber.StatusServiceUnavailable, ProblemUnavailable, "The database is unavailable; retry shortly.")
}

func (h *V1Claims) score(c *fiber.Ctx) error {
	id := c.Params("id")
	cl, sub, err := h.lookup(c.UserContext(), id, h.d.Claims.Score)
	if err != nil {
		return v1StoreFailed(c, h.d.Log, "claim score", err)
	}
	switch {
	case cl != nil:
		return c.JSON(v1ScoreAnswer(cl))
	case sub == nil:
		return v1ClaimNotFound(c, id)
	case sub.State == models.SubmissionFailed:
		reason := ""
		if sub.FailureReason != nil {
			reason = " " + *sub.FailureReason
		}
		return WriteProblem(c, fiber.StatusConflict, ProblemConflict,
			"The claim has no score: its analysis failed."+reason+" GET /v1/claims/"+sub.ID+" shows the submission.")
	default:
		return WriteProblem(c, fiber.StatusConflict, ProblemConflict,
			"The claim has no score yet: it is still queued for analysis. Poll GET /v1/claims/"+sub.ID+" or follow /v1/feed/live for claim.analysed.")
	}
}

func (h *V1Claims) detail(c *fiber.Ctx) error {
	ctx := c.UserContext()
	id := c.Params("id")
	cl, sub, err := h.lookup(ctx, id, h.d.Claims.Get)
	if err != nil {
		return v1StoreFailed(c, h.d.Log, "claim detail", err)
	}
	if cl == nil && sub == nil {
		return v1ClaimNotFound(c, id)
	}
	if sub != nil {
		out := v1Submission{ID: sub.ID, Status: v1PublicState(sub.State), Content: sub.Content, SourceURL: sub.SourceURL,
			CreatedAt: sub.CreatedAt.UTC(), Links: h.claimLinks(sub.ID, false)}
		if sub.State == models.SubmissionFailed {
			reason := "The analysis failed."
			if sub.FailureReason != nil && *sub.FailureReason != "" {
				reason = *sub.FailureReason
			}
			out.FailureReason = &reason
		}
		return c.JSON(out)
	}
	basis, _ := viewmodel.ParseBasis(cl.Basis)
	o := viewmodel.AnalysisOutcome(cl, basis)
	out := v1Claim{ID: cl.ID, Content: cl.Content, SourceURL: cl.SourceURL, Language: cl.Language, Category: cl.Category,
		EnQuery: cl.EnQuery, Status: models.SubmissionAnalysed, CreatedAt: cl.CreatedAt.UTC(), Score: v1ScoreOf(cl, o),
		Evidence: v1EvidenceOf(cl, o, basis), Analysis: v1AnalysisView(cl), Matches: v1MatchesJSON(cl.Matches), Links: h.claimLinks(cl.ID, true)}
	if cl.ExpertCount > 0 && cl.CommunityScore != nil && cl.CommunityVerdict != nil {
		votes, err := h.d.Experts.Votes(ctx, cl.ID)
		if err != nil {
			return v1StoreFailed(c, h.d.Log, "claim votes", err)
		}
		sv := cl.EffectiveScore()
		out.Community = &v1Community{Score: sv.Score, Verdict: sv.Verdict, Confidence: sv.Confidence, Experts: sv.Experts,
			Votes: v1VotesView(votes)}
	}
	hist, err := h.d.Experts.ScoreHistory(ctx, cl.ID)
	if err != nil {
		return v1StoreFailed(c, h.d.Log, "claim score history", err)
	}
	out.History = make([]v1ScoreChange, 0, len(hist))
	for _, e := range hist {
		out.History = append(out.History, v1ScoreChange{Score: e.Score, Verdict: models.V1Verdict(e.Verdict), Experts: e.Experts,
			Confidence: e.Confidence, Cause: e.Cause, At: e.CreatedAt.UTC()})
	}
	refs := newV1FirmRefs(h.d.Firms, h.d.BaseURL)
	firm, err := refs.of(ctx, cl.FirmID)
	if err != nil {
		return v1StoreFailed(c, h.d.Log, "claim firm", err)
	}
	out.Firm = claimFirm(firm, cl)
	return c.JSON(out)
}

// v1VotesView shapes votes for /v1: verdicts by their v1 names, anonymous experts with a null id.
func v1VotesView(vs []models.VoteListing) []v1Vote {
	out := make([]v1Vote, 0, len(vs))
	for _, v := range vs {
		e := v1VoteExpert{Name: v.ExpertName}
		if v.ExpertID != "" {
			id := v.ExpertID
			e.ID = &id
		}
		src := v.Sources
		if src == nil {
			src = []string{}
		}
		out = append(out, v1Vote{Expert: e, Verdict: models.V1Verdict(v.Verdict), Confidence: v.Confidence, Note: v.Note,
			Sources: src, UpdatedAt: v.UpdatedAt.UTC()})
	}
	return out
}

// v1AnalysisView is the stored analysis with each sub-score's basis.
func v1AnalysisView(cl *models.Claim) v1Analysis {
	var basis map[string]analysis.FieldBasis
	_ = json.Unmarshal([]byte(cl.Basis), &basis) // a missing or broken basis reads as "not recorded" below
	sub := func(field string, score int) v1SubScore {
		b, ok := basis[field]
		if !ok {
			return v1SubScore{Score: score, Assessed: false, Method: analysis.MethodNotAssessed,
				Basis: "No basis was recorded for this analysis."}
		}
		return v1SubScore{Score: score, Assessed: b.Assessed, Method: b.Method, Basis: b.Detail}
	}
	o := viewmodel.AnalysisOutcome(cl, basis)
	vb := sub(analysis.FieldVerdict, 0)
	return v1Analysis{Score: cl.AIScore, Verdict: models.V1Verdict(cl.AIVerdict), VerdictCode: cl.AIVerdict, Summary: cl.AISummary,
		Decided: o.Decided, VerdictBasis: v1Basis{Assessed: vb.Assessed, Method: vb.Method, Basis: vb.Basis},
		SubScores: v1SubScores{
			Source:   sub(analysis.FieldSourceScore, cl.SourceScore),
			Science:  sub(analysis.FieldScienceScore, cl.ScienceScore),
			Academic: sub(analysis.FieldAcademicScore, cl.AcademicScore),
			Public:   sub(analysis.FieldPublicScore, cl.PublicScore),
		},
		Analyzer: cl.Analyzer, AnalyzerVersion: cl.AnalyzerVersion, Confidence: cl.AIConfidence()}
}

// v1MatchesJSON passes the stored matches through when they are a JSON array, else an empty one.
func v1MatchesJSON(s string) json.RawMessage {
	b := bytes.TrimSpace([]byte(s))
	if len(b) == 0 || b[0] != '[' || !json.Valid(b) {
		return json.RawMessage("[]")
	}
	return json.RawMessage(b)
}

// v1FirmRefs resolves claims' firms once per request.
type v1FirmRefs struct {
	firms   V1FirmReader
	baseURL string
	seen    map[string]*v1FirmRef
}

func newV1FirmRefs(f V1FirmReader, baseURL string) *v1FirmRefs {
	return &v1FirmRefs{firms: f, baseURL: baseURL, seen: map[string]*v1FirmRef{}}
}

// add records a firm already at hand.
func (r *v1FirmRefs) add(f models.Firm) *v1FirmRef {
	ref := &v1FirmRef{Slug: f.Slug, Name: f.Name, TrustScore: f.TrustScore, URL: paths.V1Firm(f.Slug)}
	r.seen[f.ID] = ref
	return ref
}

// of returns the firm of a claim, or nil when it has none (or it was deleted meanwhile).
func (r *v1FirmRefs) of(ctx context.Context, firmID *string) (*v1FirmRef, error) {
	if firmID == nil || *firmID == "" {
		return nil, nil
	}
	if ref, ok := r.seen[*firmID]; ok {
		return ref, nil
	}
	f, err := r.firms.ByID(ctx, *firmID)
	if errors.Is(err, models.ErrNotFound) {
		r.seen[*firmID] = nil
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return r.add(f.Firm), nil
}

// v1Summary is a claim as lists show it.
func v1Summary(ctx context.Context, refs *v1FirmRefs, cl *models.Claim, baseURL string) (v1ClaimSummary, error) {
	firm, err := refs.of(ctx, cl.FirmID)
	if err != nil {
		return v1ClaimSummary{}, err
	}
	return v1ClaimSummary{ID: cl.ID, Content: cl.Content, SourceURL: cl.SourceURL, Language: cl.Language, Category: cl.Category,
		CreatedAt: cl.CreatedAt.UTC(), Score: v1ScoreOf(cl, viewmodel.ClaimOutcome(cl)), Firm: claimFirm(firm, cl),
		Links: v1Links{Self: paths.V1Claim(cl.ID), Score: paths.V1ClaimScore(cl.ID), Page: baseURL + paths.Claim(cl.ID)}}, nil
}

// Search limits.
const (
	// V1MaxSearchRunes is the longest q accepted.
	V1MaxSearchRunes = 200
	// v1MaxCursor is the longest cursor accepted (the store's own bound).
	v1MaxCursor = 512
	// v1MaxSlug bounds a firm slug before it reaches the database.
	v1MaxSlug = 100
)

// v1LanguageRe is an ISO 639-1 code.
var v1LanguageRe = regexp.MustCompile(`^[a-z]{2}$`)

// v1CategorySlugs lists the analyzer's categories for messages.
func v1CategorySlugs() string {
	s := make([]string, len(analysis.Categories))
	for i, c := range analysis.Categories {
		s[i] = c.Slug
	}
	return strings.Join(s, ", ")
}

// v1ParseWhen reads an RFC 3339 time or a YYYY-MM-DD date (midnight UTC).
func v1ParseWhen(s string) (time.Time, bool) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC(), true
	}
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t.UTC(), true
	}
	return time.Time{}, false
}

// searchQuery validates the search parameters, each with its own message.
func (h *V1Claims) searchQuery(c *fiber.Ctx) (models.SearchQuery, []ProblemField, error) {
	var q models.SearchQuery
	var errs []ProblemField
	bad := func(field, msg string) { errs = append(errs, ProblemField{Field: field, Message: msg}) }

	raw := c.Query("q")
	q.Q = strings.TrimSpace(raw)
	switch n := utf8.RuneCountInString(q.Q); {
	case validation.CheckText("q", q.Q) != "":
		bad("q", validation.CheckText("q", q.Q))
	case n > V1MaxSearchRunes:
		bad("q", fmt.Sprintf("q is %d characters long; the limit is %d.", n, V1MaxSearchRunes))
	}
	if v := c.Query("category"); v != "" {
		if !analysis.ValidCategory(v) {
			bad("category", "category must be one of: "+v1CategorySlugs()+".")
		}
		q.Category = v
	}
	if v := c.Query("verdict"); v != "" {
		slug, ok := models.VerdictFromV1(v)
		if !ok {
			bad("verdict", "verdict must be one of: verified, partial, refuted, unverified.")
		}
		q.Verdict = slug
	}
	if v := strings.ToLower(c.Query("language")); v != "" {
		if v != "und" && !v1LanguageRe.MatchString(v) {
			bad("language", "language must be a two-letter ISO 639-1 code such as en or tr, or und.")
		}
		q.Language = v
	}
	for _, p := range []struct {
		name string
		dst  **time.Time
	}{{"from", &q.From}, {"to", &q.To}} {
		if v := c.Query(p.name); v != "" {
			t, ok := v1ParseWhen(v)
			if !ok {
				bad(p.name, p.name+" must be an RFC 3339 time (2026-11-21T09:30:00Z) or a date (2026-11-21).")
				continue
			}
			*p.dst = &t
		}
	}
	if q.From != nil && q.To != nil && !q.From.Before(*q.To) {
		bad("to", "to must be later than from (to is exclusive).")
	}
	switch v := c.Query("order"); v {
	case "":
		q.Order = models.SearchNewest
		if q.Q != "" {
			q.Order = models.SearchRelevance
		}
	case models.SearchRelevance:
		if q.Q == "" {
			bad("order", "order=relevance needs a search text in q; without q results are newest first.")
		}
		q.Order = v
	case models.SearchNewest:
		q.Order = v
	default:
		bad("order", "order must be relevance or newest.")
	}
	q.Limit = 20
	if v := c.Query("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			bad("limit", "limit must be a whole number from 1 to 100.")
		} else {
			q.Limit = n
		}
	}
	if v := c.Query("cursor"); v != "" {
		if len(v) > v1MaxCursor {
			bad("cursor", "cursor is not one this API issued; start again without it.")
		}
		q.Cursor = v
	}
	if v := c.Query("firm"); v != "" {
		if len(v) > v1MaxSlug || !models.ValidFirmSlug(v) {
			bad("firm", fmt.Sprintf("firm must be a firm's slug; %q is not one.", v))
		} else {
			f, err := h.d.Firms.BySlug(c.UserContext(), v)
			switch {
			case errors.Is(err, models.ErrNotFound):
				bad("firm", fmt.Sprintf("There is no firm with slug %q.", v))
			case err != nil:
				return q, nil, err
			default:
				q.FirmID = f.ID
			}
		}
	}
	return q, errs, nil
}

// v1SearchPage is the answer of GET /v1/claims/search.
type v1SearchPage struct {
	Data       []v1SearchHit `json:"data"`
	NextCursor *string       `json:"next_cursor"`
	Links      struct {
		Next *string `json:"next"`
	} `json:"links"`
}

func (h *V1Claims) search(c *fiber.Ctx) error {
	ctx := c.UserContext()
	q, errs, err := h.searchQuery(c)
	if err != nil {
		return v1StoreFailed(c, h.d.Log, "search firm filter", err)
	}
	if len(errs) > 0 {
		return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, "Some search parameters are invalid.", errs...)
	}
	page, err := h.d.Search.Search(ctx, q)
	if errors.Is(err, models.ErrBadCursor) {
		return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, "The cursor does not belong to this search.",
			ProblemField{Field: "cursor", Message: "cursor is invalid or belongs to a different query; repeat the query without it."})
	}
	if err != nil {
		return v1StoreFailed(c, h.d.Log, "search", err)
	}
	out := v1SearchPage{Data: make([]v1SearchHit, 0, len(page.Hits))}
	refs := newV1FirmRefs(h.d.Firms, h.d.BaseURL)
	for i := range page.Hits {
		s, err := v1Summary(ctx, refs, &page.Hits[i].Claim, h.d.BaseURL)
		if err != nil {
			return v1StoreFailed(c, h.d.Log, "search firm", err)
		}
		out.Data = append(out.Data, v1SearchHit{v1ClaimSummary: s, Rank: page.Hits[i].Rank})
	}
	if page.NextCursor != "" {
		cur := page.NextCursor
		vals := url.Values{}
		c.Context().QueryArgs().VisitAll(func(k, v []byte) {
			if string(k) != "cursor" {
				vals.Add(string(k), string(v))
			}
		})
		vals.Set("cursor", cur)
		next := "/v1/claims/search?" + vals.Encode()
		out.NextCursor, out.Links.Next = &cur, &next
	}
	return c.JSON(out)
}

// v1DecodeSubmit reads {claim, source_url?} with a message per field.
func v1DecodeSubmit(body []byte) (checking.Input, string, []ProblemField) {
	var in checking.Input
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return in, `The request body is empty: send a JSON object such as {"claim": "..."}.`, nil
	}
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&raw); err != nil {
		return in, "The request body must be a JSON object: " + web.JSONProblem(err) + ".", nil
	}
	if raw == nil {
		return in, "The request body must be a JSON object, not null.", nil
	}
	if dec.More() {
		return in, "The request body has data after the JSON object.", nil
	}
	var fields []ProblemField
	if cr, ok := raw["claim"]; !ok || string(cr) == "null" {
		fields = append(fields, ProblemField{Field: "claim", Message: "Missing: the claim text to analyse."})
	} else if err := json.Unmarshal(cr, &in.Claim); err != nil {
		fields = append(fields, ProblemField{Field: "claim", Message: "claim must be a string."})
	}
	if sr, ok := raw["source_url"]; ok && string(sr) != "null" {
		if err := json.Unmarshal(sr, &in.SourceURL); err != nil {
			fields = append(fields, ProblemField{Field: "source_url", Message: "source_url must be a string (a URL) or null."})
		}
	}
	if len(fields) > 0 {
		return in, "The request body has invalid fields.", fields
	}
	return in, "", nil
}

// v1ValidIdempotencyKey accepts 1–200 visible ASCII characters.
func v1ValidIdempotencyKey(k string) bool {
	if k == "" || len(k) > models.MaxIdempotencyKeyLen {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x20 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

func (h *V1Claims) submit(c *fiber.Ctx) error {
	ctx := c.UserContext()
	key := V1Key(c)
	if key == nil {
		h.d.Log.Error("v1 submit", "err", errNoV1Key)
		return WriteProblem(c, fiber.StatusInternalServerError, ProblemInternal, "Something went wrong on our side.")
	}
	headers := func() {
		// On a read failure the count is stated as 0 rather than leaving the headers out.
		a, _ := h.d.Meter.Peek(ctx, key)
		apikey.SetHeaders(c, a)
	}
	if ct := strings.ToLower(strings.TrimSpace(c.Get(fiber.HeaderContentType))); !strings.HasPrefix(ct, fiber.MIMEApplicationJSON) {
		headers()
		shown := ct
		if shown == "" {
			shown = "none"
		}
		return WriteProblem(c, fiber.StatusUnsupportedMediaType, ProblemUnsupportedMediaType,
			fmt.Sprintf("Send the claim as application/json (Content-Type was %s).", shown))
	}
	in, msg, fields := v1DecodeSubmit(c.Body())
	if msg != "" {
		headers()
		return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, msg, fields...)
	}
	v, verr := checking.Validate(in)
	if verr != nil {
		headers()
		pf := make([]ProblemField, len(verr.Fields))
		for i, f := range verr.Fields {
			pf[i] = ProblemField{Field: f.Field, Message: f.Message}
		}
		return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, "The claim cannot be submitted as sent.", pf...)
	}
	var idem *models.Idempotency
	if ik := c.Get("Idempotency-Key"); ik != "" {
		if !v1ValidIdempotencyKey(ik) {
			headers()
			return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, "The Idempotency-Key header is invalid.",
				ProblemField{Field: "Idempotency-Key", Message: fmt.Sprintf("Idempotency-Key must be 1 to %d visible ASCII characters.", models.MaxIdempotencyKeyLen)})
		}
		fp := sha256.Sum256([]byte(v.Claim + "\x00" + v.SourceURL))
		idem = &models.Idempotency{Key: ik, Fingerprint: hex.EncodeToString(fp[:])}
	}
	sub := &models.ClaimSubmission{Content: v.Claim}
	if v.SourceURL != "" {
		src := v.SourceURL
		sub.SourceURL = &src
	}
	charge := h.d.Meter.Charge(key)
	res, err := h.d.Submissions.Enqueue(ctx, sub, charge.Payment(), idem)
	if errors.Is(err, models.ErrIdempotencyMismatch) {
		headers()
		return WriteProblem(c, fiber.StatusUnprocessableEntity, ProblemConflict,
			"This Idempotency-Key was used in the last 24 hours for a different claim; use a new key for a new claim.")
	}
	if err != nil {
		h.d.Log.Error("v1 submit", "err", err)
		return WriteProblem(c, fiber.StatusServiceUnavailable, ProblemUnavailable,
			"The claim could not be queued; nothing was stored or counted. Retry shortly.")
	}
	if res.Refused {
		adm := charge.Admission()
		apikey.SetHeaders(c, adm)
		return v1OverQuotaProblem(c, adm)
	}
	if res.Replayed {
		headers()
		c.Set("Idempotent-Replayed", "true")
	} else {
		apikey.SetHeaders(c, charge.Admission())
		if h.d.Submitted != nil {
			h.d.Submitted()
		}
	}
	s := res.Submission
	c.Location(paths.V1Claim(s.ID))
	return c.Status(fiber.StatusAccepted).JSON(v1Accepted{ID: s.ID, Status: v1PublicState(s.State), CreatedAt: s.CreatedAt.UTC(),
		Links: h.claimLinks(s.ID, false)})
}
