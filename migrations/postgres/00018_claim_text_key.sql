-- +goose Up
-- Repeat checks (internal/checking.TextKey): every claim stored from now on carries the hash of
-- its normalised text (Turkish case and letters folded, punctuation and spacing ignored), so the
-- claim page can link the records of the same claim and say how many times it was checked.
-- Claims stored before this migration have no key (the Turkish folding is Go code, not SQL) and
-- are not linked.
ALTER TABLE claims ADD COLUMN text_key text NULL;
CREATE INDEX claims_text_key_idx ON claims (text_key, created_at) WHERE text_key IS NOT NULL;

-- +goose Down
DROP INDEX claims_text_key_idx;
ALTER TABLE claims DROP COLUMN text_key;
