package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// cheap is for tests that hash many times; TestSignUpStoresProductionHash proves the real cost.
var cheap = Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

const goodPassword = "correct horse battery staple"

// fakeClock is a settable clock; goroutines may read it concurrently.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type env struct {
	svc   *Service
	clk   *fakeClock
	store *models.AccountStore
}

// newEnv builds a service on db with a fake clock starting on a window boundary; by default it
// uses the production argon2 cost.
func newEnv(db *database.DB, opts ...Option) *env {
	clk := &fakeClock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	st := models.NewAccountStore(db)
	svc := New(st, storerules.Stores(db).RateLimits, append([]Option{WithClock(clk.Now)}, opts...)...)
	return &env{svc: svc, clk: clk, store: st}
}

func (e *env) signUp(t *testing.T, email, name string) (*models.User, string) {
	t.Helper()
	u, tok, err := e.svc.SignUp(t.Context(), email, goodPassword, name)
	if err != nil {
		t.Fatalf("sign up %s: %v", email, err)
	}
	return u, tok
}

func (e *env) login(t *testing.T, email, password string) *Session {
	t.Helper()
	s, err := e.svc.Login(t.Context(), email, password, "192.0.2.1", "test-agent")
	if err != nil {
		t.Fatalf("login %s: %v", email, err)
	}
	return s
}

func (e *env) mustAuth(t *testing.T, token string) *models.User {
	t.Helper()
	u, _, err := e.svc.Authenticate(t.Context(), token)
	if err != nil {
		t.Fatalf("authenticate: %v", err)
	}
	return u
}

func (e *env) mustNotAuth(t *testing.T, token, why string) {
	t.Helper()
	if _, _, err := e.svc.Authenticate(t.Context(), token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("%s: authenticate = %v; want ErrNoSession", why, err)
	}
}

func wantField(t *testing.T, err error, field string) *ValidationError {
	t.Helper()
	var verr *ValidationError
	if !errors.As(err, &verr) {
		t.Fatalf("error = %v (%T); want *ValidationError on %q", err, err, field)
	}
	if verr.Message(field) == "" {
		t.Fatalf("validation error %q has no message for %q", verr.Error(), field)
	}
	return verr
}

func TestSignUpStoresProductionHash(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db)
		u, tok := e.signUp(t, "  Ada@Example.ORG ", "  Ada Lovelace ")
		if u.Email != "ada@example.org" || u.Name != "Ada Lovelace" || u.Role != models.RoleUser || u.Verified() {
			t.Fatalf("user = %+v; want normalised, unverified, role user", u)
		}
		if len(tok) != 43 || strings.ContainsAny(tok, "+/=") {
			t.Fatalf("verify token %q is not 32 bytes of base64url", tok)
		}
		stored, err := e.store.UserByID(t.Context(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(stored.PasswordHash, "$argon2id$v=19$m=19456,t=2,p=1$") {
			t.Fatalf("stored hash %q is not argon2id at m=19456,t=2,p=1", stored.PasswordHash)
		}
		if !stored.CreatedAt.Equal(e.clk.Now()) {
			t.Fatalf("created_at = %v; want the injected clock %v", stored.CreatedAt, e.clk.Now())
		}
	})
}

func TestSignUpValidation(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		e.signUp(t, "taken@example.org", "Taken")
		for _, c := range []struct {
			name, email, password, fullName string
			fields                          []string
		}{
			{"bad email", "not-an-email", goodPassword, "Ada", []string{"email"}},
			{"empty name", "ada@example.org", goodPassword, "  ", []string{"name"}},
			{"short password", "ada@example.org", "Sh0rt!", "Ada", []string{"password"}},
			{"long password", "ada@example.org", strings.Repeat("x1", 65), "Ada", []string{"password"}},
			{"common password", "ada@example.org", "iloveyou", "Ada", []string{"password"}},
			{"password is email", "ada@example.org", "ADA@example.org", "Ada", []string{"password"}},
			{"password is name", "ada@example.org", "Ada Lovelace", "Ada Lovelace", []string{"password"}},
			{"everything wrong", "x@", "123", "", []string{"email", "name", "password"}},
			{"duplicate email", " TAKEN@example.org", goodPassword, "Someone", []string{"email"}},
		} {
			t.Run(c.name, func(t *testing.T) {
				u, tok, err := e.svc.SignUp(t.Context(), c.email, c.password, c.fullName)
				if u != nil || tok != "" {
					t.Fatalf("sign-up succeeded: %+v", u)
				}
				var verr *ValidationError
				for _, f := range c.fields {
					verr = wantField(t, err, f)
				}
				if len(verr.Fields) != len(c.fields) {
					t.Fatalf("fields = %+v; want exactly %v", verr.Fields, c.fields)
				}
				if dup := errors.Is(err, models.ErrEmailTaken); dup != (c.name == "duplicate email") {
					t.Fatalf("errors.Is(err, ErrEmailTaken) = %v", dup)
				}
			})
		}
	})
}

func TestVerifyEmail(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		ctx := t.Context()
		u, tok := e.signUp(t, "ada@example.org", "Ada")
		reset, found, err := e.svc.RequestPasswordReset(ctx, "ada@example.org")
		if err != nil || !found {
			t.Fatalf("reset: %v %v", found, err)
		}
		for _, bad := range []string{"", "nonsense", tok + "x", reset} {
			if _, err := e.svc.VerifyEmail(ctx, bad); !errors.Is(err, ErrInvalidToken) {
				t.Fatalf("verify with %q: %v; want ErrInvalidToken", bad, err)
			}
		}
		got, err := e.svc.VerifyEmail(ctx, tok)
		if err != nil || got.ID != u.ID || !got.Verified() || !got.EmailVerifiedAt.Equal(e.clk.Now()) {
			t.Fatalf("verify = %+v, %v; want verified now", got, err)
		}
		if again, err := e.svc.VerifyEmail(ctx, tok); !errors.Is(err, ErrAlreadyVerified) || again == nil || again.ID != u.ID {
			t.Fatalf("reused token of a verified account: %+v, %v; want ErrAlreadyVerified with the account", again, err)
		}
		if _, err := e.svc.ResendVerification(ctx, u.ID); !errors.Is(err, ErrAlreadyVerified) {
			t.Fatalf("resend after verify: %v; want ErrAlreadyVerified", err)
		}

		// Expiry: a token works until 48 h have passed, not a moment longer.
		_, tok2 := e.signUp(t, "bob@example.org", "Bob")
		e.clk.Advance(VerifyEmailTTL)
		if _, err := e.svc.VerifyEmail(ctx, tok2); !errors.Is(err, ErrInvalidToken) {
			t.Fatalf("expired token: %v; want ErrInvalidToken", err)
		}

		// A resent link replaces the earlier one.
		v, tok3 := e.signUp(t, "cem@example.org", "Cem")
		tok4, err := e.svc.ResendVerification(ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.VerifyEmail(ctx, tok3); !errors.Is(err, ErrInvalidToken) {
			t.Fatalf("superseded token: %v; want ErrInvalidToken", err)
		}
		if _, err := e.svc.VerifyEmail(ctx, tok4); err != nil {
			t.Fatalf("resent token: %v", err)
		}
		// Once the account is verified, even the superseded link says so rather than "invalid".
		if _, err := e.svc.VerifyEmail(ctx, tok3); !errors.Is(err, ErrAlreadyVerified) {
			t.Fatalf("superseded token of a verified account: %v; want ErrAlreadyVerified", err)
		}
		// The expired link of an account that never verified stays invalid.
		if _, err := e.svc.VerifyEmail(ctx, tok2); !errors.Is(err, ErrInvalidToken) {
			t.Fatalf("expired token of an unverified account: %v; want ErrInvalidToken", err)
		}
	})
}

func TestVerifyTokenIsSingleUseUnderRace(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		_, tok := e.signUp(t, "ada@example.org", "Ada")
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for range 8 {
			wg.Go(func() {
				if _, err := e.svc.VerifyEmail(context.Background(), tok); err == nil {
					mu.Lock()
					wins++
					mu.Unlock()
				} else if !errors.Is(err, ErrInvalidToken) && !errors.Is(err, ErrAlreadyVerified) {
					t.Errorf("verify: %v", err)
				}
			})
		}
		wg.Wait()
		if wins != 1 {
			t.Fatalf("%d concurrent verifications succeeded; want 1", wins)
		}
	})
}

func TestLoginFailuresAreIndistinguishable(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db)
		e.signUp(t, "ada@example.org", "Ada")
		var msgs []string
		for _, c := range []struct{ name, email, password string }{
			{"wrong password", "ada@example.org", "wrong horse battery staple"},
			{"unknown email", "nobody@example.org", goodPassword},
			{"malformed email", "nobody\x00@", goodPassword},
			{"absurdly long password", "ada@example.org", strings.Repeat(goodPassword, 100)},
		} {
			sess, err := e.svc.Login(t.Context(), c.email, c.password, "192.0.2.1", "ua")
			if sess != nil || !errors.Is(err, ErrInvalidCredentials) {
				t.Fatalf("%s: login = %v, %v; want ErrInvalidCredentials", c.name, sess, err)
			}
			msgs = append(msgs, err.Error())
		}
		for _, m := range msgs[1:] {
			if m != msgs[0] {
				t.Fatalf("login failure messages differ: %q", msgs)
			}
		}
		if e.svc.dummyHash == "" || !strings.HasPrefix(e.svc.dummyHash, "$argon2id$v=19$m=19456,t=2,p=1$") {
			t.Fatalf("unknown email did not hash a dummy at full cost: %q", e.svc.dummyHash)
		}
		sess := e.login(t, " ADA@example.org", goodPassword)
		if sess.User.Email != "ada@example.org" || len(sess.Token) != 43 || !sess.ExpiresAt.Equal(e.clk.Now().Add(DefaultAbsoluteTimeout)) {
			t.Fatalf("session = %+v", sess)
		}
	})
}

func TestLoginThrottle(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		t.Run("per account", func(t *testing.T) {
			e := newEnv(db, WithParams(cheap), WithLoginLimits(10, 50, 15*time.Minute))
			ctx := t.Context()
			e.signUp(t, "ada@example.org", "Ada")
			for _, email := range []string{"ada@example.org", "ghost@example.org"} {
				for i := range 10 {
					ip := fmt.Sprintf("198.51.100.%d", i) // a botnet: every attempt from another IP
					if _, err := e.svc.Login(ctx, email, "wrong password!", ip, "ua"); !errors.Is(err, ErrInvalidCredentials) {
						t.Fatalf("%s attempt %d: %v; want ErrInvalidCredentials", email, i+1, err)
					}
				}
				// The 11th attempt is refused even with the right password, and an unknown email
				// is throttled exactly like a known one.
				if _, err := e.svc.Login(ctx, email, goodPassword, "203.0.113.9", "ua"); !errors.Is(err, ErrThrottled) {
					t.Fatalf("%s 11th attempt: %v; want ErrThrottled", email, err)
				}
			}
			e.clk.Advance(15 * time.Minute)
			e.login(t, "ada@example.org", goodPassword)
		})
		t.Run("per IP", func(t *testing.T) {
			e := newEnv(db, WithParams(cheap), WithLoginLimits(100, 5, 15*time.Minute))
			ctx := t.Context()
			e.signUp(t, "bob@example.org", "Bob")
			for i := range 5 {
				if _, err := e.svc.Login(ctx, fmt.Sprintf("user%d@example.org", i), "wrong password!", "192.0.2.77", "ua"); !errors.Is(err, ErrInvalidCredentials) {
					t.Fatalf("attempt %d: %v", i+1, err)
				}
			}
			if _, err := e.svc.Login(ctx, "bob@example.org", goodPassword, "192.0.2.77", "ua"); !errors.Is(err, ErrThrottled) {
				t.Fatalf("6th attempt from one IP: %v; want ErrThrottled", err)
			}
			if _, err := e.svc.Login(ctx, "bob@example.org", goodPassword, "192.0.2.78", "ua"); err != nil {
				t.Fatalf("other IP: %v", err)
			}
		})
	})
}

func TestSessionFixationAndLogout(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		ctx := t.Context()
		u, _ := e.signUp(t, "ada@example.org", "Ada")
		s1 := e.login(t, "ada@example.org", goodPassword)
		s2 := e.login(t, "ada@example.org", goodPassword)
		if s1.Token == s2.Token {
			t.Fatal("two logins share a session token")
		}
		if got := e.mustAuth(t, s1.Token); got.ID != u.ID {
			t.Fatalf("authenticated as %s; want %s", got.ID, u.ID)
		}
		// Only the hash is stored: the raw token is not a session id.
		if _, err := e.store.SessionByID(ctx, s1.Token); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("raw token found as a session id: %v", err)
		}
		if _, err := e.store.SessionByID(ctx, hashToken(s1.Token)); err != nil {
			t.Fatalf("hashed token: %v", err)
		}
		if err := e.svc.Logout(ctx, s1.Token); err != nil {
			t.Fatal(err)
		}
		e.mustNotAuth(t, s1.Token, "after logout")
		e.mustAuth(t, s2.Token)
		for _, bad := range []string{"", "forged", hashToken(s2.Token)} {
			e.mustNotAuth(t, bad, "forged token "+bad)
		}
	})
}

func TestSessionTimeouts(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		ctx := t.Context()
		e.signUp(t, "ada@example.org", "Ada")

		t.Run("idle", func(t *testing.T) {
			s := e.login(t, "ada@example.org", goodPassword)
			e.clk.Advance(DefaultIdleTimeout - time.Second)
			e.mustAuth(t, s.Token) // use resets the idle clock
			e.clk.Advance(DefaultIdleTimeout - time.Second)
			e.mustAuth(t, s.Token)
			e.clk.Advance(DefaultIdleTimeout)
			e.mustNotAuth(t, s.Token, "idle for 7 days")
		})
		t.Run("absolute", func(t *testing.T) {
			s := e.login(t, "ada@example.org", goodPassword)
			for range 4 { // daily use never lets the session idle out
				e.clk.Advance(6 * 24 * time.Hour)
				e.mustAuth(t, s.Token)
			}
			e.clk.Advance(6*24*time.Hour - time.Second)
			e.mustAuth(t, s.Token) // a second before 30 days
			e.clk.Advance(time.Second)
			e.mustNotAuth(t, s.Token, "30 days after login despite daily use")
		})
		t.Run("touch at most once a minute", func(t *testing.T) {
			s := e.login(t, "ada@example.org", goodPassword)
			start := e.clk.Now()
			lastSeen := func() time.Time {
				rec, err := e.store.SessionByID(ctx, hashToken(s.Token))
				if err != nil {
					t.Fatal(err)
				}
				return rec.LastSeenAt
			}
			e.clk.Advance(30 * time.Second)
			e.mustAuth(t, s.Token)
			if got := lastSeen(); !got.Equal(start) {
				t.Fatalf("last_seen_at moved after 30 s: %v", got)
			}
			e.clk.Advance(31 * time.Second)
			e.mustAuth(t, s.Token)
			if got := lastSeen(); !got.Equal(e.clk.Now()) {
				t.Fatalf("last_seen_at = %v; want %v", got, e.clk.Now())
			}
		})
	})
}

func TestLogoutEverywhere(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		a, _ := e.signUp(t, "ada@example.org", "Ada")
		e.signUp(t, "bob@example.org", "Bob")
		var as []*Session
		for range 3 {
			as = append(as, e.login(t, "ada@example.org", goodPassword))
		}
		b := e.login(t, "bob@example.org", goodPassword)
		if err := e.svc.LogoutEverywhere(t.Context(), a.ID); err != nil {
			t.Fatal(err)
		}
		for i, s := range as {
			e.mustNotAuth(t, s.Token, fmt.Sprintf("session %d after logout everywhere", i))
		}
		e.mustAuth(t, b.Token)
	})
}

func TestPasswordReset(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		ctx := t.Context()
		u, _ := e.signUp(t, "ada@example.org", "Ada")
		old := e.login(t, "ada@example.org", goodPassword)

		if tok, found, err := e.svc.RequestPasswordReset(ctx, "nobody@example.org"); err != nil || found || tok != "" {
			t.Fatalf("unknown email: %q, %v, %v; want nothing found", tok, found, err)
		}
		first, found, err := e.svc.RequestPasswordReset(ctx, "ADA@example.org")
		if err != nil || !found || first == "" {
			t.Fatalf("reset request: %q %v %v", first, found, err)
		}
		tok, _, _ := e.svc.RequestPasswordReset(ctx, "ada@example.org")
		if _, err := e.svc.ResetPassword(ctx, first, "brand new passphrase"); !errors.Is(err, ErrInvalidToken) {
			t.Fatalf("superseded reset token: %v; want ErrInvalidToken", err)
		}
		if _, err := e.svc.ResetPassword(ctx, tok, "password1"); err == nil {
			t.Fatal("common password accepted")
		} else {
			wantField(t, err, "password")
		}
		got, err := e.svc.ResetPassword(ctx, tok, "brand new passphrase")
		if err != nil || got.ID != u.ID {
			t.Fatalf("reset with token the rejected attempt left usable: %v", err)
		}
		e.mustNotAuth(t, old.Token, "session from before the reset")
		if _, err := e.svc.Login(ctx, "ada@example.org", goodPassword, "192.0.2.1", "ua"); !errors.Is(err, ErrInvalidCredentials) {
			t.Fatalf("old password: %v", err)
		}
		e.login(t, "ada@example.org", "brand new passphrase")
		if _, err := e.svc.ResetPassword(ctx, tok, "another passphrase"); !errors.Is(err, ErrInvalidToken) {
			t.Fatalf("reused reset token: %v", err)
		}
		if v, _ := e.store.UserByID(ctx, u.ID); !v.Verified() {
			t.Fatal("a reset by mail did not count as email verification")
		}

		late, _, _ := e.svc.RequestPasswordReset(ctx, "ada@example.org")
		e.clk.Advance(ResetPasswordTTL)
		if _, err := e.svc.ResetPassword(ctx, late, "yet another passphrase"); !errors.Is(err, ErrInvalidToken) {
			t.Fatalf("expired reset token: %v", err)
		}
	})
}

func TestPasswordResetRequestsAreCapped(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		e.signUp(t, "ada@example.org", "Ada")
		for i := range ResetsPerHour {
			if _, found, err := e.svc.RequestPasswordReset(t.Context(), "ada@example.org"); err != nil || !found {
				t.Fatalf("request %d: %v %v", i+1, found, err)
			}
		}
		if tok, found, err := e.svc.RequestPasswordReset(t.Context(), "ada@example.org"); err != nil || found || tok != "" {
			t.Fatalf("request over the cap: %q %v %v; want silently nothing", tok, found, err)
		}
	})
}

func TestChangePassword(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		ctx := t.Context()
		u, _ := e.signUp(t, "ada@example.org", "Ada")
		here := e.login(t, "ada@example.org", goodPassword)
		elsewhere := e.login(t, "ada@example.org", goodPassword)

		for _, c := range []struct{ name, old, new, field string }{
			{"wrong current password", "not my password", "brand new passphrase", "current_password"},
			{"common new password", goodPassword, "qwerty123", "new_password"},
			{"short new password", goodPassword, "abc", "new_password"},
		} {
			t.Run(c.name, func(t *testing.T) {
				wantField(t, e.svc.ChangePassword(ctx, u.ID, here.Token, c.old, c.new), c.field)
			})
		}
		if err := e.svc.ChangePassword(ctx, u.ID, here.Token, goodPassword, "brand new passphrase"); err != nil {
			t.Fatal(err)
		}
		e.mustAuth(t, here.Token)
		e.mustNotAuth(t, elsewhere.Token, "other device after password change")
		e.login(t, "ada@example.org", "brand new passphrase")
	})
}

func TestEmailChange(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		ctx := t.Context()
		u, _ := e.signUp(t, "ada@example.org", "Ada")
		e.signUp(t, "bob@example.org", "Bob")

		for _, c := range []struct{ name, email, password, field string }{
			{"wrong password", "ada@new.example", "not my password", "password"},
			{"invalid address", "ada@", goodPassword, "email"},
			{"same address", " ADA@example.org", goodPassword, "email"},
			{"taken address", "Bob@example.org", goodPassword, "email"},
		} {
			t.Run(c.name, func(t *testing.T) {
				tok, err := e.svc.RequestEmailChange(ctx, u.ID, c.email, c.password)
				if tok != "" {
					t.Fatal("token issued")
				}
				wantField(t, err, c.field)
			})
		}
		tok, err := e.svc.RequestEmailChange(ctx, u.ID, "Ada@New.Example", goodPassword)
		if err != nil {
			t.Fatal(err)
		}
		if cur, _ := e.store.UserByID(ctx, u.ID); cur.Email != "ada@example.org" {
			t.Fatalf("email changed before confirmation: %s", cur.Email)
		}
		got, err := e.svc.ConfirmEmailChange(ctx, tok)
		if err != nil || got.Email != "ada@new.example" || !got.Verified() {
			t.Fatalf("confirm = %+v, %v", got, err)
		}
		if _, err := e.svc.ConfirmEmailChange(ctx, tok); !errors.Is(err, ErrInvalidToken) {
			t.Fatalf("reused change token: %v", err)
		}
		e.login(t, "ada@new.example", goodPassword)
		if _, err := e.svc.Login(ctx, "ada@example.org", goodPassword, "192.0.2.1", "ua"); !errors.Is(err, ErrInvalidCredentials) {
			t.Fatalf("old email still logs in: %v", err)
		}

		// Someone else takes the address between request and confirmation.
		tok2, err := e.svc.RequestEmailChange(ctx, u.ID, "contested@example.org", goodPassword)
		if err != nil {
			t.Fatal(err)
		}
		e.signUp(t, "contested@example.org", "Cem")
		if _, err := e.svc.ConfirmEmailChange(ctx, tok2); !errors.Is(err, models.ErrEmailTaken) {
			t.Fatalf("confirm to a taken address: %v; want ErrEmailTaken", err)
		}

		tok3, _ := e.svc.RequestEmailChange(ctx, u.ID, "later@example.org", goodPassword)
		e.clk.Advance(ChangeEmailTTL)
		if _, err := e.svc.ConfirmEmailChange(ctx, tok3); !errors.Is(err, ErrInvalidToken) {
			t.Fatalf("expired change token: %v", err)
		}
	})
}

func TestDisabledUserIsRejected(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		ctx := t.Context()
		u, _ := e.signUp(t, "ada@example.org", "Ada")
		s := e.login(t, "ada@example.org", goodPassword)
		if err := e.svc.SetDisabled(ctx, u.ID, true); err != nil {
			t.Fatal(err)
		}
		e.mustNotAuth(t, s.Token, "session of a disabled user")
		if _, err := e.svc.Login(ctx, "ada@example.org", goodPassword, "192.0.2.1", "ua"); !errors.Is(err, ErrDisabled) {
			t.Fatalf("login of disabled user with right password: %v; want ErrDisabled", err)
		}
		if _, err := e.svc.Login(ctx, "ada@example.org", "wrong password!", "192.0.2.1", "ua"); !errors.Is(err, ErrInvalidCredentials) {
			t.Fatalf("login of disabled user with wrong password: %v; want ErrInvalidCredentials", err)
		}
		if _, found, _ := e.svc.RequestPasswordReset(ctx, "ada@example.org"); found {
			t.Fatal("reset offered to a disabled account")
		}
		if err := e.svc.SetDisabled(ctx, u.ID, false); err != nil {
			t.Fatal(err)
		}
		s2 := e.login(t, "ada@example.org", goodPassword)
		// Disabled behind the service's back (no session revocation): Authenticate must still refuse.
		now := e.clk.Now()
		if err := e.store.SetDisabled(ctx, u.ID, &now, now); err != nil {
			t.Fatal(err)
		}
		e.mustNotAuth(t, s2.Token, "live session of a user disabled directly in the store")
	})
}

func TestSetupLink(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		ctx := t.Context()
		token := func(link string) string { return link[strings.LastIndexByte(link, '/')+1:] }

		expired, created, err := e.svc.EnsureSetupLink(ctx, "https://cc.example/")
		if err != nil || !created || !strings.HasPrefix(expired, "https://cc.example/setup/") || len(token(expired)) != 43 {
			t.Fatalf("setup link = %q, %v, %v", expired, created, err)
		}
		e.clk.Advance(SetupTTL)
		if err := e.svc.CheckSetupToken(ctx, token(expired)); !errors.Is(err, ErrInvalidToken) {
			t.Fatalf("24 h old setup link: %v", err)
		}
		other, _, _ := e.svc.EnsureSetupLink(ctx, "https://cc.example")
		link, _, _ := e.svc.EnsureSetupLink(ctx, "https://cc.example")
		if other == link {
			t.Fatal("two setup links are equal")
		}
		if err := e.svc.CheckSetupToken(ctx, token(link)); err != nil {
			t.Fatal(err)
		}
		_, err = e.svc.CompleteSetup(ctx, token(link), "root@example.org", "Root", "admin123")
		wantField(t, err, "password")
		admin, err := e.svc.CompleteSetup(ctx, token(link), "Root@Example.org", "Root", goodPassword)
		if err != nil {
			t.Fatalf("setup after a rejected attempt: %v", err)
		}
		if admin.Role != models.RoleAdmin || !admin.Verified() || admin.Email != "root@example.org" {
			t.Fatalf("admin = %+v", admin)
		}
		for _, l := range []string{link, other} {
			if _, err := e.svc.CompleteSetup(ctx, token(l), "evil@example.org", "Evil", goodPassword); !errors.Is(err, ErrInvalidToken) {
				t.Fatalf("setup link %s after setup: %v; want ErrInvalidToken", l, err)
			}
		}
		if l, created, err := e.svc.EnsureSetupLink(ctx, "https://cc.example"); err != nil || created || l != "" {
			t.Fatalf("setup link with an admin: %q %v %v", l, created, err)
		}
		e.login(t, "root@example.org", goodPassword)
	})
}

func TestConcurrentSetupMakesOneAdmin(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		var links []string
		for range 4 {
			l, _, err := e.svc.EnsureSetupLink(t.Context(), "http://x.test")
			if err != nil {
				t.Fatal(err)
			}
			links = append(links, l[strings.LastIndexByte(l, '/')+1:])
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for i, tok := range links {
			wg.Go(func() {
				_, err := e.svc.CompleteSetup(context.Background(), tok, fmt.Sprintf("admin%d@example.org", i), "Admin", goodPassword)
				switch {
				case err == nil:
					mu.Lock()
					wins++
					mu.Unlock()
				case errors.Is(err, ErrInvalidToken), errors.Is(err, ErrSetupDone):
				default:
					t.Errorf("setup %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		n, err := e.store.CountActiveAdmins(t.Context())
		if err != nil || wins != 1 || n != 1 {
			t.Fatalf("%d setups won, %d admins (%v); want exactly one", wins, n, err)
		}
	})
}

func TestRolesAndAdmins(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		ctx := t.Context()
		root, err := e.svc.CreateAdmin(ctx, "root@example.org", "Root", goodPassword)
		if err != nil || root.Role != models.RoleAdmin || !root.Verified() {
			t.Fatalf("create admin = %+v, %v", root, err)
		}
		if _, err := e.svc.CreateAdmin(ctx, "ROOT@example.org", "Again", goodPassword); !errors.Is(err, models.ErrEmailTaken) {
			t.Fatalf("second admin with the same email: %v", err)
		}
		if _, err := e.svc.CreateAdmin(ctx, "weak@example.org", "Weak", "password"); err == nil {
			t.Fatal("admin with a common password created")
		}
		if err := e.svc.SetRole(ctx, root.ID, models.RoleUser); !errors.Is(err, ErrLastAdmin) {
			t.Fatalf("demote last admin: %v; want ErrLastAdmin", err)
		}
		if err := e.svc.SetDisabled(ctx, root.ID, true); !errors.Is(err, ErrLastAdmin) {
			t.Fatalf("disable last admin: %v; want ErrLastAdmin", err)
		}
		u, _ := e.signUp(t, "ada@example.org", "Ada")
		if err := e.svc.SetRole(ctx, u.ID, "root"); err == nil {
			t.Fatal("unknown role accepted")
		}
		for _, r := range []models.Role{models.RoleExpert, models.RoleAdmin} {
			if err := e.svc.SetRole(ctx, u.ID, r); err != nil {
				t.Fatalf("set role %s: %v", r, err)
			}
			if got, _ := e.store.UserByID(ctx, u.ID); got.Role != r {
				t.Fatalf("role = %s; want %s", got.Role, r)
			}
		}
		if err := e.svc.SetRole(ctx, root.ID, models.RoleUser); err != nil {
			t.Fatalf("demote one of two admins: %v", err)
		}
		if err := e.svc.SetRole(ctx, "0190b8a0-0000-7000-8000-00000000ffff", models.RoleUser); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("unknown user: %v", err)
		}
	})
}

func TestLoginRehashesWhenParametersChange(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		old := newEnv(db, WithParams(cheap))
		u, _ := old.signUp(t, "ada@example.org", "Ada")
		cur := newEnv(db) // production cost, as after an upgrade
		cur.login(t, "ada@example.org", goodPassword)
		stored, err := cur.store.UserByID(t.Context(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(stored.PasswordHash, "$argon2id$v=19$m=19456,t=2,p=1$") {
			t.Fatalf("hash not upgraded at login: %q", stored.PasswordHash)
		}
		cur.login(t, "ada@example.org", goodPassword)
	})
}

func TestPrune(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap))
		ctx := t.Context()
		e.signUp(t, "ada@example.org", "Ada")
		s := e.login(t, "ada@example.org", goodPassword)
		e.clk.Advance(DefaultAbsoluteTimeout + 25*time.Hour)
		if err := e.svc.Prune(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.SessionByID(ctx, hashToken(s.Token)); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("expired session kept: %v", err)
		}
		var n int64
		db.Gorm.Table("auth_tokens").Count(&n)
		if n != 0 {
			t.Fatalf("%d expired tokens kept", n)
		}
	})
}
