package models

import (
	"context"
	"fmt"

	"github.com/claimcheck/claimcheck/database"
)

// RESTColumn is one column a REST table exposes; Type is its PostgreSQL type name (text, uuid,
// integer or timestamptz), which decides how values are validated, bound and rendered.
type RESTColumn struct {
	Name     string
	Type     string
	Nullable bool
}

// RESTTable is the whitelist of one table the PostgREST-compatible API reads: these columns and
// no other, with Filter (a fixed predicate written here, never by a client) always applied.
type RESTTable struct {
	Name    string
	Columns []RESTColumn
	Filter  string
}

// ClaimsTable is the whitelist `/rest/v1/claims` exposes (docs/DECISIONS.md §3): these columns and
// no internal one, and never a hidden claim.
func ClaimsTable() RESTTable {
	return RESTTable{
		Name: "claims",
		Columns: []RESTColumn{
			{Name: "id", Type: "uuid"},
			{Name: "content", Type: "text"},
			{Name: "source_url", Type: "text", Nullable: true},
			{Name: "language", Type: "text"},
			{Name: "category", Type: "text"},
			{Name: "en_query", Type: "text"},
			{Name: "ai_score", Type: "integer"},
			{Name: "ai_verdict", Type: "text"},
			{Name: "ai_summary", Type: "text"},
			{Name: "source_score", Type: "integer"},
			{Name: "science_score", Type: "integer"},
			{Name: "academic_score", Type: "integer"},
			{Name: "public_score", Type: "integer"},
			{Name: "created_at", Type: "timestamptz"},
		},
		Filter: visible,
	}
}

// QueryContext runs one read that internal/postgrest built from ClaimsTable (identifiers from the
// whitelist only, every value bound, LIMIT and OFFSET the plan's own integers), on the store's
// pool, on PostgreSQL through pgx itself and on SQLite kept prepared by its text (database.DB.QueryRows).
func (s *ClaimStore) QueryContext(ctx context.Context, query string, args ...any) (database.Rows, error) {
	rows, err := s.db.QueryRows(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("rest read: %w", err)
	}
	return rows, nil
}

// SQLDialect names the SQL flavour the store runs ("sqlite" or "postgres"), for callers that build
// the SQL it runs.
func (s *ClaimStore) SQLDialect() string { return string(s.db.Dialect) }
