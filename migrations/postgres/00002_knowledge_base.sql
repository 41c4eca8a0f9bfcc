-- +goose Up
CREATE TABLE claim_reviews (
    id               uuid PRIMARY KEY,
    url              text NOT NULL UNIQUE,
    claim_reviewed   text NOT NULL,
    language         text NOT NULL DEFAULT 'und',
    textual_rating   text NULL,
    rating_value     double precision NULL,
    best_rating      double precision NULL,
    worst_rating     double precision NULL,
    verdict          text NOT NULL CHECK (verdict IN ('dogru','kismen','yanlis','belirsiz')),
    review_body      text NOT NULL DEFAULT '',
    publisher        text NOT NULL DEFAULT '',
    publisher_url    text NULL,
    date_published   timestamptz NULL,
    claim_date       timestamptz NULL,
    claimant         text NULL,
    appearance_urls  text NOT NULL DEFAULT '[]',
    citations        text NOT NULL DEFAULT '[]',
    category         text NULL,
    source           text NOT NULL,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL
);
CREATE INDEX claim_reviews_language_idx ON claim_reviews (language);
CREATE INDEX claim_reviews_updated_idx ON claim_reviews (updated_at);

CREATE TABLE evidence_cache (
    provider    text NOT NULL,
    cache_key   text NOT NULL,
    status      integer NOT NULL,
    body        bytea NOT NULL,
    fetched_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,
    PRIMARY KEY (provider, cache_key)
);
CREATE INDEX evidence_cache_expires_idx ON evidence_cache (expires_at);

ALTER TABLE claims ADD COLUMN matches text NOT NULL DEFAULT '[]';
ALTER TABLE claims ADD COLUMN analysis_meta text NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE claims DROP COLUMN analysis_meta;
ALTER TABLE claims DROP COLUMN matches;
DROP TABLE evidence_cache;
DROP TABLE claim_reviews;
