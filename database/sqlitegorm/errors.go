package sqlitegorm

import "errors"

var (
	// ErrConstraintsNotImplemented is returned for constraint changes SQLite cannot make in place.
	ErrConstraintsNotImplemented = errors.New("constraints not implemented on sqlite, consider using DisableForeignKeyConstraintWhenMigrating")
)
