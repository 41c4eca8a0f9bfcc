package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"gorm.io/gorm"
)

// ClaimStore reads and writes claim records. Hidden (moderated) claims are invisible to every read here.
type ClaimStore struct {
	db *database.DB
	// rules score the firm and choose the events of an insert.
	rules Rules
}

// visible is the predicate every public read applies.
const visible = "hidden_at IS NULL"

// Create stores an analysed claim that no API key pays for (web form, CLI).
func (s *ClaimStore) Create(ctx context.Context, c *Claim) error {
	if err := s.LinkFirm(ctx, c); err != nil {
		return err
	}
	return s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return insertClaim(tx, s.db.Dialect, s.rules, c, true, c.CreatedAt)
	})
}

// InTx runs fn in one transaction over the claims' database, for writes that must commit with a
// claim's insert (InsertTx).
func (s *ClaimStore) InTx(ctx context.Context, fn func(tx Tx) error) error {
	return NewTransactor(s.db).InTx(ctx, fn)
}

// LinkFirm sets the claim's firm from its source domain when it has none. It reads, so callers run
// it before the transaction that stores the claim (InsertTx), which then only writes.
func (s *ClaimStore) LinkFirm(ctx context.Context, c *Claim) error {
	return linkFirmByDomain(s.db.Gorm.WithContext(ctx), c)
}

// InsertTx stores an analysed claim inside tx, so a caller can charge its key in the same
// transaction (internal/checking): the claim and its count commit or roll back together. The firm
// is linked beforehand (LinkFirm).
func (s *ClaimStore) InsertTx(ctx context.Context, tx Tx, c *Claim) error {
	return insertClaim(tx.gorm(ctx, s.db), s.db.Dialect, s.rules, c, true, c.CreatedAt)
}

// Hidden reports whether a moderator hid the claim. A claim that does not exist (yet: a queued
// submission's) is not hidden, so the /v1 feed keeps its events while leaving out hidden ones'.
func (s *ClaimStore) Hidden(ctx context.Context, id string) (bool, error) {
	var n int64
	if err := s.db.Gorm.WithContext(ctx).Model(&Claim{}).Where("id = ? AND hidden_at IS NOT NULL", id).Count(&n).Error; err != nil {
		return false, fmt.Errorf("is claim %s hidden: %w", id, err)
	}
	return n > 0, nil
}

// Get returns a visible claim by id.
func (s *ClaimStore) Get(ctx context.Context, id string) (*Claim, error) {
	var c Claim
	err := s.db.Gorm.WithContext(ctx).Where("id = ? AND "+visible, id).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get claim %s: %w", id, err)
	}
	return &c, nil
}

// scoreColumns are the columns a claim's score rests on (Claim.EffectiveScore and the basis of its
// verdict): the analysis's score, verdict and score facts and the experts' standing. The basis and
// the matches (2–3 KB of JSON) are read only for a claim stored before its facts were kept
// (ScoreFacts), whose facts are then derived from them; on any other claim they are NULL, not read.
const scoreColumns = "id, ai_score, ai_verdict, ai_decided, ai_confidence, ai_method, " +
	"CASE WHEN ai_decided IS NULL THEN basis END, CASE WHEN ai_decided IS NULL THEN matches END, " +
	"community_score, community_verdict, community_confidence, expert_count"

// The score read in each dialect, one fixed text each (kept prepared).
const (
	scoreSQLite   = "SELECT " + scoreColumns + " FROM claims WHERE id = ? AND " + visible
	scorePostgres = "SELECT " + scoreColumns + " FROM claims WHERE id = $1 AND " + visible
)

// Score returns a visible claim with only the fields its score rests on filled (scoreColumns),
// its Facts always complete, for GET /v1/claims/{id}/score: a whole row costs that hot read most
// of its time in column handling, GORM's reflection and, on PostgreSQL, the compressed basis.
func (s *ClaimStore) Score(ctx context.Context, id string) (*Claim, error) {
	q := scoreSQLite
	if s.db.Dialect == database.Postgres {
		q = scorePostgres
	}
	// QueryRows: through pgx itself on PostgreSQL, without database/sql's conversion of every
	// column; kept prepared on SQLite.
	rows, err := s.db.QueryRows(ctx, q, id)
	if err != nil {
		return nil, fmt.Errorf("claim score %s: %w", id, err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("claim score %s: %w", id, err)
		}
		return nil, ErrNotFound
	}
	var c Claim
	var basis, matches *string
	if raw, ok := rows.(database.RawRows); !ok || !scoreFromRaw(raw.FieldDescriptions(), raw.RawValues(), &c, &basis, &matches) {
		if err := rows.Scan(&c.ID, &c.AIScore, &c.AIVerdict, &c.Facts.Decided, &c.Facts.Confidence, &c.Facts.Method,
			&basis, &matches, &c.CommunityScore, &c.CommunityVerdict, &c.CommunityConfidence, &c.ExpertCount); err != nil {
			return nil, fmt.Errorf("claim score %s: %w", id, err)
		}
	}
	if err := rows.Close(); err != nil {
		return nil, fmt.Errorf("claim score %s: %w", id, err)
	}
	if !c.Facts.Complete() {
		if basis != nil {
			c.Basis = *basis
		}
		if matches != nil {
			c.Matches = *matches
		}
		c.Facts = c.DeriveScoreFacts()
	}
	return &c, nil
}

// ClaimFilter narrows the history listing.
type ClaimFilter struct {
	// Verdict keeps claims with this effective verdict: the experts' when any voted, else the
	// analyzer's ("" = any).
	Verdict string
	// Category keeps claims in this category ("" = any).
	Category string
	// Query keeps claims whose text contains it, case-insensitively ("" = any).
	Query string
	// Limit and Offset page through the newest-first list.
	Limit, Offset int
}

// List returns visible claims newest first, and how many match in all.
func (s *ClaimStore) List(ctx context.Context, f ClaimFilter) ([]Claim, int64, error) {
	q := s.db.Gorm.WithContext(ctx).Model(&Claim{}).Where(visible)
	if f.Verdict != "" {
		q = q.Where(EffectiveVerdictSQL+" = ?", f.Verdict)
	}
	if f.Category != "" {
		q = q.Where("category = ?", f.Category)
	}
	if t := strings.TrimSpace(f.Query); t != "" {
		q = q.Where(database.SearchFoldSQL(s.db.Dialect, "content")+` LIKE ? ESCAPE '\'`, "%"+escapeLike(database.SearchFold(t))+"%")
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count claims: %w", err)
	}
	limit := f.Limit
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	var cs []Claim
	if err := q.Order("created_at DESC, id DESC").Limit(limit).Offset(max(f.Offset, 0)).Find(&cs).Error; err != nil {
		return nil, 0, fmt.Errorf("list claims: %w", err)
	}
	return cs, total, nil
}

// escapeLike makes user text literal inside a LIKE pattern.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// ClaimRepeat is one record of a claim checked more than once: enough to link it and say what it
// concluded.
type ClaimRepeat struct {
	ID        string    `gorm:"column:id"`
	CreatedAt time.Time `gorm:"column:created_at"`
	// Verdict is the record's verdict as shown (EffectiveVerdictSQL); Score its AI score.
	Verdict string `gorm:"column:verdict"`
	Score   int    `gorm:"column:ai_score"`
	// ViaAPI says an API key submitted it (the web form's records have none).
	ViaAPI bool `gorm:"column:via_api"`
}

// Repeats returns the visible records whose text has the same key, oldest first, at most limit
// of them, and how many there are in all (the claim's own record included).
func (s *ClaimStore) Repeats(ctx context.Context, textKey string, limit int) ([]ClaimRepeat, int64, error) {
	q := s.db.Gorm.WithContext(ctx).Model(&Claim{}).Where("text_key = ? AND "+visible, textKey)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count repeat checks: %w", err)
	}
	var rows []ClaimRepeat
	err := q.Select("id, created_at, ai_score, " + EffectiveVerdictSQL + " AS verdict, CASE WHEN api_key_id IS NULL THEN 0 ELSE 1 END AS via_api").
		Order("created_at ASC, id ASC").Limit(max(limit, 1)).Scan(&rows).Error
	if err != nil {
		return nil, 0, fmt.Errorf("list repeat checks: %w", err)
	}
	return rows, total, nil
}
