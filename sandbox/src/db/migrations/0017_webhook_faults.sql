-- Delivery faults. A delivery is `genuine` (the event's own), a `duplicate`
-- copy of one, or a `probe` (a forged, stale or tampered copy a correct
-- receiver refuses); copies and probes are attempted once. `fault` is the
-- fault that shaped a genuine delivery (JSON, as request logs keep it),
-- `faults_decided` says the rules were consulted before its first attempt,
-- and `held_behind` is the resource an out-of-order delivery waits for.
-- Each attempt records the fault that shaped it and how the receiver's
-- answer is judged.

ALTER TABLE webhook_deliveries ADD COLUMN role TEXT NOT NULL DEFAULT 'genuine'
    CHECK (role IN ('genuine', 'duplicate', 'probe'));
ALTER TABLE webhook_deliveries ADD COLUMN fault TEXT;
ALTER TABLE webhook_deliveries ADD COLUMN faults_decided INTEGER NOT NULL DEFAULT 0;
ALTER TABLE webhook_deliveries ADD COLUMN held_behind TEXT;
ALTER TABLE webhook_attempts ADD COLUMN fault_kind TEXT;
ALTER TABLE webhook_attempts ADD COLUMN verdict TEXT;
