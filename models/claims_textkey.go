package models

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// BackfillTextKeys gives up to batch claims stored without a text key (those from before
// migration 00018) the key key(content) computes, in one transaction, and returns how many it
// set; 0 means none is left. Each row is set only while it still has no key, so processes
// running it at the same time cannot disagree.
func (s *ClaimStore) BackfillTextKeys(ctx context.Context, batch int, key func(content string) string) (int, error) {
	var rows []struct {
		ID      string `gorm:"column:id"`
		Content string `gorm:"column:content"`
	}
	q := s.db.Gorm.WithContext(ctx)
	if err := q.Model(&Claim{}).Select("id, content").Where("text_key IS NULL").Order("id").Limit(max(batch, 1)).Scan(&rows).Error; err != nil {
		return 0, fmt.Errorf("claims without a text key: %w", err)
	}
	if len(rows) == 0 {
		return 0, nil
	}
	err := q.Transaction(func(tx *gorm.DB) error {
		for _, r := range rows {
			if err := tx.Model(&Claim{}).Where("id = ? AND text_key IS NULL", r.ID).Update("text_key", key(r.Content)).Error; err != nil {
				return fmt.Errorf("set text key of claim %s: %w", r.ID, err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(rows), nil
}

// RepeatCounts returns, for each of textKeys, how many visible claims have it (keys of no visible
// claim are absent): the history's "checked N times" badges in one grouped, indexed read.
func (s *ClaimStore) RepeatCounts(ctx context.Context, textKeys []string) (map[string]int64, error) {
	out := map[string]int64{}
	if len(textKeys) == 0 {
		return out, nil
	}
	var rows []struct {
		TextKey string `gorm:"column:text_key"`
		N       int64  `gorm:"column:n"`
	}
	err := s.db.Gorm.WithContext(ctx).Model(&Claim{}).Select("text_key, count(*) AS n").
		Where("text_key IN ? AND "+visible, textKeys).Group("text_key").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("count repeat checks: %w", err)
	}
	for _, r := range rows {
		out[r.TextKey] = r.N
	}
	return out, nil
}
