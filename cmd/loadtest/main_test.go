package main

import (
	"testing"
	"time"
)

// The run's share of the CPU measured over warm-up and run, for the default 5 s run (whose
// product of nanoseconds overflowed int64 and printed CPU figures five times too small) and
// longer ones.
func TestWarmupShare(t *testing.T) {
	for _, tc := range []struct {
		cpu, run, warmup, want time.Duration
	}{
		{1200 * time.Millisecond, time.Second, 200 * time.Millisecond, time.Second},
		{6 * time.Second, 5 * time.Second, time.Second, 5 * time.Second},
		{12 * time.Second, 10 * time.Minute, time.Second, 12 * time.Second * 600 / 601},
	} {
		if got := warmupShare(tc.cpu, tc.run, tc.warmup); got < tc.want-time.Microsecond || got > tc.want+time.Microsecond {
			t.Errorf("warmupShare(%v, %v, %v) = %v, want %v", tc.cpu, tc.run, tc.warmup, got, tc.want)
		}
	}
}
