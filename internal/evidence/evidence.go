// Package evidence adds optional online evidence to an analysis: earlier fact-checks from Google
// Fact Check Tools, academic works from OpenAlex and background from Wikipedia (docs/DECISIONS.md §3).
//
// Every provider is off unless configured. Each lookup runs under its own timeout, only ever talks
// to the provider's fixed host, and is cached in the database (evidence_cache) so that a popular
// claim costs one request per expiry period across every serve process. A provider that is slow,
// failing or rate-limited never fails the analysis and never produces a value: the analysis goes on
// without it and says "not assessed: <provider> unavailable (<reason>)".
//
// Two stages, because the matching stage must sit between them:
//
//	language → … → en_query → Stage (Google, Wikipedia) → knowledge-base matching → AcademicStage (OpenAlex)
//
// Stage hands Google's fact-checks to the knowledge base before matching runs, so the matcher can
// use them. AcademicStage runs after matching because its rule for academic_score needs to know
// whether a confident fact-check verdict exists (see AcademicStage).
package evidence

import (
	"context"
	"net/http"
	"time"

	"github.com/claimcheck/claimcheck/models"
)

// Provider names, as stored in evidence_cache.provider, analysis.Evidence.Provider and Meta.Evidence.
const (
	// ProviderGoogle is Google Fact Check Tools claims:search.
	ProviderGoogle = "google-factcheck"
	// ProviderOpenAlex is the OpenAlex works search.
	ProviderOpenAlex = "openalex"
	// ProviderWikipedia is the Wikipedia search plus page extracts.
	ProviderWikipedia = "wikipedia"
)

// Defaults for the zero values of Config.
const (
	// DefaultTimeout bounds one provider lookup: evidence is optional, so it must not hold up an
	// analysis for long.
	DefaultTimeout = 4 * time.Second
	// DefaultCacheTTL keeps a useful answer for a day: fact-checks and literature change slowly.
	DefaultCacheTTL = 24 * time.Hour
	// DefaultErrorCacheTTL keeps failures and empty answers briefly, so a failing provider is not
	// asked again on every analysis, yet a new fact-check is picked up within minutes.
	DefaultErrorCacheTTL = 10 * time.Minute
	// MaxResponseBytes caps a provider response; the answers used here are a few kilobytes to a few
	// hundred, so anything larger is a misbehaving upstream.
	MaxResponseBytes = 2 << 20
)

// UserAgent identifies Claimcheck to providers, as Wikimedia's and OpenAlex's policies ask.
const UserAgent = "Claimcheck/1 (claim verification service; +https://github.com/claimcheck/claimcheck)"

// Default provider base URLs. The Wikipedia host is chosen per claim from a fixed set of languages,
// never from user input.
var defaultBaseURLs = map[string]string{
	"google":    "https://factchecktools.googleapis.com",
	"openalex":  "https://api.openalex.org",
	"wikipedia": "https://{lang}.wikipedia.org",
}

// Config turns providers on and sets their limits; the zero value has every provider off.
type Config struct {
	// GoogleAPIKey enables Google Fact Check Tools (GOOGLE_FACTCHECK_API_KEY).
	GoogleAPIKey string
	// OpenAlexEnabled enables the OpenAlex works search (OPENALEX_ENABLED).
	OpenAlexEnabled bool
	// OpenAlexMailto joins OpenAlex's polite pool (OPENALEX_MAILTO); optional.
	OpenAlexMailto string
	// WikipediaEnabled enables Wikipedia context (WIKIPEDIA_ENABLED).
	WikipediaEnabled bool
	// Timeout bounds each provider lookup (default 4s).
	Timeout time.Duration
	// CacheTTL is how long a non-empty answer is reused (default 24h).
	CacheTTL time.Duration
	// ErrorCacheTTL is how long a failure or an empty answer is reused (default 10 min); a 429
	// uses the provider's Retry-After instead, when it sends one.
	ErrorCacheTTL time.Duration
	// HTTPClient is the client to use; nil means a default one. Tests inject theirs.
	HTTPClient *http.Client
	// BaseURLs overrides provider base URLs by key ("google", "openalex", "wikipedia") so tests
	// can point them at local servers; "{lang}" in the Wikipedia base is replaced by tr or en.
	BaseURLs map[string]string
}

// Enabled reports whether any provider is configured, so callers can skip the stages entirely.
func (c Config) Enabled() bool {
	return c.GoogleAPIKey != "" || c.OpenAlexEnabled || c.WikipediaEnabled
}

// withDefaults fills zero durations and the client.
func (c Config) withDefaults() Config {
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.CacheTTL <= 0 {
		c.CacheTTL = DefaultCacheTTL
	}
	if c.ErrorCacheTTL <= 0 {
		c.ErrorCacheTTL = DefaultErrorCacheTTL
	}
	return c
}

// baseURL returns the configured or default base URL of a provider key.
func (c Config) baseURL(key string) string {
	if u := c.BaseURLs[key]; u != "" {
		return u
	}
	return defaultBaseURLs[key]
}

// Cache stores provider answers with an expiry; *models.EvidenceStore implements it.
type Cache interface {
	// Get returns an unexpired entry, or an error wrapping models.ErrNotFound.
	Get(ctx context.Context, provider, key string, now time.Time) (*models.EvidenceCache, error)
	// Put stores or replaces an entry.
	Put(ctx context.Context, e *models.EvidenceCache) error
}

// FactCheckSink receives Google Fact Check Tools claims:search responses, so their fact-checks join
// the knowledge base before the matching stage runs; the knowledge importer implements it.
type FactCheckSink interface {
	// AddGoogleClaims imports one raw claims:search response body; it must be idempotent.
	AddGoogleClaims(ctx context.Context, body []byte) error
}
