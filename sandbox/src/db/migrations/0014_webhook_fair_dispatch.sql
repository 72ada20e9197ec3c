-- The dispatcher reads each endpoint's oldest due deliveries, so one
-- endpoint's backlog is never read ahead of another's due row.
CREATE INDEX webhook_deliveries_endpoint_due ON webhook_deliveries(endpoint_id, next_attempt_runs_at, id)
    WHERE status = 'pending';
