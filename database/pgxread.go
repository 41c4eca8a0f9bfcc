package database

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// errNotPostgres refuses WithPgx on SQLite.
var errNotPostgres = errors.New("database: pgx is PostgreSQL's driver")

// WithPgx runs fn on one of the pool's PostgreSQL connections through pgx itself, for a hot read
// that would otherwise pay database/sql's conversion of every column to a driver value (a copy
// of each text column, however large) before it is scanned again: fn may scan what it needs and
// read the other columns' bytes in place (pgx.Rows.RawValues). The connection, its prepared
// statements included, is the pool's; it returns to the pool when fn returns, so fn must not
// keep the connection or rows. SQLite has no such path (errNotPostgres).
func (db *DB) WithPgx(ctx context.Context, fn func(conn *pgx.Conn) error) error {
	if db.Dialect != Postgres {
		return errNotPostgres
	}
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		return err
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return fmt.Errorf("database: connection: %w", err)
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("database: a %T is not a pgx connection", dc)
		}
		return fn(c.Conn())
	})
}
