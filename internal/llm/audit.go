package llm

import (
	"slices"
	"sync"
	"time"
)

// RecentSize is how many model exchanges Recent keeps: enough to read what the last few analyses
// sent and got back, small enough (a few hundred kB) to hold in memory without a store.
const RecentSize = 20

// Message is one chat message as it was sent to the model.
type Message struct {
	// Role is "system", "user" or "assistant".
	Role string `json:"role"`
	// Content is the message text.
	Content string `json:"content"`
}

// Exchange is one request to the model and what came back, kept for audit: what exactly was the
// model told, and what did it say. It never holds the API key.
type Exchange struct {
	// Time is when the request started.
	Time time.Time `json:"time"`
	// Model is the model (or Azure deployment) asked.
	Model string `json:"model"`
	// Endpoint is the base URL, without credentials.
	Endpoint string `json:"endpoint"`
	// Purpose says why the request was made: "analyze", "repair", or "analyze (…)" for a request
	// repeated after the server rejected the temperature or json_schema.
	Purpose string `json:"purpose"`
	// ResponseFormat is "json_schema" or "json_object".
	ResponseFormat string `json:"response_format"`
	// Messages are the prompt messages sent.
	Messages []Message `json:"messages"`
	// Answer is the model's raw text, or the server's error message when the request failed.
	Answer string `json:"answer,omitempty"`
	// FinishReason is the server's finish_reason ("stop"; "length" means the answer was cut off).
	FinishReason string `json:"finish_reason,omitempty"`
	// Attempts counts HTTP attempts, including the client's retries of 429/5xx.
	Attempts int `json:"attempts"`
	// LatencyMS is how long the request took, retries and their waits included.
	LatencyMS int64 `json:"latency_ms"`
	// PromptTokens and CompletionTokens are the server's reported usage.
	PromptTokens     int64 `json:"prompt_tokens,omitempty"`
	CompletionTokens int64 `json:"completion_tokens,omitempty"`
	// Error says why the exchange did not yield a valid answer ("" when it did).
	Error string `json:"error,omitempty"`
}

// recentLog is a fixed-size ring of exchanges, safe for concurrent use.
type recentLog struct {
	mu   sync.Mutex
	buf  []Exchange
	next int
	full bool
}

// add records one exchange, dropping the oldest when full.
func (l *recentLog) add(e Exchange) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buf == nil {
		l.buf = make([]Exchange, RecentSize)
	}
	l.buf[l.next] = e
	l.next = (l.next + 1) % len(l.buf)
	if l.next == 0 {
		l.full = true
	}
}

// list returns copies of the exchanges, newest first; the copies own their message slices, so a
// caller cannot change the log.
func (l *recentLog) list() []Exchange {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.next
	if l.full {
		n = len(l.buf)
	}
	out := make([]Exchange, 0, n)
	for i := 1; i <= n; i++ {
		e := l.buf[(l.next-i+len(l.buf))%len(l.buf)]
		e.Messages = slices.Clone(e.Messages)
		out = append(out, e)
	}
	return out
}
