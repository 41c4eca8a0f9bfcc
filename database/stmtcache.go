package database

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

// stmtCacheSize bounds the statements kept: the hot reads have a handful of shapes; a text
// beyond the bound runs unprepared, as every statement did before.
const stmtCacheSize = 128

// stmtCache keeps a prepared statement per SQL text for the hot reads on SQLite. The SQLite
// driver compiles the SQL of a plain query at every execution (parsing and planning were a
// fifth of a read by id's CPU); a *sql.Stmt keeps the compiled statement on each pooled
// connection it ran on and only binds new values.
type stmtCache struct {
	db *sql.DB
	mu sync.RWMutex
	m  map[string]*sql.Stmt
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, m: map[string]*sql.Stmt{}}
}

// cached returns the statement kept for query, or nil.
func (c *stmtCache) cached(query string) *sql.Stmt {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.m[query]
}

// stmt returns the prepared statement for query, preparing it once; nil when the cache is full.
// It prepares without holding the lock: preparing may wait for a pooled connection, and the
// statements of every other caller look the cache up meanwhile (two callers preparing one text
// at once keep the first and close the other).
func (c *stmtCache) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st := c.cached(query); st != nil {
		return st, nil
	}
	c.mu.RLock()
	full := len(c.m) >= stmtCacheSize
	c.mu.RUnlock()
	if full {
		return nil, nil
	}
	st, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if kept, ok := c.m[query]; ok {
		_ = st.Close()
		return kept, nil
	}
	if len(c.m) >= stmtCacheSize {
		_ = st.Close()
		return nil, nil
	}
	c.m[query] = st
	return st, nil
}

func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, st := range c.m {
		_ = st.Close()
		delete(c.m, q)
	}
}

// QueryPrepared runs a read on the pool. On SQLite the statement is kept prepared per SQL text
// (stmtCache), so query must be a fixed text with every value bound, never values written into
// it; on PostgreSQL the driver already keeps prepared statements and this is QueryContext.
func (db *DB) QueryPrepared(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if db.stmts != nil {
		st, err := db.stmts.stmt(ctx, query)
		if err != nil {
			return nil, fmt.Errorf("prepare: %w", err)
		}
		if st != nil {
			return st.QueryContext(ctx, args...)
		}
	}
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		return nil, err
	}
	return sqlDB.QueryContext(ctx, query, args...)
}
