package app_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/datasets"
	"github.com/claimcheck/claimcheck/internal/datasets/datasetstest"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// fakeModel is an OpenAI-compatible chat-completions server that records what it was sent.
type fakeModel struct {
	mu       sync.Mutex
	requests []map[string]any
	fail     bool
}

func (m *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req map[string]any
	_ = json.Unmarshal(body, &req)
	m.mu.Lock()
	m.requests = append(m.requests, req)
	fail := m.fail
	m.mu.Unlock()
	if fail {
		http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusServiceUnavailable)
		return
	}
	answer := map[string]any{
		"score": 12, "verdict": "yanlis", "summary": "Large studies found no link between vaccines and autism.",
		"source_score": 95, "science_score": 10, "academic_score": 15, "public_score": 50,
		"category": "health", "en_query": "vaccines autism", "language": "tr",
		"reasons": map[string]string{
			"score": "Refuted by the matched fact-check.", "verdict": "Matches the earlier fact-check.", "summary": "From the fact-check.",
			"source_score": "Given.", "science_score": "Scientific consensus.", "academic_score": "Many studies.",
			"public_score": "No data.", "category": "Vaccines are health.", "en_query": "Key terms.",
		},
	}
	content, _ := json.Marshal(answer)
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": req["model"],
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": string(content)}}},
		"usage": map[string]any{"prompt_tokens": 900, "completion_tokens": 120, "total_tokens": 1020},
	})
}

// TestLLMAnalyzerThroughTheAPI wires CLAIMCHECK_ANALYZER=llm against a fake model: the answer is
// validated and stored with model, tokens and the prompt, and a failing model falls back honestly.
func TestLLMAnalyzerThroughTheAPI(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		model := &fakeModel{}
		srv := httptest.NewServer(model)
		defer srv.Close()
		s := startServer(t, db, map[string]string{
			"CLAIMCHECK_ANALYZER": "llm", "LLM_BASE_URL": srv.URL + "/v1", "LLM_MODEL": "test-model", "LLM_API_KEY": "sk-test", "LLM_TIMEOUT": "5s",
		})
		secret, _ := issueKey(t, s.app.Stores, "starter", nil)
		h := map[string]string{"apikey": secret, "Content-Type": "application/json"}
		st, _, b := do(t, "POST", s.base+"/functions/v1/quick-responder", h,
			[]byte(`{"claim":"Aşılar otizme neden olur","source_url":"https://www.reuters.com/x"}`))
		var res map[string]any
		mustJSON(t, b, &res)
		// The measured source score stands, never the model's 95: 100 from the domain ratings, or
		// the neutral 50 when they are not installed.
		wantSource := 100.0
		if !datasetstest.Installed(t, datasets.DomainRatings) {
			wantSource = 50
		}
		if st != 200 || res["verdict"] != "yanlis" || res["score"].(float64) != 12 || res["source_score"].(float64) != wantSource {
			t.Fatalf("llm answer: %d %s (source_score must stay the measured %v, not the model's 95)", st, b, wantSource)
		}
		model.mu.Lock()
		sent, _ := json.Marshal(model.requests[0]["messages"])
		model.mu.Unlock()
		for _, want := range []string{"Aşılar otizme neden olur", "reuters.com", "vaccines-autism"} {
			if !strings.Contains(string(sent), want) {
				t.Errorf("the model was not sent %q", want)
			}
		}
		c, err := s.app.Stores.Claims.Get(context.Background(), res["id"].(string))
		if err != nil {
			t.Fatal(err)
		}
		var meta checking.StoredMeta
		mustJSON(t, []byte(c.AnalysisMeta), &meta)
		if c.Analyzer != "llm" || meta.Model != "test-model" || meta.PromptTokens != 900 || meta.CompletionTokens != 120 || len(meta.Prompt) == 0 {
			t.Errorf("stored analysis: analyzer %q meta %+v", c.Analyzer, meta.Meta)
		}
		if strings.Contains(c.AnalysisMeta, "sk-test") {
			t.Error("the API key was stored")
		}
		_, _, page := do(t, "GET", s.base+"/claims/"+c.ID, nil, nil)
		if !strings.Contains(string(page), "What the model was sent") || !strings.Contains(string(page), "test-model") {
			t.Error("claim page does not show the model and its prompt")
		}

		model.mu.Lock()
		model.fail = true
		model.mu.Unlock()
		st, _, b = do(t, "POST", s.base+"/functions/v1/quick-responder", h, []byte(`{"claim":"Galatasaray yeni formasını tanıttı"}`))
		mustJSON(t, b, &res)
		if st != 200 || res["verdict"] != "belirsiz" {
			t.Fatalf("fallback answer: %d %s", st, b)
		}
		c, _ = s.app.Stores.Claims.Get(context.Background(), res["id"].(string))
		mustJSON(t, []byte(c.AnalysisMeta), &meta)
		if c.Analyzer != "offline" || !strings.Contains(meta.Fallback, "offline analyzer answered") || !strings.Contains(c.AISummary, "language model did not answer") {
			t.Errorf("fallback not recorded honestly: analyzer %q fallback %q summary %q", c.Analyzer, meta.Fallback, c.AISummary)
		}
	})
}

// basisModel answers every request with the same verdict resting on the same fact-check, as a
// model that takes a look-alike's verdict would.
type basisModel struct {
	verdict, basis string
	mu             sync.Mutex
	calls          int
}

func (m *basisModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	m.calls++
	m.mu.Unlock()
	score := map[string]int{"dogru": 88, "yanlis": 10}[m.verdict]
	answer := map[string]any{
		"score": score, "verdict": m.verdict, "summary": "The fact-check settles it.",
		"source_score": 50, "science_score": score, "academic_score": 50, "public_score": 50,
		"category": "health", "en_query": "claim", "language": "tr", "basis_fact_check": m.basis,
		"reasons": map[string]string{
			"score": "From the fact-check.", "verdict": "The fact-check's rating.", "summary": "From the fact-check.",
			"source_score": "No source.", "science_score": "From the fact-check.", "academic_score": "Not searched.",
			"public_score": "No data.", "category": "Health.", "en_query": "Key terms.",
		},
	}
	content, _ := json.Marshal(answer)
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-2", "object": "chat.completion", "created": 1, "model": "test-model",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": string(content)}}},
		"usage": map[string]any{"prompt_tokens": 900, "completion_tokens": 120, "total_tokens": 1020},
	})
}

// TestLLMVerdictRestsOnlyOnTheSameClaim runs the served wiring: the model's named fact-check goes
// through the matcher's alignment decision. The fact-check of the same claim lends the model its
// verdict, labelled llm-fact-check; a look-alike's ("Sigara … kansere yol açar" for a sunscreen
// claim) is refused twice and the offline answer stands, with the reason recorded.
func TestLLMVerdictRestsOnlyOnTheSameClaim(t *testing.T) {
	cases := []struct {
		name, claim, verdict, basis string
		wantVerdict, wantMethod     string
		wantFallback                string
	}{
		{"same claim", "Aşılar otizme neden olur", "yanlis", "urn:claimcheck:starter:vaccines-autism-tr", "yanlis", "llm-fact-check", ""},
		{"look-alike", "Güneş kremi kansere neden olur", "dogru", "urn:claimcheck:starter:smoking-lung-cancer-tr", "belirsiz", "rule", "a fact-check of a different claim"},
	}
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				model := &basisModel{verdict: tc.verdict, basis: tc.basis}
				srv := httptest.NewServer(model)
				defer srv.Close()
				s := startServer(t, db, map[string]string{
					"CLAIMCHECK_ANALYZER": "llm", "LLM_BASE_URL": srv.URL + "/v1", "LLM_MODEL": "test-model", "LLM_API_KEY": "sk-test", "LLM_TIMEOUT": "5s",
				})
				secret, _ := issueKey(t, s.app.Stores, "starter", nil)
				st, _, b := do(t, "POST", s.base+"/functions/v1/quick-responder", map[string]string{"apikey": secret, "Content-Type": "application/json"},
					[]byte(`{"claim":"`+tc.claim+`"}`))
				var res map[string]any
				mustJSON(t, b, &res)
				if st != 200 || res["verdict"] != tc.wantVerdict {
					t.Fatalf("%q: %d %s, want verdict %s", tc.claim, st, b, tc.wantVerdict)
				}
				c, err := s.app.Stores.Claims.Get(context.Background(), res["id"].(string))
				if err != nil {
					t.Fatal(err)
				}
				var basis map[string]struct {
					Assessed bool   `json:"assessed"`
					Method   string `json:"method"`
					Detail   string `json:"detail"`
				}
				mustJSON(t, []byte(c.Basis), &basis)
				if got := basis["verdict"].Method; got != tc.wantMethod {
					t.Errorf("verdict basis method %q, want %q (%s)", got, tc.wantMethod, basis["verdict"].Detail)
				}
				var meta checking.StoredMeta
				mustJSON(t, []byte(c.AnalysisMeta), &meta)
				if tc.wantFallback == "" && meta.Fallback != "" || !strings.Contains(meta.Fallback, tc.wantFallback) {
					t.Errorf("fallback %q, want it to mention %q", meta.Fallback, tc.wantFallback)
				}
				if tc.wantFallback != "" && model.calls != 2 {
					t.Errorf("the model was asked %d times, want the answer and one repair", model.calls)
				}
			})
		}
	})
}
