-- +goose Up
-- Beta waiting list (DESIGN.md §5). Emails are stored normalised, so the unique index is what makes
-- a second join impossible to turn into a second entry. Links in mails carry tokens derived from
-- beta_token_secret; only their SHA-256 is stored, so a leaked table yields no working link.
CREATE TABLE waitlist_entries (
    id                  uuid PRIMARY KEY,
    email               text NOT NULL UNIQUE,
    name                text NOT NULL DEFAULT '',
    organisation        text NOT NULL DEFAULT '',
    intended_use        text NOT NULL DEFAULT '',
    state               text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting','confirmed','invited','joined','left')),
    confirm_token_hash  text NOT NULL UNIQUE,
    leave_token_hash    text NOT NULL UNIQUE,
    confirm_sent_at     timestamptz NULL,
    created_at          timestamptz NOT NULL,
    confirmed_at        timestamptz NULL,
    invited_at          timestamptz NULL,
    joined_at           timestamptz NULL,
    left_at             timestamptz NULL,
    invite_run_id       text NULL,
    updated_at          timestamptz NOT NULL
);
-- The queue is ordered by confirmation time; the state filter and the position count both use it.
CREATE INDEX waitlist_entries_state_confirmed_idx ON waitlist_entries (state, confirmed_at);
CREATE INDEX waitlist_entries_created_idx ON waitlist_entries (created_at);

-- One row per press of "invite selected" or "open the beta"; a run that never finished was interrupted.
CREATE TABLE beta_invite_runs (
    id           text PRIMARY KEY,
    started_by   text NOT NULL,
    started_at   timestamptz NOT NULL,
    finished_at  timestamptz NULL,
    state        text NOT NULL DEFAULT 'running' CHECK (state IN ('running','finished','failed')),
    invited      integer NOT NULL DEFAULT 0
);

-- A single row made at migration time: every serve process derives the same mail tokens from it,
-- with no configuration and no start-up race.
CREATE TABLE beta_token_secret (
    id      integer PRIMARY KEY CHECK (id = 1),
    secret  text NOT NULL
);
INSERT INTO beta_token_secret (id, secret) VALUES (1, replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));

-- Who changed what in the admin console, and when; detail is a JSON object.
CREATE TABLE audit_log (
    id             text PRIMARY KEY,
    actor_user_id  uuid NULL,
    action         text NOT NULL,
    subject        text NOT NULL DEFAULT '',
    detail         jsonb NOT NULL DEFAULT '{}',
    created_at     timestamptz NOT NULL
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id);

-- Set once, when an invited address proves it belongs to an account; it never expires.
ALTER TABLE users ADD COLUMN beta_access_at timestamptz NULL;

-- +goose Down
ALTER TABLE users DROP COLUMN beta_access_at;
DROP TABLE audit_log;
DROP TABLE beta_token_secret;
DROP TABLE beta_invite_runs;
DROP TABLE waitlist_entries;
