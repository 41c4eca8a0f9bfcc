-- +goose Up
-- Claim search matches a word as a prefix of the claim text's words, so a Turkish root finds its
-- suffixed forms ("aşı" → "aşılar"). FTS5 answers prefix queries from a prefix index when it has
-- one of that length; without one it scans every term the prefix starts. Same table, same
-- triggers (they name claims_fts and keep working), rebuilt from claims.
DROP TABLE claims_fts;
CREATE VIRTUAL TABLE claims_fts USING fts5(content, en_query, content='claims', content_rowid='rowid',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4 5 6');
INSERT INTO claims_fts (claims_fts) VALUES ('rebuild');

-- +goose Down
DROP TABLE claims_fts;
CREATE VIRTUAL TABLE claims_fts USING fts5(content, en_query, content='claims', content_rowid='rowid',
    tokenize = 'unicode61 remove_diacritics 2');
INSERT INTO claims_fts (claims_fts) VALUES ('rebuild');
