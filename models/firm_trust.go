package models

import (
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Firm trust rule (documented in the README and the OpenAPI document): a Bayesian average of the
// scores of the firm's decided claims, pulled towards a neutral prior so that a firm with two
// claims cannot sit at 0 or 100:
//
//	trust = (TrustPriorWeight × TrustPriorMean + Σ score) / (TrustPriorWeight + n)
//
// A claim's score is its community score when experts voted, else its AI score. Claims whose
// verdict is belirsiz (unverified) say nothing about the firm and are left out of n and the sum.
// So are claims whose attribution rests only on the submitter's word (the address they pasted):
// a claim counts only when an admin or an expert confirmed that the firm published it, or when
// the experts settled its verdict (countsSQL), so a visitor cannot move a firm's score.
// A firm with no counted claim has no trust score (nil), not a made-up 50.
const (
	// TrustPriorMean is the neutral score a firm starts from.
	TrustPriorMean = 50.0
	// TrustPriorWeight is how many decided claims the prior counts as.
	TrustPriorWeight = 5.0
)

// TrustScore applies the rule to n decided claims whose scores sum to sum.
func TrustScore(n int, sum float64) *float64 {
	if n == 0 {
		return nil
	}
	t := (TrustPriorWeight*TrustPriorMean + sum) / (TrustPriorWeight + float64(n))
	t = math.Round(t*100) / 100
	return &t
}

// effectiveScoreSQL, EffectiveVerdictSQL and decidedSQL are EffectiveScore in SQL, for aggregates
// over many claims; countsSQL is CountsForTrust.
const (
	effectiveScoreSQL = `(CASE WHEN expert_count > 0 AND community_score IS NOT NULL THEN community_score ELSE ai_score END)`
	// EffectiveVerdictSQL is the claim's verdict slug as shown: the experts' when any voted, else
	// the analyzer's. Migration 00013 indexes exactly this expression; keep them the same.
	EffectiveVerdictSQL = `(COALESCE(CASE WHEN expert_count > 0 THEN community_verdict END, ai_verdict))`
	decidedSQL          = `(` + EffectiveVerdictSQL + ` <> 'belirsiz')`
	countsSQL           = `(community_settled OR (firm_confirmed_for IS NOT NULL AND firm_confirmed_for = firm_id))`
)

// RecomputeFirmTrust recomputes a firm's trust score and claim count inside tx and appends a
// history entry when either changed. Call it in the transaction that changed one of its claims.
func RecomputeFirmTrust(tx *gorm.DB, firmID string, now time.Time) error {
	// Lock the firm first: two transactions adding claims to one firm must not both aggregate
	// before either commits, or the later write would forget the other's claim (PostgreSQL;
	// SQLite serialises writers and ignores the clause). NO KEY UPDATE, not UPDATE: inserting a
	// claim that references the firm holds KEY SHARE on it, which UPDATE would deadlock against.
	var f Firm
	if err := tx.Clauses(clause.Locking{Strength: "NO KEY UPDATE"}).Where("id = ?", firmID).Take(&f).Error; err != nil {
		return fmt.Errorf("trust of firm %s: %w", firmID, err)
	}
	var agg struct {
		Total int64
		N     int64
		Sum   float64
	}
	q := `SELECT COUNT(*) AS total,
	COALESCE(SUM(CASE WHEN ` + decidedSQL + ` AND ` + countsSQL + ` THEN 1 ELSE 0 END), 0) AS n,
	COALESCE(SUM(CASE WHEN ` + decidedSQL + ` AND ` + countsSQL + ` THEN ` + effectiveScoreSQL + ` ELSE 0 END), 0) AS sum
FROM claims WHERE firm_id = ? AND hidden_at IS NULL`
	if err := tx.Raw(q, firmID).Scan(&agg).Error; err != nil {
		return fmt.Errorf("trust of firm %s: %w", firmID, err)
	}
	trust := TrustScore(int(agg.N), agg.Sum)
	if sameScore(trust, f.TrustScore) && f.ClaimCount == int(agg.Total) {
		return nil
	}
	if err := tx.Model(&Firm{}).Where("id = ?", firmID).
		Updates(map[string]any{"trust_score": trust, "claim_count": agg.Total, "updated_at": dbTime(now)}).Error; err != nil {
		return fmt.Errorf("trust of firm %s: %w", firmID, err)
	}
	h := &FirmScore{ID: uuid.Must(uuid.NewV7()).String(), FirmID: firmID, TrustScore: trust, ClaimCount: int(agg.Total), CreatedAt: dbTime(now)}
	if err := tx.Create(h).Error; err != nil {
		return fmt.Errorf("trust history of firm %s: %w", firmID, err)
	}
	return nil
}

// sameScore compares two optional scores.
func sameScore(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return math.Abs(*a-*b) < 0.005
}
