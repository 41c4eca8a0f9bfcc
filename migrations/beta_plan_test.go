package migrations_test

import (
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/google/uuid"
)

// TestBetaAccountsMoveToTheFreeBetaPlan checks migration 00017 on accounts let into the beta before
// invitations granted the plan: a beta account on Starter moves to beta-free with its Starter
// keys, a beta account on Enterprise and a Starter account outside the beta stay; down moves the
// first back.
func TestBetaAccountsMoveToTheFreeBetaPlan(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		sqlDB, _ := db.Gorm.DB()
		p, err := migrations.Provider(sqlDB, string(db.Dialect))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.DownTo(ctx, 16); err != nil {
			t.Fatalf("down to 16: %v", err)
		}
		now := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
		exec := func(q string, args ...any) {
			t.Helper()
			if err := db.Gorm.Exec(q, args...).Error; err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		user := func(email string, beta bool, plan string) string {
			id := uuid.NewString()
			var access, planID any
			if beta {
				access = now
			}
			if plan != "" {
				planID = plan
			}
			exec(`INSERT INTO users (id, email, name, password_hash, role, email_verified_at, beta_access_at, plan_id, created_at, updated_at)
VALUES (?, ?, 'U', 'x', 'user', ?, ?, ?, ?, ?)`, id, email, now, access, planID, now, now)
			exec(`INSERT INTO api_keys (id, name, prefix, hash, plan_id, user_id, created_at) VALUES (?, 'k', ?, ?, COALESCE(?, (SELECT id FROM plans WHERE slug = 'starter')), ?, ?)`,
				uuid.NewString(), uuid.NewString()[:8], uuid.NewString(), planID, id, now)
			return id
		}
		var enterprise string
		if err := db.Gorm.Raw(`SELECT id FROM plans WHERE slug = 'enterprise'`).Scan(&enterprise).Error; err != nil {
			t.Fatal(err)
		}
		betaStarter := user("beta@example.org", true, "")
		betaEnterprise := user("big@example.org", true, enterprise)
		plain := user("plain@example.org", false, "")
		slugs := func(id string) (string, string) {
			t.Helper()
			var r struct{ User, Key string }
			if err := db.Gorm.Raw(`SELECT COALESCE((SELECT slug FROM plans WHERE id = u.plan_id), '') AS "user",
  (SELECT p.slug FROM api_keys k JOIN plans p ON p.id = k.plan_id WHERE k.user_id = u.id) AS "key"
FROM users u WHERE u.id = ?`, id).Scan(&r).Error; err != nil {
				t.Fatal(err)
			}
			return r.User, r.Key
		}
		if _, err := p.Up(ctx); err != nil {
			t.Fatalf("up: %v", err)
		}
		for id, want := range map[string][2]string{betaStarter: {"beta-free", "beta-free"}, betaEnterprise: {"enterprise", "enterprise"}, plain: {"", "starter"}} {
			if u, k := slugs(id); u != want[0] || k != want[1] {
				t.Errorf("after up: account on %q with key on %q, want %v", u, k, want)
			}
		}
		if _, err := p.DownTo(ctx, 16); err != nil {
			t.Fatalf("down: %v", err)
		}
		if u, k := slugs(betaStarter); u != "" || k != "starter" {
			t.Errorf("after down: account on %q with key on %q, want Starter", u, k)
		}
		if _, err := p.Up(ctx); err != nil {
			t.Fatalf("up again: %v", err)
		}
	})
}
