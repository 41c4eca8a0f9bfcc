-- +goose Up
-- SQLite has one writer at a time, so event ids already commit in order: xid stays 0 and the
-- readers order by id (models/events.go). The column exists so both databases map the same record.
ALTER TABLE events ADD COLUMN xid integer NOT NULL DEFAULT 0;

-- One delivery per endpoint and event: the fan-out may run again after a crash or in two processes
-- at once (ON CONFLICT DO NOTHING). Test deliveries have no event and never conflict.
CREATE UNIQUE INDEX webhook_deliveries_endpoint_event_idx ON webhook_deliveries (endpoint_id, event_id);

-- How far the webhook fan-out has read the event log (see the PostgreSQL migration). Every event
-- already in the log was fanned out when it was written, so the cursor starts after them.
CREATE TABLE webhook_fanout (
    id        integer PRIMARY KEY CHECK (id = 1),
    xid       integer NOT NULL,
    event_id  integer NOT NULL
);
INSERT INTO webhook_fanout (id, xid, event_id) SELECT 1, 0, coalesce(max(id), 0) FROM events;

-- +goose Down
DROP TABLE webhook_fanout;
DROP INDEX webhook_deliveries_endpoint_event_idx;
ALTER TABLE events DROP COLUMN xid;
