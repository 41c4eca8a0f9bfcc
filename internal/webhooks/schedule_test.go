package webhooks_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/internal/webhooks"
)

func TestNextDelay(t *testing.T) {
	waits := []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour,
		10 * time.Hour, 14 * time.Hour, 20 * time.Hour, 24 * time.Hour}
	if webhooks.MaxAttempts != 10 {
		t.Fatalf("MaxAttempts %d, want 10", webhooks.MaxAttempts)
	}
	for i, base := range waits {
		attempt := i + 1
		for _, tc := range []struct {
			jitter float64
			want   time.Duration
		}{
			{0, base},
			{1, base + base/10},
			{-1, base - base/10},
			{0.5, base + base/20},
			{7, base + base/10}, // out-of-range jitter is clamped
		} {
			got, ok := webhooks.NextDelay(attempt, func() float64 { return tc.jitter })
			if !ok || got != tc.want {
				t.Errorf("attempt %d jitter %v: %v %v, want %v", attempt, tc.jitter, got, ok, tc.want)
			}
		}
	}
	for _, attempt := range []int{0, 10, 11} {
		if _, ok := webhooks.NextDelay(attempt, nil); ok {
			t.Errorf("attempt %d has a retry", attempt)
		}
	}
	// The real jitter stays within ±10%.
	for range 1000 {
		d, _ := webhooks.NextDelay(4, webhooks.RandomJitter)
		if d < 108*time.Minute || d > 132*time.Minute {
			t.Fatalf("jittered 2h wait out of range: %v", d)
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		v    string
		want time.Duration
		ok   bool
	}{
		{"120", 2 * time.Minute, true},
		{" 30 ", 30 * time.Second, true},
		{"0", 0, false},
		{"-5", 0, false},
		{"", 0, false},
		{"soon", 0, false},
		{"999999999", 24 * time.Hour, true},
		{now.Add(time.Hour).Format(http.TimeFormat), time.Hour, true},
		{now.Add(72 * time.Hour).Format(http.TimeFormat), 24 * time.Hour, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, false},
	} {
		got, ok := webhooks.ParseRetryAfter(tc.v, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseRetryAfter(%q) = %v %v, want %v %v", tc.v, got, ok, tc.want, tc.ok)
		}
	}
}
