package web_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/gofiber/fiber/v2"
)

// TestErrorPageStatuses checks that ErrorPage answers with the given status, title and reason,
// and that an out-of-range status becomes a 500.
func TestErrorPageStatuses(t *testing.T) {
	kit := web.NewKit("https://claimcheck.test/", nil, nil)
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/error/:status", func(c *fiber.Ctx) error {
		st, _ := strconv.Atoi(c.Params("status"))
		return kit.ErrorPage(c, st, "Service briefly down", "The upstream service did not answer.")
	})
	for _, tc := range []struct{ status, want int }{{500, 500}, {502, 502}, {503, 503}, {404, 404}, {200, 500}, {999, 500}} {
		resp, err := app.Test(httptest.NewRequest(http.MethodGet, fmt.Sprintf("/error/%d", tc.status), nil))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("ErrorPage(%d): status %d, want %d", tc.status, resp.StatusCode, tc.want)
		}
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(doc.Find("h1").Text()); got != "Service briefly down" {
			t.Errorf("%d headline %q", tc.status, got)
		}
		if got := strings.TrimSpace(doc.Find(`[data-testid="error-message"]`).Text()); got != "The upstream service did not answer." {
			t.Errorf("%d reason %q", tc.status, got)
		}
		if got := doc.Find(`meta[name="robots"]`).AttrOr("content", ""); !strings.Contains(got, "noindex") {
			t.Errorf("%d robots %q, want noindex", tc.status, got)
		}
	}
}
