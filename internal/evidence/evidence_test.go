package evidence

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/models"
)

const trClaim = "Aşılar otizme neden olur & #kanıt: %100"

// apply runs both stages the way the pipeline orders them, with the matcher in between.
func apply(t *testing.T, cfg Config, cache Cache, sink FactCheckSink, clk *clock, in analysis.Input, r *analysis.Result, verdict analysis.Verdict) {
	t.Helper()
	ctx := context.Background()
	if err := NewStage(cfg, cache, sink, clk.now).Apply(ctx, in, r); err != nil {
		t.Fatalf("Stage.Apply: %v", err)
	}
	if verdict != "" {
		matched(r, verdict)
	}
	if err := NewAcademicStage(cfg, cache, clk.now).Apply(ctx, in, r); err != nil {
		t.Fatalf("AcademicStage.Apply: %v", err)
	}
}

func TestDisabledProvidersMakeNoRequests(t *testing.T) {
	f := newFake(t)
	cfg := f.config()
	cfg.GoogleAPIKey, cfg.OpenAlexEnabled, cfg.WikipediaEnabled = "", false, false
	if cfg.Enabled() {
		t.Fatal("Enabled() with every provider off")
	}
	// A transport that fails the test proves nothing is sent anywhere, not only to the fake.
	cfg.HTTPClient = &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		t.Errorf("unexpected request to %s", r.URL.Host)
		return nil, errors.New("no network in this test")
	})}
	r := earlier("tr", "health", "vaccine autism cause")
	before := r.Basis[analysis.FieldAcademicScore]
	apply(t, cfg, nil, &fakeSink{}, newClock(), analysis.Input{Claim: trClaim}, r, analysis.VerdictFalse)
	if len(r.Evidence) != 0 || len(r.Meta.Evidence) != 0 {
		t.Errorf("disabled providers added evidence %v / meta %v", r.Evidence, r.Meta.Evidence)
	}
	if r.Basis[analysis.FieldAcademicScore] != before || r.AcademicScore != analysis.NeutralScore {
		t.Errorf("disabled OpenAlex touched academic_score: %d %+v", r.AcademicScore, r.Basis[analysis.FieldAcademicScore])
	}
	for _, one := range []Config{{GoogleAPIKey: "k"}, {OpenAlexEnabled: true}, {WikipediaEnabled: true}} {
		if !one.Enabled() {
			t.Errorf("Enabled() false for %+v", one)
		}
	}
}

// roundTripFunc adapts a function to http.RoundTripper.
type roundTripFunc func(*http.Request) (*http.Response, error)

// RoundTrip calls the function.
func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestGoogleFactCheckSuccess(t *testing.T) {
	f := newFake(t)
	cfg := f.config()
	cfg.OpenAlexEnabled, cfg.WikipediaEnabled = false, false
	sink := &fakeSink{}
	r := earlier("tr", "health", "vaccine autism cause")
	in := analysis.Input{Claim: "  " + trClaim + "\n", SourceURL: secretSource}
	if err := NewStage(cfg, nil, sink, newClock().now).Apply(context.Background(), in, r); err != nil {
		t.Fatal(err)
	}

	reqs := f.requests(ProviderGoogle)
	if len(reqs) != 1 {
		t.Fatalf("%d Google requests, want 1", len(reqs))
	}
	q := query(reqs[0])
	if q.Get("query") != trClaim || q.Get("languageCode") != "tr" || q.Get("key") != testAPIKey || q.Get("pageSize") != "10" {
		t.Errorf("request query = %v", q)
	}
	if strings.Contains(reqs[0].URL.RawQuery, "& #") || !strings.Contains(reqs[0].URL.RawQuery, "%26") {
		t.Errorf("query not escaped: %s", reqs[0].URL.RawQuery)
	}
	if ua := reqs[0].Header.Get("User-Agent"); !strings.Contains(ua, "Claimcheck") {
		t.Errorf("User-Agent = %q", ua)
	}

	want, _ := os.ReadFile(filepath.Join("testdata", "google_claims_search.json"))
	if sink.calls() != 1 || !bytes.Equal(sink.bodies[0], want) {
		t.Errorf("sink got %d bodies; want the raw response once", sink.calls())
	}
	items := evidenceOf(r, ProviderGoogle)
	if len(items) != 3 {
		t.Fatalf("%d Google evidence items, want 3 (one per review): %+v", len(items), items)
	}
	first := items[0]
	if first.Title != "Aşıların otizme neden olduğu iddiası" || first.URL != "https://teyit.org/analiz/asilarin-otizme-neden-oldugu-iddiasi" ||
		first.Detail != `Rated "Yanlış" by Teyit (teyit.org) on 2021-03-18` ||
		first.Snippet != "Claim: Aşılar çocuklarda otizme neden oluyor. (claimed by Sosyal medya paylaşımları)" {
		t.Errorf("first item = %+v", first)
	}
	if m := metaOf(r, ProviderGoogle); m != "google-factcheck: 2 fact-checked claim(s) found and added to the knowledge base" {
		t.Errorf("meta = %q", m)
	}
	// Google's fact-checks reach the verdict only through the matcher.
	if _, ok := r.Basis[analysis.FieldVerdict]; ok || r.Verdict != "" {
		t.Errorf("Stage set a verdict: %q", r.Verdict)
	}
}

func TestGoogleOmitsUndeterminedLanguage(t *testing.T) {
	f := newFake(t)
	cfg := f.config()
	cfg.OpenAlexEnabled, cfg.WikipediaEnabled = false, false
	r := earlier("und", "other", "")
	if err := NewStage(cfg, nil, nil, nil).Apply(context.Background(), analysis.Input{Claim: "Xyz qwv"}, r); err != nil {
		t.Fatal(err)
	}
	reqs := f.requests(ProviderGoogle)
	if len(reqs) != 1 || query(reqs[0]).Has("languageCode") {
		t.Errorf("languageCode sent for an undetermined language: %v", reqs)
	}
	if m := metaOf(r, ProviderGoogle); m != "google-factcheck: 2 fact-checked claim(s) found" {
		t.Errorf("meta without a sink = %q", m)
	}
}

func TestWikipediaContext(t *testing.T) {
	for _, tc := range []struct {
		name, lang, claim, enQuery string
		wantPath, wantSearch       string
		wantTitle, wantURL         string
	}{
		{
			name: "turkish claim reads tr.wikipedia, skipping a disambiguation page", lang: "tr",
			claim: "Aşılar otizme neden olur mu? Hiçbir kanıt yok.", enQuery: "vaccine autism cause",
			wantPath: "/tr/w/api.php", wantSearch: "aşılar otizme kanıt",
			wantTitle: "Aşı karşıtlığı", wantURL: "https://tr.wikipedia.org/wiki/A%C5%9F%C4%B1_kar%C5%9F%C4%B1tl%C4%B1%C4%9F%C4%B1",
		},
		{
			name: "english claim reads en.wikipedia with the query's content words", lang: "en",
			claim: "Vaccines do not cause autism in children", enQuery: "vaccines not cause autism children",
			wantPath: "/en/w/api.php", wantSearch: "vaccines cause autism children",
			wantTitle: "Vaccines and autism", wantURL: "https://en.wikipedia.org/wiki/Vaccines_and_autism",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t)
			cfg := f.config()
			cfg.GoogleAPIKey, cfg.OpenAlexEnabled = "", false
			r := earlier(tc.lang, "health", tc.enQuery)
			in := analysis.Input{Claim: tc.claim, SourceURL: secretSource}
			if err := NewStage(cfg, nil, nil, nil).Apply(context.Background(), in, r); err != nil {
				t.Fatal(err)
			}
			reqs := f.requests(ProviderWikipedia)
			if len(reqs) != 2 {
				t.Fatalf("%d Wikipedia requests, want search + extracts", len(reqs))
			}
			s, x := query(reqs[0]), query(reqs[1])
			if reqs[0].URL.Path != tc.wantPath || s.Get("list") != "search" || s.Get("srsearch") != tc.wantSearch ||
				s.Get("srlimit") != "3" || s.Get("format") != "json" || s.Get("utf8") != "1" {
				t.Errorf("search request = %s %v", reqs[0].URL.Path, s)
			}
			if x.Get("prop") != "extracts|info|pageprops" || x.Get("exintro") != "1" || x.Get("explaintext") != "1" ||
				len(strings.Split(x.Get("titles"), "|")) != 3 {
				t.Errorf("extracts request = %v", x)
			}
			items := evidenceOf(r, ProviderWikipedia)
			if len(items) != 1 || items[0].Title != tc.wantTitle || items[0].URL != tc.wantURL || items[0].Snippet == "" ||
				!strings.Contains(items[0].Detail, "not a fact-check") {
				t.Fatalf("items = %+v", items)
			}
			if m := metaOf(r, ProviderWikipedia); !strings.Contains(m, tc.wantTitle) {
				t.Errorf("meta = %q", m)
			}
		})
	}
}

func TestWikipediaPartialAndEmpty(t *testing.T) {
	eachCache(t, func(t *testing.T, cache *models.EvidenceStore) {
		f := newFake(t)
		cfg := f.config()
		cfg.GoogleAPIKey, cfg.OpenAlexEnabled = "", false
		clk := newClock()

		// Extracts failing: the top hit with its search snippet, cached only briefly.
		f.set(ProviderWikipedia, modeExtractsFail)
		r := earlier("en", "health", "vaccines autism")
		if err := NewStage(cfg, cache, nil, clk.now).Apply(context.Background(), analysis.Input{Claim: "Vaccines cause autism"}, r); err != nil {
			t.Fatal(err)
		}
		items := evidenceOf(r, ProviderWikipedia)
		if len(items) != 1 || items[0].Title != "Vaccines and autism" ||
			items[0].Snippet != "Claims that vaccines cause autism have been studied extensively & found to be false" {
			t.Fatalf("partial items = %+v", items)
		}
		entry, err := cache.Get(context.Background(), ProviderWikipedia, cacheKey(ProviderWikipedia, "en", "vaccines autism"), clk.now())
		if err != nil || !entry.ExpiresAt.Equal(clk.now().Add(DefaultErrorCacheTTL)) {
			t.Errorf("partial answer cache entry = %+v, %v; want expiry in %v", entry, err, DefaultErrorCacheTTL)
		}

		// MediaWiki errors arrive with HTTP 200.
		f.set(ProviderWikipedia, modeAPIError)
		r = earlier("en", "health", "moon landing")
		_ = NewStage(cfg, cache, nil, clk.now).Apply(context.Background(), analysis.Input{Claim: "The moon landing was staged"}, r)
		if m := metaOf(r, ProviderWikipedia); m != "wikipedia: Wikipedia unavailable (API error maxlag)" || len(r.Evidence) != 0 {
			t.Errorf("API error: meta %q, evidence %v", m, r.Evidence)
		}

		f.set(ProviderWikipedia, modeEmpty)
		r = earlier("en", "other", "zzyzx quorble")
		_ = NewStage(cfg, cache, nil, clk.now).Apply(context.Background(), analysis.Input{Claim: "zzyzx quorble"}, r)
		if m := metaOf(r, ProviderWikipedia); m != "wikipedia: no article found on en.wikipedia.org" || len(r.Evidence) != 0 {
			t.Errorf("empty: meta %q, evidence %v", m, r.Evidence)
		}
	})
}

func TestOpenAlexRequest(t *testing.T) {
	f := newFake(t)
	cfg := f.config()
	cfg.GoogleAPIKey, cfg.WikipediaEnabled = "", false
	r := earlier("tr", "health", "vaccine autism cause")
	apply(t, cfg, nil, nil, newClock(), analysis.Input{Claim: trClaim, SourceURL: secretSource}, r, "")
	reqs := f.requests(ProviderOpenAlex)
	if len(reqs) != 1 {
		t.Fatalf("%d OpenAlex requests", len(reqs))
	}
	q := query(reqs[0])
	if q.Get("search") != "vaccine autism cause" || q.Get("per-page") != "5" || q.Get("mailto") != testMailto ||
		q.Get("filter") != "type:article|review,is_retracted:false" {
		t.Errorf("OpenAlex query = %v", q)
	}
	items := evidenceOf(r, ProviderOpenAlex)
	if len(items) != 5 {
		t.Fatalf("%d works, want 5", len(items))
	}
	if items[0].URL != "https://doi.org/10.1016/j.vaccine.2014.04.085" ||
		items[0].Detail != "Review article, Vaccine, 2014; cited 812 times (OpenAlex)" {
		t.Errorf("first work = %+v", items[0])
	}
	// No DOI: the landing page; markup stripped from the title.
	if items[4].URL != "https://www.jpeds.com/article/S0022-3476(13)00144-3/fulltext" || strings.Contains(items[4].Title, "<i>") {
		t.Errorf("fifth work = %+v", items[4])
	}
	if m := metaOf(r, ProviderOpenAlex); m != "openalex: 5 of 6,412 works listed" {
		t.Errorf("meta = %q", m)
	}

	cfg.OpenAlexMailto = ""
	_ = NewAcademicStage(cfg, nil, nil).Apply(context.Background(), analysis.Input{}, earlier("en", "health", "vaccines autism"))
	if reqs := f.requests(ProviderOpenAlex); query(reqs[len(reqs)-1]).Has("mailto") {
		t.Error("mailto sent though OPENALEX_MAILTO is unset")
	}
}

func TestAcademicScoreRule(t *testing.T) {
	for _, tc := range []struct {
		name            string
		category        string
		enQuery         string
		verdict         analysis.Verdict // confident match's verdict; "" for none
		laterVerdict    analysis.Verdict // a later stage overrode the matched verdict
		preassessed     bool
		scienceAssessed bool
		wantScore       int
		wantAssessed    bool
		wantDetail      []string
	}{
		{name: "refuted health claim with literature", category: "health", enQuery: "vaccine autism cause", verdict: analysis.VerdictFalse,
			wantScore: 20, wantAssessed: true, wantDetail: []string{"Fact-check verdict yanlis (Teyit, similarity 0.91)",
				"OpenAlex lists 6,412 peer-reviewed works", "5 of the top 5", "Vaccines are not associated with autism", "not read for their stance"}},
		{name: "supported claim", category: "science", enQuery: "vaccines autism", verdict: analysis.VerdictTrue, wantScore: 80, wantAssessed: true},
		{name: "partly true claim", category: "environment", enQuery: "vaccines autism", verdict: analysis.VerdictPartly, wantScore: 50, wantAssessed: true},
		{name: "no fact-check verdict", category: "health", enQuery: "vaccine autism cause", wantScore: 50,
			wantDetail: []string{"Not assessed: OpenAlex lists 6,412", "cannot tell whether the papers support or refute the claim"}},
		{name: "verdict no longer the match's", category: "health", enQuery: "vaccine autism cause", verdict: analysis.VerdictFalse,
			laterVerdict: analysis.VerdictPartly, wantScore: 50, wantDetail: []string{"no confident fact-check verdict"}},
		{name: "politics claim", category: "politics", enQuery: "vaccine autism cause", verdict: analysis.VerdictFalse, wantScore: 50,
			wantDetail: []string{"filed under politics", "records and statements"}},
		{name: "politics by the lexicon, but the fact-check judged scientific evidence", category: "politics", enQuery: "vaccine autism cause",
			verdict: analysis.VerdictFalse, scienceAssessed: true, wantScore: 20, wantAssessed: true, wantDetail: []string{"on a scientific question"}},
		{name: "technology claim", category: "technology", enQuery: "vaccine autism cause", verdict: analysis.VerdictFalse, wantScore: 50,
			wantDetail: []string{"filed under technology"}},
		{name: "works not on the topic", category: "health", enQuery: "5g towers coronavirus spread", verdict: analysis.VerdictFalse, wantScore: 50,
			wantDetail: []string{"only 0 of the top 5 are about the claim's topic", "3 are needed"}},
		{name: "already assessed by another stage", category: "health", enQuery: "vaccine autism cause", verdict: analysis.VerdictFalse,
			preassessed: true, wantScore: 35, wantAssessed: true, wantDetail: []string{"LLM"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t)
			cfg := f.config()
			cfg.GoogleAPIKey, cfg.WikipediaEnabled = "", false
			r := earlier("tr", tc.category, tc.enQuery)
			if tc.verdict != "" {
				matched(r, tc.verdict)
			}
			if tc.scienceAssessed {
				r.Basis[analysis.FieldScienceScore] = analysis.FieldBasis{Assessed: true, Method: "kb-match", Detail: "Filed under health."}
			}
			if tc.laterVerdict != "" {
				r.Verdict = tc.laterVerdict
			}
			if tc.preassessed {
				r.AcademicScore = 35
				r.Basis[analysis.FieldAcademicScore] = analysis.FieldBasis{Assessed: true, Method: "llm", Detail: "LLM: weak support."}
			}
			if err := NewAcademicStage(cfg, nil, nil).Apply(context.Background(), analysis.Input{Claim: trClaim}, r); err != nil {
				t.Fatal(err)
			}
			b := r.Basis[analysis.FieldAcademicScore]
			if r.AcademicScore != tc.wantScore || b.Assessed != tc.wantAssessed {
				t.Errorf("academic_score = %d assessed=%v, want %d assessed=%v (%s)", r.AcademicScore, b.Assessed, tc.wantScore, tc.wantAssessed, b.Detail)
			}
			if tc.wantAssessed && !tc.preassessed && b.Method != MethodFactCheckWithLiterature {
				t.Errorf("method = %q", b.Method)
			}
			if !tc.wantAssessed && b.Method != analysis.MethodNotAssessed {
				t.Errorf("method = %q", b.Method)
			}
			for _, w := range tc.wantDetail {
				if !strings.Contains(b.Detail, w) {
					t.Errorf("detail lacks %q: %s", w, b.Detail)
				}
			}
			if len(evidenceOf(r, ProviderOpenAlex)) != 5 {
				t.Errorf("the works are listed as reading whatever the rule decides")
			}
		})
	}
}

func TestAcademicNoWorksOrNoQuery(t *testing.T) {
	f := newFake(t)
	cfg := f.config()
	f.set(ProviderOpenAlex, modeEmpty)
	r := matched(earlier("en", "health", "quorble zzyzx"), analysis.VerdictFalse)
	_ = NewAcademicStage(cfg, nil, nil).Apply(context.Background(), analysis.Input{}, r)
	if b := r.Basis[analysis.FieldAcademicScore]; b.Assessed || !strings.Contains(b.Detail, "no peer-reviewed works") || r.AcademicScore != 50 {
		t.Errorf("no works: %d %+v", r.AcademicScore, b)
	}
	r = earlier("und", "other", "  ")
	_ = NewAcademicStage(cfg, nil, nil).Apply(context.Background(), analysis.Input{}, r)
	if f.count(ProviderOpenAlex) != 1 || metaOf(r, ProviderOpenAlex) != "openalex: skipped (no English query)" {
		t.Errorf("empty query: %d requests, meta %v", f.count(ProviderOpenAlex), r.Meta.Evidence)
	}
}

func TestRateLimitedIsCachedUntilRetryAfter(t *testing.T) {
	eachCache(t, func(t *testing.T, cache *models.EvidenceStore) {
		f := newFake(t)
		cfg := f.config()
		clk := newClock()
		for _, p := range []string{ProviderGoogle, ProviderOpenAlex, ProviderWikipedia} {
			f.set(p, modeRateLimited)
		}
		f.retryAfter = "120"
		sink := &fakeSink{}
		r := earlier("tr", "health", "vaccine autism cause")
		apply(t, cfg, cache, sink, clk, analysis.Input{Claim: trClaim}, r, analysis.VerdictFalse)

		b := r.Basis[analysis.FieldAcademicScore]
		if b.Assessed || r.AcademicScore != 50 || b.Detail != "Not assessed: OpenAlex unavailable (rate-limited)." {
			t.Errorf("academic_score = %d %+v", r.AcademicScore, b)
		}
		for p, want := range map[string]string{
			ProviderGoogle:    "google-factcheck: Google Fact Check Tools unavailable (rate-limited)",
			ProviderOpenAlex:  "openalex: OpenAlex unavailable (rate-limited)",
			ProviderWikipedia: "wikipedia: Wikipedia unavailable (rate-limited)",
		} {
			if m := metaOf(r, p); m != want {
				t.Errorf("meta %s = %q, want %q", p, m, want)
			}
			entry, err := cache.Get(context.Background(), p, rateLimitKey, clk.now())
			if err != nil || entry.Status != http.StatusTooManyRequests || !entry.ExpiresAt.Equal(clk.now().Add(120*time.Second)) {
				t.Errorf("%s rate-limit entry = %+v, %v; want 429 expiring in 120s", p, entry, err)
			}
		}
		if len(r.Evidence) != 0 || sink.calls() != 0 {
			t.Errorf("rate-limited lookups produced evidence %v / imports %d", r.Evidence, sink.calls())
		}

		// The block is provider-wide: another claim within Retry-After sends nothing.
		n := f.total()
		clk.add(119 * time.Second)
		r = earlier("en", "health", "vaccines autism")
		apply(t, cfg, cache, sink, clk, analysis.Input{Claim: "Vaccines cause autism"}, r, "")
		if f.total() != n {
			t.Errorf("%d requests while rate-limited", f.total()-n)
		}
		if m := metaOf(r, ProviderOpenAlex); m != "openalex: OpenAlex unavailable (rate-limited) (cached)" {
			t.Errorf("cached meta = %q", m)
		}

		// After Retry-After the providers are asked again.
		for _, p := range []string{ProviderGoogle, ProviderOpenAlex, ProviderWikipedia} {
			f.set(p, modeOK)
		}
		clk.add(2 * time.Second)
		r = earlier("en", "health", "vaccines autism")
		apply(t, cfg, cache, sink, clk, analysis.Input{Claim: "Vaccines cause autism"}, r, "")
		if f.count(ProviderGoogle) != 2 || f.count(ProviderOpenAlex) != 2 || f.count(ProviderWikipedia) != 3 {
			t.Errorf("after Retry-After: requests %v", f.hits)
		}
		if len(evidenceOf(r, ProviderOpenAlex)) != 5 {
			t.Errorf("no works after the block expired")
		}
	})
}

func TestRateLimitWithoutRetryAfterUsesErrorTTL(t *testing.T) {
	eachCache(t, func(t *testing.T, cache *models.EvidenceStore) {
		f := newFake(t)
		cfg := f.config()
		cfg.GoogleAPIKey, cfg.WikipediaEnabled = "", false
		cfg.ErrorCacheTTL = 3 * time.Minute
		f.set(ProviderOpenAlex, modeRateLimited)
		clk := newClock()
		_ = NewAcademicStage(cfg, cache, clk.now).Apply(context.Background(), analysis.Input{}, earlier("en", "health", "vaccines autism"))
		entry, err := cache.Get(context.Background(), ProviderOpenAlex, rateLimitKey, clk.now())
		if err != nil || !entry.ExpiresAt.Equal(clk.now().Add(3*time.Minute)) {
			t.Errorf("entry = %+v, %v; want expiry after ErrorCacheTTL", entry, err)
		}
	})
}

func TestFailuresLeaveTheAnalysisRunning(t *testing.T) {
	for _, tc := range []struct{ mode, reason string }{
		{modeServerError, "HTTP 503"},
		{modeMalformed, "malformed response"},
		{modeSlow, "timed out"},
		{modeHuge, "response too large"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			eachCache(t, func(t *testing.T, cache *models.EvidenceStore) {
				f := newFake(t)
				cfg := f.config()
				// Only the slow provider is meant to time out; the others get time to answer, so a
				// loaded machine reading a large body never turns their failure into a timeout.
				cfg.Timeout = 5 * time.Second
				if tc.mode == modeSlow {
					cfg.Timeout = 200 * time.Millisecond
				}
				for _, p := range []string{ProviderGoogle, ProviderOpenAlex, ProviderWikipedia} {
					f.set(p, tc.mode)
				}
				clk := newClock()
				sink := &fakeSink{}
				res := analyze(t, cfg, cache, sink, clk, analysis.Input{Claim: "Aşılar otizme neden olur", SourceURL: secretSource})

				b := res.Basis[analysis.FieldAcademicScore]
				if b.Assessed || res.AcademicScore != 50 || b.Detail != "Not assessed: OpenAlex unavailable ("+tc.reason+")." {
					t.Errorf("academic_score = %d %+v", res.AcademicScore, b)
				}
				if len(res.Evidence) != 0 || sink.calls() != 0 {
					t.Errorf("failure produced evidence %v / imports %d", res.Evidence, sink.calls())
				}
				for _, p := range []string{ProviderGoogle, ProviderOpenAlex, ProviderWikipedia} {
					if m := metaOf(&res, p); !strings.HasSuffix(m, "unavailable ("+tc.reason+")") {
						t.Errorf("meta %s = %q", p, m)
					}
				}
				// Cached briefly: the same claim within ErrorCacheTTL sends nothing, after it retries.
				n := f.total()
				clk.add(DefaultErrorCacheTTL - time.Second)
				analyze(t, cfg, cache, sink, clk, analysis.Input{Claim: "Aşılar otizme neden olur"})
				if f.total() != n {
					t.Errorf("%d requests within ErrorCacheTTL", f.total()-n)
				}
				clk.add(2 * time.Second)
				analyze(t, cfg, cache, sink, clk, analysis.Input{Claim: "Aşılar otizme neden olur"})
				if f.total() == n {
					t.Error("no request after ErrorCacheTTL")
				}
			})
		})
	}
}

// analyze runs the offline stages with both evidence stages around a fake matcher, as the wiring
// will, and fails the test if the analysis fails.
func analyze(t *testing.T, cfg Config, cache Cache, sink FactCheckSink, clk *clock, in analysis.Input) analysis.Result {
	t.Helper()
	off, err := analysis.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	stages := append(off.Stages(), NewStage(cfg, cache, sink, clk.now), matchStage{verdict: analysis.VerdictFalse}, NewAcademicStage(cfg, cache, clk.now))
	p, err := analysis.NewPipeline(analysis.PipelineConfig{Name: "test", Version: "test-1", Stages: stages})
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Analyze(context.Background(), in)
	if err != nil {
		t.Fatalf("Analyze failed: %v", err)
	}
	return res
}

func TestPipelineWithEvidence(t *testing.T) {
	f := newFake(t)
	sink := &fakeSink{}
	res := analyze(t, f.config(), nil, sink, newClock(), analysis.Input{Claim: "Aşılar otizme neden olur", SourceURL: secretSource})
	if res.AcademicScore != 20 || !res.Basis[analysis.FieldAcademicScore].Assessed {
		t.Errorf("academic_score = %d %+v", res.AcademicScore, res.Basis[analysis.FieldAcademicScore])
	}
	if len(evidenceOf(&res, ProviderGoogle)) != 3 || len(evidenceOf(&res, ProviderWikipedia)) != 1 || len(evidenceOf(&res, ProviderOpenAlex)) != 5 {
		t.Errorf("evidence = %+v", res.Evidence)
	}
	if len(res.Meta.Evidence) != 3 || sink.calls() != 1 {
		t.Errorf("meta = %v, imports %d", res.Meta.Evidence, sink.calls())
	}
	// The user's source URL never leaves the process.
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, r := range f.reqs {
		dump := r.URL.String()
		for k, v := range r.Header {
			dump += k + strings.Join(v, ",")
		}
		if strings.Contains(dump, "private-source.example") || strings.Contains(dump, "4711") {
			t.Errorf("request carries the source URL: %s", dump)
		}
	}
}

func TestCacheHitSendsNoSecondRequest(t *testing.T) {
	eachCache(t, func(t *testing.T, cache *models.EvidenceStore) {
		f := newFake(t)
		cfg := f.config()
		clk := newClock()
		sink := &fakeSink{}
		first := earlier("tr", "health", "vaccine autism cause")
		apply(t, cfg, cache, sink, clk, analysis.Input{Claim: trClaim}, first, analysis.VerdictFalse)
		if f.count(ProviderGoogle) != 1 || f.count(ProviderOpenAlex) != 1 || f.count(ProviderWikipedia) != 2 {
			t.Fatalf("first run requests = %v", f.hits)
		}
		for _, p := range []string{ProviderGoogle, ProviderOpenAlex, ProviderWikipedia} {
			if strings.HasSuffix(metaOf(first, p), "(cached)") {
				t.Errorf("fresh answer marked cached: %q", metaOf(first, p))
			}
		}

		clk.add(DefaultCacheTTL - time.Minute)
		second := earlier("tr", "health", "vaccine autism cause")
		apply(t, cfg, cache, sink, clk, analysis.Input{Claim: trClaim}, second, analysis.VerdictFalse)
		if f.total() != 4 {
			t.Errorf("cache hit sent %d more requests", f.total()-4)
		}
		if sink.calls() != 1 {
			t.Errorf("cached Google answer imported again (%d imports)", sink.calls())
		}
		for _, p := range []string{ProviderGoogle, ProviderOpenAlex, ProviderWikipedia} {
			if !strings.HasSuffix(metaOf(second, p), "(cached)") {
				t.Errorf("meta %s = %q, want (cached)", p, metaOf(second, p))
			}
		}
		if len(second.Evidence) != len(first.Evidence) || second.AcademicScore != 20 ||
			second.Basis[analysis.FieldAcademicScore] != first.Basis[analysis.FieldAcademicScore] {
			t.Errorf("cached answer differs: %d vs %d items, academic %d", len(second.Evidence), len(first.Evidence), second.AcademicScore)
		}
		for i := range first.Evidence {
			if first.Evidence[i] != second.Evidence[i] {
				t.Errorf("item %d: %+v vs %+v", i, first.Evidence[i], second.Evidence[i])
			}
		}

		// The API key is no part of the cache key, so rotating it keeps the cache.
		rotated := cfg
		rotated.GoogleAPIKey = "another-key"
		_ = NewStage(rotated, cache, sink, clk.now).Apply(context.Background(), analysis.Input{Claim: trClaim}, earlier("tr", "health", ""))
		if f.count(ProviderGoogle) != 1 {
			t.Error("a new API key missed the cache")
		}

		clk.add(2 * time.Minute)
		third := earlier("tr", "health", "vaccine autism cause")
		apply(t, cfg, cache, sink, clk, analysis.Input{Claim: trClaim}, third, analysis.VerdictFalse)
		if f.count(ProviderGoogle) != 2 || f.count(ProviderOpenAlex) != 2 || f.count(ProviderWikipedia) != 4 || sink.calls() != 2 {
			t.Errorf("after CacheTTL: requests %v, imports %d", f.hits, sink.calls())
		}
	})
}

func TestEmptyAnswerCachedBriefly(t *testing.T) {
	eachCache(t, func(t *testing.T, cache *models.EvidenceStore) {
		f := newFake(t)
		cfg := f.config()
		cfg.OpenAlexEnabled, cfg.WikipediaEnabled = false, false
		f.set(ProviderGoogle, modeEmpty)
		clk := newClock()
		sink := &fakeSink{}
		r := earlier("en", "other", "")
		_ = NewStage(cfg, cache, sink, clk.now).Apply(context.Background(), analysis.Input{Claim: "An unheard-of claim"}, r)
		if m := metaOf(r, ProviderGoogle); m != "google-factcheck: no fact-checks found" || sink.calls() != 0 {
			t.Errorf("meta %q, imports %d", m, sink.calls())
		}
		entry, err := cache.Get(context.Background(), ProviderGoogle, cacheKey(ProviderGoogle, "en", "An unheard-of claim"), clk.now())
		if err != nil || entry.Status != 200 || !entry.ExpiresAt.Equal(clk.now().Add(DefaultErrorCacheTTL)) {
			t.Errorf("empty answer entry = %+v, %v", entry, err)
		}
	})
}

func TestSinkFailureIsRetried(t *testing.T) {
	eachCache(t, func(t *testing.T, cache *models.EvidenceStore) {
		f := newFake(t)
		cfg := f.config()
		cfg.OpenAlexEnabled, cfg.WikipediaEnabled = false, false
		clk := newClock()
		sink := &fakeSink{err: errors.New("database is locked")}
		r := earlier("tr", "health", "")
		_ = NewStage(cfg, cache, sink, clk.now).Apply(context.Background(), analysis.Input{Claim: trClaim}, r)
		if m := metaOf(r, ProviderGoogle); !strings.Contains(m, "adding them to the knowledge base failed") || len(evidenceOf(r, ProviderGoogle)) != 3 {
			t.Errorf("meta %q, items %d", m, len(evidenceOf(r, ProviderGoogle)))
		}
		sink.err = nil
		_ = NewStage(cfg, cache, sink, clk.now).Apply(context.Background(), analysis.Input{Claim: trClaim}, earlier("tr", "health", ""))
		if f.count(ProviderGoogle) != 2 || sink.calls() != 2 {
			t.Errorf("failed import not retried: %d requests, %d imports", f.count(ProviderGoogle), sink.calls())
		}
	})
}

func TestCancelledAnalysisIsNotCached(t *testing.T) {
	eachCache(t, func(t *testing.T, cache *models.EvidenceStore) {
		f := newFake(t)
		cfg := f.config()
		cfg.GoogleAPIKey, cfg.WikipediaEnabled = "", false
		f.set(ProviderOpenAlex, modeSlow)
		clk := newClock()
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		r := earlier("en", "health", "vaccines autism")
		if err := NewAcademicStage(cfg, cache, clk.now).Apply(ctx, analysis.Input{}, r); err != nil {
			t.Fatal(err)
		}
		if _, err := cache.Get(context.Background(), ProviderOpenAlex, cacheKey(ProviderOpenAlex, openAlexFilter, "vaccines autism"), clk.now()); !errors.Is(err, models.ErrNotFound) {
			t.Errorf("a lookup the caller abandoned was cached: %v", err)
		}
	})
}

func TestRedirectToAnotherHostIsRefused(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("request followed a redirect to %s", r.URL)
	}))
	defer other.Close()
	redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/works?"+r.URL.RawQuery, http.StatusFound)
	}))
	defer redirector.Close()
	cfg := Config{OpenAlexEnabled: true, BaseURLs: map[string]string{"openalex": redirector.URL}}
	r := earlier("en", "health", "vaccines autism")
	_ = NewAcademicStage(cfg, nil, nil).Apply(context.Background(), analysis.Input{}, r)
	if b := r.Basis[analysis.FieldAcademicScore]; b.Detail != "Not assessed: OpenAlex unavailable (network error)." {
		t.Errorf("basis = %+v", b)
	}
}

func TestFailuresNeverQuoteTheAPIKey(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // connection refused: Go's error text would quote the URL with the key
	cfg := Config{GoogleAPIKey: testAPIKey, BaseURLs: map[string]string{"google": url}}
	r := earlier("en", "health", "")
	_ = NewStage(cfg, nil, nil, nil).Apply(context.Background(), analysis.Input{Claim: "Vaccines cause autism"}, r)
	m := metaOf(r, ProviderGoogle)
	if m != "google-factcheck: Google Fact Check Tools unavailable (network error)" || strings.Contains(strings.Join(r.Meta.Evidence, " "), testAPIKey) {
		t.Errorf("meta = %q", m)
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Duration{
		"120": 2 * time.Minute, " 5 ": 5 * time.Second, "0": 0, "-3": 0, "": 0, "soon": 0,
		"Mon, 02 Mar 2026 10:01:30 GMT": 90 * time.Second, "Mon, 02 Mar 2026 09:00:00 GMT": 0,
	} {
		if got := parseRetryAfter(in, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestTextHelpers(t *testing.T) {
	if got := plainText(`Claims that <span class="searchmatch">vaccines</span> &amp; <i>autism</i>`); got != "Claims that vaccines & autism" {
		t.Errorf("plainText = %q", got)
	}
	if got := truncate("one two three four five six", 15); got != "one two three…" {
		t.Errorf("truncate = %q", got)
	}
	if got := truncate("şşşşşşşşşş", 5); got != "şşşş…" {
		t.Errorf("truncate runes = %q", got)
	}
	for in, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 6412: "6,412", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := thousands(in); got != want {
			t.Errorf("thousands(%d) = %q", in, got)
		}
	}
	for in, want := range map[string]string{"https://doi.org/10.1/x": "https://doi.org/10.1/x", "javascript:alert(1)": "", "/wiki/X": "", "ftp://x/y": ""} {
		if got := safeURL(in); got != want {
			t.Errorf("safeURL(%q) = %q", in, got)
		}
	}
	if got := wikiQuery("İstanbul'da DEPREM olmayacak mı? Hiç kanıt yok", "tr", ""); got != "istanbul deprem olmayacak kanıt" {
		t.Errorf("tr wikiQuery = %q", got)
	}
	if got := wikiQuery("x", "de", "Impfungen Autismus not"); got != "impfungen autismus" {
		t.Errorf("other-language wikiQuery = %q", got)
	}
	items := []analysis.Evidence{{Title: "What causes autism?"}, {Title: "MMR vaccination and autistic disorder"}, {Title: "Vaccine safety"}}
	if got := countTopical(items, "vaccines cause autism"); got != 1 {
		t.Errorf("countTopical = %d, want 1 (a shared relation word is not the topic)", got)
	}
}
