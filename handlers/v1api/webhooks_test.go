package v1api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/v1api"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// whAPI is the wired service; requests authenticate with real API keys on the beta plan, and
// webhook hosts resolve from a table.
type whAPI struct {
	app   *fiber.App
	db    *database.DB
	store *models.WebhookStore
	// secrets maps a key's id, the tests' handle, to its bearer secret.
	secrets map[string]string
}

func newWhAPI(t *testing.T, db *database.DB) *whAPI {
	t.Helper()
	a := apptest.New(t, db, apptest.Options{Env: map[string]string{"V1_BURST_LIMIT": "0"},
		WebhookResolver: apptest.Resolver{"hooks.example.com": "93.184.216.34", "intranet.example.com": "10.0.0.7"}})
	return &whAPI{app: a.HTTP, db: db, store: models.NewWebhookStore(db), secrets: map[string]string{}}
}

// key makes an API key on the beta plan, owned by userID when set (else a CLI key), and returns
// its id as the test handle.
func (e *whAPI) key(t *testing.T, userID string) string {
	t.Helper()
	ctx := context.Background()
	p, err := storerules.Stores(e.db).Plans.BySlug(ctx, "beta-free")
	if err != nil {
		t.Fatal(err)
	}
	is, err := keys.Generate()
	if err != nil {
		t.Fatal(err)
	}
	k := &models.APIKey{ID: uuid.NewString(), PlanID: p.ID, Name: "t", Prefix: is.Prefix, Hash: is.Hash, CreatedAt: time.Now().UTC()}
	if userID != "" {
		k.UserID = &userID
	}
	if err := storerules.Stores(e.db).Keys.Create(ctx, k); err != nil {
		t.Fatal(err)
	}
	e.secrets[k.ID] = is.Secret
	return k.ID
}

// user makes an account with a verified address (an unverified account's keys are refused).
func (e *whAPI) user(t *testing.T) string {
	t.Helper()
	now := time.Now().UTC()
	u := &models.User{ID: uuid.NewString(), Email: uuid.NewString() + "@example.org", Name: "Dev", PasswordHash: "x", Role: models.RoleUser,
		EmailVerifiedAt: &now, CreatedAt: now, UpdatedAt: now}
	if err := models.NewAccountStore(e.db).CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// whResp is a decoded answer.
type whResp struct {
	status int
	header http.Header
	body   []byte
}

func (r whResp) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("not JSON (%v): %s", err, r.body)
	}
	return m
}

// problemFields returns field → message of a problem answer, failing unless it is one with status.
func (r whResp) problem(t *testing.T, status int, slug string) map[string]string {
	t.Helper()
	if r.status != status || !strings.HasPrefix(r.header.Get("Content-Type"), "application/problem+json") {
		t.Fatalf("status %d (%s), want %d problem: %s", r.status, r.header.Get("Content-Type"), status, r.body)
	}
	var p v1api.ProblemDetails
	if err := json.Unmarshal(r.body, &p); err != nil || p.Type != v1api.ProblemType(slug) || p.Status != status {
		t.Fatalf("problem %+v (%v), want type %s", p, err, slug)
	}
	out := map[string]string{}
	for _, f := range p.Errors {
		out[f.Field] = f.Message
	}
	return out
}

func (e *whAPI) do(t *testing.T, key, method, path, contentType, body string) whResp {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if secret := e.secrets[key]; secret != "" {
		req.Header.Set("Authorization", "Bearer "+secret)
	}
	resp, err := e.app.Test(req, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return whResp{status: resp.StatusCode, header: resp.Header, body: b}
}

// create registers an endpoint and returns the answer's JSON.
func (e *whAPI) create(t *testing.T, key, body string) map[string]any {
	t.Helper()
	r := e.do(t, key, http.MethodPost, "/v1/webhooks", "application/json", body)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	return r.json(t)
}

func TestV1WebhooksLifecycle(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newWhAPI(t, db)
		alice := e.user(t)
		k1, k2 := e.key(t, alice), e.key(t, alice)

		r := e.do(t, k1, http.MethodPost, "/v1/webhooks", "application/json; charset=utf-8",
			`{"url":"https://hooks.example.com/cc","event_types":["claim.analysed","claim.created"],"description":"prod"}`)
		if r.status != http.StatusCreated || r.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("create: %d %v %s", r.status, r.header, r.body)
		}
		ep := r.json(t)
		id, _ := ep["id"].(string)
		secret, _ := ep["secret"].(string)
		if r.header.Get("Location") != "/v1/webhooks/"+id || !strings.HasPrefix(secret, "whsec_") ||
			fmt.Sprint(ep["event_types"]) != "[claim.created claim.analysed]" || ep["disabled"] != false || ep["disabled_reason"] != nil ||
			ep["description"] != "prod" || ep["url"] != "https://hooks.example.com/cc" || ep["created_at"] == nil {
			t.Fatalf("created endpoint: %v %v", r.header.Get("Location"), ep)
		}
		// Another key of the same account sees it; the secret is never listed again.
		list := e.do(t, k2, http.MethodGet, "/v1/webhooks", "", "")
		if list.status != http.StatusOK || strings.Contains(string(list.body), secret) || strings.Contains(string(list.body), `"secret"`) {
			t.Fatalf("list: %d %s", list.status, list.body)
		}
		data, _ := list.json(t)["data"].([]any)
		if len(data) != 1 || data[0].(map[string]any)["id"] != id {
			t.Fatalf("list data: %v", data)
		}
		get := e.do(t, k2, http.MethodGet, "/v1/webhooks/"+id, "", "")
		if get.status != http.StatusOK || strings.Contains(string(get.body), secret) || !strings.Contains(string(get.body), `"deliveries":[]`) {
			t.Fatalf("get: %d %s", get.status, get.body)
		}
		// Test event: 202 with the queued delivery, then listed.
		tr := e.do(t, k1, http.MethodPost, "/v1/webhooks/"+id+"/test", "", "")
		if tr.status != http.StatusAccepted {
			t.Fatalf("test: %d %s", tr.status, tr.body)
		}
		del := tr.json(t)
		if del["event_type"] != "webhook.test" || del["state"] != "pending" || del["id"] == "" || del["next_attempt_at"] == nil || del["delivered_at"] != nil {
			t.Fatalf("test delivery: %v", del)
		}
		ds := e.do(t, k1, http.MethodGet, "/v1/webhooks/"+id+"/deliveries?limit=5", "", "")
		dd, _ := ds.json(t)["data"].([]any)
		if ds.status != http.StatusOK || len(dd) != 1 || dd[0].(map[string]any)["id"] != del["id"] {
			t.Fatalf("deliveries: %d %s", ds.status, ds.body)
		}
		detail := e.do(t, k1, http.MethodGet, "/v1/webhooks/"+id, "", "").json(t)
		if dl, _ := detail["deliveries"].([]any); len(dl) != 1 {
			t.Fatalf("detail deliveries: %v", detail["deliveries"])
		}
		// Rotation returns a new secret once and says until when the old one signs.
		rot := e.do(t, k1, http.MethodPost, "/v1/webhooks/"+id+"/rotate", "", "")
		rj := rot.json(t)
		if rot.status != http.StatusOK || rj["secret"] == secret || !strings.HasPrefix(fmt.Sprint(rj["secret"]), "whsec_") || rj["previous_secret_expires_at"] == nil {
			t.Fatalf("rotate: %d %s", rot.status, rot.body)
		}
		stored, _ := e.store.Endpoint(context.Background(), models.WebhookOwner{UserID: alice}, id)
		if stored.PreviousSecret == nil || *stored.PreviousSecret != secret || stored.Secret != rj["secret"] {
			t.Fatalf("stored secrets after rotation: %+v", stored)
		}
		// A second rotation while the old secret still signs would cut it off: refused, nothing changes.
		e.do(t, k1, http.MethodPost, "/v1/webhooks/"+id+"/rotate", "", "").problem(t, http.StatusConflict, v1api.ProblemConflict)
		if again, _ := e.store.Endpoint(context.Background(), models.WebhookOwner{UserID: alice}, id); again.Secret != rj["secret"] ||
			again.PreviousSecret == nil || *again.PreviousSecret != secret {
			t.Fatalf("a refused rotation changed the secrets: %+v", again)
		}
		// Enable brings a disabled endpoint back.
		if _, err := e.store.Disable(context.Background(), models.WebhookOwner{UserID: alice}, id, "The receiver answered 410 Gone", time.Now()); err != nil {
			t.Fatal(err)
		}
		off := e.do(t, k1, http.MethodGet, "/v1/webhooks/"+id, "", "").json(t)
		if off["disabled"] != true || off["disabled_reason"] != "The receiver answered 410 Gone" {
			t.Fatalf("disabled endpoint: %v", off)
		}
		e.do(t, k1, http.MethodPost, "/v1/webhooks/"+id+"/test", "", "").problem(t, http.StatusConflict, v1api.ProblemConflict)
		en := e.do(t, k1, http.MethodPost, "/v1/webhooks/"+id+"/enable", "", "")
		if en.status != http.StatusOK || en.json(t)["disabled"] != false {
			t.Fatalf("enable: %d %s", en.status, en.body)
		}
		// Delete: 204, then gone with its deliveries.
		if r := e.do(t, k1, http.MethodDelete, "/v1/webhooks/"+id, "", ""); r.status != http.StatusNoContent || len(r.body) != 0 {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		e.do(t, k1, http.MethodGet, "/v1/webhooks/"+id, "", "").problem(t, http.StatusNotFound, v1api.ProblemNotFound)
		if n, _ := e.store.Deliveries(context.Background(), id, 10); len(n) != 0 {
			t.Fatalf("deliveries survive their endpoint: %d", len(n))
		}
	})
}

func TestV1WebhooksOwnership(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newWhAPI(t, db)
		alice, bob := e.key(t, e.user(t)), e.key(t, e.user(t))
		cli := e.key(t, "")
		id := e.create(t, alice, `{"url":"https://hooks.example.com/a","event_types":["claim.created"]}`)["id"].(string)
		cliID := e.create(t, cli, `{"url":"https://hooks.example.com/cli","event_types":["claim.created"]}`)["id"].(string)
		for _, tc := range []struct{ method, path string }{
			{http.MethodGet, "/v1/webhooks/" + id},
			{http.MethodDelete, "/v1/webhooks/" + id},
			{http.MethodGet, "/v1/webhooks/" + id + "/deliveries"},
			{http.MethodPost, "/v1/webhooks/" + id + "/test"},
			{http.MethodPost, "/v1/webhooks/" + id + "/rotate"},
			{http.MethodPost, "/v1/webhooks/" + id + "/enable"},
			{http.MethodGet, "/v1/webhooks/" + cliID},
			{http.MethodGet, "/v1/webhooks/not-a-uuid"},
			{http.MethodGet, "/v1/webhooks/" + uuid.NewString()},
		} {
			e.do(t, bob, tc.method, tc.path, "", "").problem(t, http.StatusNotFound, v1api.ProblemNotFound)
		}
		// Bob's list is empty, the CLI key sees only its own, and Alice's endpoint survived Bob's delete.
		for key, want := range map[string]string{bob: "", cli: cliID, alice: id} {
			data, _ := e.do(t, key, http.MethodGet, "/v1/webhooks", "", "").json(t)["data"].([]any)
			got := ""
			for _, d := range data {
				got += d.(map[string]any)["id"].(string)
			}
			if got != want {
				t.Errorf("list: %q, want %q", got, want)
			}
		}
		e.do(t, "", http.MethodGet, "/v1/webhooks", "", "").problem(t, http.StatusUnauthorized, v1api.ProblemUnauthorized)
	})
}

func TestV1WebhooksValidation(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newWhAPI(t, db)
		k := e.key(t, e.user(t))
		ok := `"event_types":["claim.created"]`
		for _, tc := range []struct {
			name, body string
			fields     map[string]string // field → message fragment
		}{
			{"missing url", `{` + ok + `}`, map[string]string{"url": "Enter the URL"}},
			{"relative url", `{"url":"/hook",` + ok + `}`, map[string]string{"url": "absolute"}},
			{"ftp", `{"url":"ftp://hooks.example.com/",` + ok + `}`, map[string]string{"url": "https://"}},
			{"credentials", `{"url":"https://u:p@hooks.example.com/",` + ok + `}`, map[string]string{"url": "password"}},
			{"loopback", `{"url":"http://127.0.0.1:8080/",` + ok + `}`, map[string]string{"url": "private"}},
			{"metadata service", `{"url":"http://169.254.169.254/latest",` + ok + `}`, map[string]string{"url": "169.254.169.254"}},
			{"mapped loopback", `{"url":"http://[::ffff:127.0.0.1]/",` + ok + `}`, map[string]string{"url": "private"}},
			{"localhost", `{"url":"http://localhost/",` + ok + `}`, map[string]string{"url": "private"}},
			{"resolves private", `{"url":"https://intranet.example.com/",` + ok + `}`, map[string]string{"url": "resolves to 10.0.0.7"}},
			{"too long", `{"url":"https://hooks.example.com/` + strings.Repeat("a", 2048) + `",` + ok + `}`, map[string]string{"url": "2048"}},
			{"no event types", `{"url":"https://hooks.example.com/"}`, map[string]string{"event_types": "at least one"}},
			{"empty event types", `{"url":"https://hooks.example.com/","event_types":[]}`, map[string]string{"event_types": "at least one"}},
			{"unknown event type", `{"url":"https://hooks.example.com/","event_types":["claim.deleted"]}`, map[string]string{"event_types": "claim.deleted"}},
			{"event types not an array", `{"url":"https://hooks.example.com/","event_types":"claim.created"}`, map[string]string{"event_types": "array of strings"}},
			{"url not a string", `{"url":42,` + ok + `}`, map[string]string{"url": "a string"}},
			{"long description", `{"url":"https://hooks.example.com/",` + ok + `,"description":"` + strings.Repeat("x", 201) + `"}`, map[string]string{"description": "200"}},
			{"unknown field", `{"url":"https://hooks.example.com/","events":["claim.created"]}`, map[string]string{"events": "Unknown field"}},
			{"not an object", `["https://hooks.example.com/"]`, map[string]string{"body": "JSON object"}},
			{"broken JSON", `{"url":`, map[string]string{"body": "not valid JSON"}},
			{"two objects", `{"url":"https://hooks.example.com/",` + ok + `} {}`, map[string]string{"body": "one JSON object"}},
			{"empty body", ``, map[string]string{"body": "JSON object"}},
			{"several at once", `{"url":"http://10.0.0.1/","description":"` + strings.Repeat("x", 201) + `"}`,
				map[string]string{"url": "private", "event_types": "at least one", "description": "200"}},
		} {
			got := e.do(t, k, http.MethodPost, "/v1/webhooks", "application/json", tc.body).problem(t, http.StatusBadRequest, v1api.ProblemInvalidRequest)
			if len(got) != len(tc.fields) {
				t.Errorf("%s: fields %v, want %v", tc.name, got, tc.fields)
			}
			for f, frag := range tc.fields {
				if !strings.Contains(got[f], frag) {
					t.Errorf("%s: %s = %q, want it to mention %q", tc.name, f, got[f], frag)
				}
			}
		}
		e.do(t, k, http.MethodPost, "/v1/webhooks", "text/plain", `{"url":"https://hooks.example.com/",`+ok+`}`).
			problem(t, http.StatusUnsupportedMediaType, v1api.ProblemUnsupportedMediaType)
		e.do(t, k, http.MethodPost, "/v1/webhooks", "application/x-www-form-urlencoded", `url=https://hooks.example.com/`).
			problem(t, http.StatusUnsupportedMediaType, v1api.ProblemUnsupportedMediaType)
		id := e.create(t, k, `{"url":"https://hooks.example.com/",`+ok+`}`)["id"].(string)
		for _, limit := range []string{"0", "101", "ten", "-1"} {
			f := e.do(t, k, http.MethodGet, "/v1/webhooks/"+id+"/deliveries?limit="+limit, "", "").problem(t, http.StatusBadRequest, v1api.ProblemInvalidRequest)
			if !strings.Contains(f["limit"], "1 to 100") {
				t.Errorf("limit=%s: %v", limit, f)
			}
		}
		// Ten endpoints per account, then a conflict that says what to do.
		for i := 1; i < models.MaxWebhookEndpoints; i++ {
			e.create(t, k, `{"url":"https://hooks.example.com/`+fmt.Sprint(i)+`",`+ok+`}`)
		}
		r := e.do(t, k, http.MethodPost, "/v1/webhooks", "application/json", `{"url":"https://hooks.example.com/x",`+ok+`}`)
		r.problem(t, http.StatusConflict, v1api.ProblemConflict)
		if !strings.Contains(string(r.body), "Delete one") {
			t.Fatalf("limit message: %s", r.body)
		}
	})
}
