package accounts

import (
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
)

func TestEmailUniqueIgnoresCase(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewAccountStore(db)
		now := time.Now().UTC()
		mk := func(id, email string) *models.User {
			return &models.User{ID: id, Email: email, Name: "x", PasswordHash: "x", Role: models.RoleUser, CreatedAt: now, UpdatedAt: now}
		}
		if err := st.CreateUser(t.Context(), mk("0190b8a0-0000-7000-8000-0000000000a1", "ada@example.org")); err != nil {
			t.Fatal(err)
		}
		// Bypasses normalisation on purpose: the index must hold even if a code path forgets it.
		err := st.CreateUser(t.Context(), mk("0190b8a0-0000-7000-8000-0000000000a2", "ADA@example.org"))
		if err != models.ErrEmailTaken {
			t.Fatalf("second user with differently cased email: %v; want ErrEmailTaken", err)
		}
	})
}

func TestAccountsMigrationGoesDownAndUp(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		sqlDB, _ := db.Gorm.DB()
		p, err := migrations.Provider(sqlDB, string(db.Dialect))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.DownTo(t.Context(), 3); err != nil {
			t.Fatalf("down to 3: %v", err)
		}
		for _, tbl := range []string{"users", "sessions", "auth_tokens"} {
			if db.Gorm.Migrator().HasTable(tbl) {
				t.Fatalf("%s survived the down migration", tbl)
			}
		}
		if _, err := p.Up(t.Context()); err != nil {
			t.Fatalf("up again: %v", err)
		}
		if !db.Gorm.Migrator().HasTable("users") {
			t.Fatal("users missing after up")
		}
	})
}
