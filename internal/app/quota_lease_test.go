package app_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// A counted read through the HTTP API costs no counter write far from the quota: with the
// background running (quota leases on), the counter moves by leases, not by one per read, while
// X-RateLimit-Remaining stays exact; stopping the background gives the unused tokens back and
// records last_used_at.
func TestCountedReadsLeaseTheCounter(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		stop := s.app.StartBackground(context.Background())
		stopped := false
		t.Cleanup(func() {
			if !stopped {
				stop()
			}
		})
		const quota, reads = 100_000, 60
		secret, key := issueKey(t, s.app.Stores, "starter", intp(quota))
		counter := func() int {
			t.Helper()
			n, err := s.app.Stores.Usage.Current(context.Background(), key.ID, metering.Period(time.Now()))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		changes, last := 0, 0
		for i := 1; i <= reads; i++ {
			st, hdr, b := do(t, "GET", s.base+"/rest/v1/claims?select=id", map[string]string{"apikey": secret}, nil)
			if st != 200 {
				t.Fatalf("read %d: %d %s", i, st, b)
			}
			if got := hdr.Get("X-RateLimit-Remaining"); got != strconv.Itoa(quota-i) {
				t.Fatalf("read %d: X-RateLimit-Remaining %s, want %d", i, got, quota-i)
			}
			if n := counter(); n != last {
				if n < i {
					t.Fatalf("read %d answered with the counter at %d", i, n)
				}
				changes, last = changes+1, n
			}
		}
		if changes > 12 {
			t.Errorf("%d reads moved the counter %d times; want leases (a handful of writes)", reads, changes)
		}
		stop()
		stopped = true
		if n := counter(); n != reads {
			t.Errorf("counter after the background stopped = %d, want %d (unused tokens given back)", n, reads)
		}
		k, err := s.app.Stores.Keys.ByHash(context.Background(), key.Hash)
		if err != nil || k.Key.LastUsedAt == nil {
			t.Errorf("last_used_at after the background stopped: %v (%v), want set", k, err)
		}
	})
}

// With the background stopped (no leases), each read counts itself exactly, as before.
func TestCountedReadsWithoutBackgroundCountExactly(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		secret, key := issueKey(t, s.app.Stores, "starter", intp(1000))
		for i := 1; i <= 5; i++ {
			if st, _, b := do(t, "GET", s.base+"/rest/v1/claims?select=id", map[string]string{"apikey": secret}, nil); st != 200 {
				t.Fatalf("read %d: %d %s", i, st, b)
			}
			if n, err := s.app.Stores.Usage.Current(context.Background(), key.ID, metering.Period(time.Now())); err != nil || n != i {
				t.Fatalf("read %d: counter %d (%v), want %d", i, n, err, i)
			}
		}
	})
}
