-- A secret shown once (an API key's, a webhook's signing secret) is never
-- stored: answers that carried one are stored without it, and this flag
-- makes their replays say so (`Secret-Withheld: true`).
ALTER TABLE idempotency_keys ADD COLUMN secret_withheld INTEGER NOT NULL DEFAULT 0;

-- Answers stored whole by earlier versions on the routes that mint a
-- secret held that secret (sealed, but recoverable with the master key).
-- They go: a retry with such a key runs again instead of replaying.
DELETE FROM idempotency_keys
WHERE route GLOB 'POST /v1/applications/*/keys'
   OR route = 'POST /v1/webhooks'
   OR route GLOB 'POST /v1/webhooks/*/secret/rotate';
