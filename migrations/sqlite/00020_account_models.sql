-- +goose Up
-- An account's own model (Enterprise's "custom model"): the OpenAI-compatible endpoint its API
-- analyses are made with. The endpoint's API key is a secret the server must send later, so it is
-- stored sealed (AES-256-GCM under a key derived from DEVICE_KEY, internal/custommodel), never in
-- clear; api_key_last4 is all the account page ever shows of it.
CREATE TABLE account_models (
    user_id        TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    base_url       TEXT NOT NULL,
    model          TEXT NOT NULL,
    api_key_sealed TEXT NOT NULL DEFAULT '',
    api_key_last4  TEXT NOT NULL DEFAULT '',
    updated_by     TEXT NULL REFERENCES users(id) ON DELETE SET NULL,
    created_at     datetime NOT NULL,
    updated_at     datetime NOT NULL
);
-- The plan table names the inclusion by what it delivers.
UPDATE plans SET features = replace(features, '"Custom model fine-tuning"', '"Custom model: your own or fine-tuned model for your analyses"')
WHERE slug = 'enterprise';

-- +goose Down
UPDATE plans SET features = replace(features, '"Custom model: your own or fine-tuned model for your analyses"', '"Custom model fine-tuning"')
WHERE slug = 'enterprise';
DROP TABLE account_models;
