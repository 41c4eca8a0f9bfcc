package loadtest

import (
	"context"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/google/uuid"
)

func TestIssueKeysExistingAndQuery(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			u := testdb.MigratedURL(t, d)

			hundred := 100
			secrets, ids, err := IssueKeys(ctx, u, KeySpec{Name: "a", Plan: "enterprise"}, KeySpec{Name: "b", Plan: "beta-free", Quota: &hundred})
			if err != nil {
				t.Fatal(err)
			}
			if len(secrets) != 2 || len(ids) != 2 || !keys.LooksValid(secrets[0]) || !keys.LooksValid(secrets[1]) {
				t.Fatalf("IssueKeys = %q, %q", secrets, ids)
			}
			q, err := Query(ctx, u, "SELECT quota_override FROM api_keys WHERE id = ?", ids[1])
			if err != nil || q != 100 {
				t.Errorf("the beta-free key's quota_override = %d, %v; want 100", q, err)
			}
			n, err := Query(ctx, u, "SELECT count(*) FROM api_keys WHERE hash = ?", keys.Hash(secrets[0]))
			if err != nil || n != 1 {
				t.Errorf("the enterprise key by its secret's hash: %d rows, %v", n, err)
			}
			missing := uuid.NewString()
			found, err := Existing(ctx, u, "api_keys", []string{ids[0], missing, ids[1]})
			if err != nil {
				t.Fatal(err)
			}
			if !found[ids[0]] || !found[ids[1]] || found[missing] || len(found) != 2 {
				t.Errorf("Existing = %v; want both keys and not %s", found, missing)
			}
			if _, err := Existing(ctx, u, "api_keys; DROP TABLE claims", ids); err == nil {
				t.Error("Existing took a table name that is not an identifier")
			}
			if _, _, err := IssueKeys(ctx, u, KeySpec{Name: "c", Plan: "no-such-plan"}); err == nil {
				t.Error("IssueKeys issued a key on a plan that does not exist")
			}
		})
	}
}
