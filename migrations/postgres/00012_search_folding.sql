-- +goose Up
-- Claim search finds Turkish words typed without Turkish letters ("seker" → "şeker", "isik" →
-- "Işık"), as it does on SQLite, whose FTS5 tokenizer removes diacritics. The search vector gets a
-- folded copy of the claim text at weight C: Turkish letters and common Latin accents to their
-- base letters and I, İ, ı to i (the combining dot of a decomposed İ, chr(775), dropped). It uses
-- translate() rather than the unaccent extension, which may not be installed; translate() is
-- immutable, as a generated column needs. The text as written stays at weight A, so an exact spelling ranks above
-- a folded match. models/search.go folds queries with the same two lists (searchFoldFrom/To).
-- PostgreSQL 15 cannot change a generated column's expression, so the column is added again,
-- which computes it for every existing claim; the GIN index and the statistics target go with the
-- old column and are made again.
ALTER TABLE claims DROP COLUMN search_tsv;
ALTER TABLE claims ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', content), 'A')
    || setweight(to_tsvector('simple', translate(content,
        'çğıöşüâîûáàäãåéèêëíìïóòôõúùñÇĞIİÖŞÜÂÎÛÁÀÄÃÅÉÈÊËÍÌÏÓÒÔÕÚÙÑ' || chr(775),
        'cgiosuaiuaaaaaeeeeiiioooouunCGiiOSUAIUAAAAAEEEEIIIOOOOUUN')), 'C')
    || setweight(to_tsvector('english', en_query), 'B')) STORED;
CREATE INDEX claims_search_idx ON claims USING GIN (search_tsv);
ALTER TABLE claims ALTER COLUMN search_tsv SET STATISTICS 1000;
ANALYZE claims;

-- +goose Down
ALTER TABLE claims DROP COLUMN search_tsv;
ALTER TABLE claims ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', content), 'A') || setweight(to_tsvector('english', en_query), 'B')) STORED;
CREATE INDEX claims_search_idx ON claims USING GIN (search_tsv);
ALTER TABLE claims ALTER COLUMN search_tsv SET STATISTICS 1000;
ANALYZE claims;
