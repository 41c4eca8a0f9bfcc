// Package postgrest answers read requests on whitelisted tables exactly as PostgREST v12 does
// (grammar, SQL semantics, headers, JSON and error bodies), so that the unmodified
// supabase-js/postgrest-js client works against Claimcheck on PostgreSQL and on SQLite.
//
// Request text never becomes SQL text: identifiers come only from the Table whitelist and every
// value is bound as a parameter after being validated the way PostgreSQL would.
package postgrest

import (
	"context"
	"database/sql"

	"github.com/claimcheck/claimcheck/database"
)

// ColumnType decides how values are validated, bound and rendered, so both dialects agree.
type ColumnType int

// The column types exposed through the REST API.
const (
	// Text is PostgreSQL text.
	Text ColumnType = iota
	// UUID is PostgreSQL uuid (TEXT holding the canonical lowercase form on SQLite).
	UUID
	// Integer is PostgreSQL integer (int4); filter values must fit 32 bits.
	Integer
	// Timestamp is PostgreSQL timestamptz (UTC TEXT "2006-01-02 15:04:05.999999+00:00" on SQLite).
	Timestamp
)

// pgName is the PostgreSQL type name used in PostgreSQL's own error messages.
func (c ColumnType) pgName() string {
	switch c {
	case UUID:
		return "uuid"
	case Integer:
		return "integer"
	case Timestamp:
		return "timestamp with time zone"
	}
	return "text"
}

// Column is one exposed column; columns not listed here cannot be selected, filtered or ordered.
type Column struct {
	Name     string
	Type     ColumnType
	Nullable bool
}

// DefaultMaxRows caps the rows of one answer when Table.MaxRows is zero, like PostgREST's
// db-max-rows, so select=* without a limit cannot dump the table.
const DefaultMaxRows = 1000

// Table is the whitelist of one exposed table. Filter is a fixed SQL predicate always ANDed (e.g. "hidden_at IS NULL"), written by us, never by a client.
type Table struct {
	Name    string
	Columns []Column
	Filter  string
	// MaxRows overrides DefaultMaxRows; it applies as an implicit limit and shows in Content-Range.
	MaxRows int
}

func (t *Table) maxRows() int64 {
	if t.MaxRows > 0 {
		return int64(t.MaxRows)
	}
	return DefaultMaxRows
}

func (t *Table) column(name string) int {
	for i, c := range t.Columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}

// Dialect names the SQL flavour to generate: "sqlite" or "postgres".
type Dialect string

// The supported dialects; the values match database.Dialect.
const (
	// SQLite uses ? placeholders and emulates ILIKE with unicode_lower().
	SQLite Dialect = "sqlite"
	// Postgres uses $n placeholders.
	Postgres Dialect = "postgres"
)

// Request is what the handler extracts from the HTTP request.
type Request struct {
	Method        string // "GET" or "HEAD"
	RawQuery      string // undecoded query string, e.g. "select=id,content&id=eq.0190...&order=created_at.desc"
	Accept        string // Accept header
	Prefer        string // Prefer header (count=exact|planned|estimated)
	Range         string // Range header, e.g. "0-9"
	RangeUnit     string // Range-Unit header (items)
	AcceptProfile string // Accept-Profile header; "" or "public" ok, else 406 PGRST106
}

// Querier runs the SQL this package builds; the table's store is one, and SQL makes one of a
// database/sql handle.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (database.Rows, error)
}

// SQL is a database/sql handle (*sql.DB, *sql.Conn, *sql.Tx) as a Querier.
func SQL(q interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}) Querier {
	return sqlQuerier{q}
}

// sqlQuerier is SQL's Querier.
type sqlQuerier struct {
	q interface {
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	}
}

// QueryContext runs query on the handle.
func (s sqlQuerier) QueryContext(ctx context.Context, query string, args ...any) (database.Rows, error) {
	rows, err := s.q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return rows, nil
}

// Response is a complete HTTP answer.
type Response struct {
	Status int
	Header map[string]string
	Body   []byte
}
