// Package components holds the small building blocks every page is made of, and the view types
// they render. View types carry display-ready values only: the handlers convert stored records, so
// nothing here imports models or does I/O.
package components

// Verdict slugs, the ASCII Turkish values stored and sent to existing clients.
const (
	VerdictTrue      = "dogru"
	VerdictPartly    = "kismen"
	VerdictFalse     = "yanlis"
	VerdictUncertain = "belirsiz"
)

// Verdict is a verdict ready to show; the slug picks the colour and icon, the words carry the meaning.
type Verdict struct {
	// Slug is the stored value (dogru, kismen, yanlis, belirsiz).
	Slug string
	// Label is the Turkish name shown on the badge, e.g. "Belirsiz".
	Label string
	// English is the short English name, e.g. "Unverified" ("" when the label already is English).
	English string
	// Meaning is the plain-English meaning, e.g. "Unverified: not enough evidence to decide".
	Meaning string
	// Explanation is Meaning without the English name, for showing beside the badge.
	Explanation string
}

// Basis says how one field was computed, or why it could not be.
type Basis struct {
	// Assessed is false when the analyzer had nothing to go on.
	Assessed bool
	// Method names the technique, e.g. "domain-ratings".
	Method string
	// Lead is the status words shown in bold before Detail when the field was not assessed,
	// e.g. "Not assessed" or "Not assessed offline".
	Lead string
	// Detail is the sentence shown to readers.
	Detail string
	// Missing is true when the claim has no stored basis for the field (rows from before bases
	// were recorded); it is shown as "No record" rather than as a judgement.
	Missing bool
	// Lang is "en" when Detail is the analyzer's stored English sentence on a page in another
	// language (no message says it yet), so it is marked as English; "" otherwise.
	Lang string
}

// SubScore is one of the four 0–100 sub-scores with its basis.
type SubScore struct {
	// Key is source, science, academic or public; it names the test id.
	Key string
	// Label is the short heading, e.g. "Source".
	Label string
	// Question says what the sub-score measures.
	Question string
	// Score is 0–100; meaningless when Basis.Assessed is false.
	Score int
	// Basis explains the number or why there is none.
	Basis Basis
	// Note adds context beside the basis, e.g. the source's domain.
	Note string
}

// ClaimSummary is a claim as it appears in lists.
type ClaimSummary struct {
	// URL is the claim page's path.
	URL string
	// Text is the claim, shortened for lists.
	Text string
	// Verdict is the current verdict: the experts' when any voted, else the analyzer's.
	Verdict Verdict
	// ScoreText is the current 0–100 score as text ("87.5"); "" when there is not enough evidence.
	ScoreText string
	// ByExperts is true when Verdict and ScoreText are the experts' community score.
	ByExperts bool
	// NotEnoughEvidence is true when nothing decided the verdict: no fact-check states the claim
	// and no expert has voted, so no score is shown.
	NotEnoughEvidence bool
	// Analyzer is the analyzer's result, shown after the experts' ("" when no expert voted).
	Analyzer string
	// Attribution says, on firm pages, who attributed the claim to the firm ("" elsewhere);
	// AttributionCounts is true when the claim counts toward the firm's trust score.
	Attribution       string
	AttributionCounts bool
	// Category is the category's English label.
	Category string
	// Language is the language's English name.
	Language string
	// SourceDomain is where the claim appeared, or "".
	SourceDomain string
	// CreatedISO is the creation time for <time datetime>.
	CreatedISO string
	// CreatedText is the creation time for people, e.g. "3 minutes ago".
	CreatedText string
	// CreatedTitle is the exact creation time, shown on hover.
	CreatedTitle string
	// RepeatText is "Checked 3 times" when the same claim text has other records ("" when not,
	// and on lists that do not count them).
	RepeatText string
}

// Field is one form control with its current value and error.
type Field struct {
	// ID is the element id; the label, hint and error ids derive from it.
	ID string
	// Name is the form field name.
	Name string
	// Label is the visible label.
	Label string
	// Hint is helper text under the label, or "".
	Hint string
	// Value is the submitted value kept after a failed submit.
	Value string
	// Error is the validation message, or "".
	Error string
	// Type is the input type; "textarea" renders a textarea.
	Type string
	// Placeholder is an example value, or "".
	Placeholder string
	// Autocomplete is the autocomplete hint, or "".
	Autocomplete string
	// Required marks the field required.
	Required bool
	// MaxLength caps the length in the browser (0 = none).
	MaxLength int
	// Rows sizes a textarea.
	Rows int
	// Counter shows a live "n / max" character count (textarea only).
	Counter bool
	// Optional appends "(optional)" to the label.
	Optional bool
}

// Pagination links a page of results to its neighbours.
type Pagination struct {
	// Page is the current page, from 1.
	Page int
	// Pages is the number of pages.
	Pages int
	// PrevURL and NextURL are "" when there is no such page.
	PrevURL, NextURL string
}

// EmptyState is what a list shows when it has nothing to list.
type EmptyState struct {
	// Kind tells tests and styles which empty state this is, e.g. "no-claims" or "no-matches".
	Kind string
	// Title is the headline.
	Title string
	// Body explains why and what to do.
	Body string
	// ActionText and ActionURL are an optional way out.
	ActionText, ActionURL string
}

// Option is one choice of a select element.
type Option struct {
	// Value is submitted; Label is shown.
	Value, Label string
}
