package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The analyzer makes one kind of request, so it speaks the wire format itself; doc.go ("# HTTP
// client") says why no SDK. The retry rules are the ones the official SDK applied before.

// maxResponseBytes bounds a response body read into memory; a chat completion is a few KB.
const maxResponseBytes = 16 << 20

// chatClient sends chat completion requests to one endpoint, retrying what a retry can fix.
type chatClient struct {
	http *http.Client
	// url is the chat completions URL, with the base URL's query (Azure's api-version).
	url string
	// authHeader and authValue carry the key: "Authorization: Bearer …", or "api-key" for Azure.
	authHeader, authValue string
	maxRetries            int
	// maxRetryDelay is the longest wait between attempts; a server asking for more gets no retry.
	maxRetryDelay time.Duration
}

// errOtherOrigin refuses a redirect to another scheme, host or port: the key would go with it.
var errOtherOrigin = errors.New("redirect to another origin refused: the API key is only sent to the configured base URL")

// newChatClient builds the client for base (query already removed) and its query. The HTTP client
// is copied so the redirect rule added here does not change the caller's.
func newChatClient(hc *http.Client, base *url.URL, query url.Values, apiKey string, maxRetries int, maxRetryDelay time.Duration) *chatClient {
	u := base.JoinPath("chat/completions")
	u.RawQuery = query.Encode()
	c := &chatClient{url: u.String(), maxRetries: maxRetries, maxRetryDelay: maxRetryDelay}
	if apiKey != "" {
		if isAzure(base.Hostname()) {
			c.authHeader, c.authValue = "api-key", apiKey
		} else {
			c.authHeader, c.authValue = "Authorization", "Bearer "+apiKey
		}
	}
	copied := *hc
	next := hc.CheckRedirect
	copied.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		// net/http drops Authorization on a redirect to another host but keeps api-key.
		if req.URL.Scheme != base.Scheme || !strings.EqualFold(req.URL.Host, base.Host) {
			return errOtherOrigin
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	c.http = &copied
	return c
}

// wireRequest is the body of a chat completion request: field for field, in the same order, what
// the official SDK sent.
type wireRequest struct {
	Messages []wireMessage `json:"messages"`
	Model    string        `json:"model"`
	// Temperature is a pointer so that 0, the most repeatable setting, is sent and nil is not.
	Temperature    *float64           `json:"temperature,omitempty"`
	ResponseFormat wireResponseFormat `json:"response_format"`
}

// wireMessage is one prompt message.
type wireMessage struct {
	Content string `json:"content"`
	Role    string `json:"role"`
}

// wireResponseFormat is response_format: json_object, or json_schema with the schema.
type wireResponseFormat struct {
	JSONSchema *wireJSONSchema `json:"json_schema,omitempty"`
	Type       string          `json:"type"`
}

// wireJSONSchema is response_format.json_schema.
type wireJSONSchema struct {
	Name        string         `json:"name"`
	Strict      bool           `json:"strict"`
	Description string         `json:"description,omitempty"`
	Schema      map[string]any `json:"schema"`
}

// wireResponse is the part of a chat completion the analyzer reads.
type wireResponse struct {
	Choices []struct {
		Message struct {
			Content string `json:"content"`
			Refusal string `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage struct {
		PromptTokens     int64 `json:"prompt_tokens"`
		CompletionTokens int64 `json:"completion_tokens"`
	} `json:"usage"`
	// raw is the body as received, for the audit record when it holds no choice.
	raw string
}

// statusError is an answer with a status other than 2xx.
type statusError struct {
	StatusCode int
	// Message and Param are the OpenAI error shape's error.message and error.param, when sent.
	Message, Param string
	// Body is the response body as received (cut to 4 KB).
	Body string
}

// Error gives the status and the server's message.
func (e *statusError) Error() string {
	return fmt.Sprintf("HTTP %d %s: %s", e.StatusCode, http.StatusText(e.StatusCode), apiErrorText(e))
}

// newAPIError reads a failed response; servers differ in how much of the OpenAI error shape
// ({"error": {"message", "param", …}}) they send, or send a bare string or plain text.
func newAPIError(status int, body []byte) *statusError {
	e := &statusError{StatusCode: status, Body: truncate(string(body), 4096)}
	var shape struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &shape) != nil || len(shape.Error) == 0 {
		return e
	}
	var detail struct {
		Message any `json:"message"`
		Param   any `json:"param"`
	}
	if json.Unmarshal(shape.Error, &detail) == nil {
		e.Message, _ = detail.Message.(string)
		e.Param, _ = detail.Param.(string)
		return e
	}
	_ = json.Unmarshal(shape.Error, &e.Message)
	return e
}

// create sends one chat completion, with retries; attempts counts the HTTP requests made.
func (c *chatClient) create(ctx context.Context, req wireRequest) (resp wireResponse, attempts int, err error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	// The prompt's <<<BEGIN …>>> markers go out as written, not as \u003c escapes the model would read.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(req); err != nil {
		return wireResponse{}, 0, fmt.Errorf("encoding the request: %w", err)
	}
	body := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	for retry := 0; ; retry++ {
		attempts++
		res, err := c.send(ctx, body)
		if cerr := ctx.Err(); cerr != nil {
			closeBody(res)
			return wireResponse{}, attempts, cerr
		}
		if retry >= c.maxRetries || !retryable(res, err) {
			return c.read(res, err, attempts)
		}
		delay, ok := retryDelay(res, retry, c.maxRetryDelay)
		if !ok {
			// Waiting as long as the server asks could only end in a timeout; its answer says more.
			return c.read(res, err, attempts)
		}
		closeBody(res)
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return wireResponse{}, attempts, ctx.Err()
		case <-t.C:
		}
	}
}

// send makes one HTTP attempt.
func (c *chatClient) send(ctx context.Context, body []byte) (*http.Response, error) {
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("building the request: %w", err)
	}
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json")
	if c.authHeader != "" {
		r.Header.Set(c.authHeader, c.authValue)
	}
	return c.http.Do(r)
}

// read turns the last attempt into the response or the error.
func (c *chatClient) read(res *http.Response, err error, attempts int) (wireResponse, int, error) {
	if err != nil {
		return wireResponse{}, attempts, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxResponseBytes))
	if err != nil {
		return wireResponse{}, attempts, fmt.Errorf("reading the response: %w", err)
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return wireResponse{}, attempts, newAPIError(res.StatusCode, body)
	}
	var out wireResponse
	if err := json.Unmarshal(body, &out); err != nil {
		return wireResponse{}, attempts, fmt.Errorf("decoding the chat completion: %w", err)
	}
	out.raw = string(body)
	return out, attempts, nil
}

// closeBody drains nothing and closes the body of a response that will not be read.
func closeBody(res *http.Response) {
	if res != nil && res.Body != nil {
		_ = res.Body.Close()
	}
}

// retryable reports whether an attempt may succeed when repeated: a connection error (but not a
// refused redirect), or 408/409/429/5xx, unless the server says otherwise in x-should-retry.
func retryable(res *http.Response, err error) bool {
	if err != nil {
		return !errors.Is(err, errOtherOrigin)
	}
	switch res.Header.Get("x-should-retry") {
	case "true":
		return true
	case "false":
		return false
	}
	return res.StatusCode == http.StatusRequestTimeout || res.StatusCode == http.StatusConflict ||
		res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= http.StatusInternalServerError
}

// retryDelay is the wait before retry number retry+1, and false when the server asks for more than
// maxDelay. The server's Retry-After-Ms or Retry-After (seconds or an HTTP date) wins; otherwise
// the wait doubles from 0.5 s, capped at maxDelay, less up to a quarter of jitter so that clients
// rejected together do not return together.
func retryDelay(res *http.Response, retry int, maxDelay time.Duration) (time.Duration, bool) {
	if d, ok, tooLong := retryAfter(res, maxDelay); ok {
		return d, !tooLong
	}
	backoff := 0.5 * float64(time.Second) * math.Pow(2, float64(retry))
	delay := maxDelay
	if backoff < float64(maxDelay) {
		delay = time.Duration(backoff)
	}
	if j := int64(delay / 4); j > 0 {
		delay -= time.Duration(rand.Int64N(j))
	}
	return delay, true
}

// retryAfter reads the server's requested wait: ok when it sent one, tooLong when it exceeds maxDelay.
func retryAfter(res *http.Response, maxDelay time.Duration) (d time.Duration, ok, tooLong bool) {
	if res == nil {
		return 0, false, false
	}
	for _, h := range []struct {
		name string
		unit time.Duration
	}{{"Retry-After-Ms", time.Millisecond}, {"Retry-After", time.Second}} {
		v := strings.TrimSpace(res.Header.Get(h.name))
		if v == "" {
			continue
		}
		if n, err := strconv.ParseFloat(v, 64); err == nil || errors.Is(err, strconv.ErrRange) {
			switch {
			case math.IsInf(n, 1) || n > float64(maxDelay)/float64(h.unit):
				return 0, true, true
			case n >= 0: // NaN and negatives are ignored
				return time.Duration(n * float64(h.unit)), true, false
			}
			continue
		}
		if h.unit != time.Second {
			continue
		}
		if t, err := http.ParseTime(v); err == nil {
			wait := max(time.Until(t), 0)
			return wait, true, wait > maxDelay
		}
	}
	return 0, false, false
}
