package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// AccountModel is an account's own model endpoint (Enterprise's custom model): the
// OpenAI-compatible endpoint the account's API analyses are made with. APIKeySealed is the
// endpoint's key sealed by internal/custommodel ("" when the endpoint takes no key); only
// APIKeyLast4 is ever shown.
type AccountModel struct {
	UserID       string    `gorm:"column:user_id;primaryKey"`
	BaseURL      string    `gorm:"column:base_url"`
	Model        string    `gorm:"column:model"`
	APIKeySealed string    `gorm:"column:api_key_sealed"`
	APIKeyLast4  string    `gorm:"column:api_key_last4"`
	UpdatedBy    *string   `gorm:"column:updated_by"`
	CreatedAt    time.Time `gorm:"column:created_at"`
	UpdatedAt    time.Time `gorm:"column:updated_at"`
}

// TableName pins the table name so GORM never guesses.
func (AccountModel) TableName() string { return "account_models" }

// AccountModelStore reads and writes accounts' model endpoints.
type AccountModelStore struct{ db *database.DB }

// NewAccountModelStore builds the store over db.
func NewAccountModelStore(db *database.DB) *AccountModelStore { return &AccountModelStore{db: db} }

// Get returns the account's model endpoint, or ErrNotFound when it has none.
func (s *AccountModelStore) Get(ctx context.Context, userID string) (*AccountModel, error) {
	var m AccountModel
	err := s.db.Gorm.WithContext(ctx).Where("user_id = ?", userID).Take(&m).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("model endpoint of account %s: %w", userID, err)
	}
	return &m, nil
}

// ForKey returns the model endpoint of the account that owns the API key keyID, or ErrNotFound
// when the key has no owner or its owner has no endpoint: one indexed join per lookup.
func (s *AccountModelStore) ForKey(ctx context.Context, keyID string) (*AccountModel, error) {
	var ms []AccountModel
	err := s.db.Gorm.WithContext(ctx).Table("account_models").Select("account_models.*").
		Joins("JOIN api_keys ON api_keys.user_id = account_models.user_id").
		Where("api_keys.id = ?", keyID).Limit(1).Find(&ms).Error
	if err != nil {
		return nil, fmt.Errorf("model endpoint of key %s: %w", keyID, err)
	}
	if len(ms) == 0 {
		return nil, ErrNotFound
	}
	return &ms[0], nil
}

// Put stores m as the account's model endpoint, replacing the one it had (created_at is kept).
func (s *AccountModelStore) Put(ctx context.Context, m *AccountModel) error {
	err := s.db.Gorm.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"base_url", "model", "api_key_sealed", "api_key_last4", "updated_by", "updated_at"}),
	}).Create(m).Error
	if err != nil {
		return fmt.Errorf("store model endpoint of account %s: %w", m.UserID, err)
	}
	return nil
}

// Delete removes the account's model endpoint; false when it had none.
func (s *AccountModelStore) Delete(ctx context.Context, userID string) (bool, error) {
	res := s.db.Gorm.WithContext(ctx).Where("user_id = ?", userID).Delete(&AccountModel{})
	if res.Error != nil {
		return false, fmt.Errorf("clear model endpoint of account %s: %w", userID, res.Error)
	}
	return res.RowsAffected > 0, nil
}
