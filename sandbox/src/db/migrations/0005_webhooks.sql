-- Webhook endpoints, and the delivery outbox fed by `events`.

CREATE TABLE webhook_endpoints (
    id                INTEGER PRIMARY KEY,
    public_id         TEXT NOT NULL UNIQUE,
    application_id    INTEGER NOT NULL REFERENCES applications(id),
    url               TEXT NOT NULL,
    description       TEXT,
    -- JSON array of event type names.
    events            TEXT NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('enabled', 'disabled')),
    -- AES-256-GCM of the signing secret; the public id is the associated data.
    secret_nonce      BLOB NOT NULL,
    secret_sealed     BLOB NOT NULL,
    -- Last four characters, for masked_secret.
    secret_hint       TEXT NOT NULL,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_endpoints_application ON webhook_endpoints(application_id, public_id);

CREATE TABLE webhook_deliveries (
    id               INTEGER PRIMARY KEY,
    public_id        TEXT NOT NULL UNIQUE,
    endpoint_id      INTEGER NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    event_id         INTEGER NOT NULL REFERENCES events(id),
    status           TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempt_count    INTEGER NOT NULL DEFAULT 0,
    -- Attempts allowed in total; a redelivery raises it by one.
    attempt_limit    INTEGER NOT NULL,
    -- Sandbox time; NULL unless pending.
    next_attempt_at  INTEGER,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, public_id);

CREATE TABLE webhook_attempts (
    id            INTEGER PRIMARY KEY,
    delivery_id   INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    request_id    TEXT NOT NULL,
    attempted_at  INTEGER NOT NULL,
    status_code   INTEGER,
    latency_ms    INTEGER NOT NULL,
    error         TEXT,
    UNIQUE (delivery_id, number)
) STRICT;
