-- +goose Up
-- The history list filters by a claim's effective verdict: the experts' when any voted, else the
-- analyzer's. The index is on the same expression models/claims.go filters by, so it needs no
-- column to keep in step.
CREATE INDEX claims_effective_verdict_idx ON claims ((COALESCE(CASE WHEN expert_count > 0 THEN community_verdict END, ai_verdict)), created_at DESC, id DESC)
    WHERE hidden_at IS NULL;

-- Whether the experts' votes settle the claim (the rule of internal/community): a settled claim
-- counts toward its firm's trust score even when nobody confirmed who published it.
ALTER TABLE claims ADD COLUMN community_settled boolean NOT NULL DEFAULT false;

-- Who confirmed that the claim's firm published it (an admin or an expert), when, and for which
-- firm: a confirmation is for the firm it named, so relinking the claim elsewhere does not carry it.
ALTER TABLE claims ADD COLUMN firm_confirmed_for text NULL;
ALTER TABLE claims ADD COLUMN firm_confirmed_by text NULL;
ALTER TABLE claims ADD COLUMN firm_confirmed_at datetime NULL;

-- Settled as the rule defines it, recomputed from the stored votes: at least two votes, a verdict
-- other than belirsiz, community confidence of at least 0.5 and at least three quarters of the vote
-- weight (max(confidence, 0.05)) behind the verdict.
UPDATE claims SET community_settled = true
WHERE expert_count >= 2 AND community_verdict IS NOT NULL AND community_verdict <> 'belirsiz'
  AND community_confidence >= 0.5 - 1e-9
  AND (SELECT SUM(CASE WHEN v.verdict = claims.community_verdict THEN MAX(v.confidence, 0.05) ELSE 0 END) / SUM(MAX(v.confidence, 0.05))
       FROM claim_votes v WHERE v.claim_id = claims.id) >= 0.75 - 1e-9;

-- Trust scores under the new rule: only claims whose attribution is confirmed or whose verdict the
-- experts settled count (none is confirmed yet, so only settled ones). Same formula as
-- models.TrustScore: (5 × 50 + Σ score) / (5 + n), NULL without a counted claim.
UPDATE firms SET trust_score = (
    SELECT CASE WHEN COUNT(*) = 0 THEN NULL
                ELSE ROUND((5 * 50.0 + SUM(CASE WHEN c.expert_count > 0 AND c.community_score IS NOT NULL THEN c.community_score ELSE c.ai_score END)) / (5 + COUNT(*)), 2) END
    FROM claims c
    WHERE c.firm_id = firms.id AND c.hidden_at IS NULL AND c.community_settled
      AND COALESCE(CASE WHEN c.expert_count > 0 THEN c.community_verdict END, c.ai_verdict) <> 'belirsiz');

-- +goose Down
ALTER TABLE claims DROP COLUMN firm_confirmed_at;
ALTER TABLE claims DROP COLUMN firm_confirmed_by;
ALTER TABLE claims DROP COLUMN firm_confirmed_for;
ALTER TABLE claims DROP COLUMN community_settled;
DROP INDEX claims_effective_verdict_idx;
