// Package firms owns the firm trust rule: which of a firm's claims count toward its trust score and
// how they combine. The stores run it inside the transaction that changes a claim, through
// models.Rules (models/firm_trust.go), so models holds no rule of its own.
package firms

import (
	"math"

	"github.com/claimcheck/claimcheck/models"
)

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

// Trust is the firm trust rule; the stores receive it through models.Rules.
type Trust struct{}

// Counts reports whether the claims of g move their firm's trust score.
func (Trust) Counts(g models.TrustGroup) bool {
	return g.Verdict != undecidedVerdict && (g.Settled || g.Confirmed)
}

// ClaimCounts reports whether one claim moves its firm's trust score, by the rule Counts applies to
// a group: its current verdict decides something, and its attribution is confirmed or the experts
// settled it, so a visitor pasting a link cannot move the score.
func (t Trust) ClaimCounts(c *models.Claim) bool {
	verdict, _ := models.VerdictFromV1(c.EffectiveScore().Verdict)
	return t.Counts(models.TrustGroup{Verdict: verdict, Settled: c.CommunitySettled, Confirmed: c.AttributionConfirmed(), Claims: 1})
}

// Score is the firm's trust score from its visible claims (nil when none counts).
func (t Trust) Score(groups []models.TrustGroup) *float64 {
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
