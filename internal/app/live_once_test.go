package app_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// TestLivePageShowsEachCheckOnce checks claims through the compatible API, which writes a
// claim.created and a claim.analysed event with the same verdict for each, and wants /live to
// list every check once, as its analysed event.
func TestLivePageShowsEachCheckOnce(t *testing.T) {
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			b := apptest.Open(t, testdb.Open(t, d), apptest.Options{})
			key, _ := issueKey(t, b.App.Stores, "starter", nil)
			var ids []string
			for _, claim := range []string{"Boğaz köprüsü 1973'te açıldı", "Bats are blind"} {
				req := httptest.NewRequest(http.MethodPost, "/functions/v1/quick-responder", strings.NewReader(`{"claim":"`+claim+`"}`))
				req.Header.Set("apikey", key)
				req.Header.Set("Content-Type", "application/json")
				p := b.Do(t, req)
				p.WantStatus(t, http.StatusOK)
				var res checkedClaim
				mustJSON(t, []byte(p.Body), &res)
				ids = append(ids, res.ID)
			}
			page := b.Get(t, "/live")
			page.WantStatus(t, http.StatusOK)
			items := page.Doc.Find(`[data-testid="live-list"] [data-testid="live-item"]`)
			if items.Length() != len(ids) {
				t.Fatalf("%d items, want %d (one per check)", items.Length(), len(ids))
			}
			for _, id := range ids {
				sel := items.FilterFunction(func(_ int, s *goquery.Selection) bool {
					return s.Find(`a[href="/claims/`+id+`"]`).Length() > 0
				})
				if sel.Length() != 1 {
					t.Errorf("claim %s listed %d times, want once", id, sel.Length())
					continue
				}
				if typ, _ := sel.Attr("data-event-type"); typ != "claim.analysed" {
					t.Errorf("claim %s listed as %q, want claim.analysed", id, typ)
				}
			}
		})
	}
}
