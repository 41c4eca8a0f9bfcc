package app_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// TestTurkishLinkAndErrorPagesHaveNoEnglishLeft renders in Turkish the pages the other Turkish
// render checks do not reach: the pages mail links open (with a token that is no good), a wrong
// password, a form sent without its CSRF token, an unknown guide, a public expert profile, a
// webhook's delete confirmation, and the console's plan editor and waiting list; each fails on
// English message text.
func TestTurkishLinkAndErrorPagesHaveNoEnglishLeft(t *testing.T) {
	english := englishLeft(t)
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{WebhookResolver: apptest.Resolver{"hooks.example.com": "93.184.216.34"}})
		tr := &http.Cookie{Name: "lang", Value: "tr"}
		u, session := b.Member(t, "ayse@example.org", "Ayşe", models.RoleUser)
		if err := db.Gorm.Exec("UPDATE users SET beta_access_at = ? WHERE id = ?", time.Now().UTC(), u.ID).Error; err != nil {
			t.Fatal(err)
		}
		if p := b.SendCookies(t, http.MethodPost, "/account/webhooks", url.Values{"url": {"https://hooks.example.com/a"}, "event_types": {"claim.created"}}, session, tr); p.Status != http.StatusOK {
			t.Fatalf("adding an endpoint: %d", p.Status)
		}
		eps, err := b.App.Stores.Webhooks.ListEndpoints(t.Context(), models.WebhookOwner{UserID: u.ID})
		if err != nil || len(eps) != 1 {
			t.Fatalf("endpoints: %v %v", eps, err)
		}
		expert, expertSession := b.Member(t, "uzman@example.org", "Zeynep", models.RoleExpert)
		if p := b.SendCookies(t, http.MethodPost, "/review/profile", url.Values{"bio": {"Epidemiyolog."}, "expertise": {"aşılar"}, "public": {"on"}}, expertSession, tr); p.Status != http.StatusSeeOther {
			t.Fatalf("saving the expert profile: %d", p.Status)
		}
		_, admin := b.Member(t, "yonetici@example.org", "Yönetici", models.RoleAdmin)
		plan, err := b.App.Stores.Plans.BySlug(t.Context(), "starter")
		if err != nil {
			t.Fatal(err)
		}
		for _, pg := range []struct {
			name, method, path string
			form               url.Values
			session            string
			status             int
		}{
			{"verify link", http.MethodGet, "/verify/not-a-real-token-at-all", nil, "", 0},
			{"reset link", http.MethodGet, "/password/reset/not-a-real-token", nil, "", 0},
			{"setup link", http.MethodGet, "/setup/not-a-token", nil, "", 0},
			{"unlock link", http.MethodGet, "/login/unlock/not-a-token", nil, "", 0},
			{"email change link", http.MethodGet, "/email/confirm/not-a-token", nil, "", 0},
			{"beta confirm link", http.MethodGet, "/beta/confirm/forged", nil, "", 0},
			{"beta leave link", http.MethodGet, "/beta/leave/forged", nil, "", 0},
			{"unknown guide", http.MethodGet, "/docs/no-such-guide", nil, "", http.StatusNotFound},
			{"expert profile", http.MethodGet, "/experts/" + expert.ID, nil, "", http.StatusOK},
			{"wrong password", http.MethodPost, "/login", url.Values{"email": {"ayse@example.org"}, "password": {"yanlış-parola-123"}}, "", 0},
			{"forgot sent", http.MethodPost, "/password/forgot", url.Values{"email": {"ayse@example.org"}}, "", http.StatusOK},
			{"beta join errors", http.MethodPost, "/beta", url.Values{"email": {"nope"}}, "", 0},
			{"webhook delete", http.MethodGet, "/account/webhooks/" + eps[0].ID + "/delete", nil, session, http.StatusOK},
			{"webhook unknown", http.MethodGet, "/account/webhooks/0190b8a0-0000-7000-8000-000000000000", nil, session, http.StatusNotFound},
			{"plan editor", http.MethodGet, "/admin/plans/" + plan.ID, nil, admin, http.StatusOK},
			{"waiting list", http.MethodGet, "/admin/waitlist", nil, admin, http.StatusOK},
			{"history page not a number", http.MethodGet, "/claims?page=nope", nil, "", http.StatusBadRequest},
			{"experts page not a number", http.MethodGet, "/experts?page=nope", nil, "", http.StatusBadRequest},
			{"review page not a number", http.MethodGet, "/review?page=nope", nil, expertSession, http.StatusBadRequest},
			{"review tab unknown", http.MethodGet, "/review?tab=nope", nil, expertSession, http.StatusBadRequest},
			{"firm search too long", http.MethodGet, "/firms?q=" + strings.Repeat("a", 201), nil, "", http.StatusBadRequest},
			{"hide reason too long", http.MethodPost, "/admin/claims/hide", url.Values{"claim": {"not-a-claim"}, "reason": {strings.Repeat("r", 2001)}}, admin, http.StatusUnprocessableEntity},
			{"outbox recipient control character", http.MethodGet, "/admin/outbox?to=a%01b", nil, admin, http.StatusBadRequest},
		} {
			p := b.SendCookies(t, pg.method, pg.path, pg.form, pg.session, tr)
			if pg.status != 0 && p.Status != pg.status {
				t.Errorf("%s: status %d, want %d", pg.name, p.Status, pg.status)
				continue
			}
			if p.Status >= 300 && p.Status < 400 {
				t.Errorf("%s: redirected to %s, not a page", pg.name, p.Location)
				continue
			}
			if lang := p.Doc.Find("html").AttrOr("lang", ""); lang != "tr" {
				t.Errorf("%s: <html lang=%q>, want tr", pg.name, lang)
			}
			text := visibleText(p.Doc)
			for _, run := range english {
				if wordIn(text, run) {
					t.Errorf("%s (%d): English left on the Turkish page: %q", pg.name, p.Status, run)
				}
			}
		}
		// The waiting list's language switcher keeps the list's filter.
		wl := b.SendCookies(t, http.MethodGet, "/admin/waitlist?state=invited", nil, admin, tr)
		if href := wl.Doc.Find(`[data-testid=lang-switch] a[hreflang=en]`).AttrOr("href", ""); href != "/admin/waitlist?lang=en&state=invited" {
			t.Errorf("the waiting list's switch to English %q drops the filter", href)
		}
		// A form sent without its CSRF token is refused with a Turkish page.
		req := httptest.NewRequest(http.MethodPost, "/login", strings.NewReader(url.Values{"email": {"a@example.org"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.AddCookie(tr)
		p := b.Do(t, req)
		if p.Status != http.StatusForbidden {
			t.Errorf("a form without its CSRF token: status %d, want 403", p.Status)
		}
		noEnglishLeft(t, english, "CSRF refusal", p)
	})
}

// TestTurkishNumbersAndDates checks numbers and times the pages used to write the English way on
// Turkish pages: a community score and confidence on the claim and review pages (decimal comma),
// a vote's age ("önce", not "ago"), the firm list's count, and the dashboard's beta quota (1.000).
func TestTurkishNumbersAndDates(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{})
		tr := &http.Cookie{Name: "lang", Value: "tr"}
		res := b.Post(t, "/", url.Values{"claim": {"Aşılar otizme neden olur"}})
		if res.Status != http.StatusSeeOther {
			t.Fatalf("checking a claim: %d", res.Status)
		}
		claim := res.Location
		claimID := strings.TrimPrefix(claim, "/claims/")
		_, expert := b.Member(t, "uzman@example.org", "Zeynep", models.RoleExpert)
		if p := b.SendCookies(t, http.MethodPost, "/review/"+claimID, url.Values{"verdict": {"yanlis"}, "confidence": {"high"}}, expert, tr); p.Status != http.StatusSeeOther {
			t.Fatalf("voting: %d", p.Status)
		}
		firm := &models.Firm{Slug: "bbc", Name: "BBC", Website: "https://www.bbc.co.uk"}
		if err := b.App.Stores.Firms.Create(t.Context(), firm, []string{"bbc.co.uk"}); err != nil {
			t.Fatal(err)
		}
		_, session := b.Member(t, "ayse@example.org", "Ayşe", models.RoleUser)
		page := func(path, session string) apptest.Page {
			p := b.SendCookies(t, http.MethodGet, path, nil, session, tr)
			if p.Status != http.StatusOK {
				t.Fatalf("%s: status %d", path, p.Status)
			}
			return p
		}
		decimalComma := regexp.MustCompile(`^\d+,\d+$`)
		p := page(claim, "")
		if got := strings.TrimSpace(p.Doc.Find(`[data-testid="community"] [data-testid="vote"]`).Text()); !strings.Contains(got, "0,9") || strings.Contains(got, "0.9") {
			t.Errorf("claim page vote %q, want its confidence with a decimal comma", got)
		}
		if got := strings.TrimSpace(p.Doc.Find(`[data-testid="community-confidence"]`).Text()); got != "" && !decimalComma.MatchString(got) {
			t.Errorf("claim page community confidence %q, want a decimal comma", got)
		}
		p = page("/review/"+claimID, expert)
		text := p.Doc.Find("body").Text()
		if strings.Contains(text, " ago") || !strings.Contains(text, "0,90") {
			t.Errorf("review page: want the vote's confidence as 0,90 and its age in Turkish:\n%s", p.Doc.Find(`[data-testid="votes"], .votes`).Text())
		}
		if got := strings.TrimSpace(page("/firms", "").Doc.Find(`[data-testid="result-count"]`).Text()); got != "1 kuruluş" {
			t.Errorf("firm list count %q, want 1 kuruluş", got)
		}
		if got := page("/account", session).Doc.Find("body").Text(); !strings.Contains(got, "1.000") {
			t.Errorf("the dashboard's beta card does not write the free quota as 1.000")
		}
	})
}
