package webhooks_test

import (
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/internal/webhooks"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// The published Standard Webhooks example vector: our signer must produce it exactly.
func TestSignMatchesPublishedVector(t *testing.T) {
	sig, err := webhooks.Sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
		time.Unix(1614265330, 0), []byte(`{"test": 2432232314}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="; sig != want {
		t.Fatalf("signature %s, want %s", sig, want)
	}
}

// Signatures are checked by the official Standard Webhooks library, an implementation we did not write.
func TestSignaturesVerifyWithTheOfficialLibrary(t *testing.T) {
	current, err := webhooks.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	previous, _ := webhooks.NewSecret()
	stranger, _ := webhooks.NewSecret()
	now := time.Now()
	for _, tc := range []struct {
		name    string
		secrets []string
		body    string
	}{
		{"one secret", []string{current}, `{"type":"claim.created","data":{"id":"x"}}`},
		{"rotation: two secrets", []string{current, previous}, `{"type":"claim.analysed","data":{"score":87.5}}`},
		{"unicode body", []string{current}, `{"content":"Aşılar güvenlidir — ✓"}`},
		{"empty object", []string{current}, `{}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			if err := webhooks.SetHeaders(h, tc.secrets, "01900000-0000-7000-8000-000000000001", now, []byte(tc.body)); err != nil {
				t.Fatal(err)
			}
			if h.Get("webhook-timestamp") != strconv.FormatInt(now.Unix(), 10) || h.Get("Content-Type") != "application/json" ||
				h.Get("User-Agent") != "Claimcheck-Webhooks/1.0" {
				t.Fatalf("headers: %v", h)
			}
			if n := len(strings.Fields(h.Get("webhook-signature"))); n != len(tc.secrets) {
				t.Fatalf("%d signatures for %d secrets: %s", n, len(tc.secrets), h.Get("webhook-signature"))
			}
			// Every active secret verifies on its own: receivers may hold either during a rotation.
			for _, s := range tc.secrets {
				wh, err := standardwebhooks.NewWebhook(s)
				if err != nil {
					t.Fatal(err)
				}
				if err := wh.Verify([]byte(tc.body), h); err != nil {
					t.Fatalf("official library rejects the signature: %v", err)
				}
				// And it detects tampering, so the check above is not vacuous.
				if err := wh.Verify([]byte(tc.body+" "), h); err == nil {
					t.Fatal("a changed body verified")
				}
			}
			wh, _ := standardwebhooks.NewWebhook(stranger)
			if err := wh.Verify([]byte(tc.body), h); err == nil {
				t.Fatal("a foreign secret verified")
			}
			// The library's own signature is one of ours.
			theirs, err := func() (string, error) {
				w, _ := standardwebhooks.NewWebhook(tc.secrets[0])
				return w.Sign(h.Get("webhook-id"), now, []byte(tc.body))
			}()
			if err != nil || strings.Fields(h.Get("webhook-signature"))[0] != theirs {
				t.Fatalf("library signs %s, we sent %s (%v)", theirs, h.Get("webhook-signature"), err)
			}
		})
	}
}

func TestNewSecret(t *testing.T) {
	seen := map[string]bool{}
	for range 50 {
		s, err := webhooks.NewSecret()
		if err != nil {
			t.Fatal(err)
		}
		raw, ok := strings.CutPrefix(s, "whsec_")
		if !ok {
			t.Fatalf("no prefix: %s", s)
		}
		key, err := base64.StdEncoding.DecodeString(raw)
		if err != nil || len(key) != 24 {
			t.Fatalf("secret %s decodes to %d bytes (%v)", s, len(key), err)
		}
		if seen[s] {
			t.Fatalf("secret repeated: %s", s)
		}
		seen[s] = true
	}
	if _, err := webhooks.Sign("not-a-secret", "id", time.Now(), nil); err == nil {
		t.Fatal("signed with a malformed secret")
	}
}
