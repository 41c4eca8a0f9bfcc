package v1api_test

import (
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/v1api"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// TestV1SearchRefusesControlCharacters checks a control character in q is a 400 problem naming
// the field, on PostgreSQL too (where a NUL would otherwise fail the query).
func TestV1SearchRefusesControlCharacters(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 0)
		key := e.betaKey(t)
		for _, q := range []string{"a%00b", "%00", "moon%1B"} {
			t.Run(q, func(t *testing.T) {
				p := e.do(t, "GET", "/v1/claims/search?q="+q, key, nil, "").problem(t, 400, v1api.ProblemInvalidRequest)
				if msg := fields(p)["q"]; !strings.Contains(msg, "control character") {
					t.Errorf("q message = %q (errors %v)", msg, p.Errors)
				}
			})
		}
	})
}
