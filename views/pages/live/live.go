// Package live renders the public live feed page: the newest events of the event log as a list
// that works without JavaScript, which static/js/live.js keeps current from /live/stream.
package live

import (
	"context"

	"github.com/claimcheck/claimcheck/internal/i18n"

	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/layouts"
)

// Item is one event as the page lists it. The same values travel as JSON on /live/stream, where
// the script builds the item from them with DOM APIs, so both renderings read the same.
type Item struct {
	// EventID is the event's id in the log.
	EventID int64 `json:"id"`
	// Type is the event type, e.g. claim.analysed.
	Type string `json:"type"`
	// TypeText says the type in words, e.g. "Analysed".
	TypeText string `json:"type_text"`
	// URL is the claim page's path.
	URL string `json:"url"`
	// Text is the claim, shortened for lists.
	Text string `json:"text"`
	// Analysed is false for a claim still waiting for its analysis: no verdict or score yet.
	Analysed bool `json:"analysed"`
	// Verdict is the verdict to show; VerdictSlug is its slug for the script.
	Verdict     components.Verdict `json:"-"`
	VerdictSlug string             `json:"verdict"`
	// Score is the 0–100 score as text ("87.5"), "" when not analysed.
	Score string `json:"score"`
	// Change describes whose verdict it is and a score change ("Experts' verdict · analyzer:
	// Belirsiz 50/100 · Previously 62/100 · 3 expert reviews"), or "".
	Change string `json:"change"`
	// NotEnoughEvidence is true when nothing decided the verdict: the item shows no score.
	NotEnoughEvidence bool `json:"not_enough_evidence"`
	// ByExperts is true when Verdict and Score are the experts' community score.
	ByExperts bool `json:"by_experts"`
	// Analyzer is the analyzer's verdict and score, shown after the experts' ("" when no expert voted).
	Analyzer string `json:"analyzer"`
	// CreatedISO, CreatedText and CreatedTitle are the event's time for <time>, for people
	// ("just now") and exact (on hover).
	CreatedISO   string `json:"created_iso"`
	CreatedText  string `json:"created_text"`
	CreatedTitle string `json:"created_title"`
}

// Page is /live.
type Page struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// Items are the newest events, newest first.
	Items []Item
	// Max is how many items the list keeps; the script drops older ones past it.
	Max int
	// StreamURL is where the script reads new events.
	StreamURL string
	// LastEventID is the newest event id at rendering, where the stream resumes (0: none yet).
	LastEventID int64
	// Verdicts are rendered once each into inert templates the script copies badges from.
	Verdicts []components.Verdict
	// Empty is shown when there are no events yet.
	Empty components.EmptyState
}

// staticStatus is the status line before the script connects, or without JavaScript.
func staticStatus(ctx context.Context, n int) string {
	if n == 0 {
		return i18n.T(ctx, "live.status.none")
	}
	return i18n.N(ctx, "live.status.showing", n)
}

// typeClass styles the event type label; unknown types get the plain style.
func typeClass(typ string) string {
	switch typ {
	case "claim.created":
		return "live-item__type--created"
	case "claim.analysed":
		return "live-item__type--analysed"
	case "claim.score_changed":
		return "live-item__type--changed"
	}
	return ""
}
