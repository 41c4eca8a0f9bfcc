package app_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/v1api"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/community"
	"github.com/claimcheck/claimcheck/internal/openapi"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// oaFiberParam is a Fiber route parameter (":id", optional ":id?").
var oaFiberParam = regexp.MustCompile(`:([A-Za-z0-9_]+)\??`)

// oaPath maps a Fiber route path to the OpenAPI form: /v1/claims/:id → /v1/claims/{id}.
func oaPath(p string) string { return oaFiberParam.ReplaceAllString(p, "{$1}") }

// oaFixtures are real resources for the documented operations to act on.
type oaFixtures struct {
	key                   string
	claimID, otherClaimID string
	word                  string
	firmSlug              string
	webhookID, deleteID   string
}

// oaSetup wires the app with a beta key, two claims of a firm (one with expert votes), an expert,
// and two webhook endpoints.
func oaSetup(t *testing.T, db *database.DB) (*server, *openapi.Document, oaFixtures) {
	t.Helper()
	// Burst limiting stays on (its headers are documented) but high enough for this test's calls;
	// receiver URLs stay offline.
	s := startServer(t, db, map[string]string{"V1_BURST_LIMIT": "100000", "WEBHOOK_ALLOW_PRIVATE": "true"})
	doc, err := openapi.Load()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	fx := oaFixtures{firmSlug: "bbc-news", word: "kaynar"}
	fx.key, _ = issueKey(t, s.app.Stores, "beta-free", nil)

	firm := &models.Firm{Slug: fx.firmSlug, Name: "BBC News", Description: "British public broadcaster.", Website: "https://www.bbc.co.uk"}
	if err := models.NewFirmStore(db, storerules.Default()).Create(ctx, firm, []string{"bbc.com"}); err != nil {
		t.Fatal(err)
	}
	c1, err := s.app.Checker.Check(ctx, checking.Input{Claim: "Su deniz seviyesinde 100 derecede kaynar", SourceURL: "https://www.bbc.com/news/science-1"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c2, err := s.app.Checker.Check(ctx, checking.Input{Claim: "Süt 100 derecede kaynar ve taşar", SourceURL: "https://www.bbc.com/news/science-2"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	fx.claimID, fx.otherClaimID = c1.ID, c2.ID

	u, _, err := s.app.Accounts.SignUp(ctx, "expert-openapi@university.example", "fizik-Uzmani-1742-Celsius", "Dr. Ayşe Demir")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.app.Stores.Accounts.MarkEmailVerified(ctx, u.ID, u.CreatedAt); err != nil {
		t.Fatal(err)
	}
	if err := s.app.Accounts.SetRole(ctx, u.ID, models.RoleExpert); err != nil {
		t.Fatal(err)
	}
	votes := community.New(community.Config{Store: models.NewExpertStore(db, storerules.Default())})
	if _, err := votes.Vote(ctx, community.VoteInput{ClaimID: c1.ID, ExpertID: u.ID, Verdict: "dogru", Confidence: 0.9,
		Note: "Standard physics at sea-level pressure.", Sources: []string{"https://en.wikipedia.org/wiki/Boiling_point"}}); err != nil {
		t.Fatal(err)
	}

	for i, id := range []*string{&fx.webhookID, &fx.deleteID} {
		st, _, body := do(t, http.MethodPost, s.base+"/v1/webhooks", oaHeaders(fx.key),
			fmt.Appendf(nil, `{"url":"https://hooks.example.com/claimcheck/%d","event_types":["claim.created","claim.analysed","claim.score_changed"]}`, i))
		if st != http.StatusCreated {
			t.Fatalf("create webhook: %d %s", st, body)
		}
		var ep struct{ ID string }
		mustJSON(t, body, &ep)
		*id = ep.ID
	}
	// A changed vote, and a new claim, now queue deliveries of every event type to the endpoints.
	if _, err := votes.Vote(ctx, community.VoteInput{ClaimID: c1.ID, ExpertID: u.ID, Verdict: "dogru", Confidence: 0.7,
		Note: "Standard physics at sea-level pressure."}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.app.Checker.Check(ctx, checking.Input{Claim: "Ay'ın yüzeyinde su buzu bulunur"}, nil); err != nil {
		t.Fatal(err)
	}
	return s, doc, fx
}

// oaHeaders are the headers of a /v1 call with key ("" for none).
func oaHeaders(key string) map[string]string {
	h := map[string]string{"Content-Type": "application/json"}
	if key != "" {
		h["Authorization"] = "Bearer " + key
	}
	return h
}

// oaKey names an operation as "METHOD /path".
func oaKey(method, path string) string { return method + " " + path }

// TestOpenAPIDocumentsEveryV1Route checks the document against the wired app in both directions:
// every /v1 route Fiber has is documented (a route that only answers 405 for other methods is not an
// operation), and every documented operation answers with a documented 2xx status whose body
// matches its schema exactly, with the documented headers.
func TestOpenAPIDocumentsEveryV1Route(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s, doc, fx := oaSetup(t, db)

		documented := map[string]openapi.Operation{}
		for _, op := range doc.Operations {
			documented[oaKey(op.Method, op.Path)] = op
		}

		// (a) Every registered /v1 route is documented.
		registered := map[string]bool{}
		for _, r := range s.app.HTTP.GetRoutes(true) {
			if r.Path != "/v1" && !strings.HasPrefix(r.Path, "/v1/") {
				continue
			}
			switch r.Method {
			case http.MethodHead, http.MethodOptions, http.MethodConnect, http.MethodTrace:
				// Fiber answers HEAD from GET and OPTIONS is the CORS preflight; CONNECT and
				// TRACE only exist as the 405 catch-alls below.
				continue
			}
			if strings.Contains(r.Path, "*") {
				t.Errorf("wildcard /v1 route %s %s cannot be documented", r.Method, r.Path)
				continue
			}
			k := oaKey(r.Method, oaPath(r.Path))
			if registered[k] {
				continue
			}
			registered[k] = true
			if _, ok := documented[k]; ok {
				continue
			}
			// Not documented: acceptable only for a catch-all that refuses the method.
			path := oaFill(t, oaPath(r.Path), fx)
			st, _, body := do(t, r.Method, s.base+path, oaHeaders(fx.key), nil)
			var p v1api.ProblemDetails
			_ = json.Unmarshal(body, &p)
			if st != http.StatusMethodNotAllowed || p.Type != v1api.ProblemType(v1api.ProblemMethodNotAllowed) {
				t.Errorf("route %s is registered but not in the OpenAPI document (it answered %d %s)", k, st, body)
			}
		}
		for k := range documented {
			if !registered[k] {
				t.Errorf("documented operation %s is not a registered route", k)
			}
		}

		// (b) Every documented operation answers as documented. Deletions go last, on their own
		// endpoint, so the other operations act on resources that exist.
		ops := append([]openapi.Operation(nil), doc.Operations...)
		sort.SliceStable(ops, func(i, j int) bool { return ops[i].Method != http.MethodDelete && ops[j].Method == http.MethodDelete })
		for _, op := range ops {
			t.Run(op.OperationID, func(t *testing.T) {
				oaCallDocumented(t, s, db, doc, op, fx)
			})
		}

		// Documented errors are what the API sends: each checked against its documented response.
		for _, tc := range []struct {
			opID, path string
			headers    map[string]string
			body       string
			want       int
		}{
			{"getClaimScore", "/v1/claims/" + strings.Repeat("0", 8) + "-0000-7000-8000-000000000000/score", oaHeaders(fx.key), "", 404},
			{"getClaim", "/v1/claims/not-a-uuid", oaHeaders(fx.key), "", 404},
			{"searchClaims", "/v1/claims/search?order=relevance&limit=500", oaHeaders(fx.key), "", 400},
			{"searchClaims", "/v1/claims/search?q=x", oaHeaders(""), "", 401},
			{"getFirm", "/v1/firms/no-such-firm", oaHeaders(fx.key), "", 404},
			{"listExperts", "/v1/experts?limit=0", oaHeaders(fx.key), "", 400},
			{"submitClaim", "/v1/claims/submit", oaHeaders(fx.key), `{"claim": "   "}`, 400},
			{"submitClaim", "/v1/claims/submit", map[string]string{"Authorization": "Bearer " + fx.key, "Content-Type": "text/plain"}, `claim`, 415},
			{"createWebhook", "/v1/webhooks", oaHeaders(fx.key), `{"url": "ftp://x", "event_types": ["claim.deleted"]}`, 400},
			{"getWebhook", "/v1/webhooks/0190f7aa-0b1c-7d2e-9f30-415263748596", oaHeaders(fx.key), "", 404},
			{"listWebhookDeliveries", "/v1/webhooks/" + fx.webhookID + "/deliveries?limit=500", oaHeaders(fx.key), "", 400},
		} {
			op, ok := doc.Operation(tc.opID)
			if !ok {
				t.Errorf("no operation %s", tc.opID)
				continue
			}
			var body []byte
			if tc.body != "" {
				body = []byte(tc.body)
			}
			st, hdr, got := do(t, op.Method, s.base+tc.path, tc.headers, body)
			if st != tc.want {
				t.Errorf("%s %s: status %d, want %d: %s", op.Method, tc.path, st, tc.want, got)
				continue
			}
			oaCheckResponse(t, doc, op, st, hdr, got)
		}

		// What webhooks deliver is what the webhooks section documents.
		oaCheckDeliveries(t, db, doc)

		// A submission has no score yet (409) and reads as queued.
		st, _, body := do(t, http.MethodPost, s.base+"/v1/claims/submit", oaHeaders(fx.key), []byte(`{"claim":"Ay peynirden yapılmıştır"}`))
		if st != http.StatusAccepted {
			t.Fatalf("submit: %d %s", st, body)
		}
		var acc struct{ ID string }
		mustJSON(t, body, &acc)
		for _, tc := range []struct {
			opID, path string
			want       int
		}{
			{"getClaimScore", "/v1/claims/" + acc.ID + "/score", http.StatusConflict},
			{"getClaim", "/v1/claims/" + acc.ID, http.StatusOK},
		} {
			op, _ := doc.Operation(tc.opID)
			st, hdr, got := do(t, http.MethodGet, s.base+tc.path, oaHeaders(fx.key), nil)
			if st != tc.want {
				t.Errorf("%s: status %d, want %d: %s", tc.path, st, tc.want, got)
				continue
			}
			oaCheckResponse(t, doc, op, st, hdr, got)
		}
	})
}

// oaCheckDeliveries validates every queued webhook body against the payload schema of its event
// in the document's webhooks section; every documented event must have been seen.
func oaCheckDeliveries(t *testing.T, db *database.DB, doc *openapi.Document) {
	t.Helper()
	// No background workers run here: do their fan-out step, which queues the events' deliveries
	// (on PostgreSQL once older transactions, other tests' included, have ended).
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if _, err := models.NewWebhookStore(db).FanOut(context.Background(), 1000, time.Now()); err != nil {
			t.Fatal(err)
		}
		var pending int64
		if err := db.Gorm.Raw(`SELECT count(*) FROM events WHERE id > (SELECT event_id FROM webhook_fanout)`).Row().Scan(&pending); err != nil {
			t.Fatal(err)
		}
		if pending == 0 || time.Now().After(deadline) {
			break
		}
	}
	var ds []models.WebhookDelivery
	if err := db.Gorm.Order("created_at").Find(&ds).Error; err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, d := range ds {
		var hook *openapi.Operation
		for i := range doc.Webhooks {
			if doc.Webhooks[i].Path == d.EventType {
				hook = &doc.Webhooks[i]
			}
		}
		if hook == nil || hook.RequestBody == nil || len(hook.RequestBody.Content) == 0 {
			t.Errorf("delivery of %s: the event is not in the webhooks section", d.EventType)
			continue
		}
		seen[d.EventType] = true
		for _, e := range doc.ValidateJSON(hook.RequestBody.Content[0].Schema, []byte(d.Payload)) {
			t.Errorf("%s delivery does not match the document: %s\n%s", d.EventType, e, d.Payload)
		}
	}
	for _, h := range doc.Webhooks {
		if !seen[h.Path] {
			t.Errorf("no %s delivery was queued to check against the document", h.Path)
		}
	}
}

// oaFill puts the fixtures' values into a path's parameters.
func oaFill(t *testing.T, path string, fx oaFixtures) string {
	t.Helper()
	return regexp.MustCompile(`\{([^}]+)\}`).ReplaceAllStringFunc(path, func(m string) string {
		name := m[1 : len(m)-1]
		switch {
		case name == "slug":
			return fx.firmSlug
		case name == "id" && strings.HasPrefix(path, "/v1/claims/"):
			return fx.claimID
		case name == "id" && strings.HasPrefix(path, "/v1/webhooks/"):
			return fx.webhookID
		}
		t.Fatalf("no fixture for parameter %s of %s", name, path)
		return ""
	})
}

// oaCallDocumented calls op with real ids, its parameter and body examples and the key, and checks
// the answer against the document.
func oaCallDocumented(t *testing.T, s *server, db *database.DB, doc *openapi.Document, op openapi.Operation, fx oaFixtures) {
	path := oaFill(t, op.Path, fx)
	if op.Method == http.MethodDelete && strings.HasPrefix(op.Path, "/v1/webhooks/") {
		path = strings.Replace(path, fx.webhookID, fx.deleteID, 1)
	}
	q := url.Values{}
	headers := oaHeaders(fx.key)
	if op.Public {
		headers = oaHeaders("")
	}
	for _, p := range op.Parameters {
		var v string
		if len(p.Example) > 0 && json.Unmarshal(p.Example, &v) != nil {
			v = string(p.Example)
		}
		switch {
		case v == "":
		case p.In == "query":
			q.Set(p.Name, v)
		case p.In == "header" && p.Name != "Last-Event-ID":
			headers[p.Name] = v
		}
	}
	if op.OperationID == "searchClaims" {
		// Two fixture claims share the word, so one per page gives a next cursor to check.
		q = url.Values{"q": {fx.word}, "limit": {"1"}}
	}
	if oaIsStream(op) {
		// The whole log, unfiltered, so every event type is checked.
		q = url.Values{}
	}
	if op.OperationID == "submitClaim" {
		headers["Idempotency-Key"] = "openapi-test-" + time.Now().Format(time.RFC3339Nano)
	}
	target := s.base + path
	if len(q) > 0 {
		target += "?" + q.Encode()
	}
	var body []byte
	if op.RequestBody != nil && len(op.RequestBody.Content) > 0 && len(op.RequestBody.Content[0].Examples) > 0 {
		body = op.RequestBody.Content[0].Examples[0].Value
	}
	if oaIsStream(op) {
		oaCheckStream(t, db, doc, op, target, fx.key)
		return
	}
	st, hdr, got := do(t, op.Method, target, headers, body)
	if st < 200 || st > 299 {
		t.Fatalf("%s %s: %d %s", op.Method, target, st, got)
	}
	oaCheckResponse(t, doc, op, st, hdr, got)
	if op.OperationID == "searchClaims" {
		var page struct {
			Data       []json.RawMessage
			NextCursor *string `json:"next_cursor"`
		}
		mustJSON(t, got, &page)
		if len(page.Data) != 1 || page.NextCursor == nil {
			t.Errorf("search for %q with limit 1 should find one of two claims and a cursor: %s", fx.word, got)
		}
	}
}

// oaCheckResponse checks an answer against op's documented response for its status: documented
// status, media type and headers, and a body that matches the schema.
func oaCheckResponse(t *testing.T, doc *openapi.Document, op openapi.Operation, status int, hdr http.Header, body []byte) {
	t.Helper()
	where := op.Method + " " + op.Path
	var resp *openapi.Response
	for i, r := range op.Responses {
		if r.Status == strconv.Itoa(status) {
			resp = &op.Responses[i]
		}
	}
	if resp == nil {
		t.Errorf("%s answered %d, which is not documented: %s", where, status, body)
		return
	}
	for _, h := range resp.Headers {
		switch h.Name {
		case "Retry-After", "Idempotent-Replayed", "WWW-Authenticate":
			continue // only on some answers of this status
		}
		if hdr.Get(h.Name) == "" {
			t.Errorf("%s %d: documented header %s is missing", where, status, h.Name)
		}
	}
	if len(resp.Content) == 0 {
		if len(body) != 0 {
			t.Errorf("%s %d: documented without a body, got %s", where, status, body)
		}
		return
	}
	mt, _, _ := mime.ParseMediaType(hdr.Get("Content-Type"))
	var media *openapi.MediaType
	for i, c := range resp.Content {
		if c.Type == mt {
			media = &resp.Content[i]
		}
	}
	if media == nil {
		t.Errorf("%s %d: Content-Type %q is not documented", where, status, hdr.Get("Content-Type"))
		return
	}
	if media.Schema != nil && strings.Contains(mt, "json") {
		for _, e := range doc.ValidateJSON(media.Schema, body) {
			t.Errorf("%s %d: body does not match the document: %s\n%s", where, status, e, body)
		}
	}
}

// oaIsStream reports whether op answers a Server-Sent Events stream.
func oaIsStream(op openapi.Operation) bool {
	for _, r := range op.Responses {
		for _, c := range r.Content {
			if c.Type == "text/event-stream" {
				return true
			}
		}
	}
	return false
}

// oaCheckStream opens the live feed from the start of the log and checks every replayed event's
// data against the FeedEvent schema.
func oaCheckStream(t *testing.T, db *database.DB, doc *openapi.Document, op openapi.Operation, target, key string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, op.Method, target, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Last-Event-ID", "0")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("%s: %d %s", target, resp.StatusCode, b)
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "text/event-stream" {
		t.Fatalf("Content-Type %q", resp.Header.Get("Content-Type"))
	}
	feedEvent := doc.Schema("FeedEvent")
	if feedEvent == nil {
		t.Fatal("no FeedEvent schema")
	}
	last, err := models.NewEventStore(db).LastID(ctx)
	if err != nil || last == 0 {
		t.Fatalf("event log: last id %d, %v", last, err)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var id, event string
	types := map[string]bool{}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "id: "):
			id = strings.TrimPrefix(line, "id: ")
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			data := []byte(strings.TrimPrefix(line, "data: "))
			for _, e := range doc.ValidateJSON(feedEvent, data) {
				t.Errorf("feed event %s (%s) does not match FeedEvent: %s\n%s", id, event, e, data)
			}
			var ev struct {
				EventID json.Number `json:"event_id"`
				Type    string      `json:"type"`
			}
			mustJSON(t, data, &ev)
			if ev.EventID.String() != id || ev.Type != event {
				t.Errorf("frame id %s event %s, data event_id %s type %s", id, event, ev.EventID, ev.Type)
			}
			types[ev.Type] = true
			if id == strconv.FormatInt(last, 10) {
				// The whole log replayed: every event type the log holds was checked.
				if len(types) != 3 {
					t.Errorf("the replay held the event types %v, want all three", types)
				}
				return
			}
		}
	}
	t.Fatalf("the stream ended before event %d: %v", last, sc.Err())
}

// TestDocsPageServedByTheApp renders /docs through the real wiring: an anchor for every problem
// type the API can send (the targets of the problem type URIs) and every documented operation, and
// the navigation links it.
func TestDocsPageServedByTheApp(t *testing.T) {
	s := startServer(t, testdb.Open(t, database.SQLite), nil)
	st, hdr, body := do(t, http.MethodGet, s.base+"/docs", nil, nil)
	if st != http.StatusOK || !strings.HasPrefix(hdr.Get("Content-Type"), "text/html") {
		t.Fatalf("/docs: %d %s", st, hdr.Get("Content-Type"))
	}
	page, err := goquery.NewDocumentFromReader(strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	for _, slug := range v1api.ProblemSlugs() {
		if page.Find(`[data-testid=docs-problem]#problem-`+slug).Length() != 1 {
			t.Errorf("no anchor for problem type %s", v1api.ProblemType(slug))
		}
	}
	doc, err := openapi.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range doc.Operations {
		if page.Find(`[data-testid=docs-operation][data-operation-id=`+op.OperationID+`]#`+op.OperationID).Length() != 1 {
			t.Errorf("no entry for operation %s", op.OperationID)
		}
	}
	if page.Find(`.site-nav a[href="/docs"][aria-current=page]`).Length() != 1 {
		t.Error("the navigation does not link /docs as the current page")
	}
	if !strings.Contains(page.Find("[data-testid=docs-compat-supabase]").Text(), "createClient('"+s.base+"'") {
		t.Error("the supabase-js example does not use this deployment's address")
	}

	// The problem type of a real /v1 error resolves to one of these anchors.
	_, _, pb := do(t, http.MethodGet, s.base+"/v1/claims/search?q=x", nil, nil)
	var p v1api.ProblemDetails
	mustJSON(t, pb, &p)
	ref, err := url.Parse(p.Type)
	if err != nil || ref.Path != "/docs" || page.Find("#"+ref.Fragment).Length() != 1 {
		t.Errorf("problem type %q does not resolve to an anchor on /docs", p.Type)
	}

	// The document itself is public: no key, and not counted.
	st, hdr, body = do(t, http.MethodGet, s.base+"/v1/openapi.json", nil, nil)
	if st != http.StatusOK || hdr.Get("X-RateLimit-Limit") != "" {
		t.Fatalf("/v1/openapi.json without a key: %d (X-RateLimit-Limit %q)", st, hdr.Get("X-RateLimit-Limit"))
	}
	var served struct {
		Servers []struct{ URL string } `json:"servers"`
	}
	mustJSON(t, body, &served)
	if len(served.Servers) != 1 || served.Servers[0].URL != s.base {
		t.Errorf("servers %+v, want %s", served.Servers, s.base)
	}
}
