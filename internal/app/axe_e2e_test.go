package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// TestBrowserAxeEveryPage opens every public and signed-in page in Chromium at 1280 and 375 px,
// runs axe-core (compat/axe) on each and fails listing every violation, and every page that
// scrolls sideways.
func TestBrowserAxeEveryPage(t *testing.T) {
	src := axeSource(t)
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := browserWithin(t, 8*time.Minute)
			// A DEVICE_KEY, so the custom model page shows its form to the admin.
			s := startServer(t, testdb.Open(t, d), map[string]string{"DEVICE_KEY": "axe-device-key-0123456789abcdef0123456789"})
			bg := context.Background()
			claim, err := s.app.Checker.Check(bg, checking.Input{Claim: "Aşılar otizme neden olur"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			people, ids := browserPeople(t, s, d, "")
			const adminEmail, adminPassword = "admin@newsroom.example", "kirmizi-Balon-42-uçuyor"
			if _, err := s.app.Accounts.CreateAdmin(bg, adminEmail, "Ada Admin", adminPassword); err != nil {
				t.Fatal(err)
			}

			checkAxe(t, ctx, s.base, src, []axePage{
				{name: "home", path: "/"},
				{name: "claim page", path: "/claims/" + claim.ID},
				{name: "history", path: "/claims"},
				{name: "live", path: "/live"},
				{name: "firms", path: "/firms"},
				{name: "experts", path: "/experts"},
				{name: "expert profile", path: "/experts/" + ids[models.RoleExpert]},
				{name: "pricing", path: "/pricing"},
				{name: "docs", path: "/docs"},
				{name: "beta", path: "/beta"},
				{name: "login", path: "/login"},
				{name: "signup", path: "/signup"},
				{name: "error page", path: "/no-such-page"},
			})

			dev := people[models.RoleUser]
			if err := logIn(ctx, s.base, dev[0], dev[1]); err != nil {
				t.Fatalf("log in as a developer: %v", err)
			}
			checkAxe(t, ctx, s.base, src, []axePage{
				{name: "dashboard", path: "/account"},
				{name: "new key", act: createKey("axe key")},
				{name: "keys", path: "/account"},
				{name: "security", path: "/account/security"},
				{name: "webhooks", path: "/account/webhooks"},
				{name: "custom model (upgrade)", path: "/account/model"},
			})
			if err := logOut(ctx); err != nil {
				t.Fatalf("log out: %v", err)
			}

			ex := people[models.RoleExpert]
			if err := logIn(ctx, s.base, ex[0], ex[1]); err != nil {
				t.Fatalf("log in as an expert: %v", err)
			}
			checkAxe(t, ctx, s.base, src, []axePage{
				{name: "review queue", path: "/review"},
				{name: "review claim", path: "/review/" + claim.ID},
				{name: "expert profile settings", path: "/review/profile"},
			})
			if err := logOut(ctx); err != nil {
				t.Fatalf("log out: %v", err)
			}

			if err := logIn(ctx, s.base, adminEmail, adminPassword); err != nil {
				t.Fatalf("log in as the admin: %v", err)
			}
			var admin []axePage
			for _, p := range []string{"/admin/", "/admin/plans", "/admin/users", "/admin/keys", "/admin/claims", "/admin/leads",
				"/admin/outbox", "/admin/audit", "/admin/knowledge", "/admin/firms", "/admin/firms/new", "/account/model"} {
				admin = append(admin, axePage{name: "admin " + p, path: p})
			}
			checkAxe(t, ctx, s.base, src, admin)
		})
	}
}
