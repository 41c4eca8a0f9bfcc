package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// Role says what a user may do; the users table's CHECK lists the same values.
type Role string

const (
	// RoleUser is every new account: API keys and its own dashboard.
	RoleUser Role = "user"
	// RoleExpert may additionally review claims.
	RoleExpert Role = "expert"
	// RoleAdmin may do everything, including changing other accounts.
	RoleAdmin Role = "admin"
)

// Valid reports whether r is one of the three roles, so callers reject typos before the database does.
func (r Role) Valid() bool { return r == RoleUser || r == RoleExpert || r == RoleAdmin }

// TokenPurpose keeps a token minted for one flow from being replayed in another.
type TokenPurpose string

const (
	// PurposeVerifyEmail proves the sign-up address is the user's.
	PurposeVerifyEmail TokenPurpose = "verify_email"
	// PurposeResetPassword lets someone who lost the password set a new one.
	PurposeResetPassword TokenPurpose = "reset_password"
	// PurposeChangeEmail proves the new address before it replaces the old one.
	PurposeChangeEmail TokenPurpose = "change_email"
	// PurposeSetupAdmin lets the first visitor of a fresh install create the admin.
	PurposeSetupAdmin TokenPurpose = "setup_admin"
)

// ErrEmailTaken is returned when an email already belongs to another account.
var ErrEmailTaken = errors.New("email already registered")

// User is a person who logs in to the web app; emails are stored normalised (trimmed, lower case).
type User struct {
	ID              string     `gorm:"column:id;primaryKey"`
	Email           string     `gorm:"column:email"`
	Name            string     `gorm:"column:name"`
	PasswordHash    string     `gorm:"column:password_hash"` // argon2id PHC string
	Role            Role       `gorm:"column:role"`
	EmailVerifiedAt *time.Time `gorm:"column:email_verified_at"`
	DisabledAt      *time.Time `gorm:"column:disabled_at"`
	PlanID          *string    `gorm:"column:plan_id"`
	Language        string     `gorm:"column:language;default:en"` // "en" or "tr": pages and mail
	CreatedAt       time.Time  `gorm:"column:created_at"`
	UpdatedAt       time.Time  `gorm:"column:updated_at"`
}

// TableName pins the table name so GORM never guesses.
func (User) TableName() string { return "users" }

// Verified reports whether the user has proved the email address.
func (u *User) Verified() bool { return u.EmailVerifiedAt != nil }

// Disabled reports whether an admin has locked the account.
func (u *User) Disabled() bool { return u.DisabledAt != nil }

// Session is a server-side login; ID is the hex SHA-256 of the cookie token, never the token.
type Session struct {
	ID         string     `gorm:"column:id;primaryKey"`
	UserID     string     `gorm:"column:user_id"`
	CreatedAt  time.Time  `gorm:"column:created_at"`
	LastSeenAt time.Time  `gorm:"column:last_seen_at"`
	ExpiresAt  time.Time  `gorm:"column:expires_at"` // absolute end, however active the session is
	IP         string     `gorm:"column:ip"`
	UserAgent  string     `gorm:"column:user_agent"`
	RevokedAt  *time.Time `gorm:"column:revoked_at"`
}

// TableName pins the table name so GORM never guesses.
func (Session) TableName() string { return "sessions" }

// AuthToken is a single-use token sent by mail (or printed, for setup); only its SHA-256 is stored.
type AuthToken struct {
	ID        string       `gorm:"column:id;primaryKey"`
	UserID    *string      `gorm:"column:user_id"` // nil only for setup_admin
	Purpose   TokenPurpose `gorm:"column:purpose"`
	TokenHash string       `gorm:"column:token_hash"`
	NewEmail  *string      `gorm:"column:new_email"` // set only for change_email
	ExpiresAt time.Time    `gorm:"column:expires_at"`
	UsedAt    *time.Time   `gorm:"column:used_at"`
	CreatedAt time.Time    `gorm:"column:created_at"`
}

// TableName pins the table name so GORM never guesses.
func (AuthToken) TableName() string { return "auth_tokens" }

// AccountModels lists the account models, for schema tests (models.All belongs to another file).
func AccountModels() []any { return []any{&User{}, &Session{}, &AuthToken{}} }

// AccountStore reads and writes users, sessions and auth tokens. A store made by InTx runs every
// call inside that transaction, so a flow's steps commit or fail together.
type AccountStore struct {
	db *database.DB
	tx *gorm.DB
}

// NewAccountStore builds the store over db (Stores does not carry it yet).
func NewAccountStore(db *database.DB) *AccountStore { return &AccountStore{db: db} }

// conn returns the transaction when inside one, else a fresh session bound to ctx.
func (s *AccountStore) conn(ctx context.Context) *gorm.DB {
	if s.tx != nil {
		return s.tx.WithContext(ctx)
	}
	return s.db.Gorm.WithContext(ctx)
}

// InTx runs fn with a store bound to one transaction; fn's error rolls everything back.
func (s *AccountStore) InTx(ctx context.Context, fn func(tx *AccountStore) error) error {
	if s.tx != nil {
		return fn(s)
	}
	return s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(&AccountStore{db: s.db, tx: tx})
	})
}

// isUniqueViolation recognises a unique-constraint failure on either dialect.
func isUniqueViolation(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "23505"
	}
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// CreateUser stores a new user; ErrEmailTaken when the email is in use.
func (s *AccountStore) CreateUser(ctx context.Context, u *User) error {
	if err := s.conn(ctx).Create(u).Error; err != nil {
		if isUniqueViolation(err) {
			return ErrEmailTaken
		}
		return fmt.Errorf("create user: %w", err)
	}
	return nil
}

// takeUser runs q for one user and maps a miss to ErrNotFound.
func takeUser(q *gorm.DB, what string) (*User, error) {
	var u User
	err := q.Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("user %s: %w", what, err)
	}
	return &u, nil
}

// UserByID returns the user with id.
func (s *AccountStore) UserByID(ctx context.Context, id string) (*User, error) {
	return takeUser(s.conn(ctx).Where("id = ?", id), id)
}

// UserByEmail returns the user with the (already normalised) email.
func (s *AccountStore) UserByEmail(ctx context.Context, email string) (*User, error) {
	return takeUser(s.conn(ctx).Where("email = ?", email), "by email")
}

// CountActiveAdmins counts admins who are not disabled: setup and demotion both hinge on it.
func (s *AccountStore) CountActiveAdmins(ctx context.Context) (int64, error) {
	var n int64
	if err := s.conn(ctx).Model(&User{}).Where("role = ? AND disabled_at IS NULL", RoleAdmin).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("count admins: %w", err)
	}
	return n, nil
}

// updateUser sets fields (and updated_at) of one user; ErrNotFound when the id matches nothing.
func (s *AccountStore) updateUser(ctx context.Context, id string, now time.Time, fields map[string]any) error {
	fields["updated_at"] = now
	res := s.conn(ctx).Model(&User{}).Where("id = ?", id).Updates(fields)
	if res.Error != nil {
		if isUniqueViolation(res.Error) {
			return ErrEmailTaken
		}
		return fmt.Errorf("update user %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// SetPasswordHash replaces the stored password hash.
func (s *AccountStore) SetPasswordHash(ctx context.Context, id, hash string, now time.Time) error {
	return s.updateUser(ctx, id, now, map[string]any{"password_hash": hash})
}

// MarkEmailVerified records the first proof of the address; later proofs keep the first time.
func (s *AccountStore) MarkEmailVerified(ctx context.Context, id string, now time.Time) error {
	res := s.conn(ctx).Model(&User{}).Where("id = ? AND email_verified_at IS NULL", id).
		Updates(map[string]any{"email_verified_at": now, "updated_at": now})
	if res.Error != nil {
		return fmt.Errorf("verify email of user %s: %w", id, res.Error)
	}
	return nil
}

// SetEmail replaces the email with a proven one; ErrEmailTaken when another account has it.
func (s *AccountStore) SetEmail(ctx context.Context, id, email string, now time.Time) error {
	return s.updateUser(ctx, id, now, map[string]any{"email": email, "email_verified_at": now})
}

// SetRole changes the user's role.
func (s *AccountStore) SetRole(ctx context.Context, id string, role Role, now time.Time) error {
	return s.updateUser(ctx, id, now, map[string]any{"role": role})
}

// SetDisabled locks (at non-nil) or unlocks (nil) the account.
func (s *AccountStore) SetDisabled(ctx context.Context, id string, at *time.Time, now time.Time) error {
	return s.updateUser(ctx, id, now, map[string]any{"disabled_at": at})
}

// SetLanguage records the language the account reads pages and mail in ("en" or "tr"; the
// caller checks it is one the site speaks).
func (s *AccountStore) SetLanguage(ctx context.Context, id, language string, now time.Time) error {
	return s.updateUser(ctx, id, now, map[string]any{"language": language})
}

// SetPlan attaches the account to a plan (nil = none chosen yet).
func (s *AccountStore) SetPlan(ctx context.Context, id string, planID *string, now time.Time) error {
	return s.updateUser(ctx, id, now, map[string]any{"plan_id": planID})
}

// CreateSession stores a new session.
func (s *AccountStore) CreateSession(ctx context.Context, sess *Session) error {
	if err := s.conn(ctx).Create(sess).Error; err != nil {
		return fmt.Errorf("create session for user %s: %w", sess.UserID, err)
	}
	return nil
}

// SessionByID returns the session whose id (token hash) is id, revoked or not.
func (s *AccountStore) SessionByID(ctx context.Context, id string) (*Session, error) {
	var sess Session
	err := s.conn(ctx).Where("id = ?", id).Take(&sess).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("look up session: %w", err)
	}
	return &sess, nil
}

// TouchSession moves last_seen_at to now unless it moved within minInterval, so a busy page
// does not turn every request into a write.
func (s *AccountStore) TouchSession(ctx context.Context, id string, now time.Time, minInterval time.Duration) error {
	err := s.conn(ctx).Model(&Session{}).
		Where("id = ? AND revoked_at IS NULL AND last_seen_at < ?", id, now.Add(-minInterval)).
		Update("last_seen_at", now).Error
	if err != nil {
		return fmt.Errorf("touch session: %w", err)
	}
	return nil
}

// RevokeSession ends one session; revoking an unknown or revoked session is not an error.
func (s *AccountStore) RevokeSession(ctx context.Context, id string, now time.Time) error {
	err := s.conn(ctx).Model(&Session{}).Where("id = ? AND revoked_at IS NULL", id).Update("revoked_at", now).Error
	if err != nil {
		return fmt.Errorf("revoke session: %w", err)
	}
	return nil
}

// RevokeUserSessions ends every live session of the user except exceptID ("" spares none),
// and reports how many it ended.
func (s *AccountStore) RevokeUserSessions(ctx context.Context, userID, exceptID string, now time.Time) (int64, error) {
	q := s.conn(ctx).Model(&Session{}).Where("user_id = ? AND revoked_at IS NULL", userID)
	if exceptID != "" {
		q = q.Where("id <> ?", exceptID)
	}
	res := q.Update("revoked_at", now)
	if res.Error != nil {
		return 0, fmt.Errorf("revoke sessions of user %s: %w", userID, res.Error)
	}
	return res.RowsAffected, nil
}

// CreateToken stores a new auth token.
func (s *AccountStore) CreateToken(ctx context.Context, t *AuthToken) error {
	if err := s.conn(ctx).Create(t).Error; err != nil {
		return fmt.Errorf("create %s token: %w", t.Purpose, err)
	}
	return nil
}

// LiveToken returns the unused, unexpired token of purpose with hash, without using it up:
// flows that validate input first must not burn the token on a typo.
func (s *AccountStore) LiveToken(ctx context.Context, hash string, purpose TokenPurpose, now time.Time) (*AuthToken, error) {
	var t AuthToken
	err := s.conn(ctx).Where("token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?", hash, purpose, now).
		Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("look up %s token: %w", purpose, err)
	}
	return &t, nil
}

// TokenByHash returns the token of purpose with hash whether it is live, used or expired; it
// tells an old link of an account apart from a link that never existed.
func (s *AccountStore) TokenByHash(ctx context.Context, hash string, purpose TokenPurpose) (*AuthToken, error) {
	var t AuthToken
	err := s.conn(ctx).Where("token_hash = ? AND purpose = ?", hash, purpose).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("look up %s token: %w", purpose, err)
	}
	return &t, nil
}

// UseToken marks the live token used and returns it; ErrNotFound when it is unknown, expired,
// used or of another purpose. The conditional UPDATE makes it single-use even under races.
func (s *AccountStore) UseToken(ctx context.Context, hash string, purpose TokenPurpose, now time.Time) (*AuthToken, error) {
	res := s.conn(ctx).Model(&AuthToken{}).
		Where("token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?", hash, purpose, now).
		Update("used_at", now)
	if res.Error != nil {
		return nil, fmt.Errorf("use %s token: %w", purpose, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, ErrNotFound
	}
	var t AuthToken
	if err := s.conn(ctx).Where("token_hash = ?", hash).Take(&t).Error; err != nil {
		return nil, fmt.Errorf("read used %s token: %w", purpose, err)
	}
	return &t, nil
}

// RetireTokens marks every live token of the user and purpose used, so only the newest link works.
func (s *AccountStore) RetireTokens(ctx context.Context, userID string, purpose TokenPurpose, now time.Time) error {
	err := s.conn(ctx).Model(&AuthToken{}).Where("user_id = ? AND purpose = ? AND used_at IS NULL", userID, purpose).
		Update("used_at", now).Error
	if err != nil {
		return fmt.Errorf("retire %s tokens of user %s: %w", purpose, userID, err)
	}
	return nil
}

// UseAllSetupTokens marks every live setup token used in one statement and returns their hashes.
// Concurrent first-admin setups serialise on these row locks, so only one of them can win.
func (s *AccountStore) UseAllSetupTokens(ctx context.Context, now time.Time) ([]string, error) {
	var hashes []string
	err := s.conn(ctx).Raw(`UPDATE auth_tokens SET used_at = ? WHERE purpose = ? AND used_at IS NULL AND expires_at > ? RETURNING token_hash`,
		now, PurposeSetupAdmin, now).Scan(&hashes).Error
	if err != nil {
		return nil, fmt.Errorf("use setup tokens: %w", err)
	}
	return hashes, nil
}

// PruneAccounts deletes sessions and tokens that ended before cutoff, so both tables stay small.
func (s *AccountStore) PruneAccounts(ctx context.Context, cutoff time.Time) error {
	if err := s.conn(ctx).Where("expires_at < ? OR revoked_at < ?", cutoff, cutoff).Delete(&Session{}).Error; err != nil {
		return fmt.Errorf("prune sessions: %w", err)
	}
	if err := s.conn(ctx).Where("expires_at < ? OR used_at < ?", cutoff, cutoff).Delete(&AuthToken{}).Error; err != nil {
		return fmt.Errorf("prune auth tokens: %w", err)
	}
	return nil
}
