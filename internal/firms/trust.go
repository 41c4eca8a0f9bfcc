// Package firms owns the firm trust rule: which of a firm's claims count toward its trust score and
// how they combine. It imports nothing of the stores, so models can run the rule inside the
// transaction that changes a claim (models/firm_trust.go) without an import cycle.
package firms

import "math"

// Firm trust rule (documented in the README and the OpenAPI document): a Bayesian average of the
// scores of the firm's decided claims, pulled towards a neutral prior so that a firm with two
// claims cannot sit at 0 or 100:
//
//	trust = (PriorWeight × PriorMean + Σ score) / (PriorWeight + n)
//
// A claim's score is its community score when experts voted, else its AI score. Claims whose
// verdict is belirsiz (unverified) say nothing about the firm and are left out of n and the sum.
// So are claims whose attribution rests only on the submitter's word (the address they pasted):
// a claim counts only when an admin or an expert confirmed that the firm published it, or when
// the experts settled its verdict, so a visitor cannot move a firm's score.
// A firm with no counted claim has no trust score (nil), not a made-up 50.
const (
	// PriorMean is the neutral score a firm starts from.
	PriorMean = 50.0
	// PriorWeight is how many decided claims the prior counts as.
	PriorWeight = 5.0
)

// undecidedVerdict is the verdict slug that says nothing about a firm.
const undecidedVerdict = "belirsiz"

// TrustGroup is what the rule reads of a firm's visible claims that share a verdict, settlement
// and attribution: how many there are and the sum of their effective scores. The stores group in
// SQL so a firm with many claims costs a handful of rows, not one per claim.
type TrustGroup struct {
	// Verdict is the claims' effective verdict slug.
	Verdict string
	// Settled is true when the experts settled the claims' verdict.
	Settled bool
	// Confirmed is true when an admin or expert confirmed that this firm published the claims.
	Confirmed bool
	// Claims is how many claims the group holds.
	Claims int
	// ScoreSum is the sum of their effective scores (community when experts voted, else AI).
	ScoreSum float64
}

// Trust is the firm trust rule; the stores receive it through models.Rules.
type Trust struct{}

// Counts reports whether the claims of g move their firm's trust score.
func (Trust) Counts(g TrustGroup) bool {
	return g.Verdict != undecidedVerdict && (g.Settled || g.Confirmed)
}

// Score is the firm's trust score from its visible claims (nil when none counts).
func (t Trust) Score(groups []TrustGroup) *float64 {
	n, sum := 0, 0.0
	for _, g := range groups {
		if t.Counts(g) {
			n += g.Claims
			sum += g.ScoreSum
		}
	}
	return Score(n, sum)
}

// Score applies the Bayesian average to n counted claims whose scores sum to sum.
func Score(n int, sum float64) *float64 {
	if n == 0 {
		return nil
	}
	t := (PriorWeight*PriorMean + sum) / (PriorWeight + float64(n))
	t = math.Round(t*100) / 100
	return &t
}
