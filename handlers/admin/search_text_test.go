package admin_test

import (
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// TestAdminSearchBoxesRefuseControlCharacters checks a control character in a console search box
// is a 400 that shows the message on the page, in the page's language, on PostgreSQL too (where a
// NUL would otherwise fail the query).
func TestAdminSearchBoxesRefuseControlCharacters(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		_, token := e.user(t, "root@example.com", models.RoleAdmin)
		for _, tc := range []struct{ path, message string }{
			{"/admin/users?q=a%00b", "[data-testid=error]"},
			{"/admin/keys?q=a%00b", "[data-testid=error]"},
			{"/admin/firms?q=a%00b", "[data-testid=error]"},
			{"/admin/waitlist?q=a%00b", "[data-testid=notice]"},
			{"/admin/waitlist.csv?q=a%00b", "[data-testid=error-message]"},
		} {
			t.Run(tc.path, func(t *testing.T) {
				r := e.do(t, "GET", tc.path, nil, token)
				if r.status != fiber.StatusBadRequest {
					t.Fatalf("status %d, want 400", r.status)
				}
				if r.doc == nil {
					t.Fatal("no HTML page")
				}
				if msg := r.doc.Find(tc.message).Text(); !strings.Contains(msg, "control character") {
					t.Errorf("%s says %q", tc.message, msg)
				}
			})
		}
		// In Turkish the message is Turkish.
		r := e.do(t, "GET", "/admin/users?lang=tr&q=a%00b", nil, token)
		if msg := r.doc.Find("[data-testid=error]").Text(); r.status != fiber.StatusBadRequest || !strings.Contains(msg, "kontrol karakteri") {
			t.Errorf("Turkish search error: status %d, %q", r.status, msg)
		}
	})
}
