-- Quotes of every form and the transactions that consume them.
--
-- One `quotes` table serves the transaction-quote flow (form 'transaction',
-- POST /v1/transactions/quote), the legacy GET /v1/quotes form ('legacy')
-- and the alternate POST /v1/quotes form ('corridor'): they share the
-- pricing, the 3-minute lock and the CREATED -> ACCEPTED -> USED life.
-- EXPIRED is not stored: a CREATED quote past expires_at reads as EXPIRED.
-- Amounts are integer minor units; the rate is an exact decimal string.

CREATE TABLE quotes (
    id                       INTEGER PRIMARY KEY,
    public_id                TEXT NOT NULL UNIQUE,
    application_id           INTEGER NOT NULL REFERENCES applications(id),
    form                     TEXT NOT NULL CHECK (form IN ('transaction', 'legacy', 'corridor')),
    customer_id              INTEGER REFERENCES customers(id),
    source_asset             TEXT NOT NULL,
    destination_asset        TEXT NOT NULL,
    source_amount_minor      INTEGER NOT NULL CHECK (source_amount_minor > 0),
    fee_minor                INTEGER NOT NULL CHECK (fee_minor >= 0),
    net_source_minor         INTEGER NOT NULL CHECK (net_source_minor >= 0),
    destination_amount_minor INTEGER NOT NULL CHECK (destination_amount_minor >= 0),
    -- Destination units per source unit, exact decimal text.
    rate                     TEXT NOT NULL,
    -- Which markup set the fee: customer, partner or default.
    markup_source            TEXT NOT NULL,
    -- Fee of the corridor itself (corridor form), minor units of the source.
    corridor_fee_minor       INTEGER CHECK (corridor_fee_minor >= 0),
    -- transaction form: corridor_id; corridor form: corridor (e.g. uae).
    corridor                 TEXT,
    -- WALLET | BANK | STABLECOIN (transaction form), to.type (legacy form).
    destination_kind         TEXT,
    -- recipient_type of the corridor form (e.g. bank_account).
    recipient_type           TEXT,
    -- to.address of the legacy form.
    destination_address      TEXT,
    status                   TEXT NOT NULL CHECK (status IN ('CREATED', 'ACCEPTED', 'USED')),
    expires_at               INTEGER NOT NULL,
    accepted_at              INTEGER,
    -- Public id of what consumed the quote (a transaction, a payment...).
    used_by                  TEXT,
    used_at                  INTEGER,
    created_at               INTEGER NOT NULL,
    updated_at               INTEGER NOT NULL,
    CHECK ((status = 'CREATED') = (accepted_at IS NULL)),
    CHECK ((status = 'USED') = (used_by IS NOT NULL AND used_at IS NOT NULL))
) STRICT;
CREATE INDEX quotes_application ON quotes(application_id, public_id);
-- A consumer uses at most one quote.
CREATE UNIQUE INDEX quotes_used_by ON quotes(used_by) WHERE used_by IS NOT NULL;

-- Transactions (spec 2.8): value moved on an accepted quote to a beneficiary.
CREATE TABLE transactions (
    id                       INTEGER PRIMARY KEY,
    public_id                TEXT NOT NULL UNIQUE,
    external_id              TEXT NOT NULL UNIQUE,
    application_id           INTEGER NOT NULL REFERENCES applications(id),
    quote_id                 INTEGER NOT NULL UNIQUE REFERENCES quotes(id),
    beneficiary_id           INTEGER NOT NULL REFERENCES beneficiaries(id),
    state                    TEXT NOT NULL CHECK (state IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
    source_asset             TEXT NOT NULL,
    destination_asset        TEXT NOT NULL,
    source_amount_minor      INTEGER NOT NULL CHECK (source_amount_minor > 0),
    fee_minor                INTEGER NOT NULL CHECK (fee_minor >= 0),
    destination_amount_minor INTEGER NOT NULL CHECK (destination_amount_minor >= 0),
    exchange_rate            TEXT NOT NULL,
    failure_reason           TEXT,
    created_at               INTEGER NOT NULL,
    updated_at               INTEGER NOT NULL,
    completed_at             INTEGER,
    CHECK ((state = 'FAILED') = (failure_reason IS NOT NULL)),
    CHECK ((state = 'COMPLETED') = (completed_at IS NOT NULL))
) STRICT;
CREATE INDEX transactions_application ON transactions(application_id, public_id);
