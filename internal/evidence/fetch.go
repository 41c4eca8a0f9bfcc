package evidence

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/models"
)

// Failure reasons, shown to readers after "<provider> unavailable".
const (
	failRateLimited = "rate-limited"
	failTimeout     = "timed out"
	failNetwork     = "network error"
	failMalformed   = "malformed response"
	failTooLarge    = "response too large"
	failCancelled   = "analysis cancelled"
)

// rateLimitKey is the cache key of a provider-wide rate-limit block. A 429 is about the caller, not
// the query, so it stops every query to that provider until Retry-After, in every process. It
// cannot collide with query keys, which are hex digests.
const rateLimitKey = "rate-limited"

// Retry-After is honoured within these bounds: at least a second so a "0" does not turn into a
// request storm, at most an hour so a mistaken header cannot switch a provider off for a day.
const (
	minRetryAfter = time.Second
	maxRetryAfter = time.Hour
)

// outcome is one provider lookup as the cache keeps it: the evidence found, or why there is none.
// It is Claimcheck's own small form rather than the provider's body, so a cached answer costs a
// few hundred bytes and reads the same whichever provider produced it.
type outcome struct {
	// Query is the search text sent, for the basis ("OpenAlex lists N works on …").
	Query string `json:"query"`
	// Items are the evidence items, best first.
	Items []analysis.Evidence `json:"items,omitempty"`
	// Total is how many hits the provider reported (OpenAlex meta.count); 0 when it reports none.
	Total int `json:"total,omitempty"`
	// Failure says why the provider gave nothing usable ("rate-limited", "HTTP 503", …).
	Failure string `json:"failure,omitempty"`
}

// fetched is a fresh lookup plus what the cache needs to know about it.
type fetched struct {
	out        outcome
	status     int           // HTTP status of the (last) response; 0 when none arrived
	retryAfter time.Duration // from a 429's Retry-After; 0 when absent
	partial    bool          // usable but incomplete: cache only briefly
	noCache    bool          // do not cache at all, so the next analysis retries
}

// engine is what both stages share: configuration, cache, clock and HTTP client.
type engine struct {
	cfg    Config
	cache  Cache
	now    func() time.Time
	client *http.Client
}

// newEngine applies defaults. A caller-supplied client is copied, so refusing cross-host redirects
// does not change it for its other users.
func newEngine(cfg Config, cache Cache, now func() time.Time) *engine {
	cfg = cfg.withDefaults()
	if now == nil {
		now = time.Now
	}
	var client http.Client
	if cfg.HTTPClient != nil {
		client = *cfg.HTTPClient
	}
	if client.CheckRedirect == nil {
		client.CheckRedirect = sameHostRedirect
	}
	return &engine{cfg: cfg, cache: cache, now: now, client: &client}
}

// sameHostRedirect keeps requests on the provider host they were addressed to: the hosts are
// fixed by design (no user-supplied URLs), and a redirect must not be a way around that.
func sameHostRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 3 {
		return errors.New("evidence: too many redirects")
	}
	if req.URL.Host != via[0].URL.Host {
		return fmt.Errorf("evidence: refusing redirect from %s to another host", via[0].URL.Host)
	}
	return nil
}

// cacheKey derives a fixed-length key from the request's meaningful parts (never the API key), so
// long claims fit the column and equal requests share an entry. The version prefix retires old
// entries whenever the outcome format or a request parameter changes.
func cacheKey(provider string, parts ...string) string {
	h := sha256.New()
	h.Write([]byte("v1\x00" + provider))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// lookup answers from the cache when it can, otherwise runs fetch under the provider timeout and
// caches what it got. cached reports whether the answer came from the cache.
func (e *engine) lookup(ctx context.Context, provider, key string, fetch func(context.Context) fetched) (out outcome, cached bool) {
	if o, ok := e.cached(ctx, provider, key); ok {
		return o, true
	}
	if o, ok := e.cached(ctx, provider, rateLimitKey); ok {
		return o, true
	}
	fctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	f := fetch(fctx)
	cancel()
	if ctx.Err() != nil {
		// The caller gave up, not the provider: there is nothing true to cache.
		return outcome{Query: f.out.Query, Failure: failCancelled}, false
	}
	e.store(ctx, provider, key, f)
	return f.out, false
}

// cached reads one unexpired entry. A cache that fails is treated as a miss: the cache saves
// requests, it must not be a reason to go without evidence.
func (e *engine) cached(ctx context.Context, provider, key string) (outcome, bool) {
	if e.cache == nil {
		return outcome{}, false
	}
	entry, err := e.cache.Get(ctx, provider, key, e.now())
	if err != nil || entry == nil {
		return outcome{}, false
	}
	var o outcome
	if err := json.Unmarshal(entry.Body, &o); err != nil {
		return outcome{}, false
	}
	return o, true
}

// store caches a fresh lookup: answers with items for CacheTTL; failures, empty and partial answers
// for ErrorCacheTTL; a 429 as a provider-wide block until Retry-After. A failed write is ignored
// for the same reason a failed read is.
func (e *engine) store(ctx context.Context, provider, key string, f fetched) {
	if e.cache == nil || f.noCache {
		return
	}
	ttl := e.cfg.CacheTTL
	switch {
	case f.out.Failure == failRateLimited:
		key = rateLimitKey
		ttl = e.cfg.ErrorCacheTTL
		if f.retryAfter > 0 {
			ttl = min(max(f.retryAfter, minRetryAfter), maxRetryAfter)
		}
	case f.out.Failure != "" || len(f.out.Items) == 0 || f.partial:
		ttl = e.cfg.ErrorCacheTTL
	}
	body, err := json.Marshal(f.out)
	if err != nil {
		return
	}
	now := e.now().UTC()
	_ = e.cache.Put(ctx, &models.EvidenceCache{
		Provider: provider, CacheKey: key, Status: f.status, Body: body,
		FetchedAt: now, ExpiresAt: now.Add(ttl),
	})
}

// httpFailure is why a request produced no usable JSON.
type httpFailure struct {
	reason     string
	status     int
	retryAfter time.Duration
}

// getJSON fetches u and decodes the JSON body into dst, returning the raw body too (the Google
// sink imports it). Failures carry a short reason and never the URL: Go's client errors quote the
// full URL, which holds the Google API key.
func (e *engine) getJSON(ctx context.Context, u string, dst any) ([]byte, *httpFailure) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, &httpFailure{reason: "invalid request"}
	}
	req.Header.Set("User-Agent", UserAgent)
	req.Header.Set("Accept", "application/json")
	resp, err := e.client.Do(req)
	if err != nil {
		return nil, &httpFailure{reason: transportReason(err)}
	}
	defer resp.Body.Close()
	body, readErr := io.ReadAll(io.LimitReader(resp.Body, MaxResponseBytes+1))
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return nil, &httpFailure{reason: failRateLimited, status: resp.StatusCode,
			retryAfter: parseRetryAfter(resp.Header.Get("Retry-After"), e.now())}
	case resp.StatusCode != http.StatusOK:
		return nil, &httpFailure{reason: fmt.Sprintf("HTTP %d", resp.StatusCode), status: resp.StatusCode}
	case readErr != nil:
		return nil, &httpFailure{reason: transportReason(readErr), status: resp.StatusCode}
	case len(body) > MaxResponseBytes:
		return nil, &httpFailure{reason: failTooLarge, status: resp.StatusCode}
	}
	if err := json.Unmarshal(body, dst); err != nil {
		return nil, &httpFailure{reason: failMalformed, status: resp.StatusCode}
	}
	return body, nil
}

// transportReason names a client error without quoting it.
func transportReason(err error) string {
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return failTimeout
	}
	if errors.Is(err, context.Canceled) {
		return failCancelled
	}
	return failNetwork
}

// parseRetryAfter reads delay-seconds or an HTTP date (RFC 9110 §10.2.3); 0 when absent or invalid.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n <= 0 {
			return 0
		}
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// fail turns an httpFailure into a fetched failure.
func fail(query string, f *httpFailure) fetched {
	return fetched{out: outcome{Query: query, Failure: f.reason}, status: f.status, retryAfter: f.retryAfter}
}

// endpoint joins a base URL, a path and query parameters.
func endpoint(base, path string, q url.Values) string {
	return strings.TrimSuffix(base, "/") + path + "?" + q.Encode()
}

// unavailable is the reader-facing wording of a failure.
func unavailable(label, reason string) string {
	return fmt.Sprintf("%s unavailable (%s)", label, reason)
}

// metaLine is one Meta.Evidence entry: "<provider>: <what happened>", with " (cached)" when the
// answer came from the cache.
func metaLine(provider, what string, cached bool) string {
	s := provider + ": " + what
	if cached {
		s += " (cached)"
	}
	return s
}
