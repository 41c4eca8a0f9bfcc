-- +goose Up
-- The mail outbox: every mail is a row first and an SMTP transaction second, so a crash or a second
-- `serve` process can neither lose a mail nor send it twice. dedupe_key names the event that caused
-- the mail ("verify:<user_id>:<token_id>"); its uniqueness is what makes enqueueing idempotent.
CREATE TABLE email_outbox (
    id               text PRIMARY KEY,
    dedupe_key       text NOT NULL UNIQUE,
    to_addr          text NOT NULL,
    subject          text NOT NULL,
    text_body        text NOT NULL DEFAULT '',
    html_body        text NOT NULL DEFAULT '',
    state            text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','sending','sent','failed','dead')),
    attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at  datetime NOT NULL,
    last_error       text NOT NULL DEFAULT '',
    locked_by        text NULL,
    locked_until     datetime NULL,
    created_at       datetime NOT NULL,
    sent_at          datetime NULL
);
-- Only rows that may still be delivered are indexed: the claim query scans this small set in due order.
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE state IN ('queued','sending','failed');
-- The admin list shows the newest mails first.
CREATE INDEX email_outbox_created_idx ON email_outbox (created_at);

-- +goose Down
DROP TABLE email_outbox;
