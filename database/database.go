// Package database opens the GORM connection for either PostgreSQL or the embedded SQLite file.
package database

import (
	"context"
	"database/sql/driver"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/database/sqlitegorm"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	sqlitedriver "modernc.org/sqlite"
)

// Dialect names the SQL dialect behind a connection.
type Dialect string

const (
	// SQLite is the embedded pure-Go default.
	SQLite Dialect = "sqlite"
	// Postgres is the production database.
	Postgres Dialect = "postgres"
)

// DB is an open database with its dialect.
type DB struct {
	// Gorm is the ORM handle that stores use.
	Gorm *gorm.DB
	// Dialect tells stores which SQL flavour to write where the two differ.
	Dialect Dialect

	// stopCheckpoints ends the SQLite checkpointer (nil on PostgreSQL).
	stopCheckpoints func()
	// stmts keeps the hot reads prepared on SQLite (nil on PostgreSQL; see QueryPrepared).
	stmts *stmtCache
	// gormStmts keeps GORM's data statements prepared on SQLite, in and out of transactions (nil
	// on PostgreSQL, whose driver caches its own; see database/writegate.go prepared).
	gormStmts *stmtCache
	// pgx is the PostgreSQL connection pool (nil on SQLite). GORM's database/sql pool borrows
	// its connections from it, so the hot reads (QueryRows) and the stores share one set of
	// connections and one cap.
	pgx *pgxpool.Pool
	// group shares one COMMIT among concurrent transactions on SQLite (nil on PostgreSQL; see
	// database/groupcommit.go).
	group *groupCommit
}

// InTx runs fn in a transaction, committed when fn returns nil, and reports fn's own error apart
// from the transaction's (err is fnErr when fn failed). On SQLite the transactions of callers
// waiting at the same moment are savepoints of one transaction with one COMMIT
// (database/groupcommit.go); fn must not open another transaction on a context of its own and
// wait for it, which would wait for its own group.
func (db *DB) InTx(ctx context.Context, fn func(*gorm.DB) error) (fnErr, err error) {
	if db.group != nil {
		return db.group.run(ctx, fn)
	}
	err = db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		fnErr = fn(tx)
		return fnErr
	})
	return fnErr, err
}

// GroupCommits reports, on SQLite, how many group COMMITs ran and how many transactions they
// carried (zero on PostgreSQL).
func (db *DB) GroupCommits() (groups, transactions int64) {
	if db.group == nil {
		return 0, 0
	}
	return db.group.stats()
}

// DialectOf tells which dialect a DATABASE_URL selects.
func DialectOf(url string) Dialect {
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		return Postgres
	}
	return SQLite
}

// Options tunes the pool.
type Options struct {
	// MaxOpenConns caps open connections (PostgreSQL; SQLite uses its own cap).
	MaxOpenConns int
}

// Open connects to url and checks the connection.
func Open(ctx context.Context, url string, opt Options) (*DB, error) {
	cfg := &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Silent),
		SkipDefaultTransaction: true,
		PrepareStmt:            false,
		NowFunc:                func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) },
	}
	d := DialectOf(url)
	maxOpen := opt.MaxOpenConns
	if maxOpen <= 0 {
		maxOpen = 20
	}
	var g *gorm.DB
	var pool *pgxpool.Pool
	var err error
	if d == Postgres {
		pool, err = openPgxPool(ctx, url, maxOpen)
		if err != nil {
			return nil, err
		}
		g, err = gorm.Open(postgres.New(postgres.Config{Conn: stdlib.OpenDBFromPool(pool)}), cfg)
		if err != nil {
			pool.Close()
		}
	} else {
		if ferr := registerSQLiteFunctions(); ferr != nil {
			return nil, ferr
		}
		dsn, derr := sqliteDSN(url)
		if derr != nil {
			return nil, derr
		}
		g, err = gorm.Open(sqlitegorm.Open(dsn), cfg)
	}
	if err != nil {
		return nil, fmt.Errorf("database: open %s: %w", d, err)
	}
	sqlDB, err := g.DB()
	if err != nil {
		if pool != nil {
			pool.Close()
		}
		return nil, fmt.Errorf("database: %w", err)
	}
	if d == SQLite {
		// One writer at a time is SQLite's rule; a small pool keeps readers concurrent under WAL
		// while busy_timeout queues writers instead of failing them.
		maxOpen = min(maxOpen, sqliteMaxConns(runtime.GOMAXPROCS(0)))
	}
	var gormStmts *stmtCache
	if d == SQLite {
		gormStmts = newStmtCache(sqlDB)
		if err := gateWrites(g, sqlDB, sqliteBusyTimeout, gormStmts); err != nil {
			return nil, err
		}
	}
	sqlDB.SetMaxOpenConns(maxOpen)
	if d == SQLite {
		// On PostgreSQL idle connections go back to the pgx pool (stdlib.OpenDBFromPool keeps
		// none in database/sql).
		sqlDB.SetMaxIdleConns(maxOpen)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(pctx); err != nil {
		_ = sqlDB.Close()
		if pool != nil {
			pool.Close()
		}
		return nil, fmt.Errorf("database: ping %s: %w", d, err)
	}
	db := &DB{Gorm: g, Dialect: d, gormStmts: gormStmts, pgx: pool}
	if d == SQLite {
		db.stopCheckpoints = startCheckpointer(sqlDB, checkpointInterval)
		db.stmts = newStmtCache(sqlDB)
		db.group = newGroupCommit(g)
	}
	return db, nil
}

// Close releases the pool, after a last checkpoint on SQLite.
func (db *DB) Close() error {
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		return err
	}
	if db.stopCheckpoints != nil {
		db.stopCheckpoints()
	}
	if db.stmts != nil {
		db.stmts.close()
	}
	if db.gormStmts != nil {
		db.gormStmts.close()
	}
	err = sqlDB.Close()
	if db.pgx != nil {
		db.pgx.Close()
	}
	return err
}

// sqliteMaxConns is the SQLite pool's cap on a machine of procs cores: two connections per core,
// at least 4 and at most 8. A read runs on the CPU of this process (the database is a file in the
// page cache), so connections beyond two per core only wait for a core, and each holds its own
// page cache, schema and compiled statements: on the 2-core machine of `make loadtest`, 4
// connections instead of 8 lowered the peak RSS by 7–13 MB at the same req/s.
func sqliteMaxConns(procs int) int { return min(max(2*procs, 4), 8) }

// sqliteCacheKiB is each SQLite connection's page cache (SQLite's default is 2,000 KiB). The hot
// reads touch a few hundred KiB of index and table pages; pages beyond the cache are read again
// from the operating system's page cache, which keeps the whole file once, for every connection.
const sqliteCacheKiB = 1024

// sqliteBusyTimeout is how long an SQLite statement waits for another writer before failing.
const sqliteBusyTimeout = 10 * time.Second

// sqliteDSN turns a file path or sqlite:// URL into a DSN with the pragmas Claimcheck relies on:
// WAL for concurrent readers, a busy timeout so writers queue, foreign keys, and case-sensitive LIKE
// so `like` means what it means on PostgreSQL.
func sqliteDSN(url string) (string, error) {
	path := strings.TrimPrefix(strings.TrimPrefix(url, "sqlite://"), "file:")
	query := ""
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path, query = path[:i], path[i+1:]
	}
	if path != ":memory:" && path != "" {
		if dir := filepath.Dir(path); dir != "." {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return "", fmt.Errorf("database: create %s: %w", dir, err)
			}
		}
	}
	params := []string{
		"_pragma=busy_timeout(" + strconv.Itoa(int(sqliteBusyTimeout/time.Millisecond)) + ")",
		"_pragma=journal_mode(WAL)",
		"_pragma=cache_size(-" + strconv.Itoa(sqliteCacheKiB) + ")",
		"_pragma=synchronous(NORMAL)",
		// Checkpoints run in the background (startCheckpointer), not in the commit of whichever
		// request crossed the WAL's 1,000-page mark.
		"_pragma=wal_autocheckpoint(0)",
		"_pragma=foreign_keys(1)",
		"_pragma=case_sensitive_like(1)",
		"_txlock=immediate",
		// Times are written as "2006-01-02 15:04:05.999999999-07:00", the format earlier
		// releases wrote, so stored times keep sorting and comparing as text.
		"_time_format=sqlite",
	}
	if query != "" {
		params = append(params, query)
	}
	return "file:" + path + "?" + strings.Join(params, "&"), nil
}

var (
	sqliteFuncsOnce sync.Once
	sqliteFuncsErr  error
)

// registerSQLiteFunctions adds unicode_lower(text): SQLite's own lower() folds ASCII only, and
// case-insensitive search must treat "İSTANBUL" and "istanbul" as PostgreSQL's ILIKE does.
// The driver's function table is process-wide, hence the once.
func registerSQLiteFunctions() error {
	sqliteFuncsOnce.Do(func() {
		sqliteFuncsErr = registerTextFunc("unicode_lower", strings.ToLower)
		if sqliteFuncsErr == nil {
			sqliteFuncsErr = registerTextFunc("search_fold", SearchFold)
		}
		if sqliteFuncsErr != nil {
			sqliteFuncsErr = fmt.Errorf("database: register sqlite functions: %w", sqliteFuncsErr)
		}
	})
	return sqliteFuncsErr
}

// registerTextFunc exposes a Go string function to SQLite as a deterministic SQL function.
func registerTextFunc(name string, f func(string) string) error {
	return sqlitedriver.RegisterDeterministicScalarFunction(name, 1,
		func(_ *sqlitedriver.FunctionContext, args []driver.Value) (driver.Value, error) {
			switch v := args[0].(type) {
			case string:
				return f(v), nil
			case []byte:
				return f(string(v)), nil
			default:
				return v, nil
			}
		})
}

// turkishI maps every dotted and dotless i to plain i, so "AŞILAR", "aşılar" and "ASILAR"-style
// capitals meet whichever casing rules (Turkish or not) the writer used.
var turkishI = strings.NewReplacer("İ", "i", "I", "i", "ı", "i")

// SearchFold is the case folding of keyword search: lower case with Turkish i's unified.
// SQLite gets it as search_fold(); PostgreSQL does the same with translate() and ILIKE. It is not
// turkish.Fold on purpose: a LIKE pattern must be folded exactly as SearchFoldSQL folds the
// column on PostgreSQL, which keeps every other diacritic ("şeker" does not find "seker" here).
func SearchFold(s string) string { return strings.ToLower(turkishI.Replace(s)) }

// SearchFoldSQL returns the SQL expression that folds column for keyword search in dialect d;
// the pattern must be folded with SearchFold.
func SearchFoldSQL(d Dialect, column string) string {
	if d == Postgres {
		return "lower(translate(" + column + ", 'İIı', 'iii'))"
	}
	return "search_fold(" + column + ")"
}
