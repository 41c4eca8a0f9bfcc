-- +goose Up
-- Accounts (DESIGN.md §5): people who log in, their server-side sessions and single-use mail tokens.
-- Login throttling reuses rate_limits, so no table of its own.
CREATE TABLE users (
    id                 text PRIMARY KEY,
    email              text NOT NULL UNIQUE,
    name               text NOT NULL,
    password_hash      text NOT NULL,
    role               text NOT NULL DEFAULT 'user' CHECK (role IN ('user','expert','admin')),
    email_verified_at  datetime NULL,
    disabled_at        datetime NULL,
    plan_id            text NULL REFERENCES plans(id),
    created_at         datetime NOT NULL,
    updated_at         datetime NOT NULL
);
-- The application lower-cases emails; this index keeps "A@x.org" and "a@x.org" apart even if a
-- future code path forgets to.
CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email));
CREATE INDEX users_role_idx ON users (role);
CREATE INDEX users_plan_idx ON users (plan_id);

-- id is the hex SHA-256 of the cookie's token: a database leak yields no usable session.
CREATE TABLE sessions (
    id            text PRIMARY KEY,
    user_id       text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at    datetime NOT NULL,
    last_seen_at  datetime NOT NULL,
    expires_at    datetime NOT NULL,
    ip            text NOT NULL DEFAULT '',
    user_agent    text NOT NULL DEFAULT '',
    revoked_at    datetime NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Only setup_admin tokens have no user: they exist before any account does.
CREATE TABLE auth_tokens (
    id          text PRIMARY KEY,
    user_id     text NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose     text NOT NULL CHECK (purpose IN ('verify_email','reset_password','change_email','setup_admin')),
    token_hash  text NOT NULL UNIQUE,
    new_email   text NULL,
    expires_at  datetime NOT NULL,
    used_at     datetime NULL,
    created_at  datetime NOT NULL,
    CHECK ((purpose = 'setup_admin') = (user_id IS NULL)),
    CHECK ((purpose = 'change_email') = (new_email IS NOT NULL))
);
CREATE INDEX auth_tokens_user_purpose_idx ON auth_tokens (user_id, purpose);
CREATE INDEX auth_tokens_expires_idx ON auth_tokens (expires_at);

-- +goose Down
DROP TABLE auth_tokens;
DROP TABLE sessions;
DROP TABLE users;
