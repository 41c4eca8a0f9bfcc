package account_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// testBaseURL is the public address the pages are told they live at.
const testBaseURL = apptest.BaseURL

// pagesEnv is a Fiber app serving the pages over a real, migrated database.
type pagesEnv struct {
	app    *fiber.App
	stores *models.Stores
}

// page is one response with its parsed HTML.
type page struct {
	status int
	header http.Header
	body   string
	doc    *goquery.Document
}

// do sends req through the app and parses the answer.
func (e *pagesEnv) do(t *testing.T, req *http.Request) page {
	t.Helper()
	resp, err := e.app.Test(req, 30_000)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(b)))
	if err != nil {
		t.Fatalf("parse %s: %v", req.URL, err)
	}
	return page{status: resp.StatusCode, header: resp.Header, body: string(b), doc: doc}
}

// get fetches path.
func (e *pagesEnv) get(t *testing.T, path string) page {
	t.Helper()
	return e.do(t, httptest.NewRequest(http.MethodGet, path, nil))
}

func send(t *testing.T, app *fiber.App, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	resp, err := app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// find returns the single element matching sel, failing the test when there is not exactly one.
func (p page) find(t *testing.T, sel string) *goquery.Selection {
	t.Helper()
	s := p.doc.Find(sel)
	if s.Length() != 1 {
		t.Fatalf("want exactly one %s, found %d", sel, s.Length())
	}
	return s
}

// text is the whitespace-normalised text of the element matching sel.
func (p page) text(t *testing.T, sel string) string {
	t.Helper()
	return strings.Join(strings.Fields(p.find(t, sel).Text()), " ")
}

// wantStatus fails the test on an unexpected status, showing the page's message.
func (p page) wantStatus(t *testing.T, want int) {
	t.Helper()
	if p.status != want {
		msg := strings.Join(strings.Fields(p.doc.Find("main").Text()), " ")
		t.Fatalf("status %d, want %d; page says: %.300s", p.status, want, msg)
	}
}
