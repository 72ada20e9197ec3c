-- Fault rules (`/sandbox/faults`): failures injected on purpose into a
-- TEST application's requests and deliveries. `application_id` NULL is a
-- global rule (every TEST application). `spec` is the validated rule as
-- JSON; `matched` and `hits` are its counters, written after each match.

CREATE TABLE fault_rules (
    id             INTEGER PRIMARY KEY,
    public_id      TEXT NOT NULL UNIQUE,
    application_id INTEGER REFERENCES applications(id),
    spec           TEXT NOT NULL,
    matched        INTEGER NOT NULL DEFAULT 0,
    hits           INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL
) STRICT;

-- The fault that shaped a logged request (JSON), if any.
ALTER TABLE request_logs ADD COLUMN fault TEXT;
