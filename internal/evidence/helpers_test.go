package evidence

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// Provider behaviours the fake server can play.
const (
	modeOK           = "ok"
	modeEmpty        = "empty"
	modeRateLimited  = "429"
	modeServerError  = "503"
	modeSlow         = "slow"
	modeMalformed    = "malformed"
	modeHuge         = "huge"
	modeAPIError     = "api-error"     // Wikipedia: error object with HTTP 200
	modeExtractsFail = "extracts-fail" // Wikipedia: search works, extracts answer 503
)

const (
	testAPIKey = "test-google-key-0123456789"
	testMailto = "ops@claimcheck.example"
	// secretSource is the user's source URL; it must never reach a provider.
	secretSource = "https://private-source.example/post/4711?token=abc"
)

// fakeProviders serves the recorded responses of all three providers from one server, counting
// requests per provider and keeping them for inspection.
type fakeProviders struct {
	t   *testing.T
	srv *httptest.Server

	mu         sync.Mutex
	mode       map[string]string
	retryAfter string
	hits       map[string]int
	reqs       []*http.Request
}

// newFake starts a server with every provider answering normally.
func newFake(t *testing.T) *fakeProviders {
	t.Helper()
	f := &fakeProviders{t: t, mode: map[string]string{}, hits: map[string]int{}}
	f.srv = httptest.NewServer(f)
	t.Cleanup(f.srv.Close)
	return f
}

// set changes how a provider answers.
func (f *fakeProviders) set(provider, mode string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.mode[provider] = mode
}

// count returns how many requests a provider received.
func (f *fakeProviders) count(provider string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hits[provider]
}

// total returns how many requests all providers received.
func (f *fakeProviders) total() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, c := range f.hits {
		n += c
	}
	return n
}

// requests returns the requests one provider received.
func (f *fakeProviders) requests(provider string) []*http.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*http.Request
	for _, r := range f.reqs {
		if providerOf(r.URL.Path) == provider {
			out = append(out, r)
		}
	}
	return out
}

// providerOf maps a request path to the provider it imitates.
func providerOf(path string) string {
	switch {
	case path == "/v1alpha1/claims:search":
		return ProviderGoogle
	case path == "/works":
		return ProviderOpenAlex
	case strings.HasSuffix(path, "/w/api.php"):
		return ProviderWikipedia
	}
	return ""
}

// ServeHTTP answers like the provider the path belongs to.
func (f *fakeProviders) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := providerOf(r.URL.Path)
	f.mu.Lock()
	f.hits[p]++
	f.reqs = append(f.reqs, r.Clone(context.Background()))
	mode := f.mode[p]
	retryAfter := f.retryAfter
	f.mu.Unlock()
	if p == "" {
		http.NotFound(w, r)
		return
	}
	if mode == "" {
		mode = modeOK
	}
	q := r.URL.Query()
	lang := strings.Trim(strings.TrimSuffix(r.URL.Path, "/w/api.php"), "/")
	search := q.Get("list") == "search"
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	switch mode {
	case modeRateLimited:
		if retryAfter != "" {
			w.Header().Set("Retry-After", retryAfter)
		}
		w.WriteHeader(http.StatusTooManyRequests)
		name := map[string]string{ProviderGoogle: "google_rate_limited.json", ProviderOpenAlex: "openalex_rate_limited.json"}[p]
		if name != "" {
			w.Write(f.file(name))
		}
	case modeServerError:
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write(f.file("google_server_error.json"))
	case modeSlow:
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	case modeMalformed:
		w.Write(f.file("malformed.json"))
	case modeHuge:
		w.Write([]byte(`{"claims": [], "pad": "`))
		w.Write([]byte(strings.Repeat("x", MaxResponseBytes)))
		w.Write([]byte(`"}`))
	case modeAPIError:
		w.Write(f.file("wikipedia_api_error.json"))
	case modeEmpty:
		name := map[string]string{ProviderGoogle: "google_empty.json", ProviderOpenAlex: "openalex_empty.json",
			ProviderWikipedia: "wikipedia_search_empty.json"}[p]
		w.Write(f.file(name))
	case modeExtractsFail:
		if !search {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.Write(f.file("wikipedia_search_" + lang + ".json"))
	default:
		switch p {
		case ProviderGoogle:
			w.Write(f.file("google_claims_search.json"))
		case ProviderOpenAlex:
			w.Write(f.file("openalex_works.json"))
		case ProviderWikipedia:
			if search {
				w.Write(f.file("wikipedia_search_" + lang + ".json"))
			} else {
				w.Write(f.file("wikipedia_extracts_" + lang + ".json"))
			}
		}
	}
}

// file reads a recorded response.
func (f *fakeProviders) file(name string) []byte {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		f.t.Errorf("testdata: %v", err)
	}
	return b
}

// config turns every provider on and points it at the fake server.
func (f *fakeProviders) config() Config {
	return Config{
		GoogleAPIKey: testAPIKey, OpenAlexEnabled: true, OpenAlexMailto: testMailto, WikipediaEnabled: true,
		HTTPClient: f.srv.Client(),
		BaseURLs:   map[string]string{"google": f.srv.URL, "openalex": f.srv.URL, "wikipedia": f.srv.URL + "/{lang}"},
	}
}

// clock is a settable time source shared by the stages and the cache.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

// newClock starts at a fixed UTC instant.
func newClock() *clock { return &clock{t: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)} }

// now returns the current fake time.
func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// add moves the clock forward.
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// fakeSink records what it is handed.
type fakeSink struct {
	mu     sync.Mutex
	bodies [][]byte
	err    error
}

// AddGoogleClaims records the body.
func (s *fakeSink) AddGoogleClaims(_ context.Context, body []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bodies = append(s.bodies, append([]byte(nil), body...))
	return s.err
}

// calls returns how often the sink was called.
func (s *fakeSink) calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.bodies)
}

// eachCache runs fn with a database-backed cache per dialect.
func eachCache(t *testing.T, fn func(t *testing.T, cache *models.EvidenceStore)) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		fn(t, storerules.Stores(db).Evidence)
	})
}

// earlier is a result as the language, category and en_query stages leave it.
func earlier(lang, category, enQuery string) *analysis.Result {
	return &analysis.Result{
		Language: lang, Category: category, EnQuery: enQuery, AcademicScore: analysis.NeutralScore,
		Basis: map[string]analysis.FieldBasis{
			analysis.FieldAcademicScore: analysis.NotAssessed("Not assessed offline: needs a literature search."),
		},
	}
}

// matched records a confident knowledge-base match, as the matching stage does.
func matched(r *analysis.Result, v analysis.Verdict) *analysis.Result {
	r.Verdict = v
	r.Score = map[analysis.Verdict]int{analysis.VerdictTrue: 90, analysis.VerdictPartly: 50, analysis.VerdictFalse: 10}[v]
	r.Basis[analysis.FieldVerdict] = analysis.FieldBasis{Assessed: true, Method: "kb-match", Detail: "Matched: Aşıların otizme neden olduğu iddiası, similarity 0.91"}
	r.Basis[analysis.FieldScore] = analysis.FieldBasis{Assessed: true, Method: "kb-match", Detail: "From the review's rating."}
	r.Matches = []analysis.Match{{
		URL: "https://teyit.org/analiz/asilarin-otizme-neden-oldugu-iddiasi", ClaimReviewed: "Aşılar otizme neden oluyor",
		Similarity: 0.91, Verdict: v, Confident: true, Publisher: "Teyit", TextualRating: "Yanlış", Language: "tr",
	}}
	return r
}

// matchStage stands in for the knowledge-base matcher in pipeline tests.
type matchStage struct{ verdict analysis.Verdict }

// Name identifies the stage.
func (matchStage) Name() string { return "fake-match" }

// Apply records a confident match.
func (m matchStage) Apply(_ context.Context, _ analysis.Input, r *analysis.Result) error {
	matched(r, m.verdict)
	return nil
}

// evidenceOf returns the evidence items of one provider.
func evidenceOf(r *analysis.Result, provider string) []analysis.Evidence {
	var out []analysis.Evidence
	for _, e := range r.Evidence {
		if e.Provider == provider {
			out = append(out, e)
		}
	}
	return out
}

// metaOf returns the Meta.Evidence line of one provider.
func metaOf(r *analysis.Result, provider string) string {
	for _, m := range r.Meta.Evidence {
		if strings.HasPrefix(m, provider+": ") {
			return m
		}
	}
	return ""
}

// query parses a recorded request's query.
func query(r *http.Request) url.Values { return r.URL.Query() }
