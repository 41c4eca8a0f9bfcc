package models

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Outbox states. A row moves queued → sending → sent, or sending → failed → sending … → dead.
const (
	// OutboxQueued waits for its first delivery attempt.
	OutboxQueued = "queued"
	// OutboxSending is claimed by a worker until locked_until; after that another worker may take it.
	OutboxSending = "sending"
	// OutboxSent was accepted by the SMTP server; it is never claimed again.
	OutboxSent = "sent"
	// OutboxFailed had a failed attempt and waits for next_attempt_at to be retried.
	OutboxFailed = "failed"
	// OutboxDead ran out of attempts; only an admin's Retry brings it back.
	OutboxDead = "dead"
)

// maxErrorLen caps last_error so a chatty SMTP server cannot bloat the table.
const maxErrorLen = 1000

// OutboxMail is one mail in the durable outbox.
type OutboxMail struct {
	// ID is also the Message-ID's local part, so a duplicate delivery is recognisable downstream.
	ID string `gorm:"column:id;primaryKey"`
	// DedupeKey names the causing event; it is unique, which makes enqueueing idempotent.
	DedupeKey string `gorm:"column:dedupe_key"`
	// ToAddr is the recipient, optionally with a display name.
	ToAddr string `gorm:"column:to_addr"`
	// Subject is the subject line.
	Subject string `gorm:"column:subject"`
	// TextBody is the plain-text part, stored rendered so a retry sends what was enqueued.
	TextBody string `gorm:"column:text_body"`
	// HTMLBody is the HTML part; empty for text-only mail.
	HTMLBody string `gorm:"column:html_body"`
	// State is one of the Outbox* constants.
	State string `gorm:"column:state"`
	// Attempts counts claims, so crashes mid-send also use up the budget.
	Attempts int `gorm:"column:attempts"`
	// NextAttemptAt is when the mail is due (again).
	NextAttemptAt time.Time `gorm:"column:next_attempt_at"`
	// LastError is the latest failure, for admins.
	LastError string `gorm:"column:last_error"`
	// LockedBy is the worker holding the lease, nil when none.
	LockedBy *string `gorm:"column:locked_by"`
	// LockedUntil is when the lease ends and another worker may take the mail over.
	LockedUntil *time.Time `gorm:"column:locked_until"`
	// CreatedAt is when the mail was enqueued.
	CreatedAt time.Time `gorm:"column:created_at"`
	// SentAt is when the SMTP server accepted the mail.
	SentAt *time.Time `gorm:"column:sent_at"`
}

// TableName pins the table name so GORM never guesses.
func (OutboxMail) TableName() string { return "email_outbox" }

// OutboxStore reads and writes the mail outbox.
type OutboxStore struct{ db *database.DB }

// NewOutboxStore builds the outbox store over db; it is not part of Stores yet so mail can ship on its own.
func NewOutboxStore(db *database.DB) *OutboxStore { return &OutboxStore{db: db} }

// dbTime normalises times before they reach SQL: SQLite compares datetimes as text, which only
// orders correctly when every value is UTC in the driver's one format.
func dbTime(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// Enqueue stores m unless a mail with the same dedupe key exists, and reports whether it stored it.
// Pass the transaction of the event that causes the mail as tx, so the mail exists exactly when the
// event does; the zero Tx uses the store's own connection.
func (s *OutboxStore) Enqueue(ctx context.Context, tx Tx, m *OutboxMail) (bool, error) {
	if m.DedupeKey == "" {
		return false, errors.New("enqueue mail: empty dedupe key")
	}
	now := dbTime(time.Now())
	if m.ID == "" {
		m.ID = uuid.NewString()
	}
	if m.State == "" {
		m.State = OutboxQueued
	}
	if m.CreatedAt.IsZero() {
		m.CreatedAt = now
	}
	if m.NextAttemptAt.IsZero() {
		m.NextAttemptAt = m.CreatedAt
	}
	m.CreatedAt, m.NextAttemptAt = dbTime(m.CreatedAt), dbTime(m.NextAttemptAt)
	res := tx.gorm(ctx, s.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "dedupe_key"}},
		DoNothing: true,
	}).Create(m)
	if res.Error != nil {
		return false, fmt.Errorf("enqueue mail %q: %w", m.DedupeKey, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// claimableSQL picks due rows that nobody holds a live lease on. 'sending' rows whose lease ran out
// belong to a worker that died mid-send, so they are taken over.
const claimableSQL = `SELECT id FROM email_outbox
WHERE state IN ('queued','sending','failed') AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until < ?)
ORDER BY next_attempt_at LIMIT ?`

// Claim leases up to n due mails to worker until now+lease and returns them oldest due first.
// Claiming counts an attempt, so a mail that crashes its worker every time still ends up dead.
// The claim is one atomic statement: on PostgreSQL SKIP LOCKED lets concurrent workers take
// disjoint rows without waiting; SQLite runs it in an immediate transaction, which serialises writers.
func (s *OutboxStore) Claim(ctx context.Context, worker string, n int, now time.Time, lease time.Duration) ([]OutboxMail, error) {
	if n <= 0 {
		return nil, nil
	}
	now = dbTime(now)
	until := dbTime(now.Add(lease))
	sub := claimableSQL
	if s.db.Dialect == database.Postgres {
		sub += ` FOR UPDATE SKIP LOCKED`
	}
	q := `UPDATE email_outbox SET state = 'sending', attempts = attempts + 1, locked_by = ?, locked_until = ?
WHERE id IN (` + sub + `) RETURNING id`
	var out []OutboxMail
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var ids []string
		if err := tx.Raw(q, worker, until, now, now, n).Scan(&ids).Error; err != nil {
			return fmt.Errorf("claim: %w", err)
		}
		if len(ids) == 0 {
			return nil
		}
		if err := tx.Where("id IN ?", ids).Find(&out).Error; err != nil {
			return fmt.Errorf("claim: read claimed: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("claim mail for %s: %w", worker, err)
	}
	slices.SortFunc(out, func(a, b OutboxMail) int { return a.NextAttemptAt.Compare(b.NextAttemptAt) })
	return out, nil
}

// MarkSent records delivery of a mail worker still holds. It reports false when the worker lost the
// row to another worker, which then owns the outcome.
func (s *OutboxStore) MarkSent(ctx context.Context, id, worker string, now time.Time) (bool, error) {
	res := s.db.Gorm.WithContext(ctx).Exec(`UPDATE email_outbox
SET state = 'sent', sent_at = ?, last_error = '', locked_by = NULL, locked_until = NULL
WHERE id = ? AND locked_by = ? AND state = 'sending'`, dbTime(now), id, worker)
	if res.Error != nil {
		return false, fmt.Errorf("mark mail %s sent: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// Failure describes a failed delivery attempt.
type Failure struct {
	// Error is the reason shown to admins.
	Error string
	// RetryAt is when the mail becomes due again.
	RetryAt time.Time
	// Dead gives up on the mail.
	Dead bool
}

// MarkFailed records a failed attempt of a mail worker still holds, scheduling a retry or giving up.
// It reports false when the worker no longer holds the row.
func (s *OutboxStore) MarkFailed(ctx context.Context, id, worker string, f Failure) (bool, error) {
	state := OutboxFailed
	if f.Dead {
		state = OutboxDead
	}
	msg := f.Error
	if len(msg) > maxErrorLen {
		msg = msg[:maxErrorLen]
	}
	res := s.db.Gorm.WithContext(ctx).Exec(`UPDATE email_outbox
SET state = ?, next_attempt_at = ?, last_error = ?, locked_by = NULL, locked_until = NULL
WHERE id = ? AND locked_by = ? AND state = 'sending'`, state, dbTime(f.RetryAt), msg, id, worker)
	if res.Error != nil {
		return false, fmt.Errorf("mark mail %s failed: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// Retry makes a failed or dead mail due now with a fresh attempt budget, for the admin page.
func (s *OutboxStore) Retry(ctx context.Context, id string, now time.Time) error {
	res := s.db.Gorm.WithContext(ctx).Exec(`UPDATE email_outbox SET state = 'queued', attempts = 0, next_attempt_at = ?
WHERE id = ? AND state IN ('failed','dead')`, dbTime(now), id)
	if res.Error != nil {
		return fmt.Errorf("retry mail %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// List returns the newest mails first, bodies included, for admins reading mail the app could not send.
func (s *OutboxStore) List(ctx context.Context, limit int) ([]OutboxMail, error) {
	if limit <= 0 {
		limit = 100
	}
	var ms []OutboxMail
	if err := s.db.Gorm.WithContext(ctx).Order("created_at DESC, id").Limit(limit).Find(&ms).Error; err != nil {
		return nil, fmt.Errorf("list outbox: %w", err)
	}
	return ms, nil
}

// ByID returns one mail.
func (s *OutboxStore) ByID(ctx context.Context, id string) (*OutboxMail, error) {
	return s.take(ctx, "id = ?", id)
}

// ByDedupeKey returns the mail an event caused, e.g. so a test can follow the link in it.
func (s *OutboxStore) ByDedupeKey(ctx context.Context, key string) (*OutboxMail, error) {
	return s.take(ctx, "dedupe_key = ?", key)
}

// take returns the one mail matching the condition.
func (s *OutboxStore) take(ctx context.Context, cond string, arg string) (*OutboxMail, error) {
	if s.db.Dialect == database.Postgres && cond == "id = ?" {
		if _, err := uuid.Parse(arg); err != nil {
			return nil, ErrNotFound // a malformed id would otherwise be a uuid cast error, not a miss
		}
	}
	var m OutboxMail
	err := s.db.Gorm.WithContext(ctx).Where(cond, arg).Take(&m).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("outbox mail %s: %w", arg, err)
	}
	return &m, nil
}
