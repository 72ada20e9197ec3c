-- Request logs (spec 2.15): one row per request made with an API key.
-- Written in batches by a background task; the body is stored redacted
-- (JSON text) and headers are never stored. Times on the sandbox clock.

CREATE TABLE request_logs (
    id             INTEGER PRIMARY KEY,
    public_id      TEXT NOT NULL UNIQUE,
    application_id INTEGER NOT NULL REFERENCES applications(id),
    api_key_id     TEXT NOT NULL,
    method         TEXT NOT NULL,
    path           TEXT NOT NULL,
    query          TEXT,
    status_code    INTEGER NOT NULL,
    duration_ms    INTEGER NOT NULL,
    correlation_id TEXT NOT NULL,
    error_code     TEXT,
    request_body   TEXT,
    requested_at   INTEGER NOT NULL,
    responded_at   INTEGER NOT NULL
) STRICT;

CREATE INDEX request_logs_by_application ON request_logs (application_id, public_id);
