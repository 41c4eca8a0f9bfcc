package site_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/site"
	"github.com/claimcheck/claimcheck/handlers/v1api"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/apidocs"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/openapi"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/gofiber/fiber/v2"
)

// wiredApp is the whole service (apptest.New) over an empty SQLite database: the embedded
// OpenAPI document at /v1/openapi.json and the reference built from it at /docs.
func wiredApp(t *testing.T) *fiber.App {
	t.Helper()
	return apptest.New(t, testdb.Open(t, database.SQLite), apptest.Options{}).HTTP
}

// docsHandler mounts /docs alone over doc, for documents the service never embeds (crafted
// descriptions, none at all).
func docsHandler(t *testing.T, doc *openapi.Document) *fiber.App {
	t.Helper()
	pages := web.NewKit(testBaseURL, nil, nil)
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	site.NewDocs(site.DocsDeps{Document: doc, BaseURL: testBaseURL, ErrorPage: pages.ErrorPage}).Routes(web.On(app))
	return app
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

func loadDoc(t *testing.T) *openapi.Document {
	t.Helper()
	doc, err := openapi.Load()
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestOpenAPIDocumentIsServedPublicAndCacheable checks GET /v1/openapi.json: JSON with this
// deployment as server, CORS-open, an ETag that If-None-Match revalidates, and HEAD.
func TestOpenAPIDocumentIsServedPublicAndCacheable(t *testing.T) {
	app := wiredApp(t)
	resp, body := send(t, app, httptest.NewRequest(http.MethodGet, "/v1/openapi.json", nil))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	if got := resp.Header.Get("Access-Control-Allow-Origin"); got != "*" {
		t.Errorf("Access-Control-Allow-Origin = %q, want *", got)
	}
	if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "public") || !strings.Contains(cc, "max-age=") {
		t.Errorf("Cache-Control = %q, want public with a max-age", cc)
	}
	etag := resp.Header.Get("ETag")
	if !strings.HasPrefix(etag, `"`) || len(etag) < 10 {
		t.Fatalf("ETag = %q", etag)
	}
	var d struct {
		OpenAPI string `json:"openapi"`
		Servers []struct {
			URL string `json:"url"`
		} `json:"servers"`
	}
	if err := json.Unmarshal(body, &d); err != nil {
		t.Fatal(err)
	}
	if d.OpenAPI != "3.1.0" || len(d.Servers) != 1 || d.Servers[0].URL != testBaseURL {
		t.Errorf("openapi %q servers %+v, want 3.1.0 and %s", d.OpenAPI, d.Servers, testBaseURL)
	}
	if err := openapi.Check(body); err != nil {
		t.Errorf("served document fails its check: %v", err)
	}

	for _, tc := range []struct {
		name, ifNoneMatch string
		want              int
	}{
		{"current tag", etag, http.StatusNotModified},
		{"weak form of the current tag", "W/" + etag, http.StatusNotModified},
		{"in a list", `"old", ` + etag, http.StatusNotModified},
		{"any", "*", http.StatusNotModified},
		{"stale tag", `"0123456789abcdef"`, http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/v1/openapi.json", nil)
			req.Header.Set("If-None-Match", tc.ifNoneMatch)
			resp, body := send(t, app, req)
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.want)
			}
			if tc.want == http.StatusNotModified && len(body) != 0 {
				t.Errorf("304 with a body of %d bytes", len(body))
			}
			if resp.Header.Get("ETag") != etag {
				t.Errorf("ETag = %q, want %q", resp.Header.Get("ETag"), etag)
			}
		})
	}

	resp, body = send(t, app, httptest.NewRequest(http.MethodHead, "/v1/openapi.json", nil))
	if resp.StatusCode != http.StatusOK || len(body) != 0 {
		t.Errorf("HEAD: status %d with %d body bytes, want 200 and none", resp.StatusCode, len(body))
	}
}

// TestDocsPageIsGeneratedFromTheDocument checks /docs has an anchor for every problem type (the
// targets of the problem type URIs) and every operation and event, with their examples, and the
// hand-written compatible API.
func TestDocsPageIsGeneratedFromTheDocument(t *testing.T) {
	doc := loadDoc(t)
	app := wiredApp(t)
	resp, body := send(t, app, httptest.NewRequest(http.MethodGet, "/docs", nil))
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("status %d, Content-Type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	page, err := goquery.NewDocumentFromReader(strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	if n := page.Find("h1").Length(); n != 1 {
		t.Errorf("%d h1 elements, want 1", n)
	}

	for _, slug := range v1api.ProblemSlugs() {
		sel := page.Find("[data-testid=docs-problem][data-slug=" + slug + "]")
		if sel.Length() != 1 {
			t.Errorf("problem %s: %d entries, want 1", slug, sel.Length())
			continue
		}
		if id, _ := sel.Attr("id"); "/docs#"+id != v1api.ProblemType(slug) {
			t.Errorf("problem %s: anchor %q does not match its type URI %s", slug, id, v1api.ProblemType(slug))
		}
		if !strings.Contains(sel.Text(), v1api.ProblemTitle(slug)) {
			t.Errorf("problem %s: entry does not show its title %q", slug, v1api.ProblemTitle(slug))
		}
	}

	for _, op := range doc.Operations {
		sel := page.Find("[data-testid=docs-operation][data-operation-id=" + op.OperationID + "]")
		if sel.Length() != 1 {
			t.Errorf("operation %s: %d entries, want 1", op.OperationID, sel.Length())
			continue
		}
		if id, _ := sel.Attr("id"); id != op.OperationID {
			t.Errorf("operation %s: id %q", op.OperationID, id)
		}
		text := sel.Text()
		for _, want := range []string{op.Method, op.Path, op.Summary} {
			if !strings.Contains(text, want) {
				t.Errorf("operation %s does not show %q", op.OperationID, want)
			}
		}
		if sel.Find("[data-testid=docs-response] pre").Length() == 0 && !hasStatus(op, "204") {
			t.Errorf("operation %s shows no response example", op.OperationID)
		}
		if !op.Public {
			errs := sel.Find("[data-testid=docs-op-errors]")
			for _, st := range []string{"401", "403", "429"} {
				if errs.Find("tr[data-status='"+st+"']").Length() != 1 {
					t.Errorf("operation %s does not list its %s error", op.OperationID, st)
				}
			}
			if !strings.Contains(sel.Find("pre").Text(), "Authorization: Bearer") {
				t.Errorf("operation %s has no example request with a key", op.OperationID)
			}
		}
		if len(op.Parameters) > 0 && sel.Find("[data-testid=docs-params] tbody tr").Length() != len(op.Parameters) {
			t.Errorf("operation %s: parameter rows %d, want %d", op.OperationID, sel.Find("[data-testid=docs-params] tbody tr").Length(), len(op.Parameters))
		}
	}
	for _, ev := range doc.Webhooks {
		if page.Find("[data-testid=docs-events] #"+cssID(ev.OperationID)).Length() != 1 {
			t.Errorf("webhook event %s has no entry", ev.Path)
		}
	}
	for _, s := range doc.Schemas {
		if page.Find("[data-testid=docs-object][data-object="+s.Name+"]").Length() != 1 {
			t.Errorf("object %s has no entry", s.Name)
		}
	}

	// Every in-page link lands on an element, and no id is used twice.
	ids := map[string]int{}
	page.Find("[id]").Each(func(_ int, s *goquery.Selection) { id, _ := s.Attr("id"); ids[id]++ })
	for id, n := range ids {
		if n > 1 {
			t.Errorf("id %q is used %d times", id, n)
		}
	}
	page.Find("a[href^='#']").Each(func(_ int, s *goquery.Selection) {
		href, _ := s.Attr("href")
		if ids[strings.TrimPrefix(href, "#")] == 0 {
			t.Errorf("link %q (%s) has no target", href, s.Text())
		}
	})
	// The table of contents reaches every section.
	for _, id := range []string{"getting-started", "authentication", "quotas-and-rate-limits", "errors", "live-feed", "webhooks", "webhook-events", "objects", "compatible-api"} {
		if page.Find("[data-testid=docs-toc] a[href='#"+id+"']").Length() != 1 {
			t.Errorf("table of contents does not link #%s", id)
		}
		if ids[id] != 1 {
			t.Errorf("section #%s missing", id)
		}
	}

	// Getting started, the compatible API and the webhook snippet are there.
	for sel, want := range map[string]string{
		"[data-guide=getting-started]":       "Authorization: Bearer",
		"[data-testid=docs-compat-analyse]":  "/functions/v1/quick-responder",
		"[data-testid=docs-compat-claims]":   "PGRST116",
		"[data-testid=docs-compat-supabase]": "createClient('" + testBaseURL + "'",
		"#webhooks":                          "hmac.New(sha256.New",
	} {
		if !strings.Contains(page.Find(sel).Text(), want) {
			t.Errorf("%s does not contain %q", sel, want)
		}
	}
	if got := page.Find("[data-guide=getting-started] pre").Text(); !strings.Contains(got, `curl -sS "`+testBaseURL+"/v1/claims/search") {
		t.Errorf("getting started examples do not use this deployment's address:\n%s", got)
	}
	for _, href := range []string{"/account", "/beta", "/signup"} {
		if page.Find("[data-guide=getting-started] a[href='"+href+"']").Length() == 0 {
			t.Errorf("getting started does not link %s", href)
		}
	}
	if n := page.Find("[data-testid=docs-compat-fields] tbody tr").Length(); n != 10 {
		t.Errorf("analyse response lists %d fields, want the 10 of SPEC §2.1", n)
	}
	if got := page.Find("[data-testid=docs-compat-analyse] pre").First().Text(); !strings.Contains(got, testBaseURL+"/functions/v1/quick-responder") {
		t.Errorf("analyse example does not use this deployment's address: %s", got)
	}

	// No external assets: the CSP allows only 'self'. (The canonical and hreflang links name
	// pages, not assets.)
	page.Find("link[href]:not([rel=alternate]):not([rel=canonical]), script[src], img[src]").Each(func(_ int, s *goquery.Selection) {
		u, ok := s.Attr("href")
		if !ok {
			u, _ = s.Attr("src")
		}
		if !strings.HasPrefix(u, "/") || strings.HasPrefix(u, "//") {
			t.Errorf("external asset %q", u)
		}
	})
	if page.Find("link[href='/static/css/docs.css']").Length() != 1 {
		t.Error("docs.css is not linked")
	}
	// Code blocks scroll on their own and can be reached by keyboard.
	page.Find("pre").Each(func(_ int, s *goquery.Selection) {
		if ti, _ := s.Attr("tabindex"); ti != "0" || !s.HasClass("docs-code") {
			t.Errorf("code block without docs-code class or tabindex=0: %.60q", s.Text())
		}
	})
}

// TestDocsPageEscapesDescriptions proves document text can never become markup.
func TestDocsPageEscapesDescriptions(t *testing.T) {
	doc := loadDoc(t)
	doc.Info.Description = "Intro <script>alert(1)</script> [x](javascript:alert(1))\n\n## Evil <b>section</b>\n\n<img src=x onerror=alert(1)>"
	app := docsHandler(t, doc)
	_, body := send(t, app, httptest.NewRequest(http.MethodGet, "/docs", nil))
	html := string(body)
	for _, bad := range []string{"<script>alert", "javascript:", "<img src=x", "<b>section"} {
		if strings.Contains(html, bad) {
			t.Errorf("page contains %q unescaped", bad)
		}
	}
	if !strings.Contains(html, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the description's text is missing (escaped)")
	}
}

// TestDocsWithoutDocument shows an error page rather than an empty reference.
func TestDocsWithoutDocument(t *testing.T) {
	app := docsHandler(t, nil)
	resp, body := send(t, app, httptest.NewRequest(http.MethodGet, "/docs", nil))
	if resp.StatusCode != http.StatusInternalServerError || !strings.Contains(string(body), "/v1/openapi.json") {
		t.Errorf("status %d, body %.200s", resp.StatusCode, body)
	}
}

// TestDocsExampleRequests checks the generated curl lines: path parameters filled from the
// examples, query parameters in documented order, bodies and SSE flags.
func TestDocsExampleRequests(t *testing.T) {
	p := apidocs.Page(loadDoc(t), "https://api.example.org/", site.AnnouncedFreeQuota)
	reqs := map[string]string{}
	for _, g := range p.Groups {
		for _, op := range g.Operations {
			reqs[op.ID] = op.Request
		}
	}
	for id, want := range map[string][]string{
		"getClaimScore":      {`curl -sS "https://api.example.org/v1/claims/0190f5c2-7a4e-7c1b-9d2e-5b8f3a6c1d40/score"`, `-H "Authorization: Bearer $CLAIMCHECK_KEY"`},
		"searchClaims":       {"/v1/claims/search?q=", "&limit=5"},
		"submitClaim":        {"-X POST", `-H "Content-Type: application/json"`, `-d '{"claim":`},
		"streamLiveFeed":     {"curl -sS -N", `-H "Accept: text/event-stream"`},
		"getOpenAPIDocument": {`curl -sS "https://api.example.org/v1/openapi.json"`},
		"deleteWebhook":      {"-X DELETE"},
	} {
		got, ok := reqs[id]
		if !ok {
			t.Errorf("%s: no operation", id)
			continue
		}
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: request\n%s\ndoes not contain %q", id, got, w)
			}
		}
	}
	if strings.Contains(reqs["getOpenAPIDocument"], "Authorization") {
		t.Error("the public document's example sends a key")
	}
	for _, ev := range p.Events {
		if !strings.Contains(ev.Request, "webhook-signature: v1,") || !strings.Contains(ev.Request, `"type":"`+ev.Path+`"`) {
			t.Errorf("event %s: delivery example\n%s", ev.Path, ev.Request)
		}
	}
}

// hasStatus reports whether op documents a response with status s.
func hasStatus(op openapi.Operation, s string) bool {
	for _, r := range op.Responses {
		if r.Status == s {
			return true
		}
	}
	return false
}

// cssID escapes an id for a selector (event operation ids are plain, but stay safe).
func cssID(id string) string { return strings.NewReplacer(".", `\.`).Replace(id) }
