-- Payments (spec 2.9) and transfers (spec 2.11, 4.12).
--
-- A payment collects fiat on a virtual IBAN for an accepted legacy quote:
-- awaiting_funds -> funds_received -> settled, or awaiting_funds -> expired.
-- A transfer is every other flow in one model; `kind` says which ran
-- (payin, payout, bridge, onchain_fx): pending -> processing -> completed,
-- or -> failed. Amounts are integer minor units of their own asset.

CREATE TABLE payments (
    id                       INTEGER PRIMARY KEY,
    public_id                TEXT NOT NULL UNIQUE,
    application_id           INTEGER NOT NULL REFERENCES applications(id),
    quote_id                 INTEGER NOT NULL UNIQUE REFERENCES quotes(id),
    customer_id              INTEGER NOT NULL REFERENCES customers(id),
    status                   TEXT NOT NULL
                                 CHECK (status IN ('awaiting_funds', 'funds_received', 'settled', 'expired')),
    collection_method        TEXT NOT NULL CHECK (collection_method = 'VIRTUAL_IBAN'),
    virtual_iban             TEXT NOT NULL,
    reference                TEXT NOT NULL,
    source_asset             TEXT NOT NULL,
    destination_asset        TEXT NOT NULL,
    source_amount_minor      INTEGER NOT NULL CHECK (source_amount_minor > 0),
    fee_minor                INTEGER NOT NULL CHECK (fee_minor >= 0),
    destination_amount_minor INTEGER NOT NULL CHECK (destination_amount_minor >= 0),
    exchange_rate            TEXT NOT NULL,
    funds_due_at             INTEGER NOT NULL,
    funds_received_at        INTEGER,
    settled_at               INTEGER,
    expired_at               INTEGER,
    created_at               INTEGER NOT NULL,
    updated_at               INTEGER NOT NULL,
    CHECK ((status IN ('funds_received', 'settled')) = (funds_received_at IS NOT NULL)),
    CHECK ((status = 'settled') = (settled_at IS NOT NULL)),
    CHECK ((status = 'expired') = (expired_at IS NOT NULL))
) STRICT;
CREATE INDEX payments_application ON payments(application_id, public_id);

CREATE TABLE transfers (
    id                       INTEGER PRIMARY KEY,
    public_id                TEXT NOT NULL UNIQUE,
    application_id           INTEGER NOT NULL REFERENCES applications(id),
    kind                     TEXT NOT NULL CHECK (kind IN ('payin', 'payout', 'bridge', 'onchain_fx')),
    status                   TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
    customer_id              INTEGER NOT NULL REFERENCES customers(id),
    quote_id                 INTEGER UNIQUE REFERENCES quotes(id),
    source_asset             TEXT NOT NULL,
    source_network           TEXT,
    source_address           TEXT,
    destination_asset        TEXT NOT NULL,
    destination_network      TEXT,
    destination_address      TEXT,
    beneficiary_id           INTEGER REFERENCES beneficiaries(id),
    source_amount_minor      INTEGER NOT NULL CHECK (source_amount_minor > 0),
    fee_minor                INTEGER NOT NULL CHECK (fee_minor >= 0),
    -- In the destination asset, taken from the converted amount.
    network_fee_minor        INTEGER NOT NULL CHECK (network_fee_minor >= 0),
    -- What the destination receives, after the network fee.
    destination_amount_minor INTEGER NOT NULL CHECK (destination_amount_minor >= 0),
    exchange_rate            TEXT NOT NULL,
    failure_reason           TEXT,
    created_at               INTEGER NOT NULL,
    updated_at               INTEGER NOT NULL,
    completed_at             INTEGER,
    CHECK ((status = 'failed') = (failure_reason IS NOT NULL)),
    CHECK ((status = 'completed') = (completed_at IS NOT NULL))
) STRICT;
CREATE INDEX transfers_application ON transfers(application_id, public_id);
