package checking

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
	"gorm.io/gorm"
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

// admitCharge admits without a statement of its own, so only the check's statements are seen.
type admitCharge struct{ key string }

func (c admitCharge) KeyID() string                             { return c.key }
func (admitCharge) Tx(context.Context, models.Tx) (bool, error) { return true, nil }

// A paid check's transaction holds one insert per table and nothing else: the firm lookup (a read)
// runs before it, and both events go in one statement. (The charge, counted by internal/metering,
// follows them; see TestCheckChargesLastInItsTransaction.)
func TestCheckTransactionIsOneInsertPerTable(t *testing.T) {
	an, err := analysis.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		stores := storerules.Stores(db)
		key := newTestKey(t, stores)
		type stmt struct {
			sql  string
			inTx bool
		}
		var mu sync.Mutex
		var seen []stmt
		record := func(g *gorm.DB) {
			// A transaction's pool is a *sql.Tx, or on SQLite the database package's wrapper of one:
			// either way it commits.
			_, inTx := g.Statement.ConnPool.(gorm.TxCommitter)
			mu.Lock()
			seen = append(seen, stmt{strings.Fields(g.Statement.SQL.String() + " ? ? ?")[0] + " " + g.Statement.Table, inTx})
			mu.Unlock()
		}
		cb := db.Gorm.Callback()
		for name, err := range map[string]error{
			"create": cb.Create().After("gorm:create").Register("test:count_create", record),
			"query":  cb.Query().After("gorm:query").Register("test:count_query", record),
			"update": cb.Update().After("gorm:update").Register("test:count_update", record),
			"delete": cb.Delete().After("gorm:delete").Register("test:count_delete", record),
			"row":    cb.Row().After("gorm:row").Register("test:count_row", record),
			"raw":    cb.Raw().After("gorm:raw").Register("test:count_raw", record),
		} {
			if err != nil {
				t.Fatalf("register %s: %v", name, err)
			}
		}
		_, err := NewService(an, stores.Claims, nil).Check(ctx, Input{Claim: "Vaccines cause autism", SourceURL: "https://www.example.org/a"}, admitCharge{key})
		if err != nil {
			t.Fatal(err)
		}
		var inTx, before []string
		for _, s := range seen {
			if s.inTx {
				inTx = append(inTx, s.sql)
			} else {
				before = append(before, s.sql)
			}
		}
		if want := "INSERT claims, INSERT claim_score_history, INSERT events"; strings.Join(inTx, ", ") != want {
			t.Errorf("in the transaction: %q, want %s", inTx, want)
		}
		if want := "SELECT firm_domains"; strings.Join(before, ", ") != want {
			t.Errorf("before the transaction: %q, want %s", before, want)
		}
	})
}
