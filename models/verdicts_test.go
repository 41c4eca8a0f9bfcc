package models_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// The history list's verdict filter reads the experts' verdict once any expert voted, and the
// analyzer's before.
func TestClaimListFiltersByEffectiveVerdict(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newExpertFixture(t, db)
		t0 := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
		// Three claims the analyzer could not decide; experts then rate two of them.
		unreviewed := f.claim("unreviewed", t0)
		refuted := f.claim("refuted by experts", t0.Add(time.Second))
		confirmed := f.claim("confirmed by experts", t0.Add(2*time.Second))
		ada := f.user("Ada", models.RoleExpert, false, t0)
		f.vote(refuted, ada, "yanlis", t0.Add(time.Minute))
		f.vote(confirmed, ada, "dogru", t0.Add(time.Minute))
		// A stale community verdict without votes is ignored, as EffectiveScore ignores it.
		if err := db.Gorm.Exec("UPDATE claims SET community_verdict = 'dogru' WHERE id = ?", unreviewed.ID).Error; err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			verdict string
			want    []string
		}{
			{"belirsiz", []string{unreviewed.ID}},
			{"yanlis", []string{refuted.ID}},
			{"dogru", []string{confirmed.ID}},
			{"kismen", nil},
			{"", []string{confirmed.ID, refuted.ID, unreviewed.ID}},
		} {
			cs, total, err := f.stores.Claims.List(ctx, models.ClaimFilter{Verdict: tc.verdict})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range cs {
				got = append(got, c.ID)
			}
			if !slices.Equal(got, tc.want) || total != int64(len(tc.want)) {
				t.Errorf("verdict %q: got %v (total %d), want %v", tc.verdict, got, total, tc.want)
			}
		}
	})
}

// A vote that settles a claim marks it settled, and a later vote that unsettles it clears the mark.
func TestApplyVoteStoresSettled(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newExpertFixture(t, db)
		t0 := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
		c := f.claim("settles", t0)
		ada := f.user("Ada", models.RoleExpert, false, t0)
		// A stand-in rule: settled from the second vote on unless a vote says belirsiz.
		rule := func(vs []models.ClaimVote) models.CommunityTally {
			settled := len(vs) >= 2
			for _, v := range vs {
				settled = settled && v.Verdict != "belirsiz"
			}
			return models.CommunityTally{Score: 0, Verdict: "yanlis", Confidence: 0.6, Experts: len(vs), Settled: settled}
		}
		vote := func(u *models.User, verdict string, at time.Time) models.Claim {
			t.Helper()
			res, err := f.store.ApplyVote(ctx, models.ClaimVote{ClaimID: c.ID, ExpertID: u.ID, Verdict: verdict, Confidence: 0.6}, rule, at)
			if err != nil {
				t.Fatal(err)
			}
			stored, err := f.stores.Claims.Get(ctx, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			if stored.CommunitySettled != res.Claim.CommunitySettled {
				t.Fatalf("stored settled %v, result says %v", stored.CommunitySettled, res.Claim.CommunitySettled)
			}
			return *stored
		}
		if got := vote(ada, "yanlis", t0.Add(time.Minute)); got.CommunitySettled {
			t.Fatal("one vote settled the claim")
		}
		bob := f.user("Bob", models.RoleExpert, false, t0)
		if got := vote(bob, "yanlis", t0.Add(2*time.Minute)); !got.CommunitySettled {
			t.Fatal("two agreeing votes did not settle the claim")
		}
		if got := vote(bob, "belirsiz", t0.Add(3*time.Minute)); got.CommunitySettled {
			t.Fatal("the claim stayed settled after a vote unsettled it")
		}
	})
}

// Confirming a claim's attribution records who and when, counts the claim toward its firm's
// trust, keeps the first confirmation, and refuses claims that are missing, hidden or linked
// elsewhere.
func TestConfirmAttribution(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := storerules.Stores(db)
		fs := models.NewFirmStore(db, storerules.Default())
		f := &models.Firm{Name: "Wire", Slug: "wire"}
		if err := fs.Create(ctx, f, []string{"wire.example"}); err != nil {
			t.Fatal(err)
		}
		other := &models.Firm{Name: "Other", Slug: "other"}
		if err := fs.Create(ctx, other, nil); err != nil {
			t.Fatal(err)
		}
		c := firmClaim(t, s, "wire.example", "yanlis", 0, firmTrustBase)
		stored, _ := s.Claims.Get(ctx, c.ID)
		if stored.AttributionConfirmed() || stored.CommunitySettled {
			t.Fatal("a claim linked by its submitter's address reads as confirmed")
		}
		if got := firmByID(t, fs, f.ID); got.TrustScore != nil {
			t.Fatalf("unconfirmed claim moved the trust to %v", *got.TrustScore)
		}
		admin := whUser(t, db)
		at := firmTrustBase.Add(time.Hour)
		got, err := fs.ConfirmAttribution(ctx, c.ID, f.ID, admin, at)
		if err != nil {
			t.Fatal(err)
		}
		stored, _ = s.Claims.Get(ctx, c.ID)
		for _, cl := range []*models.Claim{got, stored} {
			if !cl.AttributionConfirmed() || cl.FirmConfirmedBy == nil || *cl.FirmConfirmedBy != admin ||
				cl.FirmConfirmedAt == nil || !cl.FirmConfirmedAt.Equal(at) {
				t.Fatalf("confirmation by %v at %v for %v, want %s at %v for %s", cl.FirmConfirmedBy, cl.FirmConfirmedAt, cl.FirmConfirmedFor, admin, at, f.ID)
			}
		}
		if got := firmByID(t, fs, f.ID); !sameScore(got.TrustScore, ptr(41.67)) {
			t.Fatalf("trust after confirmation %v, want 41.67", scoreText(got.TrustScore))
		}
		// Confirming again keeps the first confirmer and time.
		if _, err := fs.ConfirmAttribution(ctx, c.ID, f.ID, whUser(t, db), at.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if again, _ := s.Claims.Get(ctx, c.ID); *again.FirmConfirmedBy != admin || !again.FirmConfirmedAt.Equal(at) {
			t.Fatalf("second confirmation replaced the first: by %s at %v", *again.FirmConfirmedBy, again.FirmConfirmedAt)
		}
		// Moving the claim to another firm leaves the confirmation behind.
		if err := fs.SetClaimFirm(ctx, c.ID, &other.ID); err != nil {
			t.Fatal(err)
		}
		if moved, _ := s.Claims.Get(ctx, c.ID); moved.AttributionConfirmed() {
			t.Fatal("the confirmation for one firm carried over to another")
		}
		if got := firmByID(t, fs, other.ID); got.TrustScore != nil {
			t.Fatalf("the other firm got trust %v from an unconfirmed claim", *got.TrustScore)
		}

		hidden := firmClaim(t, s, "wire.example", "dogru", 100, firmTrustBase.Add(time.Second))
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ? WHERE id = ?", at, hidden.ID).Error; err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name, claim, firm string
			want              error
		}{
			{"linked to another firm", c.ID, f.ID, models.ErrNoFirm},
			{"hidden", hidden.ID, f.ID, models.ErrNotFound},
			{"missing", uuid.NewString(), f.ID, models.ErrNotFound},
			{"not an id", "nope", f.ID, models.ErrNotFound},
			{"no firm named", c.ID, "", models.ErrNoFirm},
		} {
			if _, err := fs.ConfirmAttribution(ctx, tc.claim, tc.firm, admin, at); !errors.Is(err, tc.want) {
				t.Errorf("%s: err %v, want %v", tc.name, err, tc.want)
			}
		}
	})
}

func TestAnalysisDecided(t *testing.T) {
	const confident = `[{"url":"u","similarity":0.9,"verdict":"belirsiz","confident":true}]`
	const refused = `[{"url":"u","similarity":0.9,"verdict":"dogru","confident":false,"rejected":"different subject: tea ≠ smoking"}]`
	for _, tc := range []struct {
		name, verdict, basis, matches string
		want                          bool
	}{
		{"undecided rule", "belirsiz", `{"verdict":{"assessed":false,"method":"rule"}}`, refused, false},
		{"fact-check rates it unproven", "belirsiz", `{"verdict":{"assessed":true,"method":"knowledge-base-match"}}`, confident, true},
		{"model's own judgement", "yanlis", `{"verdict":{"assessed":true,"method":"llm-judgement"}}`, "[]", true},
		{"old row, belirsiz, nothing matched", "belirsiz", `{}`, "[]", false},
		{"old row, belirsiz from a fact-check", "belirsiz", `{}`, confident, true},
		{"old row, decided verdict", "dogru", ``, "", true},
		{"corrupt basis, belirsiz", "belirsiz", `{`, refused, false},
	} {
		c := models.Claim{AIVerdict: tc.verdict, Basis: tc.basis, Matches: tc.matches}
		if got := c.AnalysisDecided(); got != tc.want {
			t.Errorf("%s: decided %v, want %v", tc.name, got, tc.want)
		}
	}
}
