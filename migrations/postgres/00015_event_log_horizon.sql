-- +goose Up
-- Events are appended without a global lock: each records the top-level transaction that wrote it,
-- and readers (the live feed, the webhook fan-out) read in (xid, id) order only the events whose
-- transaction is older than the oldest one still running, so an event that commits late can never
-- fall behind a reader's cursor (models/events.go). bigint, not xid8, so drivers read and bind it as
-- a plain integer; a 64-bit xid (epoch and counter) always fits.
ALTER TABLE events ADD COLUMN xid bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint);
CREATE INDEX events_xid_id_idx ON events (xid, id);

-- One delivery per endpoint and event: the fan-out may run again after a crash or in two processes
-- at once (ON CONFLICT DO NOTHING). Test deliveries have no event and never conflict.
CREATE UNIQUE INDEX webhook_deliveries_endpoint_event_idx ON webhook_deliveries (endpoint_id, event_id);

-- How far the webhook fan-out has read the event log: the log position (xid, event_id) of the last
-- event whose deliveries are queued. Every event already in the log was fanned out when it was
-- written, so the cursor starts after them (they all carry this migration's xid).
CREATE TABLE webhook_fanout (
    id        smallint PRIMARY KEY CHECK (id = 1),
    xid       bigint NOT NULL,
    event_id  bigint NOT NULL
);
INSERT INTO webhook_fanout (id, xid, event_id)
    SELECT 1, pg_current_xact_id()::text::bigint, coalesce(max(id), 0) FROM events;

-- +goose Down
DROP TABLE webhook_fanout;
DROP INDEX webhook_deliveries_endpoint_event_idx;
DROP INDEX events_xid_id_idx;
ALTER TABLE events DROP COLUMN xid;
