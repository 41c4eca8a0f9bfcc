-- +goose Up
-- The language an account or a waiting-list entry reads Claimcheck in ('en' or 'tr'): chosen from
-- the page's language at sign-up or joining, changed by the language switcher, and the language
-- every mail to that address is written in.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE waitlist_entries ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

-- +goose Down
ALTER TABLE waitlist_entries DROP COLUMN language;
ALTER TABLE users DROP COLUMN language;
