// Package analysis turns a claim (and the address where it appeared) into Claimcheck's answer: a
// 0–100 score, a verdict, a summary, four sub-scores, a category, an English search query and the
// language, each with a record of how it was computed (docs/DECISIONS.md §3).
//
// Analyzers are built as a Pipeline of Stages. Each stage fills the fields it has real evidence for
// and records its basis; the pipeline then fills every field no stage assessed with an honest
// "not assessed" default (a sub-score of 50, the verdict belirsiz, the score 50) and checks the
// result. The offline analyzer (NewOffline) is such a pipeline with no network and no model; a
// knowledge-base matcher or an LLM stage slots in later by adding stages that set the verdict and
// score from evidence.
package analysis

import (
	"context"
	"errors"

	"github.com/claimcheck/claimcheck/internal/i18n"
)

// Input is one claim to analyse.
type Input struct {
	// Claim is the text of the claim, in any language.
	Claim string
	// SourceURL is where the claim appeared; empty when not given.
	SourceURL string
}

// Verdict is one of the compatible-surface verdict slugs.
type Verdict string

// The four verdicts of the compatible surface (ASCII Turkish slugs, as existing clients expect).
const (
	// VerdictTrue means the evidence supports the claim.
	VerdictTrue Verdict = "dogru"
	// VerdictPartly means the claim is partly true or misses context.
	VerdictPartly Verdict = "kismen"
	// VerdictFalse means the evidence refutes the claim.
	VerdictFalse Verdict = "yanlis"
	// VerdictUnclear means there is not enough evidence to decide.
	VerdictUnclear Verdict = "belirsiz"
)

// VerdictInfo gives the label and plain English meaning of a verdict (the API, logs and the
// English pages); an unknown slug is returned as its own label so a bad row is visible rather
// than hidden. The words come from the message files (internal/i18n, verdict.<slug>.label and
// .meaning), the one place both languages name the verdicts.
func VerdictInfo(v Verdict) (label, meaning string) {
	if !ValidVerdict(string(v)) {
		return string(v), "Unknown verdict"
	}
	en := i18n.From(context.Background())
	return en.T("verdict." + string(v) + ".label"), en.T("verdict." + string(v) + ".meaning")
}

// ValidVerdict reports whether s is one of the four slugs.
func ValidVerdict(s string) bool {
	switch Verdict(s) {
	case VerdictTrue, VerdictPartly, VerdictFalse, VerdictUnclear:
		return true
	}
	return false
}

// Verdicts lists the four verdicts in the order pages show them.
var Verdicts = []Verdict{VerdictTrue, VerdictPartly, VerdictFalse, VerdictUnclear}

// Category is one topic a claim can be filed under.
type Category struct {
	// Slug is the stored value (ASCII, lower case).
	Slug string
	// LabelEN is the English label.
	LabelEN string
	// LabelTR is the Turkish label.
	LabelTR string
}

// CategoryOther is the category of a claim no lexicon keyword matched.
const CategoryOther = "other"

// Categories lists category slugs with English and Turkish labels for pages and filters. The order
// is also the tie-break order of the category lexicon: when two categories score the same, the
// earlier one wins, so health comes first (misinformation there does the most direct harm, and
// fact-checkers file mixed claims such as "5G spreads the coronavirus" under health).
var Categories = []Category{
	{"health", "Health", "Sağlık"},
	{"science", "Science", "Bilim"},
	{"environment", "Environment", "Çevre"},
	{"technology", "Technology", "Teknoloji"},
	{"economy", "Economy", "Ekonomi"},
	{"politics", "Politics", "Siyaset"},
	{"society", "Society", "Toplum"},
	{"history", "History", "Tarih"},
	{"sports", "Sports", "Spor"},
	{CategoryOther, "Other", "Diğer"},
}

// ValidCategory reports whether s is one of Categories' slugs.
func ValidCategory(s string) bool {
	return categoryIndex(s) >= 0
}

// categoryIndex is the position of a slug in Categories, or -1; the position is the tie-break rank.
func categoryIndex(s string) int {
	for i, c := range Categories {
		if c.Slug == s {
			return i
		}
	}
	return -1
}

// FieldBasis records how one output field was computed, for the claim page's "how this was computed".
type FieldBasis struct {
	// Assessed is false when the field holds a neutral default because nothing could assess it.
	Assessed bool `json:"assessed"`
	// Method is machine-readable: "domain-rating", "keyword-lexicon", "salient-terms",
	// "glossary-translation", "script-and-stopwords", "rule", "composed", "not-assessed".
	Method string `json:"method"`
	// Detail is the human explanation shown on the claim page.
	Detail string `json:"detail"`
}

// Method names used in FieldBasis.Method.
const (
	// MethodNotAssessed marks a neutral default nothing could assess.
	MethodNotAssessed = "not-assessed"
	// MethodRule marks a value set by a documented rule (the undecided verdict and score).
	MethodRule = "rule"
	// MethodDomain marks a source score from the Lin et al. 2023 domain ratings.
	MethodDomain = "domain-rating"
	// MethodLexicon marks a category from the Turkish/English keyword lexicon.
	MethodLexicon = "keyword-lexicon"
	// MethodSalient marks a query of the claim's own salient words.
	MethodSalient = "salient-terms"
	// MethodGlossary marks a query translated with the Turkish→English glossary.
	MethodGlossary = "glossary-translation"
	// MethodLanguage marks a language detected from script, stopwords and letters.
	MethodLanguage = "script-and-stopwords"
	// MethodComposed marks a summary composed from the other fields' basis.
	MethodComposed = "composed"
)

// NotAssessed is the basis of a field nothing could assess; reason says why, in words for the page.
func NotAssessed(reason string) FieldBasis {
	return FieldBasis{Assessed: false, Method: MethodNotAssessed, Detail: reason}
}

// The Basis keys, one per output field (the compatible API's field names).
const (
	// FieldScore is the overall 0–100 score.
	FieldScore = "score"
	// FieldVerdict is the verdict slug.
	FieldVerdict = "verdict"
	// FieldSummary is the plain-words summary.
	FieldSummary = "summary"
	// FieldSourceScore is the credibility of the place the claim appeared.
	FieldSourceScore = "source_score"
	// FieldScienceScore is agreement with scientific knowledge.
	FieldScienceScore = "science_score"
	// FieldAcademicScore is support in academic literature.
	FieldAcademicScore = "academic_score"
	// FieldPublicScore is public / community support.
	FieldPublicScore = "public_score"
	// FieldCategory is the topic category.
	FieldCategory = "category"
	// FieldEnQuery is the English search query.
	FieldEnQuery = "en_query"
	// FieldLanguage is the detected language.
	FieldLanguage = "language"
)

// BasisFields lists every Basis key in the order the claim page shows them.
var BasisFields = []string{
	FieldScore, FieldVerdict, FieldSummary, FieldSourceScore, FieldScienceScore, FieldAcademicScore,
	FieldPublicScore, FieldCategory, FieldEnQuery, FieldLanguage,
}

// NeutralScore is the value of a score nothing could assess: the middle of the 0–100 scale, so an
// unassessed field neither supports nor undermines a claim (docs/DECISIONS.md §3).
const NeutralScore = 50

// Result is a complete analysis.
type Result struct {
	// Score is 0–100 overall support (100 = strongly supported).
	Score int
	// Verdict is one of the four slugs.
	Verdict Verdict
	// Summary says in plain words what was and was not assessed.
	Summary string
	// SourceScore is 0–100 credibility of the place the claim appeared.
	SourceScore int
	// ScienceScore is 0–100 agreement with scientific knowledge.
	ScienceScore int
	// AcademicScore is 0–100 support in academic literature.
	AcademicScore int
	// PublicScore is 0–100 public / community support.
	PublicScore int
	// Category is one of Categories' slugs.
	Category string
	// EnQuery is an English search query built from the claim.
	EnQuery string
	// Language is an ISO 639-1 code like "tr" or "en", or "und".
	Language string
	// SourceDomain is the normalised host of SourceURL ("" if none).
	SourceDomain string
	// Analyzer is the name of the analyzer that produced the result.
	Analyzer string
	// Version is the analyzer version, stored so old analyses can be told apart.
	Version string
	// Basis says per field how it was computed; it has every key in BasisFields.
	Basis map[string]FieldBasis
	// Matches are the earlier fact-checks considered, best first (empty when none came close).
	Matches []Match
	// Meta records how an analysis ran (model, latency, tokens, fallback), for audit and display.
	Meta Meta
	// Evidence is related reading found online (Wikipedia context, academic works), when enabled.
	Evidence []Evidence

	// notes are short plain-words findings per field for the composed summary, where the basis
	// detail is too technical ("pc1", weighted scores).
	notes map[string]string
	// scanned caches the claim's tokens for the stages of one analysis; cleared before returning.
	scanned *scannedClaim
}

// Match is one earlier fact-check the claim was compared with.
type Match struct {
	// URL identifies the review (its ClaimReview url).
	URL string `json:"url"`
	// ClaimReviewed is the claim as the review states it.
	ClaimReviewed string `json:"claim_reviewed"`
	// Similarity is 0–1, how closely the review's claim matches this one.
	Similarity float64 `json:"similarity"`
	// Verdict is the review's rating mapped onto the four verdicts.
	Verdict Verdict `json:"verdict"`
	// Confident is true for the match the verdict was taken from.
	Confident bool `json:"confident"`
	// Publisher names who wrote the review.
	Publisher string `json:"publisher,omitempty"`
	// TextualRating is the review's own rating words ("Yanlış", "Mostly false").
	TextualRating string `json:"textual_rating,omitempty"`
	// Language is the review's language.
	Language string `json:"language,omitempty"`
	// Rejected says why a close candidate was refused (negation, numbers, entities), if it was.
	Rejected string `json:"rejected,omitempty"`
	// Sources are the web addresses the review cites.
	Sources []string `json:"sources,omitempty"`
}

// Evidence is one item of related material an online provider returned.
type Evidence struct {
	// Provider names the source ("wikipedia", "openalex", "google-factcheck").
	Provider string `json:"provider"`
	// Title is the item's title.
	Title string `json:"title"`
	// URL links to the item.
	URL string `json:"url"`
	// Snippet is a short extract.
	Snippet string `json:"snippet,omitempty"`
	// Detail holds provider-specific facts (year, citations) in words.
	Detail string `json:"detail,omitempty"`
}

// Meta records how one analysis ran.
type Meta struct {
	// Model is the LLM model that answered, if any.
	Model string `json:"model,omitempty"`
	// LatencyMS is how long the analysis (or the model call) took.
	LatencyMS int64 `json:"latency_ms,omitempty"`
	// PromptTokens and CompletionTokens are the model's reported token usage.
	PromptTokens     int64 `json:"prompt_tokens,omitempty"`
	CompletionTokens int64 `json:"completion_tokens,omitempty"`
	// Fallback says why another analyzer answered instead of the configured one.
	Fallback string `json:"fallback,omitempty"`
	// Evidence lists the online providers consulted.
	Evidence []string `json:"evidence,omitempty"`
	// Prompt is what the model was sent (first request of the analysis), for audit.
	Prompt []PromptMessage `json:"prompt,omitempty"`
}

// PromptMessage is one chat message sent to a model.
type PromptMessage struct {
	// Role is "system" or "user".
	Role string `json:"role"`
	// Content is the message text.
	Content string `json:"content"`
}

// scannedClaim is a claim with its tokens.
type scannedClaim struct {
	claim string
	toks  []token
}

// tokens returns the claim's tokens, scanning once per analysis.
func (r *Result) tokens(claim string) []token {
	if r.scanned == nil || r.scanned.claim != claim {
		r.scanned = &scannedClaim{claim: claim, toks: scan(claim)}
	}
	return r.scanned.toks
}

// note records a plain-words finding for the summary.
func (r *Result) note(field, text string) {
	if r.notes == nil {
		r.notes = map[string]string{}
	}
	r.notes[field] = text
}

// Analyzer turns a claim into a Result.
type Analyzer interface {
	// Analyze analyses one claim; it must be safe for concurrent use.
	Analyze(ctx context.Context, in Input) (Result, error)
	// Name is the analyzer's name as stored with each analysis.
	Name() string
}

// Input errors. The handlers validate first, so these mean a caller skipped validation.
var (
	// ErrEmptyClaim is returned for a claim with no words or numbers in it.
	ErrEmptyClaim = errors.New("analysis: the claim is empty")
	// ErrClaimTooLong is returned for a claim beyond MaxClaimBytes.
	ErrClaimTooLong = errors.New("analysis: the claim is too long")
	// ErrInvalidUTF8 is returned for a claim that is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("analysis: the claim is not valid UTF-8")
)

// MaxClaimBytes bounds the work one Analyze call can be made to do. It is far above the 5,000
// characters the handlers accept (at most 4 bytes each), so it only stops callers that skip them.
const MaxClaimBytes = 64 << 10
