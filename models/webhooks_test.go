package models_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// whUser creates an account with /v1 beta access to own endpoints.
func whUser(t *testing.T, db *database.DB) string {
	t.Helper()
	now := time.Now().UTC()
	u := &models.User{ID: uuid.NewString(), Email: uuid.NewString() + "@example.org", Name: "Owner", PasswordHash: "x",
		Role: models.RoleUser, CreatedAt: now, UpdatedAt: now}
	if err := models.NewAccountStore(db).CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	if err := db.Gorm.Exec("UPDATE users SET beta_access_at = ? WHERE id = ?", now, u.ID).Error; err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// whEndpoint registers an endpoint subscribed to types for owner.
func whEndpoint(t *testing.T, s *models.WebhookStore, owner models.WebhookOwner, url string, types string) *models.WebhookEndpoint {
	t.Helper()
	now := time.Now().UTC()
	ep := &models.WebhookEndpoint{URL: url, EventTypes: types, Secret: "whsec_" + uuid.NewString(), CreatedAt: now, UpdatedAt: now}
	if err := s.CreateEndpoint(context.Background(), owner, ep); err != nil {
		t.Fatal(err)
	}
	return ep
}

// whEvent appends an event the way claim writes do, then runs the delivery worker's fan-out, which
// queues its deliveries.
func whEvent(t *testing.T, db *database.DB, typ string, now time.Time) *models.Event {
	t.Helper()
	var ev *models.Event
	err := db.Gorm.Transaction(func(tx *gorm.DB) error {
		var err error
		ev, err = models.AppendEvent(tx, typ, nil, map[string]string{"hello": "world"}, now)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	whFanOut(t, db, 1, now)
	return ev
}

// whFanOut runs the fan-out until it has read want events. On PostgreSQL an event is read once
// every transaction older than its own has ended, and other tests' transactions on the same
// server may hold that back for a moment.
func whFanOut(t *testing.T, db *database.DB, want int, now time.Time) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	got := 0
	for got < want {
		n, err := models.NewWebhookStore(db).FanOut(context.Background(), 100, now)
		if err != nil {
			t.Fatal(err)
		}
		got += n
		if got < want && time.Now().After(deadline) {
			t.Fatalf("fan-out read %d events, want %d", got, want)
		}
		if got < want {
			time.Sleep(10 * time.Millisecond)
		}
	}
	if got != want {
		t.Fatalf("fan-out read %d events, want %d", got, want)
	}
}

// whDeliveries lists an endpoint's deliveries.
func whDeliveries(t *testing.T, s *models.WebhookStore, endpointID string) []models.WebhookDelivery {
	t.Helper()
	ds, err := s.Deliveries(context.Background(), endpointID, 100)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestWebhookEndpointsBelongToTheirOwner(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := models.NewWebhookStore(db)
		alice := models.WebhookOwner{UserID: whUser(t, db)}
		bob := models.WebhookOwner{UserID: whUser(t, db)}
		key := models.WebhookOwner{KeyID: newKey(t, storerules.Stores(db)).ID}

		a := whEndpoint(t, s, alice, "https://a.example/hook", `["claim.created"]`)
		k := whEndpoint(t, s, key, "https://k.example/hook", `["claim.analysed"]`)
		if a.UserID == nil || *a.UserID != alice.UserID || a.KeyID != nil {
			t.Fatalf("alice's endpoint owner: %+v", a)
		}
		if k.KeyID == nil || *k.KeyID != key.KeyID || k.UserID != nil {
			t.Fatalf("key's endpoint owner: %+v", k)
		}
		for _, tc := range []struct {
			name  string
			owner models.WebhookOwner
			id    string
			found bool
		}{
			{"own", alice, a.ID, true},
			{"own, upper case", alice, fmt.Sprint(uuidUpper(a.ID)), true},
			{"other user's", bob, a.ID, false},
			{"key's from a user", alice, k.ID, false},
			{"key's own", key, k.ID, true},
			{"user's from a key", key, a.ID, false},
			{"malformed id", alice, "not-a-uuid", false},
			{"no owner", models.WebhookOwner{}, a.ID, false},
		} {
			ep, err := s.Endpoint(ctx, tc.owner, tc.id)
			if tc.found && (err != nil || ep.ID != tc.id && ep.ID != a.ID) {
				t.Errorf("%s: %v %v", tc.name, ep, err)
			}
			if !tc.found && !errors.Is(err, models.ErrNotFound) {
				t.Errorf("%s: want ErrNotFound, got %v", tc.name, err)
			}
		}
		if err := s.DeleteEndpoint(ctx, bob, a.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("bob deletes alice's endpoint: %v", err)
		}
		if _, err := s.RotateSecret(ctx, bob, a.ID, "whsec_x", time.Hour, time.Now()); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("bob rotates alice's secret: %v", err)
		}
		if _, err := s.Disable(ctx, bob, a.ID, "no", time.Now()); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("bob disables alice's endpoint: %v", err)
		}
		if _, err := s.EnqueueTest(ctx, bob, a.ID, map[string]string{}, time.Now()); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("bob tests alice's endpoint: %v", err)
		}
		list, err := s.ListEndpoints(ctx, alice)
		if err != nil || len(list) != 1 || list[0].ID != a.ID {
			t.Fatalf("alice's list: %v %v", list, err)
		}
		if list, _ := s.ListEndpoints(ctx, bob); len(list) != 0 {
			t.Fatalf("bob sees %d endpoints", len(list))
		}
		if err := s.DeleteEndpoint(ctx, alice, a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Endpoint(ctx, alice, a.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("deleted endpoint still there: %v", err)
		}
	})
}

// uuidUpper returns id in upper case, which URLs may carry.
func uuidUpper(id string) string {
	out := []byte(id)
	for i, c := range out {
		if c >= 'a' && c <= 'f' {
			out[i] = c - 'a' + 'A'
		}
	}
	return string(out)
}

func TestWebhookEndpointLimitPerOwner(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := models.NewWebhookStore(db)
		alice := models.WebhookOwner{UserID: whUser(t, db)}
		// Concurrent creates must not overshoot the limit.
		var wg sync.WaitGroup
		errs := make(chan error, models.MaxWebhookEndpoints+5)
		for i := range models.MaxWebhookEndpoints + 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				now := time.Now().UTC()
				errs <- s.CreateEndpoint(ctx, alice, &models.WebhookEndpoint{URL: fmt.Sprintf("https://e%d.example/", i), EventTypes: `["claim.created"]`,
					Secret: "whsec_x", CreatedAt: now, UpdatedAt: now})
			}()
		}
		wg.Wait()
		close(errs)
		ok, limited := 0, 0
		for err := range errs {
			switch {
			case err == nil:
				ok++
			case errors.Is(err, models.ErrWebhookLimit):
				limited++
			default:
				t.Fatalf("create: %v", err)
			}
		}
		if ok != models.MaxWebhookEndpoints || limited != 5 {
			t.Fatalf("created %d, limited %d; want %d and 5", ok, limited, models.MaxWebhookEndpoints)
		}
		// Another owner still has all its slots.
		whEndpoint(t, s, models.WebhookOwner{UserID: whUser(t, db)}, "https://other.example/", `["claim.created"]`)
	})
}

func TestWebhookEventsQueueForSubscribedActiveEndpoints(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := models.NewWebhookStore(db)
		owner := models.WebhookOwner{UserID: whUser(t, db)}
		created := whEndpoint(t, s, owner, "https://created.example/", `["claim.created"]`)
		both := whEndpoint(t, s, owner, "https://both.example/", `["claim.created","claim.analysed"]`)
		off := whEndpoint(t, s, owner, "https://off.example/", `["claim.created"]`)
		if _, err := s.Disable(ctx, owner, off.ID, "test", time.Now()); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		ev := whEvent(t, db, models.EventClaimCreated, now)
		whEvent(t, db, models.EventClaimAnalysed, now)
		for _, tc := range []struct {
			ep    *models.WebhookEndpoint
			types []string
		}{
			{created, []string{models.EventClaimCreated}},
			{both, []string{models.EventClaimAnalysed, models.EventClaimCreated}},
			{off, nil},
		} {
			ds := whDeliveries(t, s, tc.ep.ID)
			var got []string
			for _, d := range ds {
				got = append(got, d.EventType)
				if d.State != models.DeliveryPending || d.Attempts != 0 {
					t.Errorf("%s: new delivery %+v", tc.ep.URL, d)
				}
			}
			sort.Strings(got)
			if fmt.Sprint(got) != fmt.Sprint(tc.types) {
				t.Errorf("%s: deliveries %v, want %v", tc.ep.URL, got, tc.types)
			}
		}
		d := whDeliveries(t, s, created.ID)[0]
		if d.EventID == nil || *d.EventID != ev.ID {
			t.Fatalf("delivery event id %v, want %d", d.EventID, ev.ID)
		}
		// Deleting an endpoint takes its deliveries with it.
		if err := s.DeleteEndpoint(ctx, owner, both.ID); err != nil {
			t.Fatal(err)
		}
		if ds := whDeliveries(t, s, both.ID); len(ds) != 0 {
			t.Fatalf("deliveries of a deleted endpoint: %d", len(ds))
		}
	})
}

func TestWebhookClaimDue(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := models.NewWebhookStore(db)
		owner := models.WebhookOwner{UserID: whUser(t, db)}
		ep := whEndpoint(t, s, owner, "https://due.example/", `["claim.created"]`)
		t0 := time.Now().UTC().Truncate(time.Second)
		whEvent(t, db, models.EventClaimCreated, t0)
		lease := time.Minute

		// Not due before its time.
		if ds, err := s.ClaimDue(ctx, "w1", 5, t0.Add(-time.Second), lease); err != nil || len(ds) != 0 {
			t.Fatalf("claimed early: %v %v", ds, err)
		}
		ds, err := s.ClaimDue(ctx, "w1", 5, t0, lease)
		if err != nil || len(ds) != 1 {
			t.Fatalf("claim: %v %v", ds, err)
		}
		d := ds[0]
		if d.State != models.DeliverySending || d.Attempts != 1 || d.LockedBy == nil || *d.LockedBy != "w1" || d.URL != ep.URL ||
			len(d.Secrets) != 1 || d.Secrets[0] != ep.Secret {
			t.Fatalf("claimed delivery: %+v", d)
		}
		// A live lease keeps it from other workers; an expired one hands it over.
		if ds, _ := s.ClaimDue(ctx, "w2", 5, t0.Add(lease-time.Second), lease); len(ds) != 0 {
			t.Fatalf("w2 took a leased delivery")
		}
		ds, err = s.ClaimDue(ctx, "w2", 5, t0.Add(lease+time.Second), lease)
		if err != nil || len(ds) != 1 || ds[0].ID != d.ID || ds[0].Attempts != 2 {
			t.Fatalf("take over: %+v %v", ds, err)
		}
		// The first worker lost it: its record is refused and changes nothing.
		if ok, err := s.MarkDelivered(ctx, d.ID, "w1", 200, t0); err != nil || ok {
			t.Fatalf("stale worker recorded: %v %v", ok, err)
		}
		st := 503
		retry := t0.Add(10 * time.Minute)
		if ok, err := s.MarkFailed(ctx, d.ID, "w2", models.DeliveryOutcome{State: models.DeliveryFailed, Status: &st, Error: "HTTP 503", RetryAt: retry, Now: t0}); err != nil || !ok {
			t.Fatalf("mark failed: %v %v", ok, err)
		}
		got, _ := s.Delivery(ctx, d.ID)
		if got.State != models.DeliveryFailed || got.LastStatus == nil || *got.LastStatus != 503 || !got.NextAttemptAt.Equal(retry) || got.LockedBy != nil {
			t.Fatalf("failed delivery: %+v", got)
		}
		if ds, _ := s.ClaimDue(ctx, "w3", 5, retry.Add(-time.Second), lease); len(ds) != 0 {
			t.Fatalf("failed delivery claimed before its retry time")
		}
		// Rotation: both secrets sign during the grace period, only the new one after.
		rot, err := s.RotateSecret(ctx, owner, ep.ID, "whsec_new", time.Hour, retry)
		if err != nil || rot.Secret != "whsec_new" || rot.PreviousSecret == nil || *rot.PreviousSecret != ep.Secret {
			t.Fatalf("rotate: %+v %v", rot, err)
		}
		ds, err = s.ClaimDue(ctx, "w3", 5, retry, lease)
		if err != nil || len(ds) != 1 || fmt.Sprint(ds[0].Secrets) != fmt.Sprint([]string{"whsec_new", ep.Secret}) {
			t.Fatalf("claim during grace: %+v %v", ds, err)
		}
		if ok, err := s.MarkDelivered(ctx, d.ID, "w3", 204, retry); err != nil || !ok {
			t.Fatalf("mark delivered: %v %v", ok, err)
		}
		got, _ = s.Delivery(ctx, d.ID)
		if got.State != models.DeliveryDelivered || got.DeliveredAt == nil || got.Attempts != 3 || got.LastError != "" {
			t.Fatalf("delivered: %+v", got)
		}
		whEvent(t, db, models.EventClaimCreated, retry)
		ds, err = s.ClaimDue(ctx, "w4", 5, retry.Add(2*time.Hour), lease)
		if err != nil || len(ds) != 1 || fmt.Sprint(ds[0].Secrets) != "[whsec_new]" {
			t.Fatalf("claim after grace: %+v %v", ds, err)
		}
		// Delivered deliveries are never claimed again; dead ones neither.
		if ok, err := s.MarkFailed(ctx, ds[0].ID, "w4", models.DeliveryOutcome{State: models.DeliveryDead, Error: "gave up", Now: retry}); err != nil || !ok {
			t.Fatalf("mark dead: %v %v", ok, err)
		}
		if ds, _ := s.ClaimDue(ctx, "w5", 5, retry.Add(1000*time.Hour), lease); len(ds) != 0 {
			t.Fatalf("claimed a finished delivery: %+v", ds)
		}
	})
}

func TestWebhookGoneDisablesAndCancels(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := models.NewWebhookStore(db)
		owner := models.WebhookOwner{UserID: whUser(t, db)}
		ep := whEndpoint(t, s, owner, "https://gone.example/", `["claim.created"]`)
		other := whEndpoint(t, s, owner, "https://other.example/", `["claim.created"]`)
		t0 := time.Now().UTC()
		for range 3 {
			whEvent(t, db, models.EventClaimCreated, t0)
		}
		ds, err := s.ClaimDue(ctx, "w", 1, t0, time.Minute)
		if err != nil || len(ds) != 1 {
			t.Fatal(ds, err)
		}
		// Make sure we hold one of ep's deliveries, whichever the claim picked.
		target := ds[0]
		if ok, err := s.MarkGone(ctx, target.ID, "other-worker", 410, "gone", t0); err != nil || ok {
			t.Fatalf("a worker without the lease marked gone: %v %v", ok, err)
		}
		if ok, err := s.MarkGone(ctx, target.ID, "w", 410, "The receiver answered 410 Gone", t0); err != nil || !ok {
			t.Fatalf("mark gone: %v %v", ok, err)
		}
		gone, untouched := ep, other
		if target.EndpointID == other.ID {
			gone, untouched = other, ep
		}
		g, _ := s.Endpoint(ctx, owner, gone.ID)
		if g.DisabledAt == nil || g.DisabledReason == nil || *g.DisabledReason != "The receiver answered 410 Gone" {
			t.Fatalf("endpoint not disabled: %+v", g)
		}
		for _, d := range whDeliveries(t, s, gone.ID) {
			if d.State != models.DeliveryCancelled {
				t.Errorf("delivery %s of the gone endpoint is %s", d.ID, d.State)
			}
			if d.ID == target.ID && (d.LastStatus == nil || *d.LastStatus != 410) {
				t.Errorf("the 410 delivery's status: %v", d.LastStatus)
			}
		}
		for _, d := range whDeliveries(t, s, untouched.ID) {
			if d.State != models.DeliveryPending {
				t.Errorf("delivery of the other endpoint is %s", d.State)
			}
		}
		// Disabled endpoints get neither new deliveries nor claims; enabling brings new ones only.
		whEvent(t, db, models.EventClaimCreated, t0)
		if n := len(whDeliveries(t, s, gone.ID)); n != 3 {
			t.Fatalf("disabled endpoint got a new delivery: %d", n)
		}
		if _, err := s.EnqueueTest(ctx, owner, gone.ID, map[string]string{}, t0); !errors.Is(err, models.ErrEndpointDisabled) {
			t.Fatalf("test event to a disabled endpoint: %v", err)
		}
		en, err := s.Enable(ctx, owner, gone.ID, t0)
		if err != nil || en.DisabledAt != nil || en.DisabledReason != nil {
			t.Fatalf("enable: %+v %v", en, err)
		}
		d, err := s.EnqueueTest(ctx, owner, gone.ID, map[string]string{"message": "hi"}, t0)
		if err != nil || d.EventType != models.EventWebhookTest || d.EventID != nil || d.State != models.DeliveryPending {
			t.Fatalf("test event: %+v %v", d, err)
		}
		ds, err = s.ClaimDue(ctx, "w", 10, t0.Add(time.Second), time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		testClaimed := false
		for _, c := range ds {
			if c.EndpointID == gone.ID && c.ID != d.ID {
				t.Errorf("claimed a cancelled delivery %s", c.ID)
			}
			testClaimed = testClaimed || c.ID == d.ID
		}
		if !testClaimed {
			t.Fatalf("the test delivery was not claimed")
		}
	})
}

// Concurrent workers never claim the same delivery.
func TestWebhookConcurrentClaimsAreDisjoint(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := models.NewWebhookStore(db)
		// One delivery per endpoint: an endpoint with an attempt in flight gives no second one.
		const owners, perOwner = 3, models.MaxWebhookEndpoints
		for range owners {
			owner := models.WebhookOwner{UserID: whUser(t, db)}
			for i := range perOwner {
				whEndpoint(t, s, owner, fmt.Sprintf("https://many%d.example/", i), `["claim.created"]`)
			}
		}
		t0 := time.Now().UTC()
		const n = owners * perOwner
		whEvent(t, db, models.EventClaimCreated, t0)
		var mu sync.Mutex
		seen := map[string]string{}
		var wg sync.WaitGroup
		for w := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				name := fmt.Sprintf("w%d", w)
				for {
					ds, err := s.ClaimDue(ctx, name, 2, t0, time.Minute)
					if err != nil {
						t.Error(err)
						return
					}
					if len(ds) == 0 {
						return
					}
					mu.Lock()
					for _, d := range ds {
						if prev, dup := seen[d.ID]; dup {
							t.Errorf("%s claimed by %s and %s", d.ID, prev, name)
						}
						seen[d.ID] = name
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(seen) != n {
			t.Fatalf("claimed %d of %d", len(seen), n)
		}
	})
}

// An endpoint with an attempt in flight gets no second attempt until that one is recorded or its
// lease runs out, so a receiver that hangs holds one worker while other endpoints are served.
func TestWebhookOneAttemptInFlightPerEndpoint(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := models.NewWebhookStore(db)
		owner := models.WebhookOwner{UserID: whUser(t, db)}
		slow := whEndpoint(t, s, owner, "https://slow.example/", `["claim.created"]`)
		t0 := time.Now().UTC().Truncate(time.Second)
		for i := range 3 {
			whEvent(t, db, models.EventClaimCreated, t0.Add(time.Duration(i)*time.Millisecond))
		}
		fast := whEndpoint(t, s, owner, "https://fast.example/", `["claim.created"]`)
		whEvent(t, db, models.EventClaimCreated, t0.Add(time.Second))
		lease := time.Minute
		now := t0.Add(2 * time.Second)

		first, err := s.ClaimDue(ctx, "w1", 5, now, lease)
		if err != nil || len(first) != 2 {
			t.Fatalf("first claim: %d deliveries, %v; want one of each endpoint", len(first), err)
		}
		got := map[string]int{}
		for _, d := range first {
			got[d.EndpointID]++
		}
		if got[slow.ID] != 1 || got[fast.ID] != 1 {
			t.Fatalf("first claim per endpoint: %v", got)
		}
		slowFirst := first[0]
		if slowFirst.EndpointID != slow.ID {
			slowFirst = first[1]
		}
		if slowFirst.NextAttemptAt.After(t0) {
			t.Fatalf("the slow endpoint's oldest delivery was not claimed first: %v", slowFirst.NextAttemptAt)
		}
		// Both endpoints hold an attempt in flight: nothing more is due.
		if ds, err := s.ClaimDue(ctx, "w2", 5, now, lease); err != nil || len(ds) != 0 {
			t.Fatalf("claimed beside an attempt in flight: %d, %v", len(ds), err)
		}
		// The fast endpoint answers; the slow one keeps hanging.
		for _, d := range first {
			if d.EndpointID == fast.ID {
				if ok, err := s.MarkDelivered(ctx, d.ID, "w1", 200, now); err != nil || !ok {
					t.Fatalf("mark delivered: %v %v", ok, err)
				}
			}
		}
		if ds, err := s.ClaimDue(ctx, "w2", 5, now, lease); err != nil || len(ds) != 0 {
			t.Fatalf("the hanging endpoint got a second attempt: %d, %v", len(ds), err)
		}
		// Recorded, the next one of the slow endpoint is due.
		if ok, err := s.MarkDelivered(ctx, slowFirst.ID, "w1", 200, now); err != nil || !ok {
			t.Fatalf("mark delivered: %v %v", ok, err)
		}
		next, err := s.ClaimDue(ctx, "w2", 5, now, lease)
		if err != nil || len(next) != 1 || next[0].EndpointID != slow.ID || next[0].ID == slowFirst.ID {
			t.Fatalf("after the answer: %+v, %v", next, err)
		}
		// A worker that died leaves a lease that runs out; then the same delivery is due again.
		after := now.Add(lease + time.Second)
		again, err := s.ClaimDue(ctx, "w3", 5, after, lease)
		if err != nil || len(again) != 1 || again[0].ID != next[0].ID || again[0].Attempts != 2 {
			t.Fatalf("after the lease ran out: %+v, %v", again, err)
		}
	})
}

// Endpoints deliver only while their owner may use /v1: an account an admin disabled, one without
// beta access, or a revoked key gets nothing queued, and what was queued waits until access is back.
func TestWebhookOwnerAccessGatesDeliveries(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := models.NewWebhookStore(db)
		stores := storerules.Stores(db)
		betaFree, err := stores.Plans.BySlug(ctx, "beta-free")
		if err != nil {
			t.Fatal(err)
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if err := db.Gorm.Exec(q, args...).Error; err != nil {
				t.Fatal(err)
			}
		}
		invited := models.WebhookOwner{UserID: whUser(t, db)}
		onPlan := models.WebhookOwner{UserID: whUser(t, db)}
		exec("UPDATE users SET beta_access_at = NULL, plan_id = ? WHERE id = ?", betaFree.ID, onPlan.UserID)
		key := newKey(t, stores)
		exec("UPDATE api_keys SET plan_id = ? WHERE id = ?", betaFree.ID, key.ID)
		keyOwned := models.WebhookOwner{KeyID: key.ID}
		eps := map[string]*models.WebhookEndpoint{
			"invited": whEndpoint(t, s, invited, "https://invited.example/", `["claim.created"]`),
			"on plan": whEndpoint(t, s, onPlan, "https://plan.example/", `["claim.created"]`),
			"key":     whEndpoint(t, s, keyOwned, "https://key.example/", `["claim.created"]`),
		}
		t0 := time.Now().UTC().Truncate(time.Second)
		claimed := func(at time.Time) map[string]bool {
			t.Helper()
			ds, err := s.ClaimDue(ctx, uuid.NewString(), 10, at, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]bool{}
			for _, d := range ds {
				for name, ep := range eps {
					if ep.ID == d.EndpointID {
						out[name] = true
						if ok, err := s.MarkDelivered(ctx, d.ID, *d.LockedBy, 200, at); err != nil || !ok {
							t.Fatalf("mark delivered: %v %v", ok, err)
						}
					}
				}
			}
			return out
		}
		queued := func(name string) int {
			t.Helper()
			return len(whDeliveries(t, s, eps[name].ID))
		}

		whEvent(t, db, models.EventClaimCreated, t0)
		if got := claimed(t0); len(got) != 3 {
			t.Fatalf("with access every owner's endpoint is served: %v", got)
		}

		// Access goes: an event before it is held back, one after it is not queued at all.
		whEvent(t, db, models.EventClaimCreated, t0.Add(time.Second))
		exec("UPDATE users SET disabled_at = ? WHERE id = ?", t0, invited.UserID)
		exec("UPDATE users SET plan_id = (SELECT id FROM plans WHERE slug = 'starter') WHERE id = ?", onPlan.UserID)
		exec("UPDATE api_keys SET revoked_at = ? WHERE id = ?", t0, key.ID)
		whEvent(t, db, models.EventClaimCreated, t0.Add(2*time.Second))
		if got := claimed(t0.Add(3 * time.Second)); len(got) != 0 {
			t.Fatalf("owners without access were served: %v", got)
		}
		for name := range eps {
			if n := queued(name); n != 2 {
				t.Errorf("%s: %d deliveries queued, want 2 (none after access went)", name, n)
			}
		}

		// The account is enabled again: what waited is sent.
		exec("UPDATE users SET disabled_at = NULL WHERE id = ?", invited.UserID)
		if got := claimed(t0.Add(4 * time.Second)); len(got) != 1 || !got["invited"] {
			t.Fatalf("after enabling the account: %v", got)
		}
	})
}

// A second rotation while the previous secret still signs is refused and changes nothing; once the
// grace period is over the secret can be rotated again.
func TestWebhookRotationWaitsForTheGracePeriod(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := models.NewWebhookStore(db)
		owner := models.WebhookOwner{UserID: whUser(t, db)}
		ep := whEndpoint(t, s, owner, "https://rotate.example/", `["claim.created"]`)
		t0 := time.Now().UTC().Truncate(time.Second)
		if _, err := s.RotateSecret(ctx, owner, ep.ID, "whsec_one", time.Hour, t0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RotateSecret(ctx, owner, ep.ID, "whsec_two", time.Hour, t0.Add(59*time.Minute)); !errors.Is(err, models.ErrRotationInProgress) {
			t.Fatalf("rotation within the grace period: %v, want ErrRotationInProgress", err)
		}
		got, err := s.Endpoint(ctx, owner, ep.ID)
		if err != nil || got.Secret != "whsec_one" || got.PreviousSecret == nil || *got.PreviousSecret != ep.Secret {
			t.Fatalf("secrets after the refused rotation: %+v %v", got, err)
		}
		rot, err := s.RotateSecret(ctx, owner, ep.ID, "whsec_two", time.Hour, t0.Add(time.Hour))
		if err != nil || rot.Secret != "whsec_two" || *rot.PreviousSecret != "whsec_one" {
			t.Fatalf("rotation after the grace period: %+v %v", rot, err)
		}
	})
}
