package billing_test

import (
	"context"
	"errors"
	"net/url"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

func (f *fixture) lastRequest() (string, url.Values) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.paths) == 0 {
		f.t.Fatal("no request reached Stripe")
	}
	return f.paths[len(f.paths)-1], f.requests[len(f.requests)-1]
}

func TestCheckoutSession(t *testing.T) {
	mock := needStripeMock(t)
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, mock)
		ctx := context.Background()
		user := uuid.NewString()

		u, err := f.svc.CreateCheckoutSession(ctx, user, "ada@example.com", f.enterprise, "https://cc.test/billing/success", "https://cc.test/pricing")
		if err != nil || u == "" {
			t.Fatalf("checkout = %q, %v", u, err)
		}
		path, form := f.lastRequest()
		want := map[string]string{
			"mode": "subscription", "client_reference_id": user, "customer_email": "ada@example.com",
			"line_items[0][price]": enterprisePrice, "line_items[0][quantity]": "1",
			"metadata[user_id]": user, "metadata[plan_id]": f.enterprise.ID,
			"subscription_data[metadata][user_id]": user, "subscription_data[metadata][plan_id]": f.enterprise.ID,
			"success_url": "https://cc.test/billing/success", "cancel_url": "https://cc.test/pricing",
		}
		if path != "POST /v1/checkout/sessions" {
			t.Fatalf("request = %s", path)
		}
		for k, v := range want {
			if got := form[k]; len(got) != 1 || got[0] != v {
				t.Errorf("%s = %q, want %q", k, got, v)
			}
		}

		// Once the account has a Stripe customer, Checkout reuses it instead of creating another.
		f.mustDeliver(event("evt_1", billing.EventSubscriptionCreated, f.now.Unix(),
			subscription("sub_c", user, "canceled", f.now.Unix()-10, enterprisePrice, false)))
		if _, err := f.svc.CreateCheckoutSession(ctx, user, "ada@example.com", f.enterprise, "https://cc.test/s", "https://cc.test/c"); err != nil {
			t.Fatal(err)
		}
		_, form = f.lastRequest()
		if got := form["customer"]; len(got) != 1 || got[0] != "cus_test_1" || form["customer_email"] != nil {
			t.Fatalf("customer = %q, customer_email = %q; want reuse of cus_test_1", got, form["customer_email"])
		}

		if _, err := f.svc.CreateCheckoutSession(ctx, user, "", f.starter, "https://cc.test/s", "https://cc.test/c"); !errors.Is(err, billing.ErrNotPurchasable) {
			t.Fatalf("starter checkout err = %v, want ErrNotPurchasable", err)
		}
	})
}

func TestPortalURL(t *testing.T) {
	mock := needStripeMock(t)
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, mock)
		ctx := context.Background()
		user := uuid.NewString()
		if _, err := f.svc.PortalURL(ctx, user, "https://cc.test/account"); !errors.Is(err, billing.ErrNoCustomer) {
			t.Fatalf("portal without customer err = %v, want ErrNoCustomer", err)
		}
		f.mustDeliver(event("evt_1", billing.EventSubscriptionCreated, f.now.Unix(),
			subscription("sub_p", user, "active", f.now.Add(time.Hour).Unix(), enterprisePrice, false)))
		u, err := f.svc.PortalURL(ctx, user, "https://cc.test/account")
		if err != nil || u == "" {
			t.Fatalf("portal = %q, %v", u, err)
		}
		path, form := f.lastRequest()
		if path != "POST /v1/billing_portal/sessions" || form.Get("customer") != "cus_test_1" || form.Get("return_url") != "https://cc.test/account" {
			t.Fatalf("request = %s %v", path, form)
		}
	})
}

func TestCheckoutCompletedFetchesSubscription(t *testing.T) {
	mock := needStripeMock(t)
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, mock)
		user := uuid.NewString()
		body := event("evt_cs", billing.EventCheckoutCompleted, f.now.Unix(), map[string]any{
			"id": "cs_test_1", "object": "checkout.session", "mode": "subscription", "status": "complete",
			"client_reference_id": user, "customer": "cus_from_checkout", "subscription": "sub_from_checkout",
			"metadata": map[string]string{"user_id": user, "plan_id": f.enterprise.ID},
		})
		f.mustDeliver(body)
		if path, _ := f.lastRequest(); path != "GET /v1/subscriptions/sub_from_checkout" {
			t.Fatalf("request = %s, want a subscription retrieve", path)
		}
		// stripe-mock answers with its fixture: an active subscription on a price no plan carries,
		// so the plan comes from the checkout's metadata and the account from client_reference_id.
		s := f.sub("sub_from_checkout")
		if s.UserID != user || s.Status != "active" || s.PlanID == nil || *s.PlanID != f.enterprise.ID {
			t.Fatalf("stored = %+v", s)
		}
		if got := f.planAt(user, f.now); got != "enterprise" {
			t.Fatalf("plan = %s", got)
		}
		// A replay costs no Stripe call.
		f.mu.Lock()
		n := len(f.paths)
		f.mu.Unlock()
		f.mustDeliver(body)
		f.mu.Lock()
		defer f.mu.Unlock()
		if len(f.paths) != n {
			t.Fatalf("replay called Stripe: %v", f.paths[n:])
		}
	})
}

func TestInvoiceEventsRefetch(t *testing.T) {
	mock := needStripeMock(t)
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, mock)
		user := uuid.NewString()
		f.mustDeliver(event("evt_1", billing.EventSubscriptionUpdated, f.now.Unix()-50,
			subscription("sub_inv", user, "past_due", f.now.Unix()-1, enterprisePrice, false)))
		if got := f.planAt(user, f.now); got != "starter" {
			t.Fatalf("past_due after period end = %s, want starter", got)
		}
		for i, typ := range []string{billing.EventInvoicePaymentFailed, billing.EventInvoicePaid} {
			f.mustDeliver(event("evt_inv"+string(rune('0'+i)), typ, f.now.Unix()-40, map[string]any{
				"id": "in_1", "object": "invoice", "customer": "cus_test_1", "subscription": "sub_inv", "status": "paid",
			}))
			if path, _ := f.lastRequest(); path != "GET /v1/subscriptions/sub_inv" {
				t.Fatalf("%s: request = %s, want a subscription retrieve", typ, path)
			}
		}
		// stripe-mock's subscription is active: the state Stripe reports now wins, and the account
		// that the stored row names keeps it.
		s := f.sub("sub_inv")
		if s.Status != "active" || s.UserID != user || s.PlanID == nil || *s.PlanID != f.enterprise.ID {
			t.Fatalf("stored = %+v", s)
		}
		if s.LastEventCreated != f.now.Unix()-40 {
			t.Fatalf("last_event_created = %d, want the invoice event's %d", s.LastEventCreated, f.now.Unix()-40)
		}
		// A subscription event older than the invoice event is stale.
		f.mustDeliver(event("evt_late", billing.EventSubscriptionUpdated, f.now.Unix()-45,
			subscription("sub_inv", user, "unpaid", f.now.Unix()-1, enterprisePrice, false)))
		if s := f.sub("sub_inv"); s.Status != "active" {
			t.Fatalf("late event overwrote fetched state: %s", s.Status)
		}
	})
}

func TestTiedTimestampsRefetch(t *testing.T) {
	mock := needStripeMock(t)
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, mock)
		user := uuid.NewString()
		at := f.now.Unix() - 5
		// Stripe's created/updated pair often share a second; the second delivery cannot be ordered
		// by timestamp, so Stripe is asked.
		f.mustDeliver(event("evt_t2", billing.EventSubscriptionUpdated, at,
			subscription("sub_tie", user, "active", f.now.Add(time.Hour).Unix(), enterprisePrice, false)))
		f.mustDeliver(event("evt_t1", billing.EventSubscriptionCreated, at,
			subscription("sub_tie", user, "incomplete", f.now.Add(time.Hour).Unix(), enterprisePrice, false)))
		if path, _ := f.lastRequest(); path != "GET /v1/subscriptions/sub_tie" {
			t.Fatalf("request = %s, want a subscription retrieve", path)
		}
		if s := f.sub("sub_tie"); s.Status != "active" {
			t.Fatalf("status = %s, want Stripe's current active", s.Status)
		}
		var n int64
		db.Gorm.Model(&models.StripeEvent{}).Count(&n)
		if n != 2 {
			t.Fatalf("stripe_events = %d, want 2", n)
		}
	})
}
