package site_test

import (
	"bytes"
	"net/http/httptest"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestDocsTablesAreNamedFocusableRegions: every scrolling table box on /docs and the guides can
// be reached and scrolled by keyboard without JavaScript (tabindex=0, role=region) and has a
// name no other region of the page has, as axe's landmark-unique rule demands.
func TestDocsTablesAreNamedFocusableRegions(t *testing.T) {
	app := wiredApp(t)
	for _, path := range []string{"/docs", "/docs/self-hosting", "/docs/custom-model"} {
		t.Run(path, func(t *testing.T) {
			resp, b := send(t, app, httptest.NewRequest("GET", path, nil))
			if resp.StatusCode != 200 {
				t.Fatalf("status %d", resp.StatusCode)
			}
			doc, err := goquery.NewDocumentFromReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			wraps := doc.Find(".table-wrap")
			if path == "/docs" && wraps.Length() < 20 {
				t.Fatalf("/docs has %d table boxes; the reference has dozens", wraps.Length())
			}
			names := map[string]int{}
			wraps.Each(func(i int, s *goquery.Selection) {
				tab, _ := s.Attr("tabindex")
				role, _ := s.Attr("role")
				name, _ := s.Attr("aria-label")
				if tab != "0" || role != "region" || name == "" {
					t.Errorf("table box %d: tabindex=%q role=%q aria-label=%q, want 0, region and a name", i, tab, role, name)
				}
				if s.Find("table").Length() != 1 {
					t.Errorf("table box %q holds %d tables, want 1", name, s.Find("table").Length())
				}
				names[name]++
			})
			for name, n := range names {
				if n > 1 {
					t.Errorf("%d table regions are named %q; each name must be unique on the page", n, name)
				}
			}
		})
	}
}
