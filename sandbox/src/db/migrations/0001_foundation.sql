-- Foundation: dashboard users, partners, applications, API keys, the
-- idempotency store and the event outbox.
-- Times are INTEGER milliseconds since the Unix epoch on the sandbox clock.
-- Every table has an internal INTEGER id and a public_id that the API shows.

CREATE TABLE settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

CREATE TABLE partners (
    id            INTEGER PRIMARY KEY,
    public_id     TEXT NOT NULL UNIQUE,
    parent_id     INTEGER REFERENCES partners(id),
    name          TEXT NOT NULL,
    email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
    business_type TEXT,
    status        TEXT NOT NULL CHECK (status IN ('pending', 'active', 'suspended')),
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
) STRICT;

CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    public_id     TEXT NOT NULL UNIQUE,
    username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    partner_id    INTEGER REFERENCES partners(id),
    created_at    INTEGER NOT NULL
) STRICT;

CREATE TABLE refresh_tokens (
    id          INTEGER PRIMARY KEY,
    token_hash  BLOB NOT NULL UNIQUE,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    expires_at  INTEGER NOT NULL,
    revoked_at  INTEGER,
    created_at  INTEGER NOT NULL
) STRICT;

CREATE TABLE applications (
    id             INTEGER PRIMARY KEY,
    public_id      TEXT NOT NULL UNIQUE,
    partner_id     INTEGER NOT NULL REFERENCES partners(id),
    name           TEXT NOT NULL,
    environment    TEXT NOT NULL CHECK (environment IN ('TEST', 'LIVE')),
    status         TEXT NOT NULL CHECK (status IN ('active', 'deactivated')),
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    deactivated_at INTEGER
) STRICT;
CREATE INDEX applications_partner ON applications(partner_id, public_id);

CREATE TABLE api_keys (
    id             INTEGER PRIMARY KEY,
    public_id      TEXT NOT NULL UNIQUE,
    application_id INTEGER NOT NULL REFERENCES applications(id),
    prefix         TEXT NOT NULL,
    -- SHA-256 of the secret; the secret itself is never stored.
    secret_hash    BLOB NOT NULL UNIQUE,
    name           TEXT,
    expires_at     INTEGER,
    created_at     INTEGER NOT NULL,
    revoked_at     INTEGER
) STRICT;
CREATE INDEX api_keys_application ON api_keys(application_id, public_id);

-- Stored answers of POSTs that carried an Idempotency-Key (spec 4.13).
CREATE TABLE idempotency_keys (
    id            INTEGER PRIMARY KEY,
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    route         TEXT NOT NULL,
    request_hash  BLOB NOT NULL,
    status        INTEGER NOT NULL,
    content_type  TEXT,
    body          BLOB NOT NULL,
    created_at    INTEGER NOT NULL,
    UNIQUE (scope, key, route)
) STRICT;

-- The outbox: one row per event, written in the same transaction as the
-- change that caused it.
CREATE TABLE events (
    id             INTEGER PRIMARY KEY,
    public_id      TEXT NOT NULL UNIQUE,
    application_id INTEGER NOT NULL REFERENCES applications(id),
    type           TEXT NOT NULL,
    resource_type  TEXT NOT NULL,
    resource_id    TEXT NOT NULL,
    data           TEXT NOT NULL,
    created_at     INTEGER NOT NULL
) STRICT;
CREATE INDEX events_application ON events(application_id, public_id);
