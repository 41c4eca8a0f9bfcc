package web_test

import (
	"crypto/rand"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/gofiber/fiber/v2"
)

// csrfClock is a settable clock shared by the middleware under test.
type csrfClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *csrfClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *csrfClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// csrfApp is one process: a page that shows its form token and a form that posts to /submit.
func csrfApp(secret string, clock *csrfClock) *fiber.App {
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Use(web.NewCSRF(web.CSRFConfig{Secret: secret, Now: clock.Now}))
	app.Get("/form", func(c *fiber.Ctx) error { return c.SendString(web.CSRFToken(c)) })
	app.Post("/submit", func(c *fiber.Ctx) error { return c.SendString("accepted " + web.CSRFToken(c)) })
	return app
}

// csrfGet loads the form page with cookie (if any) and returns the token the page shows and the
// cookie the answer sets ("" when it sets none).
func csrfGet(t *testing.T, app *fiber.App, cookie string) (shown, set string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/form", nil)
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: web.CSRFCookie, Value: cookie})
	}
	resp, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, c := range resp.Cookies() {
		if c.Name == web.CSRFCookie {
			set = c.Value
			if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" {
				t.Errorf("cookie %+v: want HttpOnly, SameSite=Lax, Path=/", c)
			}
		}
	}
	if !strings.Contains(resp.Header.Get("Vary"), "Cookie") {
		t.Errorf("Vary %q, want Cookie", resp.Header.Get("Vary"))
	}
	return string(b), set
}

// csrfPost posts the form with the given field and cookie values ("" leaves each out) and returns
// the status.
func csrfPost(t *testing.T, app *fiber.App, field, cookie string, header map[string]string) int {
	t.Helper()
	form := url.Values{"claim": {"text"}}
	if field != "" {
		form.Set(web.CSRFField, field)
	}
	req := httptest.NewRequest(http.MethodPost, "/submit", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: web.CSRFCookie, Value: cookie})
	}
	resp, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestCSRFSignedDoubleSubmit checks the stateless token: a form is accepted only with the same
// token in field and cookie, signed by this installation's key and unexpired, and (over https)
// with a Referer from this host. No storage exists to consult, so each case also shows that
// issuing and checking need none.
func TestCSRFSignedDoubleSubmit(t *testing.T) {
	clock := &csrfClock{t: time.Now()}
	app := csrfApp("installation secret of at least thirty-two bytes", clock)
	other := csrfApp("another installation's secret, also long enough", clock)
	token, set := csrfGet(t, app, "")
	if token == "" || set != token {
		t.Fatalf("first page: shown %q, cookie %q; want one token in both", token, set)
	}
	second, _ := csrfGet(t, app, "")
	foreign, _ := csrfGet(t, other, "")
	raw := make([]byte, 56)
	_, _ = rand.Read(raw)
	forged := base64.RawURLEncoding.EncodeToString(raw)
	// The same token with its expiry moved a year on: the signature no longer matches.
	decoded, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(decoded) != 56 {
		t.Fatalf("token %q: %d bytes, %v", token, len(decoded), err)
	}
	decoded[17]++
	tampered := base64.RawURLEncoding.EncodeToString(decoded)

	for _, tc := range []struct {
		name          string
		field, cookie string
		header        map[string]string
		want          int
	}{
		{"same token in field and cookie", token, token, nil, http.StatusOK},
		{"missing field", "", token, nil, http.StatusForbidden},
		{"missing cookie", token, "", nil, http.StatusForbidden},
		{"field from another visitor than the cookie", second, token, nil, http.StatusForbidden},
		{"forged token in both", forged, forged, nil, http.StatusForbidden},
		{"tampered token in both", tampered, tampered, nil, http.StatusForbidden},
		{"token of another installation's key", foreign, foreign, nil, http.StatusForbidden},
		{"https with this host's referer", token, token, map[string]string{"X-Forwarded-Proto": "https", "Referer": "https://example.com/form"}, http.StatusOK},
		{"https without referer", token, token, map[string]string{"X-Forwarded-Proto": "https"}, http.StatusForbidden},
		{"https with another site's referer", token, token, map[string]string{"X-Forwarded-Proto": "https", "Referer": "https://evil.test/form"}, http.StatusForbidden},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := csrfPost(t, app, tc.field, tc.cookie, tc.header); got != tc.want {
				t.Errorf("status %d, want %d", got, tc.want)
			}
		})
	}

	t.Run("the form's token among several cookies, as browsers send one per path", func(t *testing.T) {
		form := url.Values{web.CSRFField: {token}}
		req := httptest.NewRequest(http.MethodPost, "/submit", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Cookie", web.CSRFCookie+"=0b9e6c1e-5d7f-4c1a-9a7e-3d2f1c0b9a8e; "+web.CSRFCookie+"="+token)
		resp, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("status %d, want 200", resp.StatusCode)
		}
		req = httptest.NewRequest(http.MethodGet, "/form", nil)
		req.Header.Set("Cookie", web.CSRFCookie+"=0b9e6c1e-5d7f-4c1a-9a7e-3d2f1c0b9a8e; "+web.CSRFCookie+"="+token)
		resp, err = app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if b, _ := io.ReadAll(resp.Body); string(b) != token {
			t.Errorf("page shows %q, want the valid cookie's token %q", b, token)
		}
	})
	t.Run("another process with the same secret accepts the token", func(t *testing.T) {
		twin := csrfApp("installation secret of at least thirty-two bytes", clock)
		if got := csrfPost(t, twin, token, token, nil); got != http.StatusOK {
			t.Errorf("status %d, want 200", got)
		}
	})
	t.Run("random per-process key without a secret", func(t *testing.T) {
		a, b := csrfApp("", clock), csrfApp("", clock)
		tok, _ := csrfGet(t, a, "")
		if got := csrfPost(t, a, tok, tok, nil); got != http.StatusOK {
			t.Errorf("own token: status %d, want 200", got)
		}
		if got := csrfPost(t, b, tok, tok, nil); got != http.StatusForbidden {
			t.Errorf("other process's token: status %d, want 403", got)
		}
	})
}

// TestCSRFTokenLifetime checks that a page view keeps a fresh token, replaces one past half its
// lifetime, and that a form posted after the lifetime is refused.
func TestCSRFTokenLifetime(t *testing.T) {
	clock := &csrfClock{t: time.Now()}
	app := csrfApp("installation secret of at least thirty-two bytes", clock)
	token, _ := csrfGet(t, app, "")

	clock.Add(web.CSRFLifetime/2 - time.Minute)
	shown, set := csrfGet(t, app, token)
	if shown != token || set != "" {
		t.Errorf("fresh token: page shows %q and sets %q; want the same token and no new cookie", shown, set)
	}
	clock.Add(2 * time.Minute)
	shown, set = csrfGet(t, app, token)
	if shown == token || set != shown {
		t.Errorf("token past half its life: page shows %q, sets %q; want a new token in both", shown, set)
	}
	if got := csrfPost(t, app, token, token, nil); got != http.StatusOK {
		t.Errorf("older token still within its lifetime: status %d, want 200", got)
	}
	clock.Add(web.CSRFLifetime/2 + time.Second)
	if got := csrfPost(t, app, token, token, nil); got != http.StatusForbidden {
		t.Errorf("expired token: status %d, want 403", got)
	}
	if got := csrfPost(t, app, shown, shown, nil); got != http.StatusOK {
		t.Errorf("replacement token: status %d, want 200", got)
	}
}
