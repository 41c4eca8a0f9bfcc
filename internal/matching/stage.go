package matching

import (
	"context"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// DefaultThreshold is the retrieval floor: a candidate less similar than this is not examined
// for the same-claim decision at all. The decision itself is the claim alignment (decide.go);
// similarity only retrieves. 0.25 was chosen on the development set and the evaluation set's
// tuning half (internal/knowledge/testdata): with the alignment reading fillers, bounds and
// clause structure, rewordings at 0.25–0.3 ("Dünya yuvarlak değil, dümdüz!!!") are decided
// correctly and no look-alike or unrelated claim above 0.25 was accepted there; below it,
// candidates share too few words for the retrieval to be trusted with them.
const DefaultThreshold = 0.25

// Version is the analyzer version of the offline pipeline with knowledge-base matching; it
// replaces analysis.OfflineVersion because verdicts can now be decided.
const Version = "offline-2"

// MethodMatch marks a field taken from a matched earlier fact-check.
const MethodMatch = "knowledge-base-match"

// StageOptions tunes the matching stage.
type StageOptions struct {
	// Threshold is the retrieval floor (see DefaultThreshold); 0 means DefaultThreshold.
	Threshold float64
	// MaxMatches is how many candidates Result.Matches lists; 0 means 3.
	MaxMatches int
}

// Stage is the analysis stage that matches a claim against the knowledge base.
type Stage struct {
	ix   *Index
	opts StageOptions
}

// NewStage builds the matching stage over ix.
func NewStage(ix *Index, opts StageOptions) *Stage {
	if opts.Threshold <= 0 {
		opts.Threshold = DefaultThreshold
	}
	if opts.MaxMatches <= 0 {
		opts.MaxMatches = 3
	}
	return &Stage{ix: ix, opts: opts}
}

// UndecidedReason is the plain sentence an analysis with matching gives when no earlier
// fact-check states the claim; it opens the summary a reader sees, so it has no internal words.
const UndecidedReason = "Claimcheck found no earlier fact-check of this claim, so it cannot say whether it is true."

// NewAnalyzer is the offline analyzer with knowledge-base matching: the offline stages
// (language, source, not-assessed defaults, category, English query) and then the matching stage,
// which reads the language they detected.
func NewAnalyzer(off *analysis.Offline, ix *Index) (*analysis.Pipeline, error) {
	if off == nil || ix == nil {
		return nil, fmt.Errorf("matching analyzer: needs the offline analyzer and an index")
	}
	p, err := analysis.NewPipeline(analysis.PipelineConfig{
		Name:            analysis.OfflineName,
		Version:         Version,
		Stages:          append(off.Stages(), NewStage(ix, StageOptions{})),
		UndecidedReason: UndecidedReason,
	})
	if err != nil {
		return nil, fmt.Errorf("matching analyzer: %w", err)
	}
	return p, nil
}

// Name identifies the stage in errors.
func (s *Stage) Name() string { return "kb-match" }

// searchDepth is how many candidates the stage asks for: the listed matches plus a few, so a
// confident match behind refused look-alikes is still found.
const searchDepth = 6

// chooseConfident picks the candidate that decides, or -1: the first (best ranked) candidate
// the alignment accepted and that is above the retrieval floor. A review in the claim's own
// language (its words matched as words) is preferred to any review in another language: the
// reader gets the fact-check written for them.
func chooseConfident(cands []Candidate, lang string, threshold float64) int {
	refused := 0.0 // similarity of the closest refused candidate
	for _, c := range cands {
		if c.Rejected != "" {
			refused = max(refused, c.Similarity)
		}
	}
	ok := make([]bool, len(cands))
	predicate := predicateRefusedAbove(cands, lang) // predshadow.go
	for i, c := range cands {
		ok[i] = c.Rejected == "" && c.retrievalSimilarity() >= threshold && c.Similarity >= refused-refusedMargin && !shadowedByPredicate(c, lang, predicate)
	}
	for i, c := range cands {
		if ok[i] && ownLanguage(lang, c) {
			return i
		}
	}
	for i := range cands {
		if ok[i] {
			return i
		}
	}
	return -1
}

// ownLanguage reports a review in the claim's language; for a claim whose language is
// undetermined, one that matches at least half of the claim in its own words.
func ownLanguage(lang string, c Candidate) bool {
	if lang == "und" || lang == "" {
		return c.lexical >= 0.5
	}
	return c.Review.Lang == lang
}

// refusedMargin: a candidate clearly less similar than one the alignment refused does not
// decide. When the closest fact-check states a different claim (another subject, a negation),
// the claim is that fact-check's look-alike, and a weaker candidate that the alignment accepts
// (often the other-language twin, aligned through looser translations) is a coincidence.
const refusedMargin = 0.1

// matchFloor is the similarity below which a candidate is not worth listing as "considered".
const matchFloor = 0.2

// Apply matches the claim. A confident match decides the verdict, the score, the summary and
// (for a fact-check of a scientific question) the science score, each with its basis; without
// one the verdict stays undecided and the basis names the closest candidate and why it was not
// taken.
func (s *Stage) Apply(_ context.Context, in analysis.Input, r *analysis.Result) error {
	cands := s.ix.Search(in.Claim, r.Language, searchDepth)
	confident := chooseConfident(cands, r.Language, s.opts.Threshold)
	for i := range cands {
		// Not refused part by part, but not taken either: say why, so a page never shows a
		// related fact-check without a reason. (One that states the same claim as the one taken,
		// its twin in the other language, keeps no reason.)
		switch {
		case i == confident || cands[i].Rejected != "":
		case cands[i].retrievalSimilarity() < s.opts.Threshold:
			cands[i].Rejected = "too little in common with this claim to be checked against it"
		case confident < 0:
			cands[i].Rejected = "a closer fact-check states a different claim, so this one is not taken"
		}
	}
	r.Matches = r.Matches[:0]
	for i, c := range cands {
		if c.Similarity < matchFloor && i != confident || (len(r.Matches) >= s.opts.MaxMatches && i != confident) {
			continue
		}
		r.Matches = append(r.Matches, analysis.Match{
			URL: c.Review.URL, ClaimReviewed: c.Review.Claim, Similarity: round3(c.Similarity), Verdict: c.Review.Verdict,
			Confident: i == confident, Publisher: c.Review.Publisher, TextualRating: c.Review.RatingText,
			Language: c.Review.Lang, Rejected: c.Rejected, Sources: c.Review.Sources,
		})
	}
	if confident < 0 {
		s.undecided(cands, r)
		return nil
	}
	c := cands[confident]
	d := c.Review
	matched := matchedSentence(d, similarityPhrase(c))
	r.Verdict = d.Verdict
	r.Basis[analysis.FieldVerdict] = analysis.FieldBasis{Assessed: true, Method: MethodMatch,
		Detail: matched + ". The verdict is the fact-check's rating mapped onto the four verdicts (" + string(d.Verdict) + ")."}
	score, rule := ReviewScore(d)
	r.Score = score
	r.Basis[analysis.FieldScore] = analysis.FieldBasis{Assessed: true, Method: MethodMatch, Detail: matched + ". " + rule}
	r.Summary = summaryOf(d)
	r.Basis[analysis.FieldSummary] = analysis.FieldBasis{Assessed: true, Method: MethodMatch,
		Detail: "The matched fact-check's own explanation, attributed to its publisher and linked (" + d.URL + ")."}
	if scientificCategory[d.Category] {
		r.ScienceScore = score
		r.Basis[analysis.FieldScienceScore] = analysis.FieldBasis{Assessed: true, Method: MethodMatch,
			Detail: fmt.Sprintf("%s. The fact-check is filed under %s, where it weighs the claim against the scientific evidence it cites, so its rating is also the agreement with scientific knowledge (%d).", matched, d.Category, score)}
	} else {
		r.ScienceScore = analysis.NeutralScore
		r.Basis[analysis.FieldScienceScore] = analysis.NotAssessed(notScientific(d))
	}
	return nil
}

// matchedSentence opens every basis of a confident match: which fact-check, and why it counts;
// similarity is similarityPhrase's account of the similarity measured.
func matchedSentence(d *ReviewDoc, similarity string) string {
	return fmt.Sprintf("Matched: %q (%s%s), %s; the claim alignment found it states the same claim (subject, predicate, objects, names, numbers and negation agree)", d.Claim, publisherName(d), ratingNote(d), similarity)
}

// similarityPhrase says which similarity held the candidate to the retrieval floor: the whole
// post's, or, where a story around the claim diluted it, also the clause's that states the
// fact-check by itself (retrievalSimilarity), so the basis shows the number the match rests on.
// The clause's double quotes become single ones: pages translate the stored sentence back into
// its parts (internal/analysis/basis_text.go), and an escaped quote would not read back alike.
func similarityPhrase(c Candidate) string {
	if c.retrievalSimilarity() > c.Similarity {
		return fmt.Sprintf("similarity %.2f for the whole post and %.2f for its clause %q, which states the fact-check by itself",
			c.Similarity, c.pieceSim, strings.ReplaceAll(c.piece, `"`, `'`))
	}
	return fmt.Sprintf("similarity %.2f", c.Similarity)
}

// undecided records why no fact-check decided the verdict.
func (s *Stage) undecided(cands []Candidate, r *analysis.Result) {
	r.Verdict = analysis.VerdictUnclear
	r.Basis[analysis.FieldVerdict] = analysis.FieldBasis{Assessed: false, Method: analysis.MethodRule, Detail: undecidedDetail(cands, s.opts.Threshold, s.ix.Len())}
	r.ScienceScore = analysis.NeutralScore
	r.Basis[analysis.FieldScienceScore] = analysis.NotAssessed("Not assessed offline: no earlier fact-check matched the claim, and nothing else offline measures agreement with scientific knowledge.")
}

// undecidedDetail says why no fact-check among n decided the verdict: the closest candidate and
// why it was refused or how far below the threshold it stayed.
func undecidedDetail(cands []Candidate, threshold float64, n int) string {
	detail := "No earlier fact-check states this claim"
	if len(cands) > 0 && cands[0].Similarity >= matchFloor {
		c := cands[0]
		detail += fmt.Sprintf(" (closest by BM25 retrieval: %q, similarity %.2f", c.Review.Claim, c.Similarity)
		if c.Rejected != "" {
			detail += "; the claim alignment refused it: " + c.Rejected
		} else {
			detail += fmt.Sprintf(", below the %.2f retrieval floor", threshold)
		}
		detail += ")"
	}
	return detail + fmt.Sprintf(" among %d fact-checks in the knowledge base, so the verdict is belirsiz: the offline analyzer never invents one.", n)
}

// scientificCategory lists the review categories whose fact-checks judge a claim against
// scientific evidence; only for those is the review's rating also a science score.
var scientificCategory = map[string]bool{"health": true, "science": true, "environment": true}

// notScientific is the science basis when the matched review is not about a scientific question.
func notScientific(d *ReviewDoc) string {
	if d.Category == "" {
		return "Not assessed offline: the matched fact-check has no category, so whether it judges scientific evidence is unknown."
	}
	return fmt.Sprintf("Not assessed offline: the matched fact-check is filed under %s, not a scientific question, so its rating says nothing about agreement with scientific knowledge.", d.Category)
}

// verdictMidpoint is the score of a verdict when the review has no numeric rating: the middle of
// the verdict's band (see ReviewScore).
var verdictMidpoint = map[analysis.Verdict]int{
	analysis.VerdictTrue: 90, analysis.VerdictPartly: 50, analysis.VerdictFalse: 10, analysis.VerdictUnclear: 50,
}

// verdictBand is the score range each verdict may take, so a score never contradicts its verdict
// (a "Misleading" review rated 4 of 5 stays kismen and at most 65).
var verdictBand = map[analysis.Verdict][2]int{
	analysis.VerdictTrue: {65, 90}, analysis.VerdictPartly: {35, 65}, analysis.VerdictFalse: {10, 35}, analysis.VerdictUnclear: {50, 50},
}

// ReviewScore is the 0–100 score a confident match gives, with the rule in words for the basis.
//
// A numeric rating is rescaled linearly onto 10–90: score = 10 + 80 × (value − worst) / (best −
// worst), so on the usual 1–5 scale 1 → 10, 2 → 30, 3 → 50, 4 → 70, 5 → 90. The ends 0 and 100
// are left out on purpose: one earlier fact-check matched by wording is strong evidence, not
// certainty (the match itself may be imperfect). The result is then kept inside the verdict's
// band (yanlis 10–35, kismen 35–65, dogru 65–90, belirsiz 50) so the score never contradicts the
// verdict the same review gave in words. Without a numeric rating the score is the verdict's
// midpoint: dogru 90, kismen 50, yanlis 10, belirsiz 50.
func ReviewScore(d *ReviewDoc) (int, string) {
	band := verdictBand[d.Verdict]
	if !d.HasRating {
		s := verdictMidpoint[d.Verdict]
		return s, fmt.Sprintf("Rule: the fact-check gives no numeric rating, so the score is the midpoint of its verdict (%s → %d).", d.Verdict, s)
	}
	v := (d.RatingValue - d.WorstRating) / (d.BestRating - d.WorstRating)
	v = math.Max(0, math.Min(1, v))
	raw := int(math.Round(10 + 80*v))
	s := min(max(raw, band[0]), band[1])
	rule := fmt.Sprintf("Rule: rating %s on a %s–%s scale rescaled onto 10–90: 10 + 80 × %.2f = %d",
		fmtNum(d.RatingValue), fmtNum(d.WorstRating), fmtNum(d.BestRating), v, raw)
	if s != raw {
		rule += fmt.Sprintf(", kept inside the %s band %d–%d: %d", d.Verdict, band[0], band[1], s)
	}
	return s, rule + "."
}

// fmtNum writes a rating number without needless decimals.
func fmtNum(f float64) string {
	if f == math.Trunc(f) {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprintf("%g", f)
}

// publisherName names the review's publisher for a basis.
func publisherName(d *ReviewDoc) string {
	if d.Publisher == "" {
		return "publisher unknown"
	}
	return d.Publisher
}

// ratingNote adds the review's own rating words.
func ratingNote(d *ReviewDoc) string {
	if d.RatingText == "" {
		return ""
	}
	return fmt.Sprintf(", rated %q", d.RatingText)
}

// maxSummaryRunes bounds the summary as the pipeline bounds its composed one.
const maxSummaryRunes = 600

// summaryOf is the review's explanation, attributed and linked.
func summaryOf(d *ReviewDoc) string {
	who := "an earlier fact-check"
	if d.Publisher != "" {
		who = d.Publisher
	}
	head := fmt.Sprintf("According to %s: ", who)
	switch {
	case strings.HasPrefix(d.URL, "https://") || strings.HasPrefix(d.URL, "http://"):
		head = fmt.Sprintf("According to %s (%s): ", who, d.URL)
	case len(d.Sources) > 0:
		// A review without a web address of its own (the starter set's urn: ids) is attributed
		// to the public source it cites instead.
		head = fmt.Sprintf("According to %s (source: %s): ", who, d.Sources[0])
	}
	body := strings.TrimSpace(d.Body)
	if body == "" {
		label, _ := analysis.VerdictInfo(d.Verdict)
		body = fmt.Sprintf("the claim %q is rated %s.", d.Claim, label)
	}
	return head + cutSentence(body, maxSummaryRunes-utf8.RuneCountInString(head))
}

// cutSentence shortens s to at most n runes, at a sentence end when one is near, else with an
// ellipsis.
func cutSentence(s string, n int) string {
	if n < 20 {
		n = 20
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)[:n-1]
	cut := string(rs)
	if i := strings.LastIndexAny(cut, ".!?"); i > len(cut)/2 {
		return cut[:i+1]
	}
	return strings.TrimSpace(cut) + "…"
}

// round3 rounds a similarity for display and storage.
func round3(f float64) float64 { return math.Round(f*1000) / 1000 }
