package metering_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/ratelimit"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// meterEnv is a Meter over real stores at a settable clock.
type meterEnv struct {
	stores *models.Stores
	meter  *metering.Meter
	mu     sync.Mutex
	at     time.Time
}

func (e *meterEnv) now() time.Time { e.mu.Lock(); defer e.mu.Unlock(); return e.at }

func newMeterEnv(t *testing.T, db *database.DB) *meterEnv {
	t.Helper()
	e := &meterEnv{stores: storerules.Stores(db), at: time.Date(2026, 11, 21, 10, 0, 2, 0, time.UTC)}
	e.meter = metering.New(metering.Config{Keys: e.stores.Keys, KeyCacheTTL: time.Second, Usage: e.stores.Usage, Now: e.now,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return e
}

// key issues a key with the given monthly quota (nil: an Enterprise key, unlimited) and resolves it.
func (e *meterEnv) key(t *testing.T, quota *int) *models.KeyWithPlan {
	t.Helper()
	ctx := context.Background()
	plan := "starter"
	if quota == nil {
		plan = "enterprise"
	}
	p, err := e.stores.Plans.BySlug(ctx, plan)
	if err != nil {
		t.Fatal(err)
	}
	is, err := keys.Generate()
	if err != nil {
		t.Fatal(err)
	}
	k := &models.APIKey{ID: uuid.NewString(), PlanID: p.ID, Name: "t", Prefix: is.Prefix, Hash: is.Hash, CreatedAt: e.now(), QuotaOverride: quota}
	if err := e.stores.Keys.Create(ctx, k); err != nil {
		t.Fatal(err)
	}
	kp, err := e.meter.Resolve(ctx, is.Secret)
	if err != nil {
		t.Fatal(err)
	}
	if q := kp.EffectiveQuota(); (q == nil) != (quota == nil) || (q != nil && *q != *quota) {
		t.Fatalf("key quota = %v, want %v", q, quota)
	}
	return kp
}

func (e *meterEnv) used(t *testing.T, k *models.KeyWithPlan) int {
	t.Helper()
	n, err := e.stores.Usage.Current(context.Background(), k.Key.ID, metering.Period(e.now()))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func intp(n int) *int { return &n }

// Read counts at admission up to the quota and never counts a refusal; Check only looks; Submit
// does neither.
func TestAdmitKinds(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newMeterEnv(t, db)
		ctx := context.Background()
		cases := []struct {
			name      string
			quota     *int
			kind      metering.Kind
			times     int
			allowed   []bool
			wantUsed  int
			remaining int
		}{
			{"reads up to the quota", intp(2), metering.Read, 3, []bool{true, true, false}, 2, 0},
			{"zero quota admits nothing", intp(0), metering.Read, 1, []bool{false}, 0, 0},
			{"unlimited reads", nil, metering.Read, 3, []bool{true, true, true}, 3, 0},
			{"check only looks", intp(1), metering.Check, 2, []bool{true, true}, 0, 1},
			{"submit neither looks nor counts", intp(0), metering.Submit, 1, []bool{true}, 0, 0},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				k := e.key(t, tc.quota)
				var last metering.Admission
				for i := range tc.times {
					a, err := e.meter.Admit(ctx, k, tc.kind)
					if err != nil {
						t.Fatal(err)
					}
					if a.Allowed != tc.allowed[i] {
						t.Fatalf("request %d: allowed = %v, want %v", i+1, a.Allowed, tc.allowed[i])
					}
					if !a.Allowed && (a.Reason != metering.OverQuota || a.Counted || a.RetryAfter != metering.RetryAfter(e.now())) {
						t.Errorf("request %d refused as %+v", i+1, a)
					}
					last = a
				}
				if n := e.used(t, k); n != tc.wantUsed {
					t.Errorf("counter = %d, want %d", n, tc.wantUsed)
				}
				if last.Remaining != tc.remaining {
					t.Errorf("remaining = %d, want %d", last.Remaining, tc.remaining)
				}
			})
		}
	})
}

// A Check refuses without counting once the counter reached the quota; the charge inside the
// write's transaction counts, and a rolled-back write leaves no count.
func TestChargeCountsInTheWritesTransaction(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newMeterEnv(t, db)
		ctx := context.Background()
		tx := models.NewTransactor(db)
		k := e.key(t, intp(2))

		rollback := errors.New("the write failed")
		ch := e.meter.Charge(k)
		err := tx.InTx(ctx, func(tx models.Tx) error {
			if ok, err := ch.Tx(ctx, tx); err != nil || !ok {
				t.Fatalf("charge: %v %v", ok, err)
			}
			return rollback
		})
		if !errors.Is(err, rollback) || e.used(t, k) != 0 {
			t.Fatalf("after a rolled-back write: err %v, counter %d; want the write's error and 0", err, e.used(t, k))
		}
		for i := 1; i <= 2; i++ {
			ch := e.meter.Charge(k)
			if err := tx.InTx(ctx, func(tx models.Tx) error { _, err := ch.Tx(ctx, tx); return err }); err != nil {
				t.Fatal(err)
			}
			if a := ch.Admission(); !a.Allowed || !a.Counted || a.Used != i || a.Remaining != 2-i {
				t.Fatalf("charge %d: %+v", i, a)
			}
		}
		if a, err := e.meter.Admit(ctx, k, metering.Check); err != nil || a.Allowed || a.Reason != metering.OverQuota {
			t.Fatalf("check at the quota: %+v %v, want refused", a, err)
		}
		over := e.meter.Charge(k)
		if err := tx.InTx(ctx, func(tx models.Tx) error {
			if ok, err := over.Tx(ctx, tx); err != nil || ok {
				t.Fatalf("charge over quota: %v %v, want refused", ok, err)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if a := over.Admission(); a.Allowed || a.Used != 2 || a.Remaining != 0 || a.RetryAfter == 0 {
			t.Errorf("refused charge: %+v", a)
		}
		if n := e.used(t, k); n != 2 {
			t.Errorf("counter = %d, want 2", n)
		}
	})
}

// Concurrent reads on a small quota admit exactly the quota, on both databases.
func TestAdmitIsExactUnderConcurrency(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newMeterEnv(t, db)
		k := e.key(t, intp(20))
		var admitted atomic.Int64
		var wg sync.WaitGroup
		for range 40 {
			wg.Go(func() {
				a, err := e.meter.Admit(context.Background(), k, metering.Read)
				if err != nil {
					t.Error(err)
					return
				}
				if a.Allowed {
					admitted.Add(1)
				}
			})
		}
		wg.Wait()
		if admitted.Load() != 20 || e.used(t, k) != 20 {
			t.Fatalf("admitted %d, counter %d; want 20 and 20", admitted.Load(), e.used(t, k))
		}
	})
}

// The burst limit refuses before the monthly count, states its window in the headers, and a
// request it refuses is not counted; the window's end admits again.
func TestBurstLimit(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newMeterEnv(t, db)
		ctx := context.Background()
		m := e.meter.WithBurst(metering.Burst{Limiter: ratelimit.NewLeased(e.stores.RateLimits, e.now), Limit: 2, Window: 10 * time.Second, Bucket: "test:"})
		k := e.key(t, intp(100))
		for i := 1; i <= 2; i++ {
			a, err := m.Admit(ctx, k, metering.Read)
			if err != nil || !a.Allowed || a.Burst == nil || a.Burst.Remaining != 2-i {
				t.Fatalf("request %d: %+v %v", i, a, err)
			}
		}
		a, err := m.Admit(ctx, k, metering.Read)
		if err != nil || a.Allowed || a.Reason != metering.OverBurst || a.RetryAfter != 8 {
			t.Fatalf("third request: %+v %v, want refused for 8 s", a, err)
		}
		h := metering.Headers(a)
		if h["RateLimit-Limit"] != "2" || h["RateLimit-Remaining"] != "0" || h["RateLimit-Reset"] != "8" || h["Retry-After"] != "8" ||
			h["X-RateLimit-Remaining"] != "98" {
			t.Errorf("headers of a burst refusal: %v", h)
		}
		if n := e.used(t, k); n != 2 {
			t.Errorf("counter = %d, want 2 (the burst refusal is not counted)", n)
		}
		e.mu.Lock()
		e.at = e.at.Add(8 * time.Second)
		e.mu.Unlock()
		if a, err := m.Admit(ctx, k, metering.Read); err != nil || !a.Allowed {
			t.Errorf("next window: %+v %v", a, err)
		}
		// The Meter without a burst limit shares the counters but applies none.
		if a, err := e.meter.Admit(ctx, k, metering.Read); err != nil || !a.Allowed || a.Burst != nil {
			t.Errorf("meter without burst: %+v %v", a, err)
		}
	})
}
