package models

import (
	"errors"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// KVStore is a fiber.Storage kept in the database, so middleware state (CSRF tokens) is shared by
// every serve process instead of living in one process's memory.
type KVStore struct{ db *database.DB }

// Get returns the value of key, or nil when it is absent or expired (as fiber.Storage requires).
func (s *KVStore) Get(key string) ([]byte, error) {
	if key == "" {
		return nil, nil
	}
	var kv KV
	err := s.db.Gorm.Where("k = ? AND (expires_at = 0 OR expires_at > ?)", key, time.Now().Unix()).Take(&kv).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("kv get: %w", err)
	}
	return kv.V, nil
}

// Set stores val under key for exp (0 = no expiry).
func (s *KVStore) Set(key string, val []byte, exp time.Duration) error {
	if key == "" || len(val) == 0 {
		return nil
	}
	var expires int64
	if exp > 0 {
		expires = time.Now().Add(exp).Unix()
	}
	err := s.db.Gorm.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "k"}},
		DoUpdates: clause.AssignmentColumns([]string{"v", "expires_at"}),
	}).Create(&KV{K: key, V: val, ExpiresAt: expires}).Error
	if err != nil {
		return fmt.Errorf("kv set: %w", err)
	}
	return nil
}

// Delete removes key.
func (s *KVStore) Delete(key string) error {
	if err := s.db.Gorm.Where("k = ?", key).Delete(&KV{}).Error; err != nil {
		return fmt.Errorf("kv delete: %w", err)
	}
	return nil
}

// Reset removes every key.
func (s *KVStore) Reset() error {
	if err := s.db.Gorm.Exec("DELETE FROM kv_store").Error; err != nil {
		return fmt.Errorf("kv reset: %w", err)
	}
	return nil
}

// Close is a no-op: the database outlives the storage.
func (s *KVStore) Close() error { return nil }

// PruneExpired deletes expired entries.
func (s *KVStore) PruneExpired(now time.Time) error {
	if err := s.db.Gorm.Exec("DELETE FROM kv_store WHERE expires_at > 0 AND expires_at <= ?", now.Unix()).Error; err != nil {
		return fmt.Errorf("kv prune: %w", err)
	}
	return nil
}
