// Package accounts is the one path for every account action — sign-up, email verification, login,
// sessions, password reset, email change, roles and first-admin setup — whichever page or command
// asks. It owns the security rules (argon2id, throttling, token lifetimes); pages only render.
package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// Lifetimes and limits; docs/DECISIONS.md §5 sets them.
const (
	// DefaultIdleTimeout ends a session nobody used for this long.
	DefaultIdleTimeout = 7 * 24 * time.Hour
	// DefaultAbsoluteTimeout ends every session this long after login, however active.
	DefaultAbsoluteTimeout = 30 * 24 * time.Hour
	// VerifyEmailTTL is how long a sign-up verification link works.
	VerifyEmailTTL = 48 * time.Hour
	// ResetPasswordTTL is short because a reset link is as good as the password.
	ResetPasswordTTL = time.Hour
	// ChangeEmailTTL is how long the confirmation sent to a new address works.
	ChangeEmailTTL = 24 * time.Hour
	// SetupTTL is how long a printed first-admin setup link works.
	SetupTTL = 24 * time.Hour
	// DefaultLoginWindow is the longest wait the login throttle imposes on an account (an address
	// waits at most a minute); see throttle.go.
	DefaultLoginWindow = 15 * time.Minute
	// DefaultLoginsPerAccount is how many failed logins on one email, from any number of
	// addresses, go without delay; each further one doubles the wait.
	DefaultLoginsPerAccount = 5
	// DefaultLoginsPerIP is how many failed logins from one address, across any number of emails,
	// go without delay: generous, since a newsroom may share one address.
	DefaultLoginsPerIP = 30
	// ResetsPerHour caps reset mails per account, so the form cannot be used to flood an inbox.
	ResetsPerHour = 5
	// touchInterval bounds session writes to one a minute per session.
	touchInterval = time.Minute
	// maxUserAgent and maxIP keep hostile headers from bloating the sessions table.
	maxUserAgent = 512
	maxIP        = 64
)

var (
	// ErrInvalidCredentials is the one login failure for an unknown email and a wrong password alike.
	ErrInvalidCredentials = errors.New("the email address or password is incorrect")
	// ErrThrottled means too many recent failed attempts for this account or IP; the error
	// returned is a *ThrottledError that says how long to wait.
	ErrThrottled = errors.New("too many attempts; wait a few minutes and try again")
	// ErrDisabled means an admin has locked the account; shown only after a correct password.
	ErrDisabled = errors.New("this account has been disabled")
	// ErrNoSession means the cookie names no live session: unknown, revoked, expired or disabled user.
	ErrNoSession = errors.New("not logged in")
	// ErrInvalidToken covers unknown, expired, used and wrong-purpose links alike.
	ErrInvalidToken = errors.New("this link is invalid, has expired or was already used")
	// ErrSetupDone means an admin exists, so the setup link has no more work to do.
	ErrSetupDone = errors.New("an administrator already exists")
	// ErrLastAdmin refuses to leave the install without an active admin.
	ErrLastAdmin = errors.New("the last active administrator cannot be demoted or disabled")
	// ErrAlreadyVerified means there is nothing left to verify.
	ErrAlreadyVerified = errors.New("the email address is already verified")
)

// Session is a fresh login: Token goes into the cookie and is never stored or shown again.
type Session struct {
	// Token is the raw session token for the cookie.
	Token string
	// User is the logged-in account.
	User *models.User
	// ExpiresAt is the absolute end, for the cookie's Expires.
	ExpiresAt time.Time
	// DeviceToken is a fresh signed device token for a long-lived cookie (DeviceTokenTTL), so
	// this browser's later logins skip the throttle's wait; see throttle.go.
	DeviceToken string
}

// Service runs account flows over the account and rate-limit stores.
type Service struct {
	store      *models.AccountStore
	limits     *models.RateLimitStore
	now        func() time.Time
	params     Params
	idle       time.Duration
	absolute   time.Duration
	window     time.Duration
	perAccount int
	perIP      int
	deviceKey  []byte

	dummyOnce sync.Once
	dummyHash string
	dummyErr  error
}

// Option changes one Service setting.
type Option func(*Service)

// WithClock injects the clock, so tests can move time instead of waiting.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// WithParams sets the argon2id cost for new hashes; stored hashes with other costs get upgraded at login.
func WithParams(p Params) Option { return func(s *Service) { s.params = p } }

// WithTimeouts sets the session idle and absolute timeouts.
func WithTimeouts(idle, absolute time.Duration) Option {
	return func(s *Service) { s.idle, s.absolute = idle, absolute }
}

// WithLoginLimits sets the login throttle: failed attempts per account and per IP that go without
// delay, and the longest delay (an address's is at most a minute).
func WithLoginLimits(perAccount, perIP int, window time.Duration) Option {
	return func(s *Service) { s.perAccount, s.perIP, s.window = perAccount, perIP, window }
}

// New builds the service; limits is the shared rate_limits store, so throttling holds across processes.
func New(store *models.AccountStore, limits *models.RateLimitStore, opts ...Option) *Service {
	s := &Service{
		store:      store,
		limits:     limits,
		now:        time.Now,
		params:     DefaultParams,
		idle:       DefaultIdleTimeout,
		absolute:   DefaultAbsoluteTimeout,
		window:     DefaultLoginWindow,
		perAccount: DefaultLoginsPerAccount,
		perIP:      DefaultLoginsPerIP,
	}
	for _, o := range opts {
		o(s)
	}
	if len(s.deviceKey) == 0 {
		s.deviceKey = make([]byte, 32)
		_, _ = rand.Read(s.deviceKey) // never returns an error: crypto/rand crashes the program instead
	}
	return s
}

// clock is now in UTC at the microsecond precision PostgreSQL keeps, so stored and in-memory times agree.
func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

// newID returns a time-ordered UUID, as the other tables use.
func newID() (string, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return "", fmt.Errorf("new id: %w", err)
	}
	return id.String(), nil
}

// newToken returns 32 random bytes in base64url (for the link or cookie) and the hash that is stored.
func newToken() (raw, hash string, err error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", fmt.Errorf("new token: %w", err)
	}
	raw = base64.RawURLEncoding.EncodeToString(b[:])
	return raw, hashToken(raw), nil
}

// hashToken is the stored form of a token: a leaked table then holds nothing usable.
func hashToken(raw string) string {
	sum := sha256.Sum256([]byte(raw))
	return hex.EncodeToString(sum[:])
}

// issueToken stores a new single-use token and returns the raw one for the link.
func (s *Service) issueToken(ctx context.Context, st *models.AccountStore, userID *string, purpose models.TokenPurpose,
	newEmail *string, ttl time.Duration, now time.Time) (string, error) {
	raw, hash, err := newToken()
	if err != nil {
		return "", err
	}
	id, err := newID()
	if err != nil {
		return "", err
	}
	t := &models.AuthToken{ID: id, UserID: userID, Purpose: purpose, TokenHash: hash, NewEmail: newEmail,
		ExpiresAt: now.Add(ttl), CreatedAt: now}
	if err := st.CreateToken(ctx, t); err != nil {
		return "", err
	}
	return raw, nil
}

// validateAccount checks a new account's three fields together, so a form shows every problem at once.
func validateAccount(email, name, password string) *ValidationError {
	var fs []FieldError
	if p := checkEmail(email); !p.ok() {
		fs = append(fs, p.field("email"))
	}
	if p := checkName(name); !p.ok() {
		fs = append(fs, p.field("name"))
	}
	if p := checkPassword(password, email, name); !p.ok() {
		fs = append(fs, p.field("password"))
	}
	if len(fs) > 0 {
		return &ValidationError{Fields: fs}
	}
	return nil
}

// emailTaken is the sign-up answer for a registered email. It does reveal that the address has an
// account; callers that must not can check errors.Is(err, models.ErrEmailTaken) and show the same
// "check your inbox" page as for a new account instead.
func emailTaken() *ValidationError {
	return invalid("email", problem{msg: "An account with this email address already exists; log in or reset your password.", key: "accounts.email.exists"}, models.ErrEmailTaken)
}

// newUser validates and builds an account with a fresh hash; it is not stored yet.
func (s *Service) newUser(email, name, password string, role models.Role, now time.Time) (*models.User, error) {
	email, name = NormalizeEmail(email), strings.TrimSpace(name)
	if verr := validateAccount(email, name, password); verr != nil {
		return nil, verr
	}
	hash, err := HashPassword(s.params, password)
	if err != nil {
		return nil, err
	}
	id, err := newID()
	if err != nil {
		return nil, err
	}
	return &models.User{ID: id, Email: email, Name: name, PasswordHash: hash, Role: role, CreatedAt: now, UpdatedAt: now}, nil
}

// SignUp creates an unverified user and returns the raw verification token for the mail.
func (s *Service) SignUp(ctx context.Context, email, password, name string) (*models.User, string, error) {
	now := s.clock()
	u, err := s.newUser(email, name, password, models.RoleUser, now)
	if err != nil {
		return nil, "", err
	}
	// The language of the page the visitor signed up on is the account's, for its mail.
	u.Language = string(i18n.LangOf(ctx))
	var token string
	err = s.store.InTx(ctx, func(tx *models.AccountStore) error {
		if err := tx.CreateUser(ctx, u); err != nil {
			if errors.Is(err, models.ErrEmailTaken) {
				return emailTaken()
			}
			return fmt.Errorf("sign up: %w", err)
		}
		token, err = s.issueToken(ctx, tx, &u.ID, models.PurposeVerifyEmail, nil, VerifyEmailTTL, now)
		return err
	})
	if err != nil {
		return nil, "", err
	}
	return u, token, nil
}

// VerifyEmail uses a verification token and marks the address proven. A link that was already
// used (or superseded) for an account that is verified now answers ErrAlreadyVerified with that
// account, so re-opening the mail says "already confirmed" instead of "invalid".
func (s *Service) VerifyEmail(ctx context.Context, token string) (*models.User, error) {
	now := s.clock()
	var u *models.User
	err := s.store.InTx(ctx, func(tx *models.AccountStore) error {
		t, err := tx.UseToken(ctx, hashToken(token), models.PurposeVerifyEmail, now)
		if errors.Is(err, models.ErrNotFound) {
			return s.usedVerifyToken(ctx, tx, token, &u)
		}
		if err != nil {
			return fmt.Errorf("verify email: %w", err)
		}
		if err := tx.MarkEmailVerified(ctx, *t.UserID, now); err != nil {
			return err
		}
		u, err = tx.UserByID(ctx, *t.UserID)
		return err
	})
	return u, err
}

// usedVerifyToken explains a verification link that no longer works: when it was issued to an
// account that is verified by now (the link was opened before, or a newer one was), the answer is
// ErrAlreadyVerified with that account in *u, so the person is not told their link is "invalid";
// anything else is ErrInvalidToken. Only the holder of the link learns this, and only about the
// account the link was mailed to.
func (s *Service) usedVerifyToken(ctx context.Context, tx *models.AccountStore, token string, u **models.User) error {
	if token == "" || len(token) > 200 {
		return ErrInvalidToken
	}
	t, err := tx.TokenByHash(ctx, hashToken(token), models.PurposeVerifyEmail)
	if errors.Is(err, models.ErrNotFound) || (err == nil && t.UserID == nil) {
		return ErrInvalidToken
	}
	if err != nil {
		return fmt.Errorf("verify email: %w", err)
	}
	owner, err := tx.UserByID(ctx, *t.UserID)
	if errors.Is(err, models.ErrNotFound) {
		return ErrInvalidToken
	}
	if err != nil {
		return fmt.Errorf("verify email: %w", err)
	}
	if !owner.Verified() {
		return ErrInvalidToken
	}
	*u = owner
	return ErrAlreadyVerified
}

// ResendVerification issues a new verification token; earlier ones stop working.
func (s *Service) ResendVerification(ctx context.Context, userID string) (string, error) {
	now := s.clock()
	var token string
	err := s.store.InTx(ctx, func(tx *models.AccountStore) error {
		u, err := tx.UserByID(ctx, userID)
		if err != nil {
			return fmt.Errorf("resend verification: %w", err)
		}
		if u.Verified() {
			return ErrAlreadyVerified
		}
		if err := tx.RetireTokens(ctx, userID, models.PurposeVerifyEmail, now); err != nil {
			return err
		}
		token, err = s.issueToken(ctx, tx, &u.ID, models.PurposeVerifyEmail, nil, VerifyEmailTTL, now)
		return err
	})
	return token, err
}

// hit counts one event in a throttle bucket of the current window.
func (s *Service) hit(ctx context.Context, bucket string, limit int, window time.Duration, now time.Time) error {
	ok, _, err := s.limits.Hit(ctx, bucket, now.Truncate(window).Unix(), limit)
	if err != nil {
		return fmt.Errorf("throttle: %w", err)
	}
	if !ok {
		return ErrThrottled
	}
	return nil
}

// accountBucket names an email's throttle bucket by hash, so rate_limits never holds addresses and
// unknown emails are throttled exactly like known ones.
func accountBucket(prefix, email string) string { return prefix + hashToken(email)[:32] }

// dummy returns a hash at the service's cost, verified when the email is unknown so that a miss
// takes as long as a wrong password.
func (s *Service) dummy() (string, error) {
	s.dummyOnce.Do(func() { s.dummyHash, s.dummyErr = HashPassword(s.params, "claimcheck-timing-equaliser") })
	return s.dummyHash, s.dummyErr
}

// checkCredentials verifies password for u (nil = unknown email, still hashed for equal timing)
// and upgrades an outdated hash. Every mismatch is ErrInvalidCredentials.
func (s *Service) checkCredentials(ctx context.Context, u *models.User, password string, now time.Time) error {
	encoded := ""
	if u != nil {
		encoded = u.PasswordHash
	} else {
		d, err := s.dummy()
		if err != nil {
			return err
		}
		encoded = d
	}
	// The cap bounds argon2's input work; longer input can never be a valid password anyway.
	if len(password) > 4*MaxPasswordChars {
		password = password[:4*MaxPasswordChars]
		u = nil
	}
	ok, rehash, err := VerifyPassword(encoded, password, s.params)
	if err != nil {
		return fmt.Errorf("check password: %w", err)
	}
	if !ok || u == nil {
		return ErrInvalidCredentials
	}
	if rehash {
		h, err := HashPassword(s.params, password)
		if err != nil {
			return err
		}
		if err := s.store.SetPasswordHash(ctx, u.ID, h, now); err != nil {
			return fmt.Errorf("upgrade password hash: %w", err)
		}
		u.PasswordHash = h
	}
	return nil
}

// Login checks the credentials under the login throttle and starts a new session, for a browser
// without a device cookie; see LoginWith.
func (s *Service) Login(ctx context.Context, email, password, ip, userAgent string) (*Session, error) {
	return s.LoginWith(ctx, LoginRequest{Email: email, Password: password, IP: ip, UserAgent: userAgent})
}

// LoginWith checks the credentials under the login throttle (throttle.go) and starts a new session.
// A valid device token for the same account puts the attempt under that device's own throttle
// instead of the account's and the address's. Every login gets a new random token, so a token
// planted before login is worthless after it; callers still holding an older cookie should Logout
// it. The session carries a device token to set as the device cookie.
func (s *Service) LoginWith(ctx context.Context, r LoginRequest) (*Session, error) {
	now := s.clock()
	email := NormalizeEmail(r.Email)
	ip := truncate(strings.TrimSpace(r.IP), maxIP)
	if ip == "" {
		ip = "unknown"
	}
	var u *models.User
	// A malformed address cannot have an account; skipping the look-up also keeps bytes such as
	// NUL away from PostgreSQL. The dummy hash still runs, so timing stays the same.
	if checkEmail(email).ok() {
		var err error
		u, err = s.store.UserByEmail(ctx, email)
		if err != nil && !errors.Is(err, models.ErrNotFound) {
			return nil, fmt.Errorf("login: %w", err)
		}
	}
	// own is the bucket a success clears (the account's, or the known device's); the address's
	// only gets its attempt back, since others behind it may have failed.
	own := &gate{bucket: accountBucket("login:acct:", email), policy: s.accountPolicy()}
	gates := []*gate{own, {bucket: ipBucket(ip), policy: s.ipPolicy()}}
	deviceID := ""
	if devUser, dev, ok := s.DeviceUser(r.DeviceToken); ok && u != nil && devUser == u.ID {
		deviceID = dev
		own = &gate{bucket: deviceBucket(dev), policy: s.accountPolicy()}
		gates = []*gate{own}
	}
	if err := s.admit(ctx, now, gates); err != nil {
		return nil, err
	}
	if err := s.checkCredentials(ctx, u, r.Password, now); err != nil {
		if !errors.Is(err, ErrInvalidCredentials) {
			s.refund(ctx, now, gates)
		}
		return nil, err
	}
	if err := s.store.ClearLoginThrottle(ctx, own.bucket); err != nil {
		return nil, fmt.Errorf("login: %w", err)
	}
	s.refund(ctx, now, gates[1:])
	if u.Disabled() {
		return nil, ErrDisabled
	}
	raw, hash, err := newToken()
	if err != nil {
		return nil, err
	}
	if deviceID == "" {
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, fmt.Errorf("login: device id: %w", err)
		}
		deviceID = hex.EncodeToString(b[:])
	}
	sess := &models.Session{ID: hash, UserID: u.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.absolute),
		IP: ip, UserAgent: truncate(r.UserAgent, maxUserAgent)}
	if err := s.store.CreateSession(ctx, sess); err != nil {
		return nil, fmt.Errorf("login: %w", err)
	}
	return &Session{Token: raw, User: u, ExpiresAt: sess.ExpiresAt, DeviceToken: s.signDevice(u.ID, deviceID, now)}, nil
}

// truncate cleans a header for storage (PostgreSQL text refuses NUL and invalid UTF-8) and cuts
// it to at most n bytes without splitting a character.
func truncate(s string, n int) string {
	s = strings.ReplaceAll(strings.ToValidUTF8(s, ""), "\x00", "")
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// Authenticate resolves a cookie token to its user and session, enforcing both timeouts.
// Every failure is ErrNoSession: the caller treats them all as logged out.
func (s *Service) Authenticate(ctx context.Context, token string) (*models.User, *models.Session, error) {
	if token == "" {
		return nil, nil, ErrNoSession
	}
	now := s.clock()
	sess, err := s.store.SessionByID(ctx, hashToken(token))
	if errors.Is(err, models.ErrNotFound) {
		return nil, nil, ErrNoSession
	}
	if err != nil {
		return nil, nil, fmt.Errorf("authenticate: %w", err)
	}
	if sess.RevokedAt != nil || !now.Before(sess.ExpiresAt) || now.Sub(sess.LastSeenAt) >= s.idle {
		return nil, nil, ErrNoSession
	}
	u, err := s.store.UserByID(ctx, sess.UserID)
	if errors.Is(err, models.ErrNotFound) {
		return nil, nil, ErrNoSession
	}
	if err != nil {
		return nil, nil, fmt.Errorf("authenticate: %w", err)
	}
	if u.Disabled() {
		return nil, nil, ErrNoSession
	}
	if now.Sub(sess.LastSeenAt) >= touchInterval {
		if err := s.store.TouchSession(ctx, sess.ID, now, touchInterval); err != nil {
			return nil, nil, fmt.Errorf("authenticate: %w", err)
		}
		sess.LastSeenAt = now
	}
	return u, sess, nil
}

// Logout revokes the session behind token; an unknown token is already logged out.
func (s *Service) Logout(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	if err := s.store.RevokeSession(ctx, hashToken(token), s.clock()); err != nil {
		return fmt.Errorf("logout: %w", err)
	}
	return nil
}

// LogoutEverywhere revokes every session of the user, on every device.
func (s *Service) LogoutEverywhere(ctx context.Context, userID string) error {
	if _, err := s.store.RevokeUserSessions(ctx, userID, "", s.clock()); err != nil {
		return fmt.Errorf("logout everywhere: %w", err)
	}
	return nil
}

// RequestPasswordReset returns a reset token for the mail when the email names an active account.
// found is false otherwise (or when too many resets were asked for); the caller shows the same
// message either way, so the form reveals nothing.
func (s *Service) RequestPasswordReset(ctx context.Context, email string) (token string, found bool, err error) {
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
		return "", false, fmt.Errorf("request password reset: %w", err)
	}
	if u.Disabled() {
		return "", false, nil
	}
	if err := s.hit(ctx, accountBucket("reset:acct:", email), ResetsPerHour, time.Hour, now); err != nil {
		if errors.Is(err, ErrThrottled) {
			return "", false, nil
		}
		return "", false, err
	}
	err = s.store.InTx(ctx, func(tx *models.AccountStore) error {
		if err := tx.RetireTokens(ctx, u.ID, models.PurposeResetPassword, now); err != nil {
			return err
		}
		token, err = s.issueToken(ctx, tx, &u.ID, models.PurposeResetPassword, nil, ResetPasswordTTL, now)
		return err
	})
	if err != nil {
		return "", false, fmt.Errorf("request password reset: %w", err)
	}
	return token, true, nil
}

// ResetPassword sets a new password through a reset token and ends every session, since whoever
// held the old password may be logged in. A rejected password leaves the token usable.
func (s *Service) ResetPassword(ctx context.Context, token, newPassword string) (*models.User, error) {
	now := s.clock()
	hash := hashToken(token)
	t, err := s.store.LiveToken(ctx, hash, models.PurposeResetPassword, now)
	if errors.Is(err, models.ErrNotFound) {
		return nil, ErrInvalidToken
	}
	if err != nil {
		return nil, fmt.Errorf("reset password: %w", err)
	}
	u, err := s.store.UserByID(ctx, *t.UserID)
	if err != nil {
		return nil, fmt.Errorf("reset password: %w", err)
	}
	if u.Disabled() {
		return nil, ErrInvalidToken
	}
	if p := checkPassword(newPassword, u.Email, u.Name); !p.ok() {
		return nil, invalid("password", p, nil)
	}
	ph, err := HashPassword(s.params, newPassword)
	if err != nil {
		return nil, err
	}
	err = s.store.InTx(ctx, func(tx *models.AccountStore) error {
		if _, err := tx.UseToken(ctx, hash, models.PurposeResetPassword, now); errors.Is(err, models.ErrNotFound) {
			return ErrInvalidToken
		} else if err != nil {
			return err
		}
		if err := tx.SetPasswordHash(ctx, u.ID, ph, now); err != nil {
			return err
		}
		// The link arrived by mail, which proves the address as well as a verification link would.
		if err := tx.MarkEmailVerified(ctx, u.ID, now); err != nil {
			return err
		}
		_, err := tx.RevokeUserSessions(ctx, u.ID, "", now)
		return err
	})
	if err != nil {
		if errors.Is(err, ErrInvalidToken) {
			return nil, err
		}
		return nil, fmt.Errorf("reset password: %w", err)
	}
	u.PasswordHash = ph
	return u, nil
}

// confirmPassword checks a logged-in user's password before a sensitive change, under the same
// per-account throttle as login, so a stolen session cannot be used to guess the password.
func (s *Service) confirmPassword(ctx context.Context, u *models.User, field, password string, now time.Time) error {
	g := &gate{bucket: accountBucket("login:acct:", u.Email), policy: s.accountPolicy()}
	if err := s.admit(ctx, now, []*gate{g}); err != nil {
		return err
	}
	if err := s.checkCredentials(ctx, u, password, now); err != nil {
		if errors.Is(err, ErrInvalidCredentials) {
			return invalid(field, problem{msg: "The password is incorrect.", key: "accounts.password.incorrect"}, ErrInvalidCredentials)
		}
		s.refund(ctx, now, []*gate{g})
		return err
	}
	return s.store.ClearLoginThrottle(ctx, g.bucket)
}

// ChangePassword replaces the password after checking the current one, and ends every other
// session of the user; currentToken (the caller's own cookie, may be "") stays logged in.
func (s *Service) ChangePassword(ctx context.Context, userID, currentToken, oldPassword, newPassword string) error {
	now := s.clock()
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return fmt.Errorf("change password: %w", err)
	}
	if err := s.confirmPassword(ctx, u, "current_password", oldPassword, now); err != nil {
		return err
	}
	if p := checkPassword(newPassword, u.Email, u.Name); !p.ok() {
		return invalid("new_password", p, nil)
	}
	ph, err := HashPassword(s.params, newPassword)
	if err != nil {
		return err
	}
	keep := ""
	if currentToken != "" {
		keep = hashToken(currentToken)
	}
	err = s.store.InTx(ctx, func(tx *models.AccountStore) error {
		if err := tx.SetPasswordHash(ctx, u.ID, ph, now); err != nil {
			return err
		}
		if err := tx.RetireTokens(ctx, u.ID, models.PurposeResetPassword, now); err != nil {
			return err
		}
		_, err := tx.RevokeUserSessions(ctx, u.ID, keep, now)
		return err
	})
	if err != nil {
		return fmt.Errorf("change password: %w", err)
	}
	return nil
}

// RequestEmailChange checks the password and the new address and returns the token to mail to
// the new address; the email changes only when that token comes back.
func (s *Service) RequestEmailChange(ctx context.Context, userID, newEmail, password string) (string, error) {
	now := s.clock()
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return "", fmt.Errorf("request email change: %w", err)
	}
	if err := s.confirmPassword(ctx, u, "password", password, now); err != nil {
		return "", err
	}
	newEmail = NormalizeEmail(newEmail)
	if p := checkEmail(newEmail); !p.ok() {
		return "", invalid("email", p, nil)
	}
	if newEmail == u.Email {
		return "", invalid("email", problem{msg: "That is already your email address.", key: "accounts.email.same"}, nil)
	}
	if _, err := s.store.UserByEmail(ctx, newEmail); err == nil {
		return "", invalid("email", problem{msg: "Another account uses this email address.", key: "accounts.email.taken"}, models.ErrEmailTaken)
	} else if !errors.Is(err, models.ErrNotFound) {
		return "", fmt.Errorf("request email change: %w", err)
	}
	var token string
	err = s.store.InTx(ctx, func(tx *models.AccountStore) error {
		if err := tx.RetireTokens(ctx, u.ID, models.PurposeChangeEmail, now); err != nil {
			return err
		}
		token, err = s.issueToken(ctx, tx, &u.ID, models.PurposeChangeEmail, &newEmail, ChangeEmailTTL, now)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("request email change: %w", err)
	}
	return token, nil
}

// ConfirmEmailChange uses an email-change token and switches the account to the proven address.
func (s *Service) ConfirmEmailChange(ctx context.Context, token string) (*models.User, error) {
	now := s.clock()
	var u *models.User
	err := s.store.InTx(ctx, func(tx *models.AccountStore) error {
		t, err := tx.UseToken(ctx, hashToken(token), models.PurposeChangeEmail, now)
		if errors.Is(err, models.ErrNotFound) {
			return ErrInvalidToken
		}
		if err != nil {
			return err
		}
		if err := tx.SetEmail(ctx, *t.UserID, *t.NewEmail, now); err != nil {
			return err
		}
		u, err = tx.UserByID(ctx, *t.UserID)
		return err
	})
	if err != nil {
		if errors.Is(err, ErrInvalidToken) {
			return nil, err
		}
		return nil, fmt.Errorf("confirm email change: %w", err)
	}
	return u, nil
}

// guardLastAdmin refuses a change that would take u, an active admin, out of the admin set when
// no other active admin exists.
func guardLastAdmin(ctx context.Context, tx *models.AccountStore, u *models.User) error {
	if u.Role != models.RoleAdmin || u.Disabled() {
		return nil
	}
	n, err := tx.CountActiveAdmins(ctx)
	if err != nil {
		return err
	}
	if n <= 1 {
		return ErrLastAdmin
	}
	return nil
}

// SetRole changes a user's role; the last active admin cannot be demoted.
func (s *Service) SetRole(ctx context.Context, userID string, role models.Role) error {
	if !role.Valid() {
		return fmt.Errorf("set role: unknown role %q", role)
	}
	now := s.clock()
	return s.store.InTx(ctx, func(tx *models.AccountStore) error {
		u, err := tx.UserByID(ctx, userID)
		if err != nil {
			return fmt.Errorf("set role: %w", err)
		}
		if u.Role == role {
			return nil
		}
		if err := guardLastAdmin(ctx, tx, u); err != nil {
			return err
		}
		if err := tx.SetRole(ctx, userID, role, now); err != nil {
			return fmt.Errorf("set role: %w", err)
		}
		return nil
	})
}

// SetDisabled locks or unlocks an account; locking ends its sessions at once.
func (s *Service) SetDisabled(ctx context.Context, userID string, disabled bool) error {
	now := s.clock()
	return s.store.InTx(ctx, func(tx *models.AccountStore) error {
		u, err := tx.UserByID(ctx, userID)
		if err != nil {
			return fmt.Errorf("set disabled: %w", err)
		}
		if !disabled {
			return tx.SetDisabled(ctx, userID, nil, now)
		}
		if u.Disabled() {
			return nil
		}
		if err := guardLastAdmin(ctx, tx, u); err != nil {
			return err
		}
		if err := tx.SetDisabled(ctx, userID, &now, now); err != nil {
			return fmt.Errorf("set disabled: %w", err)
		}
		if _, err := tx.RevokeUserSessions(ctx, userID, "", now); err != nil {
			return fmt.Errorf("set disabled: %w", err)
		}
		return nil
	})
}

// CreateAdmin makes a verified admin account, for `claimcheck admin create`.
func (s *Service) CreateAdmin(ctx context.Context, email, name, password string) (*models.User, error) {
	now := s.clock()
	u, err := s.newUser(email, name, password, models.RoleAdmin, now)
	if err != nil {
		return nil, err
	}
	u.EmailVerifiedAt = &now
	if err := s.store.CreateUser(ctx, u); err != nil {
		if errors.Is(err, models.ErrEmailTaken) {
			return nil, emailTaken()
		}
		return nil, fmt.Errorf("create admin: %w", err)
	}
	return u, nil
}

// EnsureSetupLink returns a one-time link `BASE_URL/setup/<token>` when no active admin exists,
// with created true; with an admin it returns "" and false. Each call mints its own link (only
// hashes are stored, so an old one cannot be shown again); several processes starting together
// thus each print a working link, and the first one used retires them all.
func (s *Service) EnsureSetupLink(ctx context.Context, baseURL string) (link string, created bool, err error) {
	n, err := s.store.CountActiveAdmins(ctx)
	if err != nil {
		return "", false, fmt.Errorf("setup link: %w", err)
	}
	if n > 0 {
		return "", false, nil
	}
	token, err := s.issueToken(ctx, s.store, nil, models.PurposeSetupAdmin, nil, SetupTTL, s.clock())
	if err != nil {
		return "", false, fmt.Errorf("setup link: %w", err)
	}
	return strings.TrimRight(baseURL, "/") + "/setup/" + token, true, nil
}

// CheckSetupToken tells the setup page whether to show the form: nil for a live token with no admin yet.
func (s *Service) CheckSetupToken(ctx context.Context, token string) error {
	if _, err := s.store.LiveToken(ctx, hashToken(token), models.PurposeSetupAdmin, s.clock()); errors.Is(err, models.ErrNotFound) {
		return ErrInvalidToken
	} else if err != nil {
		return fmt.Errorf("check setup token: %w", err)
	}
	n, err := s.store.CountActiveAdmins(ctx)
	if err != nil {
		return fmt.Errorf("check setup token: %w", err)
	}
	if n > 0 {
		return ErrSetupDone
	}
	return nil
}

// CompleteSetup creates the first admin through a setup token. Input errors leave the token
// usable; success retires every setup token, and concurrent completions cannot both win.
func (s *Service) CompleteSetup(ctx context.Context, token, email, name, password string) (*models.User, error) {
	if err := s.CheckSetupToken(ctx, token); err != nil {
		return nil, err
	}
	now := s.clock()
	u, err := s.newUser(email, name, password, models.RoleAdmin, now)
	if err != nil {
		return nil, err
	}
	u.EmailVerifiedAt = &now
	hash := hashToken(token)
	err = s.store.InTx(ctx, func(tx *models.AccountStore) error {
		hashes, err := tx.UseAllSetupTokens(ctx, now)
		if err != nil {
			return err
		}
		if !slices.Contains(hashes, hash) {
			return ErrInvalidToken
		}
		n, err := tx.CountActiveAdmins(ctx)
		if err != nil {
			return err
		}
		if n > 0 {
			return ErrSetupDone
		}
		if err := tx.CreateUser(ctx, u); err != nil {
			if errors.Is(err, models.ErrEmailTaken) {
				return emailTaken()
			}
			return err
		}
		return nil
	})
	if err != nil {
		var verr *ValidationError
		if errors.Is(err, ErrInvalidToken) || errors.Is(err, ErrSetupDone) || errors.As(err, &verr) {
			return nil, err
		}
		return nil, fmt.Errorf("complete setup: %w", err)
	}
	return u, nil
}

// Prune deletes sessions, tokens and login-throttle rows that ended more than a day ago; the day keeps recent ones
// around for support questions ("why was I logged out?").
func (s *Service) Prune(ctx context.Context) error {
	cutoff := s.clock().Add(-24 * time.Hour)
	if err := s.store.PruneAccounts(ctx, cutoff); err != nil {
		return err
	}
	// Throttle rows a day old are forgotten anyway (forgetAccountFailures).
	return s.store.PruneLoginThrottle(ctx, cutoff.UnixMilli())
}
