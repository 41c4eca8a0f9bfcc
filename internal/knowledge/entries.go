package knowledge

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/models"
)

// Limits of an admin's edit of a knowledge-base entry.
const (
	// MaxRatingRunes caps the rating words ("Mostly false").
	MaxRatingRunes = 200
	// MaxPublisherRunes caps the publisher's name, as imports clip it.
	MaxPublisherRunes = 500
	// MaxBodyRunes caps the explanation, as imports clip it.
	MaxBodyRunes = maxBodyRunes
	// MaxRetireReason caps why an entry was retired.
	MaxRetireReason = 500
)

// EntryStore is the part of *models.ReviewStore the knowledge-base browser needs.
type EntryStore interface {
	// List returns one page of reviews and whether more follow.
	List(ctx context.Context, f models.ReviewFilter) ([]models.Review, bool, error)
	// ReviewByID returns one review or models.ErrNotFound.
	ReviewByID(ctx context.Context, id string) (*models.Review, error)
	// EditReview stores an admin's correction and returns the stored review.
	EditReview(ctx context.Context, id string, e models.ReviewEdit) (*models.Review, error)
	// SetRetired retires or restores a review and returns the stored review.
	SetRetired(ctx context.Context, id string, retired bool, reason string, at time.Time) (*models.Review, error)
}

// IndexWriter is what a matching index offers to follow the knowledge base; *matching.Index
// implements it.
type IndexWriter interface {
	// Upsert indexes r, replacing the review with the same URL.
	Upsert(r *models.Review)
	// Remove drops the review with url.
	Remove(url string)
}

// Apply brings ix in line with one stored review: a retired review leaves the index, any other is
// (re)indexed.
func Apply(ix IndexWriter, r *models.Review) {
	if r.Retired() {
		ix.Remove(r.URL)
		return
	}
	ix.Upsert(r)
}

// Entries lets admins browse and correct the knowledge base. Every change is applied to this
// process's index at once; other processes pick it up from updated_at within one poll (Follow).
type Entries struct {
	store EntryStore
	ix    IndexWriter
	now   func() time.Time
}

// NewEntries builds the browser over store, keeping ix current (nil: no index in this process).
func NewEntries(store EntryStore, ix IndexWriter, now func() time.Time) *Entries {
	if now == nil {
		now = time.Now
	}
	return &Entries{store: store, ix: ix, now: now}
}

// List returns one page of entries and whether more follow.
func (e *Entries) List(ctx context.Context, f models.ReviewFilter) ([]models.Review, bool, error) {
	return e.store.List(ctx, f)
}

// Entry returns one entry or models.ErrNotFound.
func (e *Entries) Entry(ctx context.Context, id string) (*models.Review, error) {
	return e.store.ReviewByID(ctx, id)
}

// EntryForm is an admin's edit as typed.
type EntryForm struct {
	// Claim, Verdict, Rating, Language, Publisher and Body are the form's fields.
	Claim, Verdict, Rating, Language, Publisher, Body string
}

// FieldErrors maps a form field to what is wrong with it.
type FieldErrors map[string]string

// Error lists the fields, so the value can travel as an error.
func (fe FieldErrors) Error() string {
	keys := make([]string, 0, len(fe))
	for k := range fe {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ": " + fe[k]
	}
	return "invalid entry: " + strings.Join(parts, "; ")
}

// checkLen adds a field error when s is empty but required, too long or holds control characters.
func (fe FieldErrors) checkLen(field, name, s string, max int, required bool) {
	switch n := utf8.RuneCountInString(s); {
	case required && s == "":
		fe[field] = name + " is required."
	case n > max:
		fe[field] = fmt.Sprintf("%s is %d characters; use at most %d.", name, n, max)
	default:
		if msg := validation.CheckText(name, s); msg != "" {
			fe[field] = msg
		}
	}
}

// Validate checks f and returns the edit it describes, or the field errors.
func (f EntryForm) Validate() (models.ReviewEdit, FieldErrors) {
	fe := FieldErrors{}
	claim := strings.TrimSpace(f.Claim)
	fe.checkLen("claim", "The claim", claim, MaxClaimRunes, true)
	verdict := strings.TrimSpace(f.Verdict)
	if !analysis.ValidVerdict(verdict) {
		fe["verdict"] = "Choose one of the four verdicts."
	}
	rating := strings.TrimSpace(f.Rating)
	fe.checkLen("rating", "The rating", rating, MaxRatingRunes, false)
	lang := strings.TrimSpace(f.Language)
	switch code := languageCode(lang); {
	case lang == "" || strings.EqualFold(lang, "und"):
		lang = "und"
	case code == "":
		fe["language"] = "Use a two-letter language code such as tr or en, or und when unknown."
	default:
		lang = code
	}
	pub := strings.TrimSpace(f.Publisher)
	fe.checkLen("publisher", "The publisher", pub, MaxPublisherRunes, false)
	body := strings.TrimSpace(f.Body)
	fe.checkLen("body", "The explanation", body, MaxBodyRunes, false)
	if len(fe) > 0 {
		return models.ReviewEdit{}, fe
	}
	var r *string
	if rating != "" {
		r = &rating
	}
	return models.ReviewEdit{ClaimReviewed: claim, Language: lang, Verdict: verdict, ReviewBody: body, Publisher: pub, TextualRating: r}, nil
}

// FormOf is the edit form filled from a stored review.
func FormOf(r *models.Review) EntryForm {
	f := EntryForm{Claim: r.ClaimReviewed, Verdict: r.Verdict, Language: r.Language, Publisher: r.Publisher, Body: r.ReviewBody}
	if r.TextualRating != nil {
		f.Rating = *r.TextualRating
	}
	return f
}

// Edit validates f and stores it as admin by's correction of entry id: the claim, verdict and the
// rest replace the imported values and stay so across imports. When the verdict changes and the
// rating words were left as they were, the words become the new verdict's name and the numeric
// rating is dropped, so nothing on the entry contradicts the verdict. The result is FieldErrors
// when f is invalid.
func (e *Entries) Edit(ctx context.Context, id, by string, f EntryForm) (*models.Review, error) {
	old, err := e.store.ReviewByID(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("edit entry %s: %w", id, err)
	}
	edit, fe := f.Validate()
	if fe != nil {
		return nil, fe
	}
	if edit.Verdict != old.Verdict {
		edit.ClearNumericRating = true
		oldRating := ""
		if old.TextualRating != nil {
			oldRating = *old.TextualRating
		}
		if edit.TextualRating == nil || *edit.TextualRating == oldRating {
			label, _ := analysis.VerdictInfo(analysis.Verdict(edit.Verdict))
			edit.TextualRating = &label
		}
	}
	edit.By, edit.At = by, e.now().UTC()
	r, err := e.store.EditReview(ctx, id, edit)
	if err != nil {
		return nil, fmt.Errorf("edit entry %s: %w", id, err)
	}
	e.apply(r)
	return r, nil
}

// ErrReasonRequired is returned when an entry is retired without saying why.
var ErrReasonRequired = errors.New("say why the entry is retired")

// Retire takes entry id out of matching, keeping it (and reason) for admins to restore.
func (e *Entries) Retire(ctx context.Context, id, reason string) (*models.Review, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return nil, ErrReasonRequired
	}
	fe := FieldErrors{}
	if fe.checkLen("reason", "The reason", reason, MaxRetireReason, true); len(fe) > 0 {
		return nil, fe
	}
	r, err := e.store.SetRetired(ctx, id, true, reason, e.now().UTC())
	if err != nil {
		return nil, fmt.Errorf("retire entry %s: %w", id, err)
	}
	e.apply(r)
	return r, nil
}

// Restore puts a retired entry back into matching.
func (e *Entries) Restore(ctx context.Context, id string) (*models.Review, error) {
	r, err := e.store.SetRetired(ctx, id, false, "", e.now().UTC())
	if err != nil {
		return nil, fmt.Errorf("restore entry %s: %w", id, err)
	}
	e.apply(r)
	return r, nil
}

// apply updates this process's index.
func (e *Entries) apply(r *models.Review) {
	if e.ix != nil {
		Apply(e.ix, r)
	}
}

// ReviewSource streams stored reviews changed at or after since; *models.ReviewStore is one.
type ReviewSource interface {
	// Each calls fn for every review updated at or after since, oldest update first.
	Each(ctx context.Context, since time.Time, fn func(*models.Review) error) error
}

// Active is src without retired reviews: what an index is first built from.
type Active struct {
	// Src is the store.
	Src ReviewSource
}

// Each calls fn for every review of Src updated at or after since that is not retired.
func (a Active) Each(ctx context.Context, since time.Time, fn func(*models.Review) error) error {
	return a.Src.Each(ctx, since, func(r *models.Review) error {
		if r.Retired() {
			return nil
		}
		return fn(r)
	})
}

// CatchUp applies to ix every review of src changed at or after since, retired ones by removing
// them, and returns the newest update seen (since when nothing changed), from which the next
// call continues. Reviews changed at exactly since are applied again; an unchanged review costs
// the index nothing.
func CatchUp(ctx context.Context, src ReviewSource, ix IndexWriter, since time.Time) (time.Time, error) {
	newest := since
	err := src.Each(ctx, since, func(r *models.Review) error {
		c := *r // the store reuses its batch between calls
		Apply(ix, &c)
		if c.UpdatedAt.After(newest) {
			newest = c.UpdatedAt
		}
		return nil
	})
	if err != nil {
		return newest, fmt.Errorf("catch up with the knowledge base: %w", err)
	}
	return newest, nil
}
