package ops_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/handlers/ops"
	"github.com/claimcheck/claimcheck/internal/telemetry"
	"github.com/gofiber/fiber/v2"
)

// readiness answers a fixed error.
type readiness struct{ err error }

func (r readiness) Ready(context.Context) error { return r.err }

const token = "0123456789abcdef0123456789abcdef"

// opsApp mounts the operator endpoints alone, with a fixed readiness answer and metrics body.
func opsApp(ready error, metricsToken string) *fiber.App {
	f := fiber.New(fiber.Config{DisableStartupMessage: true})
	ops.Mount(f, ops.Deps{Ready: readiness{ready}, MetricsToken: metricsToken, Log: slog.New(slog.DiscardHandler),
		Metrics: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "metric_x 1\n") })})
	return f
}

// get sends GET path to f with headers and returns status and body.
func get(t *testing.T, f *fiber.App, path string, headers map[string]string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := f.Test(req, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestHealthAnswersOK(t *testing.T) {
	// Health does not depend on readiness: a process whose database is down is still alive.
	f := opsApp(errors.New("database down"), "")
	st, body := get(t, f, ops.HealthPath, nil)
	if st != 200 || body != `{"status":"ok"}` {
		t.Errorf("GET /healthz = %d %s, want 200 {\"status\":\"ok\"}", st, body)
	}
}

func TestReadyAnswersTheReason(t *testing.T) {
	for _, tc := range []struct {
		name       string
		err        error
		wantStatus int
		wantBody   map[string]string
	}{
		{"ready", nil, 200, map[string]string{"status": "ready"}},
		{"database down", &telemetry.NotReadyError{Reason: "database unreachable", Err: errors.New("dial tcp 10.0.0.5:5432: refused")},
			503, map[string]string{"status": "unavailable", "reason": "database unreachable"}},
		{"migrations behind", &telemetry.NotReadyError{Reason: "migrations behind: database at version 13, this binary needs 14"},
			503, map[string]string{"status": "unavailable", "reason": "migrations behind: database at version 13, this binary needs 14"}},
		// An error without a public reason never shows its text (it may name hosts or queries).
		{"other error", errors.New("pq: password authentication failed for user admin"), 503,
			map[string]string{"status": "unavailable", "reason": "not ready"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, body := get(t, opsApp(tc.err, ""), ops.ReadyPath, nil)
			var got map[string]string
			if err := json.Unmarshal([]byte(body), &got); err != nil {
				t.Fatalf("not JSON: %s", body)
			}
			if st != tc.wantStatus || len(got) != len(tc.wantBody) {
				t.Fatalf("GET /readyz = %d %s, want %d %v", st, body, tc.wantStatus, tc.wantBody)
			}
			for k, v := range tc.wantBody {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
		})
	}
}

// Fiber's test requests come from 0.0.0.0, a non-loopback address: only the token admits them.
func TestMetricsAccessByToken(t *testing.T) {
	for _, tc := range []struct {
		name       string
		configured string
		headers    map[string]string
		want       int
	}{
		{"no token configured", "", nil, 403},
		{"no token configured, one sent", "", map[string]string{"Authorization": "Bearer " + token}, 403},
		{"token configured, none sent", token, nil, 403},
		{"wrong token", token, map[string]string{"Authorization": "Bearer " + token[:len(token)-1] + "0"}, 403},
		{"token as a bare header", token, map[string]string{"Authorization": token}, 403},
		{"right token", token, map[string]string{"Authorization": "Bearer " + token}, 200},
		{"right token through a proxy", token, map[string]string{"Authorization": "Bearer " + token, "X-Forwarded-For": "203.0.113.9"}, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, body := get(t, opsApp(nil, tc.configured), ops.MetricsPath, tc.headers)
			if st != tc.want {
				t.Errorf("GET /metrics = %d %s, want %d", st, body, tc.want)
			}
			if st == 200 && body != "metric_x 1\n" {
				t.Errorf("metrics body = %q", body)
			}
		})
	}
}

// A loopback connection reads the metrics without a token, unless a proxy header shows the
// request came from elsewhere through a proxy on this machine.
func TestMetricsAccessFromLoopback(t *testing.T) {
	f := opsApp(nil, "")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = f.Listener(ln) }()
	t.Cleanup(func() { _ = f.ShutdownWithTimeout(5 * time.Second) })
	for _, tc := range []struct {
		name    string
		headers map[string]string
		want    int
	}{
		{"direct", nil, 200},
		{"through a proxy (X-Forwarded-For)", map[string]string{"X-Forwarded-For": "127.0.0.1"}, 403},
		{"through a proxy (Forwarded)", map[string]string{"Forwarded": "for=203.0.113.9"}, 403},
		{"through a proxy (X-Real-IP)", map[string]string{"X-Real-IP": "203.0.113.9"}, 403},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodGet, "http://"+ln.Addr().String()+ops.MetricsPath, nil)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("GET /metrics from loopback %s = %d, want %d", tc.name, resp.StatusCode, tc.want)
			}
		})
	}
}
