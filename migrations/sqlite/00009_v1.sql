-- +goose Up
-- The /v1 API (DESIGN.md §6): firms, expert votes and community scores, the event log behind the
-- live feed and webhooks, the webhook outbox, the submission queue and full-text search.

-- The announced free /v1 plan (SPEC.md §8): admins assign it; it is not sold on the pricing page.
INSERT INTO plans (id, slug, name, price_text, monthly_quota, max_active_keys, features, public, v1_access, sort_order) VALUES
 ('0190b8a0-0000-7000-8000-000000000003', 'beta-free', 'Free (v1 beta)', 'Free', 1000, 2,
  '["Basic /v1 claim endpoints","JSON responses","Community support"]', false, true, 15)
ON CONFLICT (slug) DO NOTHING;

-- Organisations that make or publish claims. A domain belongs to at most one firm.
CREATE TABLE firms (
    id           text PRIMARY KEY,
    slug         text NOT NULL UNIQUE,
    name         text NOT NULL,
    description  text NOT NULL DEFAULT '',
    website      text NOT NULL DEFAULT '',
    trust_score  real NULL CHECK (trust_score IS NULL OR trust_score BETWEEN 0 AND 100),
    claim_count  integer NOT NULL DEFAULT 0,
    created_at   datetime NOT NULL,
    updated_at   datetime NOT NULL
);
CREATE TABLE firm_domains (
    domain   text PRIMARY KEY,
    firm_id  text NOT NULL REFERENCES firms(id) ON DELETE CASCADE
);
CREATE INDEX firm_domains_firm_idx ON firm_domains (firm_id);
-- Append-only: one row each time a firm's trust score changes.
CREATE TABLE firm_score_history (
    id           text PRIMARY KEY,
    firm_id      text NOT NULL REFERENCES firms(id) ON DELETE CASCADE,
    trust_score  real NULL,
    claim_count  integer NOT NULL,
    created_at   datetime NOT NULL
);
CREATE INDEX firm_score_history_firm_idx ON firm_score_history (firm_id, created_at);

-- A claim's firm (by source domain, or chosen by an admin: firm_source) and its community score.
-- No REFERENCES here: SQLite cannot drop a foreign-key column on the way down; deleting a firm
-- clears claims.firm_id in the same transaction instead (models.FirmStore.Delete).
ALTER TABLE claims ADD COLUMN firm_id text NULL;
ALTER TABLE claims ADD COLUMN firm_source text NULL CHECK (firm_source IS NULL OR firm_source IN ('domain','admin'));
ALTER TABLE claims ADD COLUMN community_score real NULL CHECK (community_score IS NULL OR community_score BETWEEN 0 AND 100);
ALTER TABLE claims ADD COLUMN community_verdict text NULL CHECK (community_verdict IS NULL OR community_verdict IN ('dogru','kismen','yanlis','belirsiz'));
ALTER TABLE claims ADD COLUMN community_confidence real NULL CHECK (community_confidence IS NULL OR community_confidence BETWEEN 0 AND 1);
ALTER TABLE claims ADD COLUMN expert_count integer NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN view_count integer NOT NULL DEFAULT 0;
CREATE INDEX claims_firm_created_idx ON claims (firm_id, created_at DESC) WHERE firm_id IS NOT NULL;
CREATE INDEX claims_unreviewed_idx ON claims (created_at DESC) WHERE expert_count = 0;
CREATE INDEX claims_language_created_idx ON claims (language, created_at DESC);

-- Full-text search: an FTS5 index over the claim text and the English query, kept in step by
-- triggers (external content: the text is stored once, in claims). remove_diacritics folds
-- Turkish letters (ş→s, ç→c, ğ→g, ö→o, ü→u) so queries match with or without them.
CREATE VIRTUAL TABLE claims_fts USING fts5(content, en_query, content='claims', content_rowid='rowid',
    tokenize = 'unicode61 remove_diacritics 2');
INSERT INTO claims_fts (rowid, content, en_query) SELECT rowid, content, en_query FROM claims;
-- +goose StatementBegin
CREATE TRIGGER claims_fts_insert AFTER INSERT ON claims BEGIN
    INSERT INTO claims_fts (rowid, content, en_query) VALUES (new.rowid, new.content, new.en_query);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER claims_fts_delete AFTER DELETE ON claims BEGIN
    INSERT INTO claims_fts (claims_fts, rowid, content, en_query) VALUES ('delete', old.rowid, old.content, old.en_query);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER claims_fts_update AFTER UPDATE OF content, en_query ON claims BEGIN
    INSERT INTO claims_fts (claims_fts, rowid, content, en_query) VALUES ('delete', old.rowid, old.content, old.en_query);
    INSERT INTO claims_fts (rowid, content, en_query) VALUES (new.rowid, new.content, new.en_query);
END;
-- +goose StatementEnd

-- Expert profiles: public details of accounts with the expert role.
CREATE TABLE expert_profiles (
    user_id     text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    bio         text NOT NULL DEFAULT '',
    expertise   text NOT NULL DEFAULT '[]',
    public      boolean NOT NULL DEFAULT true,
    created_at  datetime NOT NULL,
    updated_at  datetime NOT NULL
);

-- One vote per expert per claim; a changed vote updates its row.
CREATE TABLE claim_votes (
    id          text PRIMARY KEY,
    claim_id    text NOT NULL REFERENCES claims(id) ON DELETE CASCADE,
    expert_id   text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    verdict     text NOT NULL CHECK (verdict IN ('dogru','kismen','yanlis','belirsiz')),
    confidence  real NOT NULL CHECK (confidence BETWEEN 0 AND 1),
    note        text NOT NULL DEFAULT '',
    sources     text NOT NULL DEFAULT '[]',
    created_at  datetime NOT NULL,
    updated_at  datetime NOT NULL,
    UNIQUE (claim_id, expert_id)
);
CREATE INDEX claim_votes_expert_idx ON claim_votes (expert_id, updated_at DESC);

-- Append-only history of a claim's score: the analysis, then every change votes make.
CREATE TABLE claim_score_history (
    id          text PRIMARY KEY,
    claim_id    text NOT NULL REFERENCES claims(id) ON DELETE CASCADE,
    score       real NOT NULL,
    verdict     text NOT NULL,
    experts     integer NOT NULL,
    confidence  real NOT NULL,
    cause       text NOT NULL CHECK (cause IN ('analysis','vote')),
    created_at  datetime NOT NULL
);
CREATE INDEX claim_score_history_claim_idx ON claim_score_history (claim_id, created_at);
-- +goose StatementBegin
CREATE TRIGGER claim_score_history_append_only BEFORE UPDATE ON claim_score_history BEGIN
    SELECT RAISE(ABORT, 'claim_score_history is append-only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER firm_score_history_append_only BEFORE UPDATE ON firm_score_history BEGIN
    SELECT RAISE(ABORT, 'firm_score_history is append-only');
END;
-- +goose StatementEnd

-- The event log: the live feed reads it by id, webhook deliveries are written with it.
CREATE TABLE events (
    id          integer PRIMARY KEY AUTOINCREMENT,
    type        text NOT NULL,
    claim_id    text NULL,
    data        text NOT NULL,
    created_at  datetime NOT NULL
);
CREATE INDEX events_created_idx ON events (created_at);

-- Webhook endpoints belong to an account (user_id) or, for keys made in the shell, to a key.
CREATE TABLE webhook_endpoints (
    id                   text PRIMARY KEY,
    user_id              text NULL REFERENCES users(id) ON DELETE CASCADE,
    key_id               text NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    url                  text NOT NULL,
    description          text NOT NULL DEFAULT '',
    event_types          text NOT NULL DEFAULT '[]',
    secret               text NOT NULL,
    previous_secret      text NULL,
    previous_expires_at  datetime NULL,
    disabled_at          datetime NULL,
    disabled_reason      text NULL,
    created_at           datetime NOT NULL,
    updated_at           datetime NOT NULL,
    CHECK (user_id IS NOT NULL OR key_id IS NOT NULL)
);
CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id);
CREATE INDEX webhook_endpoints_key_idx ON webhook_endpoints (key_id);

-- The webhook outbox: one row per (event, endpoint); its id is the webhook-id on every attempt.
CREATE TABLE webhook_deliveries (
    id               text PRIMARY KEY,
    endpoint_id      text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    event_id         integer NULL REFERENCES events(id) ON DELETE SET NULL,
    event_type       text NOT NULL,
    payload          text NOT NULL,
    state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending','sending','delivered','failed','dead','cancelled')),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  datetime NOT NULL,
    locked_by        text NULL,
    locked_until     datetime NULL,
    last_status      integer NULL,
    last_error       text NOT NULL DEFAULT '',
    last_attempt_at  datetime NULL,
    delivered_at     datetime NULL,
    created_at       datetime NOT NULL
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state IN ('pending','sending','failed');
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);

-- Claims submitted through POST /v1/claims/submit wait here until a worker analyses them; the
-- analysed claim gets the submission's id.
CREATE TABLE claim_submissions (
    id               text PRIMARY KEY,
    content          text NOT NULL,
    source_url       text NULL,
    api_key_id       text NULL REFERENCES api_keys(id) ON DELETE SET NULL,
    state            text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','analysing','analysed','failed')),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  datetime NOT NULL,
    locked_by        text NULL,
    locked_until     datetime NULL,
    failure_reason   text NULL,
    created_at       datetime NOT NULL,
    updated_at       datetime NOT NULL
);
CREATE INDEX claim_submissions_due_idx ON claim_submissions (next_attempt_at) WHERE state IN ('queued','analysing');

-- +goose Down
DROP TABLE claim_submissions;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
DROP TABLE events;
DROP TABLE claim_score_history;
DROP TABLE claim_votes;
DROP TABLE expert_profiles;
DROP TRIGGER claims_fts_update;
DROP TRIGGER claims_fts_delete;
DROP TRIGGER claims_fts_insert;
DROP TABLE claims_fts;
DROP INDEX claims_language_created_idx;
DROP INDEX claims_unreviewed_idx;
DROP INDEX claims_firm_created_idx;
ALTER TABLE claims DROP COLUMN view_count;
ALTER TABLE claims DROP COLUMN expert_count;
ALTER TABLE claims DROP COLUMN community_confidence;
ALTER TABLE claims DROP COLUMN community_verdict;
ALTER TABLE claims DROP COLUMN community_score;
ALTER TABLE claims DROP COLUMN firm_source;
ALTER TABLE claims DROP COLUMN firm_id;
DROP TABLE firm_score_history;
DROP TABLE firm_domains;
DROP TABLE firms;
UPDATE api_keys SET plan_id = '0190b8a0-0000-7000-8000-000000000001' WHERE plan_id = '0190b8a0-0000-7000-8000-000000000003';
UPDATE users SET plan_id = NULL WHERE plan_id = '0190b8a0-0000-7000-8000-000000000003';
DELETE FROM plans WHERE id = '0190b8a0-0000-7000-8000-000000000003';
