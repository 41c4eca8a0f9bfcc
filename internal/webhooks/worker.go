package webhooks

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/models"
)

// DefaultTimeout bounds one delivery attempt, connection to last byte.
const DefaultTimeout = 15 * time.Second

// leaseMargin is added to the timeout for the lease, so a slow but live attempt is never taken over.
const leaseMargin = 30 * time.Second

// maxAnswer is how much of a receiver's answer is kept for the owner to read.
const maxAnswer = 4096

// recordTimeout bounds recording an attempt's outcome, which happens even during shutdown.
const recordTimeout = 10 * time.Second

// DefaultStopGrace is how long an attempt in flight at shutdown may still take: most receivers
// answer within it, so a restart rarely sends a message twice, and Serve's HTTP drain runs meanwhile.
const DefaultStopGrace = 5 * time.Second

// fanOutBatch is how many events one fan-out step reads at most.
const fanOutBatch = 200

// Store is the outbox the worker drains; *models.WebhookStore is one.
type Store interface {
	// FanOut queues the deliveries of events written since the last fan-out (any worker's, in any
	// process), at most limit events, and reports how many it read.
	FanOut(ctx context.Context, limit int, now time.Time) (int, error)
	ClaimDue(ctx context.Context, worker string, n int, now time.Time, lease time.Duration) ([]models.DueDelivery, error)
	MarkDelivered(ctx context.Context, id, worker string, status int, now time.Time) (bool, error)
	MarkFailed(ctx context.Context, id, worker string, o models.DeliveryOutcome) (bool, error)
	MarkGone(ctx context.Context, id, worker string, status int, reason string, now time.Time) (bool, error)
}

// WorkerConfig configures a delivery worker.
type WorkerConfig struct {
	// Store is the outbox.
	Store Store
	// Timeout bounds one attempt; zero is DefaultTimeout.
	Timeout time.Duration
	// AllowPrivate lets deliveries reach private, loopback and link-local addresses.
	AllowPrivate bool
	// Client sends the requests; nil builds NewClient(Timeout, AllowPrivate).
	Client *http.Client
	// Lease is how long a claimed delivery stays reserved; zero is Timeout plus 30 s. A worker that
	// dies mid-attempt leaves its delivery to be retried, with the same webhook-id, when it runs out.
	Lease time.Duration
	// Poll is the pause when nothing is due; zero is one second.
	Poll time.Duration
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Jitter spreads retries; nil is RandomJitter.
	Jitter Jitter
	// Name identifies the worker in leases; "" makes a unique one.
	Name string
	// Log receives failures nobody else sees; nil is slog.Default().
	Log *slog.Logger
	// StopGrace is how long an attempt in flight when Run's context ends may still finish and be
	// recorded; zero is DefaultStopGrace, negative abandons it at once. An attempt still unanswered
	// then keeps its lease and is retried with the same webhook-id when the lease runs out.
	StopGrace time.Duration
}

// Worker sends due deliveries one at a time; run several for parallelism.
type Worker struct {
	store   Store
	client  *http.Client
	timeout time.Duration
	lease   time.Duration
	poll    time.Duration
	now     func() time.Time
	jitter  Jitter
	name    string
	log     *slog.Logger
	grace   time.Duration
}

// NewWorker builds a worker from cfg, filling the defaults.
func NewWorker(cfg WorkerConfig) *Worker {
	w := &Worker{store: cfg.Store, client: cfg.Client, timeout: cfg.Timeout, lease: cfg.Lease, poll: cfg.Poll,
		now: cfg.Now, jitter: cfg.Jitter, name: cfg.Name, log: cfg.Log, grace: cfg.StopGrace}
	if w.timeout <= 0 {
		w.timeout = DefaultTimeout
	}
	if w.client == nil {
		w.client = NewClient(w.timeout, cfg.AllowPrivate)
	}
	if w.lease <= 0 {
		w.lease = w.timeout + leaseMargin
	}
	if w.poll <= 0 {
		w.poll = time.Second
	}
	if w.now == nil {
		w.now = time.Now
	}
	if w.jitter == nil {
		w.jitter = RandomJitter
	}
	if w.name == "" {
		w.name = workerName()
	}
	if w.log == nil {
		w.log = slog.Default()
	}
	switch {
	case w.grace == 0:
		w.grace = DefaultStopGrace
	case w.grace < 0:
		w.grace = 0
	}
	return w
}

// workerName is unique per worker: host and process for people, random bytes for uniqueness.
func workerName() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return fmt.Sprintf("webhooks@%s:%d:%s", host, os.Getpid(), hex.EncodeToString(b))
}

// Name is the worker's lease name.
func (w *Worker) Name() string { return w.name }

// Run delivers until ctx is cancelled. An attempt in flight then gets the stop grace to finish and
// be recorded; one still unanswered after it is abandoned with its lease held, so it is retried
// with the same webhook-id once the lease runs out: at least once, never lost.
func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		did, err := w.RunOnce(ctx)
		if err != nil && ctx.Err() == nil {
			w.log.Error("webhooks: deliver", "worker", w.name, "err", err)
		}
		if did && err == nil {
			continue
		}
		t := time.NewTimer(w.poll)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// RunOnce first queues the deliveries of new events (the fan-out: which endpoints want each
// event is decided here, not in the request that wrote it), then claims one due delivery and
// attempts it; did is false when nothing was due. A failing fan-out is logged and does not stop
// deliveries already queued.
func (w *Worker) RunOnce(ctx context.Context) (did bool, err error) {
	fanned, ferr := w.store.FanOut(ctx, fanOutBatch, w.now())
	if ferr != nil && ctx.Err() == nil {
		w.log.Error("webhooks: fan-out", "worker", w.name, "err", ferr)
	}
	ds, err := w.store.ClaimDue(ctx, w.name, 1, w.now(), w.lease)
	if err == nil && len(ds) == 0 && fanned == fanOutBatch {
		return true, nil // more events wait to be fanned out: come back at once
	}
	if err != nil || len(ds) == 0 {
		return false, err
	}
	return true, w.deliver(ctx, ds[0])
}

// attempt is what one request came back with.
type attempt struct {
	status     int // 0 when no answer came
	answer     string
	retryAfter string
	err        error
}

// deliver makes one attempt and records it.
func (w *Worker) deliver(ctx context.Context, d models.DueDelivery) error {
	if d.Attempts > MaxAttempts {
		// Only a worker dying on every attempt gets here: its claims counted, its records never came.
		return w.fail(ctx, d, attempt{err: fmt.Errorf("gave up after %d attempts whose outcome was never recorded", d.Attempts-1)}, true)
	}
	sendCtx, abandon := w.graceful(ctx)
	defer abandon()
	a := w.send(sendCtx, d)
	if a.err != nil && sendCtx.Err() != nil {
		return nil // abandoned at shutdown: the lease keeps the delivery until a worker retries it
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	now := w.now()
	switch {
	case a.err == nil && a.status >= 200 && a.status < 300:
		if _, err := w.store.MarkDelivered(rctx, d.ID, w.name, a.status, now); err != nil {
			return err
		}
		return nil
	case a.err == nil && a.status == http.StatusGone:
		reason := "The receiver answered 410 Gone on " + now.UTC().Format("2 Jan 2006 15:04 UTC") + ", so deliveries stopped. Enable the endpoint to receive events again."
		_, err := w.store.MarkGone(rctx, d.ID, w.name, a.status, reason, now)
		return err
	}
	return w.fail(rctx, d, a, false)
}

// graceful is ctx, but ending only StopGrace after ctx does, so an attempt that is answered within
// the grace is recorded instead of being sent again after a restart.
func (w *Worker) graceful(ctx context.Context) (context.Context, context.CancelFunc) {
	gctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, func() {
		t := time.AfterFunc(w.grace, cancel)
		context.AfterFunc(gctx, func() { t.Stop() })
	})
	return gctx, func() { stop(); cancel() }
}

// fail records a failed attempt: retried on the schedule (and not before a Retry-After), or dead.
func (w *Worker) fail(ctx context.Context, d models.DueDelivery, a attempt, dead bool) error {
	now := w.now()
	o := models.DeliveryOutcome{State: models.DeliveryFailed, Error: describe(a), Now: now}
	if a.status != 0 {
		o.Status = &a.status
	}
	delay, more := NextDelay(d.Attempts, w.jitter)
	if dead || !more {
		o.State = models.DeliveryDead
	} else {
		if ra, ok := ParseRetryAfter(a.retryAfter, now); ok && ra > delay {
			delay = ra
		}
		o.RetryAt = now.Add(delay)
	}
	_, err := w.store.MarkFailed(ctx, d.ID, w.name, o)
	return err
}

// send makes the HTTP request, signed for this attempt's time.
func (w *Worker) send(ctx context.Context, d models.DueDelivery) attempt {
	ctx, cancel := context.WithTimeout(ctx, w.timeout)
	defer cancel()
	body := []byte(d.Payload)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.URL, bytes.NewReader(body))
	if err != nil {
		return attempt{err: fmt.Errorf("bad receiver URL: %w", err)}
	}
	if err := SetHeaders(req.Header, d.Secrets, d.ID, w.now(), body); err != nil {
		return attempt{err: err}
	}
	resp, err := w.client.Do(req)
	if err != nil {
		return attempt{err: err}
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	a := attempt{status: resp.StatusCode, answer: string(b), retryAfter: resp.Header.Get("Retry-After")}
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		a.answer = "redirects are not followed"
		if loc := resp.Header.Get("Location"); loc != "" {
			a.answer += " (Location: " + loc + ")"
		}
	}
	return a
}

// describe turns an attempt into the owner-facing last_error.
func describe(a attempt) string {
	if a.err != nil {
		var msg string
		switch {
		case errors.Is(a.err, ErrRefusedAddress):
			msg = "refused: the receiver's address is not on the public internet (" + a.err.Error() + ")"
		case errors.Is(a.err, context.DeadlineExceeded) || isTimeout(a.err):
			msg = "timed out: " + a.err.Error()
		default:
			msg = a.err.Error()
		}
		return clean(msg)
	}
	msg := fmt.Sprintf("HTTP %d %s", a.status, http.StatusText(a.status))
	if s := strings.TrimSpace(a.answer); s != "" {
		msg += ": " + s
	}
	return clean(msg)
}

// isTimeout reports a network timeout (the client's own deadline reports this way).
func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// clean keeps a message valid UTF-8 and within the stored size.
func clean(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if len(s) > maxAnswer {
		s = s[:maxAnswer]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	return s
}
