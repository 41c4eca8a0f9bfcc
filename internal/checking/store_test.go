package checking

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
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

// refuseChargeFor is a key over its quota.
type refuseChargeFor struct{ key string }

func (c refuseChargeFor) KeyID() string                             { return c.key }
func (refuseChargeFor) Tx(context.Context, models.Tx) (bool, error) { return false, nil }

// newTestKey stores a key on the starter plan, for claims to reference.
func newTestKey(t *testing.T, stores *models.Stores) string {
	t.Helper()
	p, err := stores.Plans.BySlug(context.Background(), "starter")
	if err != nil {
		t.Fatal(err)
	}
	k := &models.APIKey{ID: uuid.NewString(), PlanID: p.ID, Name: "t", Prefix: uuid.NewString()[:8], Hash: uuid.NewString(), CreatedAt: time.Now().UTC()}
	if err := stores.Keys.Create(context.Background(), k); err != nil {
		t.Fatal(err)
	}
	return k.ID
}

// A charge refused after the inserts (it runs last) rolls them all back on both databases: no
// claim, no score history, no event.
func TestRefusedChargeStoresNothing(t *testing.T) {
	an, err := analysis.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		stores := storerules.Stores(db)
		key := newTestKey(t, stores)
		_, err := NewService(an, stores.Claims, nil).Check(ctx, Input{Claim: "Vaccines cause autism"}, refuseChargeFor{key})
		if !errors.Is(err, ErrOverQuota) {
			t.Fatalf("err = %v, want ErrOverQuota", err)
		}
		for _, table := range []string{"claims", "claim_score_history", "events"} {
			var n int64
			if err := db.Gorm.Table(table).Count(&n).Error; err != nil {
				t.Fatal(err)
			}
			if n != 0 {
				t.Errorf("%s: %d rows after a refused charge", table, n)
			}
		}
	})
}
