-- +goose Up
-- A delivery worker gives an endpoint no second attempt while one is in flight, asking for every
-- claim whether the endpoint has a 'sending' row; this keeps that answer to the few rows in flight
-- instead of the endpoint's whole delivery history.
CREATE INDEX webhook_deliveries_inflight_idx ON webhook_deliveries (endpoint_id) WHERE state = 'sending';

-- +goose Down
DROP INDEX webhook_deliveries_inflight_idx;
