-- +goose Up
CREATE TABLE plans (
    id               text PRIMARY KEY,
    slug             text NOT NULL UNIQUE,
    name             text NOT NULL,
    price_text       text NOT NULL DEFAULT '',
    monthly_quota    integer NULL CHECK (monthly_quota IS NULL OR monthly_quota >= 0),
    max_active_keys  integer NOT NULL DEFAULT 5 CHECK (max_active_keys >= 0),
    stripe_price_id  text NULL,
    features         text NOT NULL DEFAULT '[]',
    public           boolean NOT NULL DEFAULT 1,
    v1_access        boolean NOT NULL DEFAULT 0,
    sort_order       integer NOT NULL DEFAULT 0,
    created_at       datetime NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f+00:00', 'now')),
    updated_at       datetime NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f+00:00', 'now'))
);

CREATE TABLE api_keys (
    id              text PRIMARY KEY,
    plan_id         text NOT NULL REFERENCES plans(id),
    name            text NOT NULL,
    prefix          text NOT NULL,
    hash            text NOT NULL UNIQUE,
    quota_override  integer NULL CHECK (quota_override IS NULL OR quota_override >= 0),
    created_at      datetime NOT NULL,
    last_used_at    datetime NULL,
    revoked_at      datetime NULL
);
CREATE INDEX api_keys_prefix_idx ON api_keys (prefix);
CREATE INDEX api_keys_plan_idx ON api_keys (plan_id);

CREATE TABLE usage_counters (
    key_id  text NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    period  text NOT NULL,
    count   integer NOT NULL DEFAULT 0,
    PRIMARY KEY (key_id, period)
);

CREATE TABLE rate_limits (
    bucket        text NOT NULL,
    window_start  integer NOT NULL,
    count         integer NOT NULL DEFAULT 0,
    PRIMARY KEY (bucket, window_start)
);

CREATE TABLE claims (
    id                text PRIMARY KEY,
    content           text NOT NULL,
    source_url        text NULL,
    source_domain     text NULL,
    language          text NOT NULL DEFAULT 'und',
    category          text NOT NULL,
    en_query          text NOT NULL DEFAULT '',
    ai_score          integer NOT NULL CHECK (ai_score BETWEEN 0 AND 100),
    ai_verdict        text NOT NULL CHECK (ai_verdict IN ('dogru','kismen','yanlis','belirsiz')),
    ai_summary        text NOT NULL DEFAULT '',
    source_score      integer NOT NULL CHECK (source_score BETWEEN 0 AND 100),
    science_score     integer NOT NULL CHECK (science_score BETWEEN 0 AND 100),
    academic_score    integer NOT NULL CHECK (academic_score BETWEEN 0 AND 100),
    public_score      integer NOT NULL CHECK (public_score BETWEEN 0 AND 100),
    analyzer          text NOT NULL,
    analyzer_version  text NOT NULL,
    basis             text NOT NULL DEFAULT '{}',
    api_key_id        text NULL REFERENCES api_keys(id) ON DELETE SET NULL,
    hidden_at         datetime NULL,
    hidden_reason     text NULL,
    created_at        datetime NOT NULL
);
CREATE INDEX claims_created_idx ON claims (created_at DESC, id DESC);
CREATE INDEX claims_verdict_created_idx ON claims (ai_verdict, created_at DESC);
CREATE INDEX claims_category_created_idx ON claims (category, created_at DESC);
CREATE INDEX claims_api_key_idx ON claims (api_key_id);

CREATE TABLE kv_store (
    k           text PRIMARY KEY,
    v           blob NOT NULL,
    expires_at  integer NOT NULL DEFAULT 0
);

INSERT INTO plans (id, slug, name, price_text, monthly_quota, max_active_keys, features, public, v1_access, sort_order) VALUES
 ('0190b8a0-0000-7000-8000-000000000001', 'starter', 'Starter', 'Free', 100, 2,
  '["Claim-verification endpoint","JSON responses","E-mail support"]', 1, 0, 10),
 ('0190b8a0-0000-7000-8000-000000000002', 'enterprise', 'Enterprise', 'Custom', NULL, 50,
  '["Unlimited requests","Custom model fine-tuning","On-premise option","Custom SLA","Dedicated support"]', 1, 0, 20);

-- +goose Down
DROP TABLE kv_store;
DROP TABLE claims;
DROP TABLE rate_limits;
DROP TABLE usage_counters;
DROP TABLE api_keys;
DROP TABLE plans;
