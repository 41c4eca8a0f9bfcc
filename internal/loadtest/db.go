package loadtest

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// PostgresURLFromEnv is the first of the named variables that is set, or "".
func PostgresURLFromEnv(names ...string) string {
	for _, n := range names {
		if v := os.Getenv(n); v != "" {
			return v
		}
	}
	return ""
}

var dbName = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

// FreshPostgres drops and creates database name on the server base points at and returns its URL,
// so a run never shares tables with the test suite or an earlier run.
func FreshPostgres(ctx context.Context, base, name string) (string, error) {
	if !dbName.MatchString(name) {
		return "", fmt.Errorf("database name %q: want lower-case letters, digits and _", name)
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", fmt.Errorf("parse postgres URL: %w", err)
	}
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		return "", fmt.Errorf("connect %s: %w", u.Redacted(), err)
	}
	defer conn.Close(ctx)
	// The name is checked above; identifiers cannot be bound.
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		return "", fmt.Errorf("drop database %s: %w", name, err)
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("create database %s: %w", name, err)
	}
	u.Path = "/" + name
	return u.String(), nil
}

// FreshSQLite returns the path of a new SQLite file in dir (removing an earlier one and its WAL).
func FreshSQLite(dir, name string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("sqlite dir: %w", err)
	}
	path := filepath.Join(dir, name+".db")
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(path + suffix); err != nil && !os.IsNotExist(err) {
			return "", fmt.Errorf("remove %s: %w", path+suffix, err)
		}
	}
	return path, nil
}

// MigrateWithBinary runs `bin migrate up` against databaseURL: the binary's own schema step.
func MigrateWithBinary(ctx context.Context, bin, databaseURL string) error {
	cmd := exec.CommandContext(ctx, bin, "migrate", "up")
	cmd.Env = append(os.Environ(), "DATABASE_URL="+databaseURL)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s migrate up: %w: %s", bin, err, out)
	}
	return nil
}

// KeySpec says what key to issue: a plan and, optionally, a per-key quota in place of the plan's.
type KeySpec struct {
	// Name is the key's label.
	Name string
	// Plan is a plan slug: starter, enterprise, beta-free.
	Plan string
	// Quota replaces the plan's monthly quota when set.
	Quota *int
}

// IssueKeys issues keys through the product's key store (the CLI's `keys create` cannot set a
// per-key quota) and returns their secrets and ids in spec order.
func IssueKeys(ctx context.Context, databaseURL string, specs ...KeySpec) (secrets, ids []string, err error) {
	db, err := database.Open(ctx, databaseURL, database.Options{MaxOpenConns: 2})
	if err != nil {
		return nil, nil, err
	}
	defer db.Close()
	stores := storerules.Stores(db)
	for _, s := range specs {
		p, err := stores.Plans.BySlug(ctx, s.Plan)
		if err != nil {
			return nil, nil, fmt.Errorf("plan %s: %w", s.Plan, err)
		}
		issued, err := keys.Generate()
		if err != nil {
			return nil, nil, err
		}
		k := &models.APIKey{ID: uuid.Must(uuid.NewV7()).String(), PlanID: p.ID, Name: s.Name, Prefix: issued.Prefix,
			Hash: issued.Hash, QuotaOverride: s.Quota, CreatedAt: time.Now().UTC()}
		if err := stores.Keys.Create(ctx, k); err != nil {
			return nil, nil, err
		}
		secrets = append(secrets, issued.Secret)
		ids = append(ids, k.ID)
	}
	return secrets, ids, nil
}

// Query runs one read-only statement returning a single integer against databaseURL (used to
// count rows a run should or should not have written).
func Query(ctx context.Context, databaseURL, sqlText string, args ...any) (int64, error) {
	db, err := database.Open(ctx, databaseURL, database.Options{MaxOpenConns: 1})
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var n int64
	if err := db.Gorm.WithContext(ctx).Raw(sqlText, args...).Scan(&n).Error; err != nil {
		return 0, fmt.Errorf("query %q: %w", sqlText, err)
	}
	return n, nil
}

// Existing returns which of ids are rows of table on databaseURL (checked in batches).
func Existing(ctx context.Context, databaseURL, table string, ids []string) (map[string]bool, error) {
	if !dbName.MatchString(table) {
		return nil, fmt.Errorf("table name %q", table)
	}
	db, err := database.Open(ctx, databaseURL, database.Options{MaxOpenConns: 1})
	if err != nil {
		return nil, err
	}
	defer db.Close()
	found := map[string]bool{}
	for start := 0; start < len(ids); start += 500 {
		batch := ids[start:min(start+500, len(ids))]
		var got []string
		// The table name is checked above; identifiers cannot be bound.
		if err := db.Gorm.WithContext(ctx).Raw("SELECT id FROM "+table+" WHERE id IN ?", batch).Scan(&got).Error; err != nil {
			return nil, fmt.Errorf("look up %d ids in %s: %w", len(batch), table, err)
		}
		for _, id := range got {
			found[id] = true
		}
	}
	return found, nil
}

// AnalyzeWithoutAutovacuum runs ANALYZE on the PostgreSQL database at databaseURL when the server
// has autovacuum turned off, and reports whether it did. The load test adds tens of thousands of
// claims in its analyse rounds; a server with autovacuum analyses them shortly after, one without
// it keeps planning the later requests on the statistics of an empty table (the claim page's
// repeat-check count took a bitmap AND over a whole index, 6–30 ms a view), which measures the
// test server's settings rather than the service.
func AnalyzeWithoutAutovacuum(ctx context.Context, databaseURL string) (bool, error) {
	db, err := database.Open(ctx, databaseURL, database.Options{MaxOpenConns: 1})
	if err != nil {
		return false, err
	}
	defer db.Close()
	var setting string
	if err := db.Gorm.WithContext(ctx).Raw("SHOW autovacuum").Scan(&setting).Error; err != nil {
		return false, fmt.Errorf("show autovacuum: %w", err)
	}
	if setting != "off" {
		return false, nil
	}
	if err := db.Gorm.WithContext(ctx).Exec("ANALYZE").Error; err != nil {
		return false, fmt.Errorf("analyze: %w", err)
	}
	return true, nil
}
