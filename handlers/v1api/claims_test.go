package v1api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/v1api"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// v1tBasis is an analysis basis with the source assessed and the other sub-scores not.
const v1tBasis = `{"source_score":{"assessed":true,"method":"domain-rating","detail":"bbc.co.uk is rated 0.81 (pc1)"},
"science_score":{"assessed":false,"method":"not-assessed","detail":"No scientific evidence source is enabled."},
"academic_score":{"assessed":false,"method":"not-assessed","detail":"No academic source is enabled."},
"public_score":{"assessed":false,"method":"not-assessed","detail":"No public opinion source is enabled."}}`

// v1tMatches has one confident match, whose similarity becomes the AI confidence.
const v1tMatches = `[{"url":"https://factcheck.example/1","claim_reviewed":"The moon is cheese","similarity":0.87,"verdict":"yanlis","confident":true,"publisher":"Example Check"},
{"url":"https://factcheck.example/2","claim_reviewed":"Cheese is from the moon","similarity":0.4,"verdict":"belirsiz","confident":false}]`

// seedClaim stores an analysed claim at the env clock plus offset.
func (e *v1tEnv) seedClaim(t *testing.T, content, verdict, category, lang, source string, offset time.Duration) *models.Claim {
	t.Helper()
	c := &models.Claim{ID: uuid.Must(uuid.NewV7()).String(), Content: content, Language: lang, Category: category, EnQuery: content,
		AIScore: map[string]int{"dogru": 90, "kismen": 60, "yanlis": 10, "belirsiz": 50}[verdict], AIVerdict: verdict,
		AISummary: "Seeded for the test.", SourceScore: 81, ScienceScore: 50, AcademicScore: 50, PublicScore: 50,
		Analyzer: "offline", AnalyzerVersion: "3", Basis: v1tBasis, Matches: v1tMatches, AnalysisMeta: `{}`,
		CreatedAt: e.clock.now().Add(offset).UTC()}
	if source != "" {
		u, err := url.Parse(source)
		if err != nil {
			t.Fatal(err)
		}
		dom := strings.TrimPrefix(u.Hostname(), "www.")
		c.SourceURL, c.SourceDomain = &source, &dom
	}
	if err := e.stores.Claims.Create(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	return c
}

// seedFirm stores a firm owning domains.
func (e *v1tEnv) seedFirm(t *testing.T, slug, name, website string, domains ...string) *models.Firm {
	t.Helper()
	f := &models.Firm{Slug: slug, Name: name, Description: name + " publishes news.", Website: website, CreatedAt: e.clock.now()}
	if err := e.firms.Create(context.Background(), f, domains); err != nil {
		t.Fatal(err)
	}
	return f
}

// vote records an expert vote with a plain confidence-weighted mean as the tally.
func (e *v1tEnv) vote(t *testing.T, claimID, expertID, verdict string, conf float64) {
	t.Helper()
	tally := func(vs []models.ClaimVote) models.CommunityTally {
		sum, w := 0.0, 0.0
		for _, v := range vs {
			sum += float64(map[string]int{"dogru": 100, "kismen": 50, "yanlis": 0, "belirsiz": 50}[v.Verdict]) * v.Confidence
			w += v.Confidence
		}
		verdict := vs[len(vs)-1].Verdict
		return models.CommunityTally{Score: sum / w, Verdict: verdict, Confidence: w / float64(len(vs)), Experts: len(vs),
			Settled: len(vs) >= 2 && verdict != "belirsiz"}
	}
	if _, err := e.experts.ApplyVote(context.Background(), models.ClaimVote{ClaimID: claimID, ExpertID: expertID, Verdict: verdict,
		Confidence: conf, Note: "checked " + verdict, Sources: `["https://source.example/a"]`}, tally, e.clock.now()); err != nil {
		t.Fatal(err)
	}
}

// keysOf lists a JSON object's keys, sorted.
func keysOf(m map[string]any) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ",")
}

func TestV1ClaimScoreAndDetail(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 0)
		key := e.betaKey(t)
		firm := e.seedFirm(t, "bbc-news", "BBC News", "", "bbc.co.uk")
		voted := e.seedClaim(t, "The moon is made of cheese", "yanlis", "science", "en", "https://www.bbc.co.uk/news/1", 0)
		plain := e.seedClaim(t, "Ay peynirden yapılmıştır", "belirsiz", "science", "tr", "", time.Second)
		public := e.user(t, "Ada Expert", models.RoleExpert, false)
		private := e.user(t, "Hidden Expert", models.RoleExpert, false)
		if err := e.experts.SaveProfile(context.Background(), &models.ExpertProfile{UserID: private.ID, Public: false}, e.clock.now()); err != nil {
			t.Fatal(err)
		}
		e.vote(t, voted.ID, public.ID, "yanlis", 0.9)
		e.clock.add(time.Minute)
		e.vote(t, voted.ID, private.ID, "yanlis", 0.7)

		// The score: the four fields of docs/DECISIONS.md §6, from the community once experts voted, and
		// what it rests on (decided, basis).
		r := e.do(t, "GET", "/v1/claims/"+voted.ID+"/score", key, nil, "")
		if r.status != 200 {
			t.Fatalf("score: %d %s", r.status, r.body)
		}
		m := r.json(t)
		if keysOf(m) != "basis,confidence,decided,experts,score,verdict" {
			t.Errorf("score fields = %s, want score, verdict, experts, confidence, decided and basis", keysOf(m))
		}
		if m["verdict"] != "refuted" || m["experts"] != 2.0 || m["score"] != 0.0 || m["confidence"] != 0.8 || m["decided"] != true || m["basis"] != "experts" {
			t.Errorf("community score = %v", m)
		}
		m = e.do(t, "GET", "/v1/claims/"+plain.ID+"/score", key, nil, "").json(t)
		if m["verdict"] != "unverified" || m["experts"] != 0.0 || m["score"] != 50.0 || m["confidence"] != 0.87 || m["decided"] != true {
			t.Errorf("AI score = %v (confidence is the confident match's similarity; a fact-check decided it)", m)
		}

		// The detail.
		r = e.do(t, "GET", "/v1/claims/"+strings.ToUpper(voted.ID), key, nil, "")
		if r.status != 200 {
			t.Fatalf("detail: %d %s", r.status, r.body)
		}
		var d struct {
			ID, Content, Status, Language, Category string
			EnQuery                                 string    `json:"en_query"`
			SourceURL                               *string   `json:"source_url"`
			CreatedAt                               time.Time `json:"created_at"`
			Score                                   models.ScoreView
			Analysis                                struct {
				Score           int
				Verdict         string
				VerdictCode     string `json:"verdict_code"`
				Summary         string
				Analyzer        string
				AnalyzerVersion string `json:"analyzer_version"`
				Confidence      float64
				SubScores       map[string]struct {
					Score    int
					Assessed bool
					Method   string
					Basis    string
				} `json:"sub_scores"`
			}
			Matches   []map[string]any
			Community *struct {
				Score      float64
				Verdict    string
				Confidence float64
				Experts    int
				Votes      []struct {
					Expert struct {
						ID   *string
						Name string
					}
					Verdict    string
					Confidence float64
					Note       string
					Sources    []string
				}
			}
			History []struct {
				Score   float64
				Verdict string
				Experts int
				Cause   string
				At      time.Time
			}
			Firm *struct {
				Slug, Name, URL string
				TrustScore      *float64 `json:"trust_score"`
			}
			Links struct{ Self, Score, Page string }
		}
		if err := json.Unmarshal(r.body, &d); err != nil {
			t.Fatal(err)
		}
		if d.ID != voted.ID || d.Status != "analysed" || d.Content != voted.Content || d.Language != "en" || d.Category != "science" ||
			d.EnQuery == "" || d.SourceURL == nil || !d.CreatedAt.Equal(voted.CreatedAt) {
			t.Errorf("claim fields = %+v", d)
		}
		if d.Score.Verdict != "refuted" || d.Score.Experts != 2 {
			t.Errorf("detail score = %+v", d.Score)
		}
		a := d.Analysis
		if a.Score != 10 || a.Verdict != "refuted" || a.VerdictCode != "yanlis" || a.Summary == "" || a.Analyzer != "offline" ||
			a.AnalyzerVersion != "3" || a.Confidence != 0.87 {
			t.Errorf("analysis = %+v", a)
		}
		if s := a.SubScores["source"]; !s.Assessed || s.Score != 81 || s.Method != "domain-rating" || !strings.Contains(s.Basis, "bbc.co.uk") {
			t.Errorf("source sub-score = %+v", s)
		}
		if s := a.SubScores["public"]; s.Assessed || s.Score != 50 || !strings.Contains(s.Basis, "public opinion") {
			t.Errorf("public sub-score = %+v (not assessed, with the reason)", s)
		}
		if len(a.SubScores) != 4 {
			t.Errorf("sub-scores = %v", a.SubScores)
		}
		if len(d.Matches) != 2 || d.Matches[0]["claim_reviewed"] != "The moon is cheese" || d.Matches[0]["confident"] != true {
			t.Errorf("matches = %v", d.Matches)
		}
		if d.Community == nil || d.Community.Experts != 2 || d.Community.Verdict != "refuted" || len(d.Community.Votes) != 2 {
			t.Fatalf("community = %+v", d.Community)
		}
		named, anonymous := d.Community.Votes[1], d.Community.Votes[0] // newest first
		if named.Expert.ID == nil || *named.Expert.ID != public.ID || named.Expert.Name != "Ada Expert" || named.Verdict != "refuted" ||
			named.Confidence != 0.9 || len(named.Sources) != 1 || named.Note == "" {
			t.Errorf("public expert's vote = %+v", named)
		}
		if anonymous.Expert.ID != nil || anonymous.Expert.Name == "Hidden Expert" {
			t.Errorf("a private expert was identified: %+v", anonymous.Expert)
		}
		if len(d.History) != 3 || d.History[0].Cause != "analysis" || d.History[2].Cause != "vote" || d.History[2].Experts != 2 {
			t.Errorf("history = %+v", d.History)
		}
		if d.Firm == nil || d.Firm.Slug != firm.Slug || d.Firm.Name != "BBC News" || d.Firm.URL != "/v1/firms/bbc-news" || d.Firm.TrustScore == nil {
			t.Errorf("firm = %+v", d.Firm)
		}
		// Linked by its submitter's address, but settled by two agreeing experts: it counts.
		if fm, _ := e.do(t, "GET", "/v1/claims/"+voted.ID, key, nil, "").json(t)["firm"].(map[string]any); fm["attribution"] != "submitter" || fm["counts_toward_trust"] != true {
			t.Errorf("firm attribution = %v", fm)
		}
		if d.Links.Self != "/v1/claims/"+voted.ID || d.Links.Score != "/v1/claims/"+voted.ID+"/score" || d.Links.Page != v1tBase+"/claims/"+voted.ID {
			t.Errorf("links = %+v", d.Links)
		}

		m = e.do(t, "GET", "/v1/claims/"+plain.ID, key, nil, "").json(t)
		if m["community"] != nil || m["firm"] != nil || m["source_url"] != nil {
			t.Errorf("claim without votes or firm: community %v firm %v source %v", m["community"], m["firm"], m["source_url"])
		}

		// Missing, malformed and hidden claims are all 404.
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ? WHERE id = ?", e.clock.now(), plain.ID).Error; err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"not-a-uuid", uuid.NewString(), plain.ID, "{" + voted.ID + "}", "urn:uuid:" + voted.ID} {
			for _, suffix := range []string{"", "/score"} {
				r := e.do(t, "GET", "/v1/claims/"+url.PathEscape(id)+suffix, key, nil, "")
				r.problem(t, 404, v1api.ProblemNotFound)
			}
		}
		e.do(t, "DELETE", "/v1/claims/"+voted.ID, key, nil, "").problem(t, 405, v1api.ProblemMethodNotAllowed)
		e.do(t, "POST", "/v1/claims/"+voted.ID+"/score", key, nil, "").problem(t, 405, v1api.ProblemMethodNotAllowed)
	})
}

func TestV1SubmissionStates(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 0)
		key, row := e.key(t, "beta-free", nil, nil, false)
		ctx := context.Background()
		enqueue := func(content string) *models.ClaimSubmission {
			src := "https://example.com/a"
			res, err := e.subs.Enqueue(ctx, &models.ClaimSubmission{Content: content, SourceURL: &src},
				models.Payment{KeyID: row.ID, Now: e.clock.now()}, nil)
			if err != nil {
				t.Fatal(err)
			}
			return res.Submission
		}
		queued, failed, leased := enqueue("queued one"), enqueue("failed one"), enqueue("leased one")
		got, err := e.subs.ClaimDue(ctx, "w", 2, e.clock.now(), time.Minute)
		if err != nil || len(got) != 2 {
			t.Fatalf("claim: %v %v", got, err)
		}
		// The two oldest ("queued one", "failed one") are leased: hand the first back, fail the second,
		// then lease the first again, leaving "leased one" queued and "queued one" being analysed.
		if ok, err := e.subs.Release(ctx, queued.ID, "w", e.clock.now()); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if ok, err := e.subs.Fail(ctx, failed.ID, "w", "The analyzer failed 3 times; submit the claim again later.", e.clock.now()); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if got, err := e.subs.ClaimDue(ctx, "w2", 1, e.clock.now(), time.Minute); err != nil || len(got) != 1 || got[0].ID != queued.ID {
			t.Fatalf("claim 2: %v %v", got, err)
		}

		for _, tc := range []struct {
			sub    *models.ClaimSubmission
			status string
			reason string
		}{{queued, "queued", ""}, {leased, "queued", ""}, {failed, "failed", "analyzer failed 3 times"}} {
			r := e.do(t, "GET", "/v1/claims/"+tc.sub.ID, key, nil, "")
			if r.status != 200 {
				t.Fatalf("%s: %d %s", tc.status, r.status, r.body)
			}
			m := r.json(t)
			want := "content,created_at,id,links,source_url,status"
			if tc.reason != "" {
				want = "content,created_at,failure_reason,id,links,source_url,status"
			}
			if keysOf(m) != want || m["status"] != tc.status || m["content"] != tc.sub.Content || m["source_url"] != "https://example.com/a" {
				t.Errorf("%s submission = %v", tc.status, m)
			}
			if tc.reason != "" && !strings.Contains(fmt.Sprint(m["failure_reason"]), tc.reason) {
				t.Errorf("failure_reason = %v", m["failure_reason"])
			}
			p := e.do(t, "GET", "/v1/claims/"+tc.sub.ID+"/score", key, nil, "").problem(t, 409, v1api.ProblemConflict)
			if !strings.Contains(p.Detail, map[string]string{"queued": "still queued", "failed": "analysis failed"}[tc.status]) {
				t.Errorf("409 detail = %q", p.Detail)
			}
		}
	})
}

func TestV1SearchParameters(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 0)
		key := e.betaKey(t)
		e.seedFirm(t, "daily-planet", "Daily Planet", "https://dailyplanet.example", "dailyplanet.example")
		cases := []struct {
			query, field, msg string
		}{
			{"q=" + strings.Repeat("ş", 201), "q", "limit is 200"},
			{"category=astrology", "category", "health"},
			{"verdict=true", "verdict", "verified, partial, refuted, unverified"},
			{"verdict=dogru", "verdict", "verified"},
			{"firm=no-such-firm", "firm", "no firm"},
			{"firm=Bad%20Slug", "firm", "slug"},
			{"language=english", "language", "ISO 639-1"},
			{"language=e1", "language", "ISO 639-1"},
			{"from=yesterday", "from", "RFC 3339"},
			{"to=2026-13-01", "to", "RFC 3339"},
			{"from=2026-11-21&to=2026-11-21", "to", "later than from"},
			{"from=2026-11-22T00:00:00Z&to=2026-11-21", "to", "later than from"},
			{"order=popular", "order", "relevance or newest"},
			{"order=relevance", "order", "needs a search text"},
			{"limit=0", "limit", "1 to 100"},
			{"limit=101", "limit", "1 to 100"},
			{"limit=ten", "limit", "1 to 100"},
			{"cursor=" + strings.Repeat("x", 600), "cursor", "not one this API issued"},
			{"q=moon&cursor=garbage", "cursor", "invalid"},
		}
		for _, tc := range cases {
			t.Run(tc.query, func(t *testing.T) {
				p := e.do(t, "GET", "/v1/claims/search?"+tc.query, key, nil, "").problem(t, 400, v1api.ProblemInvalidRequest)
				if msg := fields(p)[tc.field]; !strings.Contains(msg, tc.msg) {
					t.Errorf("%s message = %q, want it to contain %q (errors %v)", tc.field, msg, tc.msg, p.Errors)
				}
			})
		}
		// Several mistakes are all reported at once.
		p := e.do(t, "GET", "/v1/claims/search?limit=0&verdict=x&language=xyz", key, nil, "").problem(t, 400, v1api.ProblemInvalidRequest)
		if len(p.Errors) != 3 {
			t.Errorf("errors = %v, want three", p.Errors)
		}
		e.do(t, "POST", "/v1/claims/search", key, nil, "").problem(t, 405, v1api.ProblemMethodNotAllowed)
	})
}

func TestV1SearchResultsAndPaging(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 0)
		key := e.betaKey(t)
		e.seedFirm(t, "daily-planet", "Daily Planet", "", "dailyplanet.example")
		var ids []string
		for i, tc := range []struct{ content, verdict, category, lang, src string }{
			{"Vaccines cause autism in children", "yanlis", "health", "en", "https://dailyplanet.example/a"},
			{"Vaccines prevent measles outbreaks", "dogru", "health", "en", ""},
			{"Aşılar otizme neden olur", "yanlis", "health", "tr", ""},
			{"The stock market rose by ten percent", "kismen", "economy", "en", "https://dailyplanet.example/b"},
			{"Vaccines contain microchips", "yanlis", "technology", "en", ""},
		} {
			ids = append(ids, e.seedClaim(t, tc.content, tc.verdict, tc.category, tc.lang, tc.src, time.Duration(i)*time.Minute).ID)
		}
		type page struct {
			Data []struct {
				ID    string
				Rank  float64
				Score models.ScoreView
				Firm  *struct{ Slug string }
				Links struct{ Self, Page string }
			}
			NextCursor *string `json:"next_cursor"`
			Links      struct{ Next *string }
		}
		get := func(q string) page {
			t.Helper()
			r := e.do(t, "GET", "/v1/claims/search?"+q, key, nil, "")
			if r.status != 200 {
				t.Fatalf("%s: %d %s", q, r.status, r.body)
			}
			var p page
			if err := json.Unmarshal(r.body, &p); err != nil {
				t.Fatal(err)
			}
			return p
		}
		idsOf := func(p page) []string {
			var out []string
			for _, d := range p.Data {
				out = append(out, d.ID)
			}
			return out
		}
		p := get("q=vaccines")
		if len(p.Data) != 3 || p.NextCursor != nil || p.Links.Next != nil {
			t.Fatalf("q=vaccines: %+v", p)
		}
		for _, d := range p.Data {
			if d.Rank <= 0 || d.Links.Self != "/v1/claims/"+d.ID || d.Links.Page != v1tBase+"/claims/"+d.ID {
				t.Errorf("hit = %+v", d)
			}
		}
		for q, want := range map[string][]string{
			"q=vaccines&verdict=refuted&order=newest":           {ids[4], ids[0]},
			"category=economy":                                  {ids[3]},
			"firm=daily-planet":                                 {ids[3], ids[0]},
			"language=tr":                                       {ids[2]},
			"from=2026-11-21T10:01:30Z&to=2026-11-21T10:03:30Z": {ids[3], ids[2]},
		} {
			if got := idsOf(get(q)); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("%s → %v, want %v", q, got, want)
			}
		}
		fp := get("firm=daily-planet&limit=1")
		if len(fp.Data) != 1 || fp.Data[0].Firm == nil || fp.Data[0].Firm.Slug != "daily-planet" {
			t.Errorf("firm on a hit = %+v", fp.Data)
		}
		// Paging: follow links.next until the end; every claim once, newest first.
		var seen []string
		next := "/v1/claims/search?limit=2&order=newest"
		for range 10 {
			r := e.do(t, "GET", next, key, nil, "")
			var pg page
			if err := json.Unmarshal(r.body, &pg); err != nil || r.status != 200 {
				t.Fatalf("%s: %d %s", next, r.status, r.body)
			}
			seen = append(seen, idsOf(pg)...)
			if pg.Links.Next == nil {
				if pg.NextCursor != nil {
					t.Error("next_cursor without links.next")
				}
				break
			}
			if pg.NextCursor == nil || !strings.Contains(*pg.Links.Next, "limit=2") || !strings.Contains(*pg.Links.Next, url.QueryEscape(*pg.NextCursor)) {
				t.Errorf("links.next = %v, cursor %v", *pg.Links.Next, pg.NextCursor)
			}
			next = *pg.Links.Next
		}
		want := []string{ids[4], ids[3], ids[2], ids[1], ids[0]}
		if strings.Join(seen, ",") != strings.Join(want, ",") {
			t.Errorf("paged through %v, want %v", seen, want)
		}
	})
}

func TestV1Submit(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 0)
		key, row := e.key(t, "beta-free", v1tIntp(5), nil, false)
		jsonCT := map[string]string{"Content-Type": "application/json"}
		bad := []struct {
			name, ct, body string
			status         int
			slug, field    string
			msg            string
		}{
			{"form body", "application/x-www-form-urlencoded", "claim=x", 415, v1api.ProblemUnsupportedMediaType, "", "application/json"},
			{"no content type", "", `{"claim":"x"}`, 415, v1api.ProblemUnsupportedMediaType, "", "none"},
			{"empty body", "application/json", "", 400, v1api.ProblemInvalidRequest, "", "empty"},
			{"array", "application/json", `["x"]`, 400, v1api.ProblemInvalidRequest, "", "JSON object"},
			{"two objects", "application/json", `{"claim":"x"} {}`, 400, v1api.ProblemInvalidRequest, "", "after the JSON object"},
			{"no claim", "application/json", `{"text":"x"}`, 400, v1api.ProblemInvalidRequest, "claim", "Missing"},
			{"claim not a string", "application/json", `{"claim":42}`, 400, v1api.ProblemInvalidRequest, "claim", "string"},
			{"blank claim", "application/json", `{"claim":"   "}`, 400, v1api.ProblemInvalidRequest, "claim", "Enter the claim"},
			{"long claim", "application/json", `{"claim":"` + strings.Repeat("a", 5001) + `"}`, 400, v1api.ProblemInvalidRequest, "claim", "limit is 5000"},
			{"source not a string", "application/json", `{"claim":"x","source_url":1}`, 400, v1api.ProblemInvalidRequest, "source_url", "string"},
			{"bad source", "application/json", `{"claim":"x","source_url":"javascript:alert(1)"}`, 400, v1api.ProblemInvalidRequest, "source_url", "http"},
		}
		for _, tc := range bad {
			t.Run(tc.name, func(t *testing.T) {
				hdr := map[string]string{}
				if tc.ct != "" {
					hdr["Content-Type"] = tc.ct
				}
				r := e.do(t, "POST", "/v1/claims/submit", key, hdr, tc.body)
				p := r.problem(t, tc.status, tc.slug)
				got := p.Detail
				if tc.field != "" {
					got = fields(p)[tc.field]
				}
				if !strings.Contains(got, tc.msg) {
					t.Errorf("message %q does not contain %q (%+v)", got, tc.msg, p)
				}
				if r.header.Get("X-RateLimit-Remaining") != "5" {
					t.Errorf("rate headers on a refused submit: %v", r.header)
				}
			})
		}
		if n := e.used(t, row); n != 0 {
			t.Fatalf("refused submits counted %d", n)
		}
		// Other methods are 405 (a read, so the middleware counts it).
		e.do(t, "GET", "/v1/claims/submit", key, nil, "").problem(t, 405, v1api.ProblemMethodNotAllowed)
		long := map[string]string{"Content-Type": "application/json", "Idempotency-Key": strings.Repeat("k", 201)}
		p := e.do(t, "POST", "/v1/claims/submit", key, long, `{"claim":"x"}`).problem(t, 400, v1api.ProblemInvalidRequest)
		if fields(p)["Idempotency-Key"] == "" {
			t.Errorf("long Idempotency-Key: %+v", p)
		}

		// Accepted.
		r := e.do(t, "POST", "/v1/claims/submit", key, map[string]string{"Content-Type": "application/json; charset=utf-8"},
			`{"claim":"  The Eiffel Tower is in Rome  ","source_url":"https://news.example/eiffel"}`)
		if r.status != 202 {
			t.Fatalf("submit: %d %s", r.status, r.body)
		}
		m := r.json(t)
		id, _ := m["id"].(string)
		if _, err := uuid.Parse(id); err != nil || m["status"] != "queued" || m["created_at"] == nil {
			t.Fatalf("202 body = %v", m)
		}
		links, _ := m["links"].(map[string]any)
		if r.header.Get("Location") != "/v1/claims/"+id || links["self"] != "/v1/claims/"+id || links["score"] != "/v1/claims/"+id+"/score" {
			t.Errorf("Location %q links %v", r.header.Get("Location"), links)
		}
		stored := 1
		if r.header.Get("X-RateLimit-Remaining") != "3" || e.used(t, row) != 2 || e.wakes.Load() != 1 {
			t.Errorf("after one submit: headers %v used %d wakes %d", r.header, e.used(t, row), e.wakes.Load())
		}
		d := e.do(t, "GET", "/v1/claims/"+id, key, nil, "").json(t)
		if d["status"] != "queued" || d["content"] != "The Eiffel Tower is in Rome" || d["source_url"] != "https://news.example/eiffel" {
			t.Errorf("the submitted claim reads %v", d)
		}
		used := e.used(t, row) // the GETs counted too

		// Idempotency-Key: a retry returns the original without counting.
		idem := map[string]string{"Content-Type": "application/json", "Idempotency-Key": "retry-1"}
		first := e.do(t, "POST", "/v1/claims/submit", key, idem, `{"claim":"Water boils at 50 degrees"}`)
		again := e.do(t, "POST", "/v1/claims/submit", key, idem, `{"claim":" Water boils at 50 degrees "}`)
		if first.status != 202 || again.status != 202 || first.json(t)["id"] != again.json(t)["id"] || again.header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("replay: %d %s / %d %s", first.status, first.body, again.status, again.body)
		}
		stored++
		if n := e.used(t, row); n != used+1 || e.wakes.Load() != 2 {
			t.Errorf("usage %d (want %d), wakes %d: a replay must not count or wake", n, used+1, e.wakes.Load())
		}
		e.do(t, "POST", "/v1/claims/submit", key, idem, `{"claim":"Something else"}`).problem(t, 422, v1api.ProblemConflict)

		// Over quota (5, reads included): refused with 429, not counted, not stored.
		for e.used(t, row) < 5 {
			if r := e.do(t, "POST", "/v1/claims/submit", key, jsonCT, `{"claim":"filler"}`); r.status != 202 {
				t.Fatalf("filler: %d %s", r.status, r.body)
			}
			stored++
		}
		r = e.do(t, "POST", "/v1/claims/submit", key, jsonCT, `{"claim":"one too many"}`)
		r.problem(t, 429, v1api.ProblemQuotaExceeded)
		if r.header.Get("Retry-After") == "" || r.header.Get("X-RateLimit-Remaining") != "0" {
			t.Errorf("over-quota headers: %v", r.header)
		}
		if n := e.used(t, row); n != 5 {
			t.Errorf("usage = %d after a refused submit", n)
		}
		stats, err := e.subs.QueueStats(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, n := range stats {
			total += n
		}
		if total != stored {
			t.Errorf("stored submissions = %v, want %d (the refused one is not stored)", stats, stored)
		}
	})
}

// TestV1NotEnoughEvidence checks that /v1 says when nothing decided a claim's verdict, names the
// fact-checks that are about a different claim with the part that differs, and keeps every
// existing field (the score stays the neutral 50 clients already read); and that a fact-check
// rating a claim unproven is a decided verdict.
func TestV1NotEnoughEvidence(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 0)
		key := e.betaKey(t)
		undecided := e.seedClaim(t, "Çay içmek kansere neden olur", "belirsiz", "health", "tr", "", 0)
		unproven := e.seedClaim(t, "Bigfoot lives in Oregon", "belirsiz", "other", "en", "", time.Second)
		set := func(id, basis, matches string) {
			t.Helper()
			// The analysis changed under the claim: its score facts are set again from the new texts.
			if err := db.Gorm.Exec("UPDATE claims SET basis = ?, matches = ?, ai_decided = NULL WHERE id = ?", basis, matches, id).Error; err != nil {
				t.Fatal(err)
			}
			if _, err := e.stores.Claims.BackfillScoreFacts(context.Background(), 10); err != nil {
				t.Fatal(err)
			}
		}
		set(undecided.ID, `{"verdict":{"assessed":false,"method":"rule","detail":"No earlier fact-check matched, so the verdict is belirsiz."}}`,
			`[{"url":"https://factcheck.example/smoking","claim_reviewed":"Sigara içmek kansere neden olur","similarity":0.71,"verdict":"dogru","confident":false,"rejected":"different subject: çay ≠ sigara"},
{"url":"https://factcheck.example/far","claim_reviewed":"Kahve kalbe iyi gelir","similarity":0.22,"verdict":"kismen","confident":false}]`)
		set(unproven.ID, `{"verdict":{"assessed":true,"method":"knowledge-base-match","detail":"Matched: the fact-check rated it unproven."}}`,
			`[{"url":"https://factcheck.example/bigfoot","claim_reviewed":"Bigfoot lives in Oregon","similarity":0.95,"verdict":"belirsiz","confident":true,"publisher":"Example Check"}]`)

		m := e.do(t, "GET", "/v1/claims/"+undecided.ID+"/score", key, nil, "").json(t)
		if m["decided"] != false || m["basis"] != "not-enough-evidence" || m["score"] != 50.0 || m["verdict"] != "unverified" {
			t.Errorf("undecided score = %v, want decided false, basis not-enough-evidence and the compatible 50", m)
		}
		var d struct {
			Score struct {
				Decided bool
				Basis   string
			}
			Evidence struct {
				Decided      bool
				Basis, Title string
				Explanation  string
				Source       *struct{ URL string }
				Related      []struct {
					URL                 string
					AboutDifferentClaim bool `json:"about_different_claim"`
					Reason              string
				}
			}
			Analysis struct {
				Score        int
				Decided      bool
				VerdictBasis struct {
					Assessed bool
					Method   string
				} `json:"verdict_basis"`
			}
		}
		if err := json.Unmarshal(e.do(t, "GET", "/v1/claims/"+undecided.ID, key, nil, "").body, &d); err != nil {
			t.Fatal(err)
		}
		ev := d.Evidence
		if ev.Decided || ev.Basis != "not-enough-evidence" || ev.Title != "Not enough evidence" || ev.Source != nil || d.Score.Decided ||
			!strings.Contains(ev.Explanation, "not enough evidence") || !strings.Contains(ev.Explanation, "different subject: çay ≠ sigara") {
			t.Errorf("evidence = %+v", ev)
		}
		if len(ev.Related) != 2 || !ev.Related[0].AboutDifferentClaim || ev.Related[0].Reason != "different subject: çay ≠ sigara" ||
			ev.Related[1].AboutDifferentClaim || !strings.Contains(ev.Related[1].Reason, "not close enough") {
			t.Errorf("related = %+v", ev.Related)
		}
		if d.Analysis.Decided || d.Analysis.VerdictBasis.Assessed || d.Analysis.VerdictBasis.Method != "rule" || d.Analysis.Score != 50 {
			t.Errorf("analysis = %+v", d.Analysis)
		}

		d.Evidence.Related, d.Evidence.Source = nil, nil
		if err := json.Unmarshal(e.do(t, "GET", "/v1/claims/"+unproven.ID, key, nil, "").body, &d); err != nil {
			t.Fatal(err)
		}
		if !d.Evidence.Decided || d.Evidence.Basis != "knowledge-base-match" || d.Evidence.Title != "Knowledge-base match" ||
			d.Evidence.Source == nil || d.Evidence.Source.URL != "https://factcheck.example/bigfoot" || !d.Score.Decided || !d.Analysis.Decided {
			t.Errorf("a fact-check rating the claim unproven is a decided verdict: %+v", d)
		}
	})
}
