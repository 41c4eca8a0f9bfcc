package accounts

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/models"
)

// Login throttling slows guessing without locking anyone out. Each bucket (an account, a client
// address, a known device) counts failed logins; after its free allowance every further attempt
// must wait a delay that doubles with each failure up to a cap, and while the delay runs attempts
// are refused unchecked (and not counted). Whoever proves the password clears the account's count,
// so the owner gets in at the first attempt after the delay. Two ways skip the wait:
//
//   - a known device: a signed device token (a long-lived cookie set after a successful login)
//     for the account being logged into replaces the account and address buckets with the
//     device's own, so neither a botnet guessing the account nor colleagues mistyping behind the
//     same address slows the owner down;
//   - an unlock link: RequestLoginUnlock issues a single-use token for the owner's mailbox, and
//     UnlockLogin clears the account's failures and returns a device token for that browser.
//
// An attempt is counted before the password is checked and refunded when it succeeds, with a
// compare-and-swap on the bucket's row, so parallel requests cannot all pass on one reading.
// Failures are forgotten after a day without attempts (an hour for an address).
const (
	// DeviceTokenTTL is how long a device stays known after its last successful login.
	DeviceTokenTTL = 180 * 24 * time.Hour
	// UnlockLoginTTL is how long an unlock link works.
	UnlockLoginTTL = time.Hour
	// loginBackoffBase is the first delay after the free allowance; it doubles per failure.
	loginBackoffBase = 2 * time.Second
	// maxIPDelay caps an address's delay lower than an account's: many people may share it.
	maxIPDelay = time.Minute
	// forgetAccountFailures and forgetIPFailures reset a bucket after this long without attempts.
	forgetAccountFailures = 24 * time.Hour
	forgetIPFailures      = time.Hour
	// swapTries bounds the compare-and-swap retries of one attempt under contention.
	swapTries = 8
)

// ThrottledError is ErrThrottled with the wait: RetryAfter is how long until the next attempt is
// accepted (for a Retry-After header).
type ThrottledError struct {
	// RetryAfter is the wait, rounded up to a whole second, at least one.
	RetryAfter time.Duration
}

// Error reads like ErrThrottled, with the wait.
func (e *ThrottledError) Error() string {
	return fmt.Sprintf("too many attempts; try again in %s", e.RetryAfter)
}

// Is makes errors.Is(err, ErrThrottled) hold, so callers need not know the type.
func (e *ThrottledError) Is(target error) bool { return target == ErrThrottled }

// throttled rounds a wait up to whole seconds.
func throttled(wait time.Duration) *ThrottledError {
	s := max((wait+time.Second-1)/time.Second, 1)
	return &ThrottledError{RetryAfter: s * time.Second}
}

// backoff is one bucket's policy.
type backoff struct {
	free   int           // failures allowed before any delay
	max    time.Duration // longest delay
	forget time.Duration // a bucket untouched this long starts again from zero
}

// delay is the wait after failures failed attempts.
func (b backoff) delay(failures int) time.Duration {
	if failures < b.free {
		return 0
	}
	d := loginBackoffBase
	for i := b.free; i < failures && d < b.max; i++ {
		d *= 2
	}
	return min(d, b.max)
}

// gate is one bucket of one attempt, with the row as it was before the attempt counted.
type gate struct {
	bucket string
	policy backoff
	before models.LoginThrottle
	wrote  int // the count admit stored
}

func (s *Service) accountPolicy() backoff {
	return backoff{free: s.perAccount, max: s.window, forget: forgetAccountFailures}
}

func (s *Service) ipPolicy() backoff {
	return backoff{free: s.perIP, max: min(s.window, maxIPDelay), forget: forgetIPFailures}
}

// current is the row's failures as they count now: zero once forgotten.
func (g *gate) current(st models.LoginThrottle, now time.Time) int {
	if !st.Stored || now.Sub(time.UnixMilli(st.LastAttemptMS)) >= g.policy.forget {
		return 0
	}
	return st.Failures
}

// admit counts one attempt in every gate, or refuses it with a *ThrottledError while any gate's
// delay runs; a refused attempt leaves every count as it was.
func (s *Service) admit(ctx context.Context, now time.Time, gates []*gate) error {
	for i, g := range gates {
		if err := s.admitOne(ctx, now, g); err != nil {
			s.refund(ctx, now, gates[:i])
			return err
		}
	}
	return nil
}

func (s *Service) admitOne(ctx context.Context, now time.Time, g *gate) error {
	for range swapTries {
		st, err := s.store.LoginThrottleState(ctx, g.bucket)
		if err != nil {
			return fmt.Errorf("throttle: %w", err)
		}
		n := g.current(st, now)
		if n > 0 {
			if wait := time.UnixMilli(st.LastAttemptMS).Add(g.policy.delay(n)).Sub(now); wait > 0 {
				return throttled(wait)
			}
		}
		ok, err := s.store.SwapLoginThrottle(ctx, st, n+1, now.UnixMilli())
		if err != nil {
			return fmt.Errorf("throttle: %w", err)
		}
		if ok {
			g.before, g.wrote = st, n+1
			return nil
		}
	}
	return throttled(time.Second)
}

// refund takes back the attempt admit counted, for gates whose attempt did not fail (a success, an
// error, or a later gate that refused it): the row goes back to how it was when nothing else
// touched it since, else only its count goes down, so a refund never makes a delay others caused
// end early nor starts one. An account or device is cleared outright by a success instead.
func (s *Service) refund(ctx context.Context, now time.Time, gates []*gate) {
	for _, g := range gates {
		for range swapTries {
			st, err := s.store.LoginThrottleState(ctx, g.bucket)
			if err != nil || !st.Stored || st.Failures == 0 {
				break
			}
			failures, last := st.Failures-1, st.LastAttemptMS
			if st.LastAttemptMS == now.UnixMilli() && st.Failures == g.wrote && g.before.Stored {
				failures, last = g.before.Failures, g.before.LastAttemptMS
			}
			if ok, err := s.store.SwapLoginThrottle(ctx, st, failures, last); err != nil || ok {
				break
			}
		}
	}
}

// ipBucket names an address's bucket.
func ipBucket(ip string) string { return "ip:" + ip }

// deviceBucket names a known device's bucket.
func deviceBucket(id string) string { return "dev:" + id }

// WithDeviceKey sets the key that signs device tokens. Every process of one installation must use
// the same key, kept secret; without it the service makes a random key, so device tokens only
// work in this process until it restarts (after which logins take the ordinary throttle path).
func WithDeviceKey(key []byte) Option {
	return func(s *Service) { s.deviceKey = append([]byte(nil), key...) }
}

// deviceTokenVersion starts every device token, so the format can change later.
const deviceTokenVersion = "d1"

// IssueDeviceToken returns a new signed device token for userID, for the long-lived cookie that
// marks this browser as one the user logged in from.
func (s *Service) IssueDeviceToken(userID string) (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("device token: %w", err)
	}
	return s.signDevice(userID, hex.EncodeToString(b[:]), s.clock()), nil
}

// signDevice builds the token: version, user, device id and issue time, then an HMAC of them.
func (s *Service) signDevice(userID, deviceID string, issued time.Time) string {
	payload := strings.Join([]string{deviceTokenVersion, userID, deviceID, strconv.FormatInt(issued.Unix(), 10)}, "|")
	m := hmac.New(sha256.New, s.deviceKey)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// DeviceUser checks a device token: its user and device id when the signature holds and it was
// issued less than DeviceTokenTTL ago.
func (s *Service) DeviceUser(token string) (userID, deviceID string, ok bool) {
	if token == "" || len(token) > 512 {
		return "", "", false
	}
	p64, mac64, found := strings.Cut(token, ".")
	if !found {
		return "", "", false
	}
	payload, err1 := base64.RawURLEncoding.DecodeString(p64)
	mac, err2 := base64.RawURLEncoding.DecodeString(mac64)
	if err1 != nil || err2 != nil {
		return "", "", false
	}
	m := hmac.New(sha256.New, s.deviceKey)
	m.Write(payload)
	if !hmac.Equal(mac, m.Sum(nil)) {
		return "", "", false
	}
	parts := strings.Split(string(payload), "|")
	if len(parts) != 4 || parts[0] != deviceTokenVersion || parts[1] == "" || parts[2] == "" {
		return "", "", false
	}
	issued, err := strconv.ParseInt(parts[3], 10, 64)
	if err != nil {
		return "", "", false
	}
	if age := s.clock().Sub(time.Unix(issued, 0)); age < 0 || age >= DeviceTokenTTL {
		return "", "", false
	}
	return parts[1], parts[2], true
}

// LoginRequest is one login attempt as a page or API receives it.
type LoginRequest struct {
	// Email and Password are as typed.
	Email, Password string
	// IP is the client's address; UserAgent its User-Agent header (both kept with the session).
	IP, UserAgent string
	// DeviceToken is the device cookie, "" when the browser has none.
	DeviceToken string
}

// RequestLoginUnlock returns an unlock token for the mail when the email names an active account;
// found is false otherwise (or when too many were asked for), and the caller shows the same
// message either way. Earlier unlock links of the account stop working.
func (s *Service) RequestLoginUnlock(ctx context.Context, email string) (token string, found bool, err error) {
	now := s.clock()
	email = NormalizeEmail(email)
	if !checkEmail(email).ok() {
		return "", false, nil
	}
	u, err := s.store.UserByEmail(ctx, email)
	if errors.Is(err, models.ErrNotFound) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("request login unlock: %w", err)
	}
	if u.Disabled() {
		return "", false, nil
	}
	if err := s.hit(ctx, accountBucket("unlock:acct:", email), ResetsPerHour, time.Hour, now); err != nil {
		if errors.Is(err, ErrThrottled) {
			return "", false, nil
		}
		return "", false, err
	}
	raw, hash, err := newToken()
	if err != nil {
		return "", false, err
	}
	err = s.store.InTx(ctx, func(tx *models.AccountStore) error {
		if err := tx.RetireLoginUnlocks(ctx, u.ID, now.UnixMilli()); err != nil {
			return err
		}
		return tx.CreateLoginUnlock(ctx, hash, u.ID, now.UnixMilli(), now.Add(UnlockLoginTTL).UnixMilli())
	})
	if err != nil {
		return "", false, fmt.Errorf("request login unlock: %w", err)
	}
	return raw, true, nil
}

// UnlockLogin uses an unlock link: the account's failed logins are forgotten, and the returned
// device token (for the device cookie) lets this browser log in past any address's delay too. It
// does not log anyone in: the password is still needed.
func (s *Service) UnlockLogin(ctx context.Context, token string) (*models.User, string, error) {
	now := s.clock()
	userID, err := s.store.UseLoginUnlock(ctx, hashToken(token), now.UnixMilli())
	if errors.Is(err, models.ErrNotFound) {
		return nil, "", ErrInvalidToken
	}
	if err != nil {
		return nil, "", fmt.Errorf("unlock login: %w", err)
	}
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return nil, "", fmt.Errorf("unlock login: %w", err)
	}
	if u.Disabled() {
		return nil, "", ErrInvalidToken
	}
	if err := s.store.ClearLoginThrottle(ctx, accountBucket("login:acct:", u.Email)); err != nil {
		return nil, "", err
	}
	device, err := s.IssueDeviceToken(u.ID)
	if err != nil {
		return nil, "", err
	}
	return u, device, nil
}
