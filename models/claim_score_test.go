package models_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// TestClaimScoreReadsWhatTheScoreRestsOn checks that the narrow score read gives the same score,
// decision, score facts and community standing as the whole row, for an undecided claim, one a
// fact-check decided, one an analysis basis decided and one experts scored; that a claim stored
// before its facts were kept is answered alike and backfilled in batches; and that hidden and
// unknown claims are not found.
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
		ids := map[string]string{}
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
				ids[tc.name] = c.ID
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
				if !got.Facts.Complete() {
					t.Fatalf("score read facts %s", factsOf(got.Facts))
				}
				if g, w := got.EffectiveScoreWith(*got.Facts.Confidence), whole.EffectiveScore(); g != w {
					t.Errorf("score %+v, want %+v", g, w)
				}
				if g, w := *got.Facts.Decided, whole.AnalysisDecided(); g != w {
					t.Errorf("decided %v, want %v", g, w)
				}
				if g, w := got.HasCommunityScore(), whole.HasCommunityScore(); g != w {
					t.Errorf("community %v, want %v", g, w)
				}
				// The facts were kept at insert: the score read does not read the texts.
				if got.Basis != "" || got.Matches != "" {
					t.Errorf("score read the texts %q %q, want the kept facts only", got.Basis, got.Matches)
				}
				if g, w := factsOf(got.Facts), factsOf(whole.DeriveScoreFacts()); g != w {
					t.Errorf("facts %s, want %s", g, w)
				}
				if db.Dialect == database.Postgres {
					if raw := rawScoreRead(t, db, c.ID); !reflect.DeepEqual(*raw, *got) {
						t.Errorf("row decoded from its bytes %+v, score read %+v", *raw, *got)
					}
				}
				if !reflect.DeepEqual(whole.Facts, got.Facts) {
					t.Errorf("whole row's facts %s, score read's %s", factsOf(whole.Facts), factsOf(got.Facts))
				}
			})
		}
		// A claim stored before the facts were kept (NULLs): the score read derives them from
		// the texts, and the backfill stores them, once.
		if err := db.Gorm.Exec("UPDATE claims SET ai_decided = NULL, ai_confidence = NULL, ai_method = NULL").Error; err != nil {
			t.Fatal(err)
		}
		for _, tc := range cases {
			old, err := s.Claims.Score(ctx, ids[tc.name])
			if err != nil {
				t.Fatal(err)
			}
			whole, err := s.Claims.Get(ctx, ids[tc.name])
			if err != nil {
				t.Fatal(err)
			}
			if whole.Facts.Decided != nil {
				t.Fatalf("%s: facts still stored after the reset", tc.name)
			}
			if g, w := factsOf(old.Facts), factsOf(whole.DeriveScoreFacts()); g != w {
				t.Errorf("%s before the backfill: facts %s, want %s", tc.name, g, w)
			}
		}
		for i, want := range []int{3, 1, 0} {
			if n, err := s.Claims.BackfillScoreFacts(ctx, 3); err != nil || n != want {
				t.Fatalf("backfill batch %d set %d (%v), want %d", i, n, err, want)
			}
		}
		for _, tc := range cases {
			whole, err := s.Claims.Get(ctx, ids[tc.name])
			if err != nil {
				t.Fatal(err)
			}
			if g, w := factsOf(whole.Facts), factsOf(whole.DeriveScoreFacts()); !whole.Facts.Complete() || g != w {
				t.Errorf("%s after the backfill: stored facts %s, want %s", tc.name, g, w)
			}
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
		}
	})
}

// factsOf prints score facts for comparison ("<nil>" for a fact not stored).
func factsOf(f models.ScoreFacts) string {
	show := func(p any) string { return fmt.Sprint(reflect.Indirect(reflect.ValueOf(p))) }
	if f.Decided == nil || f.Confidence == nil || f.Method == nil {
		return fmt.Sprintf("incomplete(%v %v %v)", f.Decided != nil, f.Confidence != nil, f.Method != nil)
	}
	return fmt.Sprintf("decided=%s confidence=%s method=%q", show(f.Decided), show(f.Confidence), *f.Method)
}

// rawScoreRead runs the score read's statement on PostgreSQL and decodes its row from the bytes
// the server sent, failing when the decoder refuses them: the hot read must not fall back to
// pgx's scan plans for the types the schema gives these columns.
func rawScoreRead(t *testing.T, db *database.DB, id string) *models.Claim {
	t.Helper()
	rows, err := db.QueryRows(context.Background(), models.ScorePostgresForTest, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	if !rows.Next() {
		t.Fatalf("no row for %s: %v", id, rows.Err())
	}
	raw, ok := rows.(database.RawRows)
	if !ok {
		t.Fatalf("rows %T do not give their bytes", rows)
	}
	var c models.Claim
	var basis, matches *string
	if !models.ScoreFromRawForTest(raw.FieldDescriptions(), raw.RawValues(), &c, &basis, &matches) {
		t.Fatalf("the score row's bytes were refused: %+v", raw.FieldDescriptions())
	}
	if basis != nil || matches != nil {
		t.Errorf("the texts were read for a claim with score facts")
	}
	return &c
}
