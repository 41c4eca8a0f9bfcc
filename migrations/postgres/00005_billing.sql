-- +goose Up
-- Stripe billing. user_id deliberately has no foreign key: the users table arrives in another
-- migration, and a subscription row must survive whatever happens to it (Stripe still bills it).
-- last_event_created is the Stripe `created` (unix seconds) of the newest event applied to the row:
-- webhooks arrive in any order, and an older event must never overwrite a newer state.
-- plan_change_at is when the row's effective plan will change without any further event (a
-- cancelled or unpaid subscription keeps its plan until period end); the sweeper looks there.
CREATE TABLE subscriptions (
    id                      uuid PRIMARY KEY,
    user_id                 uuid NOT NULL,
    stripe_customer_id      text NOT NULL DEFAULT '',
    stripe_subscription_id  text NOT NULL UNIQUE,
    stripe_price_id         text NOT NULL DEFAULT '',
    plan_id                 uuid NULL REFERENCES plans(id) ON DELETE SET NULL,
    status                  text NOT NULL,
    current_period_end      timestamptz NULL,
    cancel_at_period_end    boolean NOT NULL DEFAULT false,
    last_event_created      bigint NOT NULL DEFAULT 0,
    plan_change_at          timestamptz NULL,
    created_at              timestamptz NOT NULL,
    updated_at              timestamptz NOT NULL
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id);
CREATE INDEX subscriptions_customer_idx ON subscriptions (stripe_customer_id);
CREATE INDEX subscriptions_plan_change_idx ON subscriptions (plan_change_at) WHERE plan_change_at IS NOT NULL;

-- One row per Stripe event applied; inserted in the same transaction as the event's effect, so a
-- redelivered event finds its id here and changes nothing.
CREATE TABLE stripe_events (
    id           text PRIMARY KEY,
    type         text NOT NULL,
    received_at  timestamptz NOT NULL
);

-- Contact-sales requests, the Enterprise path when Stripe is not configured; read by admins.
CREATE TABLE contact_leads (
    id          uuid PRIMARY KEY,
    name        text NOT NULL,
    email       text NOT NULL,
    company     text NOT NULL DEFAULT '',
    message     text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL
);
CREATE INDEX contact_leads_created_idx ON contact_leads (created_at);

-- +goose Down
DROP TABLE contact_leads;
DROP TABLE stripe_events;
DROP TABLE subscriptions;
