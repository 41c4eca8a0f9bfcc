package viewmodel

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/pages/claims"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// This file turns stored records into the display-ready view types of the views packages, so the
// templates never see a model and every formatting rule lives in one testable place.

// ListTextRunes is how much of a claim a list shows; the full text is one click away.
const ListTextRunes = 240

// subScoreSpec describes one of the four sub-scores; its name and question are the messages
// subscore.<key>.label and subscore.<key>.question.
type subScoreSpec struct {
	key, field string
	value      func(*models.Claim) int
}

// subScoreSpecs is the display order of the sub-scores (docs/DECISIONS.md §3).
var subScoreSpecs = []subScoreSpec{
	{"source", analysis.FieldSourceScore, func(c *models.Claim) int { return c.SourceScore }},
	{"science", analysis.FieldScienceScore, func(c *models.Claim) int { return c.ScienceScore }},
	{"academic", analysis.FieldAcademicScore, func(c *models.Claim) int { return c.AcademicScore }},
	{"public", analysis.FieldPublicScore, func(c *models.Claim) int { return c.PublicScore }},
}

// basisLabel names a basis field for people: the message basis.field.<field> for the fields the
// analysis knows, else the field's own name.
func basisLabel(loc *i18n.Localizer, field string) string {
	if slices.Contains(analysis.BasisFields, field) {
		return loc.T("basis.field." + field)
	}
	return format.UpperFirst(strings.ReplaceAll(field, "_", " "))
}

// VerdictView pairs the Turkish label with the English gloss. The analysis package words a
// meaning as "Short: explanation"; the short part becomes the badge's English name.
func VerdictView(slug string) components.Verdict {
	label, meaning := analysis.VerdictInfo(analysis.Verdict(slug))
	v := components.Verdict{Slug: slug, Label: label, Meaning: meaning, Explanation: meaning}
	if short, rest, ok := strings.Cut(meaning, ":"); ok && !strings.EqualFold(short, label) {
		v.English = strings.TrimSpace(short)
		if rest = strings.TrimSpace(rest); rest != "" {
			v.Explanation = format.UpperFirst(strings.TrimSuffix(rest, ".")) + "."
		}
	}
	return v
}

// categoryLabels returns the English and Turkish labels of a category slug; an unknown slug is
// shown as itself so a bad row stays visible.
func categoryLabels(slug string) (en, tr string) {
	for _, c := range analysis.Categories {
		if c.Slug == slug {
			return c.LabelEN, c.LabelTR
		}
	}
	if slug == "" {
		return "Uncategorised", ""
	}
	return slug, ""
}

// languageLabel names a language code in English, e.g. "Turkish (tr)".
func languageLabel(code string) string {
	code = strings.TrimSpace(code)
	if code == "" || code == "und" {
		return "Undetermined"
	}
	tag, err := language.Parse(code)
	if err != nil {
		return code
	}
	name := display.English.Languages().Name(tag)
	if name == "" {
		return code
	}
	return name + " (" + code + ")"
}

// ParseBasis decodes the stored basis; a corrupt value yields an empty map (every field then
// reads "no record"), because one bad row must not take its page down.
func ParseBasis(raw string) (map[string]analysis.FieldBasis, error) {
	m := map[string]analysis.FieldBasis{}
	if strings.TrimSpace(raw) == "" {
		return m, nil
	}
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return map[string]analysis.FieldBasis{}, fmt.Errorf("decode basis: %w", err)
	}
	return m, nil
}

// basisView converts one stored basis. The analyzer words unassessed details as "Not assessed:
// reason" or "Not assessed offline: reason"; the status part becomes Lead, shown in bold, so the
// page can print it once and consistently.
func basisView(loc *i18n.Localizer, b analysis.FieldBasis, ok bool) components.Basis {
	if !ok {
		return components.Basis{Missing: true, Lead: loc.T("basis.extra.no_record"),
			Detail: loc.T("basis.extra.no_record_detail")}
	}
	v := components.Basis{Assessed: b.Assessed, Method: b.Method, Detail: strings.TrimSpace(b.Detail)}
	if !b.Assessed {
		v.Lead = loc.T("basis.not_assessed")
		if rest, found := cutPrefixFold(v.Detail, "Not assessed"); found {
			if lead, reason, hasColon := strings.Cut(rest, ":"); hasColon && len(lead) <= 30 {
				v.Lead = "Not assessed" + strings.TrimRight(lead, " ")
				if strings.EqualFold(strings.TrimSpace(lead), "offline") {
					v.Lead = loc.T("basis.extra.not_assessed_offline")
				} else if strings.TrimSpace(lead) == "" {
					v.Lead = loc.T("basis.not_assessed")
				}
				v.Detail = format.UpperFirst(strings.TrimSpace(reason))
			}
		}
	}
	if v.Detail == "" {
		v.Detail = loc.T("basis.extra.no_explanation")
	} else if d, ok := basisDetail(loc, v.Detail); ok {
		v.Detail = d
	} else {
		v.Lang = string(i18n.EN)
	}
	if v.Lang == "" {
		// In the page's language, so its casing rules: a Turkish sentence may start with an i.
		v.Detail = loc.UpperFirst(v.Detail)
	} else {
		v.Detail = format.UpperFirst(v.Detail)
	}
	return v
}

// cutPrefixFold is strings.CutPrefix ignoring ASCII case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// SourceDomain is the host to show for a claim's source: the analyzer's normalised domain when
// stored, else the URL's host.
func SourceDomain(c *models.Claim) string {
	if c.SourceDomain != nil && *c.SourceDomain != "" {
		return *c.SourceDomain
	}
	if c.SourceURL == nil {
		return ""
	}
	if u, err := url.Parse(*c.SourceURL); err == nil {
		return strings.TrimPrefix(u.Hostname(), "www.")
	}
	return ""
}

// safeSourceURL returns the source URL only when it is an absolute http(s) address, so a stored
// value that slipped past validation can never become a javascript: link.
func safeSourceURL(c *models.Claim) string {
	if c.SourceURL == nil {
		return ""
	}
	u, err := url.Parse(*c.SourceURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return *c.SourceURL
}

// ClaimSummary converts a claim for lists: the experts' verdict and score first when any expert
// voted, with the analyzer's after them; "not enough evidence" without a score when nothing
// decided the verdict.
func ClaimSummary(ctx context.Context, c *models.Claim, now time.Time) components.ClaimSummary {
	loc := i18n.From(ctx)
	f := format.For(loc)
	cat := categoryLabel(loc, c.Category)
	o := ClaimOutcome(c)
	s := components.ClaimSummary{
		URL:               paths.Claim(c.ID),
		Text:              format.Truncate(c.Content, ListTextRunes),
		Verdict:           VerdictView(c.AIVerdict),
		ScoreText:         strconv.Itoa(c.AIScore),
		NotEnoughEvidence: NotEnoughEvidence(c, o),
		Category:          cat,
		Language:          languageName(loc, c.Language),
		SourceDomain:      SourceDomain(c),
		CreatedISO:        format.ISO(c.CreatedAt),
		CreatedText:       f.Ago(now, c.CreatedAt),
		CreatedTitle:      f.Time(c.CreatedAt),
	}
	if s.NotEnoughEvidence {
		s.ScoreText = ""
	}
	if c.HasCommunityScore() {
		s.ByExperts, s.Verdict, s.ScoreText = true, VerdictView(*c.CommunityVerdict), f.Number(*c.CommunityScore, 2)
		s.Analyzer = analyzerResult(loc, c, o)
	}
	return s
}

// analyzerResult is the analyzer's verdict and score in words, for showing after the experts'.
func analyzerResult(loc *i18n.Localizer, c *models.Claim, o Outcome) string {
	label := verdictLabel(loc, c.AIVerdict)
	if !o.Decided {
		return loc.T("claim.item.analyzer_not_enough", "Verdict", label)
	}
	return loc.T("claim.item.analyzer", "Verdict", label, "Score", strconv.Itoa(c.AIScore))
}

// verdictLabel is a verdict's name from the message files; an unknown slug is shown as stored.
func verdictLabel(loc *i18n.Localizer, slug string) string {
	if analysis.ValidVerdict(slug) {
		return loc.T("verdict." + slug + ".label")
	}
	label, _ := analysis.VerdictInfo(analysis.Verdict(slug))
	return label
}

// categoryLabel is a category's label in the reader's language.
func categoryLabel(loc *i18n.Localizer, slug string) string {
	en, tr := categoryLabels(slug)
	if loc.Lang() == i18n.TR {
		if tr != "" {
			return tr
		}
		if slug == "" {
			return loc.T("claim.uncategorised")
		}
	}
	return en
}

// languageName names a language code in the reader's language, e.g. "Türkçe (tr)".
func languageName(loc *i18n.Localizer, code string) string {
	if loc.Lang() != i18n.TR {
		return languageLabel(code)
	}
	code = strings.TrimSpace(code)
	if code == "" || code == "und" {
		return loc.T("claim.language_undetermined")
	}
	tag, err := language.Parse(code)
	if err != nil {
		return code
	}
	name := display.Languages(language.Turkish).Name(tag)
	if name == "" {
		return code
	}
	return loc.UpperFirst(name) + " (" + code + ")"
}

// ClaimSummaries converts a page of claims for lists, in the language of ctx.
func ClaimSummaries(ctx context.Context, cs []models.Claim, now time.Time) []components.ClaimSummary {
	out := make([]components.ClaimSummary, len(cs))
	for i := range cs {
		out[i] = ClaimSummary(ctx, &cs[i], now)
	}
	return out
}

// ClaimShow converts a claim for its page, in the language of ctx; basis is the decoded basis.
func ClaimShow(ctx context.Context, c *models.Claim, basis map[string]analysis.FieldBasis, shareURL string, now time.Time) claims.ShowPage {
	loc := i18n.From(ctx)
	f := format.For(loc)
	cat, catTR := categoryLabels(c.Category)
	if loc.Lang() == i18n.TR {
		cat, catTR = categoryLabel(loc, c.Category), ""
	}
	p := claims.ShowPage{
		ID:              c.ID,
		Text:            c.Content,
		Long:            utf8.RuneCountInString(c.Content) > 280,
		Verdict:         VerdictView(c.AIVerdict),
		Score:           c.AIScore,
		Summary:         c.AISummary,
		Category:        cat,
		CategoryTR:      catTR,
		Language:        languageName(loc, c.Language),
		EnQuery:         c.EnQuery,
		SourceURL:       safeSourceURL(c),
		SourceDomain:    SourceDomain(c),
		CreatedISO:      format.ISO(c.CreatedAt),
		CreatedText:     f.Time(c.CreatedAt),
		CreatedAgo:      loc.UpperFirst(f.Ago(now, c.CreatedAt)),
		ShareURL:        shareURL,
		Analyzer:        c.Analyzer,
		AnalyzerVersion: c.AnalyzerVersion,
	}
	if p.Analyzer == "" {
		p.Analyzer = loc.T("claim.texts.analyzer_unknown")
	}
	if p.SourceDomain == "" && p.SourceURL != "" {
		p.SourceDomain = p.SourceURL
	}
	for _, s := range subScoreSpecs {
		b, ok := basis[s.field]
		v := components.SubScore{Key: s.key, Label: loc.T("subscore." + s.key + ".label"), Question: loc.T("subscore." + s.key + ".question"),
			Score: s.value(c), Basis: basisView(loc, b, ok)}
		if !v.Basis.Assessed {
			p.NotAssessed++
		}
		p.SubScores = append(p.SubScores, v)
	}
	fields := slices.Clone(analysis.BasisFields)
	var extra []string
	for k := range basis {
		if !slices.Contains(fields, k) {
			extra = append(extra, k)
		}
	}
	slices.Sort(extra)
	for _, f := range append(fields, extra...) {
		b, ok := basis[f]
		p.Basis = append(p.Basis, claims.BasisRow{Field: f, Label: basisLabel(loc, f), Basis: basisView(loc, b, ok)})
	}
	o := AnalysisOutcome(c, basis)
	p.Source, p.Related, p.RelatedTitle = matchesView(loc, o)
	p.CardTitle, p.CardBasis, p.BasisMethod = CardTitleIn(loc, o), CardBasisIn(loc, o, basis), o.Method
	if !o.Decided {
		p.NotEnoughEvidence, p.BasisMethod = true, BasisNotEnoughEvidence
		p.Summary = PlainSummaryIn(loc, o)
	} else if loc.Lang() != i18n.EN {
		p.Summary = SummaryIn(loc, p.Summary)
	}
	p.Evidence, p.Run, p.Prompt = runViews(loc, c.AnalysisMeta)
	return p
}

// matchView converts one compared fact-check for the claim page.
func matchView(loc *i18n.Localizer, m analysis.Match) claims.MatchView {
	return claims.MatchView{
		ClaimReviewed: m.ClaimReviewed, URL: webURL(m.URL), Publisher: publisherName(loc, m.Publisher), TextualRating: m.TextualRating,
		Verdict: VerdictView(string(m.Verdict)), Similarity: format.For(loc).Fixed(m.Similarity, 2), Used: m.Confident,
		Sources: WebURLs(m.Sources),
	}
}

// matchesView splits the compared fact-checks into the one the verdict came from and the
// related ones, each with why it did not decide. A row whose matches cannot be decoded shows
// none rather than failing the page (the basis still says what happened).
func matchesView(loc *i18n.Localizer, o Outcome) (*claims.MatchView, []claims.MatchView, string) {
	var src *claims.MatchView
	if o.Source != nil {
		v := matchView(loc, *o.Source)
		src = &v
	}
	related := make([]claims.MatchView, 0, len(o.Related))
	allDifferent := true
	for _, r := range o.Related {
		v := matchView(loc, r.Match)
		reason, inLang := reasonInLang(loc, r)
		v.Used, v.Different, v.Reason = false, r.Different, reason
		if !inLang {
			v.ReasonLang = string(i18n.EN)
		}
		allDifferent = allDifferent && r.Different
		related = append(related, v)
	}
	title := loc.T("match.related_different")
	if !allDifferent {
		title = loc.T("match.related_title")
	}
	return src, related, title
}

// runViews decodes analysis_meta into related reading, facts about the run and the model prompt.
func runViews(loc *i18n.Localizer, raw string) ([]claims.EvidenceView, []claims.RunFact, []claims.RunFact) {
	var m checking.StoredMeta
	if raw == "" || json.Unmarshal([]byte(raw), &m) != nil {
		return nil, nil, nil
	}
	var prompt []claims.RunFact
	for _, pm := range m.Prompt {
		prompt = append(prompt, claims.RunFact{Label: loc.T("run.message", "Role", format.UpperFirst(pm.Role)), Value: pm.Content})
	}
	var ev []claims.EvidenceView
	for _, e := range m.EvidenceItems {
		ev = append(ev, claims.EvidenceView{Provider: providerLabel(e.Provider), Title: e.Title, URL: webURL(e.URL), Snippet: e.Snippet, Detail: e.Detail})
	}
	var run []claims.RunFact
	if m.Model != "" {
		run = append(run, claims.RunFact{Label: loc.T("run.model"), Value: m.Model})
	}
	if m.LatencyMS > 0 {
		run = append(run, claims.RunFact{Label: loc.T("run.time"), Value: format.For(loc).Int(m.LatencyMS) + " ms"})
	}
	if m.PromptTokens+m.CompletionTokens > 0 {
		run = append(run, claims.RunFact{Label: loc.T("run.tokens"), Value: loc.T("run.tokens_value", "Prompt", m.PromptTokens, "Completion", m.CompletionTokens)})
	}
	if m.Fallback != "" {
		run = append(run, claims.RunFact{Label: loc.T("run.fallback"), Value: m.Fallback})
	}
	if len(m.Evidence) > 0 {
		run = append(run, claims.RunFact{Label: loc.T("run.sources"), Value: strings.Join(m.Evidence, ", ")})
	}
	return ev, run, prompt
}

// providerLabel names an evidence provider for people.
func providerLabel(p string) string {
	switch p {
	case "wikipedia":
		return "Wikipedia"
	case "openalex":
		return "OpenAlex"
	case "google-factcheck":
		return "Google Fact Check"
	}
	return p
}

// WebURLs keeps the http(s) addresses of a list.
func WebURLs(in []string) []string {
	var out []string
	for _, s := range in {
		if u := webURL(s); u != "" {
			out = append(out, u)
		}
	}
	return out
}

// webURL keeps only http(s) addresses, so a stored urn: or javascript: value is never a link.
func webURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return s
}

// ClaimReviewLD is schema.org ClaimReview structured data for a claim page.
type ClaimReviewLD struct {
	Context       string     `json:"@context"`               // always https://schema.org
	Type          string     `json:"@type"`                  // always ClaimReview
	URL           string     `json:"url"`                    // the claim page's canonical URL
	ClaimReviewed string     `json:"claimReviewed"`          // the claim, verbatim
	DatePublished string     `json:"datePublished"`          // when the check was stored
	Author        ldOrg      `json:"author"`                 // Claimcheck itself
	ReviewRating  *ldRating  `json:"reviewRating,omitempty"` // the 0–100 score and verdict label; none without a finding
	ItemReviewed  ldClaimRef `json:"itemReviewed"`           // the claim and where it appeared
}

// ldOrg is a schema.org Organization.
type ldOrg struct {
	Type string `json:"@type"`         // always Organization
	Name string `json:"name"`          // the organisation's name
	URL  string `json:"url,omitempty"` // its home page
}

// ldRating is a schema.org Rating on Claimcheck's 0–100 scale.
type ldRating struct {
	Type          string `json:"@type"`         // always Rating
	RatingValue   int    `json:"ratingValue"`   // the overall score
	BestRating    int    `json:"bestRating"`    // 100
	WorstRating   int    `json:"worstRating"`   // 0
	AlternateName string `json:"alternateName"` // the verdict label, e.g. Belirsiz
}

// ldClaimRef is a schema.org Claim, with where it appeared when known.
type ldClaimRef struct {
	Type       string           `json:"@type"`                // always Claim
	Appearance []ldCreativeWork `json:"appearance,omitempty"` // the source page, if given
}

// ldCreativeWork is a page the claim appeared on.
type ldCreativeWork struct {
	Type string `json:"@type"` // always CreativeWork
	URL  string `json:"url"`   // the source URL
}

// ClaimReview builds the ClaimReview for c, rated with its current score; a claim with not enough
// evidence (rated) false gets no rating, since a 50 would publish a finding there is none of. It
// is encoded by templ.JSONScript, whose encoder escapes <, > and & as \u003c etc., so claim text
// can never close the script element.
func ClaimReview(c *models.Claim, pageURL, baseURL string, rated bool) ClaimReviewLD {
	sv := c.EffectiveScore()
	slug, _ := models.VerdictFromV1(sv.Verdict)
	label, _ := analysis.VerdictInfo(analysis.Verdict(slug))
	ld := ClaimReviewLD{
		Context:       "https://schema.org",
		Type:          "ClaimReview",
		URL:           pageURL,
		ClaimReviewed: c.Content,
		DatePublished: format.ISO(c.CreatedAt),
		Author:        ldOrg{Type: "Organization", Name: "Claimcheck", URL: baseURL + "/"},
		ItemReviewed:  ldClaimRef{Type: "Claim"},
	}
	if rated {
		ld.ReviewRating = &ldRating{Type: "Rating", RatingValue: int(math.Round(sv.Score)), BestRating: 100, WorstRating: 0,
			AlternateName: label}
	}
	if src := safeSourceURL(c); src != "" {
		ld.ItemReviewed.Appearance = []ldCreativeWork{{Type: "CreativeWork", URL: src}}
	}
	return ld
}

// ClaimField is the claim textarea.
func ClaimField(value, msg string) components.Field {
	return components.Field{
		ID: "claim", Name: "claim", Label: "field.claim.label", Type: "textarea", Rows: 6,
		Hint:        "field.claim.hint",
		Placeholder: "field.claim.placeholder",
		Value:       value, Error: msg, Required: true, MaxLength: checking.MaxClaimChars, Counter: true,
	}
}

// SourceField is the optional source URL input.
func SourceField(value, msg string) components.Field {
	return components.Field{
		ID: "source_url", Name: "source_url", Label: "field.source.label", Type: "url", Optional: true,
		Hint:        "field.source.hint",
		Placeholder: "https://",
		Value:       value, Error: msg, MaxLength: checking.MaxSourceURLChars, Autocomplete: "url",
	}
}

// FirmLink is the claim page's line about the claim's firm, in the language of ctx.
func FirmLink(ctx context.Context, f *models.FirmWithDomains, c *models.Claim) *claims.FirmLink {
	loc := i18n.From(ctx)
	trust := loc.T("firm.not_rated")
	if f.TrustScore != nil {
		trust = format.For(loc).Number(*f.TrustScore, 1) + " / 100"
	}
	l := &claims.FirmLink{Name: f.Name, Href: paths.Firm(f.Slug), Trust: trust,
		ByAdmin: c.FirmSource != nil && *c.FirmSource == "admin", Confirmed: c.AttributionConfirmed()}
	if l.Confirmed {
		if c.FirmConfirmedAt != nil {
			l.ConfirmedText = loc.T("firm.confirmed_on", "When", format.For(loc).Time(*c.FirmConfirmedAt))
		} else {
			l.ConfirmedText = loc.T("firm.confirmed")
		}
	}
	return l
}

// CommunityView is the claim page's expert-review section.
func CommunityView(ctx context.Context, c *models.Claim, votes []models.VoteListing, hist []models.ClaimScoreChange, now time.Time) *claims.CommunityView {
	loc := i18n.From(ctx)
	f := format.For(loc)
	sv := c.EffectiveScore()
	slug, _ := models.VerdictFromV1(sv.Verdict)
	v := &claims.CommunityView{Verdict: VerdictView(slug), Score: f.Number(sv.Score, 2), Confidence: f.Number(sv.Confidence, 2), Experts: sv.Experts}
	for _, vote := range votes {
		vv := claims.VoteView{Expert: vote.ExpertName, Verdict: VerdictView(vote.Verdict), Confidence: f.Number(vote.Confidence, 2),
			Note: vote.Note, When: f.Ago(now, vote.UpdatedAt)}
		if vote.ExpertID != "" {
			vv.Href = paths.Expert(vote.ExpertID)
		}
		for _, s := range vote.Sources {
			if strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://") {
				vv.Sources = append(vv.Sources, s)
			}
		}
		v.Votes = append(v.Votes, vv)
	}
	for _, h := range hist {
		cause := loc.T("community.cause.analysis")
		if h.Cause == "vote" {
			cause = loc.T("community.cause.vote")
		}
		label := verdictLabel(loc, h.Verdict)
		v.History = append(v.History, claims.HistoryRow{When: f.Time(h.CreatedAt), Cause: cause, Score: f.Number(h.Score, 2),
			Verdict: label, Experts: strconv.Itoa(h.Experts), Confidence: f.Number(h.Confidence, 2)})
	}
	return v
}
