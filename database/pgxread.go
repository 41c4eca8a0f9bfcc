package database

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// errNotPostgres refuses WithPgx on SQLite.
var errNotPostgres = errors.New("database: pgx is PostgreSQL's driver")

// openPgxPool opens the PostgreSQL pool of at most maxConns connections.
func openPgxPool(ctx context.Context, url string, maxConns int) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database: postgres url: %w", err)
	}
	cfg.MaxConns = int32(maxConns)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("database: open postgres: %w", err)
	}
	return pool, nil
}

// PgxPool is the PostgreSQL connection pool, for its statistics; nil on SQLite.
func (db *DB) PgxPool() *pgxpool.Pool { return db.pgx }

// WithPgx runs fn on one of the pool's PostgreSQL connections through pgx itself, for a hot read
// that would otherwise pay database/sql's conversion of every column to a driver value (a copy
// of each text column, however large) before it is scanned again: fn may scan what it needs and
// read the other columns' bytes in place (pgx.Rows.RawValues). The connection, its prepared
// statements included, is the pool's; it returns to the pool when fn returns, so fn must not
// keep the connection or rows. SQLite has no such path (errNotPostgres).
func (db *DB) WithPgx(ctx context.Context, fn func(conn *pgx.Conn) error) error {
	if db.pgx == nil {
		return errNotPostgres
	}
	c, err := db.pgx.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("database: connection: %w", err)
	}
	defer c.Release()
	return fn(c.Conn())
}

// Rows is one read's rows as a caller walks them; *sql.Rows is Rows, and so are the rows of
// QueryRows on PostgreSQL.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close() error
}

// RawRows is what the rows of QueryRows offer on PostgreSQL beyond Rows: each value's bytes as
// the server sent them, valid until the next Next, and the columns' descriptions (type and
// format), for a hot read that renders or decodes them without pgx's scan plans.
type RawRows interface {
	FieldDescriptions() []pgconn.FieldDescription
	RawValues() [][]byte
}

// QueryRows runs a hot read. On PostgreSQL it goes through pgx itself on the pool: database/sql
// costs a read its connection locks and a converter per column for each query (about a tenth
// of a read by id's CPU), and each column scanned into an any is decoded once, as pgx's own type
// (a uuid as [16]byte, an integer as int32). On SQLite it is QueryPrepared.
func (db *DB) QueryRows(ctx context.Context, query string, args ...any) (Rows, error) {
	if db.pgx == nil {
		rows, err := db.QueryPrepared(ctx, query, args...)
		if err != nil {
			return nil, err
		}
		return rows, nil
	}
	rows, err := db.pgx.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return pgxRows{rows}, nil
}

// pgxRows gives pgx's rows the Close of Rows, which reports the read's error.
type pgxRows struct{ pgx.Rows }

// Close releases the rows' connection and reports the read's error, if any.
func (r pgxRows) Close() error {
	r.Rows.Close()
	return r.Rows.Err()
}
