package models

import (
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// TrustRule decides a firm's trust score from its visible claims. internal/firms owns the rule
// (firms.Trust); the stores run it inside the transaction that changed a claim.
type TrustRule interface {
	// Counts reports whether a claim moves its firm's trust score.
	Counts(g TrustGroup) bool
	// Score is the firm's trust score from its visible claims (nil when none counts).
	Score(groups []TrustGroup) *float64
}

// EventRule decides which events a claim change appends to the log. internal/feed/emit owns it.
type EventRule interface {
	// Events returns the event types to append for ch, in order.
	Events(ch ClaimChange) []string
}

// Rules are the capability rules the stores apply inside their transactions.
type Rules struct {
	// Trust scores firms.
	Trust TrustRule
	// Events chooses the events a claim change emits.
	Events EventRule
}

// effectiveScoreSQL and EffectiveVerdictSQL are EffectiveScore in SQL, for reads over many claims.
const (
	effectiveScoreSQL = `(CASE WHEN expert_count > 0 AND community_score IS NOT NULL THEN community_score ELSE ai_score END)`
	// EffectiveVerdictSQL is the claim's verdict slug as shown: the experts' when any voted, else
	// the analyzer's. Migration 00013 indexes exactly this expression; keep them the same.
	EffectiveVerdictSQL = `(COALESCE(CASE WHEN expert_count > 0 THEN community_verdict END, ai_verdict))`
)

// trustGroupsSQL groups a firm's visible claims by what the trust rule reads of them.
const trustGroupsSQL = `SELECT verdict, settled, confirmed, COUNT(*) AS claims, COALESCE(SUM(score), 0) AS score_sum
FROM (SELECT ` + effectiveScoreSQL + ` AS score, ` + EffectiveVerdictSQL + ` AS verdict,
	community_settled AS settled,
	(firm_confirmed_for IS NOT NULL AND firm_confirmed_for = firm_id) AS confirmed
	FROM claims WHERE firm_id = ? AND hidden_at IS NULL) AS c
GROUP BY verdict, settled, confirmed`

// trustGroups reads the rule's view of a firm's visible claims.
func trustGroups(tx *gorm.DB, firmID string) ([]TrustGroup, error) {
	var rows []struct {
		Verdict   string
		Settled   bool
		Confirmed bool
		Claims    int
		ScoreSum  float64
	}
	if err := tx.Raw(trustGroupsSQL, firmID).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("trust claims of firm %s: %w", firmID, err)
	}
	out := make([]TrustGroup, len(rows))
	for i, r := range rows {
		out[i] = TrustGroup{Verdict: r.Verdict, Settled: r.Settled, Confirmed: r.Confirmed, Claims: r.Claims, ScoreSum: r.ScoreSum}
	}
	return out, nil
}

// RecomputeFirmTrust recomputes a firm's trust score (by rule) and claim count inside tx and
// appends a history entry when either changed. Call it in the transaction that changed one of its claims.
func RecomputeFirmTrust(tx *gorm.DB, rule TrustRule, firmID string, now time.Time) error {
	// Lock the firm first: two transactions adding claims to one firm must not both aggregate
	// before either commits, or the later write would forget the other's claim (PostgreSQL;
	// SQLite serialises writers and ignores the clause). NO KEY UPDATE, not UPDATE: inserting a
	// claim that references the firm holds KEY SHARE on it, which UPDATE would deadlock against.
	var f Firm
	if err := tx.Clauses(clause.Locking{Strength: "NO KEY UPDATE"}).Where("id = ?", firmID).Take(&f).Error; err != nil {
		return fmt.Errorf("trust of firm %s: %w", firmID, err)
	}
	groups, err := trustGroups(tx, firmID)
	if err != nil {
		return err
	}
	total := 0
	for _, g := range groups {
		total += g.Claims
	}
	trust := rule.Score(groups)
	if sameScore(trust, f.TrustScore) && f.ClaimCount == total {
		return nil
	}
	if err := tx.Model(&Firm{}).Where("id = ?", firmID).
		Updates(map[string]any{"trust_score": trust, "claim_count": total, "updated_at": dbTime(now)}).Error; err != nil {
		return fmt.Errorf("trust of firm %s: %w", firmID, err)
	}
	h := &FirmScore{ID: uuid.Must(uuid.NewV7()).String(), FirmID: firmID, TrustScore: trust, ClaimCount: total, CreatedAt: dbTime(now)}
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

// TrustGroup is what the trust rule reads of a firm's visible claims that share a verdict,
// settlement and attribution: how many there are and the sum of their effective scores. The store
// groups in SQL so a firm with many claims costs a handful of rows, not one per claim.
type TrustGroup struct {
	// Verdict is the claims' effective verdict slug.
	Verdict string
	// Settled is true when the experts settled the claims' verdict.
	Settled bool
	// Confirmed is true when an admin or expert confirmed that this firm published the claims.
	Confirmed bool
	// Claims is how many claims the group holds.
	Claims int
	// ScoreSum is the sum of their effective scores (community when experts voted, else AI).
	ScoreSum float64
}

// ClaimChange is what happened to a claim inside a store transaction; the event rule maps it to
// the events to append.
type ClaimChange int

const (
	// ChangeSubmitted is a queued submission stored before its analysis.
	ChangeSubmitted ClaimChange = iota + 1
	// ChangeChecked is an analysed claim stored in one step (no submission announced it).
	ChangeChecked
	// ChangeSubmissionAnalysed is the analysed claim of a submission whose creation was already announced.
	ChangeSubmissionAnalysed
	// ChangeRescored is a claim whose community score changed after a vote.
	ChangeRescored
)
