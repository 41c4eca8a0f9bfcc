package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ReviewStore keeps the knowledge base of earlier fact-checks.
type ReviewStore struct{ db *database.DB }

// UpsertResult says what an upsert did.
type UpsertResult int

const (
	// Added means the review URL was new.
	Added UpsertResult = iota + 1
	// Updated means an existing review with that URL was replaced.
	Updated
	// Unchanged means the stored review already had these values.
	Unchanged
	// Pinned means an admin edited or retired the stored review, so the import left it alone.
	Pinned
)

// Upsert stores r by its URL: a new URL is added, a known one updated in place (keeping its id and
// created_at), so importing the same file twice changes nothing.
func (s *ReviewStore) Upsert(ctx context.Context, r *Review) (UpsertResult, error) {
	res, err := s.upsertOnce(ctx, r)
	if err != nil && errors.Is(err, errAddRace) {
		// Another process added the same URL between our look-up and insert (several serve
		// processes loading the starter set at once): the row exists now, so update it instead.
		return s.upsertOnce(ctx, r)
	}
	return res, err
}

// errAddRace marks an insert that lost to a concurrent insert of the same review URL.
var errAddRace = errors.New("review added concurrently")

// upsertOnce is one attempt of Upsert in its own transaction.
func (s *ReviewStore) upsertOnce(ctx context.Context, r *Review) (UpsertResult, error) {
	var res UpsertResult
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var old Review
		err := tx.Clauses(lockForUpdate(s.db.Dialect)...).Where("url = ?", r.URL).Take(&old).Error
		switch {
		case errors.Is(err, gorm.ErrRecordNotFound):
			if err := tx.Create(r).Error; err != nil {
				if s.exists(ctx, r.URL) {
					return fmt.Errorf("add review %s: %w", r.URL, errAddRace)
				}
				return fmt.Errorf("add review %s: %w", r.URL, err)
			}
			res = Added
			return nil
		case err != nil:
			return fmt.Errorf("find review %s: %w", r.URL, err)
		}
		r.ID, r.CreatedAt = old.ID, old.CreatedAt
		if old.Curated() {
			*r = old
			res = Pinned
			return nil
		}
		if sameReview(&old, r) {
			*r = old
			res = Unchanged
			return nil
		}
		if err := tx.Model(&Review{}).Where("id = ?", old.ID).Select("*").Omit("id", "created_at").Updates(r).Error; err != nil {
			return fmt.Errorf("update review %s: %w", r.URL, err)
		}
		res = Updated
		return nil
	})
	return res, err
}

// exists reports whether a review with url is stored, outside any transaction (a failed insert
// aborts a PostgreSQL transaction, so the check must not run inside it).
func (s *ReviewStore) exists(ctx context.Context, url string) bool {
	var n int64
	return s.db.Gorm.WithContext(ctx).Model(&Review{}).Where("url = ?", url).Count(&n).Error == nil && n > 0
}

// lockForUpdate serialises concurrent imports of one URL on PostgreSQL; SQLite transactions
// already take the write lock up front.
func lockForUpdate(d database.Dialect) []clause.Expression {
	if d == database.Postgres {
		return []clause.Expression{clause.Locking{Strength: "UPDATE"}}
	}
	return nil
}

// sameReview compares the imported content of two reviews (not ids or timestamps).
func sameReview(a, b *Review) bool {
	eqS := func(x, y *string) bool { return (x == nil && y == nil) || (x != nil && y != nil && *x == *y) }
	eqF := func(x, y *float64) bool { return (x == nil && y == nil) || (x != nil && y != nil && *x == *y) }
	eqT := func(x, y *time.Time) bool { return (x == nil && y == nil) || (x != nil && y != nil && x.Equal(*y)) }
	return a.ClaimReviewed == b.ClaimReviewed && a.Language == b.Language && eqS(a.TextualRating, b.TextualRating) &&
		eqF(a.RatingValue, b.RatingValue) && eqF(a.BestRating, b.BestRating) && eqF(a.WorstRating, b.WorstRating) &&
		a.Verdict == b.Verdict && a.ReviewBody == b.ReviewBody && a.Publisher == b.Publisher && eqS(a.PublisherURL, b.PublisherURL) &&
		eqT(a.DatePublished, b.DatePublished) && eqT(a.ClaimDate, b.ClaimDate) && eqS(a.Claimant, b.Claimant) &&
		a.AppearanceURLs == b.AppearanceURLs && a.Citations == b.Citations && eqS(a.Category, b.Category) && a.Source == b.Source
}

// ByURL returns the review with url.
func (s *ReviewStore) ByURL(ctx context.Context, url string) (*Review, error) {
	var r Review
	err := s.db.Gorm.WithContext(ctx).Where("url = ?", url).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("review %s: %w", url, err)
	}
	return &r, nil
}

// Count returns how many reviews the knowledge base holds.
func (s *ReviewStore) Count(ctx context.Context) (int64, error) {
	var n int64
	if err := s.db.Gorm.WithContext(ctx).Model(&Review{}).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("count reviews: %w", err)
	}
	return n, nil
}

// Each calls fn for every review updated at or after since (zero time: all), in batches, oldest
// update first, so an index can be built at start and kept current by polling.
func (s *ReviewStore) Each(ctx context.Context, since time.Time, fn func(*Review) error) error {
	var batch []Review
	q := s.db.Gorm.WithContext(ctx).Model(&Review{})
	if !since.IsZero() {
		q = q.Where("updated_at >= ?", since)
	}
	err := q.Order("updated_at, id").FindInBatches(&batch, 2000, func(tx *gorm.DB, _ int) error {
		for i := range batch {
			if err := fn(&batch[i]); err != nil {
				return err
			}
		}
		return nil
	}).Error
	if err != nil {
		return fmt.Errorf("read reviews: %w", err)
	}
	return nil
}

// EvidenceStore caches answers of online evidence providers.
type EvidenceStore struct{ db *database.DB }

// Get returns a cached answer that has not expired at now, or ErrNotFound.
func (s *EvidenceStore) Get(ctx context.Context, provider, key string, now time.Time) (*EvidenceCache, error) {
	var e EvidenceCache
	err := s.db.Gorm.WithContext(ctx).Where("provider = ? AND cache_key = ? AND expires_at > ?", provider, key, now).Take(&e).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("evidence cache %s: %w", provider, err)
	}
	return &e, nil
}

// Put stores or replaces a cached answer.
func (s *EvidenceStore) Put(ctx context.Context, e *EvidenceCache) error {
	err := s.db.Gorm.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "provider"}, {Name: "cache_key"}},
		DoUpdates: clause.AssignmentColumns([]string{"status", "body", "fetched_at", "expires_at"}),
	}).Create(e).Error
	if err != nil {
		return fmt.Errorf("evidence cache put %s: %w", e.Provider, err)
	}
	return nil
}

// PruneExpired deletes cached answers that expired before now.
func (s *EvidenceStore) PruneExpired(ctx context.Context, now time.Time) error {
	if err := s.db.Gorm.WithContext(ctx).Where("expires_at <= ?", now).Delete(&EvidenceCache{}).Error; err != nil {
		return fmt.Errorf("evidence cache prune: %w", err)
	}
	return nil
}
