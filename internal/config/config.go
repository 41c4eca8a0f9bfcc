// Package config reads Claimcheck's settings from environment variables, with defaults that let
// `make run` work on a fresh machine.
package config

import (
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is every runtime setting of the service.
type Config struct {
	// Port is the TCP port the HTTP server listens on.
	Port int
	// DatabaseURL is a postgres:// URL, or a SQLite file path / sqlite:// URL.
	DatabaseURL string
	// BaseURL is the public address used in links, canonical URLs and JSON-LD.
	BaseURL string
	// MigrateOnStart applies pending migrations when `serve` starts.
	MigrateOnStart bool
	// DataDir holds the default SQLite file.
	DataDir string
	// Analyzer selects the analysis engine ("offline").
	Analyzer string
	// AnonChecksPerHour limits web-form checks per client IP per hour (0 disables the limit).
	AnonChecksPerHour int
	// MaxBodyBytes caps every request body.
	MaxBodyBytes int
	// TrustProxy makes the server take the client IP from X-Forwarded-For.
	TrustProxy bool
	// CORSOrigins lists the origins allowed to call the APIs from a browser ("*" for any).
	CORSOrigins string
	// KeyCacheTTL bounds how long a key lookup is cached in process; a revoked key stops working within it.
	KeyCacheTTL time.Duration
	// ShutdownTimeout bounds how long shutdown waits for in-flight requests.
	ShutdownTimeout time.Duration
	// DBMaxOpenConns caps the database connection pool.
	DBMaxOpenConns int
}

// DefaultSQLitePath is where the embedded database lives when DATABASE_URL is unset.
const DefaultSQLitePath = "./data/claimcheck.db"

// Load reads the environment; it fails on values that are present but malformed, never silently.
func Load() (Config, error) {
	return FromLookup(os.LookupEnv)
}

// FromLookup reads settings through lookup, so tests can pass a map instead of the process environment.
func FromLookup(lookup func(string) (string, bool)) (Config, error) {
	get := func(k, def string) string {
		if v, ok := lookup(k); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return def
	}
	var errs []string
	intVal := func(k string, def, min, max int) int {
		s := get(k, strconv.Itoa(def))
		n, err := strconv.Atoi(s)
		if err != nil || n < min || n > max {
			errs = append(errs, fmt.Sprintf("%s=%q: want a whole number from %d to %d", k, s, min, max))
			return def
		}
		return n
	}
	boolVal := func(k string, def bool) bool {
		s := get(k, strconv.FormatBool(def))
		b, err := strconv.ParseBool(s)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s=%q: want true or false", k, s))
			return def
		}
		return b
	}
	durVal := func(k string, def time.Duration) time.Duration {
		s := get(k, def.String())
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			errs = append(errs, fmt.Sprintf("%s=%q: want a duration such as 5s", k, s))
			return def
		}
		return d
	}

	c := Config{
		Port:              intVal("PORT", 3000, 1, 65535),
		DataDir:           get("DATA_DIR", "./data"),
		MigrateOnStart:    boolVal("MIGRATE_ON_START", true),
		Analyzer:          get("CLAIMCHECK_ANALYZER", "offline"),
		AnonChecksPerHour: intVal("ANON_CHECKS_PER_HOUR", 30, 0, 1_000_000),
		MaxBodyBytes:      intVal("MAX_BODY_BYTES", 64*1024, 1024, 64*1024*1024),
		TrustProxy:        boolVal("TRUST_PROXY", false),
		CORSOrigins:       get("CORS_ORIGINS", "*"),
		KeyCacheTTL:       durVal("KEY_CACHE_TTL", 4*time.Second),
		ShutdownTimeout:   durVal("SHUTDOWN_TIMEOUT", 15*time.Second),
		DBMaxOpenConns:    intVal("DB_MAX_OPEN_CONNS", 20, 1, 1000),
	}
	c.DatabaseURL = get("DATABASE_URL", strings.TrimSuffix(c.DataDir, "/")+"/claimcheck.db")
	c.BaseURL = strings.TrimSuffix(get("BASE_URL", fmt.Sprintf("http://localhost:%d", c.Port)), "/")
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Sprintf("BASE_URL=%q: want an absolute http(s) URL", c.BaseURL))
	}
	if c.KeyCacheTTL > 5*time.Second {
		errs = append(errs, "KEY_CACHE_TTL: at most 5s, so a revoked key stops working everywhere within 5 seconds")
	}
	if c.Analyzer != "offline" {
		errs = append(errs, fmt.Sprintf("CLAIMCHECK_ANALYZER=%q: the available analyzer is \"offline\"", c.Analyzer))
	}
	if len(errs) > 0 {
		return c, fmt.Errorf("config: %s", strings.Join(errs, "; "))
	}
	return c, nil
}
