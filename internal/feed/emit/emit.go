// Package emit is the event log's rule for which events a claim change writes. It imports nothing
// of the stores, so models can ask it inside the transaction that makes the change
// (models/events.go) without an import cycle; internal/feed reads what was written.
package emit

// Event types a claim change can emit; models/v1.go names the same strings for readers.
const (
	// ClaimCreated is a claim (or queued submission) entering the system.
	ClaimCreated = "claim.created"
	// ClaimAnalysed is a claim whose analysis is stored.
	ClaimAnalysed = "claim.analysed"
	// ClaimScoreChanged is a claim whose effective score changed after expert votes.
	ClaimScoreChanged = "claim.score_changed"
)

// Change is what happened to a claim inside a store transaction.
type Change int

const (
	// Submitted is a queued submission stored before its analysis.
	Submitted Change = iota + 1
	// Checked is an analysed claim stored in one step (no submission announced it).
	Checked
	// SubmissionAnalysed is the analysed claim of a submission whose creation was already announced.
	SubmissionAnalysed
	// Rescored is a claim whose community score changed after a vote.
	Rescored
)

// Rule decides the events of a change; the stores receive it through models.Rules.
type Rule struct{}

// Events returns the event types to append for ch, in order.
func (Rule) Events(ch Change) []string {
	switch ch {
	case Submitted:
		return []string{ClaimCreated}
	case Checked:
		return []string{ClaimCreated, ClaimAnalysed}
	case SubmissionAnalysed:
		return []string{ClaimAnalysed}
	case Rescored:
		return []string{ClaimScoreChanged}
	}
	return nil
}
