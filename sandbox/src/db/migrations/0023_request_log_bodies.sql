-- Request bodies are bounded per record and per partner (request_log):
-- a record keeps its body's start, the whole body's size and SHA-256,
-- and how many bytes it keeps; a record with a body names its partner,
-- so that the partner's oldest bodies are found and given up first once
-- its records keep more than its bound. Records from before keep no size
-- and count for no one.
ALTER TABLE request_logs ADD COLUMN partner_id INTEGER;
ALTER TABLE request_logs ADD COLUMN body_size INTEGER;
ALTER TABLE request_logs ADD COLUMN body_sha256 TEXT;
ALTER TABLE request_logs ADD COLUMN body_kept INTEGER NOT NULL DEFAULT 0;
CREATE INDEX request_logs_bodies ON request_logs (partner_id, id, body_kept) WHERE body_kept > 0;
