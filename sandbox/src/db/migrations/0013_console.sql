-- The console (`/console`): its server-side sessions, and what it shows that
-- was not kept before.
--
-- A session row holds the SHA-256 of the cookie's random id, never the id
-- itself. Session times are real time (milliseconds), not the sandbox clock:
-- advancing the clock must not sign anyone out.
CREATE TABLE console_sessions (
    id          INTEGER PRIMARY KEY,
    token_hash  BLOB NOT NULL UNIQUE,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX console_sessions_expiry ON console_sessions(expires_at);

-- What each webhook attempt sent: the URL at that moment and the exact
-- X-Service-Signature header (the body is rebuilt from the event row, which
-- every attempt sends byte for byte). NULL for attempts made before this
-- migration, and for an attempt whose secret could not be opened.
ALTER TABLE webhook_attempts ADD COLUMN url TEXT;
ALTER TABLE webhook_attempts ADD COLUMN signature TEXT;

-- A request's headers and its answer, redacted like the request body (JSON
-- text), for an application's newest records only. A table of its own so
-- that forgetting them frees whole pages: columns emptied in place would leave
-- holes that rows appended later never reuse.
CREATE TABLE request_log_exchanges (
    log_id           INTEGER PRIMARY KEY REFERENCES request_logs(id) ON DELETE CASCADE,
    application_id   INTEGER NOT NULL,
    request_headers  TEXT NOT NULL,
    response_headers TEXT NOT NULL,
    response_body    TEXT
) STRICT;
CREATE INDEX request_log_exchanges_application ON request_log_exchanges(application_id, log_id);
