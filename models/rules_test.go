package models_test

import (
	"context"
	"slices"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/feed/emit"
	"github.com/claimcheck/claimcheck/internal/firms"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// recordingTrust runs the real trust rule and records how often the stores asked it.
type recordingTrust struct {
	firms.Trust
	scored int
}

// Score delegates to the real rule after counting the call.
func (r *recordingTrust) Score(groups []models.TrustGroup) *float64 {
	r.scored++
	return r.Trust.Score(groups)
}

// recordingEvents runs the real emission rule and records the changes the stores reported.
type recordingEvents struct {
	emit.Rule
	changes []models.ClaimChange
}

// Events delegates to the real rule after recording the change.
func (r *recordingEvents) Events(ch models.ClaimChange) []string {
	r.changes = append(r.changes, ch)
	return r.Rule.Events(ch)
}

func TestEventTypesMatchTheEventLog(t *testing.T) {
	for _, tc := range []struct{ models, emit string }{
		{models.EventClaimCreated, emit.ClaimCreated},
		{models.EventClaimAnalysed, emit.ClaimAnalysed},
		{models.EventClaimScoreChanged, emit.ClaimScoreChanged},
	} {
		if tc.models != tc.emit {
			t.Errorf("models names %q, the event log %q", tc.models, tc.emit)
		}
	}
}

// The stores built by NewStoresWith apply the rules handed in, not their own: a claim insert asks
// the trust rule for its firm's score and reports a direct check to the emission rule, whose
// answer decides the events written.
func TestStoresApplyTheRulesHandedIn(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		trust, events := &recordingTrust{}, &recordingEvents{}
		s := models.NewStores(db, models.Rules{Trust: trust, Events: events})
		f := &models.Firm{Name: "Example News", Slug: "example-news", CreatedAt: firmTrustBase}
		if err := s.Firms.Create(ctx, f, []string{"example.com"}); err != nil {
			t.Fatal(err)
		}
		if trust.scored == 0 {
			t.Fatal("creating a firm did not ask the trust rule")
		}
		trust.scored = 0
		c := firmClaim(t, s, "example.com", "dogru", 90, firmTrustBase.Add(1))
		if trust.scored != 1 {
			t.Fatalf("trust rule asked %d times for one claim of a firm, want 1", trust.scored)
		}
		if !slices.Equal(events.changes, []models.ClaimChange{models.ChangeChecked}) {
			t.Fatalf("emission rule saw %v, want [Checked]", events.changes)
		}
		evs, err := s.Events.After(ctx, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, ev := range evs {
			if ev.ClaimID != nil && *ev.ClaimID == c.ID {
				got = append(got, ev.Type)
			}
		}
		if want := (emit.Rule{}).Events(models.ChangeChecked); !slices.Equal(got, want) {
			t.Fatalf("events of the claim %v, want %v", got, want)
		}
	})
}
