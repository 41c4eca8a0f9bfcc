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
    id           uuid PRIMARY KEY,
    slug         text NOT NULL UNIQUE,
    name         text NOT NULL,
    description  text NOT NULL DEFAULT '',
    website      text NOT NULL DEFAULT '',
    trust_score  double precision NULL CHECK (trust_score IS NULL OR trust_score BETWEEN 0 AND 100),
    claim_count  integer NOT NULL DEFAULT 0,
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL
);
CREATE TABLE firm_domains (
    domain   text PRIMARY KEY,
    firm_id  uuid NOT NULL REFERENCES firms(id) ON DELETE CASCADE
);
CREATE INDEX firm_domains_firm_idx ON firm_domains (firm_id);
-- Append-only: one row each time a firm's trust score changes.
CREATE TABLE firm_score_history (
    id           uuid PRIMARY KEY,
    firm_id      uuid NOT NULL REFERENCES firms(id) ON DELETE CASCADE,
    trust_score  double precision NULL,
    claim_count  integer NOT NULL,
    created_at   timestamptz NOT NULL
);
CREATE INDEX firm_score_history_firm_idx ON firm_score_history (firm_id, created_at);

-- A claim's firm (by source domain, or chosen by an admin: firm_source) and its community score.
ALTER TABLE claims ADD COLUMN firm_id uuid NULL REFERENCES firms(id) ON DELETE SET NULL;
ALTER TABLE claims ADD COLUMN firm_source text NULL CHECK (firm_source IS NULL OR firm_source IN ('domain','admin'));
ALTER TABLE claims ADD COLUMN community_score double precision NULL CHECK (community_score IS NULL OR community_score BETWEEN 0 AND 100);
ALTER TABLE claims ADD COLUMN community_verdict text NULL CHECK (community_verdict IS NULL OR community_verdict IN ('dogru','kismen','yanlis','belirsiz'));
ALTER TABLE claims ADD COLUMN community_confidence double precision NULL CHECK (community_confidence IS NULL OR community_confidence BETWEEN 0 AND 1);
ALTER TABLE claims ADD COLUMN expert_count integer NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN view_count bigint NOT NULL DEFAULT 0;
CREATE INDEX claims_firm_created_idx ON claims (firm_id, created_at DESC) WHERE firm_id IS NOT NULL;
CREATE INDEX claims_unreviewed_idx ON claims (created_at DESC) WHERE expert_count = 0;
CREATE INDEX claims_language_created_idx ON claims (language, created_at DESC);
-- Full-text search: the claim text (language-neutral 'simple' dictionary: claims come in any
-- language) weighted above the English query (stemmed with 'english').
ALTER TABLE claims ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', content), 'A') || setweight(to_tsvector('english', en_query), 'B')) STORED;
CREATE INDEX claims_search_idx ON claims USING GIN (search_tsv);

-- Expert profiles: public details of accounts with the expert role.
CREATE TABLE expert_profiles (
    user_id     uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    bio         text NOT NULL DEFAULT '',
    expertise   text NOT NULL DEFAULT '[]',
    public      boolean NOT NULL DEFAULT true,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL
);

-- One vote per expert per claim; a changed vote updates its row.
CREATE TABLE claim_votes (
    id          uuid PRIMARY KEY,
    claim_id    uuid NOT NULL REFERENCES claims(id) ON DELETE CASCADE,
    expert_id   uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    verdict     text NOT NULL CHECK (verdict IN ('dogru','kismen','yanlis','belirsiz')),
    confidence  double precision NOT NULL CHECK (confidence BETWEEN 0 AND 1),
    note        text NOT NULL DEFAULT '',
    sources     text NOT NULL DEFAULT '[]',
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    UNIQUE (claim_id, expert_id)
);
CREATE INDEX claim_votes_expert_idx ON claim_votes (expert_id, updated_at DESC);

-- Append-only history of a claim's score: the analysis, then every change votes make.
CREATE TABLE claim_score_history (
    id          uuid PRIMARY KEY,
    claim_id    uuid NOT NULL REFERENCES claims(id) ON DELETE CASCADE,
    score       double precision NOT NULL,
    verdict     text NOT NULL,
    experts     integer NOT NULL,
    confidence  double precision NOT NULL,
    cause       text NOT NULL CHECK (cause IN ('analysis','vote')),
    created_at  timestamptz NOT NULL
);
CREATE INDEX claim_score_history_claim_idx ON claim_score_history (claim_id, created_at);
-- +goose StatementBegin
CREATE FUNCTION claimcheck_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
-- +goose StatementEnd
CREATE TRIGGER claim_score_history_append_only BEFORE UPDATE ON claim_score_history
    FOR EACH ROW EXECUTE FUNCTION claimcheck_append_only();
CREATE TRIGGER firm_score_history_append_only BEFORE UPDATE ON firm_score_history
    FOR EACH ROW EXECUTE FUNCTION claimcheck_append_only();

-- The event log: the live feed reads it by id, webhook deliveries are written with it.
CREATE TABLE events (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    type        text NOT NULL,
    claim_id    uuid NULL,
    data        text NOT NULL,
    created_at  timestamptz NOT NULL
);
CREATE INDEX events_created_idx ON events (created_at);

-- Webhook endpoints belong to an account (user_id) or, for keys made in the shell, to a key.
CREATE TABLE webhook_endpoints (
    id                   uuid PRIMARY KEY,
    user_id              uuid NULL REFERENCES users(id) ON DELETE CASCADE,
    key_id               uuid NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    url                  text NOT NULL,
    description          text NOT NULL DEFAULT '',
    event_types          text NOT NULL DEFAULT '[]',
    secret               text NOT NULL,
    previous_secret      text NULL,
    previous_expires_at  timestamptz NULL,
    disabled_at          timestamptz NULL,
    disabled_reason      text NULL,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    CHECK (user_id IS NOT NULL OR key_id IS NOT NULL)
);
CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id);
CREATE INDEX webhook_endpoints_key_idx ON webhook_endpoints (key_id);

-- The webhook outbox: one row per (event, endpoint); its id is the webhook-id on every attempt.
CREATE TABLE webhook_deliveries (
    id               uuid PRIMARY KEY,
    endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    event_id         bigint NULL REFERENCES events(id) ON DELETE SET NULL,
    event_type       text NOT NULL,
    payload          text NOT NULL,
    state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending','sending','delivered','failed','dead','cancelled')),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL,
    locked_by        text NULL,
    locked_until     timestamptz NULL,
    last_status      integer NULL,
    last_error       text NOT NULL DEFAULT '',
    last_attempt_at  timestamptz NULL,
    delivered_at     timestamptz NULL,
    created_at       timestamptz NOT NULL
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state IN ('pending','sending','failed');
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);

-- Claims submitted through POST /v1/claims/submit wait here until a worker analyses them; the
-- analysed claim gets the submission's id.
CREATE TABLE claim_submissions (
    id               uuid PRIMARY KEY,
    content          text NOT NULL,
    source_url       text NULL,
    api_key_id       uuid NULL REFERENCES api_keys(id) ON DELETE SET NULL,
    state            text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','analysing','analysed','failed')),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL,
    locked_by        text NULL,
    locked_until     timestamptz NULL,
    failure_reason   text NULL,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL
);
CREATE INDEX claim_submissions_due_idx ON claim_submissions (next_attempt_at) WHERE state IN ('queued','analysing');

-- +goose Down
DROP TABLE claim_submissions;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
DROP TABLE events;
DROP TABLE claim_score_history;
DROP FUNCTION claimcheck_append_only() CASCADE;
DROP TABLE claim_votes;
DROP TABLE expert_profiles;
DROP INDEX claims_search_idx;
ALTER TABLE claims DROP COLUMN search_tsv;
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
