-- +goose Up
-- What a claim's score answer reads from its analysis, kept beside the analysis's basis and
-- matches when the claim is stored (models.ScoreFacts): whether the analysis decided the verdict,
-- how sure it was (the deciding fact-check's similarity) and the method of the verdict. The score
-- read (GET /v1/claims/{id}/score) then reads these narrow columns instead of 2–3 KB of JSON per
-- request. Claims stored before this migration have NULLs until the backfill at start
-- (internal/app/scorefacts.go) reaches them; until then their score read decodes the JSON as before.
ALTER TABLE claims ADD COLUMN ai_decided boolean NULL;
ALTER TABLE claims ADD COLUMN ai_confidence double precision NULL;
ALTER TABLE claims ADD COLUMN ai_method text NULL;

-- +goose Down
ALTER TABLE claims DROP COLUMN ai_method;
ALTER TABLE claims DROP COLUMN ai_confidence;
ALTER TABLE claims DROP COLUMN ai_decided;
