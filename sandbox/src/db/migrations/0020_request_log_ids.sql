-- A request log record's public id is a UUIDv7 the sandbox mints, unique by
-- construction, and every lookup by it names its application, which
-- `request_logs_by_application` serves: the table's own unique index on
-- the id was a third B-tree written for every request logged and deleted
-- for every record pruned. SQLite cannot drop a column's UNIQUE, so the
-- table is rebuilt without it (foreign keys are off while migrations run).
CREATE TABLE request_logs_v20 (
    id                   INTEGER PRIMARY KEY,
    public_id            TEXT NOT NULL,
    application_id       INTEGER NOT NULL REFERENCES applications(id),
    api_key_id           TEXT NOT NULL,
    method               TEXT NOT NULL,
    path                 TEXT NOT NULL,
    query                TEXT,
    status_code          INTEGER NOT NULL,
    duration_ms          INTEGER NOT NULL,
    correlation_id       TEXT NOT NULL,
    error_code           TEXT,
    request_body         TEXT,
    requested_at         INTEGER NOT NULL,
    responded_at         INTEGER NOT NULL,
    fault                TEXT,
    operation_id         TEXT,
    idempotency_key_hash TEXT,
    body_hash            TEXT,
    request_id_sent      INTEGER NOT NULL DEFAULT 0,
    retry_after          INTEGER,
    real_at              INTEGER
) STRICT;
INSERT INTO request_logs_v20 (id, public_id, application_id, api_key_id, method, path, query, status_code,
        duration_ms, correlation_id, error_code, request_body, requested_at, responded_at, fault, operation_id,
        idempotency_key_hash, body_hash, request_id_sent, retry_after, real_at)
    SELECT id, public_id, application_id, api_key_id, method, path, query, status_code,
        duration_ms, correlation_id, error_code, request_body, requested_at, responded_at, fault, operation_id,
        idempotency_key_hash, body_hash, request_id_sent, retry_after, real_at
    FROM request_logs;
DROP TABLE request_logs;
ALTER TABLE request_logs_v20 RENAME TO request_logs;
CREATE INDEX request_logs_by_application ON request_logs (application_id, public_id);
