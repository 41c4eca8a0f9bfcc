// Package emit is the event log's rule for which events a claim change writes. The stores ask it
// inside the transaction that makes the change, through models.Rules (models/events.go), so models
// holds no rule of its own; internal/feed reads what was written.
package emit

import "github.com/claimcheck/claimcheck/models"

// Event types a claim change can emit; models/records.go names the same strings for readers.
const (
	// ClaimCreated is a claim (or queued submission) entering the system.
	ClaimCreated = "claim.created"
	// ClaimAnalysed is a claim whose analysis is stored.
	ClaimAnalysed = "claim.analysed"
	// ClaimScoreChanged is a claim whose effective score changed after expert votes.
	ClaimScoreChanged = "claim.score_changed"
)

// Rule decides the events of a change; the stores receive it through models.Rules.
type Rule struct{}

// Events returns the event types to append for ch, in order.
func (Rule) Events(ch models.ClaimChange) []string {
	switch ch {
	case models.ChangeSubmitted:
		return []string{ClaimCreated}
	case models.ChangeChecked:
		return []string{ClaimCreated, ClaimAnalysed}
	case models.ChangeSubmissionAnalysed:
		return []string{ClaimAnalysed}
	case models.ChangeRescored:
		return []string{ClaimScoreChanged}
	}
	return nil
}
