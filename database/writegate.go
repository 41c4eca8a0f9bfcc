package database

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"
)

// writeGate lets one SQLite write transaction of this process run at a time and hands the turn
// straight to the next waiter when it ends. SQLite has one writer per database; without the gate
// every connection that finds the write lock taken sleeps in SQLite's busy handler (1, 2, 5, 10 …
// 100 ms steps) and the lock sits idle until one wakes, which under a burst of analyses costs far
// more than the transactions themselves. Writers in other processes still meet busy_timeout.
type writeGate struct {
	turn chan struct{}
	// wait bounds a wait for the turn; after it the transaction goes ahead and SQLite's own busy
	// timeout decides, so a transaction that never ends cannot stall the others for longer than
	// SQLite would have.
	wait time.Duration
}

func newWriteGate(wait time.Duration) *writeGate {
	return &writeGate{turn: make(chan struct{}, 1), wait: wait}
}

// acquire waits for the turn and returns its release (safe to call more than once); it returns
// a no-op release when the wait timed out, and ctx's error when ctx ended first.
func (g *writeGate) acquire(ctx context.Context) (func(), error) {
	select {
	case g.turn <- struct{}{}:
		return g.releaser(), nil
	default:
	}
	t := time.NewTimer(g.wait)
	defer t.Stop()
	select {
	case g.turn <- struct{}{}:
		return g.releaser(), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-t.C:
		return func() {}, nil
	}
}

func (g *writeGate) releaser() func() {
	var once sync.Once
	return func() { once.Do(func() { <-g.turn }) }
}

// gatedPool is GORM's connection pool on SQLite: statements run on the *sql.DB, each data
// statement on the statement kept prepared for its text, and every write, a transaction (every
// one is BEGIN IMMEDIATE, a write) or a statement committed on its own, first takes the process's
// write turn. A write outside the turn would only have SQLite's busy handler: it sleeps between
// tries while the turn passes the lock from one transaction straight to the next, so under a
// steady stream of transactions it found the lock taken at every try and failed with SQLITE_BUSY
// after the whole busy timeout (TestConcurrentWritersNeverBusy).
type gatedPool struct {
	*sql.DB
	gate *writeGate
	// stmts keeps GORM's data statements prepared, in and out of transactions (see prepared).
	stmts *stmtCache
}

// ExecContext takes the write turn (an Exec changes something) and runs query on its kept
// prepared statement, or as written when there is none.
func (p *gatedPool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	release, err := p.gate.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	if st := prepared(ctx, p.stmts, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return p.DB.ExecContext(ctx, query, args...)
}

// QueryContext runs query on its kept prepared statement, or as written when there is none; a
// write read as rows (… RETURNING) takes the write turn first. The driver runs the write when the
// query starts, before the rows are returned; the turn is passed on then, and the statement's
// lock ends when the caller closes the rows, which the next writer's busy handler rides out.
func (p *gatedPool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if writeStatement(query) {
		release, err := p.gate.acquire(ctx)
		if err != nil {
			return nil, err
		}
		defer release()
	}
	if st := prepared(ctx, p.stmts, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return p.DB.QueryContext(ctx, query, args...)
}

// QueryRowContext is QueryContext for one row. When ctx ends before the turn comes, the query
// runs without it and answers ctx's error, as *sql.Row carries errors.
func (p *gatedPool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if writeStatement(query) {
		if release, err := p.gate.acquire(ctx); err == nil {
			defer release()
		}
	}
	if st := prepared(ctx, p.stmts, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return p.DB.QueryRowContext(ctx, query, args...)
}

// writeStatement reports a query that writes: one starting with INSERT, UPDATE, DELETE or
// REPLACE, which the stores read as rows for its RETURNING clause.
func writeStatement(query string) bool {
	q := strings.TrimSpace(query)
	for _, kw := range []string{"INSERT", "UPDATE", "DELETE", "REPLACE"} {
		if len(q) >= len(kw) && strings.EqualFold(q[:len(kw)], kw) {
			return true
		}
	}
	return false
}

// BeginTx takes the write turn, then begins; the turn is released when the transaction ends.
func (p *gatedPool) BeginTx(ctx context.Context, opts *sql.TxOptions) (gorm.ConnPool, error) {
	release, err := p.gate.acquire(ctx)
	if err != nil {
		return nil, err
	}
	tx, err := p.DB.BeginTx(ctx, opts)
	if err != nil {
		release()
		return nil, err
	}
	return &gatedTx{Tx: tx, db: p.DB, release: release, stmts: p.stmts}, nil
}

// GetDBConn gives GORM's DB() the pool.
func (p *gatedPool) GetDBConn() (*sql.DB, error) { return p.DB, nil }

// gatedTx is a transaction holding the write turn until it commits or rolls back.
type gatedTx struct {
	*sql.Tx
	db      *sql.DB
	release func()
	stmts   *stmtCache
}

// prepared is the statement kept prepared for query in stmts, or nil when query is not a data
// statement or the cache cannot keep it. The SQLite driver compiles the SQL of a plain statement
// at every execution: compiling a claim's inserts was an eighth of an analysis's CPU, and a claim
// page's four reads a seventh of its. A kept statement is compiled once per pooled connection
// and only binds new values.
func prepared(ctx context.Context, stmts *stmtCache, query string) *sql.Stmt {
	if stmts == nil {
		return nil
	}
	if st := stmts.cached(query); st != nil {
		return st
	}
	if !dataStatement(query) {
		return nil
	}
	// Preparing takes a pooled connection the first time a text is seen; a pool kept busy that
	// long only costs this run its reuse.
	pctx, cancel := context.WithTimeout(ctx, prepareWait)
	defer cancel()
	st, err := stmts.stmt(pctx, query)
	if err != nil {
		return nil
	}
	return st
}

// prepared is the transaction's form of the statement kept prepared for query (it closes with
// the transaction), or nil.
func (t *gatedTx) prepared(ctx context.Context, query string) *sql.Stmt {
	st := prepared(ctx, t.stmts, query)
	if st == nil {
		return nil
	}
	return t.Tx.StmtContext(ctx, st)
}

// prepareWait bounds the wait for a connection to prepare a transaction's statement on.
const prepareWait = 200 * time.Millisecond

// dataStatement reports an INSERT, UPDATE, DELETE, SELECT or WITH statement: the texts a
// transaction repeats. Schema changes and pragmas run as written.
func dataStatement(query string) bool {
	q := strings.TrimSpace(query)
	if len(q) < 6 {
		return false
	}
	switch strings.ToUpper(q[:6]) {
	case "INSERT", "UPDATE", "DELETE", "SELECT":
		return true
	}
	return strings.EqualFold(q[:4], "WITH")
}

// ExecContext runs query on its kept prepared statement, or as written when there is none.
func (t *gatedTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := t.prepared(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return t.Tx.ExecContext(ctx, query, args...)
}

// QueryContext runs query on its kept prepared statement, or as written when there is none.
func (t *gatedTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := t.prepared(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return t.Tx.QueryContext(ctx, query, args...)
}

// QueryRowContext runs query on its kept prepared statement, or as written when there is none.
func (t *gatedTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := t.prepared(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return t.Tx.QueryRowContext(ctx, query, args...)
}

// Commit commits and passes the turn on.
func (t *gatedTx) Commit() error {
	defer t.release()
	return t.Tx.Commit()
}

// Rollback rolls back and passes the turn on.
func (t *gatedTx) Rollback() error {
	defer t.release()
	return t.Tx.Rollback()
}

// GetDBConn gives GORM's DB() the pool, as it does for a plain *sql.Tx.
func (t *gatedTx) GetDBConn() (*sql.DB, error) { return t.db, nil }

// gateWrites installs the write gate on an SQLite GORM handle.
func gateWrites(g *gorm.DB, sqlDB *sql.DB, wait time.Duration, stmts *stmtCache) error {
	if g.ConnPool != sqlDB {
		return errors.New("database: unexpected connection pool")
	}
	p := &gatedPool{DB: sqlDB, gate: newWriteGate(wait), stmts: stmts}
	g.ConnPool = p
	g.Statement.ConnPool = p
	return nil
}
