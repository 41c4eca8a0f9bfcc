package models_test

import (
	"context"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// depthsByQueue reads the queue depths keyed by queue name.
func depthsByQueue(t *testing.T, s *models.QueueStore) map[string]models.QueueDepth {
	t.Helper()
	ds, err := s.Depths(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]models.QueueDepth{}
	for _, d := range ds {
		out[d.Queue] = d
	}
	if len(out) != 3 {
		t.Fatalf("depths = %v, want the three queues", ds)
	}
	return out
}

// Every queue reports what is pending and when its oldest pending item was enqueued; done items
// (a sent mail) leave the count.
func TestQueueDepthsFollowTheQueues(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		qs := models.NewQueueStore(db)
		for name, d := range depthsByQueue(t, qs) {
			if d.Pending != 0 || !d.Oldest.IsZero() {
				t.Errorf("%s on a fresh database: %+v, want empty", name, d)
			}
		}

		t0 := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
		outbox := models.NewOutboxStore(db)
		for i, key := range []string{"first", "second"} {
			m := &models.OutboxMail{DedupeKey: "queue-test:" + key, ToAddr: "a@example.org", Subject: "s", TextBody: "b",
				CreatedAt: t0.Add(time.Duration(i) * time.Minute)}
			if _, err := outbox.Enqueue(ctx, models.Tx{}, m); err != nil {
				t.Fatal(err)
			}
		}
		t1 := t0.Add(time.Hour)
		subs := models.NewSubmissionStore(db, storerules.Default())
		if _, err := subs.Enqueue(ctx, &models.ClaimSubmission{Content: "The moon is made of cheese"}, models.Payment{Now: t1}, nil); err != nil {
			t.Fatal(err)
		}
		t2 := t0.Add(2 * time.Hour)
		wh := models.NewWebhookStore(db)
		owner := models.WebhookOwner{UserID: whUser(t, db)}
		ep := whEndpoint(t, wh, owner, "https://hooks.example/in", `["claim.created"]`)
		if _, err := wh.EnqueueTest(ctx, owner, ep.ID, map[string]string{"message": "hi"}, t2); err != nil {
			t.Fatal(err)
		}

		got := depthsByQueue(t, qs)
		for _, tc := range []struct {
			queue   string
			pending int64
			oldest  time.Time
		}{
			{models.QueueMail, 2, t0},
			{models.QueueSubmissions, 1, t1},
			{models.QueueWebhooks, 1, t2},
		} {
			d := got[tc.queue]
			if d.Pending != tc.pending || !d.Oldest.Equal(tc.oldest) {
				t.Errorf("%s = %d pending, oldest %v; want %d, oldest %v", tc.queue, d.Pending, d.Oldest, tc.pending, tc.oldest)
			}
		}

		// Sending the oldest mail moves the age to the next one; sending both empties the queue.
		claimed, err := outbox.Claim(ctx, "w1", 1, t0.Add(time.Minute), time.Minute)
		if err != nil || len(claimed) != 1 {
			t.Fatalf("claim: %v %v", claimed, err)
		}
		if got := depthsByQueue(t, qs)[models.QueueMail]; got.Pending != 2 || !got.Oldest.Equal(t0) {
			t.Errorf("mail in flight: %+v, want it still pending", got)
		}
		if ok, err := outbox.MarkSent(ctx, claimed[0].ID, "w1", t0.Add(time.Minute)); err != nil || !ok {
			t.Fatalf("mark sent: %v %v", ok, err)
		}
		if got := depthsByQueue(t, qs)[models.QueueMail]; got.Pending != 1 || !got.Oldest.Equal(t0.Add(time.Minute)) {
			t.Errorf("after sending the oldest mail: %+v, want 1 pending from %v", got, t0.Add(time.Minute))
		}
	})
}
