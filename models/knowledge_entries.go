package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// ReviewCuration is what an admin did to a knowledge-base review by hand. Imports never write
// these columns (they are read-only to GORM) and leave a curated review alone, so a correction
// survives the next start's starter load and any re-upload of the same URL.
type ReviewCuration struct {
	// EditedAt and EditedBy (a user id) are set by the last admin edit.
	EditedAt *time.Time `gorm:"column:edited_at;->"`
	EditedBy *string    `gorm:"column:edited_by;->"`
	// RetiredAt is set while the review is retired: kept, shown to admins, never matched.
	RetiredAt     *time.Time `gorm:"column:retired_at;->"`
	RetiredReason *string    `gorm:"column:retired_reason;->"`
}

// Curated reports whether an admin edited or retired the review, which pins it against imports.
func (c ReviewCuration) Curated() bool { return c.EditedAt != nil || c.RetiredAt != nil }

// Retired reports whether the review is out of matching.
func (c ReviewCuration) Retired() bool { return c.RetiredAt != nil }

// Review states the knowledge-base browser filters by.
const (
	// ReviewsActive lists reviews matching uses.
	ReviewsActive = "active"
	// ReviewsRetired lists retired reviews.
	ReviewsRetired = "retired"
	// ReviewsEdited lists reviews an admin edited.
	ReviewsEdited = "edited"
)

// ReviewFilter narrows the knowledge-base browser's list.
type ReviewFilter struct {
	// Q matches the claim, the publisher or the review URL as a substring, ignoring case and
	// Turkish letters (turkishFolds).
	Q string
	// State is "" (all), ReviewsActive, ReviewsRetired or ReviewsEdited.
	State string
	// Verdict is a verdict slug, or "" for any.
	Verdict string
	// Limit (1..100, default 50) and Offset page the list, most recently changed first.
	Limit, Offset int
}

// likePattern escapes q for LIKE with ESCAPE '\' and wraps it in % for a substring match.
func likePattern(q string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(q)) + "%"
}

// turkishFolds maps the Turkish letters (both cases) and circumflexed vowels to their ASCII base,
// so "asilar" finds "Aşılar" and "AŞI" finds "aşı" on both databases: SQLite's LOWER knows only
// ASCII, so the letters are replaced before lowering, in SQL and in Go alike.
var turkishFolds = [][2]string{{"ç", "c"}, {"Ç", "c"}, {"ğ", "g"}, {"Ğ", "g"}, {"ı", "i"}, {"İ", "i"}, {"ö", "o"}, {"Ö", "o"},
	{"ş", "s"}, {"Ş", "s"}, {"ü", "u"}, {"Ü", "u"}, {"â", "a"}, {"Â", "a"}, {"î", "i"}, {"Î", "i"}, {"û", "u"}, {"Û", "u"}}

// foldedColumn is the SQL for col folded like foldText.
func foldedColumn(col string) string {
	expr := col
	for _, f := range turkishFolds {
		expr = "REPLACE(" + expr + ", '" + f[0] + "', '" + f[1] + "')"
	}
	return "LOWER(" + expr + ")"
}

// foldText folds s as foldedColumn folds a column.
func foldText(s string) string {
	for _, f := range turkishFolds {
		s = strings.ReplaceAll(s, f[0], f[1])
	}
	return strings.ToLower(s)
}

// List returns one page of reviews, most recently changed first, and whether more follow.
func (s *ReviewStore) List(ctx context.Context, f ReviewFilter) ([]Review, bool, error) {
	limit := f.Limit
	if limit <= 0 || limit > 100 {
		limit = 50
	}
	q := s.db.Gorm.WithContext(ctx).Model(&Review{})
	if t := strings.TrimSpace(f.Q); t != "" {
		p := likePattern(foldText(t))
		q = q.Where(foldedColumn("claim_reviewed")+` LIKE ? ESCAPE '\' OR `+foldedColumn("publisher")+` LIKE ? ESCAPE '\' OR LOWER(url) LIKE ? ESCAPE '\'`,
			p, p, likePattern(t))
	}
	switch f.State {
	case ReviewsActive:
		q = q.Where("retired_at IS NULL")
	case ReviewsRetired:
		q = q.Where("retired_at IS NOT NULL")
	case ReviewsEdited:
		q = q.Where("edited_at IS NOT NULL")
	}
	if f.Verdict != "" {
		q = q.Where("verdict = ?", f.Verdict)
	}
	var rs []Review
	if err := q.Order("updated_at DESC, id DESC").Limit(limit + 1).Offset(max(f.Offset, 0)).Find(&rs).Error; err != nil {
		return nil, false, fmt.Errorf("list reviews: %w", err)
	}
	more := len(rs) > limit
	return rs[:min(len(rs), limit)], more, nil
}

// ReviewByID returns the review with id.
func (s *ReviewStore) ReviewByID(ctx context.Context, id string) (*Review, error) {
	if !isRowUUID(id) {
		return nil, ErrNotFound
	}
	var r Review
	err := s.db.Gorm.WithContext(ctx).Where("id = ?", id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("review %s: %w", id, err)
	}
	return &r, nil
}

// ReviewEdit is an admin's correction of a review's content.
type ReviewEdit struct {
	// ClaimReviewed, Language, Verdict, ReviewBody and Publisher replace the stored values.
	ClaimReviewed, Language, Verdict, ReviewBody, Publisher string
	// TextualRating replaces the rating words (nil clears them).
	TextualRating *string
	// ClearNumericRating drops the publisher's numeric rating, which no longer describes the
	// review once its verdict was changed by hand.
	ClearNumericRating bool
	// By is the admin's user id; At stamps edited_at and updated_at.
	By string
	At time.Time
}

// EditReview applies e to the review with id and returns the stored result. updated_at moves to
// e.At in the same statement, which is how every process's index follower sees the change.
func (s *ReviewStore) EditReview(ctx context.Context, id string, e ReviewEdit) (*Review, error) {
	at := e.At.UTC()
	cols := map[string]any{
		"claim_reviewed": e.ClaimReviewed, "language": e.Language, "verdict": e.Verdict,
		"review_body": e.ReviewBody, "publisher": e.Publisher, "textual_rating": e.TextualRating,
		"edited_at": at, "edited_by": e.By, "updated_at": at,
	}
	if e.ClearNumericRating {
		cols["rating_value"], cols["best_rating"], cols["worst_rating"] = nil, nil, nil
	}
	return s.curate(ctx, id, cols)
}

// SetRetired retires (with reason) or restores the review with id at, and returns the result.
func (s *ReviewStore) SetRetired(ctx context.Context, id string, retired bool, reason string, at time.Time) (*Review, error) {
	at = at.UTC()
	cols := map[string]any{"retired_at": nil, "retired_reason": nil, "updated_at": at}
	if retired {
		cols["retired_at"], cols["retired_reason"] = at, reason
	}
	return s.curate(ctx, id, cols)
}

// curate writes cols to one review and reads it back in the same transaction.
func (s *ReviewStore) curate(ctx context.Context, id string, cols map[string]any) (*Review, error) {
	if !isRowUUID(id) {
		return nil, ErrNotFound
	}
	var r Review
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// Followers poll "updated_at >= the newest they saw", so a change stamped before the
		// newest stored review (a clock behind another process's) would never reach them: it
		// takes the newest stamp instead.
		var newest Review
		err := tx.Select("updated_at").Order("updated_at DESC").Limit(1).Take(&newest).Error
		if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
			return fmt.Errorf("newest review: %w", err)
		}
		if at, ok := cols["updated_at"].(time.Time); ok && newest.UpdatedAt.After(at) {
			cols["updated_at"] = newest.UpdatedAt
		}
		res := tx.Table(Review{}.TableName()).Where("id = ?", id).Updates(cols)
		if res.Error != nil {
			return fmt.Errorf("change review %s: %w", id, res.Error)
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		if err := tx.Where("id = ?", id).Take(&r).Error; err != nil {
			return fmt.Errorf("read review %s: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &r, nil
}
