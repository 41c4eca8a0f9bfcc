package account_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/webhook"
)

const testWhsec = "whsec_handlers_test"

// stripeEvent builds an active Enterprise subscription event for user.
func stripeEvent(id, user string) []byte {
	b, _ := json.Marshal(map[string]any{
		"id": id, "object": "event", "api_version": stripe.APIVersion, "created": time.Now().Unix(),
		"type": billing.EventSubscriptionCreated, "livemode": false, "data": map[string]any{"object": map[string]any{
			"id": "sub_" + id, "object": "subscription", "customer": "cus_1", "status": "active",
			"current_period_end": time.Now().Add(30 * 24 * time.Hour).Unix(), "cancel_at_period_end": false,
			"metadata": map[string]string{"user_id": user},
			"items": map[string]any{"object": "list", "data": []any{map[string]any{
				"id": "si_1", "object": "subscription_item", "price": map[string]any{"id": "price_ent", "object": "price"}}}},
		}},
	})
	return b
}

func (e *accountEnv) webhook(t *testing.T, body []byte, sig string) int {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/webhooks/stripe", bytes.NewReader(body))
	req.Header.Set("Stripe-Signature", sig)
	req.Header.Set("Content-Type", "application/json")
	return e.Do(t, req).Status
}

func TestWebhookStatusesAndPlanChange(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		if err := db.Gorm.Exec("UPDATE plans SET stripe_price_id = 'price_ent' WHERE slug = 'enterprise'").Error; err != nil {
			t.Fatal(err)
		}
		e := newAccountEnv(t, db, billing.Config{WebhookSecret: testWhsec})
		alice := e.user(t, "Alice")
		secret := e.createKey(t, alice, "prod")
		body := stripeEvent("evt_1", alice)
		good := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: testWhsec})
		forged := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: "whsec_wrong"})
		junk := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte("{"), Secret: testWhsec})
		if s := e.webhook(t, body, forged.Header); s != http.StatusBadRequest {
			t.Fatalf("forged: %d", s)
		}
		if s := e.webhook(t, junk.Payload, junk.Header); s != http.StatusBadRequest {
			t.Fatalf("bad payload: %d", s)
		}
		if s := e.webhook(t, good.Payload, good.Header); s != http.StatusOK {
			t.Fatalf("good: %d", s)
		}
		if s := e.webhook(t, good.Payload, good.Header); s != http.StatusOK {
			t.Fatalf("replay: %d", s)
		}
		// The hook moved the account and its key to Enterprise: unlimited at once.
		e.clock = e.clock.Add(time.Second)
		k, err := e.auth.Authenticate(context.Background(), secret)
		if err != nil || k.Plan.Slug != "enterprise" || k.EffectiveQuota() != nil {
			t.Fatalf("key after upgrade: %+v, %v", k, err)
		}
		dash := e.as(t, alice, http.MethodGet, "/account", nil)
		if got := dash.Find(t, "[data-testid=plan-name]").Text(); got != "Enterprise" || dash.Doc.Find("[data-testid=usage-bar]").Length() != 0 {
			t.Fatalf("dashboard plan = %q", got)
		}
		success := e.as(t, alice, http.MethodGet, "/billing/success?plan=enterprise", nil)
		if c, _ := success.Find(t, "[data-testid=billing-success]").Attr("data-confirmed"); c != "true" || success.Header.Get("Refresh") != "" {
			t.Fatalf("success page confirmed = %s", c)
		}
		// Without a signing secret there is no Stripe endpoint: 404, never a 5xx.
		unset := newAccountEnv(t, db, billing.Config{})
		if s := unset.webhook(t, good.Payload, good.Header); s != http.StatusNotFound {
			t.Fatalf("no signing secret: %d", s)
		}
		// A hook failure that is not the request's fault is a 500, so Stripe retries.
		e2 := newAccountEnv(t, db, billing.Config{WebhookSecret: testWhsec, PlanChanged: func(context.Context, models.Tx, string, string) error {
			return errors.New("database down")
		}})
		bob := e2.user(t, "Bob")
		other := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: stripeEvent("evt_2", bob), Secret: testWhsec})
		if s := e2.webhook(t, other.Payload, other.Header); s != http.StatusInternalServerError {
			t.Fatalf("hook failure: %d", s)
		}
	})
}

func TestBillingSuccessWaitsForWebhook(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		alice := e.user(t, "Alice")
		p := e.as(t, alice, http.MethodGet, "/billing/success?plan=enterprise", nil)
		if c, _ := p.Find(t, "[data-testid=billing-success]").Attr("data-confirmed"); c != "false" {
			t.Fatal("the redirect alone confirmed the plan")
		}
		if p.Header.Get("Refresh") != "5" || p.Doc.Find(`meta[http-equiv=refresh]`).Length() != 1 {
			t.Fatal("the waiting page does not refresh itself")
		}
		if got := p.Find(t, "[data-testid=current-plan] strong").Text(); got != "Starter" {
			t.Fatalf("current plan = %q", got)
		}
		if s := e.as(t, alice, http.MethodPost, "/billing/portal", nil).Status; s != http.StatusNotFound {
			t.Fatalf("portal without stripe: %d", s)
		}
	})
}
