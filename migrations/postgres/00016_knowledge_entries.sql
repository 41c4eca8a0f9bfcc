-- +goose Up
-- Admin corrections to the knowledge base (handlers/admin/admin_kb.go, internal/knowledge/entries.go).
-- edited_at/edited_by pin a review an admin edited: imports of the same URL (starter set, uploads,
-- Google Fact Check) leave it as the admin left it. retired_at takes a review out of matching
-- without deleting it, so it can be restored; a re-import does not bring it back either. Every
-- change also moves updated_at, which is what each process polls to patch its matching index.
ALTER TABLE claim_reviews ADD COLUMN edited_at timestamptz NULL;
ALTER TABLE claim_reviews ADD COLUMN edited_by text NULL;
ALTER TABLE claim_reviews ADD COLUMN retired_at timestamptz NULL;
ALTER TABLE claim_reviews ADD COLUMN retired_reason text NULL;

-- +goose Down
ALTER TABLE claim_reviews DROP COLUMN retired_reason;
ALTER TABLE claim_reviews DROP COLUMN retired_at;
ALTER TABLE claim_reviews DROP COLUMN edited_by;
ALTER TABLE claim_reviews DROP COLUMN edited_at;
