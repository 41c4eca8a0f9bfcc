// Package community turns expert votes into a claim's community score, and records votes.
//
// # The community score rule
//
// Each vote has a verdict (dogru, kismen, yanlis or belirsiz) and a confidence c between 0 and 1.
// A verdict is worth points: dogru 100, kismen 50, yanlis 0, belirsiz 50. A vote weighs
// w = max(c, 0.05), so a vote given with confidence 0 still counts a little. Over the n votes of a
// claim:
//
//	score      = Σ w·points / Σ w                        (0–100, rounded to 2 decimals)
//	verdict    = the verdict with the largest Σ w; a tie goes to the more cautious verdict,
//	             in the order belirsiz, kismen, yanlis, dogru
//	agreement  = Σ w of the winning verdict / Σ w
//	confidence = agreement × mean(c) × (1 − 0.5ⁿ)        (rounded to 2 decimals)
//	experts    = n
//
// The factor 1 − 0.5ⁿ (0.5 for one vote, 0.75 for two, 0.875 for three) means one expert can
// never make the community fully confident, however sure they are. A claim without votes has no
// community score (the columns are NULL, experts is 0) and shows its AI score instead.
//
// A claim is settled when n ≥ 2, the verdict is not belirsiz, agreement ≥ 0.75 and confidence ≥
// 0.5 (as stored, to 2 decimals). A settled claim feeds the knowledge base: after the vote's
// transaction commits, the claim is added (or updated) as a review with source "expert" at
// BASE_URL/claims/{id}, with the agreeing experts' notes and public names, so later checks of the
// same claim match the experts' verdict. A review stays in the knowledge base if later votes
// unsettle the claim; it is updated when the claim settles again.
//
// Whether a claim is settled is stored with its community score (claims.community_settled): a
// settled claim counts toward its firm's trust score even when nobody confirmed that the firm
// published it (internal/firms/trust.go).
//
// # Votes
//
// Service.Vote validates a vote, then in one transaction locks the claim (SELECT … FOR UPDATE on
// PostgreSQL; SQLite serialises writers), upserts the expert's vote (one per expert per claim),
// recomputes the rule from all the claim's votes and, when the score, verdict, expert count or
// confidence changed, updates the claim, appends a score-history row (cause "vote"), appends a
// claim.score_changed event (which queues its webhook deliveries) and recomputes the firm's trust
// score. Only active accounts with the expert role may vote; the role is read inside the
// transaction, so a demotion cannot race a vote.
package community

import (
	"math"
)

// Verdict points and weights of the rule (see the package documentation).
const (
	// MinWeight is the weight of a vote given with confidence below it.
	MinWeight = 0.05
	// SettleMinExperts is how many votes a settled claim needs at least.
	SettleMinExperts = 2
	// SettleMinAgreement is the share of weight the winning verdict needs for a settled claim.
	SettleMinAgreement = 0.75
	// SettleMinConfidence is the community confidence a settled claim needs.
	SettleMinConfidence = 0.5
)

// Points is what each verdict is worth on the 0–100 scale.
var Points = map[string]float64{"dogru": 100, "kismen": 50, "yanlis": 0, "belirsiz": 50}

// cautiousOrder breaks ties: the first verdict in it wins a tie.
var cautiousOrder = []string{"belirsiz", "kismen", "yanlis", "dogru"}

// Ballot is one vote as the rule sees it.
type Ballot struct {
	// Verdict is a compatible slug (dogru, kismen, yanlis, belirsiz).
	Verdict string
	// Confidence is between 0 and 1.
	Confidence float64
}

// Tally is the rule's result over a claim's votes.
type Tally struct {
	// Score is the weighted 0–100 score, rounded to 2 decimals.
	Score float64
	// Verdict is the winning verdict slug ("" when there are no votes).
	Verdict string
	// Agreement is the share of the total weight behind Verdict (not rounded).
	Agreement float64
	// Confidence is agreement × mean confidence × (1 − 0.5ⁿ), rounded to 2 decimals.
	Confidence float64
	// Experts is the number of votes.
	Experts int
}

// Compute applies the rule to votes; with no votes it returns the zero Tally. Ballots whose
// verdict is unknown are left out (the database CHECK never lets one in).
func Compute(votes []Ballot) Tally {
	weight := map[string]float64{}
	var total, points, confSum float64
	n := 0
	for _, b := range votes {
		p, ok := Points[b.Verdict]
		if !ok {
			continue
		}
		c := clamp01(b.Confidence)
		w := math.Max(c, MinWeight)
		weight[b.Verdict] += w
		total += w
		points += w * p
		confSum += c
		n++
	}
	if n == 0 {
		return Tally{}
	}
	winner := cautiousOrder[0]
	for _, v := range cautiousOrder[1:] {
		// Strictly larger (beyond float noise) wins; a tie keeps the more cautious verdict.
		if weight[v] > weight[winner]+1e-9 {
			winner = v
		}
	}
	agreement := weight[winner] / total
	conf := agreement * (confSum / float64(n)) * (1 - math.Pow(0.5, float64(n)))
	return Tally{Score: round2(points / total), Verdict: winner, Agreement: agreement, Confidence: round2(conf), Experts: n}
}

// Settled reports whether the experts agree firmly enough for the knowledge base.
func (t Tally) Settled() bool {
	return t.Experts >= SettleMinExperts && t.Verdict != "" && t.Verdict != "belirsiz" &&
		t.Agreement >= SettleMinAgreement-1e-9 && t.Confidence >= SettleMinConfidence-1e-9
}

// clamp01 keeps a confidence in [0, 1]; NaN counts as 0.
func clamp01(c float64) float64 {
	if math.IsNaN(c) {
		return 0
	}
	return math.Min(math.Max(c, 0), 1)
}

// round2 keeps two decimals, so a score reads 87.5, not 87.49999999.
func round2(f float64) float64 { return math.Round(f*100) / 100 }
