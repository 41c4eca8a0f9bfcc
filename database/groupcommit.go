package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"gorm.io/gorm"
)

// groupCommit runs the transactions that callers open at the same moment on SQLite as savepoints
// of one transaction with one COMMIT. SQLite has one writer: callers wait for the write turn
// anyway, and each COMMIT writes every page the transaction touched to the WAL again. Claims
// inserted one after another touch the same last pages of the claims table, its indexes and its
// full-text index, so committing the callers waiting together writes those pages once instead of
// once per caller (the WAL writes were a seventh of an analysis's CPU; see docs/loadtest-history.md).
//
// Nobody waits for a group to fill: the first caller to find no group running leads, takes every
// caller queued by then (at most maxGroup) and runs them one after another, each inside its own
// savepoint. A caller's work that fails is rolled back to its savepoint and does not touch the
// others'. Each caller gets its answer once the COMMIT is done; a failed COMMIT fails every caller
// whose work was in it, as their single transactions' would have.
type groupCommit struct {
	g *gorm.DB
	// wait is queueWait, shorter in tests.
	wait time.Duration

	mu sync.Mutex
	// queue holds the callers waiting for a group; leading is true while one of them runs one.
	queue   []*groupJob
	leading bool
	// groups and jobs count COMMITs and the callers they carried, for tests and figures.
	groups, jobs int64
}

// maxGroup bounds the callers of one group: the first of them waits for all the others' work.
const maxGroup = 32

// queueWait bounds a caller's wait in the queue. Past it the caller runs a transaction of its
// own, as it would without groups: work inside a group that opens another transaction on a
// context the group did not mark would otherwise wait for a group that cannot start before it
// ends. The write turn's own bound (writeGate.wait) then applies.
const queueWait = sqliteBusyTimeout

// groupJob is one caller's transaction waiting for, or running in, a group.
type groupJob struct {
	ctx context.Context
	fn  func(*gorm.DB) error
	// wake receives the caller's outcome, or a call to lead the next group.
	wake chan groupWake
	// taken (in a group) and called (to lead) are set under groupCommit.mu: from then on a
	// wake is on its way and the caller may no longer leave the queue.
	taken, called bool
}

// groupWake is what a waiting caller is woken with.
type groupWake struct {
	lead bool
	// fnErr is what the caller's own function returned (its work was then rolled back), err the
	// outcome of the transaction as a whole.
	fnErr, err error
	// panicked carries a panic of the caller's function back to its own goroutine.
	panicked any
}

func newGroupCommit(g *gorm.DB) *groupCommit { return &groupCommit{g: g, wait: queueWait} }

// run runs fn in a transaction shared with the callers waiting at the same time. It returns what
// fn returned (fn's work was then undone) or the transaction's error; a panic in fn is raised
// again here, after the others' work went on.
func (gc *groupCommit) run(ctx context.Context, fn func(*gorm.DB) error) (fnErr, err error) {
	job := &groupJob{ctx: ctx, fn: fn, wake: make(chan groupWake, 1)}
	gc.mu.Lock()
	gc.queue = append(gc.queue, job)
	lead := !gc.leading
	gc.leading = true
	job.called = lead
	gc.mu.Unlock()
	w := groupWake{lead: lead}
	if !lead {
		var alone bool
		if w, alone = gc.await(job); alone {
			return gc.alone(ctx, fn)
		}
	}
	if w.lead {
		w = gc.lead(job)
	}
	if w.panicked != nil {
		panic(w.panicked)
	}
	return w.fnErr, w.err
}

// await waits for job's wake; it reports alone when the wait outlasted queueWait and job left
// the queue before any group took it.
func (gc *groupCommit) await(job *groupJob) (groupWake, bool) {
	t := time.NewTimer(gc.wait)
	defer t.Stop()
	select {
	case w := <-job.wake:
		return w, false
	case <-t.C:
	}
	gc.mu.Lock()
	if !job.taken && !job.called {
		gc.queue = slices.DeleteFunc(gc.queue, func(j *groupJob) bool { return j == job })
		gc.mu.Unlock()
		return groupWake{}, true
	}
	gc.mu.Unlock()
	return <-job.wake, false
}

// alone runs fn in a transaction of its own.
func (gc *groupCommit) alone(ctx context.Context, fn func(*gorm.DB) error) (fnErr, err error) {
	err = gc.g.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		fnErr = fn(tx)
		return fnErr
	})
	return fnErr, err
}

// lead runs one group that holds self and returns self's outcome; it then hands the lead to the
// first caller still queued, if any, so no caller runs more than the one group it is in.
func (gc *groupCommit) lead(self *groupJob) groupWake {
	gc.mu.Lock()
	n := min(len(gc.queue), maxGroup)
	group := gc.queue[:n:n]
	for _, j := range group {
		j.taken = true
	}
	gc.queue = append([]*groupJob(nil), gc.queue[n:]...)
	gc.mu.Unlock()

	outcomes := gc.commit(group)

	gc.mu.Lock()
	gc.groups++
	gc.jobs += int64(len(group))
	var next *groupJob
	if len(gc.queue) > 0 {
		next = gc.queue[0]
		next.called = true
	} else {
		gc.leading = false
	}
	gc.mu.Unlock()
	if next != nil {
		next.wake <- groupWake{lead: true}
	}
	var own groupWake
	for i, j := range group {
		if j == self {
			own = outcomes[i]
			continue
		}
		j.wake <- outcomes[i]
	}
	return own
}

// commit runs the group's work in one transaction, each caller's in a savepoint, and commits.
func (gc *groupCommit) commit(group []*groupJob) []groupWake {
	out := make([]groupWake, len(group))
	// The transaction belongs to every caller in it: one caller's cancelled request must not
	// roll back the others' work, so it lives on a context without cancellation; each caller's
	// statements still run on its own context.
	base := context.WithoutCancel(group[0].ctx)
	tx := gc.g.WithContext(base).Begin()
	if tx.Error != nil {
		err := fmt.Errorf("begin: %w", tx.Error)
		for i := range out {
			out[i].err = err
		}
		return out
	}
	pool := tx.Statement.ConnPool
	tx.Statement.ConnPool = &groupTx{tx: pool}
	// The savepoints are the group's own statements, not the callers': they go to the
	// transaction directly, past GORM's callbacks.
	exec := func(query string) error {
		_, err := pool.ExecContext(base, query)
		return err
	}
	for i, j := range group {
		if err := j.ctx.Err(); err != nil {
			// The caller gave up while it waited: its work never starts.
			out[i] = groupWake{fnErr: err, err: err}
			continue
		}
		if err := exec("SAVEPOINT cc_group"); err != nil {
			return gc.abort(tx, out, i, fmt.Errorf("savepoint: %w", err))
		}
		panicked, fnErr := runJob(tx, j)
		if fnErr != nil || panicked != nil {
			if err := exec("ROLLBACK TO cc_group"); err != nil {
				// The caller's work could not be undone on its own: nothing of the group may
				// be committed with it.
				out[i] = groupWake{fnErr: fnErr, panicked: panicked}
				return gc.abort(tx, out, i+1, fmt.Errorf("rollback to savepoint: %w", err))
			}
			out[i] = groupWake{fnErr: fnErr, err: fnErr, panicked: panicked}
		}
		if err := exec("RELEASE cc_group"); err != nil {
			return gc.abort(tx, out, i+1, fmt.Errorf("release savepoint: %w", err))
		}
	}
	if err := tx.Commit().Error; err != nil {
		for i := range out {
			if out[i].fnErr == nil && out[i].panicked == nil {
				out[i].err = fmt.Errorf("commit: %w", err)
			}
		}
	}
	return out
}

// runJob runs one caller's function on the shared transaction, on the caller's context, and
// catches its panic so that the others' work goes on.
func runJob(tx *gorm.DB, j *groupJob) (panicked any, fnErr error) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	return nil, j.fn(tx.WithContext(j.ctx))
}

// groupTx is the shared transaction as the callers' work sees it: its statements run to their
// end even when a caller's request is cancelled. SQLite answers an interrupted write inside a
// transaction by rolling back the whole transaction, which here is every caller's work, not only
// the cancelled one's.
type groupTx struct{ tx gorm.ConnPool }

// PrepareContext prepares on the shared transaction.
func (g *groupTx) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return g.tx.PrepareContext(context.WithoutCancel(ctx), query)
}

// ExecContext runs query on the shared transaction.
func (g *groupTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return g.tx.ExecContext(context.WithoutCancel(ctx), query, args...)
}

// QueryContext runs query on the shared transaction.
func (g *groupTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return g.tx.QueryContext(context.WithoutCancel(ctx), query, args...)
}

// QueryRowContext runs query on the shared transaction.
func (g *groupTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return g.tx.QueryRowContext(context.WithoutCancel(ctx), query, args...)
}

// Commit commits the shared transaction (called by the group's leader only).
func (g *groupTx) Commit() error { return g.tx.(gorm.TxCommitter).Commit() }

// Rollback rolls the shared transaction back (called by the group's leader only).
func (g *groupTx) Rollback() error { return g.tx.(gorm.TxCommitter).Rollback() }

// GetDBConn gives GORM's DB() the pool, as the transaction beneath does.
func (g *groupTx) GetDBConn() (*sql.DB, error) {
	if c, ok := g.tx.(interface{ GetDBConn() (*sql.DB, error) }); ok {
		return c.GetDBConn()
	}
	return nil, errors.New("database: no pool behind the group transaction")
}

// errGroupAborted is the outcome of callers whose work was rolled back with a failed group.
var errGroupAborted = errors.New("group commit aborted")

// abort rolls the whole group back: callers from done on did not run (or ran and were undone)
// and get cause; callers before it ran without error but lose their work, and are told so.
func (gc *groupCommit) abort(tx *gorm.DB, out []groupWake, done int, cause error) []groupWake {
	tx.Rollback()
	for i := range out {
		if out[i].fnErr != nil || out[i].panicked != nil {
			if out[i].err == nil {
				out[i].err = out[i].fnErr
			}
			continue
		}
		if i < done {
			out[i].err = fmt.Errorf("%w: %w", errGroupAborted, cause)
		} else {
			out[i].err = cause
		}
	}
	return out
}

// stats returns the groups committed and the callers they carried.
func (gc *groupCommit) stats() (groups, jobs int64) {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	return gc.groups, gc.jobs
}
