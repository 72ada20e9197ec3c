-- The Idempotency-Key a logged request carried (redacted like its
-- X-Request-ID), so the logs tell a retry that replays from one that runs
-- again, and an export replays a session's retries with shared keys.
ALTER TABLE request_logs ADD COLUMN idempotency_key TEXT;
