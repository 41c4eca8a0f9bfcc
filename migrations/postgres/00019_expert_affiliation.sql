-- +goose Up
-- An expert's profile names where they work and what qualifies them, so a reader can weigh a
-- vote by who cast it (shown on the public profile, edited on /review/profile).
ALTER TABLE expert_profiles ADD COLUMN affiliation text NOT NULL DEFAULT '';
ALTER TABLE expert_profiles ADD COLUMN credentials text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE expert_profiles DROP COLUMN credentials;
ALTER TABLE expert_profiles DROP COLUMN affiliation;
