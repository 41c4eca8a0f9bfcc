package app_test

import (
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/google/uuid"
)

// csrfExempt are the only state-changing page routes that take no CSRF token, each with why.
var csrfExempt = map[string]string{
	"POST /webhooks/stripe":   "Stripe signs the raw body; its deliveries carry no token and no session",
	"POST /beta/leave/:token": "RFC 8058 one-click unsubscribe: the mail client posts without a token",
}

// csrfAfterAccess are the page routes that check who is asking before the CSRF token, each with
// why; the walk posts to them as a user who passes that check, so the token is still required.
var csrfAfterAccess = map[string]string{
	"POST /admin/knowledge": "the upload's large body, which carries the token, is read only once the session is an admin's",
}

// apiPrefixes are the surfaces that authenticate by API key, not by cookie, so CSRF does not apply.
var apiPrefixes = []string{"/v1/", "/functions/v1", "/rest/v1"}

// TestEveryStateChangingPageRouteNeedsCSRF walks every route the wired app mounted and posts to
// each state-changing page route without a token: all of them must refuse with the expired-form
// page before any handler or access check runs (csrfAfterAccess: before any handler, once access
// is checked), except the documented exemptions, which must exist and must not be refused that way.
func TestEveryStateChangingPageRouteNeedsCSRF(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		if _, err := s.app.Accounts.CreateAdmin(t.Context(), "routes-admin@example.org", "Routes", apptest.TestPassword); err != nil {
			t.Fatal(err)
		}
		admin, err := s.app.Accounts.Login(t.Context(), "routes-admin@example.org", apptest.TestPassword, "192.0.2.1", "test")
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		var checked []string
		for _, r := range s.app.HTTP.GetRoutes(true) {
			switch r.Method {
			case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
			default:
				continue
			}
			key := r.Method + " " + r.Path
			if seen[key] || isAPIPath(r.Path) {
				continue
			}
			seen[key] = true
			req, err := http.NewRequest(r.Method, s.base+concretePath(r.Path), strings.NewReader(url.Values{"name": {"x"}}.Encode()))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			if _, ok := csrfAfterAccess[key]; ok {
				req.AddCookie(&http.Cookie{Name: web.SessionCookie, Value: admin.Token})
			}
			resp, err := client.Do(req)
			if err != nil {
				t.Fatalf("%s: %v", key, err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			refused := resp.StatusCode == http.StatusForbidden && strings.Contains(string(body), "This form has expired")
			if _, exempt := csrfExempt[key]; exempt {
				if refused {
					t.Errorf("%s is a documented CSRF exemption but was refused for a missing token", key)
				}
				continue
			}
			checked = append(checked, key)
			if !refused {
				t.Errorf("%s without a CSRF token: %d, want 403 with the expired-form page", key, resp.StatusCode)
			}
		}
		for key := range csrfAfterAccess {
			if !seen[key] {
				t.Errorf("%s checks access before CSRF but is not mounted", key)
			}
		}
		for key, why := range csrfExempt {
			if why != "" && !seen[key] {
				t.Errorf("documented exemption %s is not mounted", key)
			}
		}
		sort.Strings(checked)
		// The walk must cover every surface with forms; a near-empty list means routes went missing.
		for _, want := range []string{"POST /", "POST /login", "POST /account/keys", "POST /admin/plans",
			"POST /admin/firms", "POST /admin/waitlist/invite", "POST /review/:id", "POST /beta", "POST /billing/checkout",
			"POST /account/webhooks", "POST /pricing/contact"} {
			if !contains(checked, want) {
				t.Errorf("route %s was not checked; checked: %v", want, checked)
			}
		}
	})
}

// isAPIPath reports whether path belongs to a key-authenticated API.
func isAPIPath(path string) bool {
	for _, p := range apiPrefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// concretePath fills a route pattern's parameters with a UUID and its wildcard with a segment.
func concretePath(pattern string) string {
	segs := strings.Split(pattern, "/")
	for i, s := range segs {
		switch {
		case strings.HasPrefix(s, ":"):
			segs[i] = uuid.NewString()
		case s == "*" || s == "+":
			segs[i] = "anything"
		}
	}
	return strings.Join(segs, "/")
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
