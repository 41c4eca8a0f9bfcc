package beta_test

import (
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// planOf returns the slug of the account's plan and of each of its keys.
func planOf(t *testing.T, db *database.DB, userID string) (string, []string) {
	t.Helper()
	p, err := storerules.Stores(db).Keys.AccountPlan(t.Context(), userID)
	if err != nil {
		t.Fatal(err)
	}
	var keySlugs []string
	if err := db.Gorm.Raw(`SELECT p.slug FROM api_keys k JOIN plans p ON p.id = k.plan_id WHERE k.user_id = ? ORDER BY k.name`, userID).
		Scan(&keySlugs).Error; err != nil {
		t.Fatal(err)
	}
	return p.Slug, keySlugs
}

// starterKey gives the account a key on the Starter plan.
func starterKey(t *testing.T, db *database.DB, userID, name string) {
	t.Helper()
	st := storerules.Stores(db)
	p, err := st.Plans.BySlug(t.Context(), models.StarterPlanSlug)
	if err != nil {
		t.Fatal(err)
	}
	k := &models.APIKey{ID: uuid.NewString(), PlanID: p.ID, Name: name, Prefix: uuid.NewString()[:8], Hash: uuid.NewString(), UserID: &userID}
	if err := st.Keys.Create(t.Context(), k); err != nil {
		t.Fatal(err)
	}
}

// TestAnnouncedQuotaIsTheSeededPlan keeps /beta, /pricing, the dashboard and the mail (which say
// AnnouncedFreeQuota) in step with what the plan enforces.
func TestAnnouncedQuotaIsTheSeededPlan(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		p, err := storerules.Stores(db).Plans.BySlug(t.Context(), beta.FreePlanSlug)
		if err != nil || p.MonthlyQuota == nil || *p.MonthlyQuota != beta.AnnouncedFreeQuota || !p.V1Access {
			t.Fatalf("plan %s = %+v, %v; want %d a month with /v1", beta.FreePlanSlug, p, err, beta.AnnouncedFreeQuota)
		}
	})
}

// TestInvitationGrantsTheFreeBetaPlan: the invitation moves a Starter account and its keys to the
// free beta plan (at sign-up verification, and at once for an existing verified account), and
// leaves an account on a larger plan where it is.
func TestInvitationGrantsTheFreeBetaPlan(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		ctx := t.Context()
		e.joinConfirmed(t, 3) // p00, p01, p02
		existing := e.user(t, "p01@example.org", true)
		starterKey(t, db, existing, "existing")
		enterprise := e.user(t, "p02@example.org", true)
		ent, err := storerules.Stores(db).Plans.BySlug(ctx, "enterprise")
		if err != nil {
			t.Fatal(err)
		}
		if err := storerules.Stores(db).Keys.SetPlanForUser(ctx, models.Tx{}, enterprise, ent.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.OpenBeta(ctx, e.admin); err != nil {
			t.Fatal(err)
		}
		if plan, ks := planOf(t, db, existing); plan != beta.FreePlanSlug || strings.Join(ks, ",") != beta.FreePlanSlug {
			t.Errorf("existing verified account after the invitation: plan %s, keys %v", plan, ks)
		}
		if plan, _ := planOf(t, db, enterprise); plan != "enterprise" {
			t.Errorf("an Enterprise account was moved to %s", plan)
		}
		// The invitation mail says what the plan is, accurately, and names no account it may not have.
		for _, m := range mails(t, db, "beta-invite:") {
			body := m.TextBody + m.HTMLBody
			for _, bad := range []string{"as the endpoints open", "List-Unsubscribe", "action on your Claimcheck account"} {
				if strings.Contains(body, bad) {
					t.Errorf("invitation to %s says %q", m.ToAddr, bad)
				}
			}
			for _, want := range []string{"1,000 requests a month", base + "/docs", base + "/beta/leave/"} {
				if !strings.Contains(m.TextBody, want) || !strings.Contains(m.HTMLBody, want) {
					t.Errorf("invitation to %s lacks %q", m.ToAddr, want)
				}
			}
		}

		// The invited person signs up: unverified, the dashboard status says invited, the plan stays.
		newcomer := e.user(t, "p00@example.org", false)
		starterKey(t, db, newcomer, "early")
		st, err := e.svc.BetaStatus(ctx, &models.User{ID: newcomer, Email: "p00@example.org"})
		if err != nil || st.Access || !st.Invited {
			t.Fatalf("unverified invited status = %+v, %v", st, err)
		}
		if plan, _ := planOf(t, db, newcomer); plan != models.StarterPlanSlug {
			t.Fatalf("unverified invited account on %s", plan)
		}
		// Verified: the status grants on the spot, plan and keys move.
		if err := db.Gorm.Exec("UPDATE users SET email_verified_at = created_at WHERE id = ?", newcomer).Error; err != nil {
			t.Fatal(err)
		}
		u, err := models.NewAccountStore(db).UserByID(ctx, newcomer)
		if err != nil {
			t.Fatal(err)
		}
		if st, err := e.svc.BetaStatus(ctx, u); err != nil || !st.Access {
			t.Fatalf("verified invited status = %+v, %v", st, err)
		}
		if plan, ks := planOf(t, db, newcomer); plan != beta.FreePlanSlug || strings.Join(ks, ",") != beta.FreePlanSlug {
			t.Errorf("after verifying: plan %s, keys %v", plan, ks)
		}
		// Granting again changes nothing.
		if has, err := e.svc.GrantIfInvited(ctx, newcomer, "p00@example.org"); err != nil || !has {
			t.Fatalf("second grant: %v %v", has, err)
		}
		// Someone on the list but not invited yet reads as listed; a stranger as nothing.
		if err := e.svc.Join(ctx, beta.JoinInput{Email: "later@example.org"}); err != nil {
			t.Fatal(err)
		}
		for email, want := range map[string]beta.Status{"later@example.org": {Listed: true}, "nobody@example.org": {}} {
			id := e.user(t, email, true)
			if st, err := e.svc.BetaStatus(ctx, &models.User{ID: id, Email: email, EmailVerifiedAt: &e.clock}); err != nil || st != want {
				t.Errorf("%s: status %+v, %v; want %+v", email, st, err, want)
			}
		}
	})
}
