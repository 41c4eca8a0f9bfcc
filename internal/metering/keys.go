package metering

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/models"
)

// Errors a caller maps to 401 answers.
var (
	// ErrNoKey means the request carried no key at all.
	ErrNoKey = errors.New("no API key in request")
	// ErrBadKey means the key is unknown, malformed or revoked.
	ErrBadKey = errors.New("invalid API key")
	// ErrUnverified means the key is valid but its account has not verified its email address;
	// callers answer 403 saying so (not 401: the key itself is right).
	ErrUnverified = errors.New("the key's account has not verified its email address")
)

// Period is the counter period of t: its calendar month in UTC.
func Period(t time.Time) string { return t.UTC().Format("2006-01") }

// ResetAt is when the period containing t ends: the first instant of the next UTC month.
func ResetAt(t time.Time) time.Time {
	u := t.UTC()
	return time.Date(u.Year(), u.Month()+1, 1, 0, 0, 0, 0, time.UTC)
}

// KeyFinder looks keys up by hash.
type KeyFinder interface {
	ByHash(ctx context.Context, hash string) (*models.KeyWithPlan, error)
}

// Authenticator resolves keys, caching lookups briefly so hot keys cost no query; the TTL bounds
// how long a revoked key keeps working in a process.
type Authenticator struct {
	finder KeyFinder
	ttl    time.Duration
	now    func() time.Time

	// mu is shared by look-ups: every request of every key reads the cache.
	mu    sync.RWMutex
	cache map[string]cachedKey
}

type cachedKey struct {
	key     *models.KeyWithPlan // nil caches "unknown"
	expires time.Time
}

// maxCached bounds the cache so a flood of random keys cannot grow memory without limit.
const maxCached = 10_000

// NewAuthenticator builds an Authenticator over finder with the given cache TTL.
func NewAuthenticator(finder KeyFinder, ttl time.Duration, now func() time.Time) *Authenticator {
	if now == nil {
		now = time.Now
	}
	return &Authenticator{finder: finder, ttl: ttl, now: now, cache: map[string]cachedKey{}}
}

// FromHeaders extracts a key from the `apikey` header or an `Authorization: Bearer` header.
// When both are present the `apikey` header wins, as Supabase's gateway does.
func FromHeaders(apikey, authorization string) string {
	if k := strings.TrimSpace(apikey); k != "" {
		return k
	}
	a := strings.TrimSpace(authorization)
	if len(a) > 7 && strings.EqualFold(a[:7], "bearer ") {
		return strings.TrimSpace(a[7:])
	}
	return ""
}

// Authenticate returns the active key for secret.
func (a *Authenticator) Authenticate(ctx context.Context, secret string) (*models.KeyWithPlan, error) {
	if secret == "" {
		return nil, ErrNoKey
	}
	if !keys.LooksValid(secret) {
		return nil, ErrBadKey
	}
	hash := keys.Hash(secret)
	now := a.now()
	a.mu.RLock()
	c, ok := a.cache[hash]
	a.mu.RUnlock()
	if !ok || now.After(c.expires) {
		k, err := a.finder.ByHash(ctx, hash)
		if err != nil && !errors.Is(err, models.ErrNotFound) {
			return nil, fmt.Errorf("authenticate: %w", err)
		}
		c = cachedKey{key: k, expires: now.Add(a.ttl)}
		a.mu.Lock()
		if len(a.cache) >= maxCached {
			for h, e := range a.cache {
				if now.After(e.expires) || len(a.cache) >= maxCached {
					delete(a.cache, h)
				}
			}
		}
		a.cache[hash] = c
		a.mu.Unlock()
	}
	// ActiveAt, not just RevokedAt: a rotated key stops at the end of its grace period even when
	// its lookup is still cached.
	if c.key == nil || !c.key.Key.ActiveAt(now) {
		return nil, ErrBadKey
	}
	if c.key.OwnerUnverified {
		return nil, ErrUnverified
	}
	return c.key, nil
}

// ForgetOwner drops the cached lookups of every key of the account userID, so a change to the
// account (its email verified) applies to its keys' next request in this process rather than
// after the cache TTL. Other processes see it within their TTL.
func (a *Authenticator) ForgetOwner(userID string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for h, c := range a.cache {
		if c.key != nil && c.key.Key.UserID != nil && *c.key.Key.UserID == userID {
			delete(a.cache, h)
		}
	}
}

// RetryAfter is the number of seconds until the quota resets.
func RetryAfter(now time.Time) int {
	return int(ResetAt(now).Sub(now).Seconds()) + 1
}

// ForgetOwner drops the meter's cached lookups of the account's keys (Authenticator.ForgetOwner):
// the account's next request is resolved from the store, e.g. right after it verified its email.
func (m *Meter) ForgetOwner(userID string) { m.keys.ForgetOwner(userID) }
