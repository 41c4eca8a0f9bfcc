// Package claims renders the claim pages: one claim's result and the public history.
package claims

import (
	"net/url"
	"strings"

	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/layouts"
)

// BasisRow is one line of "How this was computed".
type BasisRow struct {
	// Field is the stored field name, e.g. "source_score".
	Field string
	// Label is the field's name for people, e.g. "Source score".
	Label string
	// Basis is how the field was computed.
	Basis components.Basis
}

// ShowPage is the claim page's view model.
type ShowPage struct {
	// Meta is the head metadata (with the ClaimReview JSON-LD).
	Meta layouts.Page
	// ID is the claim's UUID.
	ID string
	// Text is the full claim.
	Text string
	// Long switches the heading to a smaller size for long claims.
	Long bool
	// Verdict is the analysed verdict.
	Verdict components.Verdict
	// Score is the 0–100 overall score.
	Score int
	// Summary is the analyzer's summary; for a claim with not enough evidence, one or two plain
	// sentences saying what was found and why it does not decide.
	Summary string
	// SummaryLang is "en" when Summary is stored English text on a page in another language.
	SummaryLang string
	// CardTitle names what produced the result: "Knowledge-base match", "<model> analysis", or
	// "Not enough evidence".
	CardTitle string
	// CardBasis says in a sentence what the result rests on.
	CardBasis string
	// BasisMethod is the verdict's basis method ("not-enough-evidence" when nothing decided it).
	BasisMethod string
	// NotEnoughEvidence is true when nothing decided the verdict: no score is shown.
	NotEnoughEvidence bool
	// SubScores are source, science, academic and public, in that order.
	SubScores []components.SubScore
	// Category and CategoryTR are the category's English and Turkish labels.
	Category, CategoryTR string
	// Language is the language's English name and code, e.g. "Turkish (tr)".
	Language string
	// EnQuery is the English search query.
	EnQuery string
	// SourceURL is where the claim appeared ("" = not given); SourceDomain is its host.
	SourceURL, SourceDomain string
	// CreatedISO, CreatedText and CreatedAgo are the creation time for machines and people.
	CreatedISO, CreatedText, CreatedAgo string
	// ShareURL is the claim's canonical address.
	ShareURL string
	// Analyzer and AnalyzerVersion name the engine that produced the result.
	Analyzer, AnalyzerVersion string
	// Basis lists every field's basis, in display order.
	Basis []BasisRow
	// NotAssessed counts the sub-scores without evidence, for the summary line.
	NotAssessed int
	// Source is the fact-check the verdict comes from (nil when none).
	Source *MatchView
	// Related are the other fact-checks compared, each with why it did not decide, best first.
	Related []MatchView
	// RelatedTitle heads them: "Related, about a different claim" when every one states a
	// different claim, else a title that does not say more than is known.
	RelatedTitle string
	// Evidence is related reading found online.
	Evidence []EvidenceView
	// Run says how the analysis ran (model, latency, tokens, fallback); empty for plain offline runs.
	Run []RunFact
	// Prompt is what a model was sent, for readers who want to audit it; empty without a model.
	Prompt []RunFact
	// Firm is the organisation the claim is linked to (nil = none).
	Firm *FirmLink
	// Community is the expert review of the claim (nil until an expert votes).
	Community *CommunityView
	// ReviewHref links experts to the claim's vote form ("" for everyone else).
	ReviewHref string
	// Repeats links the other records of the same claim text (nil when it was checked once).
	Repeats *RepeatsView
}

// RepeatsView says how many times the same claim text was checked and links every record.
type RepeatsView struct {
	// CountText is "Checked 3 times"; PositionText is "This is check 2 of 3, …".
	CountText, PositionText string
	// Items are the records, oldest first, this one among them.
	Items []RepeatItem
	// More is how many newer records are not listed.
	More int
	// Changed says the records do not all reach the same verdict, and why that can be.
	Changed string
}

// RepeatItem is one record of a repeated claim.
type RepeatItem struct {
	// Href links the record; Current marks the record this page shows.
	Href    string
	Current bool
	// Ordinal is "Check 2"; CreatedISO and CreatedText when it was made; Via "web form" or "API".
	Ordinal, CreatedISO, CreatedText, Via string
	// Verdict is the record's verdict as shown; Score its score ("" when not enough evidence).
	Verdict components.Verdict
	Score   string
}

// FirmLink names the firm a claim belongs to, with its trust score.
type FirmLink struct {
	// Name and Href are the firm's name and public page.
	Name, Href string
	// Trust is its trust score as text ("72.4 / 100"), or "not rated yet".
	Trust string
	// ByAdmin is true when an admin linked the claim, false when its source domain did.
	ByAdmin bool
	// Confirmed is true when an admin or expert confirmed the firm published the claim;
	// ConfirmedText says who and when.
	Confirmed     bool
	ConfirmedText string
}

// CommunityView is the experts' verdict on a claim, its votes and the score history.
type CommunityView struct {
	// Verdict is the community verdict.
	Verdict components.Verdict
	// Score and Confidence are display text ("87.5", "0.92").
	Score, Confidence string
	// Experts is how many experts voted.
	Experts int
	// Votes are the individual votes, newest first.
	Votes []VoteView
	// History is the score history, oldest first.
	History []HistoryRow
}

// VoteView is one expert's vote on the claim page.
type VoteView struct {
	// Expert is the expert's public name ("An expert" for private profiles); Href their profile ("" when private).
	Expert, Href string
	// Verdict is the expert's verdict.
	Verdict components.Verdict
	// Confidence is the vote's confidence as text.
	Confidence string
	// Note is the expert's note.
	Note string
	// Sources are the cited URLs.
	Sources []string
	// When is the vote's time for people.
	When string
}

// HistoryRow is one entry of a claim's score history.
type HistoryRow struct {
	// When, Cause, Score, Verdict, Experts and Confidence are display text.
	When, Cause, Score, Verdict, Experts, Confidence string
}

// MatchView is one earlier fact-check on the claim page.
type MatchView struct {
	// ClaimReviewed is the claim as the fact-check states it.
	ClaimReviewed string
	// URL links to the fact-check ("" when it has no web address).
	URL string
	// Publisher and TextualRating are who checked it and their own rating words.
	Publisher, TextualRating string
	// Verdict is the fact-check's rating on our four verdicts.
	Verdict components.Verdict
	// Similarity is the match strength, e.g. "0.91".
	Similarity string
	// Used is true for the fact-check the verdict was taken from.
	Used bool
	// Different is true when the fact-check states a different claim; Reason names the part that
	// differs, or for other unused fact-checks why they did not decide ("" for the used one).
	Different bool
	Reason    string
	// ReasonLang is "en" when Reason is the matcher's own English words on a page in another language.
	ReasonLang string
	// Sources are the public sources the fact-check cites (http(s) only).
	Sources []string
}

// EvidenceView is one item of related reading.
type EvidenceView struct {
	// Provider names the source, e.g. "Wikipedia".
	Provider string
	// Title, URL, Snippet and Detail describe the item.
	Title, URL, Snippet, Detail string
}

// RunFact is one labelled fact about how the analysis ran.
type RunFact struct {
	// Label and Value, e.g. "Model" and "gpt-4o-mini".
	Label, Value string
}

// HistoryPage is the history page's view model.
type HistoryPage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// Verdict, Category and Query are the active filters ("" = any).
	Verdict, Category, Query string
	// VerdictOptions and CategoryOptions fill the filter selects, "any" first.
	VerdictOptions, CategoryOptions []components.Option
	// Filtered is true when any filter is active.
	Filtered bool
	// Items are this page's claims.
	Items []components.ClaimSummary
	// CountText is the result count in words, e.g. "42 claims".
	CountText string
	// Pagination links the neighbouring pages.
	Pagination components.Pagination
	// Empty is shown instead of the list when there are no items.
	Empty *components.EmptyState
	// ClearURL removes every filter.
	ClearURL string
	// QueryMax caps the search box.
	QueryMax int
}

// hostOf shows a source link by its host, which tells a reader more than a long path.
func hostOf(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return s
	}
	return strings.TrimPrefix(u.Host, "www.")
}
