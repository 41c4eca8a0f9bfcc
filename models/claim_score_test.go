package models_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// TestClaimScoreReadsWhatTheScoreRestsOn checks that the narrow score read gives the same score,
// decision and community standing as the whole row, for an undecided claim, one a fact-check
// decided, one an analysis basis decided and one experts scored, and that hidden and unknown
// claims are not found.
func TestClaimScoreReadsWhatTheScoreRestsOn(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	str := func(v string) *string { return &v }
	cases := []struct {
		name  string
		claim models.Claim
	}{
		{name: "undecided", claim: models.Claim{AIScore: 50, AIVerdict: "belirsiz"}},
		{name: "fact-check decided", claim: models.Claim{AIScore: 10, AIVerdict: "yanlis",
			Matches: `[{"url":"https://x.example/1","similarity":0.91,"confident":true},{"url":"https://x.example/2","similarity":0.4}]`}},
		{name: "basis decided", claim: models.Claim{AIScore: 50, AIVerdict: "belirsiz",
			Basis: `{"verdict":{"assessed":true,"method":"match"}}`}},
		{name: "experts scored", claim: models.Claim{AIScore: 50, AIVerdict: "belirsiz",
			ClaimStanding: models.ClaimStanding{ExpertCount: 3, CommunityScore: f(82.456), CommunityVerdict: str("dogru"), CommunityConfidence: f(0.777)}}},
	}
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := storerules.Stores(db)
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				c := tc.claim
				c.ID, c.Content, c.Language, c.Category, c.CreatedAt = uuid.Must(uuid.NewV7()).String(), "claim "+tc.name, "en", "health", time.Now().UTC()
				if c.Matches == "" {
					c.Matches = "[]"
				}
				if c.Basis == "" {
					c.Basis = "{}"
				}
				if err := s.Claims.Create(ctx, &c); err != nil {
					t.Fatal(err)
				}
				whole, err := s.Claims.Get(ctx, c.ID)
				if err != nil {
					t.Fatal(err)
				}
				got, err := s.Claims.Score(ctx, c.ID)
				if err != nil {
					t.Fatal(err)
				}
				if got.ID != c.ID {
					t.Errorf("id %q, want %q", got.ID, c.ID)
				}
				if g, w := got.EffectiveScore(), whole.EffectiveScore(); g != w {
					t.Errorf("score %+v, want %+v", g, w)
				}
				if g, w := got.AnalysisDecided(), whole.AnalysisDecided(); g != w {
					t.Errorf("decided %v, want %v", g, w)
				}
				if g, w := got.HasCommunityScore(), whole.HasCommunityScore(); g != w {
					t.Errorf("community %v, want %v", g, w)
				}
				if got.Basis != whole.Basis || got.Matches != whole.Matches || got.AIVerdict != whole.AIVerdict {
					t.Errorf("basis/matches/verdict %q %q %q, want %q %q %q", got.Basis, got.Matches, got.AIVerdict, whole.Basis, whole.Matches, whole.AIVerdict)
				}
				// ScoreWith: the same columns, the two texts handed to read (copied here, since
				// they are valid only during the call) rather than kept.
				var basis, matches string
				calls := 0
				with, err := s.Claims.ScoreWith(ctx, c.ID, func(b, m string) { basis, matches = strings.Clone(b), strings.Clone(m); calls++ })
				if err != nil {
					t.Fatal(err)
				}
				if calls != 1 || basis != whole.Basis || matches != whole.Matches {
					t.Errorf("ScoreWith read %d times: %q %q, want once %q %q", calls, basis, matches, whole.Basis, whole.Matches)
				}
				if with.Basis != "" || with.Matches != "" {
					t.Errorf("ScoreWith kept the texts: %q %q", with.Basis, with.Matches)
				}
				with.Basis, with.Matches = got.Basis, got.Matches
				if !reflect.DeepEqual(*with, *got) {
					t.Errorf("ScoreWith %+v, Score %+v", *with, *got)
				}
			})
		}
		hidden := models.Claim{ID: uuid.Must(uuid.NewV7()).String(), Content: "hidden", Language: "en", Category: "health",
			AIVerdict: "belirsiz", Matches: "[]", Basis: "{}", CreatedAt: time.Now().UTC()}
		now := time.Now().UTC()
		hidden.HiddenAt = &now
		if err := s.Claims.Create(ctx, &hidden); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{hidden.ID, uuid.Must(uuid.NewV7()).String()} {
			if _, err := s.Claims.Score(ctx, id); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("score of %s: %v, want ErrNotFound", id, err)
			}
			if _, err := s.Claims.ScoreWith(ctx, id, func(string, string) { t.Errorf("read called for %s", id) }); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("ScoreWith of %s: %v, want ErrNotFound", id, err)
			}
		}
	})
}
