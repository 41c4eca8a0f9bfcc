package billing_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/webhook"
)

const (
	whsec           = "whsec_test_secret"
	enterprisePrice = "price_enterprise_test"
)

// hookCall is one PlanChanged invocation.
type hookCall struct{ UserID, PlanID string }

// fixture is a Service over a fresh database with a recording PlanChanged hook and a fixed clock.
type fixture struct {
	t          *testing.T
	db         *database.DB
	svc        *billing.Service
	now        time.Time
	enterprise *models.Plan
	starter    *models.Plan

	mu       sync.Mutex
	calls    []hookCall
	hookErr  error
	requests []url.Values // form bodies sent to Stripe, in order
	paths    []string
}

func newFixture(t *testing.T, db *database.DB, stripeURL string) *fixture {
	t.Helper()
	ctx := context.Background()
	if err := db.Gorm.Exec("UPDATE plans SET stripe_price_id = ? WHERE slug = 'enterprise'", enterprisePrice).Error; err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, db: db, now: time.Now().UTC().Truncate(time.Second)}
	plans := storerules.Stores(db).Plans
	var err error
	if f.enterprise, err = plans.BySlug(ctx, "enterprise"); err != nil {
		t.Fatal(err)
	}
	if f.starter, err = plans.BySlug(ctx, "starter"); err != nil {
		t.Fatal(err)
	}
	cfg := billing.Config{
		WebhookSecret: whsec,
		Now:           func() time.Time { return f.now },
		PlanChanged: func(ctx context.Context, tx models.Tx, userID, planID string) error {
			// The hook sees the uncommitted subscription row: proof it runs inside the same transaction.
			subs, err := models.NewBillingStore(db).WithTx(tx).SubscriptionsByUser(ctx, userID)
			if err != nil {
				return err
			}
			if len(subs) == 0 {
				t.Errorf("hook ran outside the event's transaction")
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			if f.hookErr != nil {
				return f.hookErr
			}
			f.calls = append(f.calls, hookCall{userID, planID})
			return nil
		},
	}
	if stripeURL != "" {
		cfg.SecretKey = "sk_test_123"
		cfg.BackendURL = stripeURL
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second, Transport: recorder{f}}
	}
	f.svc = billing.New(models.NewBillingStore(db), cfg)
	return f
}

// recorder keeps what the Service sends to Stripe, so tests check parameters, not just responses.
type recorder struct{ f *fixture }

func (r recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var form url.Values
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		req.Body = io.NopCloser(bytes.NewReader(b))
		form, _ = url.ParseQuery(string(b))
	}
	r.f.mu.Lock()
	r.f.requests = append(r.f.requests, form)
	r.f.paths = append(r.f.paths, req.Method+" "+req.URL.Path)
	r.f.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

func (f *fixture) hookCalls() []hookCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]hookCall(nil), f.calls...)
}

// event builds a Stripe event body on the API version stripe-go v76 expects.
func event(id, typ string, created int64, obj map[string]any) []byte {
	b, err := json.Marshal(map[string]any{
		"id": id, "object": "event", "api_version": stripe.APIVersion, "created": created,
		"type": typ, "livemode": false, "data": map[string]any{"object": obj},
	})
	if err != nil {
		panic(err)
	}
	return b
}

// subscription builds a subscription object as Stripe sends it in customer.subscription.* events.
func subscription(id, userID, status string, periodEnd int64, price string, cancelAtEnd bool) map[string]any {
	return map[string]any{
		"id": id, "object": "subscription", "customer": "cus_test_1", "status": status,
		"current_period_end": periodEnd, "cancel_at_period_end": cancelAtEnd,
		"metadata": map[string]string{"user_id": userID},
		"items": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "si_1", "object": "subscription_item",
			"price": map[string]any{"id": price, "object": "price"},
		}}},
	}
}

// deliver signs payload as Stripe does, now, and hands it to the Service.
func (f *fixture) deliver(payload []byte) error {
	sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: whsec, Timestamp: time.Now()})
	return f.svc.HandleWebhook(context.Background(), sp.Payload, sp.Header)
}

func (f *fixture) mustDeliver(payload []byte) {
	f.t.Helper()
	if err := f.deliver(payload); err != nil {
		f.t.Fatalf("deliver: %v", err)
	}
}

func (f *fixture) sub(stripeID string) *models.Subscription {
	f.t.Helper()
	var s models.Subscription
	if err := f.db.Gorm.Where("stripe_subscription_id = ?", stripeID).Take(&s).Error; err != nil {
		f.t.Fatalf("subscription %s: %v", stripeID, err)
	}
	return &s
}

func (f *fixture) count(table string) int64 {
	f.t.Helper()
	var n int64
	if err := f.db.Gorm.Table(table).Count(&n).Error; err != nil {
		f.t.Fatal(err)
	}
	return n
}

func (f *fixture) planAt(userID string, at time.Time) string {
	f.t.Helper()
	p, err := f.svc.EffectivePlan(context.Background(), userID, at)
	if err != nil {
		f.t.Fatal(err)
	}
	return p.Slug
}

func TestWebhookAppliesSubscription(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, "")
		user := uuid.NewString()
		end := f.now.Add(30 * 24 * time.Hour).Unix()
		if got := f.planAt(user, f.now); got != "starter" {
			t.Fatalf("plan before any event = %s, want starter", got)
		}
		f.mustDeliver(event("evt_1", billing.EventSubscriptionCreated, f.now.Unix(),
			subscription("sub_1", user, "active", end, enterprisePrice, false)))

		s := f.sub("sub_1")
		if s.UserID != user || s.Status != "active" || s.PlanID == nil || *s.PlanID != f.enterprise.ID ||
			s.StripeCustomerID != "cus_test_1" || s.StripePriceID != enterprisePrice ||
			s.CurrentPeriodEnd == nil || s.CurrentPeriodEnd.Unix() != end || s.LastEventCreated != f.now.Unix() {
			t.Fatalf("stored subscription = %+v", s)
		}
		if got := f.planAt(user, f.now); got != "enterprise" {
			t.Fatalf("effective plan = %s, want enterprise", got)
		}
		if calls := f.hookCalls(); len(calls) != 1 || calls[0] != (hookCall{user, f.enterprise.ID}) {
			t.Fatalf("hook calls = %+v", calls)
		}
	})
}

func TestWebhookReplayChangesNothing(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, "")
		user := uuid.NewString()
		body := event("evt_replay", billing.EventSubscriptionCreated, f.now.Unix(),
			subscription("sub_r", user, "active", f.now.Add(time.Hour).Unix(), enterprisePrice, false))
		f.mustDeliver(body)
		before := f.sub("sub_r")
		f.now = f.now.Add(time.Minute) // a changed updated_at would show a second write
		for range 3 {
			f.mustDeliver(body) // signed afresh each time, as Stripe's retries are
		}
		if n := f.count("stripe_events"); n != 1 {
			t.Fatalf("stripe_events rows = %d, want 1", n)
		}
		if n := f.count("subscriptions"); n != 1 {
			t.Fatalf("subscriptions rows = %d, want 1", n)
		}
		if after := f.sub("sub_r"); !after.UpdatedAt.Equal(before.UpdatedAt) || after.LastEventCreated != before.LastEventCreated {
			t.Fatalf("replay rewrote the row: before %+v after %+v", before, after)
		}
		if calls := f.hookCalls(); len(calls) != 1 {
			t.Fatalf("hook calls = %d, want 1", len(calls))
		}
	})
}

func TestWebhookOutOfOrder(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, "")
		user := uuid.NewString()
		t0 := f.now.Add(-time.Minute).Unix()
		end := f.now.Add(30 * 24 * time.Hour).Unix()
		created := event("evt_c", billing.EventSubscriptionCreated, t0,
			subscription("sub_o", user, "incomplete", end, enterprisePrice, false))
		older := event("evt_u1", billing.EventSubscriptionUpdated, t0+5,
			subscription("sub_o", user, "incomplete", end, enterprisePrice, false))
		newest := event("evt_u2", billing.EventSubscriptionUpdated, t0+10,
			subscription("sub_o", user, "active", end, enterprisePrice, false))

		f.mustDeliver(newest)
		f.mustDeliver(created)
		f.mustDeliver(older)

		s := f.sub("sub_o")
		if s.Status != "active" || s.LastEventCreated != t0+10 {
			t.Fatalf("final state = %s @%d, want active @%d", s.Status, s.LastEventCreated, t0+10)
		}
		if n := f.count("stripe_events"); n != 3 {
			t.Fatalf("stripe_events rows = %d, want 3 (stale events are recorded too)", n)
		}
		if got := f.planAt(user, f.now); got != "enterprise" {
			t.Fatalf("effective plan = %s, want enterprise", got)
		}
	})
}

func TestWebhookInOrderStillApplies(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, "")
		user := uuid.NewString()
		t0 := f.now.Add(-time.Minute).Unix()
		end := f.now.Add(time.Hour).Unix()
		f.mustDeliver(event("evt_a", billing.EventSubscriptionCreated, t0, subscription("sub_i", user, "incomplete", end, enterprisePrice, false)))
		if got := f.planAt(user, f.now); got != "starter" {
			t.Fatalf("incomplete subscription grants %s, want starter", got)
		}
		f.mustDeliver(event("evt_b", billing.EventSubscriptionUpdated, t0+1, subscription("sub_i", user, "active", end, enterprisePrice, false)))
		if got := f.planAt(user, f.now); got != "enterprise" {
			t.Fatalf("after activation plan = %s, want enterprise", got)
		}
		if calls := f.hookCalls(); len(calls) != 2 || calls[0].PlanID != f.starter.ID || calls[1].PlanID != f.enterprise.ID {
			t.Fatalf("hook calls = %+v", calls)
		}
	})
}

func TestWebhookBadSignature(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, "")
		body := event("evt_bad", billing.EventSubscriptionCreated, f.now.Unix(),
			subscription("sub_b", uuid.NewString(), "active", f.now.Add(time.Hour).Unix(), enterprisePrice, false))
		forged := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: "whsec_wrong"})
		good := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: whsec})
		tampered := bytes.Replace(body, []byte(`"active"`), []byte(`"trialing"`), 1)
		cases := map[string]struct {
			body   []byte
			header string
		}{
			"wrong secret":   {body, forged.Header},
			"tampered body":  {tampered, good.Header},
			"no header":      {body, ""},
			"garbage header": {body, "nonsense"},
		}
		for name, c := range cases {
			err := f.svc.HandleWebhook(context.Background(), c.body, c.header)
			if !errors.Is(err, billing.ErrBadSignature) {
				t.Errorf("%s: err = %v, want ErrBadSignature", name, err)
			}
		}
		if n := f.count("stripe_events"); n != 0 {
			t.Fatalf("stripe_events rows = %d after rejected deliveries", n)
		}
	})
}

func TestWebhookStaleTimestamp(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, "")
		body := event("evt_old", billing.EventSubscriptionCreated, f.now.Unix(),
			subscription("sub_s", uuid.NewString(), "active", f.now.Add(time.Hour).Unix(), enterprisePrice, false))
		old := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{
			Payload: body, Secret: whsec, Timestamp: time.Now().Add(-billing.WebhookTolerance - 5*time.Second)})
		err := f.svc.HandleWebhook(context.Background(), old.Payload, old.Header)
		if !errors.Is(err, billing.ErrStaleSignature) || !errors.Is(err, billing.ErrBadSignature) {
			t.Fatalf("err = %v, want ErrStaleSignature (a kind of ErrBadSignature)", err)
		}
		if n := f.count("stripe_events") + f.count("subscriptions"); n != 0 {
			t.Fatalf("stale delivery wrote %d rows", n)
		}
		// Inside the tolerance it is accepted.
		recent := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{
			Payload: body, Secret: whsec, Timestamp: time.Now().Add(-billing.WebhookTolerance + 30*time.Second)})
		if err := f.svc.HandleWebhook(context.Background(), recent.Payload, recent.Header); err != nil {
			t.Fatalf("delivery within tolerance: %v", err)
		}
	})
}

func TestWebhookBadPayload(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, "")
		other := bytes.Replace(event("evt_v", billing.EventSubscriptionCreated, f.now.Unix(), map[string]any{"id": "sub_v"}),
			[]byte(stripe.APIVersion), []byte("2020-08-27"), 1)
		for name, body := range map[string][]byte{"not json": []byte("{"), "other api version": other} {
			if err := f.deliver(body); !errors.Is(err, billing.ErrBadPayload) {
				t.Errorf("%s: err = %v, want ErrBadPayload", name, err)
			}
		}
	})
}

func TestDeletedSubscriptionFallsBackAtPeriodEnd(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, "")
		ctx := context.Background()
		user := uuid.NewString()
		periodEnd := f.now.Add(10 * 24 * time.Hour)
		f.mustDeliver(event("evt_1", billing.EventSubscriptionCreated, f.now.Unix()-100,
			subscription("sub_d", user, "active", periodEnd.Unix(), enterprisePrice, false)))
		f.mustDeliver(event("evt_2", billing.EventSubscriptionDeleted, f.now.Unix(),
			subscription("sub_d", user, "canceled", periodEnd.Unix(), enterprisePrice, false)))

		if s := f.sub("sub_d"); s.Status != "canceled" || s.PlanChangeAt == nil || !s.PlanChangeAt.Equal(periodEnd) {
			t.Fatalf("after deletion row = %+v, want canceled with plan change at %s", s, periodEnd)
		}
		if got := f.planAt(user, periodEnd.Add(-time.Second)); got != "enterprise" {
			t.Fatalf("before period end plan = %s, want enterprise", got)
		}
		if got := f.planAt(user, periodEnd); got != "starter" {
			t.Fatalf("at period end plan = %s, want starter", got)
		}
		// Nothing is due yet; at period end the sweeper downgrades the account exactly once.
		if n, err := f.svc.ApplyDuePlanChanges(ctx, periodEnd.Add(-time.Second)); err != nil || n != 0 {
			t.Fatalf("early sweep = %d, %v", n, err)
		}
		f.now = periodEnd.Add(time.Minute)
		if n, err := f.svc.ApplyDuePlanChanges(ctx, f.now); err != nil || n != 1 {
			t.Fatalf("sweep = %d, %v; want 1", n, err)
		}
		if n, err := f.svc.ApplyDuePlanChanges(ctx, f.now); err != nil || n != 0 {
			t.Fatalf("second sweep = %d, %v; want 0", n, err)
		}
		calls := f.hookCalls()
		if last := calls[len(calls)-1]; last != (hookCall{user, f.starter.ID}) {
			t.Fatalf("last hook call = %+v, want starter", last)
		}
	})
}

func TestUnpaidAndCancelAtPeriodEnd(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, "")
		end := f.now.Add(time.Hour)
		cases := []struct {
			status      string
			cancelAtEnd bool
		}{{"unpaid", false}, {"past_due", false}, {"active", true}}
		for i, c := range cases {
			user := uuid.NewString()
			id := "sub_u" + string(rune('a'+i))
			f.mustDeliver(event("evt_u"+string(rune('a'+i)), billing.EventSubscriptionUpdated, f.now.Unix(),
				subscription(id, user, c.status, end.Unix(), enterprisePrice, c.cancelAtEnd)))
			if got := f.planAt(user, f.now); got != "enterprise" {
				t.Errorf("%+v before period end: %s, want enterprise", c, got)
			}
			if got := f.planAt(user, end); got != "starter" {
				t.Errorf("%+v at period end: %s, want starter", c, got)
			}
		}
	})
}

func TestHookErrorRollsBackEvent(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db, "")
		user := uuid.NewString()
		body := event("evt_h", billing.EventSubscriptionCreated, f.now.Unix(),
			subscription("sub_h", user, "active", f.now.Add(time.Hour).Unix(), enterprisePrice, false))
		f.hookErr = errors.New("accounts layer down")
		if err := f.deliver(body); err == nil || errors.Is(err, billing.ErrBadSignature) {
			t.Fatalf("err = %v, want a retryable error", err)
		}
		if n := f.count("stripe_events") + f.count("subscriptions"); n != 0 {
			t.Fatalf("failed hook left %d rows", n)
		}
		f.hookErr = nil
		f.mustDeliver(body) // Stripe's redelivery
		if got := f.planAt(user, f.now); got != "enterprise" {
			t.Fatalf("after redelivery plan = %s", got)
		}
	})
}

func TestNotConfigured(t *testing.T) {
	db := testdb.Open(t, database.SQLite)
	svc := billing.New(models.NewBillingStore(db), billing.Config{})
	ctx := context.Background()
	if svc.Enabled() || svc.WebhooksEnabled() {
		t.Fatal("zero Config must disable Stripe")
	}
	if _, err := svc.CreateCheckoutSession(ctx, uuid.NewString(), "a@b.c", &models.Plan{}, "https://x/ok", "https://x/no"); !errors.Is(err, billing.ErrNotConfigured) {
		t.Fatalf("checkout err = %v", err)
	}
	if _, err := svc.PortalURL(ctx, uuid.NewString(), "https://x"); !errors.Is(err, billing.ErrNotConfigured) {
		t.Fatalf("portal err = %v", err)
	}
	if err := svc.HandleWebhook(ctx, []byte("{}"), "t=1,v1=00"); !errors.Is(err, billing.ErrNotConfigured) {
		t.Fatalf("webhook err = %v", err)
	}
}

func TestContactLeads(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		svc := billing.New(models.NewBillingStore(db), billing.Config{})
		ctx := context.Background()
		for _, bad := range [][4]string{
			{"", "a@example.com", "", ""},
			{"Ada", "not-an-email", "", ""},
			{"Ada", "Ada <a@example.com>", "", ""},
			{"Ada", "a@example.com", "", strings.Repeat("x", 5001)},
		} {
			if _, err := svc.SubmitContactLead(ctx, bad[0], bad[1], bad[2], bad[3]); !errors.Is(err, billing.ErrInvalidLead) {
				t.Errorf("%q: err = %v, want ErrInvalidLead", bad, err)
			}
		}
		l, err := svc.SubmitContactLead(ctx, " Ada Lovelace ", "ada@example.com", "Analytical Engines", "We need 1M checks/month.")
		if err != nil {
			t.Fatal(err)
		}
		ls, total, err := svc.Store().ContactLeads(ctx, 10, 0)
		if err != nil || total != 1 || len(ls) != 1 || ls[0].ID != l.ID || ls[0].Name != "Ada Lovelace" {
			t.Fatalf("leads = %+v total %d err %v", ls, total, err)
		}
	})
}
