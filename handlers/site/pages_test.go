package site_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/site"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/datasets"
	"github.com/claimcheck/claimcheck/internal/datasets/datasetstest"
	"github.com/claimcheck/claimcheck/internal/matching"
	"github.com/claimcheck/claimcheck/internal/search"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// testBaseURL is the public address the pages are told they live at.
const testBaseURL = apptest.BaseURL

// pagesEnv is the wired service (apptest.Open) over a real, migrated database.
type pagesEnv struct {
	*apptest.Browser
	stores *models.Stores
}

// newPagesEnv wires the whole service the way main does, with the offline analyzer over the test
// data sets (or analyzer) and perHour anonymous checks per IP.
func newPagesEnv(t *testing.T, db *database.DB, perHour int, analyzer analysis.Analyzer) *pagesEnv {
	t.Helper()
	if analyzer == nil {
		ds, err := analysis.LoadDatasets(datasetstest.Dir(t))
		if err != nil {
			t.Fatal(err)
		}
		if analyzer, err = analysis.NewOfflineWith(ds); err != nil {
			t.Fatal(err)
		}
	}
	b := apptest.Open(t, db, apptest.Options{AnonChecksPerHour: perHour, Analyzer: analyzer})
	return &pagesEnv{Browser: b, stores: b.App.Stores}
}

// post submits the claim form.
func (e *pagesEnv) post(t *testing.T, claim, source string) apptest.Page {
	t.Helper()
	return e.Post(t, "/", url.Values{"claim": {claim}, "source_url": {source}})
}

// claimCount is how many claims are stored.
func claimCount(t *testing.T, s *models.Stores) int64 {
	t.Helper()
	_, n, err := s.Claims.List(context.Background(), models.ClaimFilter{Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestHomeRendersFormAndLatestClaims checks the form's controls and the ten newest claims.
func TestHomeRendersFormAndLatestClaims(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 100, nil)

		empty := e.Get(t, "/")
		empty.WantStatus(t, http.StatusOK)
		if k, _ := empty.Find(t, `[data-testid="latest-claims"] [data-testid="empty-state"]`).Attr("data-kind"); k != "no-claims" {
			t.Errorf("empty home shows empty state %q, want no-claims", k)
		}

		base := time.Now().Add(-time.Hour)
		for i := range 12 {
			apptest.SeedClaim(t, e.stores, fmt.Sprintf("Seeded claim number %02d", i), "belirsiz", "health", base.Add(time.Duration(i)*time.Minute))
		}
		p := e.Get(t, "/")
		p.WantStatus(t, http.StatusOK)
		if ct := p.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("Content-Type %q", ct)
		}
		if cc := p.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("Cache-Control %q: the page carries a CSRF token and must not be cached", cc)
		}
		form := p.Find(t, `form[data-testid="claim-form"]`)
		if m, _ := form.Attr("method"); m != "post" {
			t.Errorf("form method %q", m)
		}
		if a, _ := form.Attr("action"); a != "/" {
			t.Errorf("form action %q", a)
		}
		ta := p.Find(t, `textarea[name="claim"]`)
		if _, ok := ta.Attr("required"); !ok {
			t.Error("claim textarea is not required")
		}
		// No maxlength: a browser would cut a longer paste at it without a word. The counter
		// states the limit up front and the server answers a longer claim (see
		// TestSubmitInvalidClaimKeepsInput).
		if ml, ok := ta.Attr("maxlength"); ok {
			t.Errorf("claim maxlength %q would cut a pasted claim silently", ml)
		}
		if max, _ := p.Find(t, `[data-testid="claim-count"]`).Attr("data-max"); max != "5000" {
			t.Errorf("counter data-max %q, want 5000", max)
		}
		if db, _ := ta.Attr("aria-describedby"); !strings.Contains(db, "claim-count") {
			t.Errorf("claim aria-describedby %q does not name the counter", db)
		}
		if id, _ := ta.Attr("id"); p.Doc.Find(`label[for="`+id+`"]`).Length() != 1 {
			t.Error("claim textarea has no label")
		}
		if typ, _ := p.Find(t, `input[name="source_url"]`).Attr("type"); typ != "url" {
			t.Errorf("source_url type %q", typ)
		}
		if typ, _ := p.Find(t, `input[name="_csrf"]`).Attr("type"); typ != "hidden" {
			t.Errorf("_csrf input type %q", typ)
		}
		if got := p.Text(t, `[data-testid="claim-count"]`); got != "Up to 5,000 characters." {
			t.Errorf("no-JavaScript counter text %q", got)
		}
		items := p.Doc.Find(`[data-testid="latest-claims"] [data-testid="history-item"]`)
		if items.Length() != site.LatestOnHome {
			t.Fatalf("%d latest claims, want %d", items.Length(), site.LatestOnHome)
		}
		if first := items.First().Text(); !strings.Contains(first, "Seeded claim number 11") {
			t.Errorf("first latest claim %q, want the newest", strings.TrimSpace(first))
		}
		if cur, _ := p.Find(t, `.site-nav a[aria-current]`).Attr("href"); cur != "/" {
			t.Errorf("current nav item %q", cur)
		}
		if got := p.Doc.Find("title").Text(); !strings.Contains(got, "Claimcheck") {
			t.Errorf("title %q", got)
		}
		if got, _ := p.Find(t, `link[rel="canonical"]`).Attr("href"); got != testBaseURL+"/?lang=en" {
			t.Errorf("canonical %q", got)
		}
		if p.Doc.Find(`html[lang="en"] main#main`).Length() != 1 || p.Doc.Find(`a.skip-link[href="#main"]`).Length() != 1 {
			t.Error("missing lang, main landmark or skip link")
		}
	})
}

// TestSubmitValidClaimShowsResultPage follows a valid submit to the claim page and checks every part of it.
func TestSubmitValidClaimShowsResultPage(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 100, nil)
		const claim, source = "Aşılar otizme neden olur", "https://www.reuters.com/health/vaccines"

		res := e.post(t, claim, source)
		res.WantStatus(t, http.StatusSeeOther)
		loc := res.Header.Get("Location")
		id, ok := strings.CutPrefix(loc, "/claims/")
		if _, err := uuid.Parse(id); !ok || err != nil {
			t.Fatalf("redirect to %q, want /claims/<uuid>", loc)
		}

		p := e.Get(t, loc)
		p.WantStatus(t, http.StatusOK)
		if got := p.Text(t, `[data-testid="claim-text"]`); got != claim {
			t.Errorf("claim text %q", got)
		}
		badge := p.Find(t, `[data-testid="verdict-badge"]`)
		if v, _ := badge.Attr("data-verdict"); v != "belirsiz" {
			t.Errorf("verdict %q, want belirsiz (no fact-check matches)", v)
		}
		label, _ := analysis.VerdictInfo("belirsiz")
		if got := p.Text(t, `[data-testid="verdict-badge"]`); !strings.Contains(got, label) {
			t.Errorf("badge %q lacks the label %q (a verdict must be readable without colour)", got, label)
		}
		// Nothing decided the verdict: the page says so, with no headline 50/100 score or bar, and
		// the summary is plain sentences without the analyzer's internal words.
		if got := p.Text(t, `[data-testid="result-title"]`); got != "Not enough evidence" {
			t.Errorf("result title %q, want Not enough evidence", got)
		}
		if p.Doc.Find(`[data-testid="not-enough-evidence"]`).Length() != 1 || p.Doc.Find(`[data-testid="score"]`).Length() != 0 ||
			p.Doc.Find(`[data-testid="result"] [role="meter"]`).Length() != 0 {
			t.Error("an undecided claim shows a score or a score bar")
		}
		if got, _ := p.Find(t, `[data-testid="result"]`).Attr("data-basis"); got != "not-enough-evidence" {
			t.Errorf("result basis %q", got)
		}
		summary := p.Text(t, `[data-testid="summary"]`)
		if !strings.HasPrefix(summary, "No fact-check we know of states this claim") || strings.Count(summary, ". ") > 1 {
			t.Errorf("summary %q, want one or two plain sentences", summary)
		}
		for _, internal := range []string{"belirsiz", "offline analyzer", "knowledge base", "similarity", "Not assessed"} {
			if strings.Contains(summary, internal) {
				t.Errorf("summary %q uses the internal words %q", summary, internal)
			}
		}

		rated := datasetstest.Installed(t, datasets.DomainRatings)
		assessed := map[string]bool{"source": rated, "science": false, "academic": false, "public": false}
		for key, want := range assessed {
			sel := `[data-testid="subscore-` + key + `"]`
			sub := p.Find(t, sel)
			if got, _ := sub.Attr("data-assessed"); got != strconv.FormatBool(want) {
				t.Errorf("%s assessed=%s, want %v", key, got, want)
			}
			basis := p.Text(t, `[data-testid="subscore-`+key+`-basis"]`)
			if len(basis) < 10 {
				t.Errorf("%s basis %q is empty", key, basis)
			}
			text := p.Text(t, sel)
			if want {
				if sub.Find(`[role="meter"]`).Length() != 1 {
					t.Errorf("%s has no meter", key)
				}
				continue
			}
			if !strings.Contains(text, "Not assessed") || sub.Find(`[role="meter"]`).Length() != 0 || sub.Find(".meter--na").Length() != 1 {
				t.Errorf("%s is not shown as not assessed: %q", key, text)
			}
			if strings.Contains(text, "Not assessed: Not assessed") {
				t.Errorf("%s repeats the status: %q", key, text)
			}
		}
		// With the domain ratings reuters.com is rated 1.0; without them the page says why not.
		wantSource := []string{"100", "reuters.com"}
		if !rated {
			wantSource = []string{"Not assessed", "ratings are not installed"}
		}
		if got := p.Text(t, `[data-testid="subscore-source"]`); !strings.Contains(got, wantSource[0]) || !strings.Contains(got, wantSource[1]) {
			t.Errorf("source sub-score %q, want %q", got, wantSource)
		}

		for _, f := range analysis.BasisFields {
			if p.Doc.Find(`[data-testid="basis-`+f+`"]`).Length() != 1 {
				t.Errorf("how-this-was-computed lacks %s", f)
			}
		}
		if got := p.Text(t, `[data-testid="analyzer"]`); got == "" || got == "unknown" {
			t.Errorf("analyzer name %q", got)
		}
		if got := p.Text(t, `[data-testid="language"]`); !strings.Contains(got, "Turkish") {
			t.Errorf("language %q", got)
		}
		src := p.Find(t, `[data-testid="source-link"]`)
		if rel, _ := src.Attr("rel"); rel != "nofollow noopener noreferrer ugc" {
			t.Errorf("source rel %q", rel)
		}
		if href, _ := src.Attr("href"); href != source {
			t.Errorf("source href %q", href)
		}
		if dt, _ := p.Find(t, `[data-testid="created-at"]`).Attr("datetime"); func() error { _, err := time.Parse(time.RFC3339, dt); return err }() != nil {
			t.Errorf("created datetime %q is not RFC 3339", dt)
		}
		pageURL := testBaseURL + loc
		if got, _ := p.Find(t, `link[rel="canonical"]`).Attr("href"); got != pageURL+"?lang=en" {
			t.Errorf("canonical %q, want %q (the English version)", got, pageURL+"?lang=en")
		}
		if got, _ := p.Find(t, `[data-testid="share-url"]`).Attr("value"); got != pageURL {
			t.Errorf("share URL %q", got)
		}
		if cur, _ := p.Find(t, `.site-nav a[aria-current]`).Attr("aria-current"); cur != "true" {
			t.Errorf("History is marked aria-current=%q on a claim page, want true", cur)
		}

		var ld struct {
			Context       string `json:"@context"`
			Type          string `json:"@type"`
			URL           string `json:"url"`
			ClaimReviewed string `json:"claimReviewed"`
			DatePublished string `json:"datePublished"`
			ReviewRating  struct {
				RatingValue, BestRating, WorstRating int
				AlternateName                        string
			} `json:"reviewRating"`
			ItemReviewed struct {
				Type       string `json:"@type"`
				Appearance []struct {
					URL string `json:"url"`
				} `json:"appearance"`
			} `json:"itemReviewed"`
		}
		raw := p.Find(t, `head script[type="application/ld+json"]`).Text()
		if err := json.Unmarshal([]byte(raw), &ld); err != nil {
			t.Fatalf("JSON-LD does not parse: %v\n%s", err, raw)
		}
		var author struct {
			Type string `json:"@type"`
			Name string `json:"name"`
		}
		var whole map[string]json.RawMessage
		_ = json.Unmarshal([]byte(raw), &whole)
		_ = json.Unmarshal(whole["author"], &author)
		switch {
		case ld.Type != "ClaimReview" || ld.Context != "https://schema.org":
			t.Errorf("JSON-LD type %q context %q", ld.Type, ld.Context)
		case ld.ClaimReviewed != claim || ld.URL != pageURL:
			t.Errorf("JSON-LD claimReviewed %q url %q", ld.ClaimReviewed, ld.URL)
		case whole["reviewRating"] != nil:
			// Not enough evidence: a rating of 50 would publish a finding there is none of.
			t.Errorf("JSON-LD of an undecided claim carries a rating: %s", whole["reviewRating"])
		case author.Type != "Organization" || author.Name != "Claimcheck":
			t.Errorf("JSON-LD author %+v", author)
		case ld.ItemReviewed.Type != "Claim" || len(ld.ItemReviewed.Appearance) != 1 || ld.ItemReviewed.Appearance[0].URL != source:
			t.Errorf("JSON-LD itemReviewed %+v", ld.ItemReviewed)
		}
		if _, err := time.Parse(time.RFC3339, ld.DatePublished); err != nil {
			t.Errorf("JSON-LD datePublished %q", ld.DatePublished)
		}

		// The new claim is listed on the home page and in the history.
		if got := e.Get(t, "/").Text(t, `[data-testid="history-item"]`); !strings.Contains(got, claim) {
			t.Errorf("home latest item %q", got)
		}
		if got := e.Get(t, "/claims").Text(t, `[data-testid="history-item"]`); !strings.Contains(got, claim) {
			t.Errorf("history item %q", got)
		}
	})
}

// TestClaimWithoutSourceHasNoAppearance checks a claim submitted without a source URL.
func TestClaimWithoutSourceHasNoAppearance(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 100, nil)
		res := e.post(t, "The Great Wall of China is visible from space.", "")
		res.WantStatus(t, http.StatusSeeOther)
		p := e.Get(t, res.Header.Get("Location"))
		p.WantStatus(t, http.StatusOK)
		if p.Doc.Find(`[data-testid="source-link"]`).Length() != 0 {
			t.Error("a claim without a source shows a source link")
		}
		var ld map[string]any
		if err := json.Unmarshal([]byte(p.Find(t, `script[type="application/ld+json"]`).Text()), &ld); err != nil {
			t.Fatal(err)
		}
		item, _ := ld["itemReviewed"].(map[string]any)
		if _, has := item["appearance"]; has || item["@type"] != "Claim" {
			t.Errorf("itemReviewed %v, want a Claim without appearance", item)
		}
		if got := p.Text(t, `[data-testid="subscore-source"]`); !strings.Contains(got, "Not assessed") {
			t.Errorf("source sub-score without a source %q", got)
		}
	})
}

// TestSubmitInvalidClaimKeepsInput checks that a refused submit answers 422 with the message by the field and the input kept.
func TestSubmitInvalidClaimKeepsInput(t *testing.T) {
	long := strings.Repeat("a", checking.MaxClaimChars+1)
	cases := []struct {
		name, claim, source string
		field, message      string
	}{
		{"empty claim", "", "", "claim", "Enter the claim to check."},
		{"blank claim", "   \n\t ", "https://example.com/a", "claim", "Enter the claim to check."},
		{"claim over 5000 characters", long, "", "claim", "the limit is 5,000"},
		// A pasted article: not cut to the limit anywhere, answered with its length and the limit.
		{"pasted 6000 characters", strings.Repeat("ş", 6000), "https://example.com/a", "claim", "The claim is 6,000 characters long; the limit is 5,000."},
		{"source not a URL", "The moon is made of cheese.", "not a url", "source_url", "http:// or https://"},
		{"source with a javascript scheme", "The moon is made of cheese.", "javascript:alert(1)", "source_url", "http:// or https://"},
	}
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 100, nil)
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				p := e.post(t, tc.claim, tc.source)
				p.WantStatus(t, http.StatusUnprocessableEntity)
				msg := p.Text(t, `[data-testid="`+tc.field+`-error"]`)
				if !strings.Contains(msg, tc.message) {
					t.Errorf("%s error %q, want it to contain %q", tc.field, msg, tc.message)
				}
				other := map[string]string{"claim": "source_url", "source_url": "claim"}[tc.field]
				if p.Doc.Find(`[data-testid="`+other+`-error"]`).Length() != 0 {
					t.Errorf("unexpected error on %s", other)
				}
				control := p.Find(t, `[name="`+tc.field+`"]`)
				if inv, _ := control.Attr("aria-invalid"); inv != "true" {
					t.Errorf("%s aria-invalid=%q", tc.field, inv)
				}
				if db, _ := control.Attr("aria-describedby"); !strings.Contains(db, tc.field+"-error") {
					t.Errorf("%s aria-describedby=%q does not point at the error", tc.field, db)
				}
				if got := p.Find(t, `textarea[name="claim"]`).Text(); got != tc.claim {
					t.Errorf("claim input not kept: %d characters, want %d", len(got), len(tc.claim))
				}
				if got, _ := p.Find(t, `input[name="source_url"]`).Attr("value"); got != tc.source {
					t.Errorf("source input %q, want %q", got, tc.source)
				}
				if p.Doc.Find(`form[data-testid="claim-form"]`).Length() != 1 || p.Doc.Find(`[data-testid="form-errors"]`).Length() != 1 {
					t.Error("the form or its error summary is missing")
				}
			})
		}
		if n := claimCount(t, e.stores); n != 0 {
			t.Errorf("%d claims stored from invalid submissions", n)
		}
	})
}

// TestSubmitOverIPLimitIs429 checks that the per-IP limit refuses the fourth check of three
// allowed, and gives the form back with what was typed.
func TestSubmitOverIPLimitIs429(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 3, nil)
		for i := range 3 {
			if p := e.post(t, fmt.Sprintf("Claim number %d is true.", i), ""); p.Status != http.StatusSeeOther {
				t.Fatalf("post %d: status %d, want 303", i+1, p.Status)
			}
		}
		p := e.post(t, "One claim too many.", "https://example.com/too-many")
		p.WantStatus(t, http.StatusTooManyRequests)
		secs, err := strconv.Atoi(p.Header.Get("Retry-After"))
		if err != nil || secs < 1 || secs > 3600 {
			t.Errorf("Retry-After %q, want 1..3600 seconds", p.Header.Get("Retry-After"))
		}
		if got := p.Text(t, `[data-testid="rate-limited"] .alert__title`); !strings.Contains(got, "checked many claims in a short time") {
			t.Errorf("429 message %q", got)
		}
		// The refused claim and source come back in the form, ready to submit later.
		if got := p.Find(t, `form[data-testid="claim-form"] textarea[name="claim"]`).Text(); got != "One claim too many." {
			t.Errorf("claim not kept after the limit: %q", got)
		}
		if got, _ := p.Find(t, `input[name="source_url"]`).Attr("value"); got != "https://example.com/too-many" {
			t.Errorf("source not kept after the limit: %q", got)
		}
		if got := p.Text(t, `[data-testid="retry-after"]`); !strings.Contains(got, "again") {
			t.Errorf("429 does not say when to retry: %q", got)
		}
		if n := claimCount(t, e.stores); n != 3 {
			t.Errorf("%d claims stored, want 3 (the refused one must not be)", n)
		}
	})
}

// failingAnalyzer stands in for an analysis engine that is down.
type failingAnalyzer struct{}

// Analyze always fails.
func (failingAnalyzer) Analyze(context.Context, analysis.Input) (analysis.Result, error) {
	return analysis.Result{}, errors.New("engine unavailable")
}

// Name names the fake.
func (failingAnalyzer) Name() string { return "failing" }

// TestSubmitAnalyzerFailureIs502 checks that an analyzer failure is a 502 page and stores nothing.
func TestSubmitAnalyzerFailureIs502(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 100, failingAnalyzer{})
		p := e.post(t, "Any claim at all.", "")
		p.WantStatus(t, http.StatusBadGateway)
		if got, _ := p.Find(t, `[data-testid="error-page"]`).Attr("data-status"); got != "502" {
			t.Errorf("error page status %q", got)
		}
		if n := claimCount(t, e.stores); n != 0 {
			t.Errorf("%d claims stored after an analyzer failure", n)
		}
	})
}

// TestHistoryFiltersSearchAndPagination checks the history's filters, search, pages, empty states and 400s.
func TestHistoryFiltersSearchAndPagination(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 100, nil)

		empty := e.Get(t, "/claims")
		empty.WantStatus(t, http.StatusOK)
		if k, _ := empty.Find(t, `[data-testid="empty-state"]`).Attr("data-kind"); k != "no-claims" {
			t.Errorf("empty history shows %q, want no-claims", k)
		}

		// 45 claims: even ones dogru/health, odd ones yanlis/politics; every fifth mentions İstanbul.
		base := time.Now().Add(-24 * time.Hour)
		for i := range 45 {
			verdict, category := "dogru", "health"
			if i%2 == 1 {
				verdict, category = "yanlis", "politics"
			}
			text := fmt.Sprintf("History claim %02d", i)
			if i%5 == 0 {
				text += " about ISTANBUL traffic"
			}
			apptest.SeedClaim(t, e.stores, text, verdict, category, base.Add(time.Duration(i)*time.Minute))
		}

		cases := []struct {
			name        string
			path        string
			items       int
			first       string // text the first item contains
			verdict     string // every item has this verdict when set
			count       string
			next, prev  string // expected link targets, "" = no link
			selVerdict  string
			selCategory string
		}{
			{name: "first page", path: "/claims", items: 20, first: "History claim 44", count: "45 claims checked",
				next: "/claims?page=2"},
			{name: "middle page", path: "/claims?page=2", items: 20, first: "History claim 24", count: "45 claims checked",
				next: "/claims?page=3", prev: "/claims"},
			{name: "last page", path: "/claims?page=3", items: 5, first: "History claim 04", count: "45 claims checked",
				prev: "/claims?page=2"},
			{name: "verdict filter", path: "/claims?verdict=dogru", items: 20, first: "History claim 44", verdict: "dogru",
				count: "23 claims match these filters", next: "/claims?page=2&verdict=dogru", selVerdict: "dogru"},
			{name: "verdict filter page 2 keeps the filter", path: "/claims?verdict=dogru&page=2", items: 3, first: "History claim 04",
				verdict: "dogru", count: "23 claims match these filters", prev: "/claims?verdict=dogru", selVerdict: "dogru"},
			{name: "verdict and category", path: "/claims?verdict=yanlis&category=politics", items: 20, first: "History claim 43",
				verdict: "yanlis", count: "22 claims match these filters", next: "/claims?category=politics&page=2&verdict=yanlis",
				selVerdict: "yanlis", selCategory: "politics"},
			{name: "search is case-insensitive", path: "/claims?q=istanbul", items: 9, first: "History claim 40",
				count: "9 claims match these filters"},
			{name: "search and verdict", path: "/claims?q=Istanbul&verdict=yanlis", items: 4, first: "History claim 35",
				verdict: "yanlis", count: "4 claims match these filters", selVerdict: "yanlis"},
			// The web search is GET /v1/claims/search's engine: Turkish letters typed without
			// them, and Turkish endings, find the claims (see TestHistorySearchMatchesV1).
			{name: "search pages keep the query", path: "/claims?q=history", items: 20, first: "History claim 44",
				count: "45 claims match these filters", next: "/claims?page=2&q=history"},
			{name: "search page 3", path: "/claims?q=history&page=3", items: 5, first: "History claim 04",
				count: "45 claims match these filters", prev: "/claims?page=2&q=history"},
			{name: "empty values mean all", path: "/claims?verdict=&category=&q=", items: 20, first: "History claim 44",
				count: "45 claims checked", next: "/claims?page=2"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				p := e.Get(t, tc.path)
				p.WantStatus(t, http.StatusOK)
				items := p.Doc.Find(`[data-testid="history-item"]`)
				if items.Length() != tc.items {
					t.Fatalf("%d items, want %d", items.Length(), tc.items)
				}
				if got := items.First().Text(); !strings.Contains(got, tc.first) {
					t.Errorf("first item %q, want %q", strings.Join(strings.Fields(got), " "), tc.first)
				}
				if tc.verdict != "" {
					items.Find(`[data-testid="item-verdict"]`).Each(func(i int, s *goquery.Selection) {
						if v, _ := s.Attr("data-verdict"); v != tc.verdict {
							t.Errorf("item %d has verdict %q", i, v)
						}
					})
				}
				if got := p.Text(t, `[data-testid="result-count"]`); got != tc.count {
					t.Errorf("count %q, want %q", got, tc.count)
				}
				for name, want := range map[string]string{"next": tc.next, "prev": tc.prev} {
					if href, _ := p.Doc.Find(`[data-testid="pagination-` + name + `"]`).Attr("href"); href != want {
						t.Errorf("%s link %q, want %q", name, href, want)
					}
				}
				if got, _ := p.Doc.Find(`select[name="verdict"] option[selected]`).Attr("value"); got != tc.selVerdict {
					t.Errorf("selected verdict %q, want %q", got, tc.selVerdict)
				}
				if got, _ := p.Doc.Find(`select[name="category"] option[selected]`).Attr("value"); got != tc.selCategory {
					t.Errorf("selected category %q, want %q", got, tc.selCategory)
				}
			})
		}

		t.Run("no matches", func(t *testing.T) {
			p := e.Get(t, "/claims?q=no+such+words&verdict=dogru")
			p.WantStatus(t, http.StatusOK)
			es := p.Find(t, `[data-testid="empty-state"]`)
			if k, _ := es.Attr("data-kind"); k != "no-matches" {
				t.Errorf("empty state %q, want no-matches", k)
			}
			if href, _ := es.Find(`[data-testid="empty-action"]`).Attr("href"); href != "/claims" {
				t.Errorf("clear-filters link %q", href)
			}
			if href, _ := p.Find(t, `[data-testid="clear-filters"]`).Attr("href"); href != "/claims" {
				t.Errorf("filter form clear link %q", href)
			}
			if got, _ := p.Find(t, `input[name="q"]`).Attr("value"); got != "no such words" {
				t.Errorf("search box %q", got)
			}
		})

		t.Run("page past the end", func(t *testing.T) {
			p := e.Get(t, "/claims?page=9")
			p.WantStatus(t, http.StatusOK)
			es := p.Find(t, `[data-testid="empty-state"]`)
			if k, _ := es.Attr("data-kind"); k != "past-end" {
				t.Errorf("empty state %q, want past-end", k)
			}
			if href, _ := es.Find(`a`).Attr("href"); href != "/claims?page=3" {
				t.Errorf("last-page link %q", href)
			}
		})

		bad := []struct{ name, query, says string }{
			{"unknown verdict", "verdict=maybe", "is not a verdict"},
			{"unknown category", "category=astrology", "is not a category"},
			{"page zero", "page=0", "is not a page number"},
			{"negative page", "page=-2", "is not a page number"},
			{"page not a number", "page=two", "is not a page number"},
			{"page beyond any list", "page=99999999999", "is not a page number"},
			{"search too long", "q=" + strings.Repeat("x", web.MaxSearchChars+1), "the limit is 200"},
		}
		for _, tc := range bad {
			t.Run("400 "+tc.name, func(t *testing.T) {
				p := e.Get(t, "/claims?"+tc.query)
				p.WantStatus(t, http.StatusBadRequest)
				if got := p.Text(t, `[data-testid="error-message"]`); !strings.Contains(got, tc.says) {
					t.Errorf("message %q, want %q", got, tc.says)
				}
				if href, _ := p.Find(t, `[data-testid="error-action"]`).Attr("href"); href != "/claims" {
					t.Errorf("way out %q, want /claims", href)
				}
			})
		}
	})
}

// TestNotFoundPages checks that unknown claims, non-UUID ids and unknown paths get the 404 page.
func TestNotFoundPages(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 100, nil)
		apptest.SeedClaim(t, e.stores, "A stored claim", "dogru", "health", time.Now())
		for _, path := range []string{
			"/claims/" + uuid.NewString(),
			"/claims/not-a-uuid",
			"/claims/1%27%20OR%201=1",
			"/claims/" + strings.ReplaceAll(uuid.NewString(), "-", ""),
			"/no/such/page",
		} {
			t.Run(path, func(t *testing.T) {
				p := e.Get(t, path)
				p.WantStatus(t, http.StatusNotFound)
				if got, _ := p.Find(t, `[data-testid="error-page"]`).Attr("data-status"); got != "404" {
					t.Errorf("error page status %q", got)
				}
				if p.Doc.Find(`main a[href="/"]`).Length() == 0 {
					t.Error("the 404 page offers no way back")
				}
				if p.Doc.Find(`meta[name="robots"][content="noindex"]`).Length() != 1 {
					t.Error("the 404 page is indexable")
				}
			})
		}
	})
}

// TestClaimTextIsEscapedEverywhere checks that markup in a claim stays text in the HTML and in the JSON-LD.
func TestClaimTextIsEscapedEverywhere(t *testing.T) {
	const evil = `</script><script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"`
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 100, nil)
		res := e.post(t, evil, "https://example.com/?q=</script>")
		res.WantStatus(t, http.StatusSeeOther)
		claimPage := e.Get(t, res.Header.Get("Location"))
		claimPage.WantStatus(t, http.StatusOK)
		for name, p := range map[string]apptest.Page{"claim page": claimPage, "home": e.Get(t, "/"), "history": e.Get(t, "/claims")} {
			if strings.Contains(p.Body, "<script>alert(1)") || strings.Contains(p.Body, "<img src=x") {
				t.Errorf("%s contains the claim's markup unescaped", name)
			}
			if n := p.Doc.Find("script").Length(); n > 2 {
				t.Errorf("%s has %d script elements", name, n)
			}
			if p.Doc.Find("img").Length() != 0 {
				t.Errorf("%s has an injected img element", name)
			}
		}
		if got := claimPage.Text(t, `[data-testid="claim-text"]`); got != strings.Join(strings.Fields(evil), " ") {
			t.Errorf("claim text shown as %q", got)
		}
		raw := claimPage.Find(t, `script[type="application/ld+json"]`).Text()
		if strings.Contains(raw, "</script") || strings.Contains(raw, "<") || !strings.Contains(raw, `\u003c/script\u003e`) {
			t.Errorf("JSON-LD is not escaped for a script element: %s", raw)
		}
		var ld struct {
			ClaimReviewed string `json:"claimReviewed"`
		}
		if err := json.Unmarshal([]byte(raw), &ld); err != nil || ld.ClaimReviewed != evil {
			t.Errorf("JSON-LD claimReviewed %q (err %v), want the claim exactly", ld.ClaimReviewed, err)
		}
	})
}

// TestClaimPageShowsMatchesEvidenceAndRun renders stored matches (used, refused), related reading
// and model facts, and never links a fact-check that has no web address.
func TestClaimPageShowsMatchesEvidenceAndRun(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 10, nil)
		c := apptest.SeedClaim(t, storerules.Stores(db), "Aşılar otizme neden olur", "yanlis", "health", time.Now())
		matches := `[{"url":"urn:claimcheck:starter:vaccines-autism-tr","claim_reviewed":"Aşılar otizme yol açar","similarity":0.91,"verdict":"yanlis","confident":true,"publisher":"Claimcheck starter knowledge base","textual_rating":"Yanlış","sources":["https://www.who.int/news-room/vaccines","javascript:alert(2)"]},
{"url":"https://teyit.org/x","claim_reviewed":"Aşılar otizme yol açmaz","similarity":0.62,"verdict":"dogru","rejected":"negation differs"},
{"url":"javascript:alert(1)","claim_reviewed":"Evil","similarity":0.1,"verdict":"belirsiz"}]`
		meta := `{"model":"gpt-4o-mini","latency_ms":812,"prompt_tokens":900,"completion_tokens":120,"evidence":["wikipedia"],
"evidence_items":[{"provider":"wikipedia","title":"Vaccines and autism","url":"https://en.wikipedia.org/wiki/Vaccines_and_autism","snippet":"Extensive research shows no link."}]}`
		if err := db.Gorm.Exec("UPDATE claims SET matches = ?, analysis_meta = ?, ai_decided = NULL WHERE id = ?", matches, meta, c.ID).Error; err != nil {
			t.Fatal(err)
		}
		p := e.Get(t, "/claims/"+c.ID)
		p.WantStatus(t, 200)
		ms := p.Doc.Find(`[data-testid="match"]`)
		if ms.Length() != 3 {
			t.Fatalf("matches shown = %d, want 3", ms.Length())
		}
		if p.Doc.Find(`[data-testid="match-source"] [data-testid="match"]`).Length() != 1 ||
			p.Doc.Find(`[data-testid="related-matches"] [data-testid="match"]`).Length() != 2 {
			t.Error("the used fact-check must be shown apart from the related ones")
		}
		if got := p.Text(t, `[data-testid="related-title"]`); got != "Related fact-checks that did not decide the verdict" {
			t.Errorf("related title %q: one related fact-check is only not close enough, so not all are about a different claim", got)
		}
		if ms.Eq(0).Find(`[data-testid="match-used"]`).Length() != 1 || ms.Eq(0).Find(".match__claim a").Length() != 0 {
			t.Error("the used urn: match should be marked used and not be a link")
		}
		if src := ms.Eq(0).Find(`[data-testid="match-sources"] a`); src.Length() != 1 || src.Text() != "who.int" {
			t.Errorf("match sources: %d links, %q; want only the who.int one", src.Length(), src.Text())
		}
		if r := ms.Eq(1).Find(`[data-testid="related-reason"]`); r.AttrOr("data-different", "") != "true" ||
			!strings.Contains(r.Text(), "Related, about a different claim: negation differs") {
			t.Errorf("refused match reason %q", r.Text())
		}
		if r := ms.Eq(2).Find(`[data-testid="related-reason"]`); r.AttrOr("data-different", "") != "false" ||
			!strings.Contains(r.Text(), fmt.Sprintf("not close enough to be the same claim (similarity 0.10; %.2f needed)", matching.DefaultThreshold)) {
			t.Errorf("distant match reason %q", r.Text())
		}
		if href, _ := ms.Eq(1).Find("a").Attr("href"); href != "https://teyit.org/x" {
			t.Errorf("web fact-check link = %q", href)
		}
		if ms.Eq(2).Find("a").Length() != 0 {
			t.Error("a javascript: URL became a link")
		}
		if ev := p.Text(t, `[data-testid="evidence"]`); !strings.Contains(ev, "Vaccines and autism") || !strings.Contains(ev, "Wikipedia") {
			t.Errorf("related reading = %q", ev)
		}
		if run := p.Text(t, `[data-testid="run-facts"]`); !strings.Contains(run, "gpt-4o-mini") || !strings.Contains(run, "900 prompt + 120 completion") {
			t.Errorf("run facts = %q", run)
		}
		plain := apptest.SeedClaim(t, storerules.Stores(db), "Nothing matched", "belirsiz", "other", time.Now())
		if p := e.Get(t, "/claims/"+plain.ID); p.Doc.Find(`[data-testid="no-matches"]`).Length() != 1 {
			t.Error("a claim without matches should say no earlier fact-check came close")
		}
	})
}

// TestHistorySearchMatchesV1 checks the history's search box finds what GET /v1/claims/search
// finds: words typed without Turkish letters ("asi", "duzdur"), Turkish endings and capitals,
// on both databases, and that both surfaces return the same claims.
func TestHistorySearchMatchesV1(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 100, nil)
		base := time.Now().Add(-time.Hour)
		for i, text := range []string{
			"Aşılar otizme neden olur",
			"Dünya düzdür",
			"İstanbul'da deprem olacak",
			"Vaccines cause autism",
			"Kitabın sonu değişti",
		} {
			apptest.SeedClaim(t, e.stores, text, "yanlis", "health", base.Add(time.Duration(i)*time.Minute))
		}
		searcher := search.New(e.stores.Search)
		for _, tc := range []struct{ q, want string }{
			{"asi", "Aşılar otizme neden olur"},
			{"duzdur", "Dünya düzdür"},
			{"aşıların", "Aşılar otizme neden olur"},
			{"ISTANBUL", "İstanbul'da deprem olacak"},
			{"depremler", "İstanbul'da deprem olacak"},
			{"kitap", "Kitabın sonu değişti"},
		} {
			t.Run(tc.q, func(t *testing.T) {
				p := e.Get(t, "/claims?q="+url.QueryEscape(tc.q))
				p.WantStatus(t, http.StatusOK)
				var web []string
				p.Doc.Find(`[data-testid="history-item"]`).Each(func(_ int, s *goquery.Selection) {
					web = append(web, strings.Join(strings.Fields(s.Find("a").First().Text()), " "))
				})
				if len(web) != 1 || !strings.Contains(web[0], tc.want) {
					t.Errorf("web search %q found %q, want %q", tc.q, web, tc.want)
				}
				if got := p.Text(t, `[data-testid="result-count"]`); got != "1 claim matches these filters" {
					t.Errorf("count %q", got)
				}
				res, err := searcher.Search(context.Background(), models.SearchQuery{Q: tc.q})
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Hits) != 1 || res.Hits[0].Claim.Content != tc.want {
					t.Errorf("/v1 engine found %d hits for %q, the web page %q", len(res.Hits), tc.q, web)
				}
			})
		}
	})
}

// TestRepeatChecksLinkTheirRecords submits the same claim three times through the form, written
// three ways, and checks each check is its own record and every record's page says "Checked 3
// times", marks itself and links the other two; a claim checked once shows no such section.
func TestRepeatChecksLinkTheirRecords(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 100, nil)
		var ids []string
		for _, claim := range []string{"Dünya düzdür", "DÜNYA DÜZDÜR!", "  dunya   duzdur. "} {
			res := e.post(t, claim, "")
			res.WantStatus(t, http.StatusSeeOther)
			ids = append(ids, strings.TrimPrefix(res.Location, "/claims/"))
		}
		if ids[0] == ids[1] || ids[1] == ids[2] {
			t.Fatalf("records %v: every check must store its own", ids)
		}
		for i, id := range ids {
			p := e.Get(t, "/claims/"+id)
			p.WantStatus(t, http.StatusOK)
			if got := p.Text(t, `[data-testid="repeat-count"]`); got != "Checked 3 times" {
				t.Errorf("record %d: repeat count %q", i+1, got)
			}
			items := p.Doc.Find(`[data-testid="repeats"] [data-testid="repeat-item"]`)
			if items.Length() != 3 {
				t.Fatalf("record %d: %d repeat items, want 3", i+1, items.Length())
			}
			var links []string
			p.Doc.Find(`[data-testid="repeat-link"]`).Each(func(_ int, s *goquery.Selection) {
				href, _ := s.Attr("href")
				links = append(links, href)
			})
			var want []string
			for j, other := range ids {
				if j != i {
					want = append(want, "/claims/"+other)
				}
			}
			if strings.Join(links, " ") != strings.Join(want, " ") {
				t.Errorf("record %d links %v, want %v (oldest first, itself left out)", i+1, links, want)
			}
			if cur := items.Eq(i).Find(`[data-testid="repeat-current"]`); cur.Length() != 1 {
				t.Errorf("record %d is not marked as the current one in place %d", i+1, i+1)
			}
		}
		if got := e.Get(t, "/claims/"+ids[0]).Text(t, `[data-testid="repeat-summary"]`); !strings.Contains(got, "This is the first check; 2 later checks are linked below.") {
			t.Errorf("first record summary %q", got)
		}
		if got := e.Get(t, "/claims/"+ids[2]).Text(t, `[data-testid="repeat-summary"]`); !strings.Contains(got, "This is the latest check; 2 earlier checks are linked below.") {
			t.Errorf("latest record summary %q", got)
		}
		if n := e.Get(t, "/claims/"+ids[2]).Doc.Find(`[data-testid="repeats-changed"]`).Length(); n != 0 {
			t.Error("three identical analyses are said to differ")
		}
		if err := db.Gorm.Exec("UPDATE claims SET ai_verdict = CASE WHEN id = ? THEN 'dogru' ELSE 'yanlis' END WHERE id IN (?, ?)", ids[0], ids[0], ids[1]).Error; err != nil {
			t.Fatal(err)
		}
		if got := e.Get(t, "/claims/"+ids[2]).Text(t, `[data-testid="repeats-changed"]`); !strings.Contains(got, "do not all reach the same verdict") {
			t.Errorf("differing verdicts not explained: %q", got)
		}
		once := e.post(t, "Bats are blind", "")
		if p := e.Get(t, once.Location); p.Doc.Find(`[data-testid="repeats"], [data-testid="repeat-summary"]`).Length() != 0 {
			t.Error("a claim checked once shows a repeat section")
		}
	})
}
