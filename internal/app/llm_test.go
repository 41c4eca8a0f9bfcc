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

	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/database"
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
