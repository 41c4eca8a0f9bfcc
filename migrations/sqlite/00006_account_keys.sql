-- +goose Up
-- Keys belong to accounts (DESIGN.md §4–§5). user_id stays NULL for keys made with the CLI before
-- accounts existed. revoke_at schedules the end of a rotated key's grace period, so the old and
-- the new key both work while clients switch over; replaced_by names the successor.
-- SQLite accepts a REFERENCES clause in ADD COLUMN only with a NULL default, which these have.
ALTER TABLE api_keys ADD COLUMN user_id text NULL REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE api_keys ADD COLUMN revoke_at datetime NULL;
ALTER TABLE api_keys ADD COLUMN replaced_by text NULL;
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at);
CREATE INDEX api_keys_revoke_at_idx ON api_keys (revoke_at);

-- +goose Down
DROP INDEX api_keys_revoke_at_idx;
DROP INDEX api_keys_user_idx;
ALTER TABLE api_keys DROP COLUMN replaced_by;
ALTER TABLE api_keys DROP COLUMN revoke_at;
ALTER TABLE api_keys DROP COLUMN user_id;
