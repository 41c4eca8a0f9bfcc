-- +goose Up
-- Quotas are counted per key, so a Starter account with two active keys could make 200 requests a
-- month. One active key keeps Starter at the advertised 100; a rotated key's grace period does not
-- take a slot, so rotation still works.
UPDATE plans SET max_active_keys = 1 WHERE slug = 'starter' AND max_active_keys = 2;

-- +goose Down
UPDATE plans SET max_active_keys = 2 WHERE slug = 'starter' AND max_active_keys = 1;
