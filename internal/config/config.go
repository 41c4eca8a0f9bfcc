// Package config reads Claimcheck's settings from environment variables, with defaults that let
// `make run` work on a fresh machine.
package config

import (
	"fmt"
	"net"
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
	// ListenAddr is the host:port the HTTP server binds (LISTEN_ADDR). It defaults to the loopback
	// interface, 127.0.0.1:PORT, so a fresh install is reachable only from its own machine; a proxy
	// on the same host reaches it there, and 0.0.0.0:PORT exposes it on every interface.
	ListenAddr string
	// DatabaseURL is a postgres:// URL, or a SQLite file path / sqlite:// URL.
	DatabaseURL string
	// BaseURL is the public address used in links, canonical URLs and JSON-LD.
	BaseURL string
	// MigrateOnStart applies pending migrations when `serve` starts.
	MigrateOnStart bool
	// DataDir holds the default SQLite file.
	DataDir string
	// DatasetsDir holds the third-party data sets read at start-up (domain ratings, stopword lists,
	// verdict label maps), one subfolder each; any of them may be missing (README "Datasets").
	DatasetsDir string
	// Analyzer selects the analysis engine ("offline").
	Analyzer string
	// AnonChecksPerHour limits web-form checks per client IP per hour (0 disables the limit).
	AnonChecksPerHour int
	// MaxBodyBytes caps every request body.
	MaxBodyBytes int
	// TrustProxy makes the server take the client IP from X-Forwarded-For (and the scheme from
	// X-Forwarded-Proto, for HSTS).
	TrustProxy bool
	// HSTSMaxAge is the max-age of the Strict-Transport-Security header sent when the service is
	// reached over https (HSTS_MAX_AGE; 0 sends none).
	HSTSMaxAge time.Duration
	// CORSOrigins lists the origins allowed to call the APIs from a browser ("*" for any).
	CORSOrigins string
	// KeyCacheTTL bounds how long a key lookup is cached in process; a revoked key stops working within it.
	KeyCacheTTL time.Duration
	// ShutdownTimeout bounds how long shutdown waits for in-flight requests.
	ShutdownTimeout time.Duration
	// DBMaxOpenConns caps the database connection pool.
	DBMaxOpenConns int

	// StarterKB loads the built-in knowledge base of fact-checks at start (idempotent).
	StarterKB bool
	// KBFollowInterval is how often a process picks up reviews other processes imported or admins
	// corrected (internal/app/analyzers.go, Knowledge.Follow).
	KBFollowInterval time.Duration

	// LLM configures the OpenAI-compatible model used when Analyzer is "llm".
	LLM LLMConfig
	// Evidence configures the optional online evidence providers.
	Evidence EvidenceConfig

	// SMTPURL sends the outbox's mail (smtp://user:pass@host:587?from=…&tls=starttls); empty keeps
	// mail in the outbox for admins to read.
	SMTPURL string
	// StripeSecretKey enables Stripe Checkout and the customer portal; empty shows contact-sales.
	StripeSecretKey string
	// StripeWebhookSecret verifies /webhooks/stripe (whsec_…).
	StripeWebhookSecret string
	// StripeAPIBase overrides https://api.stripe.com (stripe-mock in tests).
	StripeAPIBase string
	// DeviceKey signs the device cookies that let a known browser log in past the login throttle's
	// wait (internal/accounts/throttle.go). Every process must share it; empty gives each process a
	// random key, so a device stays known only until that process restarts.
	DeviceKey string

	// V1 configures the /v1 API's burst limits, background workers, live feed and webhooks.
	V1 V1Config

	// LogFormat is "text" (one readable line per record, for development) or "json" (for log
	// collectors in production).
	LogFormat string
	// LogLevel is the lowest level written: debug, info, warn or error.
	LogLevel string
	// MetricsToken, when set, lets a scraper read /metrics from any address with
	// Authorization: Bearer <token>; without it only loopback clients that came through no proxy may
	// (README "Running in production").
	MetricsToken string
}

// MinMetricsTokenBytes is the shortest METRICS_TOKEN accepted, so it cannot be guessed online.
const MinMetricsTokenBytes = 16

// V1Config configures the /v1 API.
type V1Config struct {
	// RedisURL (redis://host:6379/0) keeps burst-limit counters in Redis, shared by every process;
	// empty keeps them in the database, which every process shares too.
	RedisURL string
	// BurstLimit is how many /v1 requests one key may make per BurstWindow (0 disables the limit).
	BurstLimit int
	// BurstWindow is the burst-limit window.
	BurstWindow time.Duration
	// SubmitWorkers is how many background workers analyse submitted claims in this process (0: none).
	SubmitWorkers int
	// FeedPollInterval is how often a process reads new events from the shared event log.
	FeedPollInterval time.Duration
	// FeedHeartbeat is how often an idle live-feed stream gets a keep-alive comment.
	FeedHeartbeat time.Duration
	// WebhookWorkers is how many webhook senders run in this process (0: none).
	WebhookWorkers int
	// WebhookTimeout bounds one delivery attempt.
	WebhookTimeout time.Duration
	// WebhookAllowPrivate lets webhook URLs resolve to private, loopback and link-local addresses
	// (for development and tests only).
	WebhookAllowPrivate bool
}

// SecureCookies reports whether cookies must be Secure: whenever the public address is https.
func (c Config) SecureCookies() bool { return strings.HasPrefix(c.BaseURL, "https://") }

// LLMConfig selects an OpenAI-compatible endpoint (OpenAI, Azure OpenAI, vLLM, Ollama, llama.cpp).
type LLMConfig struct {
	// BaseURL is the API base, e.g. https://api.openai.com/v1 or http://localhost:11434/v1.
	BaseURL string
	// Model is the model (or Azure deployment) name.
	Model string
	// APIKey is sent as a bearer token; empty for servers that need none.
	APIKey string
	// Timeout bounds the whole model step of one analysis, retries included.
	Timeout time.Duration
	// MaxRetries is how often 429/5xx answers are retried with backoff.
	MaxRetries int
	// StructuredOutput is auto, json_schema or json_object.
	StructuredOutput string
	// CustomModelAllowPrivate (CUSTOM_MODEL_ALLOW_PRIVATE) lets accounts' own model endpoints
	// (internal/custommodel) be on private, loopback and link-local addresses: for a self-hosted
	// installation whose models run on its own network. Off, the server never calls them there.
	CustomModelAllowPrivate bool
}

// EvidenceConfig turns on online evidence providers; each is off unless configured.
type EvidenceConfig struct {
	// GoogleFactCheckAPIKey enables Google Fact Check Tools claims:search.
	GoogleFactCheckAPIKey string
	// OpenAlexEnabled enables the OpenAlex works search.
	OpenAlexEnabled bool
	// OpenAlexMailto joins OpenAlex's polite pool.
	OpenAlexMailto string
	// WikipediaEnabled enables Wikipedia search for context.
	WikipediaEnabled bool
	// Timeout bounds each provider call.
	Timeout time.Duration
	// CacheTTL is how long a successful answer is reused.
	CacheTTL time.Duration
}

// MinDeviceKeyBytes is the shortest DEVICE_KEY accepted: a shorter key could be guessed offline
// from one device cookie.
const MinDeviceKeyBytes = 32

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
		HSTSMaxAge:        durVal("HSTS_MAX_AGE", 365*24*time.Hour),
		CORSOrigins:       get("CORS_ORIGINS", "*"),
		KeyCacheTTL:       durVal("KEY_CACHE_TTL", 4*time.Second),
		ShutdownTimeout:   durVal("SHUTDOWN_TIMEOUT", 15*time.Second),
		DBMaxOpenConns:    intVal("DB_MAX_OPEN_CONNS", 20, 1, 1000),
		StarterKB:         boolVal("CLAIMCHECK_STARTER_KB", true),
		KBFollowInterval:  durVal("KB_FOLLOW_INTERVAL", 5*time.Second),
		LLM: LLMConfig{
			BaseURL:                 get("LLM_BASE_URL", "https://api.openai.com/v1"),
			Model:                   get("LLM_MODEL", ""),
			APIKey:                  get("LLM_API_KEY", ""),
			Timeout:                 durVal("LLM_TIMEOUT", 30*time.Second),
			MaxRetries:              intVal("LLM_MAX_RETRIES", 2, 0, 10),
			StructuredOutput:        get("LLM_STRUCTURED_OUTPUT", "auto"),
			CustomModelAllowPrivate: boolVal("CUSTOM_MODEL_ALLOW_PRIVATE", false),
		},
		Evidence: EvidenceConfig{
			GoogleFactCheckAPIKey: get("GOOGLE_FACTCHECK_API_KEY", ""),
			OpenAlexEnabled:       boolVal("OPENALEX_ENABLED", false),
			OpenAlexMailto:        get("OPENALEX_MAILTO", ""),
			WikipediaEnabled:      boolVal("WIKIPEDIA_ENABLED", false),
			Timeout:               durVal("EVIDENCE_TIMEOUT", 4*time.Second),
			CacheTTL:              durVal("EVIDENCE_CACHE_TTL", 24*time.Hour),
		},
	}
	c.V1 = V1Config{
		RedisURL:            get("REDIS_URL", ""),
		BurstLimit:          intVal("V1_BURST_LIMIT", 60, 0, 1_000_000),
		BurstWindow:         durVal("V1_BURST_WINDOW", 10*time.Second),
		SubmitWorkers:       intVal("SUBMIT_WORKERS", 2, 0, 64),
		FeedPollInterval:    durVal("FEED_POLL_INTERVAL", 500*time.Millisecond),
		FeedHeartbeat:       durVal("FEED_HEARTBEAT", 15*time.Second),
		WebhookWorkers:      intVal("WEBHOOK_WORKERS", 4, 0, 64),
		WebhookTimeout:      durVal("WEBHOOK_TIMEOUT", 15*time.Second),
		WebhookAllowPrivate: boolVal("WEBHOOK_ALLOW_PRIVATE", false),
	}
	if c.V1.BurstWindow < time.Second {
		errs = append(errs, "V1_BURST_WINDOW: at least 1s")
	}
	if c.V1.FeedPollInterval < 10*time.Millisecond || c.V1.FeedHeartbeat < time.Second {
		errs = append(errs, "FEED_POLL_INTERVAL must be at least 10ms and FEED_HEARTBEAT at least 1s")
	}
	if u := c.V1.RedisURL; u != "" && !strings.HasPrefix(u, "redis://") && !strings.HasPrefix(u, "rediss://") {
		errs = append(errs, fmt.Sprintf("REDIS_URL=%q: want redis://host:port/db or rediss://…", u))
	}
	c.SMTPURL = get("SMTP_URL", "")
	c.StripeSecretKey = get("STRIPE_SECRET_KEY", "")
	c.StripeWebhookSecret = get("STRIPE_WEBHOOK_SECRET", "")
	c.StripeAPIBase = get("STRIPE_API_BASE", "")
	c.DeviceKey = get("DEVICE_KEY", "")
	if n := len(c.DeviceKey); n > 0 && n < MinDeviceKeyBytes {
		errs = append(errs, fmt.Sprintf("DEVICE_KEY: %d bytes; want at least %d random bytes (e.g. `openssl rand -hex 32`)", n, MinDeviceKeyBytes))
	}
	c.LogFormat = strings.ToLower(get("LOG_FORMAT", "text"))
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Sprintf("LOG_FORMAT=%q: choose text or json", c.LogFormat))
	}
	c.LogLevel = strings.ToLower(get("LOG_LEVEL", "info"))
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Sprintf("LOG_LEVEL=%q: choose debug, info, warn or error", c.LogLevel))
	}
	c.MetricsToken = get("METRICS_TOKEN", "")
	if n := len(c.MetricsToken); n > 0 && n < MinMetricsTokenBytes {
		errs = append(errs, fmt.Sprintf("METRICS_TOKEN: %d bytes; want at least %d random bytes (e.g. `openssl rand -hex 32`)", n, MinMetricsTokenBytes))
	}
	if v, ok := lookup("CLAIMCHECK_ANALYZER"); !ok || strings.TrimSpace(v) == "" {
		c.Analyzer = get("ANALYZER", c.Analyzer)
	}
	c.DatasetsDir = get("DATASETS_DIR", strings.TrimSuffix(c.DataDir, "/")+"/datasets")
	c.DatabaseURL = get("DATABASE_URL", strings.TrimSuffix(c.DataDir, "/")+"/claimcheck.db")
	c.ListenAddr = get("LISTEN_ADDR", fmt.Sprintf("127.0.0.1:%d", c.Port))
	// Links in pages and mails must reach the port the server listens on, so an unset BASE_URL
	// follows LISTEN_ADDR's port rather than PORT's.
	listenPort := strconv.Itoa(c.Port)
	if _, port, err := net.SplitHostPort(c.ListenAddr); err != nil || port == "" {
		errs = append(errs, fmt.Sprintf("LISTEN_ADDR=%q: want host:port, e.g. 127.0.0.1:3000 or 0.0.0.0:3000", c.ListenAddr))
	} else {
		listenPort = port
	}
	c.BaseURL = strings.TrimSuffix(get("BASE_URL", "http://localhost:"+listenPort), "/")
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Sprintf("BASE_URL=%q: want an absolute http(s) URL", c.BaseURL))
	}
	if c.KeyCacheTTL > 5*time.Second {
		errs = append(errs, "KEY_CACHE_TTL: at most 5s, so a revoked key stops working everywhere within 5 seconds")
	}
	switch c.Analyzer {
	case "offline":
	case "llm":
		if c.LLM.Model == "" {
			errs = append(errs, "CLAIMCHECK_ANALYZER=llm needs LLM_MODEL (and LLM_BASE_URL / LLM_API_KEY for the endpoint)")
		}
	default:
		errs = append(errs, fmt.Sprintf("CLAIMCHECK_ANALYZER=%q: choose offline or llm", c.Analyzer))
	}
	if u, err := url.Parse(c.LLM.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Sprintf("LLM_BASE_URL=%q: want an absolute http(s) URL", c.LLM.BaseURL))
	}
	switch c.LLM.StructuredOutput {
	case "auto", "json_schema", "json_object":
	default:
		errs = append(errs, fmt.Sprintf("LLM_STRUCTURED_OUTPUT=%q: choose auto, json_schema or json_object", c.LLM.StructuredOutput))
	}
	if len(errs) > 0 {
		return c, fmt.Errorf("config: %s", strings.Join(errs, "; "))
	}
	return c, nil
}
