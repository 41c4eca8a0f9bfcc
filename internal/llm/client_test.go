package llm

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestRequestBodyOnTheWire checks the whole top level of the JSON the server receives, so a field
// added or dropped (a "stream": false, a temperature of 0 left out) is caught, not only the fields
// the analyzer reads back.
func TestRequestBodyOnTheWire(t *testing.T) {
	for _, c := range []struct {
		name        string
		cfg         Config
		keys        []string
		temperature any // the decoded value; nil when absent
		format      map[string]any
	}{
		{"schema, temperature 0", Config{StructuredOutput: OutputJSONSchema},
			[]string{"messages", "model", "response_format", "temperature"}, 0.0,
			map[string]any{"type": "json_schema", "name": schemaName, "strict": true,
				"description": "Claimcheck's assessment of one claim, with a reason per field."}},
		{"json mode, temperature 0.7", Config{StructuredOutput: OutputJSONObject, Temperature: 0.7},
			[]string{"messages", "model", "response_format", "temperature"}, 0.7,
			map[string]any{"type": "json_object"}},
		{"negative temperature is left out", Config{StructuredOutput: OutputJSONObject, Temperature: -1},
			[]string{"messages", "model", "response_format"}, nil,
			map[string]any{"type": "json_object"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var raw []byte
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				raw, _ = io.ReadAll(r.Body)
				complete(w, mustJSON(t, goodAnswer()), 1, 1)
			}))
			defer srv.Close()
			c.cfg.BaseURL, c.cfg.Model, c.cfg.Timeout = srv.URL+"/v1", testModel, 5*time.Second
			a, err := New(c.cfg, &fakeOffline{})
			if err != nil {
				t.Fatal(err)
			}
			analyze(t, a)

			var body map[string]any
			if err := json.Unmarshal(raw, &body); err != nil {
				t.Fatalf("body %q: %v", raw, err)
			}
			keys := slices.Sorted(func(yield func(string) bool) {
				for k := range body {
					if !yield(k) {
						return
					}
				}
			})
			if !slices.Equal(keys, c.keys) {
				t.Errorf("top-level fields %v, want %v", keys, c.keys)
			}
			if body["model"] != testModel || body["temperature"] != c.temperature {
				t.Errorf("model %v temperature %v, want %v", body["model"], body["temperature"], c.temperature)
			}
			msgs, _ := body["messages"].([]any)
			if len(msgs) != 2 {
				t.Fatalf("messages = %v", body["messages"])
			}
			for i, role := range []string{"system", "user"} {
				m := msgs[i].(map[string]any)
				if len(m) != 2 || m["role"] != role || m["content"] == "" {
					t.Errorf("message %d = %v, want role %s and content only", i, m, role)
				}
			}
			if !strings.Contains(string(raw), "<<<BEGIN CLAIM>>>") {
				t.Error("the prompt's markers were escaped")
			}
			rf := body["response_format"].(map[string]any)
			got := map[string]any{"type": rf["type"]}
			if js, ok := rf["json_schema"].(map[string]any); ok {
				for k, v := range js {
					if k != "schema" {
						got[k] = v
					}
				}
				if !reflect.DeepEqual(js["schema"], roundTrip(t, answerSchema())) {
					t.Error("json_schema.schema is not answerSchema()")
				}
			}
			if !reflect.DeepEqual(got, c.format) {
				t.Errorf("response_format = %v, want %v", got, c.format)
			}
		})
	}
}

// roundTrip is v as a JSON decoder gives it back.
func roundTrip(t *testing.T, v any) any {
	t.Helper()
	var out any
	if err := json.Unmarshal([]byte(mustJSON(t, v)), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEndpointURLs(t *testing.T) {
	for base, want := range map[string]string{
		"http://h":                               "http://h/chat/completions",
		"http://h/v1/":                           "http://h/v1/chat/completions",
		"http://h/v1/chat/completions":           "http://h/v1/chat/completions",
		"http://h/openai/v1?api-version=preview": "http://h/openai/v1/chat/completions?api-version=preview",
	} {
		a, err := New(Config{BaseURL: base, Model: "m"}, &fakeOffline{})
		if err != nil {
			t.Fatal(err)
		}
		if a.chat.url != want {
			t.Errorf("%s: %s, want %s", base, a.chat.url, want)
		}
	}
}

// TestRedirectToAnotherOriginRefused: net/http keeps the api-key header on a redirect to another
// host, so the client must not follow one at all.
func TestRedirectToAnotherOriginRefused(t *testing.T) {
	var elsewhere atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		complete(w, mustJSON(t, goodAnswer()), 1, 1)
	}))
	defer other.Close()
	var here atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		here.Add(1)
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer srv.Close()
	a, err := New(Config{BaseURL: srv.URL + "/v1", Model: testModel, APIKey: testKey, MaxRetries: 2, Timeout: 5 * time.Second}, &fakeOffline{})
	if err != nil {
		t.Fatal(err)
	}
	r := analyze(t, a)
	checkOffline(t, r, "llm unreachable")
	if elsewhere.Load() != 0 || here.Load() != 1 {
		t.Errorf("%d requests to the other origin, %d to the base URL; want 0 and 1 (no retry)", elsewhere.Load(), here.Load())
	}
}

func TestRetriedStatuses(t *testing.T) {
	for _, c := range []struct {
		status int
		header string // x-should-retry
		want   int    // requests with MaxRetries 1
	}{
		{http.StatusRequestTimeout, "", 2},
		{http.StatusConflict, "", 2},
		{http.StatusBadGateway, "", 2},
		{http.StatusBadGateway, "false", 1},
		{http.StatusBadRequest, "", 1},
		{http.StatusBadRequest, "true", 2},
		{http.StatusNotFound, "", 1},
	} {
		t.Run(fmt.Sprintf("%d %s", c.status, c.header), func(t *testing.T) {
			var n atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n.Add(1)
				if c.header != "" {
					w.Header().Set("x-should-retry", c.header)
				}
				w.Header().Set("Retry-After-Ms", "10")
				http.Error(w, "upstream trouble", c.status)
			}))
			defer srv.Close()
			// json_object: a 400 would otherwise send a second, JSON-mode request.
			a, err := New(Config{BaseURL: srv.URL, Model: testModel, MaxRetries: 1, StructuredOutput: OutputJSONObject, Timeout: 5 * time.Second}, &fakeOffline{})
			if err != nil {
				t.Fatal(err)
			}
			r := analyze(t, a)
			checkOffline(t, r, fmt.Sprintf("HTTP %d", c.status))
			if int(n.Load()) != c.want {
				t.Errorf("%d requests, want %d", n.Load(), c.want)
			}
			// A body that is not the OpenAI error shape is kept as the server's message.
			if rec := a.Recent(); len(rec) != 1 || rec[0].Answer != "upstream trouble" {
				t.Errorf("recent = %+v", rec)
			}
		})
	}
}

func TestRetryDelay(t *testing.T) {
	const budget = 10 * time.Second
	date := func(d time.Duration) string { return time.Now().Add(d).UTC().Format(http.TimeFormat) }
	for _, c := range []struct {
		name     string
		header   http.Header
		retry    int
		min, max time.Duration
		ok       bool
	}{
		{"backoff 1st", nil, 0, 375 * time.Millisecond, 500 * time.Millisecond, true},
		{"backoff 3rd", nil, 2, 1500 * time.Millisecond, 2 * time.Second, true},
		{"backoff capped at the budget", nil, 10, 7500 * time.Millisecond, budget, true},
		{"Retry-After seconds", http.Header{"Retry-After": {"2"}}, 0, 2 * time.Second, 2 * time.Second, true},
		{"Retry-After fraction", http.Header{"Retry-After": {"0.25"}}, 0, 250 * time.Millisecond, 250 * time.Millisecond, true},
		{"Retry-After-Ms wins", http.Header{"Retry-After-Ms": {"30"}, "Retry-After": {"5"}}, 0, 30 * time.Millisecond, 30 * time.Millisecond, true},
		{"Retry-After date", http.Header{"Retry-After": {date(3 * time.Second)}}, 0, time.Second, 3 * time.Second, true},
		{"Retry-After past date", http.Header{"Retry-After": {date(-time.Hour)}}, 0, 0, 0, true},
		{"Retry-After beyond the budget", http.Header{"Retry-After": {"60"}}, 0, 0, 0, false},
		{"Retry-After date beyond the budget", http.Header{"Retry-After": {date(time.Hour)}}, 0, 0, 0, false},
		{"Retry-After overflow", http.Header{"Retry-After": {"1e400"}}, 0, 0, 0, false},
		{"Retry-After garbage is backoff", http.Header{"Retry-After": {"soon"}}, 0, 375 * time.Millisecond, 500 * time.Millisecond, true},
		{"Retry-After negative is backoff", http.Header{"Retry-After": {"-3"}}, 0, 375 * time.Millisecond, 500 * time.Millisecond, true},
	} {
		res := &http.Response{Header: c.header}
		if c.header == nil {
			res.Header = http.Header{}
		}
		d, ok := retryDelay(res, c.retry, budget)
		if ok != c.ok || (ok && (d < c.min || d > c.max)) {
			t.Errorf("%s: %s %v, want %s..%s %v", c.name, d, ok, c.min, c.max, c.ok)
		}
	}
}

func TestErrorShapes(t *testing.T) {
	for body, want := range map[string]statusError{
		`{"error":{"message":"bad temperature","param":"temperature","code":null}}`: {Message: "bad temperature", Param: "temperature"},
		`{"error":{"message":"model loading","code":503}}`:                          {Message: "model loading"},
		`{"error":"model not found"}`:                                               {Message: "model not found"},
		`<html>Bad Gateway</html>`:                                                  {},
	} {
		got := newAPIError(502, []byte(body))
		if got.Message != want.Message || got.Param != want.Param || got.Body != body || got.StatusCode != 502 {
			t.Errorf("%s: %+v", body, got)
		}
	}
}
