package models

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// SubmissionStore is the durable queue behind POST /v1/claims/submit: a submission is stored (with
// its quota count and its claim.created event) in one transaction, leased by one worker at a time,
// and turns into the claim with the same id in the transaction that marks it analysed.
type SubmissionStore struct {
	db *database.DB
	// rules score the firm and choose the events of a submission and its analysis.
	rules Rules
}

// NewSubmissionStoreWith builds the submission store over db applying rules.
func NewSubmissionStore(db *database.DB, rules Rules) *SubmissionStore {
	return &SubmissionStore{db: db, rules: rules}
}

// maxFailureLen caps failure_reason so a verbose analyzer error cannot bloat the table.
const maxFailureLen = 1000

// IdempotencyTTL is how long an Idempotency-Key keeps naming the submission it created.
const IdempotencyTTL = 24 * time.Hour

// MaxIdempotencyKeyLen is the longest Idempotency-Key header accepted.
const MaxIdempotencyKeyLen = 200

// ErrIdempotencyMismatch means an Idempotency-Key was used before, within IdempotencyTTL, for a
// request with a different body.
var ErrIdempotencyMismatch = errors.New("idempotency key reused with a different request")

// Idempotency names a submit request so a retry returns the submission the first attempt created.
type Idempotency struct {
	// Key is the client's Idempotency-Key header, scoped to the API key that sent it.
	Key string
	// Fingerprint identifies the request body (e.g. a hash of the validated input); a replay with
	// another fingerprint is refused with ErrIdempotencyMismatch.
	Fingerprint string
}

// Enqueued is the outcome of Enqueue.
type Enqueued struct {
	// Refused is true when the payment's charge refused the request: nothing was stored or counted.
	Refused bool
	// Submission is the stored submission (the original one for a replay).
	Submission *ClaimSubmission
	// Replayed is true when an earlier request with the same Idempotency-Key created Submission;
	// nothing was counted or stored this time.
	Replayed bool
}

// idempotencyRecord is what the kv_store row of an Idempotency-Key holds.
type idempotencyRecord struct {
	SubmissionID string `json:"submission_id"`
	Fingerprint  string `json:"fingerprint"`
}

// idempotencyKVKey is the kv_store key of an Idempotency-Key: scoped to the API key, hashed so a
// long or odd header never reaches the key column as is.
func idempotencyKVKey(apiKeyID, key string) string {
	h := sha256.Sum256([]byte(key))
	return "v1-submit-idem:" + apiKeyID + ":" + hex.EncodeToString(h[:])
}

// Payment is who pays for a write and how: Charge runs inside the write's transaction (it counts
// the key's quota there, internal/metering) and refuses the write by returning false. A nil
// Charge writes without counting.
type Payment struct {
	// KeyID is the paying key, recorded on the write.
	KeyID string
	// Now is the request time.
	Now time.Time
	// Charge counts the write in tx.
	Charge func(ctx context.Context, tx Tx) (bool, error)
}

// Enqueue stores sub as queued in one transaction with: its charge (pay.Charge; a refused charge
// stores nothing), its claim.created event (whose webhook deliveries the delivery worker queues) and,
// when idem is given, the Idempotency-Key record. A replay of a key used within IdempotencyTTL
// returns the original submission without counting again. sub.ID is set when empty; sub.CreatedAt
// defaults to pay.Now.
func (s *SubmissionStore) Enqueue(ctx context.Context, sub *ClaimSubmission, pay Payment, idem *Idempotency) (Enqueued, error) {
	now := pay.Now
	if now.IsZero() {
		now = time.Now()
	}
	now = dbTime(now)
	if sub.ID == "" {
		sub.ID = uuid.Must(uuid.NewV7()).String()
	}
	if sub.CreatedAt.IsZero() {
		sub.CreatedAt = now
	}
	sub.CreatedAt = dbTime(sub.CreatedAt)
	sub.State, sub.Attempts, sub.NextAttemptAt, sub.UpdatedAt = SubmissionQueued, 0, sub.CreatedAt, sub.CreatedAt
	sub.LockedBy, sub.LockedUntil, sub.FailureReason = nil, nil, nil
	if sub.APIKeyID == nil && pay.KeyID != "" {
		k := pay.KeyID
		sub.APIKeyID = &k
	}
	var out Enqueued
	// Opened through the Transactor so a charge drawn from a quota lease can give its token back
	// when the submission rolls back (Tx.OnRollback).
	err := NewTransactor(s.db).InTx(ctx, func(t Tx) error {
		tx := t.g
		if idem != nil {
			orig, err := s.claimIdempotencyKey(tx, pay.KeyID, *idem, sub.ID, now)
			if err != nil {
				return err
			}
			if orig != nil {
				out = Enqueued{Submission: orig, Replayed: true}
				return nil
			}
		}
		if err := tx.Create(sub).Error; err != nil {
			return fmt.Errorf("store submission: %w", err)
		}
		if err := appendEvents(tx, s.db.Dialect, s.rules.Events, ChangeSubmitted, &sub.ID, SubmissionData(sub), now); err != nil {
			return err
		}
		// The charge comes last: its counter row is the lock every write of the key contends on,
		// so it is held only until the commit.
		if pay.Charge != nil {
			ok, err := pay.Charge(ctx, t)
			if err != nil {
				return err
			}
			if !ok {
				// Roll back the submission, its event and the idempotency record: a refused
				// request leaves nothing behind.
				return errRefused
			}
		}
		out.Submission = sub
		return nil
	})
	if errors.Is(err, errRefused) {
		return Enqueued{Refused: true}, nil
	}
	if err != nil {
		return Enqueued{}, fmt.Errorf("enqueue submission: %w", err)
	}
	return out, nil
}

// errRefused rolls back a transaction whose quota charge was refused; it never leaves this file.
var errRefused = errors.New("quota refused")

// claimIdempotencyKey records that key names submissionID, unless a live record exists: then it
// returns that record's submission (or ErrIdempotencyMismatch). An expired record is replaced.
// Concurrent requests with one key serialise on the kv_store primary key: the second waits for the
// first's transaction and then sees its record.
func (s *SubmissionStore) claimIdempotencyKey(tx *gorm.DB, apiKeyID string, idem Idempotency, submissionID string, now time.Time) (*ClaimSubmission, error) {
	k := idempotencyKVKey(apiKeyID, idem.Key)
	val, err := json.Marshal(idempotencyRecord{SubmissionID: submissionID, Fingerprint: idem.Fingerprint})
	if err != nil {
		return nil, fmt.Errorf("idempotency record: %w", err)
	}
	var stored []string
	err = tx.Raw(`INSERT INTO kv_store (k, v, expires_at) VALUES (?, ?, ?)
ON CONFLICT (k) DO UPDATE SET v = excluded.v, expires_at = excluded.expires_at WHERE kv_store.expires_at <= ?
RETURNING k`, k, val, now.Add(IdempotencyTTL).Unix(), now.Unix()).Scan(&stored).Error
	if err != nil {
		return nil, fmt.Errorf("idempotency key: %w", err)
	}
	if len(stored) == 1 {
		return nil, nil
	}
	var rows []KV
	if err := tx.Where("k = ?", k).Limit(1).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("idempotency key: read: %w", err)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("idempotency key: record vanished")
	}
	var rec idempotencyRecord
	if err := json.Unmarshal(rows[0].V, &rec); err != nil {
		return nil, fmt.Errorf("idempotency key: decode: %w", err)
	}
	if rec.Fingerprint != idem.Fingerprint {
		return nil, ErrIdempotencyMismatch
	}
	var orig ClaimSubmission
	if err := tx.Where("id = ?", rec.SubmissionID).Take(&orig).Error; err != nil {
		return nil, fmt.Errorf("idempotency key: submission %s: %w", rec.SubmissionID, err)
	}
	return &orig, nil
}

// Get returns a submission by id (ErrNotFound when there is none or the id is not a UUID).
func (s *SubmissionStore) Get(ctx context.Context, id string) (*ClaimSubmission, error) {
	if _, err := uuid.Parse(id); err != nil {
		return nil, ErrNotFound
	}
	var sub ClaimSubmission
	err := s.db.Gorm.WithContext(ctx).Where("id = ?", id).Take(&sub).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("submission %s: %w", id, err)
	}
	return &sub, nil
}

// dueSQL picks submissions a worker may take: queued ones that are due, and analysing ones whose
// worker's lease ran out (it died or hung mid-analysis).
const dueSQL = `SELECT id FROM claim_submissions
WHERE (state = 'queued' AND next_attempt_at <= ?) OR (state = 'analysing' AND locked_until < ?)
ORDER BY next_attempt_at, id LIMIT ?`

// ClaimDue leases up to n due submissions to worker until now+lease and returns them, oldest due
// first. Claiming counts an attempt, so a submission that kills its worker every time still ends
// failed. The claim is one UPDATE … WHERE id IN (SELECT …) statement: on PostgreSQL the inner
// SELECT takes FOR UPDATE SKIP LOCKED, so concurrent workers take disjoint rows without waiting;
// SQLite runs it as one immediate write transaction, which serialises claimers.
func (s *SubmissionStore) ClaimDue(ctx context.Context, worker string, n int, now time.Time, lease time.Duration) ([]ClaimSubmission, error) {
	if n <= 0 {
		return nil, nil
	}
	now = dbTime(now)
	until := dbTime(now.Add(lease))
	sub := dueSQL
	if s.db.Dialect == database.Postgres {
		sub += ` FOR UPDATE SKIP LOCKED`
	}
	q := `UPDATE claim_submissions SET state = 'analysing', attempts = attempts + 1, locked_by = ?, locked_until = ?, updated_at = ?
WHERE id IN (` + sub + `) RETURNING id`
	var out []ClaimSubmission
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var ids []string
		if err := tx.Raw(q, worker, until, now, now, now, n).Scan(&ids).Error; err != nil {
			return err
		}
		if len(ids) == 0 {
			return nil
		}
		return tx.Where("id IN ?", ids).Order("next_attempt_at, id").Find(&out).Error
	})
	if err != nil {
		return nil, fmt.Errorf("claim submissions for %s: %w", worker, err)
	}
	return out, nil
}

// Renew extends worker's lease on a submission it is analysing to now+lease: the heartbeat that
// keeps a slow analysis from being taken over while its worker lives, so the lease itself can be
// short and a crashed worker's submission is picked up soon. It reports false when worker no
// longer holds the lease.
func (s *SubmissionStore) Renew(ctx context.Context, id, worker string, now time.Time, lease time.Duration) (bool, error) {
	res := s.db.Gorm.WithContext(ctx).Exec(`UPDATE claim_submissions SET locked_until = ?, updated_at = ?
WHERE id = ? AND state = 'analysing' AND locked_by = ?`, dbTime(now.Add(lease)), dbTime(now), id, worker)
	if res.Error != nil {
		return false, fmt.Errorf("renew submission %s: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// Complete stores the analysed claim c (whose ID must be the submission's) and marks the
// submission analysed, in one transaction, if worker still holds the lease. It reports false,
// storing nothing, when the lease was lost to another worker, which then owns the outcome; so a
// submission becomes a claim exactly once. The claim.analysed event, the score history and the firm
// trust follow from the insert; claim.created was written at submission.
func (s *SubmissionStore) Complete(ctx context.Context, id, worker string, c *Claim, now time.Time) (bool, error) {
	if c.ID != id {
		return false, fmt.Errorf("complete submission %s: claim id %s differs", id, c.ID)
	}
	// The firm lookup reads; it runs before the transaction, which then only writes.
	if err := linkFirmByDomain(s.db.Gorm.WithContext(ctx), c); err != nil {
		return false, fmt.Errorf("complete submission %s: %w", id, err)
	}
	owned := false
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Exec(`UPDATE claim_submissions SET state = 'analysed', locked_by = NULL, locked_until = NULL,
failure_reason = NULL, updated_at = ? WHERE id = ? AND state = 'analysing' AND locked_by = ?`, dbTime(now), id, worker)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return nil
		}
		owned = true
		return insertClaim(tx, s.db.Dialect, s.rules, c, false, now)
	})
	if err != nil {
		return false, fmt.Errorf("complete submission %s: %w", id, err)
	}
	return owned, nil
}

// Retry gives a submission worker holds back to the queue, due again at at, with the reason of the
// failed attempt kept for the record. It reports false when worker no longer holds it.
func (s *SubmissionStore) Retry(ctx context.Context, id, worker, reason string, at, now time.Time) (bool, error) {
	return s.release(ctx, id, worker, SubmissionQueued, &reason, dbTime(at), now, "retry")
}

// Fail gives up on a submission worker holds: it ends failed with reason. It reports false when
// worker no longer holds it.
func (s *SubmissionStore) Fail(ctx context.Context, id, worker, reason string, now time.Time) (bool, error) {
	return s.release(ctx, id, worker, SubmissionFailed, &reason, time.Time{}, now, "fail")
}

// Release hands a submission back untouched when its worker stops (shutdown) before finishing: it
// is due at once and the interrupted attempt is not counted.
func (s *SubmissionStore) Release(ctx context.Context, id, worker string, now time.Time) (bool, error) {
	res := s.db.Gorm.WithContext(ctx).Exec(`UPDATE claim_submissions SET state = 'queued', attempts = attempts - 1,
next_attempt_at = ?, locked_by = NULL, locked_until = NULL, updated_at = ?
WHERE id = ? AND state = 'analysing' AND locked_by = ? AND attempts > 0`, dbTime(now), dbTime(now), id, worker)
	if res.Error != nil {
		return false, fmt.Errorf("release submission %s: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// release moves a held submission to state with reason.
func (s *SubmissionStore) release(ctx context.Context, id, worker, state string, reason *string, due, now time.Time, what string) (bool, error) {
	if reason != nil && len(*reason) > maxFailureLen {
		r := truncateUTF8(*reason, maxFailureLen)
		reason = &r
	}
	q := `UPDATE claim_submissions SET state = ?, failure_reason = ?, locked_by = NULL, locked_until = NULL, updated_at = ?`
	args := []any{state, reason, dbTime(now)}
	if !due.IsZero() {
		q += `, next_attempt_at = ?`
		args = append(args, due)
	}
	q += ` WHERE id = ? AND state = 'analysing' AND locked_by = ?`
	args = append(args, id, worker)
	res := s.db.Gorm.WithContext(ctx).Exec(q, args...)
	if res.Error != nil {
		return false, fmt.Errorf("%s submission %s: %w", what, id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// truncateUTF8 cuts s to at most n bytes without splitting a character.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// QueueStats counts submissions per state, for tests and operators.
func (s *SubmissionStore) QueueStats(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		State string
		N     int
	}
	if err := s.db.Gorm.WithContext(ctx).Raw(`SELECT state, count(*) AS n FROM claim_submissions GROUP BY state`).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("submission queue stats: %w", err)
	}
	out := map[string]int{}
	for _, r := range rows {
		out[r.State] = r.N
	}
	return out, nil
}
