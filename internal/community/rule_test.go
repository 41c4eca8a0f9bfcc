package community

import (
	"math"
	"testing"
)

func TestComputeRule(t *testing.T) {
	b := func(v string, c float64) Ballot { return Ballot{Verdict: v, Confidence: c} }
	cases := []struct {
		name    string
		votes   []Ballot
		want    Tally
		settled bool
	}{
		{"no votes", nil, Tally{}, false},
		{"single confident vote is only half confident", []Ballot{b("dogru", 1)},
			Tally{Score: 100, Verdict: "dogru", Agreement: 1, Confidence: 0.5, Experts: 1}, false},
		{"single vote at 0.8", []Ballot{b("yanlis", 0.8)},
			Tally{Score: 0, Verdict: "yanlis", Agreement: 1, Confidence: 0.4, Experts: 1}, false},
		{"unanimous pair settles", []Ballot{b("dogru", 1), b("dogru", 1)},
			Tally{Score: 100, Verdict: "dogru", Agreement: 1, Confidence: 0.75, Experts: 2}, true},
		{"unanimous pair at 0.8 settles", []Ballot{b("yanlis", 0.8), b("yanlis", 0.8)},
			Tally{Score: 0, Verdict: "yanlis", Agreement: 1, Confidence: 0.6, Experts: 2}, true},
		{"unanimous pair at 0.6 is not confident enough", []Ballot{b("yanlis", 0.6), b("yanlis", 0.6)},
			Tally{Score: 0, Verdict: "yanlis", Agreement: 1, Confidence: 0.45, Experts: 2}, false},
		// weights 0.9 dogru, 0.3 yanlis: score = 90/1.2 = 75; agreement 0.75; conf 0.75*0.6*0.75 = 0.3375
		{"split weighted by confidence", []Ballot{b("dogru", 0.9), b("yanlis", 0.3)},
			Tally{Score: 75, Verdict: "dogru", Agreement: 0.75, Confidence: 0.34, Experts: 2}, false},
		{"tie between dogru and yanlis goes to yanlis", []Ballot{b("dogru", 0.7), b("yanlis", 0.7)},
			Tally{Score: 50, Verdict: "yanlis", Agreement: 0.5, Confidence: 0.26, Experts: 2}, false},
		{"tie between kismen and yanlis goes to kismen", []Ballot{b("yanlis", 0.5), b("kismen", 0.5)},
			Tally{Score: 25, Verdict: "kismen", Agreement: 0.5, Confidence: 0.19, Experts: 2}, false},
		{"tie with belirsiz goes to belirsiz", []Ballot{b("dogru", 1), b("belirsiz", 1)},
			Tally{Score: 75, Verdict: "belirsiz", Agreement: 0.5, Confidence: 0.38, Experts: 2}, false},
		{"four-way tie goes to belirsiz", []Ballot{b("dogru", 0.5), b("kismen", 0.5), b("yanlis", 0.5), b("belirsiz", 0.5)},
			Tally{Score: 50, Verdict: "belirsiz", Agreement: 0.25, Confidence: 0.12, Experts: 4}, false},
		// weights: dogru 1, yanlis 0.05: score = 100/1.05 = 95.238; agreement 0.952; conf 0.952*0.5*0.75 = 0.357
		{"confidence 0 still counts a little", []Ballot{b("dogru", 1), b("yanlis", 0)},
			Tally{Score: 95.24, Verdict: "dogru", Agreement: 1 / 1.05, Confidence: 0.36, Experts: 2}, false},
		{"only confidence 0 votes", []Ballot{b("yanlis", 0), b("yanlis", 0)},
			Tally{Score: 0, Verdict: "yanlis", Agreement: 1, Confidence: 0, Experts: 2}, false},
		{"belirsiz only never settles", []Ballot{b("belirsiz", 1), b("belirsiz", 1), b("belirsiz", 1)},
			Tally{Score: 50, Verdict: "belirsiz", Agreement: 1, Confidence: 0.88, Experts: 3}, false},
		{"three agreeing", []Ballot{b("kismen", 1), b("kismen", 1), b("kismen", 1)},
			Tally{Score: 50, Verdict: "kismen", Agreement: 1, Confidence: 0.88, Experts: 3}, true},
		// weights dogru 2.0, kismen 0.5: agreement 0.8; score (200+25)/2.5 = 90; conf 0.8*(2.5/3)*0.875 = 0.5833
		{"majority with agreement 0.8 settles", []Ballot{b("dogru", 1), b("dogru", 1), b("kismen", 0.5)},
			Tally{Score: 90, Verdict: "dogru", Agreement: 0.8, Confidence: 0.58, Experts: 3}, true},
		// weights dogru 1.4, yanlis 0.6: agreement 0.7 < 0.75
		{"agreement below 0.75 does not settle", []Ballot{b("dogru", 0.7), b("dogru", 0.7), b("yanlis", 0.6)},
			Tally{Score: 70, Verdict: "dogru", Agreement: 0.7, Confidence: 0.41, Experts: 3}, false},
		{"out-of-range confidence is clamped", []Ballot{b("dogru", 7), b("dogru", -1)},
			Tally{Score: 100, Verdict: "dogru", Agreement: 1, Confidence: 0.38, Experts: 2}, false},
		{"unknown verdict is ignored", []Ballot{b("maybe", 1), b("dogru", 1)},
			Tally{Score: 100, Verdict: "dogru", Agreement: 1, Confidence: 0.5, Experts: 1}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Compute(tc.votes)
			if got.Score != tc.want.Score || got.Verdict != tc.want.Verdict || got.Confidence != tc.want.Confidence ||
				got.Experts != tc.want.Experts || math.Abs(got.Agreement-tc.want.Agreement) > 1e-9 {
				t.Fatalf("Compute = %+v, want %+v", got, tc.want)
			}
			if got.Settled() != tc.settled {
				t.Errorf("Settled = %v, want %v", got.Settled(), tc.settled)
			}
		})
	}
}

// TestConfidenceGrowsWithExperts: more agreeing experts raise the confidence towards 1; it reaches
// 1 only through rounding, at eight unanimous, certain experts.
func TestConfidenceGrowsWithExperts(t *testing.T) {
	want := []float64{0.5, 0.75, 0.88, 0.94, 0.97, 0.98, 0.99, 1}
	var votes []Ballot
	prev := 0.0
	for n := 1; n <= len(want); n++ {
		votes = append(votes, Ballot{Verdict: "dogru", Confidence: 1})
		got := Compute(votes)
		if got.Confidence != want[n-1] {
			t.Errorf("n=%d: confidence %v, want %v", n, got.Confidence, want[n-1])
		}
		if got.Confidence < prev {
			t.Errorf("n=%d: confidence fell from %v to %v", n, prev, got.Confidence)
		}
		prev = got.Confidence
		if got.Experts != n {
			t.Errorf("n=%d: experts %d", n, got.Experts)
		}
	}
	// Unrounded, one expert is exactly half as sure as they are.
	one := Compute([]Ballot{{Verdict: "yanlis", Confidence: 0.9}})
	if one.Confidence != 0.45 {
		t.Errorf("one vote at 0.9: confidence %v, want 0.45", one.Confidence)
	}
}

func TestSettledThresholds(t *testing.T) {
	cases := []struct {
		name string
		t    Tally
		want bool
	}{
		{"all thresholds met exactly", Tally{Verdict: "yanlis", Agreement: 0.75, Confidence: 0.5, Experts: 2}, true},
		{"one expert", Tally{Verdict: "yanlis", Agreement: 1, Confidence: 0.9, Experts: 1}, false},
		{"belirsiz", Tally{Verdict: "belirsiz", Agreement: 1, Confidence: 0.9, Experts: 5}, false},
		{"agreement just below", Tally{Verdict: "dogru", Agreement: 0.7499, Confidence: 0.9, Experts: 5}, false},
		{"confidence just below", Tally{Verdict: "dogru", Agreement: 1, Confidence: 0.49, Experts: 5}, false},
		{"no verdict", Tally{Agreement: 1, Confidence: 1, Experts: 2}, false},
	}
	for _, tc := range cases {
		if got := tc.t.Settled(); got != tc.want {
			t.Errorf("%s: Settled = %v, want %v", tc.name, got, tc.want)
		}
	}
}
