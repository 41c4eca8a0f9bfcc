package checking

import (
	"context"
	"errors"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// Control characters are refused before anything reaches either database, so a NUL no longer
// gives a 503 on PostgreSQL and a stored NUL on SQLite; the whitespace controls that are allowed
// (tab, line feed, carriage return) survive the round trip unchanged on both.
func TestControlCharactersOnBothDatabases(t *testing.T) {
	an, err := analysis.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		stores := storerules.Stores(db)
		s := NewService(an, stores.Claims, nil)
		for _, claim := range []string{"Dünya\x00düzdür", "\x00", "Aşılar\x1botizme yol açar", "Aşılar\u0085otizme yol açar", "???", "🙂🙂"} {
			_, err := s.Check(ctx, Input{Claim: claim}, nil)
			var verr *ValidationError
			if !errors.As(err, &verr) || verr.Message("claim") == "" {
				t.Errorf("Check(%q) = %v, want a claim field error", claim, err)
			}
		}
		_, total, err := stores.Claims.List(ctx, models.ClaimFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if total != 0 {
			t.Fatalf("%d claims stored from refused input", total)
		}
		const kept = "Aşılar\totizme\r\nyol açar"
		c, err := s.Check(ctx, Input{Claim: "  " + kept + "\n"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := stores.Claims.Get(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Content != kept {
			t.Errorf("stored %q, want %q", got.Content, kept)
		}
	})
}
