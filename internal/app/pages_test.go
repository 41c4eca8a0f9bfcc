package app_test

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

var csrfInput = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)

// TestFormNeedsCSRFToken proves the wired app protects the claim form: a post without the token
// (or with a forged one) is refused and stores nothing; the token from the page is accepted.
func TestFormNeedsCSRFToken(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		jar, _ := cookiejar.New(nil)
		client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		post := func(token string) *http.Response {
			form := url.Values{"claim": {"Su 100 derecede kaynar"}, "source_url": {""}}
			if token != "" {
				form.Set("_csrf", token)
			}
			resp, err := client.PostForm(s.base+"/", form)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp
		}
		if resp := post(""); resp.StatusCode != http.StatusForbidden {
			t.Errorf("post without token: %d, want 403", resp.StatusCode)
		}
		if resp := post("forged-token"); resp.StatusCode != http.StatusForbidden {
			t.Errorf("post with forged token: %d, want 403", resp.StatusCode)
		}
		resp, err := client.Get(s.base + "/")
		if err != nil {
			t.Fatal(err)
		}
		page, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		m := csrfInput.FindStringSubmatch(string(page))
		if m == nil {
			t.Fatal("home page has no _csrf input")
		}
		resp = post(m[1])
		if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(resp.Header.Get("Location"), "/claims/") {
			t.Fatalf("post with the page's token: %d to %q, want 303 to the claim", resp.StatusCode, resp.Header.Get("Location"))
		}
		_, total, _ := s.app.Stores.Claims.List(t.Context(), modelsFilterAll())
		if total != 1 {
			t.Errorf("stored claims = %d, want only the one with a valid token", total)
		}
	})
}

// TestUnknownPathsAnswerInTheSurfaceShape checks 404/405 answers for each surface.
func TestUnknownPathsAnswerInTheSurfaceShape(t *testing.T) {
	s := startServer(t, testdb.Open(t, database.SQLite), nil)
	for _, tc := range []struct {
		method, path string
		status       int
		ctype, body  string
	}{
		{"GET", "/no/such/page", 404, "text/html", "<html"},
		{"GET", "/claims/not-a-uuid", 404, "text/html", "<html"},
		{"GET", "/claims/00000000-0000-0000-0000-000000000000", 404, "text/html", "<html"},
		{"GET", "/functions/v1/other", 404, "application/json", `"error"`},
		{"GET", "/functions/v1/quick-responder", 405, "application/json", `"error"`},
		{"POST", "/rest/v1/claims", 405, "application/json", `"PGRST117"`},
		{"GET", "/rest/v1/claims/extra", 404, "application/json", `"code"`},
		{"GET", "/static/css/app.css", 200, "text/css", "{"},
	} {
		st, hdr, b := do(t, tc.method, s.base+tc.path, nil, nil)
		if st != tc.status || !strings.HasPrefix(hdr.Get("Content-Type"), tc.ctype) || !strings.Contains(string(b), tc.body) {
			t.Errorf("%s %s: %d %s %.80q; want %d %s containing %q", tc.method, tc.path, st, hdr.Get("Content-Type"), b, tc.status, tc.ctype, tc.body)
		}
	}
}

// TestAccountFormsNeedCSRFToken: state-changing account forms refuse a post without the page's
// token, through the real wiring, on both databases.
func TestAccountFormsNeedCSRFToken(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		jar, _ := cookiejar.New(nil)
		client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		signup := url.Values{"email": {"csrf@example.org"}, "name": {"Csrf Test"}, "password": {"uzun-ve-guclu-parola-7"}}
		for _, path := range []string{"/signup", "/login", "/password/forgot", "/pricing/contact"} {
			resp, err := client.PostForm(s.base+path, signup)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusForbidden {
				t.Errorf("POST %s without a token: %d, want 403", path, resp.StatusCode)
			}
		}
		if _, err := s.app.Stores.Accounts.UserByEmail(t.Context(), "csrf@example.org"); err == nil {
			t.Error("a sign-up without a CSRF token created an account")
		}
		resp, err := client.Get(s.base + "/signup")
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		m := csrfInput.FindStringSubmatch(string(page))
		if m == nil {
			t.Fatal("sign-up page has no _csrf input")
		}
		signup.Set("_csrf", m[1])
		resp, err = client.PostForm(s.base+"/signup", signup)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign-up with the page's token: %d, want 303", resp.StatusCode)
		}
		// Logged in now: creating a key without the token is refused too.
		resp, err = client.PostForm(s.base+"/account/keys", url.Values{"name": {"k"}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("key creation without a token: %d, want 403", resp.StatusCode)
		}
	})
}
