package site_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/site"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// firmPagesEnv serves the public firm pages over a migrated database.
type firmPagesEnv struct {
	*apptest.Browser
	db    *database.DB
	st    *models.Stores
	firms *models.FirmStore
	at    time.Time
}

func newFirmPagesEnv(t *testing.T, db *database.DB) *firmPagesEnv {
	t.Helper()
	b := apptest.Open(t, db, apptest.Options{})
	return &firmPagesEnv{Browser: b, db: db, st: b.App.Stores, firms: models.NewFirmStore(db, storerules.Default()), at: time.Now().UTC().Add(-time.Hour).Truncate(time.Second)}
}

// firm creates a firm, failing the test on error.
func (e *firmPagesEnv) firm(t *testing.T, f models.Firm, domains ...string) *models.Firm {
	t.Helper()
	if err := e.firms.Create(context.Background(), &f, domains); err != nil {
		t.Fatalf("create firm %s: %v", f.Slug, err)
	}
	return &f
}

// claim stores a claim from domain, a minute after the previous one.
func (e *firmPagesEnv) claim(t *testing.T, domain, verdict string, score int) *models.Claim {
	t.Helper()
	e.at = e.at.Add(time.Minute)
	d, u := domain, "https://"+domain+"/story"
	c := &models.Claim{ID: uuid.NewString(), Content: "Claim " + verdict + " from " + domain, SourceURL: &u, SourceDomain: &d,
		Language: "en", Category: "politics", AIScore: score, AIVerdict: verdict, SourceScore: 50, ScienceScore: 50,
		AcademicScore: 50, PublicScore: 50, Analyzer: "offline", AnalyzerVersion: "t", Basis: "{}", Matches: "[]",
		AnalysisMeta: "{}", CreatedAt: e.at}
	if err := e.st.Claims.Create(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestFirmListPage(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFirmPagesEnv(t, db)
		r := e.Get(t, "/firms")
		if r.Status != http.StatusOK || r.Find(t, "[data-testid=empty-state]").AttrOr("data-kind", "") != "no-firms" {
			t.Fatalf("empty list: %d %s", r.Status, r.Body)
		}
		if got := r.Text(t, "[data-testid=result-count]"); got != "0 firms" {
			t.Fatalf("count %q", got)
		}

		acmeFirm := e.firm(t, models.Firm{Name: "Acme News", Slug: "acme"}, "acme.com")
		e.firm(t, models.Firm{Name: "Bravo Daily", Slug: "bravo"}, "bravo.org")
		e.claim(t, "acme.com", "dogru", 100)
		e.claim(t, "www2.acme.com", "belirsiz", 50)
		apptest.ConfirmFirmClaims(t, db, acmeFirm.ID)

		r = e.Get(t, "/firms")
		rows := r.Doc.Find("[data-testid=firm-row]")
		if rows.Length() != 2 || rows.First().AttrOr("data-slug", "") != "acme" || rows.Last().AttrOr("data-slug", "") != "bravo" {
			t.Fatalf("rows %d: %s", rows.Length(), r.Body)
		}
		acme, bravo := rows.First(), rows.Last()
		if got := strings.Join(strings.Fields(acme.Find("[data-testid=firm-trust]").Text()), " "); got != "Trust 58.3/100" {
			t.Errorf("acme trust %q", got)
		}
		if got := acme.Find("[data-testid=firm-claims]").Text(); got != "2 claims" {
			t.Errorf("acme claims %q", got)
		}
		if got := strings.TrimSpace(bravo.Find("[data-testid=firm-trust]").Text()); got != "Not rated yet" {
			t.Errorf("bravo trust %q", got)
		}
		if href := acme.Find("a").AttrOr("href", ""); href != "/firms/acme" {
			t.Errorf("acme link %q", href)
		}
		if r.Find(t, "link[rel=canonical]").AttrOr("href", "") != testBaseURL+"/firms?lang=en" || r.Doc.Find("meta[name=robots]").Length() != 0 {
			t.Errorf("the plain list must be canonical and indexable")
		}

		for _, tc := range []struct {
			path, want, empty string
		}{
			{"/firms?q=BRAVO", "bravo", ""},
			{"/firms?q=acme.com", "acme", ""},
			{"/firms?q=nothing-like-it", "", "no-matches"},
		} {
			r := e.Get(t, tc.path)
			if r.Status != http.StatusOK {
				t.Fatalf("%s: %d", tc.path, r.Status)
			}
			if tc.empty != "" {
				if got := r.Find(t, "[data-testid=empty-state]").AttrOr("data-kind", ""); got != tc.empty {
					t.Errorf("%s: empty state %q", tc.path, got)
				}
				continue
			}
			if got := r.Find(t, "[data-testid=firm-row]").AttrOr("data-slug", ""); got != tc.want {
				t.Errorf("%s: row %q, want %q", tc.path, got, tc.want)
			}
			if r.Doc.Find("meta[name=robots][content=noindex]").Length() != 1 {
				t.Errorf("%s: a search must not be indexed", tc.path)
			}
		}

		for _, path := range []string{"/firms?page=0", "/firms?page=x", "/firms?q=" + strings.Repeat("a", web.MaxSearchChars+1)} {
			if r := e.Get(t, path); r.Status != http.StatusBadRequest {
				t.Errorf("%s: %d, want 400", path, r.Status)
			}
		}
	})
}

func TestFirmListPagination(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFirmPagesEnv(t, db)
		for i := range site.FirmsPerPage + 3 {
			e.firm(t, models.Firm{Name: fmt.Sprintf("Firm %02d", i), Slug: fmt.Sprintf("firm-%02d", i)})
		}
		r := e.Get(t, "/firms")
		if n := r.Doc.Find("[data-testid=firm-row]").Length(); n != site.FirmsPerPage {
			t.Fatalf("page 1 has %d rows", n)
		}
		if next := r.Find(t, "[data-testid=pagination-next]").AttrOr("href", ""); next != "/firms?page=2" {
			t.Fatalf("next %q", next)
		}
		r = e.Get(t, "/firms?page=2")
		rows := r.Doc.Find("[data-testid=firm-row]")
		if rows.Length() != 3 || rows.First().AttrOr("data-slug", "") != fmt.Sprintf("firm-%02d", site.FirmsPerPage) {
			t.Fatalf("page 2: %d rows", rows.Length())
		}
		if prev := r.Find(t, "[data-testid=pagination-prev]").AttrOr("href", ""); prev != "/firms" {
			t.Fatalf("prev %q", prev)
		}
		r = e.Get(t, "/firms?page=9")
		if r.Status != http.StatusOK || r.Find(t, "[data-testid=empty-state]").AttrOr("data-kind", "") != "past-end" {
			t.Fatalf("past the end: %d", r.Status)
		}
	})
}

func TestFirmPage(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFirmPagesEnv(t, db)
		acmeFirm := e.firm(t, models.Firm{Name: "Acme News", Slug: "acme", Website: "https://www.acme.com/about",
			Description: "A newsroom.\nSecond line <b>not bold</b>."}, "acme.com", "acme.co.uk")
		e.claim(t, "acme.com", "belirsiz", 50)
		top := e.claim(t, "news.acme.com", "dogru", 100)
		low := e.claim(t, "acme.co.uk", "yanlis", 0)
		apptest.ConfirmFirmClaims(t, db, acmeFirm.ID)

		r := e.Get(t, "/firms/acme")
		if r.Status != http.StatusOK {
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
		if got := r.Text(t, "[data-testid=firm-name]"); got != "Acme News" {
			t.Errorf("name %q", got)
		}
		if r.Doc.Find("[data-testid=firm-description] b").Length() != 0 || !strings.Contains(r.Text(t, "[data-testid=firm-description]"), "<b>not bold</b>") {
			t.Errorf("the description must be text, not markup")
		}
		site := r.Find(t, "[data-testid=firm-website]")
		if site.AttrOr("href", "") != "https://www.acme.com/about" || site.AttrOr("rel", "") != "nofollow noopener" || site.Text() != "acme.com" {
			t.Errorf("website link %q rel %q text %q", site.AttrOr("href", ""), site.AttrOr("rel", ""), site.Text())
		}
		var doms []string
		r.Doc.Find("[data-testid=firm-domains] li").Each(func(_ int, s *goquery.Selection) { doms = append(doms, s.Text()) })
		if got := strings.Join(doms, " "); got != "acme.co.uk acme.com" {
			t.Errorf("domains %q", got)
		}
		// (5×50 + 100 + 0) / 7 = 50.
		if got := r.Text(t, "[data-testid=firm-score]"); got != "50" {
			t.Errorf("score %q", got)
		}
		if m := r.Find(t, "[data-testid=firm-gauge] [role=meter]"); m.AttrOr("aria-valuenow", "") != "50" {
			t.Errorf("meter value %q", m.AttrOr("aria-valuenow", ""))
		}
		rule := r.Text(t, "[data-testid=firm-rule]")
		for _, want := range []string{"Bayesian average of the scores of its 2 rated claims", "starting from a neutral 50 weighted as 5 claims", "belirsiz"} {
			if !strings.Contains(rule, want) {
				t.Errorf("rule %q lacks %q", rule, want)
			}
		}
		if got := r.Text(t, "[data-testid=firm-claim-count]"); got != "3 public claims linked in all." {
			t.Errorf("claim count %q", got)
		}

		// History, newest first, as a table and as a line of the two rated entries: one entry per
		// claim, none of which counted until an admin confirmed the firm published it.
		hrows := r.Doc.Find("[data-testid=firm-history-row]")
		if hrows.Length() != 5 {
			t.Fatalf("%d history rows", hrows.Length())
		}
		var cells []string
		hrows.Each(func(_ int, s *goquery.Selection) {
			cells = append(cells, strings.TrimSpace(s.Find("td").Eq(1).Text())+"/"+strings.TrimSpace(s.Find("td").Eq(2).Text()))
		})
		if got := strings.Join(cells, " "); got != "50/3 58.3/3 Not rated/3 Not rated/2 Not rated/1" {
			t.Errorf("history %q", got)
		}
		if r.Find(t, "[data-testid=firm-history-table] caption").Length() != 1 || r.Doc.Find("[data-testid=firm-history-table] th[scope=col]").Length() != 3 {
			t.Errorf("the history table needs a caption and column headers")
		}
		spark := r.Find(t, "[data-testid=firm-sparkline]")
		if n := spark.Find("circle").Length(); n != 2 {
			t.Errorf("sparkline has %d points, want the 2 rated entries", n)
		}
		if desc := spark.Find("desc").Text(); !strings.Contains(desc, "from 58.3") || !strings.Contains(desc, "to 50") {
			t.Errorf("sparkline description %q", desc)
		}
		if spark.Find("svg").AttrOr("role", "") != "img" || r.Doc.Find("script[src]").Length() > 1 {
			t.Errorf("the sparkline must be an accessible image needing no script of its own")
		}

		// Recent claims, newest first, with their verdicts and links, and whether they count.
		items := r.Doc.Find("[data-testid=firm-claims] [data-testid=history-item]")
		if items.Length() != 3 {
			t.Fatalf("%d claims listed", items.Length())
		}
		items.Each(func(_ int, s *goquery.Selection) {
			if a := s.Find("[data-testid=item-attribution]"); a.AttrOr("data-counts", "") != "true" || a.Text() != "Attribution confirmed" {
				t.Errorf("confirmed claim's attribution %q", a.Text())
			}
		})
		if href := items.First().Find("a").AttrOr("href", ""); href != "/claims/"+low.ID {
			t.Errorf("first claim links %q, want the newest", href)
		}
		if v := items.First().Find("[data-testid=item-verdict]").AttrOr("data-verdict", ""); v != "yanlis" {
			t.Errorf("first verdict %q", v)
		}

		ld := r.Find(t, `script[type="application/ld+json"]`).Text()
		for _, want := range []string{`"@type":"Organization"`, `"name":"Acme News"`, `"url":"https://www.acme.com/about"`, `"mainEntityOfPage":"` + testBaseURL + `/firms/acme"`} {
			if !strings.Contains(ld, want) {
				t.Errorf("JSON-LD %s lacks %s", ld, want)
			}
		}
		if r.Find(t, "link[rel=canonical]").AttrOr("href", "") != testBaseURL+"/firms/acme?lang=en" {
			t.Errorf("canonical")
		}

		// Once experts voted, the list shows the community's verdict, as the trust score uses it.
		if err := db.Gorm.Exec("UPDATE claims SET expert_count = 3, community_score = 12.4, community_verdict = 'yanlis' WHERE id = ?", top.ID).Error; err != nil {
			t.Fatal(err)
		}
		r = e.Get(t, "/firms/acme")
		var found bool
		r.Doc.Find("[data-testid=history-item]").Each(func(_ int, s *goquery.Selection) {
			if s.Find("a").AttrOr("href", "") == "/claims/"+top.ID {
				found = true
				if v := s.Find("[data-testid=item-verdict]").AttrOr("data-verdict", ""); v != "yanlis" {
					t.Errorf("community verdict not shown: %q", v)
				}
				if sc := s.Find(".claim-item__score strong").Text(); sc != "12.4" {
					t.Errorf("community score not shown: %q", sc)
				}
				if s.Find("[data-testid=item-by-experts]").Length() != 1 {
					t.Error("the community verdict is not marked as the experts'")
				}
				if got := s.Find("[data-testid=item-analyzer]").Text(); got != "Analyzer: Doğru, 100/100" {
					t.Errorf("analyzer result after the experts' = %q", got)
				}
			}
		})
		if !found {
			t.Fatal("the voted claim is not listed")
		}
	})
}

func TestFirmPageUnratedAndMissing(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFirmPagesEnv(t, db)
		e.firm(t, models.Firm{Name: "Bravo", Slug: "bravo", Website: ""})
		r := e.Get(t, "/firms/bravo")
		if r.Status != http.StatusOK {
			t.Fatalf("status %d", r.Status)
		}
		r.Find(t, "[data-testid=firm-unrated]")
		r.Find(t, "[data-testid=firm-history-empty]")
		if r.Doc.Find("[data-testid=firm-gauge], [data-testid=firm-website], [data-testid=firm-sparkline]").Length() != 0 {
			t.Errorf("an unrated firm without a website shows no score, link or line")
		}
		if got := r.Find(t, "[data-testid=empty-state]").AttrOr("data-kind", ""); got != "no-firm-claims" {
			t.Errorf("empty claims %q", got)
		}
		if rule := r.Text(t, "[data-testid=firm-rule]"); !strings.Contains(rule, "no claim is linked to this firm yet") {
			t.Errorf("rule %q", rule)
		}

		for _, tc := range []struct {
			path     string
			status   int
			location string
		}{
			{"/firms/nope", http.StatusNotFound, ""},
			{"/firms/Not_A_Slug", http.StatusNotFound, ""},
			{"/firms/BRAVO", http.StatusMovedPermanently, "/firms/bravo"},
		} {
			r := e.Get(t, tc.path)
			if r.Status != tc.status || r.Header.Get("Location") != tc.location {
				t.Errorf("%s: %d %q, want %d %q", tc.path, r.Status, r.Header.Get("Location"), tc.status, tc.location)
			}
			if tc.status == http.StatusNotFound && !strings.Contains(r.Doc.Find("h1").Text(), "Firm not found") {
				t.Errorf("%s: 404 page %q", tc.path, r.Doc.Find("h1").Text())
			}
			if action := r.Doc.Find("[data-testid=error-action]").First(); tc.status == http.StatusNotFound &&
				(action.AttrOr("href", "") != "/firms" || action.Text() != "All firms") {
				t.Errorf("%s: first way out %q → %q, want All firms → /firms", tc.path, action.Text(), action.AttrOr("href", ""))
			}
		}
	})
}

// TestFirmPageLabelsSubmitterAttributions checks that a claim linked only by the address its
// submitter pasted is labelled so on the firm page and leaves the trust score alone.
func TestFirmPageLabelsSubmitterAttributions(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newFirmPagesEnv(t, db)
		e.firm(t, models.Firm{Name: "Reuters", Slug: "reuters"}, "reuters.com")
		e.claim(t, "reuters.com", "yanlis", 0)
		r := e.Get(t, "/firms/reuters")
		if r.Status != http.StatusOK {
			t.Fatalf("status %d", r.Status)
		}
		a := r.Find(t, "[data-testid=firm-claims] [data-testid=item-attribution]")
		if a.AttrOr("data-counts", "") != "false" || !strings.HasPrefix(a.Text(), "Attributed by the submitter") {
			t.Errorf("attribution %q (counts %q)", a.Text(), a.AttrOr("data-counts", ""))
		}
		if r.Doc.Find("[data-testid=firm-score]").Length() != 0 {
			t.Errorf("a pasted claim gave the firm a score: %q", r.Doc.Find("[data-testid=firm-score]").Text())
		}
		if rule := r.Text(t, "[data-testid=firm-rule]"); !strings.Contains(rule, "attributed by the submitter") {
			t.Errorf("rule %q does not say submitter attributions do not count", rule)
		}
	})
}
