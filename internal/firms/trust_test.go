package firms

import (
	"github.com/claimcheck/claimcheck/models"
	"math"
	"testing"
)

// scoreText prints an optional score for failure messages.
func scoreText(p *float64) any {
	if p == nil {
		return "nil"
	}
	return *p
}

func ptr(f float64) *float64 { return &f }

func TestScore(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		sum  float64
		want *float64
	}{
		{"no decided claim has no score", 0, 0, nil},
		{"one claim at 100 is pulled to the prior", 1, 100, ptr(58.33)},
		{"one claim at 0", 1, 0, ptr(41.67)},
		{"five claims at 100 meet the prior halfway", 5, 500, ptr(75)},
		{"claims at the prior stay there", 7, 350, ptr(50)},
		{"many claims approach their mean", 995, 995 * 20, ptr(20.15)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Score(tc.n, tc.sum)
			if (got == nil) != (tc.want == nil) || got != nil && math.Abs(*got-*tc.want) > 1e-9 {
				t.Fatalf("Score(%d, %v) = %v, want %v", tc.n, tc.sum, scoreText(got), scoreText(tc.want))
			}
		})
	}
	// The prior's weight and mean are the documented ones; the table above depends on them.
	if PriorMean != 50 || PriorWeight != 5 {
		t.Fatalf("prior is %v×%v, want 5×50", PriorWeight, PriorMean)
	}
}

func TestTrustCountsAndScore(t *testing.T) {
	for _, tc := range []struct {
		name   string
		groups []models.TrustGroup
		want   *float64
	}{
		{"no claims", nil, nil},
		{"submitter's word only does not count", []models.TrustGroup{{Verdict: "dogru", Claims: 1, ScoreSum: 100}}, nil},
		{"confirmed attribution counts", []models.TrustGroup{{Verdict: "dogru", Confirmed: true, Claims: 1, ScoreSum: 100}}, ptr(58.33)},
		{"expert-settled counts", []models.TrustGroup{{Verdict: "yanlis", Settled: true, Claims: 1, ScoreSum: 0}}, ptr(41.67)},
		{"belirsiz never counts", []models.TrustGroup{{Verdict: "belirsiz", Confirmed: true, Settled: true, Claims: 3, ScoreSum: 300}}, nil},
		{"only counted groups enter n and the sum", []models.TrustGroup{
			{Verdict: "dogru", Confirmed: true, Claims: 4, ScoreSum: 400},
			{Verdict: "yanlis", Settled: true, Claims: 1, ScoreSum: 100},
			{Verdict: "yanlis", Claims: 7, ScoreSum: 0},
			{Verdict: "belirsiz", Settled: true, Claims: 2, ScoreSum: 0},
		}, ptr(75)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Trust{}.Score(tc.groups)
			if (got == nil) != (tc.want == nil) || got != nil && math.Abs(*got-*tc.want) > 1e-9 {
				t.Fatalf("Score = %v, want %v", scoreText(got), scoreText(tc.want))
			}
		})
	}
}

func TestClaimCounts(t *testing.T) {
	firm, other := "f1", "f2"
	settled, refuted := "yanlis", 10.0
	for _, tc := range []struct {
		name  string
		claim models.Claim
		want  bool
	}{
		{"the submitter's link only", models.Claim{AIVerdict: "dogru", ClaimStanding: models.ClaimStanding{FirmID: &firm}}, false},
		{"confirmed for this firm", models.Claim{AIVerdict: "dogru", ClaimStanding: models.ClaimStanding{FirmID: &firm, FirmConfirmedFor: &firm}}, true},
		{"confirmed for another firm", models.Claim{AIVerdict: "dogru", ClaimStanding: models.ClaimStanding{FirmID: &firm, FirmConfirmedFor: &other}}, false},
		{"confirmed but undecided", models.Claim{AIVerdict: "belirsiz", ClaimStanding: models.ClaimStanding{FirmID: &firm, FirmConfirmedFor: &firm}}, false},
		{"settled by experts", models.Claim{AIVerdict: "belirsiz", ClaimStanding: models.ClaimStanding{FirmID: &firm, CommunitySettled: true,
			ExpertCount: 2, CommunityVerdict: &settled, CommunityScore: &refuted}}, true},
	} {
		if got := (Trust{}).ClaimCounts(&tc.claim); got != tc.want {
			t.Errorf("%s: counts %v, want %v", tc.name, got, tc.want)
		}
	}
}
