package models_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// TestAddViews checks that a batch adds each claim's views in one call, ignores claims that do
// not exist, and leaves other claims alone.
func TestAddViews(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := storerules.Stores(db)
		var ids []string
		for i := range 3 {
			c := &models.Claim{ID: uuid.Must(uuid.NewV7()).String(), Content: fmt.Sprintf("claim %d", i), Language: "en",
				Category: "health", AIVerdict: "belirsiz", CreatedAt: time.Now().UTC()}
			if err := s.Claims.Create(ctx, c); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, c.ID)
		}
		missing := uuid.Must(uuid.NewV7()).String()
		for _, batch := range []map[string]int64{{ids[0]: 5, ids[1]: 1, missing: 2}, {ids[0]: 2}} {
			if err := s.Claims.AddViews(ctx, batch); err != nil {
				t.Fatal(err)
			}
		}
		for i, want := range []int64{7, 1, 0} {
			c, err := s.Claims.Get(ctx, ids[i])
			if err != nil {
				t.Fatal(err)
			}
			if c.ViewCount != want {
				t.Errorf("claim %d: view count %d, want %d", i, c.ViewCount, want)
			}
		}
	})
}
