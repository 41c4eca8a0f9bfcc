package knowledge

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/models"
)

func TestEntryFormValidate(t *testing.T) {
	good := EntryForm{Claim: " The sun is cold ", Verdict: "yanlis", Rating: "False", Language: "EN", Publisher: "Desk", Body: "Why."}
	cases := []struct {
		name   string
		change func(*EntryForm)
		field  string // "" = valid
	}{
		{"valid", func(*EntryForm) {}, ""},
		{"empty claim", func(f *EntryForm) { f.Claim = "  " }, "claim"},
		{"long claim", func(f *EntryForm) { f.Claim = strings.Repeat("é", MaxClaimRunes+1) }, "claim"},
		{"claim at the limit", func(f *EntryForm) { f.Claim = strings.Repeat("é", MaxClaimRunes) }, ""},
		{"unknown verdict", func(f *EntryForm) { f.Verdict = "true" }, "verdict"},
		{"control character", func(f *EntryForm) { f.Publisher = "a\x00b" }, "publisher"},
		{"long rating", func(f *EntryForm) { f.Rating = strings.Repeat("r", MaxRatingRunes+1) }, "rating"},
		{"long body", func(f *EntryForm) { f.Body = strings.Repeat("b", MaxBodyRunes+1) }, "body"},
		{"bad language", func(f *EntryForm) { f.Language = "not a language" }, "language"},
		{"language name", func(f *EntryForm) { f.Language = "Türkçe" }, ""},
		{"empty language", func(f *EntryForm) { f.Language = "" }, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := good
			tc.change(&f)
			e, fe := f.Validate()
			if tc.field == "" {
				if fe != nil {
					t.Fatalf("unexpected errors %v", fe)
				}
				return
			}
			if fe[tc.field] == "" || len(fe) != 1 {
				t.Fatalf("errors %v, want one on %s", fe, tc.field)
			}
			if e.Verdict != "" {
				t.Error("an invalid form produced an edit")
			}
		})
	}
	e, _ := good.Validate()
	if e.ClaimReviewed != "The sun is cold" || e.Language != "en" || e.TextualRating == nil || *e.TextualRating != "False" {
		t.Errorf("normalised edit %+v", e)
	}
	if e, _ := (EntryForm{Claim: "x", Verdict: "dogru", Language: "Türkçe"}).Validate(); e.Language != "tr" || e.TextualRating != nil {
		t.Errorf("language name / empty rating: %+v", e)
	}
}

// memStore is an EntryStore over one review.
type memStore struct {
	r     models.Review
	edits []models.ReviewEdit
}

func (m *memStore) List(context.Context, models.ReviewFilter) ([]models.Review, bool, error) {
	return []models.Review{m.r}, false, nil
}

func (m *memStore) ReviewByID(_ context.Context, id string) (*models.Review, error) {
	if id != m.r.ID {
		return nil, models.ErrNotFound
	}
	c := m.r
	return &c, nil
}

func (m *memStore) EditReview(_ context.Context, id string, e models.ReviewEdit) (*models.Review, error) {
	m.edits = append(m.edits, e)
	m.r.ClaimReviewed, m.r.Verdict, m.r.TextualRating, m.r.UpdatedAt = e.ClaimReviewed, e.Verdict, e.TextualRating, e.At
	at := e.At
	m.r.EditedAt = &at
	return m.ReviewByID(context.Background(), id)
}

func (m *memStore) SetRetired(_ context.Context, id string, retired bool, reason string, at time.Time) (*models.Review, error) {
	m.r.RetiredAt, m.r.RetiredReason = nil, nil
	if retired {
		m.r.RetiredAt, m.r.RetiredReason = &at, &reason
	}
	m.r.UpdatedAt = at
	return m.ReviewByID(context.Background(), id)
}

// memIndex records what an index was told.
type memIndex struct{ verdicts map[string]string }

func (ix *memIndex) Upsert(r *models.Review) { ix.verdicts[r.URL] = r.Verdict }
func (ix *memIndex) Remove(url string)       { delete(ix.verdicts, url) }

func TestEntriesEditRetireRestore(t *testing.T) {
	ctx := context.Background()
	rating := "Mostly true"
	five := 5.0
	st := &memStore{r: models.Review{ID: "r1", URL: "https://f.example/a", ClaimReviewed: "A", Verdict: "dogru", TextualRating: &rating, RatingValue: &five}}
	ix := &memIndex{verdicts: map[string]string{}}
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	en := NewEntries(st, ix, func() time.Time { return at })

	if _, err := en.Edit(ctx, "r1", "admin", EntryForm{Claim: "", Verdict: "dogru"}); !errors.As(err, new(FieldErrors)) {
		t.Fatalf("invalid edit: %v", err)
	}
	if len(st.edits) != 0 || len(ix.verdicts) != 0 {
		t.Fatal("an invalid edit reached the store or the index")
	}
	// Verdict changed, rating words left as they were: the words follow the verdict and the
	// numeric rating goes.
	r, err := en.Edit(ctx, "r1", "admin", EntryForm{Claim: "A", Verdict: "yanlis", Rating: "Mostly true"})
	if err != nil {
		t.Fatal(err)
	}
	e := st.edits[0]
	if !e.ClearNumericRating || e.TextualRating == nil || *e.TextualRating != "Yanlış" || e.By != "admin" || !e.At.Equal(at) {
		t.Errorf("edit sent to the store: %+v", e)
	}
	if ix.verdicts[r.URL] != "yanlis" {
		t.Errorf("the index was not updated: %v", ix.verdicts)
	}
	// Verdict kept, new words: they are kept as typed and the numeric rating is left alone.
	if _, err := en.Edit(ctx, "r1", "admin", EntryForm{Claim: "A", Verdict: "yanlis", Rating: "Pants on fire"}); err != nil {
		t.Fatal(err)
	}
	if e := st.edits[1]; e.ClearNumericRating || *e.TextualRating != "Pants on fire" {
		t.Errorf("second edit: %+v", e)
	}
	if _, err := en.Retire(ctx, "r1", "  "); !errors.Is(err, ErrReasonRequired) {
		t.Errorf("retire without a reason: %v", err)
	}
	if _, err := en.Retire(ctx, "r1", strings.Repeat("x", MaxRetireReason+1)); !errors.As(err, new(FieldErrors)) {
		t.Errorf("retire with a long reason: %v", err)
	}
	if _, err := en.Retire(ctx, "r1", "Wrong"); err != nil {
		t.Fatal(err)
	}
	if _, ok := ix.verdicts[r.URL]; ok {
		t.Error("a retired entry is still indexed")
	}
	if _, err := en.Restore(ctx, "r1"); err != nil || ix.verdicts[r.URL] != "yanlis" {
		t.Errorf("restore: %v %v", err, ix.verdicts)
	}
	if _, err := en.Edit(ctx, "missing", "admin", EntryForm{Claim: "A", Verdict: "dogru"}); !errors.Is(err, models.ErrNotFound) {
		t.Errorf("edit of a missing entry: %v", err)
	}
}

// sliceSource streams fixed reviews updated at or after since.
type sliceSource []models.Review

func (s sliceSource) Each(_ context.Context, since time.Time, fn func(*models.Review) error) error {
	for i := range s {
		if !s[i].UpdatedAt.Before(since) {
			if err := fn(&s[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

func TestCatchUpAndActive(t *testing.T) {
	ctx := context.Background()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	retired := t0
	src := sliceSource{
		{URL: "a", Verdict: "dogru", UpdatedAt: t0},
		{URL: "b", Verdict: "yanlis", UpdatedAt: t0.Add(time.Second), ReviewCuration: models.ReviewCuration{RetiredAt: &retired}},
		{URL: "c", Verdict: "kismen", UpdatedAt: t0.Add(2 * time.Second)},
	}
	var active []string
	if err := (Active{Src: src}).Each(ctx, time.Time{}, func(r *models.Review) error { active = append(active, r.URL); return nil }); err != nil {
		t.Fatal(err)
	}
	if strings.Join(active, ",") != "a,c" {
		t.Errorf("active reviews %v", active)
	}
	ix := &memIndex{verdicts: map[string]string{"b": "yanlis"}}
	newest, err := CatchUp(ctx, src, ix, t0.Add(time.Second))
	if err != nil || !newest.Equal(t0.Add(2*time.Second)) {
		t.Fatalf("catch up: %v %v", newest, err)
	}
	if _, ok := ix.verdicts["b"]; ok || ix.verdicts["c"] != "kismen" || ix.verdicts["a"] != "" {
		t.Errorf("index after catching up from b: %v", ix.verdicts)
	}
	if again, _ := CatchUp(ctx, src, ix, t0.Add(time.Hour)); !again.Equal(t0.Add(time.Hour)) {
		t.Errorf("nothing new moves the mark to %v", again)
	}
}

func TestSummaryKept(t *testing.T) {
	s := Summary{Added: 1, Kept: 2}
	if got := s.String(); got != "added 1, updated 0, unchanged 0, kept 2 as an admin curated them, skipped 0" {
		t.Errorf("summary %q", got)
	}
	if got := (Summary{Added: 1}).String(); got != "added 1, updated 0, unchanged 0, skipped 0" {
		t.Errorf("summary without kept %q", got)
	}
}
