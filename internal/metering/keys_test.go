package metering

import (
	"context"
	"errors"
	"maps"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/models"
)

func TestPeriodAndReset(t *testing.T) {
	for _, tc := range []struct {
		at     time.Time
		period string
		reset  time.Time
	}{
		{time.Date(2026, 11, 21, 23, 59, 0, 0, time.UTC), "2026-11", time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)},
		{time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC), "2026-12", time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)},
		// 00:30 on 1 December in Istanbul is still November in UTC.
		{time.Date(2026, 12, 1, 0, 30, 0, 0, time.FixedZone("TRT", 3*3600)), "2026-11", time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)},
	} {
		if p := Period(tc.at); p != tc.period {
			t.Errorf("Period(%v) = %s, want %s", tc.at, p, tc.period)
		}
		if r := ResetAt(tc.at); !r.Equal(tc.reset) {
			t.Errorf("ResetAt(%v) = %v, want %v", tc.at, r, tc.reset)
		}
	}
}

func TestHeaders(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	limit := 100
	reset := "1796083200"
	cases := []struct {
		name string
		a    Admission
		want map[string]string
	}{
		{"counted", Admission{Allowed: true, Limit: &limit, Used: 40, Remaining: 60, Reset: ResetAt(now), usageKnown: true},
			map[string]string{"X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "60", "X-RateLimit-Reset": reset}},
		{"unlimited", Admission{Allowed: true, Used: 5, Reset: ResetAt(now), usageKnown: true},
			map[string]string{"X-RateLimit-Reset": reset}},
		{"over quota", Admission{Reason: OverQuota, Limit: &limit, Used: 100, Reset: ResetAt(now), RetryAfter: RetryAfter(now), usageKnown: true},
			map[string]string{"X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset, "Retry-After": "820801"}},
		{"over burst, count unreadable", Admission{Reason: OverBurst, Limit: &limit, Reset: ResetAt(now), RetryAfter: 8,
			Burst: &BurstState{Limit: 5, Remaining: 0, ResetSeconds: 8}},
			map[string]string{"RateLimit-Limit": "5", "RateLimit-Remaining": "0", "RateLimit-Reset": "8", "Retry-After": "8"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Headers(tc.a); !maps.Equal(got, tc.want) {
				t.Errorf("Headers = %v, want %v", got, tc.want)
			}
		})
	}
	if ra := RetryAfter(now); ra != 9*24*3600+12*3600+1 {
		t.Errorf("RetryAfter = %d", ra)
	}
}

func TestFromHeaders(t *testing.T) {
	for _, tc := range []struct{ apikey, auth, want string }{
		{"k1", "", "k1"},
		{"", "Bearer k2", "k2"},
		{"", "bearer  k3 ", "k3"},
		{"k1", "Bearer k2", "k1"},
		{"", "Basic abc", ""},
		{"", "Bearer", ""},
	} {
		if got := FromHeaders(tc.apikey, tc.auth); got != tc.want {
			t.Errorf("FromHeaders(%q,%q) = %q, want %q", tc.apikey, tc.auth, got, tc.want)
		}
	}
}

type fakeFinder struct {
	calls int
	key   *models.KeyWithPlan
}

func (f *fakeFinder) ByHash(_ context.Context, hash string) (*models.KeyWithPlan, error) {
	f.calls++
	if f.key == nil || f.key.Key.Hash != hash {
		return nil, models.ErrNotFound
	}
	k := *f.key
	return &k, nil
}

// The cache saves lookups for hot keys, and a revocation is seen once the TTL has passed.
func TestAuthenticatorCachesWithinTTL(t *testing.T) {
	is, _ := keys.Generate()
	f := &fakeFinder{key: &models.KeyWithPlan{Key: models.APIKey{ID: "k", Hash: is.Hash}}}
	now := time.Unix(1_000_000, 0)
	a := NewAuthenticator(f, 4*time.Second, func() time.Time { return now })
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		if _, err := a.Authenticate(ctx, is.Secret); err != nil {
			t.Fatal(err)
		}
	}
	if f.calls != 1 {
		t.Errorf("lookups = %d, want 1 within the TTL", f.calls)
	}
	revoked := now
	f.key.Key.RevokedAt = &revoked
	if _, err := a.Authenticate(ctx, is.Secret); err != nil {
		t.Error("revocation seen before the TTL passed: the cache is not used")
	}
	now = now.Add(4*time.Second + time.Millisecond)
	if _, err := a.Authenticate(ctx, is.Secret); !errors.Is(err, ErrBadKey) {
		t.Errorf("revoked key after TTL: %v, want ErrBadKey", err)
	}
	if _, err := a.Authenticate(ctx, ""); !errors.Is(err, ErrNoKey) {
		t.Errorf("empty key: %v", err)
	}
	calls := f.calls
	if _, err := a.Authenticate(ctx, "not-a-key"); !errors.Is(err, ErrBadKey) || f.calls != calls {
		t.Errorf("malformed key: %v, lookups %d→%d (a malformed key must not reach the database)", err, calls, f.calls)
	}
}
