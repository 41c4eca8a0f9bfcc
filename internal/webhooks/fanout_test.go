package webhooks_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// The fan-out happens in the delivery workers, not in the request: four workers on two database
// handles (two processes) run while three writers append events, and every subscribed endpoint
// gets every event it subscribes to exactly once, as one delivery row and one request; a
// disabled endpoint and an unsubscribed type get nothing.
func TestWorkersFanOutOncePerEndpointAndEvent(t *testing.T) {
	for _, dialect := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			url := testdb.URL(t, dialect)
			open := func() *database.DB {
				db, err := database.Open(context.Background(), url, database.Options{MaxOpenConns: 4})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				return db
			}
			db := open()
			sqlDB, _ := db.Gorm.DB()
			if err := migrations.Up(context.Background(), sqlDB, string(dialect)); err != nil {
				t.Fatal(err)
			}
			other := open()
			e := newEnv(t, db)

			type key struct {
				path  string
				event int64
			}
			rc := newReceiver(t, func(n int, w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(http.StatusOK)
			})
			byEndpoint := map[string]string{} // endpoint id → receiver path
			endpoint := func(path, types string, disabled bool) {
				now := time.Now().UTC()
				secret, err := webhooks.NewSecret()
				if err != nil {
					t.Fatal(err)
				}
				ep := &models.WebhookEndpoint{URL: rc.URL + path, EventTypes: types, Secret: secret, CreatedAt: now, UpdatedAt: now}
				if err := e.store.CreateEndpoint(context.Background(), e.owner, ep); err != nil {
					t.Fatal(err)
				}
				byEndpoint[ep.ID] = path
				if disabled {
					if _, err := e.store.Disable(context.Background(), e.owner, ep.ID, "test", now); err != nil {
						t.Fatal(err)
					}
				}
			}
			endpoint("/both", `["claim.created","claim.analysed"]`, false)
			endpoint("/analysed", `["claim.analysed"]`, false)
			endpoint("/off", `["claim.created","claim.analysed"]`, true)

			ctx, cancel := context.WithCancel(context.Background())
			var workers sync.WaitGroup
			for i, h := range []*database.DB{db, db, other, other} {
				w := webhooks.NewWorker(webhooks.WorkerConfig{Store: models.NewWebhookStore(h), AllowPrivate: true,
					Timeout: 10 * time.Second, Poll: 5 * time.Millisecond, Name: fmt.Sprint("w", i)})
				workers.Add(1)
				go func() { defer workers.Done(); w.Run(ctx) }()
			}
			defer func() { cancel(); workers.Wait() }()

			const writers, each = 3, 10
			var wg sync.WaitGroup
			for i := range writers {
				h := []*database.DB{db, other}[i%2]
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range each {
						err := h.Gorm.Transaction(func(tx *gorm.DB) error {
							for _, typ := range []string{models.EventClaimCreated, models.EventClaimAnalysed} {
								if _, err := models.AppendEvent(tx, typ, nil, map[string]string{"n": uuid.NewString()}, time.Now().UTC()); err != nil {
									return err
								}
							}
							return nil
						})
						if err != nil {
							t.Error(err)
							return
						}
					}
				}()
			}
			wg.Wait()

			evs, err := models.NewEventStore(db).After(context.Background(), 0, 1000)
			if err != nil || len(evs) != writers*each*2 {
				t.Fatalf("%d events stored (%v), want %d", len(evs), err, writers*each*2)
			}
			want := map[key]int{}
			for _, ev := range evs {
				want[key{"/both", ev.ID}] = 1
				if ev.Type == models.EventClaimAnalysed {
					want[key{"/analysed", ev.ID}] = 1
				}
			}
			deadline := time.Now().Add(60 * time.Second)
			for {
				var delivered int64
				if err := db.Gorm.Model(&models.WebhookDelivery{}).Where("state = ?", models.DeliveryDelivered).Count(&delivered).Error; err != nil {
					t.Fatal(err)
				}
				if int(delivered) >= len(want) {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%d deliveries delivered, want %d", delivered, len(want))
				}
				time.Sleep(20 * time.Millisecond)
			}
			// A repeated fan-out would show up as extra rows or requests within a few more rounds.
			time.Sleep(200 * time.Millisecond)
			var rows int64
			if err := db.Gorm.Model(&models.WebhookDelivery{}).Count(&rows).Error; err != nil {
				t.Fatal(err)
			}
			if int(rows) != len(want) {
				t.Errorf("%d delivery rows, want %d", rows, len(want))
			}
			paths := map[string]string{} // webhook-id (the delivery's id) → receiver path
			var ds []models.WebhookDelivery
			if err := db.Gorm.Find(&ds).Error; err != nil {
				t.Fatal(err)
			}
			for _, d := range ds {
				paths[d.ID] = byEndpoint[d.EndpointID]
			}
			got := map[key]int{}
			for _, r := range rc.requests() {
				var p models.WebhookPayload
				if err := json.Unmarshal(r.body, &p); err != nil || p.EventID == nil {
					t.Fatalf("payload %s: %v", r.body, err)
				}
				got[key{paths[r.header.Get("Webhook-Id")], *p.EventID}]++
			}
			for k, n := range got {
				if want[k] != n {
					t.Errorf("%s got event %d %d times, want %d", k.path, k.event, n, want[k])
				}
			}
			for k := range want {
				if got[k] == 0 {
					t.Errorf("%s never got event %d", k.path, k.event)
				}
			}
		})
	}
}
