-- +goose Up
-- Failed logins per throttle bucket (an account by email hash, a client address, or a known
-- device), for the growing delay between attempts that replaced the fixed-window lock-out
-- (internal/accounts/throttle.go). Times are Unix milliseconds, compared the same way on both
-- databases.
CREATE TABLE login_throttle (
    bucket           text PRIMARY KEY,
    failures         integer NOT NULL,
    last_attempt_ms  bigint NOT NULL
);

-- Single-use links that lift an account's login delay, mailed to its owner. token_hash is the hex
-- SHA-256 of the link's token, so the table holds nothing usable.
CREATE TABLE login_unlocks (
    token_hash  text PRIMARY KEY,
    user_id     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_ms  bigint NOT NULL,
    expires_ms  bigint NOT NULL,
    used_ms     bigint NULL
);
CREATE INDEX login_unlocks_user_idx ON login_unlocks (user_id);

-- +goose Down
DROP TABLE login_unlocks;
DROP TABLE login_throttle;
