package models

import (
	"context"
	"fmt"
)

// LoginThrottle is one login_throttle row: the failed logins counted against one throttle bucket.
type LoginThrottle struct {
	// Bucket names what is throttled (an account, a client address, a known device).
	Bucket string
	// Failures counts attempts that were not followed by a success, the one in progress included.
	Failures int
	// LastAttemptMS is when the last counted attempt began, in Unix milliseconds.
	LastAttemptMS int64
	// Stored is false when the bucket has no row (nothing counted).
	Stored bool
}

// LoginThrottleState reads a bucket; a bucket without a row comes back with Stored false.
func (s *AccountStore) LoginThrottleState(ctx context.Context, bucket string) (LoginThrottle, error) {
	var rows []struct {
		Failures      int
		LastAttemptMS int64
	}
	if err := s.conn(ctx).Raw(`SELECT failures, last_attempt_ms FROM login_throttle WHERE bucket = ?`, bucket).
		Scan(&rows).Error; err != nil {
		return LoginThrottle{}, fmt.Errorf("read login throttle: %w", err)
	}
	if len(rows) == 0 {
		return LoginThrottle{Bucket: bucket}, nil
	}
	return LoginThrottle{Bucket: bucket, Failures: rows[0].Failures, LastAttemptMS: rows[0].LastAttemptMS, Stored: true}, nil
}

// SwapLoginThrottle replaces old with next only if the row is still as old was read (compare and
// swap), so concurrent attempts cannot all pass on one reading; false means someone else changed it.
func (s *AccountStore) SwapLoginThrottle(ctx context.Context, old LoginThrottle, failures int, lastAttemptMS int64) (bool, error) {
	db := s.conn(ctx)
	if !old.Stored {
		res := db.Exec(`INSERT INTO login_throttle (bucket, failures, last_attempt_ms) VALUES (?, ?, ?) ON CONFLICT (bucket) DO NOTHING`,
			old.Bucket, failures, lastAttemptMS)
		if res.Error != nil {
			return false, fmt.Errorf("count login attempt: %w", res.Error)
		}
		return res.RowsAffected == 1, nil
	}
	res := db.Exec(`UPDATE login_throttle SET failures = ?, last_attempt_ms = ? WHERE bucket = ? AND failures = ? AND last_attempt_ms = ?`,
		failures, lastAttemptMS, old.Bucket, old.Failures, old.LastAttemptMS)
	if res.Error != nil {
		return false, fmt.Errorf("count login attempt: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// ClearLoginThrottle forgets a bucket's failures.
func (s *AccountStore) ClearLoginThrottle(ctx context.Context, bucket string) error {
	if err := s.conn(ctx).Exec(`DELETE FROM login_throttle WHERE bucket = ?`, bucket).Error; err != nil {
		return fmt.Errorf("clear login throttle: %w", err)
	}
	return nil
}

// CreateLoginUnlock stores a single-use unlock link's token hash for userID.
func (s *AccountStore) CreateLoginUnlock(ctx context.Context, tokenHash, userID string, createdMS, expiresMS int64) error {
	if err := s.conn(ctx).Exec(`INSERT INTO login_unlocks (token_hash, user_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)`,
		tokenHash, userID, createdMS, expiresMS).Error; err != nil {
		return fmt.Errorf("create login unlock: %w", err)
	}
	return nil
}

// RetireLoginUnlocks marks userID's unused unlock links used, so only the newest works.
func (s *AccountStore) RetireLoginUnlocks(ctx context.Context, userID string, nowMS int64) error {
	if err := s.conn(ctx).Exec(`UPDATE login_unlocks SET used_ms = ? WHERE user_id = ? AND used_ms IS NULL`, nowMS, userID).Error; err != nil {
		return fmt.Errorf("retire login unlocks: %w", err)
	}
	return nil
}

// UseLoginUnlock marks a live unlock link used and returns its user; ErrNotFound when the link is
// unknown, expired or already used. The one statement makes a second use fail even when concurrent.
func (s *AccountStore) UseLoginUnlock(ctx context.Context, tokenHash string, nowMS int64) (string, error) {
	var ids []string
	if err := s.conn(ctx).Raw(`UPDATE login_unlocks SET used_ms = ? WHERE token_hash = ? AND used_ms IS NULL AND expires_ms > ? RETURNING user_id`,
		nowMS, tokenHash, nowMS).Scan(&ids).Error; err != nil {
		return "", fmt.Errorf("use login unlock: %w", err)
	}
	if len(ids) == 0 {
		return "", ErrNotFound
	}
	return ids[0], nil
}

// PruneLoginThrottle deletes throttle rows last touched before cutoffMS and unlock links that
// expired before it.
func (s *AccountStore) PruneLoginThrottle(ctx context.Context, cutoffMS int64) error {
	db := s.conn(ctx)
	if err := db.Exec(`DELETE FROM login_throttle WHERE last_attempt_ms < ?`, cutoffMS).Error; err != nil {
		return fmt.Errorf("prune login throttle: %w", err)
	}
	if err := db.Exec(`DELETE FROM login_unlocks WHERE expires_ms < ?`, cutoffMS).Error; err != nil {
		return fmt.Errorf("prune login unlocks: %w", err)
	}
	return nil
}
