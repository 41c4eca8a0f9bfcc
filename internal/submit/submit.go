// Package submit drains the durable submission queue behind POST /v1/claims/submit: workers lease
// due submissions, analyse them with the same checker every other surface uses, and store the claim
// under the submission's id in the transaction that marks the submission analysed. Analyzer failures
// are retried with backoff and then recorded as failed. A lease is short (DefaultLease) and renewed
// by a heartbeat while the analysis runs, so a worker that dies mid-analysis leaves a lease that runs
// out within seconds, after which any worker (in this process or another) takes the submission over.
package submit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/models"
)

// Store is the queue (models.SubmissionStore).
type Store interface {
	ClaimDue(ctx context.Context, worker string, n int, now time.Time, lease time.Duration) ([]models.ClaimSubmission, error)
	Complete(ctx context.Context, id, worker string, c *models.Claim, now time.Time) (bool, error)
	Retry(ctx context.Context, id, worker, reason string, at, now time.Time) (bool, error)
	Fail(ctx context.Context, id, worker, reason string, now time.Time) (bool, error)
	Release(ctx context.Context, id, worker string, now time.Time) (bool, error)
	Renew(ctx context.Context, id, worker string, now time.Time, lease time.Duration) (bool, error)
}

// Preparer analyses a claim into the row it would store under id (checking.Service).
type Preparer interface {
	Prepare(ctx context.Context, id string, in checking.Input) (*models.Claim, error)
}

// Wake lets the request that enqueued a submission wake this process's idle workers at once instead
// of at their next poll. Other processes find the submission at their next poll.
type Wake struct {
	mu sync.Mutex
	ch chan struct{}
}

// NewWake builds a Wake.
func NewWake() *Wake { return &Wake{ch: make(chan struct{})} }

// Notify wakes every worker waiting on the current channel.
func (w *Wake) Notify() {
	w.mu.Lock()
	close(w.ch)
	w.ch = make(chan struct{})
	w.mu.Unlock()
}

// C is closed by the next Notify. Take it before looking for work, so a Notify that lands while a
// worker is looking is not missed.
func (w *Wake) C() <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.ch
}

// DefaultBackoff is the wait before the second and third attempts after an analyzer failure; the
// third failure is final.
var DefaultBackoff = []time.Duration{10 * time.Second, time.Minute}

// DefaultLease is how long a claimed submission stays with its worker without a heartbeat: after a
// crash (kill -9, lost machine) another worker takes it over this soon.
const DefaultLease = 30 * time.Second

// DefaultMaxAnalysis bounds one analysis; past it the attempt counts as failed, and a worker whose
// analyzer ignores the deadline stops renewing its lease, so the submission is not held forever.
const DefaultMaxAnalysis = 4 * time.Minute

// Config builds a Worker.
type Config struct {
	// Store is the submission queue.
	Store Store
	// Analyzer prepares claims (the checking service).
	Analyzer Preparer
	// Wake, when set, wakes the worker as soon as this process enqueues.
	Wake *Wake
	// Log receives failures; nil means slog.Default().
	Log *slog.Logger
	// Now is the clock for leases and retries; nil means time.Now.
	Now func() time.Time
	// Name identifies the worker in leases; empty picks host-pid-random.
	Name string
	// Poll is how often an idle worker looks for due submissions (default 500ms).
	Poll time.Duration
	// Lease is how long a claimed submission stays with this worker without a heartbeat before
	// others may take it over (default DefaultLease).
	Lease time.Duration
	// Heartbeat is how often the lease is renewed while an analysis runs (default a third of Lease).
	Heartbeat time.Duration
	// MaxAnalysis bounds one analysis (default DefaultMaxAnalysis).
	MaxAnalysis time.Duration
	// Backoff is the wait before each retry after an analyzer failure (default DefaultBackoff); a
	// submission gets len(Backoff)+1 attempts in all.
	Backoff []time.Duration
}

// Worker analyses queued submissions one at a time; run several for parallelism.
type Worker struct {
	store    Store
	analyzer Preparer
	wake     *Wake
	log      *slog.Logger
	now      func() time.Time
	name     string
	poll     time.Duration
	lease    time.Duration
	beat     time.Duration
	maxRun   time.Duration
	backoff  []time.Duration
}

// New builds a worker.
func New(c Config) *Worker {
	w := &Worker{store: c.Store, analyzer: c.Analyzer, wake: c.Wake, log: c.Log, now: c.Now, name: c.Name,
		poll: c.Poll, lease: c.Lease, beat: c.Heartbeat, maxRun: c.MaxAnalysis, backoff: c.Backoff}
	if w.log == nil {
		w.log = slog.Default()
	}
	if w.now == nil {
		w.now = time.Now
	}
	if w.name == "" {
		w.name = defaultName()
	}
	if w.poll <= 0 {
		w.poll = 500 * time.Millisecond
	}
	if w.lease <= 0 {
		w.lease = DefaultLease
	}
	if w.beat <= 0 || w.beat >= w.lease {
		w.beat = w.lease / 3
	}
	if w.maxRun <= 0 {
		w.maxRun = DefaultMaxAnalysis
	}
	if w.backoff == nil {
		w.backoff = DefaultBackoff
	}
	return w
}

// Name is the worker's lease holder name.
func (w *Worker) Name() string { return w.name }

// defaultName is unique per worker across hosts and restarts.
func defaultName() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b))
}

// maxAttempts is how many analyses a submission gets.
func (w *Worker) maxAttempts() int { return len(w.backoff) + 1 }

// Run works until ctx is cancelled; a submission in progress at cancellation is handed back.
func (w *Worker) Run(ctx context.Context) {
	for {
		var wake <-chan struct{}
		if w.wake != nil {
			wake = w.wake.C()
		}
		found, err := w.RunOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			w.log.Error("submission worker", "worker", w.name, "err", err)
		} else if found {
			continue
		}
		t := time.NewTimer(w.poll)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// RunOnce takes at most one due submission and carries it to its next state. It reports whether it
// found one.
func (w *Worker) RunOnce(ctx context.Context) (bool, error) {
	subs, err := w.store.ClaimDue(ctx, w.name, 1, w.now(), w.lease)
	if err != nil {
		return false, err
	}
	if len(subs) == 0 {
		return false, nil
	}
	return true, w.process(ctx, subs[0])
}

// renewTimeout is the least time a lease renewal is given, however short the beat (tests beat
// every few milliseconds).
const renewTimeout = 2 * time.Second

// storeTimeout bounds the writes after an analysis, which run even when shutdown has begun so a
// finished analysis is not thrown away.
const storeTimeout = 10 * time.Second

// process analyses one leased submission and records the outcome.
func (w *Worker) process(ctx context.Context, sub models.ClaimSubmission) error {
	log := w.log.With("submission", sub.ID, "attempt", sub.Attempts, "worker", w.name)
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	if sub.Attempts > w.maxAttempts() {
		// Every earlier attempt ended with its worker gone mid-analysis (crash, kill, lost lease).
		reason := fmt.Sprintf("The analysis did not finish in %d attempts.", w.maxAttempts())
		log.Warn("submission failed: attempts used up by interrupted analyses")
		_, err := w.store.Fail(sctx, sub.ID, w.name, reason, w.now())
		return err
	}
	in := checking.Input{Claim: sub.Content}
	if sub.SourceURL != nil {
		in.SourceURL = *sub.SourceURL
	}
	actx, acancel := context.WithTimeout(ctx, w.maxRun)
	if sub.APIKeyID != nil {
		// The submitting key's account may have its own model (internal/custommodel).
		actx = analysis.WithPaidBy(actx, *sub.APIKeyID)
	}
	stopBeat := w.heartbeat(actx, acancel, log, sub.ID)
	c, err := w.analyzer.Prepare(actx, sub.ID, in)
	acancel()
	stopBeat()
	if err != nil && ctx.Err() != nil {
		// Shutdown interrupted the analysis: hand the submission back now rather than leaving it
		// until the lease runs out. (A finished analysis is still stored below.)
		if ok, rerr := w.store.Release(sctx, sub.ID, w.name, w.now()); rerr != nil || !ok {
			log.Warn("submission not released at shutdown; its lease will run out", "err", rerr)
		}
		return nil
	}
	var verr *checking.ValidationError
	switch {
	case err == nil:
	case errors.As(err, &verr):
		log.Info("submission failed validation", "reason", verr.Error())
		_, ferr := w.store.Fail(sctx, sub.ID, w.name, verr.Error(), w.now())
		return ferr
	default:
		return w.retryOrFail(sctx, log, sub, err)
	}
	// The claim entered the service when it was submitted: its created_at is the submission's, as
	// the 202 answer and the claim.created event said.
	c.CreatedAt = sub.CreatedAt.UTC()
	c.APIKeyID = sub.APIKeyID
	ok, err := w.store.Complete(sctx, sub.ID, w.name, c, w.now())
	if err != nil {
		return w.retryOrFail(sctx, log, sub, err)
	}
	if !ok {
		log.Warn("submission analysed, but its lease had passed to another worker, which records the outcome")
	}
	return nil
}

// heartbeat renews the lease on id every w.beat until the returned stop is called or ctx ends (the
// analysis finished, timed out or shutdown began). Once the lease is lost to another worker, which
// then owns the outcome, it cancels the analysis: its result would be refused anyway.
func (w *Worker) heartbeat(ctx context.Context, cancel context.CancelFunc, log *slog.Logger, id string) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(w.beat)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
			}
			// A renewal slower than a beat is waited for (up to renewTimeout) rather than cut off:
			// pgx leaves a connection whose statement was interrupted with its cached statements to
			// deallocate, and the next statement on it (the Complete that stores the analysis) could
			// fail on that instead of its own work.
			rctx, rcancel := context.WithTimeout(context.WithoutCancel(ctx), max(w.beat, renewTimeout))
			ok, err := w.store.Renew(rctx, id, w.name, w.now(), w.lease)
			rcancel()
			switch {
			case err != nil:
				// The next beat tries again; the lease lasts three beats.
				log.Warn("submission lease not renewed", "err", err)
			case !ok:
				log.Warn("submission lease lost to another worker; abandoning the analysis")
				cancel()
				return
			}
		}
	}()
	return func() { close(done); <-finished }
}

// retryOrFail schedules another attempt after a failure, or gives up after the last one. The
// reason stored is for the client: it names the failure without internal detail, which is logged.
func (w *Worker) retryOrFail(ctx context.Context, log *slog.Logger, sub models.ClaimSubmission, cause error) error {
	now := w.now()
	if sub.Attempts >= w.maxAttempts() {
		log.Error("submission failed", "err", cause)
		reason := fmt.Sprintf("The analysis failed %d times; submit the claim again later.", sub.Attempts)
		if errors.Is(cause, checking.ErrAnalyzer) {
			reason = fmt.Sprintf("The analyzer failed %d times; submit the claim again later.", sub.Attempts)
		}
		_, err := w.store.Fail(ctx, sub.ID, w.name, reason, now)
		return err
	}
	wait := w.backoff[max(sub.Attempts-1, 0)]
	log.Warn("submission attempt failed; retrying", "err", cause, "in", wait.String())
	_, err := w.store.Retry(ctx, sub.ID, w.name, "attempt "+fmt.Sprint(sub.Attempts)+" failed; retrying", now.Add(wait), now)
	return err
}
