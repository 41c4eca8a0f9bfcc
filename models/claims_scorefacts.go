package models

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// BackfillScoreFacts gives up to batch claims stored without score facts (those from before
// migration 00022) the facts their basis and matches hold (Claim.DeriveScoreFacts), in one
// transaction, and returns how many it set; 0 means none is left. Each row is set only while it
// still has none, so processes running it at the same time cannot disagree.
func (s *ClaimStore) BackfillScoreFacts(ctx context.Context, batch int) (int, error) {
	var rows []Claim
	q := s.db.Gorm.WithContext(ctx)
	if err := q.Model(&Claim{}).Select("id, ai_verdict, basis, matches").Where("ai_decided IS NULL").
		Order("id").Limit(max(batch, 1)).Find(&rows).Error; err != nil {
		return 0, fmt.Errorf("claims without score facts: %w", err)
	}
	if len(rows) == 0 {
		return 0, nil
	}
	err := q.Transaction(func(tx *gorm.DB) error {
		for _, c := range rows {
			f := c.DeriveScoreFacts()
			err := tx.Model(&Claim{}).Where("id = ? AND ai_decided IS NULL", c.ID).
				Updates(map[string]any{"ai_decided": *f.Decided, "ai_confidence": *f.Confidence, "ai_method": *f.Method}).Error
			if err != nil {
				return fmt.Errorf("set score facts of claim %s: %w", c.ID, err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(rows), nil
}
