package apptest

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Frame is one parsed Server-Sent Events block.
type Frame struct{ ID, Event, Data, Comment, Retry string }

// SSE is an open event stream read frame by frame.
type SSE struct {
	// Resp is the stream's response; a refused stream is an error response the caller checks.
	Resp *http.Response
	// Frames delivers the blocks as they arrive and is closed when the stream ends.
	Frames chan Frame
	cancel context.CancelFunc
}

// OpenSSE connects to url with headers; the stream closes when the test ends.
func OpenSSE(t testing.TB, url string, headers map[string]string) *SSE {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatalf("GET %s: %v", url, err)
	}
	c := &SSE{Resp: resp, Frames: make(chan Frame, 1024), cancel: cancel}
	t.Cleanup(c.Close)
	go func() {
		defer close(c.Frames)
		r := bufio.NewReader(resp.Body)
		var f Frame
		var data []string
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSuffix(line, "\n")
			switch name, value, _ := strings.Cut(line, ":"); {
			case line == "":
				f.Data = strings.Join(data, "\n")
				c.Frames <- f
				f, data = Frame{}, nil
			case name == "":
				f.Comment = strings.TrimSpace(value)
			case name == "id":
				f.ID = strings.TrimPrefix(value, " ")
			case name == "event":
				f.Event = strings.TrimPrefix(value, " ")
			case name == "data":
				data = append(data, strings.TrimPrefix(value, " "))
			case name == "retry":
				f.Retry = strings.TrimPrefix(value, " ")
			}
		}
	}()
	return c
}

// Close ends the stream.
func (c *SSE) Close() {
	c.cancel()
	c.Resp.Body.Close()
}

// Events reads until n event frames arrived, skipping comments and retry frames; pings counts the
// heartbeats on the way.
func (c *SSE) Events(t testing.TB, n int) (frames []Frame, pings int) {
	t.Helper()
	deadline := time.After(15 * time.Second)
	for len(frames) < n {
		select {
		case f, ok := <-c.Frames:
			if !ok {
				t.Fatalf("stream ended after %d of %d events", len(frames), n)
			}
			if f.Comment == "ping" {
				pings++
			}
			if f.Event != "" {
				frames = append(frames, f)
			}
		case <-deadline:
			t.Fatalf("got %d of %d events", len(frames), n)
		}
	}
	return frames, pings
}

// Quiet fails when an event arrives within d.
func (c *SSE) Quiet(t testing.TB, d time.Duration) {
	t.Helper()
	deadline := time.After(d)
	for {
		select {
		case f, ok := <-c.Frames:
			if !ok {
				return
			}
			if f.Event != "" {
				t.Fatalf("unexpected event %s %s: %s", f.ID, f.Event, f.Data)
			}
		case <-deadline:
			return
		}
	}
}
