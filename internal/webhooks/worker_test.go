package webhooks_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"gorm.io/gorm"
)

// clock is a settable time source shared by the test and the worker.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// received is one request the receiver got.
type received struct {
	header http.Header
	body   []byte
}

// receiver is an httptest server answering with reply and recording every request.
type receiver struct {
	*httptest.Server
	mu    sync.Mutex
	got   []received
	reply func(n int, w http.ResponseWriter, r *http.Request) // n counts requests from 1
}

func newReceiver(t *testing.T, reply func(n int, w http.ResponseWriter, r *http.Request)) *receiver {
	rc := &receiver{reply: reply}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		rc.got = append(rc.got, received{header: r.Header.Clone(), body: b})
		n := len(rc.got)
		rc.mu.Unlock()
		rc.reply(n, w, r)
	}))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *receiver) requests() []received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]received(nil), rc.got...)
}

// env is a database with one owner (with /v1 access), a clock and a worker factory.
type env struct {
	db    *database.DB
	store *models.WebhookStore
	owner models.WebhookOwner
	clock *clock
}

func newEnv(t *testing.T, db *database.DB) *env {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Second)
	u := &models.User{ID: uuid.NewString(), Email: uuid.NewString() + "@example.org", Name: "Owner", PasswordHash: "x",
		Role: models.RoleUser, CreatedAt: now, UpdatedAt: now}
	if err := models.NewAccountStore(db).CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	// Endpoints deliver only while their owner has /v1 access.
	if err := db.Gorm.Exec("UPDATE users SET beta_access_at = ? WHERE id = ?", now, u.ID).Error; err != nil {
		t.Fatal(err)
	}
	return &env{db: db, store: models.NewWebhookStore(db), owner: models.WebhookOwner{UserID: u.ID}, clock: &clock{t: now}}
}

// endpoint registers url (bypassing the registration URL check, as a DNS change after registration would).
func (e *env) endpoint(t *testing.T, url string) *models.WebhookEndpoint {
	t.Helper()
	secret, err := webhooks.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	now := e.clock.Now()
	ep := &models.WebhookEndpoint{URL: url, EventTypes: `["claim.created","claim.analysed"]`, Secret: secret, CreatedAt: now, UpdatedAt: now}
	if err := e.store.CreateEndpoint(context.Background(), e.owner, ep); err != nil {
		t.Fatal(err)
	}
	return ep
}

// event appends a claim.created event and runs the fan-out (the worker's first step) until it has
// queued the event's deliveries, so the test's next worker round finds them due.
func (e *env) event(t *testing.T) {
	t.Helper()
	e.append(t)
	e.fanOut(t, 1)
}

// append writes a claim.created event, as a claim write does.
func (e *env) append(t *testing.T) {
	t.Helper()
	err := e.db.Gorm.Transaction(func(tx *gorm.DB) error {
		_, err := models.AppendEvent(tx, models.EventClaimCreated, nil, map[string]string{"id": uuid.NewString()}, e.clock.Now())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// fanOut runs the fan-out until it has read want events. On PostgreSQL an event is read once every
// transaction older than its own has ended; other tests' transactions on the same server may hold
// that back for a moment.
func (e *env) fanOut(t *testing.T, want int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for got := 0; got < want; {
		n, err := e.store.FanOut(context.Background(), 100, e.clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		if got += n; got < want {
			if time.Now().After(deadline) {
				t.Fatalf("fan-out read %d events, want %d", got, want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

func (e *env) worker(allowPrivate bool, timeout time.Duration) *webhooks.Worker {
	return e.workerWith(webhooks.WorkerConfig{AllowPrivate: allowPrivate, Timeout: timeout})
}

// workerWith builds a worker on the env's store, clock and fixed jitter with cfg's other settings.
func (e *env) workerWith(cfg webhooks.WorkerConfig) *webhooks.Worker {
	cfg.Store, cfg.Now, cfg.Jitter, cfg.Name = e.store, e.clock.Now, func() float64 { return 0.5 }, "test-"+uuid.NewString()[:8]
	return webhooks.NewWorker(cfg)
}

// only returns the endpoint's single delivery.
func (e *env) only(t *testing.T, ep *models.WebhookEndpoint) models.WebhookDelivery {
	t.Helper()
	ds, err := e.store.Deliveries(context.Background(), ep.ID, 100)
	if err != nil || len(ds) != 1 {
		t.Fatalf("deliveries of %s: %v %v", ep.URL, ds, err)
	}
	return ds[0]
}

// runOnce runs one claim-and-send round and fails the test unless it did one.
func runOnce(t *testing.T, w *webhooks.Worker) {
	t.Helper()
	did, err := w.RunOnce(context.Background())
	if err != nil || !did {
		t.Fatalf("run once: did=%v err=%v", did, err)
	}
}

// verify checks a request with the official Standard Webhooks library.
func verify(t *testing.T, secret string, r received) {
	t.Helper()
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		t.Fatal(err)
	}
	if err := wh.Verify(r.body, r.header); err != nil {
		t.Fatalf("signature does not verify: %v (headers %v)", err, r.header)
	}
}

func TestWorkerRetriesThenDelivers(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		rc := newReceiver(t, func(n int, w http.ResponseWriter, _ *http.Request) {
			if n == 1 {
				http.Error(w, "database is down", http.StatusInternalServerError)
				return
			}
			w.WriteHeader(http.StatusOK)
		})
		ep := e.endpoint(t, rc.URL+"/hook")
		e.event(t)
		w := e.worker(true, 5*time.Second)
		t0 := e.clock.Now()
		runOnce(t, w)
		d := e.only(t, ep)
		// Jitter 0.5 stretches the 5 s wait by 5%.
		if d.State != models.DeliveryFailed || d.Attempts != 1 || d.LastStatus == nil || *d.LastStatus != 500 ||
			!strings.Contains(d.LastError, "HTTP 500") || !strings.Contains(d.LastError, "database is down") ||
			!d.NextAttemptAt.Equal(t0.Add(5250*time.Millisecond)) {
			t.Fatalf("after a 500: %+v", d)
		}
		if did, err := w.RunOnce(context.Background()); did || err != nil {
			t.Fatalf("retried before its time: %v %v", did, err)
		}
		e.clock.Set(t0.Add(6 * time.Second))
		runOnce(t, w)
		d = e.only(t, ep)
		if d.State != models.DeliveryDelivered || d.Attempts != 2 || d.DeliveredAt == nil || *d.LastStatus != 200 || d.LastError != "" {
			t.Fatalf("after a 200: %+v", d)
		}
		reqs := rc.requests()
		if len(reqs) != 2 {
			t.Fatalf("receiver got %d requests", len(reqs))
		}
		for i, r := range reqs {
			if r.header.Get("webhook-id") != d.ID {
				t.Errorf("attempt %d webhook-id %q, want %q", i+1, r.header.Get("webhook-id"), d.ID)
			}
			if string(r.body) != d.Payload {
				t.Errorf("attempt %d body differs from the stored payload", i+1)
			}
			verify(t, ep.Secret, r)
		}
		if reqs[0].header.Get("webhook-timestamp") == reqs[1].header.Get("webhook-timestamp") {
			t.Error("the retry reused the first attempt's timestamp")
		}
	})
}

func TestWorkerGoneDisablesEndpoint(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		rc := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusGone) })
		ep := e.endpoint(t, rc.URL)
		for range 3 {
			e.event(t)
		}
		w := e.worker(true, 5*time.Second)
		runOnce(t, w)
		if did, _ := w.RunOnce(context.Background()); did {
			t.Fatal("a delivery to a gone endpoint was still claimed")
		}
		got, err := e.store.Endpoint(context.Background(), e.owner, ep.ID)
		if err != nil || got.DisabledAt == nil || got.DisabledReason == nil || !strings.Contains(*got.DisabledReason, "410 Gone") {
			t.Fatalf("endpoint after 410: %+v %v", got, err)
		}
		ds, _ := e.store.Deliveries(context.Background(), ep.ID, 10)
		for _, d := range ds {
			if d.State != models.DeliveryCancelled {
				t.Errorf("delivery %s is %s, want cancelled", d.ID, d.State)
			}
		}
		if n := len(rc.requests()); n != 1 {
			t.Fatalf("receiver got %d requests, want 1", n)
		}
	})
}

func TestWorkerHonoursRetryAfter(t *testing.T) {
	for _, tc := range []struct {
		name, header string
		wait         time.Duration
	}{
		{"seconds longer than the schedule", "120", 120 * time.Second},
		{"shorter than the schedule", "1", 5250 * time.Millisecond},
		{"HTTP date", "", 10 * time.Minute},
		{"capped at a day", "9999999", 24 * time.Hour},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testdb.Each(t, func(t *testing.T, db *database.DB) {
				e := newEnv(t, db)
				header := tc.header
				if header == "" {
					header = e.clock.Now().Add(10 * time.Minute).UTC().Format(http.TimeFormat)
				}
				rc := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
					w.Header().Set("Retry-After", header)
					w.WriteHeader(http.StatusServiceUnavailable)
				})
				ep := e.endpoint(t, rc.URL)
				e.event(t)
				t0 := e.clock.Now()
				runOnce(t, e.worker(true, 5*time.Second))
				d := e.only(t, ep)
				if d.State != models.DeliveryFailed || !d.NextAttemptAt.Equal(t0.Add(tc.wait)) {
					t.Fatalf("next attempt %v after %v, want %v (%+v)", d.NextAttemptAt.Sub(t0), t0, tc.wait, d)
				}
			})
		})
	}
}

func TestWorkerTimeoutAndRedirectFail(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		release := make(chan struct{})
		slow := newReceiver(t, func(_ int, w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		})
		defer close(release)
		targetHits := 0
		var mu sync.Mutex
		target := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) { mu.Lock(); targetHits++; mu.Unlock() })
		redirect := newReceiver(t, func(_ int, w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, target.URL, http.StatusTemporaryRedirect)
		})
		slowEP := e.endpoint(t, slow.URL)
		e.event(t)
		runOnce(t, e.worker(true, 300*time.Millisecond))
		d := e.only(t, slowEP)
		if d.State != models.DeliveryFailed || d.LastStatus != nil || !strings.Contains(d.LastError, "timed out") {
			t.Fatalf("timed-out delivery: %+v", d)
		}
		if err := e.store.DeleteEndpoint(context.Background(), e.owner, slowEP.ID); err != nil {
			t.Fatal(err)
		}
		redirEP := e.endpoint(t, redirect.URL)
		e.event(t)
		runOnce(t, e.worker(true, 5*time.Second))
		d = e.only(t, redirEP)
		if d.State != models.DeliveryFailed || d.LastStatus == nil || *d.LastStatus != 307 || !strings.Contains(d.LastError, "redirects are not followed") {
			t.Fatalf("redirected delivery: %+v", d)
		}
		mu.Lock()
		defer mu.Unlock()
		if targetHits != 0 {
			t.Fatalf("the redirect was followed %d times", targetHits)
		}
	})
}

func TestWorkerRefusesPrivateAddresses(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		rc := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
		port := rc.URL[strings.LastIndex(rc.URL, ":")+1:]
		w := e.worker(false, 2*time.Second)
		for _, host := range []string{"127.0.0.1", "10.0.0.1", "169.254.169.254", "[::1]", "[::ffff:127.0.0.1]", "localhost"} {
			ep := e.endpoint(t, "http://"+host+":"+port+"/hook")
			e.event(t)
			runOnce(t, w)
			d := e.only(t, ep)
			if d.State != models.DeliveryFailed || !strings.Contains(d.LastError, "refused") {
				t.Errorf("%s: %+v", host, d)
			}
			if err := e.store.DeleteEndpoint(context.Background(), e.owner, ep.ID); err != nil {
				t.Fatal(err)
			}
		}
		if n := len(rc.requests()); n != 0 {
			t.Fatalf("the guarded worker reached the receiver %d times", n)
		}
	})
}

// After the last scheduled retry fails, the delivery is dead and never tried again.
func TestWorkerGivesUpAfterTheSchedule(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		rc := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) })
		ep := e.endpoint(t, rc.URL)
		e.event(t)
		w := e.worker(true, 5*time.Second)
		var waits []time.Duration
		for attempt := 1; attempt <= webhooks.MaxAttempts; attempt++ {
			runOnce(t, w)
			d := e.only(t, ep)
			if d.Attempts != attempt {
				t.Fatalf("attempt %d recorded as %d", attempt, d.Attempts)
			}
			if attempt < webhooks.MaxAttempts {
				if d.State != models.DeliveryFailed {
					t.Fatalf("attempt %d: %s", attempt, d.State)
				}
				waits = append(waits, d.NextAttemptAt.Sub(e.clock.Now()))
				e.clock.Set(d.NextAttemptAt)
			} else if d.State != models.DeliveryDead {
				t.Fatalf("after the last attempt: %s", d.State)
			}
		}
		want := fmt.Sprint([]time.Duration{5250 * time.Millisecond, 315 * time.Second, 1890 * time.Second, 126 * time.Minute, 315 * time.Minute,
			630 * time.Minute, 882 * time.Minute, 1260 * time.Minute, 1512 * time.Minute})
		if fmt.Sprint(waits) != want {
			t.Fatalf("waits %v, want %v", waits, want)
		}
		e.clock.Set(e.clock.Now().Add(1000 * time.Hour))
		if did, _ := w.RunOnce(context.Background()); did {
			t.Fatal("a dead delivery was retried")
		}
		if n := len(rc.requests()); n != webhooks.MaxAttempts {
			t.Fatalf("receiver got %d requests, want %d", n, webhooks.MaxAttempts)
		}
	})
}

// stopMidAttempt runs w and cancels it once the receiver has the request; done closes when Run returns.
func stopMidAttempt(w *webhooks.Worker, arrived <-chan struct{}) (done <-chan struct{}) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan struct{})
	go func() { w.Run(ctx); close(ch) }()
	<-arrived
	cancel()
	return ch
}

// A worker stopped mid-attempt whose receiver stays silent past the stop grace leaves the delivery
// leased, not failed; Run returns once the grace is over.
func TestWorkerStopsPromptlyAndKeepsTheLease(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		arrived := make(chan struct{}, 1)
		rc := newReceiver(t, func(_ int, w http.ResponseWriter, r *http.Request) {
			arrived <- struct{}{}
			<-r.Context().Done()
		})
		ep := e.endpoint(t, rc.URL)
		e.event(t)
		w := e.workerWith(webhooks.WorkerConfig{AllowPrivate: true, Timeout: time.Minute, StopGrace: 200 * time.Millisecond})
		done := stopMidAttempt(w, arrived)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("worker did not stop")
		}
		d := e.only(t, ep)
		if d.State != models.DeliverySending || d.LockedBy == nil || *d.LockedBy != w.Name() || d.Attempts != 1 {
			t.Fatalf("in-flight delivery after stop: %+v", d)
		}
	})
}

// A receiver that answers within the stop grace is recorded as delivered, so a graceful restart does
// not send the message again.
func TestWorkerFinishesAnAttemptInFlightAtStop(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		arrived := make(chan struct{}, 1)
		release := make(chan struct{})
		rc := newReceiver(t, func(_ int, w http.ResponseWriter, r *http.Request) {
			arrived <- struct{}{}
			select {
			case <-release:
				w.WriteHeader(http.StatusNoContent)
			case <-r.Context().Done(): // a failed test closes the server; do not hold it open
			}
		})
		ep := e.endpoint(t, rc.URL)
		e.event(t)
		w := e.workerWith(webhooks.WorkerConfig{AllowPrivate: true, Timeout: time.Minute, StopGrace: time.Minute})
		done := stopMidAttempt(w, arrived)
		select {
		case <-done:
			t.Fatal("Run returned before the attempt in flight was answered")
		case <-time.After(100 * time.Millisecond):
		}
		close(release)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("worker did not stop after the answer")
		}
		d := e.only(t, ep)
		if d.State != models.DeliveryDelivered || d.LockedBy != nil || d.Attempts != 1 {
			t.Fatalf("delivery answered during shutdown: %+v", d)
		}
		if n := len(rc.requests()); n != 1 {
			t.Fatalf("receiver got %d requests, want 1", n)
		}
	})
}
