package models

import (
	"context"
	"fmt"
	"slices"

	"gorm.io/gorm"
)

// AddViews adds a batch of page views to their claims' view counts in one transaction, one
// UPDATE per claim in id order, so two processes flushing at once take the row locks in the same
// order. A claim deleted meanwhile simply gains nothing.
func (s *ClaimStore) AddViews(ctx context.Context, views map[string]int64) error {
	if len(views) == 0 {
		return nil
	}
	ids := make([]string, 0, len(views))
	for id, n := range views {
		if n > 0 {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, id := range ids {
			if err := tx.Exec("UPDATE claims SET view_count = view_count + ? WHERE id = ?", views[id], id).Error; err != nil {
				return fmt.Errorf("claim %s: %w", id, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("add views of %d claims: %w", len(ids), err)
	}
	return nil
}
