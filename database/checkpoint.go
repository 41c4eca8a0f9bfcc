package database

import (
	"context"
	"database/sql"
	"sync"
	"time"
)

// checkpointInterval is how often the SQLite checkpointer copies the WAL back into the database.
// The connections' own automatic checkpoint is off (wal_autocheckpoint(0) in sqliteDSN): it runs
// in the commit that crosses 1,000 WAL pages, so one request in a few hundred paid for copying
// and syncing every page the others wrote, while holding its connection.
const checkpointInterval = time.Second

// startCheckpointer runs a PASSIVE checkpoint every interval (it never waits for readers or
// writers; what it cannot copy now it copies next time) and one last time when stopped.
func startCheckpointer(db *sql.DB, interval time.Duration) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	checkpoint := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, _ = db.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
	}
	go func() {
		defer close(finished)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-done:
				checkpoint()
				return
			case <-t.C:
				checkpoint()
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(done)
			<-finished
		})
	}
}
