package app_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// hookReceiver records every webhook request it gets and answers 204.
type hookReceiver struct {
	*httptest.Server
	mu  sync.Mutex
	got []hookRequest
}

// hookRequest is one received delivery.
type hookRequest struct {
	header http.Header
	body   []byte
}

func newHookReceiver(t *testing.T) *hookReceiver {
	rc := &hookReceiver{}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		rc.got = append(rc.got, hookRequest{header: r.Header.Clone(), body: b})
		rc.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *hookReceiver) requests() []hookRequest {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]hookRequest(nil), rc.got...)
}

// bearer is the header set of a /v1 request with key.
func bearer(key string) map[string]string {
	return map[string]string{"Authorization": "Bearer " + key, "Content-Type": "application/json"}
}

// A beta key registers a receiver; checking a claim makes the background workers deliver
// claim.created and claim.analysed, signed so the official Standard Webhooks library accepts them.
func TestWebhooksDeliverClaimEventsEndToEnd(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		srv := startServer(t, db, map[string]string{"WEBHOOK_ALLOW_PRIVATE": "true", "WEBHOOK_WORKERS": "2"})
		stores := srv.app.Stores
		key, _ := issueKey(t, stores, "beta-free", nil)
		rc := newHookReceiver(t)

		st, hdr, body := do(t, "POST", srv.base+"/v1/webhooks", bearer(key),
			[]byte(`{"url":"`+rc.URL+`/hook","event_types":["claim.created","claim.analysed"],"description":"e2e"}`))
		if st != http.StatusCreated {
			t.Fatalf("register: %d %s", st, body)
		}
		var ep struct {
			ID, Secret string
		}
		mustJSON(t, body, &ep)
		if hdr.Get("Location") != "/v1/webhooks/"+ep.ID || !strings.HasPrefix(ep.Secret, "whsec_") {
			t.Fatalf("registered: %s %s", hdr.Get("Location"), body)
		}

		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		stop := srv.app.StartBackground(ctx)
		defer stop()

		st, _, body = do(t, "POST", srv.base+"/functions/v1/quick-responder", map[string]string{"apikey": key, "Content-Type": "application/json"},
			[]byte(`{"claim":"Aşılar otizme neden olur"}`))
		if st != http.StatusOK {
			t.Fatalf("check: %d %s", st, body)
		}
		var claim struct{ ID string }
		mustJSON(t, body, &claim)

		wh, err := standardwebhooks.NewWebhook(ep.Secret)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]string{} // event type → webhook-id
		deadline := time.Now().Add(30 * time.Second)
		for len(seen) < 2 {
			if time.Now().After(deadline) {
				t.Fatalf("deliveries not received in time; got %d requests", len(rc.requests()))
			}
			time.Sleep(50 * time.Millisecond)
			for _, r := range rc.requests() {
				if err := wh.Verify(r.body, r.header); err != nil {
					t.Fatalf("signature rejected by the official library: %v", err)
				}
				var p struct {
					Type    string `json:"type"`
					EventID *int64 `json:"event_id"`
					Data    struct {
						ID string `json:"id"`
					} `json:"data"`
				}
				if err := json.Unmarshal(r.body, &p); err != nil {
					t.Fatalf("payload: %v: %s", err, r.body)
				}
				if p.Data.ID != claim.ID || p.EventID == nil {
					t.Fatalf("payload of another claim or without event id: %s", r.body)
				}
				seen[p.Type] = r.header.Get("webhook-id")
			}
		}
		if seen["claim.created"] == "" || seen["claim.analysed"] == "" || seen["claim.created"] == seen["claim.analysed"] {
			t.Fatalf("events received: %v", seen)
		}

		// The API lists both deliveries, under the ids the receiver saw, as delivered.
		for {
			st, _, body = do(t, "GET", srv.base+"/v1/webhooks/"+ep.ID+"/deliveries?limit=10", bearer(key), nil)
			if st != http.StatusOK {
				t.Fatalf("deliveries: %d %s", st, body)
			}
			var list struct {
				Data []struct {
					ID        string `json:"id"`
					EventType string `json:"event_type"`
					State     string `json:"state"`
					Attempts  int    `json:"attempts"`
				} `json:"data"`
			}
			mustJSON(t, body, &list)
			delivered := 0
			for _, d := range list.Data {
				if d.ID == seen[d.EventType] && d.State == "delivered" && d.Attempts == 1 {
					delivered++
				}
			}
			if delivered == 2 && len(list.Data) == 2 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("deliveries not recorded as delivered: %s", body)
			}
			time.Sleep(50 * time.Millisecond)
		}

		// Another owner's key does not see the endpoint; a key without beta access gets no /v1 at all.
		other, _ := issueKey(t, stores, "beta-free", nil)
		if st, _, body := do(t, "GET", srv.base+"/v1/webhooks/"+ep.ID, bearer(other), nil); st != http.StatusNotFound {
			t.Fatalf("other owner: %d %s", st, body)
		}
		if st, _, body := do(t, "DELETE", srv.base+"/v1/webhooks/"+ep.ID, bearer(other), nil); st != http.StatusNotFound {
			t.Fatalf("other owner deletes: %d %s", st, body)
		}
		starter, _ := issueKey(t, stores, "starter", nil)
		st, hdr, body = do(t, "GET", srv.base+"/v1/webhooks", bearer(starter), nil)
		if st != http.StatusForbidden || !strings.HasPrefix(hdr.Get("Content-Type"), "application/problem+json") ||
			!strings.Contains(string(body), "beta-access-required") {
			t.Fatalf("without beta access: %d %s", st, body)
		}
		st, _, body = do(t, "GET", srv.base+"/v1/webhooks/"+ep.ID, bearer(key), nil)
		if st != http.StatusOK || strings.Contains(string(body), ep.Secret) {
			t.Fatalf("owner's detail: %d %s", st, body)
		}
	})
}

// With the default configuration, receivers on private addresses are refused at registration.
func TestWebhooksRefusePrivateReceiversByDefault(t *testing.T) {
	db := testdb.Open(t, database.SQLite)
	srv := startServer(t, db, nil)
	key, _ := issueKey(t, srv.app.Stores, "beta-free", nil)
	for _, u := range []string{"http://127.0.0.1:8080/hook", "http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://localhost:9000/"} {
		st, _, body := do(t, "POST", srv.base+"/v1/webhooks", bearer(key), []byte(`{"url":"`+u+`","event_types":["claim.created"]}`))
		if st != http.StatusBadRequest || !strings.Contains(string(body), `"field":"url"`) || !strings.Contains(string(body), "private") {
			t.Fatalf("%s: %d %s", u, st, body)
		}
	}
}
