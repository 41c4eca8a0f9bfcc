package metering

import (
	"math"
	"testing"
	"time"
)

// A lease is the key's recent requests, capped at maxLease and at 1/8 of what remains; under
// minLease the request is counted exactly.
func TestLeaseSize(t *testing.T) {
	q := func(n int) *int { return &n }
	cases := []struct {
		name   string
		recent float64
		quota  *int
		seen   int
		want   int
	}{
		{"a first request is counted exactly", 1, q(1000), 0, 0},
		{"two recent requests lease two", 2, q(1000), 0, 2},
		{"a fraction rounds down", 7.9, q(1000), 0, 7},
		{"the rate sets the size far from the quota", 300, q(1_000_000), 5, 300},
		{"never more than maxLease", 50_000, nil, 0, maxLease},
		{"unlimited plans follow the rate", 40, nil, 0, 40},
		{"at most an eighth of what remains", 300, q(1000), 800, 25},
		{"below 16 remaining every request is exact", 300, q(100), 85, 0},
		{"16 remaining lease two", 300, q(100), 84, 2},
		{"over the quota nothing is leased", 300, q(100), 100, 0},
		{"a key with a tiny quota is always exact", 300, q(15), 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := leaseSize(tc.recent, tc.quota, tc.seen); got != tc.want {
				t.Errorf("leaseSize(%v, %v, %d) = %d, want %d", tc.recent, tc.quota, tc.seen, got, tc.want)
			}
		})
	}
}

// The request count decays with leaseWindow: a steady rate r settles near r×leaseWindow, a key
// that went quiet falls back towards one request.
func TestRecentRequestsDecay(t *testing.T) {
	at := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	var st keyState
	for range 1000 { // 100 requests a second for 10 s
		at = at.Add(10 * time.Millisecond)
		st.attempt(at)
	}
	if want := 1 / (1 - math.Exp(-0.01)); math.Abs(st.recent-want) > 1 {
		t.Errorf("steady 100/s: recent = %.1f, want about %.1f", st.recent, want)
	}
	st.attempt(at.Add(5 * time.Second))
	if st.recent > 2 {
		t.Errorf("after 5 quiet seconds: recent = %.2f, want under 2", st.recent)
	}
	// A clock that steps back does not inflate the count.
	before := st.recent
	st.attempt(at)
	if st.recent != before+1 {
		t.Errorf("clock stepping back: recent = %.2f, want %.2f", st.recent, before+1)
	}
}
