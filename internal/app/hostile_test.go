package app_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// hostileClaims have no word to analyse, or carry a control character: every surface must refuse
// them as a field error (never a 502 or a 503), store nothing, queue nothing and charge nothing.
var hostileClaims = map[string]string{
	"question marks":  "???",
	"slashes":         "//",
	"one emoji":       "🙂",
	"NUL":             "\x00",
	"NUL inside text": "Aşılar\x00otizme neden olur",
	"5000 emoji":      strings.Repeat("🙂", 5000),
	"escape sequence": "Aşılar otizme neden olur\x1b[2J",
}

func TestHostileClaimsAreFieldErrorsEverywhere(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		compat, compatKey := issueKey(t, s.app.Stores, "starter", nil)
		v1, v1Key := issueKey(t, s.app.Stores, "beta-free", nil)
		jar, _ := cookiejar.New(nil)
		browser := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := browser.Get(s.base + "/")
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		m := csrfInput.FindStringSubmatch(string(page))
		if m == nil {
			t.Fatal("home page has no _csrf input")
		}
		for name, claim := range hostileClaims {
			body, _ := json.Marshal(map[string]string{"claim": claim})
			t.Run(name, func(t *testing.T) {
				st, _, b := do(t, "POST", s.base+"/functions/v1/quick-responder",
					map[string]string{"apikey": compat, "Content-Type": "application/json"}, body)
				var e map[string]string
				mustJSON(t, b, &e)
				if st != 400 || e["error"] == "" {
					t.Errorf("compatible API: %d %s, want 400 with an error", st, b)
				}

				st, _, b = do(t, "POST", s.base+"/v1/claims/submit",
					map[string]string{"Authorization": "Bearer " + v1, "Content-Type": "application/json"}, body)
				var p struct {
					Errors []struct{ Field string } `json:"errors"`
				}
				mustJSON(t, b, &p)
				if st != 400 || len(p.Errors) == 0 || p.Errors[0].Field != "claim" {
					t.Errorf("/v1 submit: %d %s, want 400 with a claim field error", st, b)
				}

				resp, err := browser.PostForm(s.base+"/", url.Values{"claim": {claim}, "_csrf": {m[1]}})
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode >= 500 || resp.StatusCode == http.StatusSeeOther || resp.StatusCode < 400 {
					t.Errorf("web form: %d, want a 4xx form error", resp.StatusCode)
				}
			})
		}
		// Every authenticated compatible request counts, 400s included (README, "API keys"); a /v1
		// submission refused as invalid counts nothing (README, "/v1").
		period := metering.Period(time.Now())
		for k, want := range map[string]int{compatKey.ID: len(hostileClaims), v1Key.ID: 0} {
			if used, _ := s.app.Stores.Usage.Current(context.Background(), k, period); used != want {
				t.Errorf("key %s was charged %d times for refused claims, want %d", k, used, want)
			}
		}
		if _, total, err := s.app.Stores.Claims.List(t.Context(), modelsFilterAll()); err != nil || total != 0 {
			t.Errorf("%d claims stored from refused input (%v)", total, err)
		}
		var queued int64
		if err := db.Gorm.Raw(`SELECT count(*) FROM claim_submissions`).Scan(&queued).Error; err != nil || queued != 0 {
			t.Errorf("%d submissions queued from refused input (%v)", queued, err)
		}
	})
}

// The compatible REST endpoint refuses what PostgREST would read loosely: a literal ';', a limit
// that is not a number, an oversized select list.
func TestRESTRefusesAmbiguousQueries(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		secret, _ := issueKey(t, s.app.Stores, "starter", nil)
		for _, q := range []string{
			"select=id;drop%20table%20claims",
			"select=id;ai_score=eq.1",
			"select=id&limit=abc",
			"select=id&offset=ten",
			"select=" + strings.Repeat("id,", 60) + "id",
			"order=" + strings.Repeat("id,", 60) + "id",
		} {
			st, _, b := do(t, "GET", s.base+"/rest/v1/claims?"+q, map[string]string{"apikey": secret}, nil)
			var e map[string]any
			mustJSON(t, b, &e)
			if st != 400 || e["code"] != "PGRST100" {
				t.Errorf("%.60s: %d %s, want 400 PGRST100", q, st, b)
			}
		}
	})
}
