package beta_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/mail"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

const base = "https://claimcheck.test"

// env is a service over a fresh database with a settable clock.
type env struct {
	db    *database.DB
	svc   *beta.Service
	clock time.Time
	admin string
}

func newEnv(t *testing.T, db *database.DB, hook func(context.Context, int, string) error) *env {
	t.Helper()
	e := &env{db: db, clock: time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)}
	var mu sync.Mutex
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		e.clock = e.clock.Add(time.Millisecond)
		return e.clock
	}
	e.svc = beta.New(beta.Config{Waitlist: models.NewWaitlistStore(db), Tx: models.NewTransactor(db), Audit: models.NewAuditStore(db),
		Outbox: mail.NewOutbox(models.NewOutboxStore(db)), BaseURL: base + "/", Now: now, InviteHook: hook})
	e.admin = e.user(t, "admin@example.org", true)
	return e
}

// user creates an account and returns its id.
func (e *env) user(t *testing.T, email string, verified bool) string {
	t.Helper()
	now := time.Now().UTC()
	u := &models.User{ID: uuid.NewString(), Email: email, Name: "U", PasswordHash: "x", Role: models.RoleUser, CreatedAt: now, UpdatedAt: now}
	if verified {
		u.EmailVerifiedAt = &now
	}
	if err := models.NewAccountStore(e.db).CreateUser(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// mails returns the outbox rows whose dedupe key starts with prefix.
func mails(t *testing.T, db *database.DB, prefix string) []models.OutboxMail {
	t.Helper()
	var ms []models.OutboxMail
	if err := db.Gorm.Where("dedupe_key LIKE ?", prefix+"%").Order("created_at").Find(&ms).Error; err != nil {
		t.Fatal(err)
	}
	return ms
}

// link extracts the first URL under base+path from a mail's text.
func link(t *testing.T, m models.OutboxMail, path string) string {
	t.Helper()
	i := strings.Index(m.TextBody, base+path)
	if i < 0 {
		t.Fatalf("no %s link in %q", path, m.TextBody)
	}
	return strings.Fields(m.TextBody[i:])[0]
}

// joinConfirmed joins and confirms n addresses.
func (e *env) joinConfirmed(t *testing.T, n int) {
	t.Helper()
	for i := range n {
		addr := fmt.Sprintf("p%02d@example.org", i)
		if err := e.svc.Join(t.Context(), beta.JoinInput{Email: addr}); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range mails(t, e.db, "beta-confirm:") {
		tok := strings.TrimPrefix(link(t, m, "/beta/confirm/"), base+"/beta/confirm/")
		if _, err := e.svc.Confirm(t.Context(), tok); err != nil {
			t.Fatal(err)
		}
	}
}

// assertOneInvitationEach checks every non-waiting entry was invited with exactly one mail.
func assertOneInvitationEach(t *testing.T, db *database.DB, want int) {
	t.Helper()
	var entries []models.WaitlistEntry
	db.Gorm.Find(&entries)
	inv := mails(t, db, "beta-invite:")
	if len(inv) != want {
		t.Fatalf("invitation mails = %d, want %d", len(inv), want)
	}
	to := map[string]int{}
	for _, m := range inv {
		to[m.ToAddr]++
	}
	for _, e := range entries {
		if e.State != models.WaitlistInvited || to[e.Email] != 1 {
			t.Errorf("%s: state %s, %d invitations", e.Email, e.State, to[e.Email])
		}
	}
}

func TestJoinTwiceMakesOneEntryAndThrottlesResend(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		ctx := t.Context()
		for range 3 {
			if err := e.svc.Join(ctx, beta.JoinInput{Email: " Ada@Example.org ", Name: "Ada"}); err != nil {
				t.Fatal(err)
			}
		}
		var n int64
		db.Gorm.Model(&models.WaitlistEntry{}).Count(&n)
		if got := len(mails(t, db, "beta-confirm:")); n != 1 || got != 1 {
			t.Fatalf("entries %d, confirmation mails %d; want 1, 1", n, got)
		}
		e.clock = e.clock.Add(beta.ResendAfter)
		if err := e.svc.Join(ctx, beta.JoinInput{Email: "ada@example.org", Name: "Mallory"}); err != nil {
			t.Fatal(err)
		}
		ms := mails(t, db, "beta-confirm:")
		if len(ms) != 2 || link(t, ms[0], "/beta/confirm/") != link(t, ms[1], "/beta/confirm/") {
			t.Fatalf("after an hour want a second mail with the same link, got %d", len(ms))
		}
		if !strings.Contains(ms[1].TextBody, "Hello Ada,") || !strings.Contains(ms[1].HTMLBody, "/beta/leave/") || !strings.Contains(ms[1].TextBody, "Leave the list with one click:\n"+base+"/beta/leave/") ||
			strings.Contains(ms[1].TextBody+ms[1].HTMLBody, "List-Unsubscribe") || strings.Contains(ms[1].TextBody+ms[1].HTMLBody, "your Claimcheck account") {
			t.Fatalf("re-sent mail: %s", ms[1].TextBody)
		}
		var bad interface{ Message(string) string }
		err := e.svc.Join(ctx, beta.JoinInput{Email: "not an address"})
		if !errors.As(err, &bad) || bad.Message("email") == "" {
			t.Fatalf("invalid email: %v", err)
		}
	})
}

func TestConfirmPositionAndLeave(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		ctx := t.Context()
		for _, a := range []string{"a@example.org", "b@example.org", "c@example.org"} {
			if err := e.svc.Join(ctx, beta.JoinInput{Email: a}); err != nil {
				t.Fatal(err)
			}
		}
		ms := mails(t, db, "beta-confirm:")
		tok := func(m models.OutboxMail) string {
			return strings.TrimPrefix(link(t, m, "/beta/confirm/"), base+"/beta/confirm/")
		}
		// Confirmation order, not join order, makes the queue.
		for i, want := range []int64{1, 2, 3} {
			c, err := e.svc.Confirm(ctx, tok(ms[2-i]))
			if err != nil || c.Position != want {
				t.Fatalf("confirm %d: %+v %v; want position %d", i, c, err, want)
			}
		}
		again, err := e.svc.Confirm(ctx, tok(ms[2]))
		if err != nil || again.Position != 1 {
			t.Fatalf("reopened link: %+v %v", again, err)
		}
		leave := strings.TrimPrefix(link(t, ms[2], "/beta/leave/"), base+"/beta/leave/")
		if err := e.svc.Leave(ctx, leave); err != nil {
			t.Fatal(err)
		}
		if err := e.svc.Leave(ctx, leave); err != nil {
			t.Fatalf("second leave: %v", err)
		}
		if c, err := e.svc.Confirm(ctx, tok(ms[1])); err != nil || c.Position != 1 {
			t.Fatalf("b moves up after c leaves: %+v %v", c, err)
		}
		if _, err := e.svc.Confirm(ctx, tok(ms[2])); !errors.Is(err, beta.ErrInvalidToken) {
			t.Fatalf("confirm after leaving: %v", err)
		}
		if err := e.svc.Leave(ctx, "forged"); !errors.Is(err, beta.ErrInvalidToken) {
			t.Fatalf("forged leave: %v", err)
		}
	})
}

func TestOpenBetaTwiceTellsEachOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		e.joinConfirmed(t, 12)
		r1, err := e.svc.OpenBeta(t.Context(), e.admin)
		if err != nil || r1.Invited != 12 {
			t.Fatalf("first run: %+v %v", r1, err)
		}
		r2, err := e.svc.OpenBeta(t.Context(), e.admin)
		if err != nil || r2.Invited != 0 {
			t.Fatalf("second run: %+v %v", r2, err)
		}
		assertOneInvitationEach(t, db, 12)
	})
}

func TestOpenBetaConcurrentlyTellsEachOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		e.joinConfirmed(t, 20)
		var wg sync.WaitGroup
		total := make([]int, 4)
		errs := make([]error, 4)
		for i := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := e.svc.OpenBeta(context.Background(), e.admin)
				total[i], errs[i] = r.Invited, err
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		if sum := total[0] + total[1] + total[2] + total[3]; sum != 20 {
			t.Fatalf("runs invited %v, sum %d; want 20", total, sum)
		}
		assertOneInvitationEach(t, db, 20)
		logged, err := e.svc.Audit().List(t.Context(), models.AuditFilter{Action: beta.ActionOpenBeta})
		if err != nil || len(logged) != 4 || *logged[0].ActorUserID != e.admin {
			t.Fatalf("audit: %d %v", len(logged), err)
		}
	})
}

func TestInvitationRunResumesAfterCrash(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		crash := true
		e := newEnv(t, db, func(_ context.Context, committed int, _ string) error {
			if crash && committed == 3 {
				return errors.New("simulated crash")
			}
			return nil
		})
		e.joinConfirmed(t, 8)
		r, err := e.svc.OpenBeta(t.Context(), e.admin)
		if err == nil || r.Invited != 3 {
			t.Fatalf("crashing run: %+v %v", r, err)
		}
		if got := len(mails(t, db, "beta-invite:")); got != 3 {
			t.Fatalf("after crash %d invitations, want 3 (the 4th rolled back with its state)", got)
		}
		var confirmed int64
		db.Gorm.Model(&models.WaitlistEntry{}).Where("state = 'confirmed'").Count(&confirmed)
		if confirmed != 5 {
			t.Fatalf("confirmed after crash = %d, want 5", confirmed)
		}
		crash = false
		r, err = e.svc.OpenBeta(t.Context(), e.admin)
		if err != nil || r.Invited != 5 {
			t.Fatalf("resumed run: %+v %v", r, err)
		}
		assertOneInvitationEach(t, db, 8)
		var runs []models.BetaInviteRun
		db.Gorm.Order("started_at").Find(&runs)
		if len(runs) != 2 || runs[0].State != "failed" || runs[1].State != "finished" {
			t.Fatalf("runs: %+v", runs)
		}
	})
}

func TestInviteSelectedSkipsOthersAndGrantsExistingAccounts(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		e.joinConfirmed(t, 3)
		existing := e.user(t, "p01@example.org", true)
		var entries []models.WaitlistEntry
		db.Gorm.Order("email").Find(&entries)
		r, err := e.svc.InviteSelected(t.Context(), e.admin, []string{entries[1].ID, entries[1].ID, "junk"})
		if err != nil || r.Invited != 1 {
			t.Fatalf("invite selected: %+v %v", r, err)
		}
		if has, _ := e.svc.HasBetaAccess(t.Context(), &models.User{ID: existing}); !has {
			t.Fatal("existing verified account not granted at invitation")
		}
		m, err := models.NewOutboxStore(db).ByDedupeKey(t.Context(), beta.InviteDedupeKey(entries[1].ID))
		if err != nil || !strings.Contains(m.TextBody, "/account") || !strings.Contains(m.TextBody, "/beta/leave/") {
			t.Fatalf("invitation: %v %+v", err, m)
		}
		got, _ := models.NewWaitlistStore(db).ByID(t.Context(), entries[1].ID)
		if got.State != models.WaitlistJoined {
			t.Fatalf("state %s, want joined", got.State)
		}
	})
}

func TestGrantIfInvitedNeedsInvitationAndVerifiedAddress(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		e.joinConfirmed(t, 2)
		if _, err := e.svc.OpenBeta(t.Context(), e.admin); err != nil {
			t.Fatal(err)
		}
		ctx := t.Context()
		unverified := e.user(t, "p00@example.org", false)
		if has, err := e.svc.GrantIfInvited(ctx, unverified, "p00@example.org"); err != nil || has {
			t.Fatalf("unverified: %v %v", has, err)
		}
		db.Gorm.Exec("UPDATE users SET email_verified_at = ? WHERE id = ?", time.Now().UTC(), unverified)
		if has, err := e.svc.GrantIfInvited(ctx, unverified, "P00@example.org"); err != nil || !has {
			t.Fatalf("verified: %v %v", has, err)
		}
		stranger := e.user(t, "nobody@example.org", true)
		if has, _ := e.svc.GrantIfInvited(ctx, stranger, "nobody@example.org"); has {
			t.Fatal("not invited but granted")
		}
		k := &models.APIKey{ID: "k", PlanID: uuid.NewString(), UserID: &unverified}
		if !e.svc.KeyHasV1(ctx, k) {
			t.Fatal("key of a beta account not marked for /v1")
		}
		k.UserID = &stranger
		if e.svc.KeyHasV1(ctx, k) {
			t.Fatal("key without beta or plan access marked for /v1")
		}
	})
}

// An account that was never invited has no access, and asking must not fail (a NULL
// beta_access_at once broke the dashboard).
func TestHasBetaAccessForUninvitedUser(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		now := time.Now().UTC()
		u := &models.User{ID: uuid.NewString(), Email: "plain@example.org", Name: "Plain", PasswordHash: "x", Role: models.RoleUser, CreatedAt: now, UpdatedAt: now}
		if err := models.NewAccountStore(db).CreateUser(context.Background(), u); err != nil {
			t.Fatal(err)
		}
		has, err := beta.New(beta.Config{Waitlist: models.NewWaitlistStore(db)}).HasBetaAccess(context.Background(), u)
		if err != nil || has {
			t.Fatalf("HasBetaAccess = %v, %v; want false, nil", has, err)
		}
	})
}

// An account on a plan with /v1 access has it without an invitation, and so does one with a live
// key on such a plan, so the dashboard and the webhook pages agree with what its keys can do; a
// revoked key gives nothing.
func TestHasBetaAccessFromPlans(t *testing.T) {
	const starter, betaFree = "0190b8a0-0000-7000-8000-000000000001", "0190b8a0-0000-7000-8000-000000000003"
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		ctx := t.Context()
		now := time.Now().UTC()
		has := func(id string) bool {
			t.Helper()
			ok, err := e.svc.HasBetaAccess(ctx, &models.User{ID: id})
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		onPlan := e.user(t, "plan@example.org", true)
		if err := models.NewAccountStore(db).SetPlan(ctx, onPlan, ptr(betaFree), now); err != nil {
			t.Fatal(err)
		}
		withKey := e.user(t, "key@example.org", true)
		if err := models.NewAccountStore(db).SetPlan(ctx, withKey, ptr(starter), now); err != nil {
			t.Fatal(err)
		}
		if has(withKey) {
			t.Fatal("a Starter account without keys has /v1 access")
		}
		key := &models.APIKey{ID: uuid.NewString(), PlanID: betaFree, Name: "k", Prefix: "Pfx12345", Hash: uuid.NewString(), CreatedAt: now, UserID: &withKey}
		if err := storerules.Stores(db).Keys.Create(ctx, key); err != nil {
			t.Fatal(err)
		}
		if !has(onPlan) || !has(withKey) {
			t.Fatalf("plan access: on plan %v, with key %v; want both", has(onPlan), has(withKey))
		}
		if err := db.Gorm.Exec("UPDATE api_keys SET revoked_at = ? WHERE id = ?", now, key.ID).Error; err != nil {
			t.Fatal(err)
		}
		if has(withKey) {
			t.Fatal("a revoked key still gives its account /v1 access")
		}
	})
}

func ptr[T any](v T) *T { return &v }
