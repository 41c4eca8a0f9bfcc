package models_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/search"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// TestSearchCount checks Count agrees with Search on what matches (Turkish spellings, endings,
// filters, hidden claims) and stops at its cap, on both databases; the web history's page count
// rests on it.
func TestSearchCount(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		var seed []searchClaim
		for i := range 6 {
			verdict := "yanlis"
			if i%2 == 0 {
				verdict = "dogru"
			}
			seed = append(seed, searchClaim{content: fmt.Sprintf("Aşılar otizme neden olur %d", i), verdict: verdict})
		}
		seed = append(seed, searchClaim{content: "Dünya düzdür"}, searchClaim{content: "Deprem uyarısı gizli"})
		ids := searchSeed(t, db, seed...)
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = created_at WHERE id = ?", ids[len(ids)-1]).Error; err != nil {
			t.Fatal(err)
		}
		searcher := search.New(models.NewSearchStore(db))
		for _, tc := range []struct {
			name   string
			q      models.SearchQuery
			limit  int
			want   int64
			capped bool
		}{
			{"folded prefix", models.SearchQuery{Q: "asi"}, 100, 6, false},
			{"capped", models.SearchQuery{Q: "asi"}, 4, 4, true},
			{"exactly the cap", models.SearchQuery{Q: "asi"}, 6, 6, false},
			{"with a verdict", models.SearchQuery{Q: "otizm", Verdict: "dogru"}, 100, 3, false},
			{"Turkish letters typed without", models.SearchQuery{Q: "duzdur"}, 100, 1, false},
			{"hidden claims are not counted", models.SearchQuery{Q: "deprem"}, 100, 0, false},
			{"only punctuation", models.SearchQuery{Q: "?!"}, 100, 0, false},
			{"no text: filters only", models.SearchQuery{Verdict: "yanlis"}, 100, 3, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				n, capped, err := searcher.Count(ctx, tc.q, tc.limit)
				if err != nil {
					t.Fatal(err)
				}
				if n != tc.want || capped != tc.capped {
					t.Errorf("Count = %d (capped %v), want %d (capped %v)", n, capped, tc.want, tc.capped)
				}
				if tc.capped {
					return
				}
				q := tc.q
				q.Order, q.Limit = models.SearchNewest, 100
				page, err := searcher.Search(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				if int64(len(page.Hits)) != n {
					t.Errorf("Search finds %d, Count %d", len(page.Hits), n)
				}
			})
		}
	})
}
