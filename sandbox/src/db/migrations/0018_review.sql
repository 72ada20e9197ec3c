-- What the go-live review judges a request by, beyond what the log shows:
-- the operation (the route table's id), a hash of the Idempotency-Key sent
-- (never the key), a hash of the body in canonical JSON, whether the client
-- sent its own X-Request-ID, the Retry-After it was told, and real time
-- (the rate limiter's and the client's clock, which sandbox time is not).

ALTER TABLE request_logs ADD COLUMN operation_id TEXT;
ALTER TABLE request_logs ADD COLUMN idempotency_key_hash TEXT;
ALTER TABLE request_logs ADD COLUMN body_hash TEXT;
ALTER TABLE request_logs ADD COLUMN request_id_sent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE request_logs ADD COLUMN retry_after INTEGER;
ALTER TABLE request_logs ADD COLUMN real_at INTEGER;

-- Drills: the fault rules `POST /sandbox/drill` installed for an
-- application, and when (its sandbox clock) it started and ended.
CREATE TABLE drills (
    id             INTEGER PRIMARY KEY,
    application_id INTEGER NOT NULL REFERENCES applications(id),
    started_at     INTEGER NOT NULL,
    ended_at       INTEGER,
    -- JSON array of the rules' public ids.
    rules          TEXT NOT NULL
) STRICT;
CREATE INDEX drills_by_application ON drills (application_id, id);
