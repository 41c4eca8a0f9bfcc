package app_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// TestTurkishConsolePagesHaveNoEnglishLeft renders the admin and firm consoles and the docs in
// Turkish, chosen by ?lang=tr and then by the account that link set, for a signed-in administrator
// whose browser asks for English, and fails
// on English message text, a wrong <html lang> or hreflang alternates that do not point at each
// language's version of the page.
func TestTurkishConsolePagesHaveNoEnglishLeft(t *testing.T) {
	english := englishLeft(t)
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{})
		admin, session := b.Member(t, "yonetici@example.org", "Yönetici", models.RoleAdmin)
		// A claim the knowledge base matches, and one it refuses, so the moderation list and the
		// firm's claims carry verdicts, and the knowledge base an entry to open.
		for _, claim := range []string{vaccineClaim, "Antibiyotikler otizme neden olur"} {
			if res := b.Post(t, "/", url.Values{"claim": {claim}, "source_url": {"https://www.bbc.co.uk/news/health"}}); res.Status != http.StatusSeeOther {
				t.Fatalf("checking a claim: %d", res.Status)
			}
		}
		firm := &models.Firm{Slug: "bbc", Name: "BBC", Description: "Britanya'nın kamu yayıncısı.", Website: "https://www.bbc.co.uk"}
		if err := b.App.Stores.Firms.Create(t.Context(), firm, []string{"bbc.co.uk"}); err != nil {
			t.Fatal(err)
		}
		entry := matchedEntry(t, b.App, vaccineClaim)
		pages := []string{
			"/admin", "/admin/plans", "/admin/users", "/admin/keys", "/admin/claims", "/admin/outbox",
			"/admin/knowledge", "/admin/knowledge/" + entry.ID, "/admin/leads", "/admin/audit",
			"/admin/firms", "/admin/firms/new", "/admin/firms/" + firm.ID, "/admin/firms/" + firm.ID + "/delete",
			"/admin/users?done=disabled", "/admin/users?err=last-admin",
		}
		for _, path := range pages {
			// A signed-in administrator's page speaks the account's language, unless ?lang= asks
			// for another (which then becomes the account's).
			if err := b.App.Stores.Accounts.SetLanguage(t.Context(), admin.ID, "en", admin.CreatedAt); err != nil {
				t.Fatal(err)
			}
			for _, how := range []string{"query", "account"} {
				target := path
				if how == "query" {
					target = withQuery(path, "lang=tr")
				}
				req := httptest.NewRequest(http.MethodGet, target, nil)
				req.Header.Set("Accept-Language", "en-GB,en;q=0.9")
				req.AddCookie(&http.Cookie{Name: "cc_session", Value: session})
				p := b.Do(t, req)
				if p.Status != http.StatusOK {
					t.Errorf("%s (%s): status %d", target, how, p.Status)
					continue
				}
				if lang := p.Doc.Find("html").AttrOr("lang", ""); lang != "tr" {
					t.Errorf("%s (%s): <html lang=%q>, want tr", target, how, lang)
				}
				if href := p.Doc.Find(`link[rel=alternate][hreflang="tr"]`).AttrOr("href", ""); href == "" {
					t.Errorf("%s (%s): no hreflang alternate for Turkish", target, how)
				}
				if p.Doc.Find(`[data-testid="admin"]`).Length() == 0 {
					t.Errorf("%s (%s): not a console page", target, how)
				}
				text := visibleText(p.Doc)
				for _, run := range english {
					if wordIn(text, run) {
						t.Errorf("%s (%s): English left on the Turkish page: %q", target, how, run)
					}
				}
			}
		}
	})
}

// withQuery adds a query parameter to a path that may have a query already.
func withQuery(path, param string) string {
	u, err := url.Parse(path)
	if err != nil {
		return path
	}
	if u.RawQuery != "" {
		u.RawQuery += "&"
	}
	u.RawQuery += param
	return u.String()
}

// TestTurkishDocsHaveNoEnglishLeft renders /docs and its guides in Turkish, by Accept-Language
// and by ?lang=tr: the reference's own words and the guides are Turkish, the OpenAPI document's
// text is marked as English, and hreflang alternates point at each language's version.
func TestTurkishDocsHaveNoEnglishLeft(t *testing.T) {
	english := englishLeft(t)
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{})
		for _, path := range []string{"/docs", "/docs/self-hosting", "/docs/custom-model"} {
			for _, how := range []string{"accept-language", "query"} {
				target := path
				req := httptest.NewRequest(http.MethodGet, target, nil)
				if how == "query" {
					req = httptest.NewRequest(http.MethodGet, target+"?lang=tr", nil)
				} else {
					req.Header.Set("Accept-Language", "tr-TR,tr;q=0.9,en;q=0.5")
				}
				p := b.Do(t, req)
				if p.Status != http.StatusOK {
					t.Errorf("%s (%s): status %d", path, how, p.Status)
					continue
				}
				if lang := p.Doc.Find("html").AttrOr("lang", ""); lang != "tr" {
					t.Errorf("%s (%s): <html lang=%q>, want tr", path, how, lang)
				}
				self := apptest.BaseURL + path
				for hl, want := range map[string]string{"tr": self + "?lang=tr", "en": self + "?lang=en", "x-default": self} {
					if got := p.Doc.Find(`link[rel=alternate][hreflang="`+hl+`"]`).AttrOr("href", ""); got != want {
						t.Errorf("%s (%s): hreflang %s → %q, want %q", path, how, hl, got, want)
					}
				}
				// Code (commands, headers, JSON, field names) reads the same in every language, and
				// so do the OpenAPI schema names and endpoint paths the table labels carry.
				var schemas []string
				p.Doc.Find(`[data-testid="docs-object"]`).Each(func(_ int, s *goquery.Selection) {
					schemas = append(schemas, s.AttrOr("data-object", ""))
				})
				p.Doc.Find("code, pre").Remove()
				text := visibleText(p.Doc)
				// Endpoint paths in the table labels ("GET /v1/experts parametreleri") are code too.
				text = regexp.MustCompile(`/[\w/{}.-]+`).ReplaceAllString(text, "")
				for _, name := range schemas {
					text = regexp.MustCompile(`(^|[^\pL])`+regexp.QuoteMeta(name)+`($|[^\pL])`).ReplaceAllString(text, "$1$2")
				}
				for _, run := range english {
					if wordIn(text, run) {
						t.Errorf("%s (%s): English left on the Turkish page: %q", path, how, run)
					}
				}
			}
		}
		// The guides are written in Turkish, not only framed in it.
		p := b.Get(t, "/docs/self-hosting?lang=tr")
		if h := p.Doc.Find("h1").Text(); h != "Claimcheck’i PostgreSQL üzerinde kendi sunucunuzda barındırma" {
			t.Errorf("self-hosting guide title %q", h)
		}
		if p.Doc.Find(`[data-testid="guide-self-hosting"] [lang="tr"]`).Length() == 0 || !strings.Contains(p.Doc.Find("article").Text(), "Neye ihtiyacınız var") {
			t.Error("the self-hosting guide is not in Turkish")
		}
	})
}

// TestBrowserAxeTurkishConsoleAndDocs runs axe-core on the admin console, the firm console and
// /docs in Turkish at 1280 and 375 px: no violations, and nothing scrolls sideways though
// Turkish words run longer.
func TestBrowserAxeTurkishConsoleAndDocs(t *testing.T) {
	src := axeSource(t)
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := browserWithin(t, 6*time.Minute)
			s := startServer(t, testdb.Open(t, d), nil)
			bg := context.Background()
			if _, err := s.app.Checker.Check(bg, checking.Input{Claim: vaccineClaim, SourceURL: "https://www.bbc.co.uk/news/health"}, nil); err != nil {
				t.Fatal(err)
			}
			checkAxe(t, ctx, s.base, src, []axePage{
				{name: "docs (tr)", path: "/docs?lang=tr"},
				{name: "self-hosting guide (tr)", path: "/docs/self-hosting?lang=tr"},
				{name: "custom model guide (tr)", path: "/docs/custom-model?lang=tr"},
			})
			const adminEmail, adminPassword = "yonetici@haber.example", "kirmizi-Balon-42-uçuyor"
			if _, err := s.app.Accounts.CreateAdmin(bg, adminEmail, "Ayşe Yönetici", adminPassword); err != nil {
				t.Fatal(err)
			}
			if err := logIn(ctx, s.base, adminEmail, adminPassword); err != nil {
				t.Fatalf("log in as the admin: %v", err)
			}
			var pages []axePage
			for _, p := range []string{"/admin/", "/admin/plans", "/admin/users", "/admin/keys", "/admin/claims", "/admin/leads",
				"/admin/outbox", "/admin/audit", "/admin/knowledge", "/admin/firms", "/admin/firms/new"} {
				pages = append(pages, axePage{name: "admin " + p + " (tr)", path: p + "?lang=tr"})
			}
			checkAxe(t, ctx, s.base, src, pages)
		})
	}
}
