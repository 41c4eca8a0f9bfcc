// Package experts renders the experts' pages: the review queue, the vote form on one claim, the
// expert's own profile form, and the public list and profiles of experts.
package experts

import (
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/layouts"
)

// Stylesheet is the extra stylesheet every page of this package links.
const Stylesheet = "/static/css/experts.css"

// Tab is one tab of the review queue.
type Tab struct {
	// Key is the tab's query value; Label its name; URL its first page.
	Key, Label, URL string
	// Hint says what the tab lists, for its panel.
	Hint string
	// Intro is the page's lead while the tab is shown: the tabs list different claims, so one
	// sentence cannot describe them all.
	Intro string
	// Current marks the tab shown.
	Current bool
}

// QueueRow is one claim waiting for review.
type QueueRow struct {
	// ReviewURL opens the vote form; ClaimURL the public claim page.
	ReviewURL, ClaimURL string
	// Text is the claim, shortened.
	Text string
	// Verdict and Score are the analyzer's result; NotEnoughEvidence is true when nothing decided
	// it, and no score is shown.
	Verdict           components.Verdict
	Score             int
	NotEnoughEvidence bool
	// Views is the view count for people, e.g. "1,204 views".
	Views string
	// Votes says how many experts voted, e.g. "1 vote" ("" for none).
	Votes string
	// AgeISO, AgeText and AgeTitle are the claim's age for machines, people and hover.
	AgeISO, AgeText, AgeTitle string
}

// Pager links the neighbouring pages of a list.
type Pager struct {
	// Page and Pages are the current page (from 1) and the page count.
	Page, Pages int
	// PrevURL and NextURL are "" when there is no such page.
	PrevURL, NextURL string
}

// QueuePage is /review.
type QueuePage struct {
	// Meta is the head metadata.
	Meta layouts.Page
	// Tabs are the queue's tabs; Current is the one shown.
	Tabs    []Tab
	Current Tab
	// Rows are this page's claims.
	Rows []QueueRow
	// CountText says how many claims the tab holds.
	CountText string
	// Pager links the neighbouring pages.
	Pager Pager
	// Empty replaces the list when it has nothing.
	Empty *components.EmptyState
	// Admin is true for an administrator, who sees the queue but cannot vote.
	Admin bool
	// ProfileURL is the expert's profile form ("" for admins).
	ProfileURL string
}

// VerdictChoice is one option of the verdict radio group.
type VerdictChoice struct {
	// Verdict is the verdict with its labels and meaning.
	Verdict components.Verdict
	// Checked preselects it.
	Checked bool
}

// FormError is one entry of the error summary above a form, linking to its field.
type FormError struct {
	// Anchor is the id of the field; Message the error.
	Anchor, Message string
}

// VoteForm is the vote form with its values and errors.
type VoteForm struct {
	// Action is where the form posts.
	Action string
	// Choices are the four verdicts; VerdictError their shared error.
	Choices      []VerdictChoice
	VerdictError string
	// Confidence, Note and Sources are the other inputs; Confidence's choices are
	// ConfidenceChoices (its ID is the first choice's, for the error summary's link).
	Confidence, Note, Sources components.Field
	ConfidenceChoices         []ConfidenceChoice
	// Errors is the summary of every error, in form order.
	Errors []FormError
	// Change is true when the expert already voted and is changing the vote.
	Change bool
}

// ConfidenceChoice is one level of the vote's confidence.
type ConfidenceChoice struct {
	// Slug is the submitted value (low, medium, high); Label and Meaning say it for people.
	Slug, Label, Meaning string
	// Checked marks the level of the expert's current vote or last submission.
	Checked bool
}

// CommunitySummary is the claim's current community score.
type CommunitySummary struct {
	// Verdict is the community verdict; Score and Confidence display text.
	Verdict           components.Verdict
	Score, Confidence string
	// Experts is the number of votes.
	Experts int
}

// VoteView is one vote on the review page.
type VoteView struct {
	// Expert is the credited name; Href their public profile ("" when private).
	Expert, Href string
	// Verdict is the vote's verdict; Confidence display text.
	Verdict    components.Verdict
	Confidence string
	// Note and Sources are the expert's reasons.
	Note    string
	Sources []string
	// WhenISO and When are the vote's last change.
	WhenISO, When string
	// Mine marks the viewer's own vote.
	Mine bool
}

// ReviewPage is /review/{id}: the claim, its analysis, the votes and the vote form.
type ReviewPage struct {
	// Meta is the head metadata.
	Meta layouts.Page
	// CSRF is the token for the vote form.
	CSRF string
	// ClaimURL is the public claim page; Text the full claim.
	ClaimURL, Text string
	// Long switches the heading to a smaller size for long claims.
	Long bool
	// SourceURL and SourceDomain say where the claim appeared ("" = not given).
	SourceURL, SourceDomain string
	// CreatedISO and CreatedText are when it was checked.
	CreatedISO, CreatedText string
	// Verdict, Score, Summary and SubScores are the AI analysis.
	Verdict   components.Verdict
	Score     int
	Summary   string
	SubScores []components.SubScore
	// Community is the current community score (nil before any vote).
	Community *CommunitySummary
	// Votes are the votes so far, newest first.
	Votes []VoteView
	// Saved is the confirmation after a vote ("" otherwise).
	Saved string
	// SavedNote explains how the community score and confidence follow from the votes, because a
	// lone 0.9 vote giving confidence 0.45 looks like a mistake; RuleURL links the full rule.
	SavedNote, RuleURL string
	// Admin is true for an administrator, who sees everything but the form.
	Admin bool
	// Form is the vote form (unused for admins).
	Form VoteForm
	// CardTitle names what produced the analysis ("Knowledge-base match", "<model> analysis",
	// "Not enough evidence"); CardBasis says what it rests on.
	CardTitle, CardBasis string
	// NotEnoughEvidence hides the score: nothing decided the verdict.
	NotEnoughEvidence bool
	// Firm is who the claim is attributed to (nil = no firm).
	Firm *Attribution
}

// Attribution is the firm a claim is linked to, and whether its attribution is confirmed.
type Attribution struct {
	// Firm and Href name the firm and link its public page.
	Firm, Href string
	// Confirmed is true once an admin or an expert confirmed the firm published the claim.
	Confirmed bool
	// Text says who attributed it and whether it counts toward the trust score.
	Text string
	// CanConfirm shows the confirmation form, posted to Action.
	CanConfirm bool
	Action     string
}

// ProfilePage is /review/profile, where an expert edits the public profile.
type ProfilePage struct {
	// Meta is the head metadata.
	Meta layouts.Page
	// CSRF is the form's token.
	CSRF string
	// Name is the account name the profile shows.
	Name string
	// Admin is true for an administrator, who has no expert profile.
	Admin bool
	// Saved confirms a saved profile.
	Saved bool
	// Affiliation, Credentials, Bio and Expertise are the text inputs; Public the visibility
	// checkbox.
	Affiliation, Credentials, Bio, Expertise components.Field
	Public                                   bool
	// PublicURL is the public profile page (shown when Public).
	PublicURL string
	// Errors is the error summary.
	Errors []FormError
}

// ExpertCard is one expert in the public list.
type ExpertCard struct {
	// Name, URL and Bio describe the expert; Bio is shortened.
	Name, URL, Bio string
	// Affiliation is where the expert works ("" when not given).
	Affiliation string
	// Tags are the expertise areas.
	Tags []string
	// Reviews says how many claims they reviewed, e.g. "12 reviews".
	Reviews string
	// Joined is when they joined, for people.
	Joined string
}

// ListPage is /experts.
type ListPage struct {
	// Meta is the head metadata.
	Meta layouts.Page
	// Experts are this page's experts.
	Experts []ExpertCard
	// CountText says how many experts there are.
	CountText string
	// Pager links the neighbouring pages.
	Pager Pager
	// Empty replaces the list when it has nothing.
	Empty *components.EmptyState
}

// ReviewedClaim is one claim on an expert's public profile.
type ReviewedClaim struct {
	// URL is the claim page; Text the claim, shortened.
	URL, Text string
	// Verdict and Confidence are the expert's vote.
	Verdict    components.Verdict
	Confidence string
	// WhenISO and When are the vote's last change.
	WhenISO, When string
}

// PublicPage is /experts/{id}.
type PublicPage struct {
	// Meta is the head metadata.
	Meta layouts.Page
	// Name, Bio and Tags are the profile.
	Name, Bio string
	Tags      []string
	// Affiliation and Credentials say where the expert works and what qualifies them ("" when
	// not given).
	Affiliation, Credentials string
	// Reviews, Joined and LastReview are display text (LastReview "" without reviews).
	Reviews, Joined, LastReview string
	// Recent are the most recently reviewed claims.
	Recent []ReviewedClaim
}

// boolAttr is "true" or "false", for data attributes tests read.
func boolAttr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
