package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/internal/database"
	"gorm.io/gorm"
)

// ErrAmbiguousPrefix is returned when a display prefix names more than one active key.
var ErrAmbiguousPrefix = errors.New("prefix matches more than one active key")

// KeyStore reads and writes API keys.
type KeyStore struct{ db *database.DB }

// KeyWithPlan is a key joined with its plan, as authentication needs it.
type KeyWithPlan struct {
	Key  APIKey
	Plan Plan
}

// EffectiveQuota is the key's monthly limit: its override when set, else its plan's (nil = unlimited).
func (k KeyWithPlan) EffectiveQuota() *int {
	if k.Key.QuotaOverride != nil {
		return k.Key.QuotaOverride
	}
	return k.Plan.MonthlyQuota
}

// Create stores a new key.
func (s *KeyStore) Create(ctx context.Context, k *APIKey) error {
	if err := s.db.Gorm.WithContext(ctx).Create(k).Error; err != nil {
		return fmt.Errorf("create key %q: %w", k.Name, err)
	}
	return nil
}

// ByHash finds an active or revoked key by the SHA-256 of its secret, with its plan.
func (s *KeyStore) ByHash(ctx context.Context, hash string) (*KeyWithPlan, error) {
	var k APIKey
	err := s.db.Gorm.WithContext(ctx).Where("hash = ?", hash).Take(&k).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("look up key: %w", err)
	}
	var p Plan
	if err := s.db.Gorm.WithContext(ctx).Where("id = ?", k.PlanID).Take(&p).Error; err != nil {
		return nil, fmt.Errorf("plan of key %s: %w", k.Prefix, err)
	}
	return &KeyWithPlan{Key: k, Plan: p}, nil
}

// KeyListing is one row of `claimcheck keys list`.
type KeyListing struct {
	Key       APIKey
	PlanSlug  string
	UsedMonth int
}

// List returns every key, newest first, with its plan and its usage in period.
func (s *KeyStore) List(ctx context.Context, period string) ([]KeyListing, error) {
	var keys []APIKey
	if err := s.db.Gorm.WithContext(ctx).Order("created_at DESC").Find(&keys).Error; err != nil {
		return nil, fmt.Errorf("list keys: %w", err)
	}
	var plans []Plan
	if err := s.db.Gorm.WithContext(ctx).Find(&plans).Error; err != nil {
		return nil, fmt.Errorf("list keys: plans: %w", err)
	}
	slugs := map[string]string{}
	for _, p := range plans {
		slugs[p.ID] = p.Slug
	}
	var counters []UsageCounter
	if err := s.db.Gorm.WithContext(ctx).Where("period = ?", period).Find(&counters).Error; err != nil {
		return nil, fmt.Errorf("list keys: usage: %w", err)
	}
	used := map[string]int{}
	for _, c := range counters {
		used[c.KeyID] = c.Count
	}
	out := make([]KeyListing, 0, len(keys))
	for _, k := range keys {
		out = append(out, KeyListing{Key: k, PlanSlug: slugs[k.PlanID], UsedMonth: used[k.ID]})
	}
	return out, nil
}

// RevokeByPrefix revokes the single active key whose display prefix is prefix.
func (s *KeyStore) RevokeByPrefix(ctx context.Context, prefix string, now time.Time) (*APIKey, error) {
	prefix = strings.TrimSpace(prefix)
	if prefix == "" {
		return nil, fmt.Errorf("revoke key: empty prefix")
	}
	var revoked *APIKey
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var ks []APIKey
		if err := tx.Where("prefix = ? AND revoked_at IS NULL", prefix).Find(&ks).Error; err != nil {
			return fmt.Errorf("revoke key %s: %w", prefix, err)
		}
		switch len(ks) {
		case 0:
			return ErrNotFound
		case 1:
		default:
			return ErrAmbiguousPrefix
		}
		if err := tx.Model(&APIKey{}).Where("id = ?", ks[0].ID).Update("revoked_at", now).Error; err != nil {
			return fmt.Errorf("revoke key %s: %w", prefix, err)
		}
		ks[0].RevokedAt = &now
		revoked = &ks[0]
		return nil
	})
	return revoked, err
}
