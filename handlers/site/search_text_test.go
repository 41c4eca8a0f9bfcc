package site_test

import (
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/gofiber/fiber/v2"
)

// TestSearchBoxesRefuseControlCharacters checks a control character in a search box is a 400
// that says so, on PostgreSQL too (where a NUL would otherwise fail the query).
func TestSearchBoxesRefuseControlCharacters(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFirmPagesEnv(t, db)
		for _, path := range []string{"/claims?q=a%00b", "/claims?q=moon%1B", "/firms?q=a%00b", "/firms?q=%00"} {
			t.Run(path, func(t *testing.T) {
				r := e.Get(t, path)
				if r.Status != fiber.StatusBadRequest {
					t.Fatalf("status %d, want 400; page: %.300s", r.Status, r.Body)
				}
				if msg := r.Text(t, `[data-testid=error-message]`); !strings.Contains(msg, "control character") {
					t.Errorf("message %q", msg)
				}
			})
		}
	})
}
