package mail

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/models"
)

// Worker defaults; each is used when the matching field is zero.
const (
	// DefaultBatch is how many mails one claim takes.
	DefaultBatch = 10
	// DefaultInterval is how long an idle worker waits before looking for due mail again.
	DefaultInterval = 5 * time.Second
	// DefaultLease is how long a claim lasts; it must comfortably exceed one SMTP transaction.
	DefaultLease = 5 * time.Minute
	// DefaultMaxAttempts is how many attempts a mail gets before it is dead.
	DefaultMaxAttempts = 8
)

// backoffSchedule is the wait after the 1st, 2nd, … failed attempt; the last step repeats.
// Short first steps ride out a relay restart; long later ones ride out an outage without hammering.
var backoffSchedule = []time.Duration{30 * time.Second, 2 * time.Minute, 10 * time.Minute, time.Hour, 6 * time.Hour}

// Backoff is the default retry delay after the attempt-th failure: the schedule ±20% jitter, so mails
// that failed together (one outage) do not all retry in the same second.
func Backoff(attempt int) time.Duration {
	d := backoffSchedule[min(max(attempt, 1), len(backoffSchedule))-1]
	return time.Duration(float64(d) * (0.8 + 0.4*rand.Float64()))
}

// Worker delivers due outbox mail. Any number of workers may run, in one process or many.
type Worker struct {
	// Store is the outbox.
	Store *models.OutboxStore
	// Sender delivers one mail.
	Sender Sender
	// ID names this worker in locked_by; it must differ between workers. Empty picks host-pid-random.
	ID string
	// Batch caps mails per claim.
	Batch int
	// Interval is the idle poll period of Run.
	Interval time.Duration
	// Lease is how long a claimed mail stays reserved for this worker.
	Lease time.Duration
	// MaxAttempts is the attempt budget of a mail.
	MaxAttempts int
	// Backoff gives the retry delay after the attempt-th failure; nil uses Backoff.
	Backoff func(attempt int) time.Duration
	// Now is the clock; nil uses time.Now. Tests move it to skip backoff and lease waits.
	Now func() time.Time
	// Log receives delivery failures; nil uses slog.Default.
	Log *slog.Logger

	once sync.Once
}

// NewWorker builds a worker with the defaults.
func NewWorker(store *models.OutboxStore, sender Sender) *Worker {
	return &Worker{Store: store, Sender: sender}
}

// NewWorkerFromURL builds a worker sending through SMTP_URL, or returns nil when smtpURL is empty:
// then no worker should run and mail stays queued in the outbox for admins to read.
func NewWorkerFromURL(store *models.OutboxStore, smtpURL string) (*Worker, error) {
	if smtpURL == "" {
		return nil, nil
	}
	cfg, err := ParseSMTPURL(smtpURL)
	if err != nil {
		return nil, err
	}
	s, err := NewSMTPSender(cfg)
	if err != nil {
		return nil, err
	}
	return NewWorker(store, s), nil
}

// init fills zero fields with defaults, once, so RunOnce can be called on a literal.
func (w *Worker) init() {
	w.once.Do(func() {
		if w.ID == "" {
			host, _ := os.Hostname()
			var b [4]byte
			_, _ = crand.Read(b[:])
			w.ID = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b[:]))
		}
		if w.Batch <= 0 {
			w.Batch = DefaultBatch
		}
		if w.Interval <= 0 {
			w.Interval = DefaultInterval
		}
		if w.Lease <= 0 {
			w.Lease = DefaultLease
		}
		if w.MaxAttempts <= 0 {
			w.MaxAttempts = DefaultMaxAttempts
		}
		if w.Backoff == nil {
			w.Backoff = Backoff
		}
		if w.Now == nil {
			w.Now = time.Now
		}
		if w.Log == nil {
			w.Log = slog.Default()
		}
	})
}

// Run delivers mail until ctx ends, polling every Interval while idle and at once while busy.
func (w *Worker) Run(ctx context.Context) error {
	w.init()
	for {
		sent, failed, err := w.RunOnce(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			w.Log.Error("mail worker", "worker", w.ID, "err", err)
		}
		if err == nil && sent+failed >= w.Batch {
			continue
		}
		t := time.NewTimer(w.Interval)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
	}
}

// RunOnce claims one batch of due mail and attempts each once, returning how many were sent and how
// many failed. The error reports outbox problems; delivery failures are recorded on their rows.
func (w *Worker) RunOnce(ctx context.Context) (sent, failed int, err error) {
	w.init()
	claimed, err := w.Store.Claim(ctx, w.ID, w.Batch, w.Now(), w.Lease)
	if err != nil {
		return 0, 0, fmt.Errorf("mail worker %s: %w", w.ID, err)
	}
	var errs []error
	for _, m := range claimed {
		ok, err := w.deliver(ctx, m)
		if err != nil {
			errs = append(errs, err)
		}
		if ok {
			sent++
		} else {
			failed++
		}
	}
	return sent, failed, errors.Join(errs...)
}

// deliver sends one claimed mail and records the outcome; ok reports a delivery.
func (w *Worker) deliver(ctx context.Context, m models.OutboxMail) (ok bool, err error) {
	// Stop sending well before the lease ends: past it another worker may claim and send the row too.
	until := w.Now().Add(w.Lease)
	if m.LockedUntil != nil {
		until = *m.LockedUntil
	}
	deadline := until.Add(-w.Lease / 5)
	if !w.Now().Before(deadline) {
		return false, nil // the claim is nearly stale already; the next claim will retry it
	}
	sctx, cancel := context.WithTimeout(ctx, deadline.Sub(w.Now()))
	sendErr := w.Sender.Send(sctx, Envelope{ID: m.ID, To: m.ToAddr, Subject: m.Subject, Text: m.TextBody, HTML: m.HTMLBody})
	cancel()
	// Record the outcome even when ctx was cancelled mid-send (shutdown): an unrecorded delivery
	// would be sent again after the lease.
	rctx, rcancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer rcancel()
	if sendErr == nil {
		held, err := w.Store.MarkSent(rctx, m.ID, w.ID, w.Now())
		if err != nil {
			return true, fmt.Errorf("mail %s was sent but not recorded: %w", m.ID, err)
		}
		if !held {
			w.Log.Warn("mail sent after its lease was taken over", "mail", m.ID, "worker", w.ID)
		}
		return true, nil
	}
	dead := m.Attempts >= w.MaxAttempts || errors.Is(sendErr, ErrPermanent)
	f := models.Failure{Error: sendErr.Error(), RetryAt: w.Now().Add(w.Backoff(m.Attempts)), Dead: dead}
	w.Log.Warn("mail delivery failed", "mail", m.ID, "to", m.ToAddr, "attempt", m.Attempts, "dead", dead, "err", sendErr)
	if _, err := w.Store.MarkFailed(rctx, m.ID, w.ID, f); err != nil {
		return false, fmt.Errorf("record failure of mail %s: %w", m.ID, err)
	}
	return false, nil
}
