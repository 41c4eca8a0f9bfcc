// Package migrations embeds the versioned SQL schema for both database dialects and applies it with goose.
package migrations

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
)

//go:embed sqlite/*.sql postgres/*.sql
var files embed.FS

// FS returns the migration files of one dialect ("sqlite" or "postgres").
func FS(dialect string) (fs.FS, error) {
	switch dialect {
	case "sqlite", "postgres":
		return fs.Sub(files, dialect)
	default:
		return nil, fmt.Errorf("migrations: unknown dialect %q", dialect)
	}
}

// Provider builds a goose provider for the dialect over db; goose keeps its version table in the same database.
func Provider(db *sql.DB, dialect string) (*goose.Provider, error) {
	fsys, err := FS(dialect)
	if err != nil {
		return nil, err
	}
	gd := goose.DialectPostgres
	if dialect == "sqlite" {
		gd = goose.DialectSQLite3
	}
	p, err := goose.NewProvider(gd, db, fsys)
	if err != nil {
		return nil, fmt.Errorf("migrations: provider for %s: %w", dialect, err)
	}
	return p, nil
}

// Up applies every pending migration.
func Up(ctx context.Context, db *sql.DB, dialect string) error {
	p, err := Provider(db, dialect)
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrations: up (%s): %w", dialect, err)
	}
	return nil
}
