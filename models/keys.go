package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/database"
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
	// BetaAccess is true when the key's owner was let into the /v1 beta.
	BetaAccess bool
	// OwnerUnverified is true when the key belongs to an account that has not verified its email
	// address: such keys are refused on both APIs until it does. Keys made with the CLI have no
	// owner and are never unverified.
	OwnerUnverified bool
}

// V1Access reports whether the key may call /v1: its plan includes it, or its owner is in the beta.
func (k KeyWithPlan) V1Access() bool { return k.Plan.V1Access || k.BetaAccess }

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

// ByHash finds an active or revoked key by the SHA-256 of its secret, with its plan. A key whose
// owner an admin disabled reads as unknown, so disabling stops the keys without revoking them and
// enabling gives them back. The owner's beta access and email verification come from the same
// query (a LEFT JOIN: keys made with the CLI have no owner), so authentication costs two reads.
func (s *KeyStore) ByHash(ctx context.Context, hash string) (*KeyWithPlan, error) {
	var row struct {
		APIKey          `gorm:"embedded"`
		OwnerVerifiedAt *time.Time `gorm:"column:owner_verified_at"`
		OwnerBetaAt     *time.Time `gorm:"column:owner_beta_at"`
	}
	err := s.db.Gorm.WithContext(ctx).Table("api_keys").
		Select("api_keys.*, users.email_verified_at AS owner_verified_at, users.beta_access_at AS owner_beta_at").
		Joins("LEFT JOIN users ON users.id = api_keys.user_id").
		Where("api_keys.hash = ? AND users.disabled_at IS NULL", hash).
		Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("look up key: %w", err)
	}
	k := row.APIKey
	var p Plan
	if err := s.db.Gorm.WithContext(ctx).Where("id = ?", k.PlanID).Take(&p).Error; err != nil {
		return nil, fmt.Errorf("plan of key %s: %w", k.Prefix, err)
	}
	kp := &KeyWithPlan{Key: k, Plan: p}
	if k.UserID != nil {
		kp.BetaAccess = row.OwnerBetaAt != nil
		kp.OwnerUnverified = row.OwnerVerifiedAt == nil
	}
	return kp, nil
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

// StarterPlanSlug is the plan of accounts whose users.plan_id is NULL: nobody chose anything yet.
const StarterPlanSlug = "starter"

// ErrKeyInactive is returned when a revoked key, or one already rotated, is asked to change.
var ErrKeyInactive = errors.New("key is revoked or already rotated")

// KeyLimitError is returned when an account already has its plan's maximum of active keys.
type KeyLimitError struct {
	// Max is the plan's limit, so the message can state it.
	Max int
	// Plan is the plan's display name.
	Plan string
}

// Error says the limit in words the dashboard can show as is.
func (e *KeyLimitError) Error() string {
	return fmt.Sprintf("the %s plan allows at most %d active keys", e.Plan, e.Max)
}

// lockAccount serialises key changes of one account: on PostgreSQL the no-op UPDATE row-locks the
// user, on SQLite it takes the database write lock. Without it two concurrent creates could both
// see room for one more key and exceed the plan's maximum.
func lockAccount(tx *gorm.DB, userID string) error {
	res := tx.Exec(`UPDATE users SET updated_at = updated_at WHERE id = ?`, userID)
	if res.Error != nil {
		return fmt.Errorf("lock account %s: %w", userID, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// AccountPlan returns the plan of the account: users.plan_id, or Starter when it is NULL.
func (s *KeyStore) AccountPlan(ctx context.Context, userID string) (*Plan, error) {
	return accountPlan(s.db.Gorm.WithContext(ctx), userID)
}

func accountPlan(q *gorm.DB, userID string) (*Plan, error) {
	var rows []struct{ PlanID *string }
	if err := q.Raw(`SELECT plan_id FROM users WHERE id = ?`, userID).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("plan of account %s: %w", userID, err)
	}
	if len(rows) == 0 {
		return nil, ErrNotFound
	}
	var p Plan
	var err error
	if rows[0].PlanID != nil {
		err = q.Where("id = ?", *rows[0].PlanID).Take(&p).Error
	} else {
		err = q.Where("slug = ?", StarterPlanSlug).Take(&p).Error
	}
	if err != nil {
		return nil, fmt.Errorf("plan of account %s: %w", userID, err)
	}
	return &p, nil
}

// activeWhere selects the keys that count against the plan's maximum at now: a key in its
// rotation grace period is on its way out and does not take a slot.
const activeWhere = "user_id = ? AND revoked_at IS NULL AND revoke_at IS NULL"

// CountActive counts the account's keys that take a slot of the plan's maximum.
func (s *KeyStore) CountActive(ctx context.Context, userID string) (int64, error) {
	var n int64
	if err := s.db.Gorm.WithContext(ctx).Model(&APIKey{}).Where(activeWhere, userID).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("count keys of account %s: %w", userID, err)
	}
	return n, nil
}

// ListByUser returns the account's keys, newest first, with their usage in period.
func (s *KeyStore) ListByUser(ctx context.Context, userID, period string) ([]KeyListing, error) {
	q := s.db.Gorm.WithContext(ctx)
	var ks []APIKey
	if err := q.Where("user_id = ?", userID).Order("created_at DESC, id DESC").Find(&ks).Error; err != nil {
		return nil, fmt.Errorf("list keys of account %s: %w", userID, err)
	}
	if len(ks) == 0 {
		return nil, nil
	}
	ids := make([]string, len(ks))
	for i, k := range ks {
		ids[i] = k.ID
	}
	var counters []UsageCounter
	if err := q.Where("period = ? AND key_id IN ?", period, ids).Find(&counters).Error; err != nil {
		return nil, fmt.Errorf("list keys of account %s: usage: %w", userID, err)
	}
	used := map[string]int{}
	for _, c := range counters {
		used[c.KeyID] = c.Count
	}
	var plans []Plan
	if err := q.Find(&plans).Error; err != nil {
		return nil, fmt.Errorf("list keys of account %s: plans: %w", userID, err)
	}
	slugs := map[string]string{}
	for _, p := range plans {
		slugs[p.ID] = p.Slug
	}
	out := make([]KeyListing, 0, len(ks))
	for _, k := range ks {
		out = append(out, KeyListing{Key: k, PlanSlug: slugs[k.PlanID], UsedMonth: used[k.ID]})
	}
	return out, nil
}

// ownedKey loads the key only when userID owns it; anyone else's key is ErrNotFound, so the
// answer never tells whether an id exists.
func ownedKey(tx *gorm.DB, userID, keyID string) (*APIKey, error) {
	var k APIKey
	err := tx.Where("id = ? AND user_id = ?", keyID, userID).Take(&k).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("key %s of account %s: %w", keyID, userID, err)
	}
	return &k, nil
}

// CreateOwned stores k as a key of the account on the account's plan, unless the plan's maximum
// of active keys is reached (*KeyLimitError). k carries id, name, prefix, hash and created_at.
func (s *KeyStore) CreateOwned(ctx context.Context, userID string, k *APIKey) error {
	return s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := lockAccount(tx, userID); err != nil {
			return err
		}
		p, err := accountPlan(tx, userID)
		if err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&APIKey{}).Where(activeWhere, userID).Count(&n).Error; err != nil {
			return fmt.Errorf("count keys of account %s: %w", userID, err)
		}
		if n >= int64(p.MaxActiveKeys) {
			return &KeyLimitError{Max: p.MaxActiveKeys, Plan: p.Name}
		}
		k.UserID = &userID
		k.PlanID = p.ID
		if err := tx.Create(k).Error; err != nil {
			return fmt.Errorf("create key %q for account %s: %w", k.Name, userID, err)
		}
		return nil
	})
}

// Rename changes the name of one of the account's keys.
func (s *KeyStore) Rename(ctx context.Context, userID, keyID, name string) error {
	res := s.db.Gorm.WithContext(ctx).Model(&APIKey{}).Where("id = ? AND user_id = ?", keyID, userID).Update("name", name)
	if res.Error != nil {
		return fmt.Errorf("rename key %s: %w", keyID, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// RevokeOwned revokes one of the account's keys at once, including one in its rotation grace
// period. Revoking an already revoked key is not an error: the outcome the user wants holds.
func (s *KeyStore) RevokeOwned(ctx context.Context, userID, keyID string, now time.Time) (*APIKey, error) {
	var out *APIKey
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		k, err := ownedKey(tx, userID, keyID)
		if err != nil {
			return err
		}
		if k.RevokedAt == nil {
			if err := tx.Model(&APIKey{}).Where("id = ?", k.ID).Update("revoked_at", now).Error; err != nil {
				return fmt.Errorf("revoke key %s: %w", keyID, err)
			}
			k.RevokedAt = &now
		}
		out = k
		return nil
	})
	return out, err
}

// Rotate replaces one of the account's active keys with nk (id, prefix, hash and created_at set by
// the caller): nk takes the old key's name, plan and quota override, and the old key keeps working
// until now+grace so clients can switch without downtime. The replacement takes the old key's
// slot, so the plan's maximum is not checked. retiredName, when set, renames the old key from its
// current name, so the list never shows two keys of one name. It returns the old key as updated.
func (s *KeyStore) Rotate(ctx context.Context, userID, keyID string, nk *APIKey, now time.Time, grace time.Duration, retiredName func(string) string) (*APIKey, error) {
	var old *APIKey
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := lockAccount(tx, userID); err != nil {
			return err
		}
		k, err := ownedKey(tx, userID, keyID)
		if err != nil {
			return err
		}
		if k.RevokedAt != nil || k.RevokeAt != nil {
			return ErrKeyInactive
		}
		nk.UserID = &userID
		nk.PlanID = k.PlanID
		nk.QuotaOverride = k.QuotaOverride
		if nk.Name == "" {
			nk.Name = k.Name
		}
		if err := tx.Create(nk).Error; err != nil {
			return fmt.Errorf("rotate key %s: create successor: %w", keyID, err)
		}
		end := now.Add(grace)
		changes := map[string]any{"revoke_at": end, "replaced_by": nk.ID}
		if retiredName != nil {
			k.Name = retiredName(k.Name)
			changes["name"] = k.Name
		}
		if err := tx.Model(&APIKey{}).Where("id = ?", k.ID).Updates(changes).Error; err != nil {
			return fmt.Errorf("rotate key %s: schedule revocation: %w", keyID, err)
		}
		k.RevokeAt, k.ReplacedBy = &end, &nk.ID
		old = k
		return nil
	})
	return old, err
}

// SetPlanForUser moves the account, and every key it owns, to planID inside tx (the billing
// webhook's transaction): the keys' quota changes with the plan, not at the next key creation.
// It is idempotent, as billing's PlanChangedFunc must be.
func (s *KeyStore) SetPlanForUser(ctx context.Context, tx Tx, userID, planID string) error {
	g := tx.gorm(ctx, s.db)
	if err := g.Exec(`UPDATE users SET plan_id = ?, updated_at = ? WHERE id = ? AND (plan_id IS NULL OR plan_id <> ?)`,
		planID, time.Now().UTC(), userID, planID).Error; err != nil {
		return fmt.Errorf("move account %s to plan %s: %w", userID, planID, err)
	}
	if err := g.Exec(`UPDATE api_keys SET plan_id = ? WHERE user_id = ? AND plan_id <> ?`, planID, userID, planID).Error; err != nil {
		return fmt.Errorf("move keys of account %s to plan %s: %w", userID, planID, err)
	}
	return nil
}
