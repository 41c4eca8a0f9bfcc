package models_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// kbReview is a stored-ready review of claim at url.
func kbReview(url, claim, verdict string, at time.Time) *models.Review {
	return &models.Review{ID: uuid.NewString(), URL: url, ClaimReviewed: claim, Language: "en", Verdict: verdict,
		Publisher: "Fact Desk", AppearanceURLs: "[]", Citations: "[]", Source: "file:x.json", CreatedAt: at, UpdatedAt: at}
}

// TestReviewCuration: the browser's list filters and pages, an edit and a retirement move
// updated_at (what processes poll) and are read back, and imports leave a curated review alone.
func TestReviewCuration(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := storerules.Stores(db).Reviews
		t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		moon := kbReview("https://f.example/moon", "The Moon is made of CHEESE", "dogru", t0)
		sun := kbReview("https://f.example/sun", "The sun is cold", "yanlis", t0.Add(time.Second))
		pct := kbReview("https://f.example/pct", "100% of cats_are blue", "yanlis", t0.Add(2*time.Second))
		tr := kbReview("https://f.example/tr", "AŞILAR OTİZME neden olur", "yanlis", t0.Add(-time.Second))
		for _, r := range []*models.Review{tr, moon, sun, pct} {
			if _, err := s.Upsert(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		list := func(f models.ReviewFilter) string {
			t.Helper()
			rs, _, err := s.List(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range rs {
				out = append(out, r.URL[len("https://f.example/"):])
			}
			return strings.Join(out, ",")
		}
		cases := []struct {
			name string
			f    models.ReviewFilter
			want string
		}{
			{"all, most recently changed first", models.ReviewFilter{}, "pct,sun,moon,tr"},
			{"Turkish letters folded", models.ReviewFilter{Q: "asilar otizme"}, "tr"},
			{"Turkish capitals folded", models.ReviewFilter{Q: "aşılar otİzme NEDEN"}, "tr"},
			{"case-insensitive substring", models.ReviewFilter{Q: "moon is made of cheese"}, "moon"},
			{"publisher", models.ReviewFilter{Q: "fact desk"}, "pct,sun,moon,tr"},
			{"address", models.ReviewFilter{Q: "f.example/sun"}, "sun"},
			{"percent is literal", models.ReviewFilter{Q: "100%"}, "pct"},
			{"underscore is literal", models.ReviewFilter{Q: "s_a"}, "pct"},
			{"verdict", models.ReviewFilter{Verdict: "yanlis"}, "pct,sun,tr"},
			{"page", models.ReviewFilter{Limit: 1, Offset: 1}, "sun"},
		}
		for _, tc := range cases {
			if got := list(tc.f); got != tc.want {
				t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
			}
		}
		if _, more, _ := s.List(ctx, models.ReviewFilter{Limit: 2}); !more {
			t.Error("a full page does not say more follow")
		}

		at := t0.Add(time.Hour)
		by := uuid.NewString()
		r, err := s.EditReview(ctx, moon.ID, models.ReviewEdit{ClaimReviewed: "The Moon is made of cheese", Language: "en",
			Verdict: "yanlis", Publisher: "Fact Desk", ReviewBody: "Fixed.", ClearNumericRating: true, By: by, At: at})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != "yanlis" || !r.UpdatedAt.Equal(at) || r.EditedAt == nil || !r.EditedAt.Equal(at) || r.EditedBy == nil || *r.EditedBy != by || !r.Curated() {
			t.Fatalf("after the edit: %+v", r)
		}
		if got := list(models.ReviewFilter{State: models.ReviewsEdited}); got != "moon" {
			t.Errorf("edited filter: %q", got)
		}
		// What processes poll: the edit is among the reviews changed since just before it.
		var polled []string
		if err := s.Each(ctx, at, func(r *models.Review) error { polled = append(polled, r.URL); return nil }); err != nil || strings.Join(polled, ",") != moon.URL {
			t.Errorf("poll after the edit: %v %v", polled, err)
		}
		// An import of the same URL is pinned: nothing changes, the caller sees the stored review.
		imp := kbReview(moon.URL, "The Moon is made of CHEESE", "dogru", at.Add(time.Hour))
		res, err := s.Upsert(ctx, imp)
		if err != nil || res != models.Pinned || imp.Verdict != "yanlis" {
			t.Fatalf("import over an edit: %v %v verdict %q", res, err, imp.Verdict)
		}
		if got, _ := s.ByURL(ctx, moon.URL); got.Verdict != "yanlis" || !got.UpdatedAt.Equal(at) {
			t.Errorf("the import changed the edited review: %+v", got)
		}

		later := at.Add(time.Minute)
		r, err = s.SetRetired(ctx, sun.ID, true, "Duplicate", later)
		if err != nil || !r.Retired() || r.RetiredReason == nil || *r.RetiredReason != "Duplicate" || !r.UpdatedAt.Equal(later) {
			t.Fatalf("retire: %+v %v", r, err)
		}
		if got := list(models.ReviewFilter{State: models.ReviewsRetired}); got != "sun" {
			t.Errorf("retired filter: %q", got)
		}
		if got := list(models.ReviewFilter{State: models.ReviewsActive}); got != "moon,pct,tr" {
			t.Errorf("active filter: %q", got)
		}
		if res, err := s.Upsert(ctx, kbReview(sun.URL, "The sun is cold", "dogru", later.Add(time.Hour))); err != nil || res != models.Pinned {
			t.Errorf("import over a retired review: %v %v", res, err)
		}
		r, err = s.SetRetired(ctx, sun.ID, false, "", later.Add(time.Minute))
		if err != nil || r.Retired() || r.RetiredReason != nil {
			t.Fatalf("restore: %+v %v", r, err)
		}
		// Restored and never edited, it is an import's again.
		if res, err := s.Upsert(ctx, kbReview(sun.URL, "The sun is cold", "dogru", later.Add(2*time.Hour))); err != nil || res != models.Updated {
			t.Errorf("import over a restored review: %v %v", res, err)
		}
		// A change stamped before the newest stored review (a slow clock) takes the newest stamp,
		// so processes that already saw that review still see the change.
		future := time.Now().UTC().Add(48 * time.Hour).Truncate(time.Second)
		if _, err := s.Upsert(ctx, kbReview("https://f.example/future", "Later import", "dogru", future)); err != nil {
			t.Fatal(err)
		}
		r, err = s.SetRetired(ctx, pct.ID, true, "Clock", t0)
		if err != nil || !r.UpdatedAt.Equal(future) || !r.RetiredAt.Equal(t0) {
			t.Errorf("a change from a slow clock: updated %v retired %v (%v), want updated %v", r.UpdatedAt, r.RetiredAt, err, future)
		}
		for _, id := range []string{uuid.NewString(), "not-a-uuid"} {
			if _, err := s.EditReview(ctx, id, models.ReviewEdit{Verdict: "dogru", At: at}); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("edit %s: %v", id, err)
			}
			if _, err := s.SetRetired(ctx, id, true, "x", at); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("retire %s: %v", id, err)
			}
			if _, err := s.ReviewByID(ctx, id); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("read %s: %v", id, err)
			}
		}
	})
}

// TestAdminOutboxSearch: the console's outbox filters by state, recipient and kind, on both databases.
func TestAdminOutboxSearch(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		st := storerules.Stores(db)
		admin := models.NewAdminStore(db, storerules.Default())
		now := time.Now().UTC()
		for i, key := range []string{"verify:a", "beta-invite:b", "beta-invite:c", "nokind"} {
			m := &models.OutboxMail{ID: uuid.NewString(), DedupeKey: key, ToAddr: key[:2] + "@Example.com", Subject: "s", TextBody: "t",
				State: models.OutboxQueued, NextAttemptAt: now, CreatedAt: now.Add(time.Duration(i) * time.Second)}
			if _, err := st.Outbox.Enqueue(ctx, models.Tx{}, m); err != nil {
				t.Fatal(err)
			}
		}
		kinds, err := admin.OutboxKinds(ctx)
		if err != nil || strings.Join(kinds, ",") != "beta-invite,verify" {
			t.Errorf("kinds %v %v", kinds, err)
		}
		cases := []struct {
			f    models.OutboxFilter
			want string
		}{
			{models.OutboxFilter{}, "nokind,beta-invite:c,beta-invite:b,verify:a"},
			{models.OutboxFilter{Kind: "beta-invite"}, "beta-invite:c,beta-invite:b"},
			{models.OutboxFilter{Kind: "beta%"}, ""},
			{models.OutboxFilter{To: "VE@example"}, "verify:a"},
			{models.OutboxFilter{State: models.OutboxSent}, ""},
			{models.OutboxFilter{Limit: 1, Offset: 1}, "beta-invite:c"},
		}
		for _, tc := range cases {
			ms, _, err := admin.SearchOutbox(ctx, tc.f)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range ms {
				got = append(got, m.DedupeKey)
			}
			if strings.Join(got, ",") != tc.want {
				t.Errorf("%+v: %v, want %s", tc.f, got, tc.want)
			}
		}
	})
}
