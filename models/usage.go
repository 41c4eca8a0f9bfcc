package models

import (
	"context"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"gorm.io/gorm"
)

// UsageStore keeps the per-key monthly counters.
type UsageStore struct{ db *database.DB }

// incrementSQL checks and counts in one statement, so concurrent requests on any number of
// processes can never over-admit: the row lock serialises them and the WHERE refuses the excess.
const incrementSQL = `INSERT INTO usage_counters (key_id, period, count) VALUES (?, ?, 1)
ON CONFLICT (key_id, period) DO UPDATE SET count = usage_counters.count + 1`

// ChargeTx counts one request of keyID in period inside tx, unless the counter already reached
// quota (nil: no ceiling). It returns the count after this request and whether it was counted; a
// refused request changes nothing.
func (s *UsageStore) ChargeTx(ctx context.Context, tx Tx, keyID, period string, quota *int) (int, bool, error) {
	if quota != nil && *quota <= 0 {
		// The statement's WHERE only guards an existing row; a zero ceiling must not insert one.
		return 0, false, nil
	}
	q := incrementSQL
	args := []any{keyID, period}
	if quota != nil {
		q += ` WHERE usage_counters.count < ?`
		args = append(args, *quota)
	}
	q += ` RETURNING count`
	var counts []int
	if err := tx.gorm(ctx, s.db).Raw(q, args...).Scan(&counts).Error; err != nil {
		return 0, false, fmt.Errorf("count usage of key %s: %w", keyID, err)
	}
	if len(counts) == 0 {
		return 0, false, nil
	}
	return counts[0], true, nil
}

// ChargeAsync is ChargeTx in a transaction of its own whose commit, on PostgreSQL, is
// asynchronous: a crash may forget the last few counts (in the caller's favour) but the decision
// stays exact, and requests that write nothing else stay fast.
func (s *UsageStore) ChargeAsync(ctx context.Context, keyID, period string, quota *int) (int, bool, error) {
	var (
		count int
		ok    bool
	)
	err := s.db.Gorm.WithContext(ctx).Transaction(func(g *gorm.DB) error {
		if s.db.Dialect == database.Postgres {
			if err := g.Exec("SET LOCAL synchronous_commit = off").Error; err != nil {
				return fmt.Errorf("relax commit for count: %w", err)
			}
		}
		var err error
		count, ok, err = s.ChargeTx(ctx, Tx{g: g}, keyID, period, quota)
		return err
	})
	return count, ok, err
}

// Lease counts n requests of keyID in period at once, all or none: with a quota (nil: no
// ceiling) it counts them only when the counter stays within it. It is one statement committed on
// its own (durably: the requests admitted from a lease must never be forgotten while the lease is
// in use) and returns the count after it and whether it counted. An unlimited plan's batched
// count is a Lease without a quota.
func (s *UsageStore) Lease(ctx context.Context, keyID, period string, n int, quota *int) (int, bool, error) {
	if n <= 0 {
		return 0, false, fmt.Errorf("lease %d requests of key %s: want a positive number", n, keyID)
	}
	if quota != nil && n > *quota {
		// The WHERE only guards an existing row; a lease larger than the quota must not insert one.
		return 0, false, nil
	}
	q := `INSERT INTO usage_counters (key_id, period, count) VALUES (?, ?, ?)
ON CONFLICT (key_id, period) DO UPDATE SET count = usage_counters.count + ?`
	args := []any{keyID, period, n, n}
	if quota != nil {
		q += ` WHERE usage_counters.count + ? <= ?`
		args = append(args, n, *quota)
	}
	q += ` RETURNING count`
	var counts []int
	if err := s.db.Gorm.WithContext(ctx).Raw(q, args...).Scan(&counts).Error; err != nil {
		return 0, false, fmt.Errorf("lease %d requests of key %s: %w", n, keyID, err)
	}
	if len(counts) == 0 {
		return 0, false, nil
	}
	return counts[0], true, nil
}

// Release uncounts n requests of keyID in period that a lease counted and nobody used, and
// returns the count after it. It never takes the counter below zero.
func (s *UsageStore) Release(ctx context.Context, keyID, period string, n int) (int, error) {
	var counts []int
	err := s.db.Gorm.WithContext(ctx).Raw(`UPDATE usage_counters SET count = count - ?
WHERE key_id = ? AND period = ? AND count >= ? RETURNING count`, n, keyID, period, n).Scan(&counts).Error
	if err != nil {
		return 0, fmt.Errorf("release %d requests of key %s: %w", n, keyID, err)
	}
	if len(counts) == 0 {
		return 0, fmt.Errorf("release %d requests of key %s in %s: the counter holds fewer", n, keyID, period)
	}
	return counts[0], nil
}

// Touch records that keyID was used at at. last_used_at is advisory (the dashboard's "last
// used"), so a write that would move it by less than a minute is skipped.
func (s *UsageStore) Touch(ctx context.Context, keyID string, at time.Time) error {
	if err := s.db.Gorm.WithContext(ctx).Exec(`UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)`,
		at, keyID, at.Add(-time.Minute)).Error; err != nil {
		return fmt.Errorf("touch key %s: %w", keyID, err)
	}
	return nil
}

// Current returns the key's count for the period (0 when no request was counted yet).
func (s *UsageStore) Current(ctx context.Context, keyID, period string) (int, error) {
	var counts []int
	if err := s.db.Gorm.WithContext(ctx).Raw(`SELECT count FROM usage_counters WHERE key_id = ? AND period = ?`, keyID, period).
		Scan(&counts).Error; err != nil {
		return 0, fmt.Errorf("read usage of key %s: %w", keyID, err)
	}
	if len(counts) == 0 {
		return 0, nil
	}
	return counts[0], nil
}

// RateLimitStore keeps fixed-window counters shared by every process.
type RateLimitStore struct{ db *database.DB }

// Hit counts one event in bucket's window and reports whether it stays within limit.
// It uses the same single-statement check-and-count as the monthly quota.
func (s *RateLimitStore) Hit(ctx context.Context, bucket string, windowStart int64, limit int) (bool, int, error) {
	if limit <= 0 {
		return false, 0, nil
	}
	var counts []int
	err := s.db.Gorm.WithContext(ctx).Raw(`INSERT INTO rate_limits (bucket, window_start, count) VALUES (?, ?, 1)
ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limits.count + 1 WHERE rate_limits.count < ?
RETURNING count`, bucket, windowStart, limit).Scan(&counts).Error
	if err != nil {
		return false, 0, fmt.Errorf("rate limit %s: %w", bucket, err)
	}
	if len(counts) == 0 {
		return false, limit, nil
	}
	return true, counts[0], nil
}

// HitN counts n events in bucket's window at once unless that would pass limit, all or nothing
// (a burst limiter's lease, internal/ratelimit); it reports whether it did and the count after it.
func (s *RateLimitStore) HitN(ctx context.Context, bucket string, windowStart int64, n, limit int) (bool, int, error) {
	if n <= 0 || n > limit {
		return false, 0, nil
	}
	var counts []int
	err := s.db.Gorm.WithContext(ctx).Raw(`INSERT INTO rate_limits (bucket, window_start, count) VALUES (?, ?, ?)
ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limits.count + excluded.count WHERE rate_limits.count + excluded.count <= ?
RETURNING count`, bucket, windowStart, n, limit).Scan(&counts).Error
	if err != nil {
		return false, 0, fmt.Errorf("rate limit %s: take %d: %w", bucket, n, err)
	}
	if len(counts) == 0 {
		return false, limit, nil
	}
	return true, counts[0], nil
}

// Prune deletes windows that started before cutoff, so the table stays small.
func (s *RateLimitStore) Prune(ctx context.Context, cutoff int64) error {
	if err := s.db.Gorm.WithContext(ctx).Exec(`DELETE FROM rate_limits WHERE window_start < ?`, cutoff).Error; err != nil {
		return fmt.Errorf("prune rate limits: %w", err)
	}
	return nil
}

// History sums the counters of keyIDs per period, for the dashboard's chart; periods without any
// count are absent from the map (read them as 0).
func (s *UsageStore) History(ctx context.Context, keyIDs, periods []string) (map[string]int, error) {
	out := map[string]int{}
	if len(keyIDs) == 0 || len(periods) == 0 {
		return out, nil
	}
	var rows []struct {
		Period string
		Total  int
	}
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT period, SUM(count) AS total FROM usage_counters
WHERE key_id IN ? AND period IN ? GROUP BY period`, keyIDs, periods).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("usage history of %d keys: %w", len(keyIDs), err)
	}
	for _, r := range rows {
		out[r.Period] = r.Total
	}
	return out, nil
}
