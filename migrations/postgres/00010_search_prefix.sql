-- +goose Up
-- Claim search decides per query between collecting every match and walking claims newest first
-- from PostgreSQL's estimate of how many claims match. The default statistics target keeps too
-- few lexemes for the estimate of a rarer word (or prefix) to be close; 1000 keeps enough.
ALTER TABLE claims ALTER COLUMN search_tsv SET STATISTICS 1000;
ANALYZE claims;

-- +goose Down
ALTER TABLE claims ALTER COLUMN search_tsv SET STATISTICS -1;
