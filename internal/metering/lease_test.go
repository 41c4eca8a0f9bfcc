package metering_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// countingUsage is the real usage store, counting the statements a Meter sends it.
type countingUsage struct {
	*models.UsageStore
	mu    sync.Mutex
	calls map[string]int
}

func (c *countingUsage) note(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[name]++
}

// noteWrite notes a counting statement, apart when it was refused (it changed nothing).
func (c *countingUsage) noteWrite(name string, ok bool) {
	if !ok {
		name += " refused"
	}
	c.note(name)
}

// count is how many statements of the named kinds were sent.
func (c *countingUsage) count(names ...string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, name := range names {
		n += c.calls[name]
	}
	return n
}

// writes is how many statements changed the counter.
func (c *countingUsage) writes() int { return c.count("ChargeTx", "ChargeAsync", "Lease", "Release") }

func (c *countingUsage) ChargeTx(ctx context.Context, tx models.Tx, keyID, period string, quota *int) (int, bool, error) {
	n, ok, err := c.UsageStore.ChargeTx(ctx, tx, keyID, period, quota)
	c.noteWrite("ChargeTx", ok)
	return n, ok, err
}

func (c *countingUsage) ChargeAsync(ctx context.Context, keyID, period string, quota *int) (int, bool, error) {
	n, ok, err := c.UsageStore.ChargeAsync(ctx, keyID, period, quota)
	c.noteWrite("ChargeAsync", ok)
	return n, ok, err
}

func (c *countingUsage) Lease(ctx context.Context, keyID, period string, n int, quota *int) (int, bool, error) {
	count, ok, err := c.UsageStore.Lease(ctx, keyID, period, n, quota)
	c.noteWrite("Lease", ok)
	return count, ok, err
}

func (c *countingUsage) Release(ctx context.Context, keyID, period string, n int) (int, error) {
	c.note("Release")
	return c.UsageStore.Release(ctx, keyID, period, n)
}

func (c *countingUsage) Touch(ctx context.Context, keyID string, at time.Time) error {
	c.note("Touch")
	return c.UsageStore.Touch(ctx, keyID, at)
}

func (c *countingUsage) Current(ctx context.Context, keyID, period string) (int, error) {
	c.note("Current")
	return c.UsageStore.Current(ctx, keyID, period)
}

// process is one serving process: its own database handle, stores and started Meter, at a clock
// the test moves.
type process struct {
	db     *database.DB
	stores *models.Stores
	usage  *countingUsage
	meter  *metering.Meter
	clock  *clock
}

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	at time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.at }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.at = c.at.Add(d); c.mu.Unlock() }

func newClock() *clock { return &clock{at: time.Date(2026, 11, 21, 10, 0, 2, 0, time.UTC)} }

// startProcess builds a process over db with leases on (no Run: the test calls Flush and Close).
func startProcess(db *database.DB, c *clock) *process {
	st := storerules.Stores(db)
	u := &countingUsage{UsageStore: st.Usage, calls: map[string]int{}}
	m := metering.New(metering.Config{Keys: st.Keys, KeyCacheTTL: time.Hour, Usage: u, Now: c.now,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	m.Start()
	return &process{db: db, stores: st, usage: u, meter: m, clock: c}
}

// issue stores a key with quota (nil: an Enterprise key, unlimited) and returns its secret.
func (p *process) issue(t *testing.T, quota *int) (string, string) {
	t.Helper()
	return p.issueB(t, quota)
}

// issueB is issue for tests and benchmarks.
func (p *process) issueB(t testing.TB, quota *int) (string, string) {
	t.Helper()
	ctx := context.Background()
	plan := "starter"
	if quota == nil {
		plan = "enterprise"
	}
	pl, err := p.stores.Plans.BySlug(ctx, plan)
	if err != nil {
		t.Fatal(err)
	}
	is, err := keys.Generate()
	if err != nil {
		t.Fatal(err)
	}
	k := &models.APIKey{ID: uuid.NewString(), PlanID: pl.ID, Name: "t", Prefix: is.Prefix, Hash: is.Hash, CreatedAt: p.clock.now(), QuotaOverride: quota}
	if err := p.stores.Keys.Create(ctx, k); err != nil {
		t.Fatal(err)
	}
	return is.Secret, k.ID
}

// resolve is the process's view of the key.
func (p *process) resolve(t *testing.T, secret string) *models.KeyWithPlan {
	t.Helper()
	k, err := p.meter.Resolve(context.Background(), secret)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// counter reads the key's monthly counter.
func (p *process) counter(t *testing.T, keyID string) int {
	t.Helper()
	n, err := p.stores.Usage.Current(context.Background(), keyID, metering.Period(p.clock.now()))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// read admits one counted read.
func (p *process) read(t *testing.T, k *models.KeyWithPlan) metering.Admission {
	t.Helper()
	a, err := p.meter.Admit(context.Background(), k, metering.Read)
	if err != nil {
		t.Error(err)
	}
	return a
}

// errRolledBack fails a write on purpose.
var errRolledBack = errors.New("the write failed")

// write admits one write the way the analyse endpoint does (Check, then Charge in the write's
// transaction) and commits it unless fail; it reports whether the write was admitted and stored.
func (p *process) write(t *testing.T, k *models.KeyWithPlan, fail bool) (bool, metering.Admission) {
	t.Helper()
	ctx := context.Background()
	a, err := p.meter.Admit(ctx, k, metering.Check)
	if err != nil {
		t.Error(err)
		return false, a
	}
	if !a.Allowed {
		return false, a
	}
	ch := p.meter.Charge(k)
	admitted := false
	err = p.stores.Tx.InTx(ctx, func(tx models.Tx) error {
		ok, err := ch.Tx(ctx, tx)
		if err != nil {
			return err
		}
		admitted = ok
		if fail {
			return errRolledBack
		}
		return nil
	})
	if err != nil && !errors.Is(err, errRolledBack) {
		t.Error(err)
	}
	return admitted && !fail, ch.Admission()
}

// twoHandles opens one fresh migrated database twice, as two processes would: two SQLite handles
// on one file, or two PostgreSQL pools on one schema.
func twoHandles(t *testing.T, d database.Dialect) (*database.DB, *database.DB) {
	t.Helper()
	u := testdb.URL(t, d)
	open := func() *database.DB {
		db, err := database.Open(context.Background(), u, database.Options{MaxOpenConns: 20})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	a := open()
	sqlDB, err := a.Gorm.DB()
	if err != nil {
		t.Fatal(err)
	}
	if err := migrations.Up(context.Background(), sqlDB, string(d)); err != nil {
		t.Fatal(err)
	}
	return a, open()
}

// eachTwoProcesses runs fn per dialect with two processes on one database.
func eachTwoProcesses(t *testing.T, fn func(t *testing.T, a, b *process)) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			dbA, dbB := twoHandles(t, d)
			c := newClock()
			fn(t, startProcess(dbA, c), startProcess(dbB, c))
		})
	}
}

// 300 requests from 48 clients, spread over two processes, on a 100-request key admit exactly
// 100, counted once each, with fewer counter writes than requests admitted.
func TestLeasesAdmitExactlyTheQuotaAcrossTwoProcesses(t *testing.T) {
	for _, kind := range []struct {
		name  string
		write bool
	}{{"reads", false}, {"writes", true}} {
		t.Run(kind.name, func(t *testing.T) {
			eachTwoProcesses(t, func(t *testing.T, a, b *process) {
				secret, id := a.issue(t, intp(100))
				procs := []*process{a, b}
				ks := []*models.KeyWithPlan{a.resolve(t, secret), b.resolve(t, secret)}
				reqs := make(chan int, 300)
				for i := range 300 {
					reqs <- i
				}
				close(reqs)
				var admitted, refused atomic.Int64
				var wg sync.WaitGroup
				for range 48 {
					wg.Go(func() {
						for i := range reqs {
							p, k := procs[i%2], ks[i%2]
							var ok bool
							if kind.write {
								ok, _ = p.write(t, k, false)
							} else {
								ok = p.read(t, k).Allowed
							}
							if ok {
								admitted.Add(1)
							} else {
								refused.Add(1)
							}
						}
					})
				}
				wg.Wait()
				if admitted.Load() != 100 || refused.Load() != 200 {
					t.Fatalf("admitted %d, refused %d; want 100 and 200", admitted.Load(), refused.Load())
				}
				if n := a.counter(t, id); n != 100 {
					t.Errorf("counter = %d, want 100", n)
				}
				writes := a.usage.writes() + b.usage.writes()
				if a.usage.count("Lease") == 0 || b.usage.count("Lease") == 0 || writes >= 100 {
					t.Errorf("leases %d and %d, counter writes %d; want both processes leasing and fewer writes than the 100 admitted",
						a.usage.count("Lease"), b.usage.count("Lease"), writes)
				}
				for _, p := range procs {
					if err := p.meter.Close(context.Background()); err != nil {
						t.Fatal(err)
					}
				}
				if n := a.counter(t, id); n != 100 {
					t.Errorf("counter after both processes stopped = %d, want 100", n)
				}
			})
		})
	}
}

// Far from the quota a read writes nothing: the counter moves by leases, the headers stay exact,
// and Close gives the unused tokens back.
func TestLeasedReadsAndClose(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		p := startProcess(db, newClock())
		secret, id := p.issue(t, intp(10_000))
		k := p.resolve(t, secret)
		changes, last := 0, 0
		for i := 1; i <= 100; i++ {
			a := p.read(t, k)
			if !a.Allowed || !a.Counted || a.Used != i || a.Remaining != 10_000-i {
				t.Fatalf("read %d: %+v", i, a)
			}
			if h := metering.Headers(a); h["X-RateLimit-Remaining"] != strconv.Itoa(10_000-i) {
				t.Fatalf("read %d: X-RateLimit-Remaining %q", i, h["X-RateLimit-Remaining"])
			}
			if n := p.counter(t, id); n != last {
				if n < i {
					t.Fatalf("read %d admitted with the counter at %d", i, n)
				}
				changes, last = changes+1, n
			}
		}
		if w := p.usage.writes(); changes > 10 || w != changes {
			t.Errorf("100 reads moved the counter %d times with %d writes; want leases (at most 10)", changes, w)
		}
		if last <= 100 {
			t.Errorf("counter %d after 100 reads; want the unused tokens of the current lease counted too", last)
		}
		if err := p.meter.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := p.counter(t, id); n != 100 {
			t.Errorf("counter after Close = %d, want 100 (unused tokens given back)", n)
		}
		// Closed, the Meter counts each request exactly.
		if a := p.read(t, k); !a.Allowed || a.Used != 101 || p.counter(t, id) != 101 {
			t.Errorf("read after Close: %+v, counter %d; want counted exactly (101)", a, p.counter(t, id))
		}
	})
}

// Near the quota every request is the exact statement: the counter moves by one per request and
// the refusal comes exactly at the quota.
func TestLeasesFallBackToExactNearTheQuota(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		p := startProcess(db, newClock())
		secret, id := p.issue(t, intp(40))
		k := p.resolve(t, secret)
		for i := 1; i <= 40; i++ {
			if a := p.read(t, k); !a.Allowed || a.Used != i {
				t.Fatalf("read %d: %+v", i, a)
			}
			if remaining := 40 - (i - 1); remaining < 16 {
				if n := p.counter(t, id); n != i {
					t.Fatalf("read %d with %d remaining: counter %d, want it counted on its own (%d)", i, remaining, n, i)
				}
			}
		}
		if p.usage.count("Lease") == 0 {
			t.Error("no lease taken far from the quota")
		}
		if a := p.read(t, k); a.Allowed || a.Reason != metering.OverQuota || a.Remaining != 0 {
			t.Errorf("read 41: %+v, want refused over quota", a)
		}
		if n := p.counter(t, id); n != 40 {
			t.Errorf("counter = %d, want 40", n)
		}
	})
}

// A lease older than LeaseTTL−FlushInterval goes back at the next Flush; a younger one stays.
func TestAgedLeaseGoesBack(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		p := startProcess(db, newClock())
		secret, id := p.issue(t, intp(10_000))
		k := p.resolve(t, secret)
		for range 20 {
			p.read(t, k)
		}
		leased := p.counter(t, id)
		if leased <= 20 {
			t.Fatalf("counter %d after 20 reads; want a lease with tokens left", leased)
		}
		p.clock.advance(metering.LeaseTTL - metering.FlushInterval - time.Millisecond)
		if err := p.meter.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := p.counter(t, id); n != leased {
			t.Fatalf("a young lease was given back: counter %d, want %d", n, leased)
		}
		p.clock.advance(time.Millisecond)
		if err := p.meter.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := p.counter(t, id); n != 20 {
			t.Fatalf("counter after the aged lease went back = %d, want 20", n)
		}
		if a := p.read(t, k); !a.Allowed || a.Used != 21 {
			t.Errorf("read after the lease went back: %+v", a)
		}
	})
}

// An unlimited plan counts in memory: reads and writes cost no counter write, Flush writes the
// sum in one statement and records last_used_at; a rolled-back write is not in the sum.
func TestUnlimitedFlushWritesTheDelta(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		p := startProcess(db, newClock())
		secret, id := p.issue(t, nil)
		k := p.resolve(t, secret)
		for range 7 {
			if a := p.read(t, k); !a.Allowed || !a.Counted {
				t.Fatalf("unlimited read: %+v", a)
			}
		}
		for i, fail := range []bool{false, true, false} {
			if ok, _ := p.write(t, k, fail); ok == fail {
				t.Fatalf("write %d (fail=%v): stored=%v", i, fail, ok)
			}
		}
		if n, w := p.counter(t, id), p.usage.writes(); n != 0 || w != 0 {
			t.Fatalf("before Flush: counter %d, %d writes; want nothing written", n, w)
		}
		if last := lastUsed(t, p, id); last != nil {
			t.Fatalf("last_used_at %v before Flush", last)
		}
		if err := p.meter.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n, w := p.counter(t, id), p.usage.count("Lease"); n != 9 || w != 1 {
			t.Errorf("after Flush: counter %d in %d statements; want 9 in 1", n, w)
		}
		if last := lastUsed(t, p, id); last == nil || !last.Equal(p.clock.now()) {
			t.Errorf("last_used_at = %v, want %v", last, p.clock.now())
		}
		// Nothing new: the next Flush writes nothing.
		before := p.usage.writes() + p.usage.count("Touch")
		if err := p.meter.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		if after := p.usage.writes() + p.usage.count("Touch"); after != before {
			t.Errorf("an idle Flush sent %d statements", after-before)
		}
		p.read(t, k)
		if err := p.meter.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := p.counter(t, id); n != 10 {
			t.Errorf("after Close: counter %d, want 10", n)
		}
	})
}

// lastUsed reads the key's last_used_at.
func lastUsed(t *testing.T, p *process, id string) *time.Time {
	t.Helper()
	var k models.APIKey
	if err := p.db.Gorm.First(&k, "id = ?", id).Error; err != nil {
		t.Fatal(err)
	}
	if k.LastUsedAt == nil {
		return nil
	}
	at := k.LastUsedAt.UTC()
	return &at
}

// A write draws its token inside its transaction without writing the counter there; a rollback
// gives the token back to the lease. A transaction that cannot give back (the zero Tx) is
// charged with the exact statement.
func TestLeasedChargeGivesBackOnRollback(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		p := startProcess(db, newClock())
		secret, id := p.issue(t, intp(10_000))
		k := p.resolve(t, secret)
		for range 10 {
			if ok, _ := p.write(t, k, false); !ok {
				t.Fatal("write refused")
			}
		}
		leased := p.counter(t, id)
		inTx := p.usage.count("ChargeTx")
		for range 3 {
			if ok, _ := p.write(t, k, true); ok {
				t.Fatal("a failed write was stored")
			}
		}
		ok, a := p.write(t, k, false)
		if !ok || a.Used != 11 || a.Remaining != 10_000-11 {
			t.Errorf("write after three rolled back: %v %+v; want used 11", ok, a)
		}
		if n, c := p.counter(t, id), p.usage.count("ChargeTx"); n != leased || c != inTx {
			t.Errorf("counter %d (was %d), %d exact charges (was %d); want the rollbacks and the write served by the lease", n, leased, c, inTx)
		}
		// Outside a Transactor transaction there is no rollback hook: the exact statement counts.
		ch := p.meter.Charge(k)
		if ok, err := ch.Tx(context.Background(), models.Tx{}); err != nil || !ok {
			t.Fatalf("charge without a transaction: %v %v", ok, err)
		}
		if n := p.counter(t, id); n != leased+1 || ch.Admission().Used != 12 {
			t.Errorf("counter %d, used %d; want the exact statement (%d) and 12", n, ch.Admission().Used, leased+1)
		}
		if err := p.meter.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := p.counter(t, id); n != 12 {
			t.Errorf("counter after Close = %d, want 12 (the rolled-back writes not counted)", n)
		}
	})
}

// The Check admission looks at the lease, not the counter, while this process holds tokens.
func TestCheckAdmissionServedFromTheLease(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		p := startProcess(db, newClock())
		secret, _ := p.issue(t, intp(10_000))
		k := p.resolve(t, secret)
		for range 5 {
			p.write(t, k, false)
		}
		reads := p.usage.count("Current")
		for i := 6; i <= 30; i++ {
			a, err := p.meter.Admit(context.Background(), k, metering.Check)
			if err != nil || !a.Allowed || a.Used != i-1 {
				t.Fatalf("check %d: %+v %v", i, a, err)
			}
			if ok, _ := p.write(t, k, false); !ok {
				t.Fatalf("write %d refused", i)
			}
		}
		if n := p.usage.count("Current") - reads; n != 0 {
			t.Errorf("%d counter reads for 50 checks while holding a lease, want 0", n)
		}
	})
}

// A process that crashes (dropped without Close) never lets the key over its quota: its unused
// tokens stay counted, and the other process admits exactly what remains besides them.
func TestCrashStrandsTokensButNeverOverAdmits(t *testing.T) {
	eachTwoProcesses(t, func(t *testing.T, a, b *process) {
		secret, id := a.issue(t, intp(100))
		ka := a.resolve(t, secret)
		for range 20 {
			if !a.read(t, ka).Allowed {
				t.Fatal("read refused")
			}
		}
		stranded := a.counter(t, id) - 20
		if stranded <= 0 {
			t.Fatalf("counter %d after 20 reads; want the crashed process to hold tokens", stranded+20)
		}
		// a crashes here: no Close, no Flush.
		kb := b.resolve(t, secret)
		admitted := 0
		for range 200 {
			if b.read(t, kb).Allowed {
				admitted++
			}
		}
		if admitted != 100-20-stranded {
			t.Errorf("the surviving process admitted %d, want %d (100 less 20 used less %d stranded)", admitted, 100-20-stranded, stranded)
		}
		if err := b.meter.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := b.counter(t, id); n != 100 {
			t.Errorf("counter = %d, want 100 (the stranded tokens stay counted)", n)
		}
	})
}

// A key whose plan turns from unlimited to limited while this process still holds its unwritten
// counts is held to the new quota with those counts included, before and after Flush writes them.
func TestPlanChangeCountsWhatIsNotWrittenYet(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		p := startProcess(db, newClock())
		secret, id := p.issue(t, nil)
		unlimited := p.resolve(t, secret)
		for range 10 {
			p.read(t, unlimited)
		}
		limited := *unlimited
		limited.Key.QuotaOverride = intp(12)
		if ok, a := p.write(t, &limited, false); !ok || a.Used != 11 {
			t.Fatalf("write under the new quota: %v %+v, want admitted as the 11th", ok, a)
		}
		if a := p.read(t, &limited); !a.Allowed || a.Used != 12 || a.Remaining != 0 {
			t.Fatalf("read under the new quota: %+v, want admitted as the 12th", a)
		}
		if a := p.read(t, &limited); a.Allowed {
			t.Fatalf("13th request admitted: %+v", a)
		}
		if ok, _ := p.write(t, &limited, false); ok {
			t.Fatal("13th request (a write) admitted")
		}
		if err := p.meter.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := p.counter(t, id); n != 12 {
			t.Errorf("counter after Flush = %d, want 12", n)
		}
		if a := p.read(t, &limited); a.Allowed {
			t.Errorf("request after Flush admitted: %+v", a)
		}
	})
}

// When the month turns, the unused tokens of the month that ended go back to its counter at the
// next Flush, and the new month is counted from its own leases.
func TestLeaseAcrossTheMonthsEnd(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		p := startProcess(db, newClock())
		secret, id := p.issue(t, intp(10_000))
		k := p.resolve(t, secret)
		november := metering.Period(p.clock.now())
		for range 20 {
			p.read(t, k)
		}
		if n := p.counter(t, id); n <= 20 {
			t.Fatalf("counter %d after 20 reads; want a lease with tokens left", n)
		}
		p.clock.advance(10 * 24 * time.Hour)
		if metering.Period(p.clock.now()) == november {
			t.Fatal("the clock did not reach the next month")
		}
		for i := 1; i <= 3; i++ {
			if a := p.read(t, k); !a.Allowed || a.Used != i {
				t.Fatalf("read %d of the new month: %+v", i, a)
			}
		}
		if err := p.meter.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n, err := p.stores.Usage.Current(context.Background(), id, november); err != nil || n != 20 {
			t.Errorf("November's counter after Flush = %d (%v), want 20", n, err)
		}
		if err := p.meter.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := p.counter(t, id); n != 3 {
			t.Errorf("December's counter after Close = %d, want 3", n)
		}
	})
}

// A process may be refused with quota left only while another holds unused tokens, and only until
// that lease ages out: once the holder's Flush gives them back, they are admitted.
func TestRefusedWithQuotaLeftOnlyUntilTheLeaseAgesOut(t *testing.T) {
	eachTwoProcesses(t, func(t *testing.T, a, b *process) {
		secret, id := a.issue(t, intp(100))
		ka, kb := a.resolve(t, secret), b.resolve(t, secret)
		for range 20 {
			a.read(t, ka)
		}
		held := a.counter(t, id) - 20
		if held <= 0 {
			t.Fatalf("process a holds %d tokens, want some", held)
		}
		admitted := 0
		for b.read(t, kb).Allowed {
			admitted++
		}
		if admitted != 100-20-held {
			t.Fatalf("process b admitted %d before its refusal, want %d", admitted, 100-20-held)
		}
		a.clock.advance(metering.LeaseTTL - metering.FlushInterval)
		if err := a.meter.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		again := 0
		for b.read(t, kb).Allowed {
			again++
		}
		if again != held {
			t.Errorf("after the lease aged out process b admitted %d more, want the %d a held", again, held)
		}
		if n := b.counter(t, id); n != 100 {
			t.Errorf("counter = %d, want 100", n)
		}
	})
}
