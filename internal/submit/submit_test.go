package submit

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// env is a migrated database with a key and the submission store.
type env struct {
	db     *database.DB
	stores *models.Stores
	subs   *models.SubmissionStore
	key    *models.APIKey
	clock  *clock
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newEnv(t *testing.T, db *database.DB) *env {
	t.Helper()
	st := storerules.Stores(db)
	p, err := st.Plans.BySlug(context.Background(), "beta-free")
	if err != nil {
		t.Fatal(err)
	}
	is, err := keys.Generate()
	if err != nil {
		t.Fatal(err)
	}
	k := &models.APIKey{ID: uuid.NewString(), PlanID: p.ID, Name: "t", Prefix: is.Prefix, Hash: is.Hash, CreatedAt: time.Now().UTC()}
	if err := st.Keys.Create(context.Background(), k); err != nil {
		t.Fatal(err)
	}
	return &env{db: db, stores: st, subs: models.NewSubmissionStore(db, storerules.Default()), key: k,
		clock: &clock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}}
}

// enqueue submits content (and an optional source) and returns the submission.
func (e *env) enqueue(t *testing.T, content, source string) *models.ClaimSubmission {
	t.Helper()
	sub := &models.ClaimSubmission{Content: content}
	if source != "" {
		sub.SourceURL = &source
	}
	res, err := e.subs.Enqueue(context.Background(), sub, models.Payment{KeyID: e.key.ID, Now: e.clock.now()}, nil)
	if err != nil || res.Submission == nil {
		t.Fatalf("enqueue: %+v %v", res, err)
	}
	return res.Submission
}

func (e *env) state(t *testing.T, id string) *models.ClaimSubmission {
	t.Helper()
	s, err := e.subs.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// analysedEvents counts claim.analysed events of a claim.
func (e *env) analysedEvents(t *testing.T, id string) int {
	t.Helper()
	evs, err := models.NewEventStore(e.db).After(context.Background(), 0, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ev := range evs {
		if ev.Type == models.EventClaimAnalysed && ev.ClaimID != nil && *ev.ClaimID == id {
			n++
		}
	}
	return n
}

func (e *env) worker(name string, a Preparer, mod func(*Config)) *Worker {
	c := Config{Store: e.subs, Analyzer: a, Now: e.clock.now, Name: name, Poll: 10 * time.Millisecond, Lease: time.Minute}
	if mod != nil {
		mod(&c)
	}
	return New(c)
}

// fakeAnalyzer answers with a fixed verdict, fails, or blocks until released.
type fakeAnalyzer struct {
	fail    error
	calls   atomic.Int32
	started chan string   // receives the id when an analysis starts (optional)
	release chan struct{} // when set, analyses wait for it or their context
}

func (f *fakeAnalyzer) Prepare(ctx context.Context, id string, in checking.Input) (*models.Claim, error) {
	f.calls.Add(1)
	if f.started != nil {
		f.started <- id
	}
	if f.release != nil {
		select {
		case <-f.release:
		case <-ctx.Done():
			return nil, fmt.Errorf("%w: %v", checking.ErrAnalyzer, ctx.Err())
		}
	}
	if f.fail != nil {
		return nil, f.fail
	}
	if _, verr := checking.Validate(in); verr != nil {
		return nil, verr
	}
	return &models.Claim{ID: id, Content: strings.TrimSpace(in.Claim), Language: "en", Category: "science", EnQuery: "q",
		AIScore: 15, AIVerdict: "yanlis", AISummary: "Refuted.", SourceScore: 50, ScienceScore: 50, AcademicScore: 50,
		PublicScore: 50, Analyzer: "fake", AnalyzerVersion: "1", Basis: `{}`, Matches: `[]`, AnalysisMeta: `{}`,
		CreatedAt: time.Now().UTC()}, nil
}

// The real checker analyses a submission into the claim with the submission's id and time.
func TestWorkerStoresTheClaimUnderTheSubmissionID(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		an, err := analysis.NewOffline()
		if err != nil {
			t.Fatal(err)
		}
		checker := checking.NewService(an, e.stores.Claims, nil)
		sub := e.enqueue(t, "  Vaccines cause autism  ", "https://www.cdc.gov/vaccines")
		e.clock.add(3 * time.Second)
		found, err := e.worker("w", checker, nil).RunOnce(context.Background())
		if err != nil || !found {
			t.Fatalf("RunOnce: %v %v", found, err)
		}
		if s := e.state(t, sub.ID); s.State != models.SubmissionAnalysed || s.FailureReason != nil || s.LockedBy != nil {
			t.Errorf("submission after analysis = %+v", s)
		}
		c, err := e.stores.Claims.Get(context.Background(), sub.ID)
		if err != nil {
			t.Fatal(err)
		}
		if c.Content != "Vaccines cause autism" || c.SourceURL == nil || *c.SourceURL != "https://www.cdc.gov/vaccines" ||
			c.SourceDomain == nil || *c.SourceDomain != "cdc.gov" || c.Analyzer == "" || !strings.Contains(c.Basis, "source_score") {
			t.Errorf("stored claim = %+v", c)
		}
		if !c.CreatedAt.Equal(sub.CreatedAt) || c.APIKeyID == nil || *c.APIKeyID != e.key.ID {
			t.Errorf("claim created_at %v / key %v, want the submission's %v / %s", c.CreatedAt, c.APIKeyID, sub.CreatedAt, e.key.ID)
		}
		if n := e.analysedEvents(t, sub.ID); n != 1 {
			t.Errorf("claim.analysed events = %d, want 1", n)
		}
		if found, err := e.worker("w", checker, nil).RunOnce(context.Background()); err != nil || found {
			t.Errorf("an analysed submission was claimed again: %v %v", found, err)
		}
	})
}

// Analyzer errors are retried after 10 s and 1 min, then the submission fails with a reason.
func TestWorkerRetriesWithBackoffThenFails(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		fa := &fakeAnalyzer{fail: fmt.Errorf("%w: model timed out", checking.ErrAnalyzer)}
		w := e.worker("w", fa, nil)
		sub := e.enqueue(t, "The sea is boiling", "")
		ctx := context.Background()
		steps := []struct {
			advance time.Duration
			found   bool
			state   string
		}{
			{0, true, models.SubmissionQueued},                 // attempt 1 fails → due in 10 s
			{9 * time.Second, false, models.SubmissionQueued},  // not due yet
			{time.Second, true, models.SubmissionQueued},       // attempt 2 fails → due in 1 min
			{59 * time.Second, false, models.SubmissionQueued}, // not due yet
			{time.Second, true, models.SubmissionFailed},       // attempt 3 fails → failed
			{time.Hour, false, models.SubmissionFailed},        // never again
		}
		for i, s := range steps {
			e.clock.add(s.advance)
			found, err := w.RunOnce(ctx)
			if err != nil {
				t.Fatal(err)
			}
			got := e.state(t, sub.ID)
			if found != s.found || got.State != s.state {
				t.Fatalf("step %d: found %v state %s, want %v %s", i, found, got.State, s.found, s.state)
			}
		}
		got := e.state(t, sub.ID)
		if got.Attempts != 3 || got.FailureReason == nil || !strings.Contains(*got.FailureReason, "analyzer failed 3 times") {
			t.Errorf("failed submission = attempts %d reason %v", got.Attempts, got.FailureReason)
		}
		if strings.Contains(*got.FailureReason, "model timed out") {
			t.Errorf("internal error text leaked into the public reason: %q", *got.FailureReason)
		}
		if fa.calls.Load() != 3 {
			t.Errorf("analyzer called %d times, want 3", fa.calls.Load())
		}
		if _, err := e.stores.Claims.Get(ctx, sub.ID); !errors.Is(err, models.ErrNotFound) {
			t.Errorf("a failed submission has a claim: %v", err)
		}
	})
}

// Input the checker refuses fails at once: retrying cannot help.
func TestWorkerFailsInvalidInputAtOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		fa := &fakeAnalyzer{}
		// "???" and an emoji are what a queue written before the no-words rule may still hold.
		for claim, reason := range map[string]string{"   ": "Enter the claim", "???": "no words", "🙂🙂": "no words"} {
			sub := e.enqueue(t, claim, "")
			if _, err := e.worker("w", fa, nil).RunOnce(context.Background()); err != nil {
				t.Fatal(err)
			}
			got := e.state(t, sub.ID)
			if got.State != models.SubmissionFailed || got.Attempts != 1 || got.FailureReason == nil || !strings.Contains(*got.FailureReason, reason) {
				t.Errorf("%q: invalid submission = %+v (reason %v)", claim, got, got.FailureReason)
			}
		}
	})
}

// dropRelease is a store whose Release does nothing, as when the process is killed outright.
type dropRelease struct{ Store }

func (dropRelease) Release(context.Context, string, string, time.Time) (bool, error) {
	return false, nil
}

// A worker killed mid-analysis leaves a lease; once it runs out another worker finishes the claim,
// and a hung worker that wakes up late cannot store it a second time.
func TestLeaseRecoveryAfterAKilledOrHungWorker(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		sub := e.enqueue(t, "Killed mid-analysis", "")
		hung := e.enqueue(t, "Hung mid-analysis", "")

		// Worker 1 takes the first submission and is killed while the analyzer blocks.
		blocking := &fakeAnalyzer{started: make(chan string, 4), release: make(chan struct{})}
		w1ctx, kill := context.WithCancel(ctx)
		w1 := New(Config{Store: dropRelease{e.subs}, Analyzer: blocking, Now: e.clock.now, Name: "w1", Poll: time.Hour, Lease: time.Minute})
		done := make(chan struct{})
		go func() { defer close(done); w1.Run(w1ctx) }()
		if id := <-blocking.started; id != sub.ID {
			t.Fatalf("worker 1 started %s, want %s", id, sub.ID)
		}
		kill()
		<-done
		if s := e.state(t, sub.ID); s.State != models.SubmissionAnalysing || s.LockedBy == nil || *s.LockedBy != "w1" {
			t.Fatalf("after the kill: %+v, want still leased to w1", s)
		}

		// Worker 3 takes the second submission and hangs past its lease.
		hanging := &fakeAnalyzer{started: make(chan string, 4), release: make(chan struct{})}
		w3 := New(Config{Store: e.subs, Analyzer: hanging, Now: e.clock.now, Name: "w3", Lease: time.Minute})
		w3done := make(chan error, 1)
		go func() { _, err := w3.RunOnce(ctx); w3done <- err }()
		if id := <-hanging.started; id != hung.ID {
			t.Fatalf("worker 3 started %s, want %s", id, hung.ID)
		}

		// While the leases last, a second worker finds nothing.
		fa := &fakeAnalyzer{}
		w2 := e.worker("w2", fa, nil)
		if found, err := w2.RunOnce(ctx); err != nil || found {
			t.Fatalf("leased submissions were taken: %v %v", found, err)
		}
		// After the leases, the second worker (a restarted process) finishes both.
		e.clock.add(time.Minute + time.Second)
		for range 2 {
			if found, err := w2.RunOnce(ctx); err != nil || !found {
				t.Fatalf("after the leases: %v %v", found, err)
			}
		}
		// The hung worker wakes up with a result; its lease is gone, so it stores nothing.
		close(hanging.release)
		if err := <-w3done; err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{sub.ID, hung.ID} {
			s := e.state(t, id)
			if s.State != models.SubmissionAnalysed || s.Attempts != 2 {
				t.Errorf("%s = %s after %d attempts, want analysed after 2", id, s.State, s.Attempts)
			}
			if _, err := e.stores.Claims.Get(ctx, id); err != nil {
				t.Errorf("claim %s: %v", id, err)
			}
			if n := e.analysedEvents(t, id); n != 1 {
				t.Errorf("claim %s analysed %d times, want exactly once", id, n)
			}
		}
	})
}

// A worker stopped by shutdown hands its submission back at once, without using up an attempt.
func TestShutdownReleasesTheSubmission(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		sub := e.enqueue(t, "Interrupted by a deploy", "")
		blocking := &fakeAnalyzer{started: make(chan string, 1), release: make(chan struct{})}
		wctx, stop := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { defer close(done); e.worker("w1", blocking, nil).Run(wctx) }()
		<-blocking.started
		stop()
		<-done
		if s := e.state(t, sub.ID); s.State != models.SubmissionQueued || s.Attempts != 0 || s.LockedBy != nil {
			t.Fatalf("after shutdown: %+v, want queued with no attempt used", s)
		}
		if found, err := e.worker("w2", &fakeAnalyzer{}, nil).RunOnce(ctx); err != nil || !found {
			t.Fatalf("restarted worker: %v %v", found, err)
		}
		if s := e.state(t, sub.ID); s.State != models.SubmissionAnalysed || s.Attempts != 1 {
			t.Errorf("after restart: %+v", s)
		}
	})
}

// A submission whose every attempt was interrupted ends failed rather than circling forever.
func TestInterruptedAttemptsRunOut(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		sub := e.enqueue(t, "Crashes its worker", "")
		for i := range 3 {
			if got, err := e.subs.ClaimDue(ctx, fmt.Sprintf("dead-%d", i), 1, e.clock.now(), time.Minute); err != nil || len(got) != 1 {
				t.Fatalf("claim %d: %v %v", i, got, err)
			}
			e.clock.add(time.Minute + time.Second)
		}
		fa := &fakeAnalyzer{}
		if _, err := e.worker("w", fa, nil).RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		s := e.state(t, sub.ID)
		if s.State != models.SubmissionFailed || s.FailureReason == nil || !strings.Contains(*s.FailureReason, "did not finish in 3 attempts") || fa.calls.Load() != 0 {
			t.Errorf("after 3 interrupted attempts: %+v reason %v calls %d", s, s.FailureReason, fa.calls.Load())
		}
	})
}

// Enqueueing wakes an idle worker at once; several workers analyse each submission exactly once.
func TestWakeAndParallelWorkers(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		wake := NewWake()
		fa := &fakeAnalyzer{}
		var wg sync.WaitGroup
		for i := range 3 {
			w := e.worker(fmt.Sprintf("w%d", i), fa, func(c *Config) { c.Poll = time.Hour; c.Wake = wake })
			wg.Add(1)
			go func() { defer wg.Done(); w.Run(ctx) }()
		}
		// Let the workers finish their first (empty) look and go idle on the hour-long poll.
		time.Sleep(100 * time.Millisecond)
		var ids []string
		for i := range 6 {
			ids = append(ids, e.enqueue(t, fmt.Sprintf("claim %d", i), "").ID)
		}
		wake.Notify()
		deadline := time.Now().Add(20 * time.Second)
		for {
			stats, err := e.subs.QueueStats(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if stats[models.SubmissionAnalysed] == len(ids) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("queue after waking: %v (an hour-long poll means only the wake can have started them)", stats)
			}
			time.Sleep(20 * time.Millisecond)
		}
		cancel()
		wg.Wait()
		for _, id := range ids {
			if n := e.analysedEvents(t, id); n != 1 {
				t.Errorf("%s analysed %d times", id, n)
			}
		}
		if fa.calls.Load() != int32(len(ids)) {
			t.Errorf("analyzer calls = %d, want %d", fa.calls.Load(), len(ids))
		}
	})
}

// waitFor polls cond for up to five seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// A submission leased by a worker that crashed (a lease, no heartbeat) is taken over once the
// short default lease runs out, not after minutes.
func TestLeaseOfACrashedWorkerIsShort(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		sub := e.enqueue(t, "Analysed by a worker that was killed", "")
		if got, err := e.subs.ClaimDue(ctx, "crashed", 1, e.clock.now(), DefaultLease); err != nil || len(got) != 1 {
			t.Fatalf("the crashed worker's claim: %v %v", got, err)
		}
		w := New(Config{Store: e.subs, Analyzer: &fakeAnalyzer{}, Now: e.clock.now, Name: "survivor", Poll: time.Hour})
		e.clock.add(DefaultLease - time.Second)
		if found, err := w.RunOnce(ctx); err != nil || found {
			t.Fatalf("taken while the lease lasted: %v %v", found, err)
		}
		e.clock.add(2 * time.Second)
		if found, err := w.RunOnce(ctx); err != nil || !found {
			t.Fatalf("not taken %s after the crash: %v %v", DefaultLease+time.Second, found, err)
		}
		if s := e.state(t, sub.ID); s.State != models.SubmissionAnalysed || s.Attempts != 2 {
			t.Errorf("after the takeover: %s after %d attempts, want analysed after 2", s.State, s.Attempts)
		}
		if DefaultLease > time.Minute {
			t.Errorf("DefaultLease is %s: a crash should not hold a submission for minutes", DefaultLease)
		}
	})
}

// A slow analysis whose worker lives renews its lease, so nobody takes it over however long past
// the first lease it runs; it is stored once, by its own worker.
func TestLeaseHeartbeatKeepsASlowAnalysis(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		sub := e.enqueue(t, "Takes the analyzer a long time", "")
		slow := &fakeAnalyzer{started: make(chan string, 1), release: make(chan struct{})}
		const lease = 30 * time.Second
		w1 := New(Config{Store: e.subs, Analyzer: slow, Now: e.clock.now, Name: "w1", Lease: lease, Heartbeat: 5 * time.Millisecond})
		done := make(chan error, 1)
		go func() { _, err := w1.RunOnce(ctx); done <- err }()
		<-slow.started
		w2 := e.worker("w2", &fakeAnalyzer{}, nil)
		for range 4 {
			// Each step moves the clock most of a lease on; the heartbeat moves the lease with it.
			e.clock.add(lease * 2 / 3)
			waitFor(t, "a heartbeat", func() bool {
				s := e.state(t, sub.ID)
				return s.LockedUntil != nil && s.LockedUntil.After(e.clock.now().Add(lease/2))
			})
			if found, err := w2.RunOnce(ctx); err != nil || found {
				t.Fatalf("a live worker's analysis was taken over: %v %v", found, err)
			}
		}
		close(slow.release)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if s := e.state(t, sub.ID); s.State != models.SubmissionAnalysed || s.Attempts != 1 {
			t.Errorf("slow analysis: %s after %d attempts, want analysed after 1", s.State, s.Attempts)
		}
		if n := e.analysedEvents(t, sub.ID); n != 1 {
			t.Errorf("analysed %d times, want once", n)
		}
	})
}

// An analysis whose lease another worker holds (it was taken over while this worker stalled) is
// abandoned at the next heartbeat instead of running to a result nobody will store.
func TestLeaseLostCancelsTheAnalysis(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		sub := e.enqueue(t, "Taken over mid-analysis", "")
		slow := &fakeAnalyzer{started: make(chan string, 1), release: make(chan struct{})}
		w1 := New(Config{Store: e.subs, Analyzer: slow, Now: e.clock.now, Name: "w1", Lease: time.Minute, Heartbeat: 20 * time.Millisecond})
		done := make(chan error, 1)
		go func() { _, err := w1.RunOnce(ctx); done <- err }()
		<-slow.started
		// Another worker steals the row outright (as after a stall longer than the lease).
		if err := db.Gorm.Exec(`UPDATE claim_submissions SET locked_by = 'w2' WHERE id = ?`, sub.ID).Error; err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("the analysis kept running after its lease was lost")
		}
		if s := e.state(t, sub.ID); s.State != models.SubmissionAnalysing || s.LockedBy == nil || *s.LockedBy != "w2" {
			t.Errorf("after the loss: %+v, want still w2's", s)
		}
	})
}
