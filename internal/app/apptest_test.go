package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// server is a wired app listening on a loopback port.
type server struct {
	app  *app.App
	base string
}

// startServer wires the real app over db (apptest.New, as the handler tests do) and serves it on
// 127.0.0.1, telling it that address as its base URL.
func startServer(t testing.TB, db *database.DB, env map[string]string) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	vals := map[string]string{"BASE_URL": base}
	for k, v := range env {
		vals[k] = v
	}
	a := apptest.New(t, db, apptest.Options{Env: vals})
	// The listener Serve uses, so connections close as in production.
	go func() { _ = a.HTTP.Listener(app.LingerListener(ln)) }()
	t.Cleanup(func() { _ = a.HTTP.ShutdownWithTimeout(5 * time.Second) })
	return &server{app: a, base: base}
}

// issueKey stores a key on plan with an optional quota override and returns its secret.
func issueKey(t testing.TB, s *models.Stores, plan string, override *int) (string, *models.APIKey) {
	t.Helper()
	ctx := context.Background()
	p, err := s.Plans.BySlug(ctx, plan)
	if err != nil {
		t.Fatal(err)
	}
	is, err := keys.Generate()
	if err != nil {
		t.Fatal(err)
	}
	k := &models.APIKey{ID: uuid.NewString(), PlanID: p.ID, Name: "test " + plan, Prefix: is.Prefix, Hash: is.Hash,
		QuotaOverride: override, CreatedAt: time.Now().UTC()}
	if err := s.Keys.Create(ctx, k); err != nil {
		t.Fatal(err)
	}
	return is.Secret, k
}

// do sends one request and returns status, headers and body.
func do(t testing.TB, method, url string, headers map[string]string, body []byte) (int, http.Header, []byte) {
	t.Helper()
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

func mustJSON(t testing.TB, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("not JSON (%v): %s", err, b)
	}
}

func intp(n int) *int { return &n }
