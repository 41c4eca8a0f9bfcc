package accounts

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

const wrongPassword = "wrong password!"

// retryAfter is the wait a throttled attempt reports; it fails the test for any other outcome.
func retryAfter(t *testing.T, err error) time.Duration {
	t.Helper()
	var te *ThrottledError
	if !errors.As(err, &te) || !errors.Is(err, ErrThrottled) {
		t.Fatalf("err = %v; want a *ThrottledError", err)
	}
	return te.RetryAfter
}

// fail makes one wrong-password attempt that must be checked (and refused as wrong).
func (e *env) fail(t *testing.T, email, ip string) {
	t.Helper()
	if _, err := e.svc.Login(t.Context(), email, wrongPassword, ip, "ua"); !errors.Is(err, ErrInvalidCredentials) {
		t.Fatalf("wrong password for %s from %s: %v; want ErrInvalidCredentials", email, ip, err)
	}
}

// The delay doubles with each failure past the free allowance up to the cap, attempts during a
// delay are refused unchecked and uncounted, and the right password works as soon as the delay
// ends, clearing the count.
func TestLoginBackoff(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap), WithLoginLimits(3, 100, 30*time.Second))
		ctx := t.Context()
		e.signUp(t, "ada@example.org", "Ada")
		for i := range 3 {
			e.fail(t, "ada@example.org", fmt.Sprintf("198.51.100.%d", i)) // a botnet: a new address each time
		}
		for i, want := range []time.Duration{2, 4, 8, 16, 30, 30} {
			want *= time.Second
			got := retryAfter(t, func() error {
				_, err := e.svc.Login(ctx, "ada@example.org", goodPassword, "203.0.113.9", "ua")
				return err
			}())
			if got != want {
				t.Fatalf("delay %d = %v, want %v", i+1, got, want)
			}
			// Hammering during the delay neither gets checked nor lengthens it.
			for range 3 {
				if d := retryAfter(t, func() error {
					_, err := e.svc.Login(ctx, "ada@example.org", wrongPassword, "203.0.113.10", "ua")
					return err
				}()); d != want {
					t.Fatalf("delay moved to %v while waiting", d)
				}
			}
			e.clk.Advance(want)
			e.fail(t, "ada@example.org", "198.51.100.200")
		}
		// The owner, after the delay, gets in with the right password; the count starts again.
		e.clk.Advance(30 * time.Second)
		e.login(t, "ada@example.org", goodPassword)
		for i := range 3 {
			e.fail(t, "ada@example.org", fmt.Sprintf("198.51.100.%d", i))
		}
		// An unknown email is throttled exactly like a known one.
		for range 3 {
			e.fail(t, "ghost@example.org", "198.51.100.9")
		}
		if d := retryAfter(t, func() error {
			_, err := e.svc.Login(ctx, "ghost@example.org", wrongPassword, "198.51.100.10", "ua")
			return err
		}()); d != 2*time.Second {
			t.Fatalf("unknown email delay %v", d)
		}
		// A day without attempts forgets the failures.
		e.clk.Advance(forgetAccountFailures)
		for range 3 {
			e.fail(t, "ghost@example.org", "198.51.100.11")
		}
	})
}

// A known device logs in at once with the right password while a botnet keeps the account
// throttled; its wrong passwords count against the device, not the account.
func TestLoginKnownDevice(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap), WithLoginLimits(3, 100, 15*time.Minute))
		ctx := t.Context()
		ada, _ := e.signUp(t, "ada@example.org", "Ada")
		e.signUp(t, "bob@example.org", "Bob")
		first := e.login(t, "ada@example.org", goodPassword)
		if uid, _, ok := e.svc.DeviceUser(first.DeviceToken); !ok || uid != ada.ID {
			t.Fatalf("login gave device token %q (user %q, ok %v)", first.DeviceToken, uid, ok)
		}
		bobDevice := e.login(t, "bob@example.org", goodPassword).DeviceToken
		for i := range 3 {
			e.fail(t, "ada@example.org", fmt.Sprintf("198.51.100.%d", i))
		}
		login := func(device, password string) (*Session, error) {
			return e.svc.LoginWith(ctx, LoginRequest{Email: "ada@example.org", Password: password, IP: "192.0.2.50", UserAgent: "ua", DeviceToken: device})
		}
		if _, err := login("", goodPassword); !errors.Is(err, ErrThrottled) {
			t.Fatalf("without the device: %v; want ErrThrottled", err)
		}
		sess, err := login(first.DeviceToken, goodPassword)
		if err != nil {
			t.Fatalf("known device during throttling: %v", err)
		}
		if _, dev1, _ := e.svc.DeviceUser(first.DeviceToken); func() bool { _, dev2, _ := e.svc.DeviceUser(sess.DeviceToken); return dev1 != dev2 }() {
			t.Error("a known device got a new device id")
		}
		// The account is still throttled for everyone else.
		if _, err := login("", goodPassword); !errors.Is(err, ErrThrottled) {
			t.Fatalf("after the device login, without the device: %v; want ErrThrottled", err)
		}
		// Someone else's device token, a forged one and an expired one do not help.
		forged := first.DeviceToken[:len(first.DeviceToken)-2] + "AA"
		other := New(e.store, nil, WithClock(e.clk.Now)) // another key
		otherKey, err := other.IssueDeviceToken(ada.ID)
		if err != nil {
			t.Fatal(err)
		}
		for name, tok := range map[string]string{"bob's": bobDevice, "forged": forged, "other key": otherKey, "junk": "x.y"} {
			if _, err := login(tok, goodPassword); !errors.Is(err, ErrThrottled) {
				t.Errorf("%s device token: %v; want ErrThrottled", name, err)
			}
		}
		// Wrong passwords on the device slow the device down, not the account's owner elsewhere.
		for range 3 {
			if _, err := login(sess.DeviceToken, wrongPassword); !errors.Is(err, ErrInvalidCredentials) {
				t.Fatalf("device wrong password: %v", err)
			}
		}
		if _, err := login(sess.DeviceToken, goodPassword); !errors.Is(err, ErrThrottled) {
			t.Fatalf("device after its own failures: %v; want ErrThrottled", err)
		}
		e.clk.Advance(2 * time.Second)
		if _, err := login(sess.DeviceToken, goodPassword); err != nil {
			t.Fatalf("device after its delay: %v", err)
		}
		e.clk.Advance(DeviceTokenTTL)
		if _, _, ok := e.svc.DeviceUser(sess.DeviceToken); ok {
			t.Error("device token outlived DeviceTokenTTL")
		}
	})
}

// Failures from one address (a newsroom behind one NAT) slow that address by at most a minute and
// never lock its people out: a known device is not slowed at all, and a colleague's successful
// login does not add to the count.
func TestLoginSharedAddress(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap), WithLoginLimits(100, 5, 15*time.Minute))
		ctx := t.Context()
		e.signUp(t, "bob@example.org", "Bob")
		e.signUp(t, "cem@example.org", "Cem")
		const nat = "192.0.2.77"
		cem, err := e.svc.Login(ctx, "cem@example.org", goodPassword, nat, "ua")
		if err != nil {
			t.Fatal(err)
		}
		for i := range 5 {
			e.fail(t, fmt.Sprintf("user%d@example.org", i), nat)
		}
		if _, err := e.svc.Login(ctx, "bob@example.org", goodPassword, "192.0.2.78", "ua"); err != nil {
			t.Fatalf("another address: %v", err)
		}
		d := retryAfter(t, func() error { _, err := e.svc.Login(ctx, "bob@example.org", goodPassword, nat, "ua"); return err }())
		if d != 2*time.Second {
			t.Fatalf("first address delay %v", d)
		}
		if _, err := e.svc.LoginWith(ctx, LoginRequest{Email: "cem@example.org", Password: goodPassword, IP: nat, DeviceToken: cem.DeviceToken}); err != nil {
			t.Fatalf("known device behind the throttled address: %v", err)
		}
		// Many more failures: the address's delay stops at a minute.
		for range 12 {
			e.clk.Advance(maxIPDelay)
			e.fail(t, "mallory@example.org", nat)
		}
		if d := retryAfter(t, func() error { _, err := e.svc.Login(ctx, "bob@example.org", goodPassword, nat, "ua"); return err }()); d != maxIPDelay {
			t.Fatalf("address delay %v, want the cap %v", d, maxIPDelay)
		}
		e.clk.Advance(maxIPDelay)
		if _, err := e.svc.Login(ctx, "bob@example.org", goodPassword, nat, "ua"); err != nil {
			t.Fatalf("after the address delay: %v", err)
		}
		// Bob's success did not count, nor end the delay early for the next failure.
		e.fail(t, "mallory@example.org", nat)
		if d := retryAfter(t, func() error { _, err := e.svc.Login(ctx, "bob@example.org", goodPassword, nat, "ua"); return err }()); d != maxIPDelay {
			t.Fatalf("after a success, delay %v, want %v", d, maxIPDelay)
		}
	})
}

// An unlock link is single-use, works for an hour, replaces earlier links and lifts the
// account's delay; it gives the browser a device token too.
func TestLoginUnlockLink(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap), WithLoginLimits(3, 100, 15*time.Minute))
		ctx := t.Context()
		ada, _ := e.signUp(t, "ada@example.org", "Ada")
		for i := range 13 {
			e.clk.Advance(15 * time.Minute)
			e.fail(t, "ada@example.org", fmt.Sprintf("198.51.100.%d", i))
		}
		if d := retryAfter(t, func() error {
			_, err := e.svc.Login(ctx, "ada@example.org", goodPassword, "192.0.2.1", "ua")
			return err
		}()); d != 15*time.Minute {
			t.Fatalf("delay %v", d)
		}
		for _, email := range []string{"ghost@example.org", "not an email", ""} {
			if tok, found, err := e.svc.RequestLoginUnlock(ctx, email); err != nil || found || tok != "" {
				t.Errorf("unlock for %q: %q %v %v", email, tok, found, err)
			}
		}
		old, found, err := e.svc.RequestLoginUnlock(ctx, " ADA@example.org")
		if err != nil || !found || len(old) != 43 {
			t.Fatalf("unlock: %q %v %v", old, found, err)
		}
		tok, _, err := e.svc.RequestLoginUnlock(ctx, "ada@example.org")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := e.svc.UnlockLogin(ctx, old); !errors.Is(err, ErrInvalidToken) {
			t.Errorf("replaced link: %v; want ErrInvalidToken", err)
		}
		u, device, err := e.svc.UnlockLogin(ctx, tok)
		if err != nil || u.ID != ada.ID {
			t.Fatalf("unlock: %v %v", u, err)
		}
		if uid, _, ok := e.svc.DeviceUser(device); !ok || uid != ada.ID {
			t.Errorf("unlock device token for %q, ok %v", uid, ok)
		}
		if _, _, err := e.svc.UnlockLogin(ctx, tok); !errors.Is(err, ErrInvalidToken) {
			t.Errorf("second use: %v; want ErrInvalidToken", err)
		}
		e.login(t, "ada@example.org", goodPassword)

		// A link expires after UnlockLoginTTL; a made-up one never works.
		late, _, err := e.svc.RequestLoginUnlock(ctx, "ada@example.org")
		if err != nil {
			t.Fatal(err)
		}
		e.clk.Advance(UnlockLoginTTL)
		for _, bad := range []string{late, "made-up", strings.Repeat("A", 43)} {
			if _, _, err := e.svc.UnlockLogin(ctx, bad); !errors.Is(err, ErrInvalidToken) {
				t.Errorf("unlock %q: %v; want ErrInvalidToken", bad, err)
			}
		}
		// Asking is limited like password resets, silently.
		e.clk.Advance(time.Hour)
		for i := range ResetsPerHour + 1 {
			_, found, err := e.svc.RequestLoginUnlock(ctx, "ada@example.org")
			if err != nil || found != (i < ResetsPerHour) {
				t.Fatalf("request %d: found %v, err %v", i+1, found, err)
			}
		}
		if err := e.svc.Prune(ctx); err != nil {
			t.Fatalf("prune: %v", err)
		}
	})
}

// Parallel guesses cannot all pass on one reading of the count: with three free attempts, at most
// three of many simultaneous wrong passwords are checked.
func TestLoginThrottleHoldsUnderConcurrency(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(db, WithParams(cheap), WithLoginLimits(3, 100, 15*time.Minute))
		e.signUp(t, "ada@example.org", "Ada")
		var wg sync.WaitGroup
		var mu sync.Mutex
		checked, other := 0, []error{}
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := e.svc.Login(t.Context(), "ada@example.org", wrongPassword, fmt.Sprintf("198.51.100.%d", i), "ua")
				mu.Lock()
				defer mu.Unlock()
				switch {
				case errors.Is(err, ErrInvalidCredentials):
					checked++
				case errors.Is(err, ErrThrottled):
				default:
					other = append(other, err)
				}
			}()
		}
		wg.Wait()
		if checked > 3 || checked == 0 || len(other) > 0 {
			t.Fatalf("%d of 16 parallel guesses checked (want 1..3), other errors %v", checked, other)
		}
	})
}
