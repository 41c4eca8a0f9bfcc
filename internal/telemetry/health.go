package telemetry

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/migrations"
	"github.com/pressly/goose/v3"
)

// NotReadyError says why the process should not get traffic; Reason is safe to show a prober
// (it names no host, user or query), Err is the detail for the log.
type NotReadyError struct {
	// Reason is the short public explanation.
	Reason string
	// Err is what failed underneath, for the log.
	Err error
}

// Error joins the reason and the cause.
func (e *NotReadyError) Error() string {
	if e.Err == nil {
		return e.Reason
	}
	return e.Reason + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *NotReadyError) Unwrap() error { return e.Err }

// Readiness checks what a process needs before it takes traffic: the database answers, and its
// schema is at least the newest migration this binary embeds.
type Readiness struct {
	db       *sql.DB
	provider *goose.Provider
	timeout  time.Duration
}

// NewReadiness builds the check over db of dialect ("sqlite" or "postgres"); timeout bounds each
// check (2s when zero), shorter than any sensible probe timeout.
func NewReadiness(db *sql.DB, dialect string, timeout time.Duration) (*Readiness, error) {
	p, err := migrations.Provider(db, dialect)
	if err != nil {
		return nil, fmt.Errorf("readiness: %w", err)
	}
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	return &Readiness{db: db, provider: p, timeout: timeout}, nil
}

// Ready returns nil when the process may take traffic, otherwise a *NotReadyError. A database
// newer than the binary (a rolling deploy's new processes ran their migrations) is ready:
// migrations only add, so the old binary still works on it until it is replaced.
func (r *Readiness) Ready(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := r.db.PingContext(ctx); err != nil {
		return &NotReadyError{Reason: "database unreachable", Err: err}
	}
	current, target, err := r.provider.GetVersions(ctx)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return &NotReadyError{Reason: "database unreachable", Err: err}
		}
		return &NotReadyError{Reason: "migration version unreadable", Err: err}
	}
	if current < target {
		return &NotReadyError{Reason: fmt.Sprintf("migrations behind: database at version %d, this binary needs %d", current, target), Err: nil}
	}
	return nil
}

// PublicReason is the reason /readyz shows.
func (e *NotReadyError) PublicReason() string { return e.Reason }
