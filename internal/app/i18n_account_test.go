package app_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// TestTurkishAccountPagesHaveNoEnglishLeft renders the account area in Turkish — the auth
// forms, pricing, the claim history, the developer dashboard with a key, the key confirmations, webhooks and the
// custom model page — chosen by the link (?lang=tr) and by the account's stored language (or the
// browser's, for pages without a login), and fails on English message text, a wrong <html lang>
// or hreflang alternates that do not point at each language's version.
func TestTurkishAccountPagesHaveNoEnglishLeft(t *testing.T) {
	english := englishLeft(t)
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{})
		u, session := b.Member(t, "ayse@example.org", "Ayşe", models.RoleUser)
		if err := db.Gorm.Exec("UPDATE users SET beta_access_at = ? WHERE id = ?", time.Now().UTC(), u.ID).Error; err != nil {
			t.Fatal(err)
		}
		// A key, so the dashboard shows its table, usage and the confirmation pages exist.
		if res := b.Post(t, "/account/keys", url.Values{"name": {"ci"}}, session); res.Status != http.StatusOK {
			t.Fatalf("creating a key: %d", res.Status)
		}
		keyID, ok := b.Get(t, "/account", session).Doc.Find("[data-testid=key-row]").Attr("data-key-id")
		if !ok {
			t.Fatal("no key row on the dashboard")
		}
		// An expert in Turkish and a claim for the review pages.
		expert, expertSession := b.Member(t, "uzman@example.org", "Zeynep", models.RoleExpert)
		if err := b.App.Stores.Accounts.SetLanguage(t.Context(), expert.ID, "tr", time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		res := b.Post(t, "/", url.Values{"claim": {"Aşılar otizme neden olur"}})
		if res.Status != http.StatusSeeOther {
			t.Fatalf("checking a claim: %d", res.Status)
		}
		claimID := strings.TrimPrefix(res.Location, "/claims/")
		expertPages := []string{"/review", "/review/" + claimID, "/review/profile"}
		for _, path := range expertPages {
			for _, q := range []string{"", "?lang=tr"} {
				req := httptest.NewRequest(http.MethodGet, path+q, nil)
				req.AddCookie(&http.Cookie{Name: "cc_session", Value: expertSession})
				p := b.Do(t, req)
				if p.Status != http.StatusOK || p.Doc.Find("html").AttrOr("lang", "") != "tr" {
					t.Errorf("%s%s: status %d, lang %q", path, q, p.Status, p.Doc.Find("html").AttrOr("lang", ""))
					continue
				}
				text := visibleText(p.Doc)
				for _, run := range english {
					if wordIn(text, run) {
						t.Errorf("%s%s: English left on the Turkish page: %q", path, q, run)
					}
				}
			}
		}
		pages := []struct {
			path   string
			member bool
			self   string // the page's own address the alternates derive from ("" = its path)
		}{
			{"/login", false, ""},
			{"/signup", false, ""},
			{"/signup?beta=1", false, ""},
			{"/password/forgot", false, ""},
			{"/pricing", false, ""},
			{"/pricing/thanks", false, ""},
			{"/claims", false, ""},
			{"/claims?q=zzzz&verdict=yanlis", false, apptest.BaseURL + "/claims?q=zzzz&verdict=yanlis"},
			{"/account", true, ""},
			{"/account/security", true, ""},
			{"/account/keys/" + keyID + "/revoke", true, ""},
			{"/account/keys/" + keyID + "/rotate", true, ""},
			{"/account/webhooks", true, ""},
			{"/account/model", true, ""},
		}
		for _, pg := range pages {
			for _, how := range []string{"stored", "query"} {
				path := pg.path
				if how == "query" {
					path += map[bool]string{true: "&", false: "?"}[strings.Contains(path, "?")] + "lang=tr"
				}
				req := httptest.NewRequest(http.MethodGet, path, nil)
				if pg.member {
					req.AddCookie(&http.Cookie{Name: "cc_session", Value: session})
				}
				if how == "stored" {
					if pg.member {
						if err := b.App.Stores.Accounts.SetLanguage(t.Context(), u.ID, "tr", time.Now().UTC()); err != nil {
							t.Fatal(err)
						}
					} else {
						req.Header.Set("Accept-Language", "tr-TR,tr;q=0.9,en;q=0.5")
					}
				}
				p := b.Do(t, req)
				if p.Status != http.StatusOK {
					t.Errorf("%s (%s): status %d", path, how, p.Status)
					continue
				}
				if lang := p.Doc.Find("html").AttrOr("lang", ""); lang != "tr" {
					t.Errorf("%s (%s): <html lang=%q>, want tr", path, how, lang)
				}
				self := pg.self
				if self == "" {
					self = apptest.BaseURL + strings.SplitN(pg.path, "?", 2)[0]
				}
				for hl, want := range map[string]string{"tr": withLang(t, self, "tr"), "en": withLang(t, self, "en"), "x-default": self} {
					if got := p.Doc.Find(`link[rel=alternate][hreflang="`+hl+`"]`).AttrOr("href", ""); got != want {
						t.Errorf("%s (%s): hreflang %s → %q, want %q", path, how, hl, got, want)
					}
				}
				text := visibleText(p.Doc)
				for _, run := range english {
					if wordIn(text, run) {
						t.Errorf("%s (%s): English left on the Turkish page: %q", path, how, run)
					}
				}
			}
		}
		// Field errors and flashes are Turkish too: a sign-up with a bad address and a short
		// password, and a rename to nothing.
		tr := &http.Cookie{Name: "lang", Value: "tr"}
		p := b.SendCookies(t, http.MethodPost, "/signup", url.Values{"email": {"nope"}, "password": {"kısa"}, "name": {"Ali"}}, "", tr)
		if p.Status != http.StatusUnprocessableEntity {
			t.Fatalf("bad sign-up: %d", p.Status)
		}
		for _, want := range []string{"geçerli bir e-posta adresi girin", "En az 8 karakter kullanın."} {
			if !strings.Contains(p.Doc.Find("body").Text(), want) {
				t.Errorf("Turkish sign-up errors lack %q: %s", want, p.Doc.Find("[data-testid=form-errors]").Text())
			}
		}
		p = b.SendCookies(t, http.MethodPost, "/account/keys/"+keyID+"/rename", url.Values{"name": {" "}}, session, tr)
		if got := strings.TrimSpace(p.Doc.Find("[data-testid=error]").Text()); got != "Anahtarın adı değiştirilmedi: Anahtara bir ad verin; örneğin onu kullanacak uygulamanın ya da sunucunun adı." {
			t.Errorf("Turkish rename error %q", got)
		}
		// The dashboard's numbers and dates are written the Turkish way.
		p = b.SendCookies(t, http.MethodGet, "/account", nil, session, tr)
		if got := p.Doc.Find("[data-testid=plan-quota]").Text(); got != "Ayda 100 istek" {
			t.Errorf("plan quota %q, want Ayda 100 istek", got)
		}
		if got := p.Doc.Find("[data-testid=usage-chart] [data-testid=chart-table] thead th").First().Text(); got != "Dönem" {
			t.Errorf("chart table header %q, want Dönem", got)
		}
	})
}

// withLang is address with lang= set among its other parameters, as the alternates write it.
func withLang(t *testing.T, address, lang string) string {
	t.Helper()
	u, err := url.Parse(address)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("lang", lang)
	u.RawQuery = q.Encode()
	return u.String()
}

// TestBrowserAxeTurkishAccount runs axe-core on the account area in Turkish at 1280 and 375 px
// (the layout check included: Turkish words run longer): the history and pricing pages, a
// developer's dashboard, security, webhooks and custom model pages, and an expert's review queue,
// review and profile pages, each account keeping Turkish as its language.
func TestBrowserAxeTurkishAccount(t *testing.T) {
	src := axeSource(t)
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := browserWithin(t, 6*time.Minute)
			s := startServer(t, testdb.Open(t, d), nil)
			bg := context.Background()
			claim, err := s.app.Checker.Check(bg, checking.Input{Claim: "Aşılar otizme neden olur"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			people, _ := browserPeople(t, s, d, "tr")
			checkAxe(t, ctx, s.base, src, []axePage{
				{name: "history (tr)", path: "/claims?lang=tr"},
				{name: "pricing (tr)", path: "/pricing?lang=tr"},
				{name: "forgot password (tr)", path: "/password/forgot?lang=tr"},
			})
			dev := people[models.RoleUser]
			if err := logIn(ctx, s.base, dev[0], dev[1]); err != nil {
				t.Fatalf("log in as a developer: %v", err)
			}
			checkAxe(t, ctx, s.base, src, []axePage{
				{name: "dashboard (tr)", path: "/account"},
				{name: "new key (tr)", act: createKey("axe anahtarı")},
				{name: "security (tr)", path: "/account/security"},
				{name: "webhooks (tr)", path: "/account/webhooks"},
				{name: "custom model (tr)", path: "/account/model"},
			})
			if err := logOut(ctx); err != nil {
				t.Fatalf("log out: %v", err)
			}
			ex := people[models.RoleExpert]
			if err := logIn(ctx, s.base, ex[0], ex[1]); err != nil {
				t.Fatalf("log in as an expert: %v", err)
			}
			checkAxe(t, ctx, s.base, src, []axePage{
				{name: "review queue (tr)", path: "/review"},
				{name: "review claim (tr)", path: "/review/" + claim.ID},
				{name: "expert profile settings (tr)", path: "/review/profile"},
			})
			if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/review/profile")); err != nil {
				t.Fatal(err)
			}
			if lang, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.lang`)); err != nil || lang != "tr" {
				t.Errorf("the expert's pages are %q (%v), want tr", lang, err)
			}
		})
	}
}

// TestAccountMailInTheStoredLanguage asks for a password reset from an English page for an account
// whose stored language is Turkish, and from a Turkish page for an English one: each mail follows
// the account's language, not the page's.
func TestAccountMailInTheStoredLanguage(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{})
		en := &http.Cookie{Name: "lang", Value: "en"}
		tr := &http.Cookie{Name: "lang", Value: "tr"}
		ayse, _ := b.Member(t, "ayse@example.org", "Ayşe", models.RoleUser)
		if err := b.App.Stores.Accounts.SetLanguage(t.Context(), ayse.ID, "tr", time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		b.Member(t, "ann@example.org", "Ann", models.RoleUser)
		if err := b.App.Stores.Accounts.SetLanguage(t.Context(), mustUser(t, b, "ann@example.org").ID, "en", time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			email  string
			page   *http.Cookie
			prefix string
			want   string
		}{
			{"ayse@example.org", en, "reset:", "Claimcheck parolanızı sıfırlayın"},
			{"ann@example.org", tr, "reset:", "Reset your Claimcheck password"},
		} {
			if res := b.SendCookies(t, http.MethodPost, "/password/forgot", url.Values{"email": {c.email}}, "", c.page); res.Status != http.StatusOK {
				t.Fatalf("forgot %s: %d", c.email, res.Status)
			}
			m, _ := b.MailTo(t, c.email, c.prefix)
			if m.Subject != c.want {
				t.Errorf("%s mail to %s asked from a %s page: subject %q, want %q", c.prefix, c.email, c.page.Value, m.Subject, c.want)
			}
		}
	})
}

// mustUser reads the account at email.
func mustUser(t *testing.T, b *apptest.Browser, email string) *models.User {
	t.Helper()
	u, err := b.App.Stores.Accounts.UserByEmail(t.Context(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
