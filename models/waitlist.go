package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// The waiting list's writes. internal/beta owns the rules (who is mailed when, exactly-once
// invitations); these methods are its SQL, each taking the Tx of the change so an entry's state,
// its mail and its audit record commit together.

// ValidID reports whether id can name an entry on this database, so a stale or forged id is
// dropped before PostgreSQL would turn it into a uuid cast error.
func (s *WaitlistStore) ValidID(id string) bool {
	if s.db.Dialect != database.Postgres {
		return true
	}
	_, err := uuid.Parse(id)
	return err == nil
}

// TokenSecret reads the install's link-token secret (migration 00008 creates it); "" when missing.
func (s *WaitlistStore) TokenSecret(ctx context.Context) (string, error) {
	var sec string
	if err := s.db.Gorm.WithContext(ctx).Raw("SELECT secret FROM beta_token_secret WHERE id = 1").Scan(&sec).Error; err != nil {
		return "", fmt.Errorf("read beta token secret: %w", err)
	}
	return sec, nil
}

// CreateIfNew inserts e unless its email is on the list already, and reports whether it did.
func (s *WaitlistStore) CreateIfNew(ctx context.Context, tx Tx, e *WaitlistEntry) (bool, error) {
	res := tx.gorm(ctx, s.db).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "email"}}, DoNothing: true}).Create(e)
	if res.Error != nil {
		return false, fmt.Errorf("add %s to the waiting list: %w", e.ID, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// ByEmail returns the entry of a normalised address, or ErrNotFound.
func (s *WaitlistStore) ByEmail(ctx context.Context, tx Tx, email string) (*WaitlistEntry, error) {
	var e WaitlistEntry
	err := tx.gorm(ctx, s.db).Where("email = ?", email).Take(&e).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("waiting-list entry by email: %w", err)
	}
	return &e, nil
}

// byHash returns the entry whose column holds hash; column is one of the two token columns.
func (s *WaitlistStore) byHash(ctx context.Context, column, hash string) (*WaitlistEntry, error) {
	var e WaitlistEntry
	err := s.db.Gorm.WithContext(ctx).Where(column+" = ?", hash).Take(&e).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("waiting-list entry by link: %w", err)
	}
	return &e, nil
}

// ByConfirmHash returns the entry whose confirmation-token hash is hash, or ErrNotFound.
func (s *WaitlistStore) ByConfirmHash(ctx context.Context, hash string) (*WaitlistEntry, error) {
	return s.byHash(ctx, "confirm_token_hash", hash)
}

// ByLeaveHash returns the entry whose leave-token hash is hash, or ErrNotFound.
func (s *WaitlistStore) ByLeaveHash(ctx context.Context, hash string) (*WaitlistEntry, error) {
	return s.byHash(ctx, "leave_token_hash", hash)
}

// exec runs one conditional UPDATE and reports whether it changed a row.
func (s *WaitlistStore) exec(ctx context.Context, tx Tx, what, sql string, args ...any) (bool, error) {
	res := tx.gorm(ctx, s.db).Exec(sql, args...)
	if res.Error != nil {
		return false, fmt.Errorf("%s: %w", what, res.Error)
	}
	return res.RowsAffected > 0, nil
}

// MarkResent records a re-sent confirmation of a waiting entry last mailed at or before due, and
// reports whether the entry qualified.
func (s *WaitlistStore) MarkResent(ctx context.Context, tx Tx, id string, now, due time.Time) (bool, error) {
	return s.exec(ctx, tx, "re-send confirmation of "+id, `UPDATE waitlist_entries SET confirm_sent_at = ?, updated_at = ?
WHERE id = ? AND state = 'waiting' AND (confirm_sent_at IS NULL OR confirm_sent_at <= ?)`, now, now, id, due)
}

// Restart puts an entry that left back to waiting with the new join's details, when its last
// confirmation was mailed at or before due, and reports whether it did.
func (s *WaitlistStore) Restart(ctx context.Context, tx Tx, id, name, organisation, intendedUse string, now, due time.Time) (bool, error) {
	return s.exec(ctx, tx, "restart waiting-list entry "+id, `UPDATE waitlist_entries SET state = 'waiting', name = ?, organisation = ?, intended_use = ?,
confirm_sent_at = ?, confirmed_at = NULL, left_at = NULL, updated_at = ?
WHERE id = ? AND state = 'left' AND (confirm_sent_at IS NULL OR confirm_sent_at <= ?)`,
		name, organisation, intendedUse, now, now, id, due)
}

// SetLanguage records the language of the entry's mail ("en", "tr"): a re-join from a page in
// another language changes the language of the mail still to come (the confirmation, the
// invitation), not the entry's details.
func (s *WaitlistStore) SetLanguage(ctx context.Context, tx Tx, id, lang string) error {
	_, err := s.exec(ctx, tx, "set language of "+id, `UPDATE waitlist_entries SET language = ? WHERE id = ?`, lang, id)
	return err
}

// Confirm moves a waiting entry to confirmed; other states are left alone.
func (s *WaitlistStore) Confirm(ctx context.Context, id string, now time.Time) error {
	_, err := s.exec(ctx, Tx{}, "confirm "+id, `UPDATE waitlist_entries SET state = 'confirmed', confirmed_at = ?, updated_at = ?
WHERE id = ? AND state = 'waiting'`, now, now, id)
	return err
}

// Leave takes an entry off the list; leaving twice is a no-op.
func (s *WaitlistStore) Leave(ctx context.Context, id string, now time.Time) error {
	_, err := s.exec(ctx, Tx{}, "leave "+id, `UPDATE waitlist_entries SET state = 'left', left_at = ?, updated_at = ?
WHERE id = ? AND state <> 'left'`, now, now, id)
	return err
}

// QueuedBefore counts the people still queued (confirmed or invited) who confirmed before e.
func (s *WaitlistStore) QueuedBefore(ctx context.Context, e *WaitlistEntry) (int64, error) {
	var n int64
	err := s.db.Gorm.WithContext(ctx).Model(&WaitlistEntry{}).
		Where("state IN ? AND (confirmed_at < ? OR (confirmed_at = ? AND id < ?))",
			[]WaitlistState{WaitlistConfirmed, WaitlistInvited}, *e.ConfirmedAt, *e.ConfirmedAt, e.ID).
		Count(&n).Error
	if err != nil {
		return 0, fmt.Errorf("queue position of %s: %w", e.ID, err)
	}
	return n, nil
}

// ConfirmedIDs returns up to limit confirmed entries in queue order.
func (s *WaitlistStore) ConfirmedIDs(ctx context.Context, limit int) ([]string, error) {
	var ids []string
	err := s.db.Gorm.WithContext(ctx).Model(&WaitlistEntry{}).Where("state = ?", WaitlistConfirmed).
		Order("confirmed_at, id").Limit(limit).Pluck("id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("confirmed waiting-list entries: %w", err)
	}
	return ids, nil
}

// StartRun records a new invitation run inside tx.
func (s *WaitlistStore) StartRun(ctx context.Context, tx Tx, r *BetaInviteRun) error {
	if err := tx.gorm(ctx, s.db).Create(r).Error; err != nil {
		return fmt.Errorf("start invitation run: %w", err)
	}
	return nil
}

// FinishRun closes run id with its outcome.
func (s *WaitlistStore) FinishRun(ctx context.Context, id, state string, at time.Time, invited int) error {
	err := s.db.Gorm.WithContext(ctx).Model(&BetaInviteRun{}).Where("id = ?", id).
		Updates(map[string]any{"state": state, "finished_at": at, "invited": invited}).Error
	if err != nil {
		return fmt.Errorf("close invitation run %s: %w", id, err)
	}
	return nil
}

// MarkInvited moves a confirmed entry to invited by run runID, and reports whether this call did.
func (s *WaitlistStore) MarkInvited(ctx context.Context, tx Tx, id, runID string, now time.Time) (bool, error) {
	return s.exec(ctx, tx, "invite "+id, `UPDATE waitlist_entries SET state = 'invited', invited_at = ?, invite_run_id = ?, updated_at = ?
WHERE id = ? AND state = 'confirmed'`, now, runID, now, id)
}

// Get returns entry id read through tx, or ErrNotFound.
func (s *WaitlistStore) Get(ctx context.Context, tx Tx, id string) (*WaitlistEntry, error) {
	var e WaitlistEntry
	err := tx.gorm(ctx, s.db).Where("id = ?", id).Take(&e).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("waiting-list entry %s: %w", id, err)
	}
	return &e, nil
}

// GrantVerifiedEmail gives beta access to the account whose verified address is email, and reports
// whether there is one.
func (s *WaitlistStore) GrantVerifiedEmail(ctx context.Context, tx Tx, email string, now time.Time) (bool, error) {
	return s.exec(ctx, tx, "grant beta access by email", `UPDATE users SET beta_access_at = COALESCE(beta_access_at, ?)
WHERE email = ? AND email_verified_at IS NOT NULL`, now, email)
}

// fromStarter selects the users still on the Starter plan (no plan of their own, or Starter's).
const fromStarter = `(plan_id IS NULL OR plan_id = (SELECT id FROM plans WHERE slug = 'starter'))`

// MoveUserFromStarter puts account userID, when it is on Starter, and its Starter keys on the plan
// named slug; an account on any other plan keeps it.
func (s *WaitlistStore) MoveUserFromStarter(ctx context.Context, tx Tx, userID, slug string, now time.Time) error {
	return s.moveFromStarter(ctx, tx, "id = ?", userID, slug, now)
}

// MoveVerifiedEmailFromStarter is MoveUserFromStarter for the account whose verified address is email.
func (s *WaitlistStore) MoveVerifiedEmailFromStarter(ctx context.Context, tx Tx, email, slug string, now time.Time) error {
	return s.moveFromStarter(ctx, tx, "email = ? AND email_verified_at IS NOT NULL", email, slug, now)
}

// moveFromStarter moves the users matching where (one bound argument) from Starter to plan slug,
// then their keys that are on Starter.
func (s *WaitlistStore) moveFromStarter(ctx context.Context, tx Tx, where string, arg any, slug string, now time.Time) error {
	g := tx.gorm(ctx, s.db)
	plan := `(SELECT id FROM plans WHERE slug = ?)`
	if err := g.Exec(`UPDATE users SET plan_id = `+plan+`, updated_at = ? WHERE `+where+` AND `+fromStarter+
		` AND EXISTS (SELECT 1 FROM plans WHERE slug = ?)`, slug, now, arg, slug).Error; err != nil {
		return fmt.Errorf("move account to plan %s: %w", slug, err)
	}
	if err := g.Exec(`UPDATE api_keys SET plan_id = `+plan+` WHERE plan_id = (SELECT id FROM plans WHERE slug = 'starter')
AND user_id IN (SELECT id FROM users WHERE `+where+` AND plan_id = `+plan+`)`, slug, arg, slug).Error; err != nil {
		return fmt.Errorf("move keys to plan %s: %w", slug, err)
	}
	return nil
}

// MarkJoined moves entry id to joined.
func (s *WaitlistStore) MarkJoined(ctx context.Context, tx Tx, id string, now time.Time) error {
	_, err := s.exec(ctx, tx, "mark "+id+" joined", `UPDATE waitlist_entries SET state = 'joined', joined_at = ? WHERE id = ?`, now, id)
	return err
}

// BetaUser is what granting beta access needs to know of an account.
type BetaUser struct {
	Email           string
	EmailVerifiedAt *time.Time
	BetaAccessAt    *time.Time
}

// BetaUser reads the beta-relevant fields of account userID; a missing account is the zero value.
func (s *WaitlistStore) BetaUser(ctx context.Context, tx Tx, userID string) (BetaUser, error) {
	var u BetaUser
	if err := tx.gorm(ctx, s.db).Raw("SELECT email, email_verified_at, beta_access_at FROM users WHERE id = ?", userID).Scan(&u).Error; err != nil {
		return BetaUser{}, fmt.Errorf("read user %s: %w", userID, err)
	}
	return u, nil
}

// JoinByEmail marks the invited (or joined) entry of email joined, and reports whether there is one.
func (s *WaitlistStore) JoinByEmail(ctx context.Context, tx Tx, email string, now time.Time) (bool, error) {
	return s.exec(ctx, tx, "mark joined", `UPDATE waitlist_entries SET state = 'joined', joined_at = COALESCE(joined_at, ?), updated_at = ?
WHERE email = ? AND state IN ('invited','joined')`, now, now, email)
}

// GrantUser gives account userID beta access; granting twice keeps the first time.
func (s *WaitlistStore) GrantUser(ctx context.Context, tx Tx, userID string, now time.Time) error {
	_, err := s.exec(ctx, tx, "grant beta access to "+userID, "UPDATE users SET beta_access_at = COALESCE(beta_access_at, ?) WHERE id = ?", now, userID)
	return err
}

// UserHasV1 reports whether account userID may use /v1 (UserV1AccessSQL).
func (s *WaitlistStore) UserHasV1(ctx context.Context, userID string) (bool, error) {
	var n int64
	if err := s.db.Gorm.WithContext(ctx).Raw("SELECT count(*) FROM users u WHERE u.id = ? AND "+UserV1AccessSQL, userID).Scan(&n).Error; err != nil {
		return false, fmt.Errorf("/v1 access of %s: %w", userID, err)
	}
	return n > 0, nil
}

// KeyHasV1 reports whether key's plan includes /v1 or its owner has beta access.
func (s *WaitlistStore) KeyHasV1(ctx context.Context, key *APIKey) (bool, error) {
	var n int64
	q := `SELECT count(*) FROM plans WHERE id = ? AND v1_access`
	args := []any{key.PlanID}
	if key.UserID != nil {
		q = `SELECT (SELECT count(*) FROM plans WHERE id = ? AND v1_access) + (SELECT count(*) FROM users WHERE id = ? AND beta_access_at IS NOT NULL)`
		args = append(args, *key.UserID)
	}
	if err := s.db.Gorm.WithContext(ctx).Raw(q, args...).Scan(&n).Error; err != nil {
		return false, fmt.Errorf("/v1 mark of key %s: %w", key.ID, err)
	}
	return n > 0, nil
}
