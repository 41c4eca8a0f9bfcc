package app_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// TestUnverifiedAccountKeysAreRefused: a key of an account that has not verified its email is
// refused with 403 on both API surfaces, each in its own error shape and saying why; opening the
// verification link makes the same key work on the very next request (the key cache is dropped,
// not waited out), and a CLI key, which has no account, is never affected.
func TestUnverifiedAccountKeysAreRefused(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		// A long cache TTL: only the invalidation on verification can make the key work at once.
		s := startServer(t, db, map[string]string{"KEY_CACHE_TTL": "5s", "V1_BURST_LIMIT": "0"})
		ctx := context.Background()
		u, token, err := s.app.Accounts.SignUp(ctx, "late-verifier@example.org", "kirmizi-Balon-42-uçuyor", "Late Verifier")
		if err != nil {
			t.Fatal(err)
		}
		is, err := keys.Generate()
		if err != nil {
			t.Fatal(err)
		}
		// Keys made before the rule (or by an admin) exist for unverified accounts; the store
		// itself does not refuse them.
		k := &models.APIKey{ID: uuid.NewString(), Name: "early key", Prefix: is.Prefix, Hash: is.Hash, CreatedAt: time.Now().UTC()}
		if err := s.app.Stores.Keys.CreateOwned(ctx, u.ID, k); err != nil {
			t.Fatal(err)
		}
		if err := db.Gorm.Exec("UPDATE users SET beta_access_at = ? WHERE id = ?", time.Now().UTC(), u.ID).Error; err != nil {
			t.Fatal(err)
		}
		cli, _ := issueKey(t, s.app.Stores, "beta-free", nil)

		type call struct {
			name, method, path, body string
			headers                  func(secret string) map[string]string
			okStatus                 int
			// shape checks the 403 body's error shape and words.
			shape func(t *testing.T, ct string, b []byte)
		}
		jsonErr := func(t *testing.T, ct string, b []byte) {
			var e map[string]string
			mustJSON(t, b, &e)
			if len(e) != 1 || !strings.Contains(e["error"], "not verified its email") {
				t.Errorf("edge-function error = %s, want {\"error\"} saying the email is not verified", b)
			}
		}
		gateway := func(t *testing.T, ct string, b []byte) {
			var e map[string]string
			mustJSON(t, b, &e)
			if e["message"] != "Email address not verified" || !strings.Contains(e["hint"], "verification mail") {
				t.Errorf("gateway error = %s, want {message, hint} about verification", b)
			}
		}
		problem := func(t *testing.T, ct string, b []byte) {
			var p map[string]any
			mustJSON(t, b, &p)
			if ct != "application/problem+json" || p["status"] != 403.0 || p["type"] != "/docs#problem-forbidden" ||
				!strings.Contains(p["detail"].(string), "not verified its email") {
				t.Errorf("problem (%s) = %s, want a 403 forbidden problem about verification", ct, b)
			}
		}
		apikeyHeaders := func(secret string) map[string]string {
			return map[string]string{"apikey": secret, "Content-Type": "application/json"}
		}
		bearer := func(secret string) map[string]string {
			return map[string]string{"Authorization": "Bearer " + secret}
		}
		calls := []call{
			{"quick-responder", "POST", "/functions/v1/quick-responder", `{"claim":"Aşılar otizme neden olur"}`, apikeyHeaders, 200, jsonErr},
			{"rest claims", "GET", "/rest/v1/claims?select=id&limit=1", "", apikeyHeaders, 200, gateway},
			{"v1 search", "GET", "/v1/claims/search?q=vaccine", "", bearer, 200, problem},
		}
		for _, c := range calls {
			var body []byte
			if c.body != "" {
				body = []byte(c.body)
			}
			st, h, b := do(t, c.method, s.base+c.path, c.headers(is.Secret), body)
			if st != 403 {
				t.Fatalf("%s with an unverified account's key: status %d, want 403: %s", c.name, st, b)
			}
			c.shape(t, h.Get("Content-Type"), b)
			if st, _, b := do(t, c.method, s.base+c.path, c.headers(cli), body); st != c.okStatus {
				t.Errorf("%s with a CLI key: status %d, want %d: %s", c.name, st, c.okStatus, b)
			}
		}
		if st, _, _ := do(t, "GET", s.base+"/verify/"+token, nil, nil); st != 200 {
			t.Fatalf("verification link: status %d", st)
		}
		for _, c := range calls {
			var body []byte
			if c.body != "" {
				body = []byte(c.body)
			}
			if st, _, b := do(t, c.method, s.base+c.path, c.headers(is.Secret), body); st != c.okStatus {
				t.Errorf("%s right after verification: status %d, want %d: %s", c.name, st, c.okStatus, b)
			}
		}
	})
}
