package mail_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/mail"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/emails"
)

// msg is a valid message with the given dedupe key.
func msg(key string) mail.Message {
	return mail.Message{To: "Ada <ada@example.com>", Subject: "Hello " + key, Text: "text " + key, HTML: "<p>html " + key + "</p>", DedupeKey: key}
}

// smtpWorker is a worker delivering to srv.
func smtpWorker(t *testing.T, store *models.OutboxStore, srv *smtpServer, id string) *mail.Worker {
	t.Helper()
	w, err := mail.NewWorkerFromURL(store, srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	w.ID = id
	return w
}

// countRows counts outbox rows.
func countRows(t *testing.T, db *database.DB) int64 {
	t.Helper()
	var n int64
	if err := db.Gorm.Model(&models.OutboxMail{}).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// The columns are checked with every other model in migrations (models.All); the worker's claim
// query also needs its indexes on both dialects.
func TestOutboxIndexes(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		for _, idx := range []string{"email_outbox_due_idx", "email_outbox_created_idx"} {
			if !db.Gorm.Migrator().HasIndex(&models.OutboxMail{}, idx) {
				t.Errorf("index %s missing on %s", idx, db.Dialect)
			}
		}
	})
}

func TestEnqueueIsIdempotentByDedupeKey(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		ob := mail.NewOutbox(models.NewOutboxStore(db))
		created, err := ob.Enqueue(ctx, msg("verify:u1:t1"))
		if err != nil || !created {
			t.Fatalf("first enqueue = %v, %v; want created", created, err)
		}
		second := msg("verify:u1:t1")
		second.Subject = "a different rendering of the same event"
		created, err = ob.Enqueue(ctx, second)
		if err != nil || created {
			t.Fatalf("second enqueue = %v, %v; want not created", created, err)
		}
		if n := countRows(t, db); n != 1 {
			t.Fatalf("rows = %d, want 1", n)
		}
		got, err := ob.Store.ByDedupeKey(ctx, "verify:u1:t1")
		if err != nil || got.Subject != "Hello verify:u1:t1" || got.State != models.OutboxQueued {
			t.Fatalf("stored = %+v, %v; want the first mail, queued", got, err)
		}
		if _, err := ob.Store.ByID(ctx, "not-a-uuid"); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("ByID(bad) = %v, want ErrNotFound", err)
		}
	})
}

func TestEnqueueJoinsTheCallersTransaction(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ob := mail.NewOutbox(models.NewOutboxStore(db))
		boom := errors.New("event failed")
		err := models.NewTransactor(db).InTx(t.Context(), func(tx models.Tx) error {
			if _, err := ob.EnqueueTx(t.Context(), tx, msg("rolled-back")); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if n := countRows(t, db); n != 0 {
			t.Fatalf("rows after rollback = %d, want 0: a mail must not outlive its event", n)
		}
	})
}

func TestEnqueueRefusesUndeliverableMessages(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ob := mail.NewOutbox(models.NewOutboxStore(db))
		for name, m := range map[string]mail.Message{
			"no key":     {To: "a@example.com", Subject: "s", Text: "t"},
			"bad to":     {To: "nobody", Subject: "s", Text: "t", DedupeKey: "k1"},
			"crlf":       {To: "a@example.com", Subject: "s\r\nBcc: x@example.com", Text: "t", DedupeKey: "k2"},
			"no text":    {To: "a@example.com", Subject: "s", HTML: "<p>x</p>", DedupeKey: "k3"},
			"whitespace": {To: "a@example.com", Subject: "s", Text: "  ", DedupeKey: "k4"},
		} {
			if _, err := ob.Enqueue(t.Context(), m); err == nil {
				t.Errorf("%s: enqueued, want an error", name)
			}
		}
		if n := countRows(t, db); n != 0 {
			t.Fatalf("rows = %d, want 0", n)
		}
	})
}

func TestWorkerDeliversTextAndHTMLOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		srv := startSMTP(t)
		store := models.NewOutboxStore(db)
		ob := mail.NewOutbox(store)
		link := "https://claimcheck.example/verify?token=abc&u=1"
		m, err := mail.Compose(ctx, "Ada Lovelace <ada@example.com>", "verify:u1:t1", emails.VerifyEmail{Name: "Ada <script>", Link: link})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ob.Enqueue(ctx, m); err != nil {
			t.Fatal(err)
		}
		w := smtpWorker(t, store, srv, "w1")
		sent, failed, err := w.RunOnce(ctx)
		if err != nil || sent != 1 || failed != 0 {
			t.Fatalf("RunOnce = %d sent, %d failed, %v; want 1, 0", sent, failed, err)
		}
		if sent, _, _ := w.RunOnce(ctx); sent != 0 {
			t.Fatalf("second RunOnce sent %d, want 0", sent)
		}
		got := srv.Messages()
		if len(got) != 1 {
			t.Fatalf("server received %d messages, want 1:\n%s", len(got), describe(got))
		}
		if got[0].From != "noreply@example.com" || len(got[0].To) != 1 || got[0].To[0] != "ada@example.com" {
			t.Fatalf("envelope = %s -> %v", got[0].From, got[0].To)
		}
		p := parseMessage(t, got[0].Data)
		row, err := store.ByDedupeKey(ctx, "verify:u1:t1")
		if err != nil {
			t.Fatal(err)
		}
		if row.State != models.OutboxSent || row.SentAt == nil || row.Attempts != 1 || row.LockedBy != nil {
			t.Fatalf("row after delivery = %+v", row)
		}
		if id := p.Header.Get("Message-Id"); !strings.Contains(id, row.ID) {
			t.Errorf("Message-ID %q does not name row %s", id, row.ID)
		}
		if subj := p.Header.Get("Subject"); subj != "Confirm your email address" {
			t.Errorf("Subject = %q", subj)
		}
		if !strings.Contains(p.Text, link) || !strings.Contains(p.Text, "Hello Ada <script>,") || !strings.Contains(p.Text, emails.Footer) {
			t.Errorf("text part lacks link, greeting or footer:\n%s", p.Text)
		}
		if !strings.Contains(p.HTML, `href="https://claimcheck.example/verify?token=abc&amp;u=1"`) {
			t.Errorf("HTML part lacks the link:\n%s", p.HTML)
		}
		if strings.Contains(p.HTML, "<script>") || !strings.Contains(p.HTML, "Ada &lt;script&gt;") {
			t.Errorf("HTML part does not escape the name:\n%s", p.HTML)
		}
	})
}

func TestTemporaryFailureIsRetriedWithBackoff(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		srv := startSMTP(t)
		store := models.NewOutboxStore(db)
		if _, err := mail.NewOutbox(store).Enqueue(ctx, msg("k")); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		w := smtpWorker(t, store, srv, "w1")
		w.Now = func() time.Time { return now }
		srv.FailNext(1)
		sent, failed, err := w.RunOnce(ctx)
		if err != nil || sent != 0 || failed != 1 {
			t.Fatalf("RunOnce = %d sent, %d failed, %v; want 0, 1", sent, failed, err)
		}
		row, _ := store.ByDedupeKey(ctx, "k")
		if row.State != models.OutboxFailed || row.Attempts != 1 || !strings.Contains(row.LastError, "451") || row.LockedBy != nil {
			t.Fatalf("row after 451 = %+v", row)
		}
		wait := row.NextAttemptAt.Sub(now)
		if wait < 24*time.Second || wait > 36*time.Second {
			t.Fatalf("first retry in %v, want 30s ±20%%", wait)
		}
		if sent, failed, _ := w.RunOnce(ctx); sent+failed != 0 {
			t.Fatal("a mail was retried before its backoff ended")
		}
		now = now.Add(wait + time.Second)
		if sent, failed, err := w.RunOnce(ctx); err != nil || sent != 1 || failed != 0 {
			t.Fatalf("retry = %d sent, %d failed, %v; want 1, 0", sent, failed, err)
		}
		row, _ = store.ByDedupeKey(ctx, "k")
		if row.State != models.OutboxSent || row.Attempts != 2 || row.LastError != "" {
			t.Fatalf("row after retry = %+v", row)
		}
		if n := len(srv.Messages()); n != 1 {
			t.Fatalf("server accepted %d messages, want 1", n)
		}
	})
}

func TestMailIsDeadAfterMaxAttempts(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		srv := startSMTP(t)
		store := models.NewOutboxStore(db)
		if _, err := mail.NewOutbox(store).Enqueue(ctx, msg("k")); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		w := smtpWorker(t, store, srv, "w1")
		w.Now = func() time.Time { return now }
		w.MaxAttempts = 3
		srv.FailNext(100)
		for range 5 {
			if _, _, err := w.RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
			now = now.Add(7 * time.Hour) // past the longest backoff step
		}
		row, _ := store.ByDedupeKey(ctx, "k")
		if row.State != models.OutboxDead || row.Attempts != 3 {
			t.Fatalf("row = %+v; want dead after 3 attempts", row)
		}
		if err := store.Retry(ctx, row.ID, now); err != nil {
			t.Fatal(err)
		}
		srv.FailNext(0)
		if sent, _, err := w.RunOnce(ctx); err != nil || sent != 1 {
			t.Fatalf("after admin retry: sent %d, %v", sent, err)
		}
	})
}

func TestLeaseExpiryHandsACrashedClaimToAnotherWorker(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		srv := startSMTP(t)
		store := models.NewOutboxStore(db)
		if _, err := mail.NewOutbox(store).Enqueue(ctx, msg("k")); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		lease := time.Minute
		// Worker "crashed" claims the mail and dies before sending.
		claimed, err := store.Claim(ctx, "crashed", 10, now, lease)
		if err != nil || len(claimed) != 1 {
			t.Fatalf("claim = %d, %v", len(claimed), err)
		}
		w := smtpWorker(t, store, srv, "survivor")
		w.Lease = lease
		w.Now = func() time.Time { return now }
		if sent, failed, _ := w.RunOnce(ctx); sent+failed != 0 {
			t.Fatal("a mail under a live lease was taken")
		}
		now = now.Add(lease + time.Second)
		if sent, _, err := w.RunOnce(ctx); err != nil || sent != 1 {
			t.Fatalf("after lease expiry: sent %d, %v; want 1", sent, err)
		}
		if ok, err := store.MarkSent(ctx, claimed[0].ID, "crashed", now); err != nil || ok {
			t.Fatalf("the crashed worker's late MarkSent = %v, %v; want false", ok, err)
		}
		row, _ := store.ByID(ctx, claimed[0].ID)
		if row.State != models.OutboxSent || row.Attempts != 2 {
			t.Fatalf("row = %+v; want sent on the second attempt", row)
		}
		if n := len(srv.Messages()); n != 1 {
			t.Fatalf("server accepted %d messages, want 1", n)
		}
	})
}

func TestConcurrentWorkersDeliverEachMailOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		srv := startSMTP(t)
		store := models.NewOutboxStore(db)
		ob := mail.NewOutbox(store)
		const mails, workers = 50, 4
		for i := range mails {
			if _, err := ob.Enqueue(ctx, msg(fmt.Sprintf("k%02d", i))); err != nil {
				t.Fatal(err)
			}
		}
		var total atomic.Int64
		var wg sync.WaitGroup
		errs := make(chan error, workers)
		for i := range workers {
			w := smtpWorker(t, store, srv, fmt.Sprintf("w%d", i))
			w.Batch = 3
			wg.Go(func() {
				for idle := 0; idle < 3; {
					sent, failed, err := w.RunOnce(ctx)
					if err != nil {
						errs <- err
						return
					}
					total.Add(int64(sent + failed))
					if sent+failed == 0 {
						idle++
						time.Sleep(5 * time.Millisecond)
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		got := srv.Messages()
		seen := map[string]int{}
		for _, m := range got {
			seen[parseMessage(t, m.Data).Header.Get("Subject")]++
		}
		if len(got) != mails || len(seen) != mails || total.Load() != mails {
			t.Fatalf("%d deliveries of %d distinct mails (%d attempts); want exactly %d", len(got), len(seen), total.Load(), mails)
		}
		var sent int64
		db.Gorm.Model(&models.OutboxMail{}).Where("state = ? AND attempts = 1", models.OutboxSent).Count(&sent)
		if sent != mails {
			t.Fatalf("%d rows sent on their first attempt, want %d", sent, mails)
		}
	})
}

func TestRunDeliversUntilCancelled(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		srv := startSMTP(t)
		store := models.NewOutboxStore(db)
		w := smtpWorker(t, store, srv, "runner")
		w.Interval = 10 * time.Millisecond
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- w.Run(ctx) }()
		if _, err := mail.NewOutbox(store).Enqueue(t.Context(), msg("late")); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for len(srv.Messages()) == 0 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatalf("Run = %v", err)
		}
		if n := len(srv.Messages()); n != 1 {
			t.Fatalf("delivered %d, want 1", n)
		}
	})
}

func TestListShowsQueuedMailForAdmins(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		store := models.NewOutboxStore(db)
		if w, err := mail.NewWorkerFromURL(store, ""); w != nil || err != nil {
			t.Fatalf("no SMTP_URL gave a worker: %v, %v", w, err)
		}
		ob := mail.NewOutbox(store)
		for _, k := range []string{"a", "b", "c"} {
			if _, err := ob.Enqueue(t.Context(), msg(k)); err != nil {
				t.Fatal(err)
			}
			time.Sleep(2 * time.Millisecond)
		}
		got, err := store.List(t.Context(), 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].DedupeKey != "c" || got[1].DedupeKey != "b" || got[0].TextBody != "text c" {
			t.Fatalf("List = %+v; want c, b with bodies", got)
		}
	})
}

func TestPermanentFailureIsDeadAtOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		store := models.NewOutboxStore(db)
		if _, err := mail.NewOutbox(store).Enqueue(t.Context(), msg("k")); err != nil {
			t.Fatal(err)
		}
		w := mail.NewWorker(store, senderFunc(func(context.Context, mail.Envelope) error {
			return fmt.Errorf("bad recipient: %w", mail.ErrPermanent)
		}))
		if _, failed, err := w.RunOnce(t.Context()); err != nil || failed != 1 {
			t.Fatalf("RunOnce failed %d, %v", failed, err)
		}
		row, _ := store.ByDedupeKey(t.Context(), "k")
		if row.State != models.OutboxDead {
			t.Fatalf("state = %s, want dead", row.State)
		}
	})
}

// senderFunc adapts a function to mail.Sender.
type senderFunc func(context.Context, mail.Envelope) error

func (f senderFunc) Send(ctx context.Context, e mail.Envelope) error { return f(ctx, e) }

func TestParseSMTPURL(t *testing.T) {
	c, err := mail.ParseSMTPURL("smtp://user:p%40ss@mail.example.com?from=Claimcheck%20%3Cnoreply@example.com%3E")
	if err != nil {
		t.Fatal(err)
	}
	want := mail.SMTPConfig{Host: "mail.example.com", Port: 587, Username: "user", Password: "p@ss",
		From: "Claimcheck <noreply@example.com>", TLS: mail.TLSStartTLS, Timeout: 30 * time.Second}
	if c != want {
		t.Fatalf("got %+v\nwant %+v", c, want)
	}
	for raw, port := range map[string]int{
		"smtps://h?from=a@b.c":              465,
		"smtp://h?from=a@b.c&tls=tls":       465,
		"smtp://h?from=a@b.c&tls=none":      25,
		"smtp://h:2525?from=a@b.c&tls=none": 2525,
	} {
		c, err := mail.ParseSMTPURL(raw)
		if err != nil || c.Port != port {
			t.Errorf("%s: port %d, %v; want %d", raw, c.Port, err, port)
		}
	}
	for _, bad := range []string{
		"http://h?from=a@b.c", "smtp://?from=a@b.c", "smtp://h", "smtp://h?from=nobody",
		"smtp://h?from=a@b.c&tls=maybe", "smtp://h:0?from=a@b.c", "smtp://h?from=a@b.c&timeout=soon",
	} {
		if _, err := mail.ParseSMTPURL(bad); err == nil {
			t.Errorf("%s: accepted, want an error", bad)
		}
	}
}

func TestBackoffGrowsWithJitter(t *testing.T) {
	for attempt, base := range map[int]time.Duration{1: 30 * time.Second, 2: 2 * time.Minute, 3: 10 * time.Minute, 4: time.Hour, 5: 6 * time.Hour, 9: 6 * time.Hour} {
		seen := map[time.Duration]bool{}
		for range 20 {
			d := mail.Backoff(attempt)
			if d < base*8/10 || d > base*12/10 {
				t.Fatalf("Backoff(%d) = %v, want %v ±20%%", attempt, d, base)
			}
			seen[d] = true
		}
		if len(seen) < 2 {
			t.Errorf("Backoff(%d) has no jitter", attempt)
		}
	}
}
