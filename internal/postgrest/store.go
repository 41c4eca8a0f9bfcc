package postgrest

import (
	"context"
	"fmt"

	"github.com/claimcheck/claimcheck/models"
)

// Store runs the SQL this package builds for one table: the table's models store.
type Store interface {
	Querier
	// SQLDialect is "sqlite" or "postgres".
	SQLDialect() string
}

// Reader answers PostgREST reads of one whitelisted table over its store.
type Reader struct {
	table *Table
	store Store
	cache *parseCache
}

// NewReader builds the reader of the table models describes, refusing a column type this package
// cannot validate rather than exposing it unchecked.
func NewReader(t models.RESTTable, store Store) (*Reader, error) {
	tab := &Table{Name: t.Name, Filter: t.Filter}
	for _, c := range t.Columns {
		var ty ColumnType
		switch c.Type {
		case "text":
			ty = Text
		case "uuid":
			ty = UUID
		case "integer":
			ty = Integer
		case "timestamptz":
			ty = Timestamp
		default:
			return nil, fmt.Errorf("postgrest: table %s: column %s has unsupported type %q", t.Name, c.Name, c.Type)
		}
		tab.Columns = append(tab.Columns, Column{Name: c.Name, Type: ty, Nullable: c.Nullable})
	}
	return &Reader{table: tab, store: store, cache: newParseCache()}, nil
}

// ReadREST answers one read of the table.
func (r *Reader) ReadREST(ctx context.Context, req Request) (Response, error) {
	return execute(ctx, r.store, Dialect(r.store.SQLDialect()), r.table, req, r.cache)
}
