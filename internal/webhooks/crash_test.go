package webhooks_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
)

// crashDBEnv, when set, makes this test binary a crash-test child: it runs one delivery worker
// against that database and is killed by the receiver mid-request.
const crashDBEnv = "CLAIMCHECK_WEBHOOK_CRASH_DB"

// crashWorkerName is the child's lease name, checked by the parent.
const crashWorkerName = "crash-child"

// crashLease is short so the parent need not wait long for the dead child's lease to run out.
const crashLease = time.Second

func TestMain(m *testing.M) {
	if url := os.Getenv(crashDBEnv); url != "" {
		os.Exit(crashChild(url))
	}
	os.Exit(m.Run())
}

// crashChild runs one worker round. Returning at all means it was not killed, which the parent reports.
func crashChild(url string) int {
	ctx := context.Background()
	db, err := database.Open(ctx, url, database.Options{MaxOpenConns: 2})
	if err != nil {
		fmt.Fprintln(os.Stderr, "child: open:", err)
		return 2
	}
	w := webhooks.NewWorker(webhooks.WorkerConfig{Store: models.NewWebhookStore(db), AllowPrivate: true,
		Timeout: 30 * time.Second, Lease: crashLease, Name: crashWorkerName})
	did, err := w.RunOnce(ctx)
	fmt.Fprintf(os.Stderr, "child: survived the receiver (did=%v err=%v)\n", did, err)
	return 3
}

// The process is SIGKILLed after sending and before recording: the delivery stays leased, and after
// the lease runs out a fresh worker sends it again with the same webhook-id (at least once).
func TestRedeliveryWithTheSameIDAfterKillBetweenSendAndRecord(t *testing.T) {
	for _, dialect := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			url := testdb.URL(t, dialect)
			db, err := database.Open(context.Background(), url, database.Options{MaxOpenConns: 4})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			sqlDB, _ := db.Gorm.DB()
			if err := migrations.Up(context.Background(), sqlDB, string(dialect)); err != nil {
				t.Fatal(err)
			}
			e := newEnv(t, db)
			var child *exec.Cmd
			exited := make(chan struct{})
			rc := newReceiver(t, func(n int, w http.ResponseWriter, _ *http.Request) {
				if n == 1 {
					_ = child.Process.Signal(syscall.SIGKILL)
					<-exited // the child is gone before any answer could reach it
					return
				}
				w.WriteHeader(http.StatusNoContent)
			})
			ep := e.endpoint(t, rc.URL+"/hook")
			e.event(t)

			var out bytes.Buffer
			child = exec.Command(os.Args[0], "-test.run=^$")
			child.Env = append(os.Environ(), crashDBEnv+"="+url)
			child.Stdout, child.Stderr = &out, &out
			if err := child.Start(); err != nil {
				t.Fatal(err)
			}
			go func() { _ = child.Wait(); close(exited) }()
			select {
			case <-exited:
			case <-time.After(60 * time.Second):
				_ = child.Process.Kill()
				t.Fatalf("child did not finish; output:\n%s", out.String())
			}
			ws, ok := child.ProcessState.Sys().(syscall.WaitStatus)
			if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
				t.Fatalf("child was not killed by the receiver (%v); output:\n%s", child.ProcessState, out.String())
			}
			d := e.only(t, ep)
			if d.State != models.DeliverySending || d.Attempts != 1 || d.LockedBy == nil || *d.LockedBy != crashWorkerName {
				t.Fatalf("after the kill: %+v", d)
			}

			w := webhooks.NewWorker(webhooks.WorkerConfig{Store: e.store, AllowPrivate: true, Timeout: 10 * time.Second, Name: "parent"})
			deadline := time.Now().Add(30 * time.Second)
			for {
				did, err := w.RunOnce(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if did {
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("the dead child's lease never ran out")
				}
				time.Sleep(50 * time.Millisecond)
			}
			d = e.only(t, ep)
			if d.State != models.DeliveryDelivered || d.Attempts != 2 {
				t.Fatalf("after redelivery: %+v", d)
			}
			reqs := rc.requests()
			if len(reqs) != 2 {
				t.Fatalf("receiver got %d requests, want 2", len(reqs))
			}
			for _, r := range reqs {
				if r.header.Get("webhook-id") != d.ID {
					t.Fatalf("webhook-id %q, want %q on both attempts", r.header.Get("webhook-id"), d.ID)
				}
				verify(t, ep.Secret, r)
			}
		})
	}
}
