package postgrest

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// TestReaderOverClaimStore runs every scenario through the reader the wiring builds: the models
// whitelist converted here and the SQL run by the claims store must answer exactly as Execute does.
func TestReaderOverClaimStore(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		sqlDB, err := db.Gorm.DB()
		if err != nil {
			t.Fatal(err)
		}
		seed(t, sqlDB, Dialect(db.Dialect))
		r, err := NewReader(models.ClaimsTable(), storerules.Stores(db).Claims)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(r.table, claimsTable()) {
			t.Fatalf("converted whitelist = %+v, want %+v", r.table, claimsTable())
		}
		// Twice: the second pass answers from the parse caches and must not differ.
		for _, pass := range []string{"parsed", "cached"} {
			for _, sc := range scenarios {
				if sc.maxRows != 0 {
					continue // the whitelist's own cap is the default
				}
				t.Run(pass+"/"+sc.name, func(t *testing.T) {
					resp, err := r.ReadREST(context.Background(), sc.req)
					if err != nil {
						t.Fatalf("ReadREST: %v", err)
					}
					checkScenario(t, sc, resp)
				})
			}
		}
	})
}

func TestNewReaderRefusesUnknownColumnTypes(t *testing.T) {
	tab := models.RESTTable{Name: "t", Columns: []models.RESTColumn{{Name: "id", Type: "uuid"}, {Name: "blob", Type: "bytea"}}}
	_, err := NewReader(tab, nil)
	if err == nil || !strings.Contains(err.Error(), `column blob has unsupported type "bytea"`) {
		t.Fatalf("NewReader = %v, want an unsupported-type error naming the column", err)
	}
}
