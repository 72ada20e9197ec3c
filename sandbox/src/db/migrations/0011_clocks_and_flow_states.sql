-- Per-application clocks and rates, and the money flows as state machines
-- that always end.
--
-- Clocks: each TEST application may run ahead of the global sandbox clock
-- by an offset of its own. Times an application's data records are on its
-- clock (`due_at`, `next_attempt_at`); the background runners select what is
-- due by `runs_at`, the same moment on the global clock. Advancing an
-- application's clock moves its pending `runs_at` earlier by the same
-- amount, so the runners need one indexed range scan whatever the offsets.

ALTER TABLE applications ADD COLUMN clock_offset_millis INTEGER NOT NULL DEFAULT 0
    CHECK (clock_offset_millis >= 0);

-- Rate overrides for one application, or (application_id NULL) for every one.
CREATE TABLE rate_overrides_scoped (
    id             INTEGER PRIMARY KEY,
    application_id INTEGER REFERENCES applications(id),
    source         TEXT NOT NULL,
    destination    TEXT NOT NULL,
    rate           TEXT NOT NULL,
    updated_at     INTEGER NOT NULL
) STRICT;
INSERT INTO rate_overrides_scoped (application_id, source, destination, rate, updated_at)
    SELECT NULL, source, destination, rate, updated_at FROM rate_overrides;
DROP TABLE rate_overrides;
ALTER TABLE rate_overrides_scoped RENAME TO rate_overrides;
CREATE UNIQUE INDEX rate_overrides_pair ON rate_overrides(COALESCE(application_id, 0), source, destination);

-- Scheduled moves belong to the application whose flow they move.
CREATE TABLE scheduled_moves_scoped (
    id             INTEGER PRIMARY KEY,
    application_id INTEGER NOT NULL REFERENCES applications(id),
    kind           TEXT NOT NULL,
    resource_id    TEXT NOT NULL,
    -- On the application's clock: when the move is due, and the time it is dated.
    due_at         INTEGER NOT NULL,
    -- The same moment on the global clock; what the runner selects by.
    runs_at        INTEGER NOT NULL,
    created_at     INTEGER NOT NULL
) STRICT;
INSERT INTO scheduled_moves_scoped (id, application_id, kind, resource_id, due_at, runs_at, created_at)
    SELECT m.id,
        COALESCE(
            (SELECT application_id FROM customers WHERE public_id = m.resource_id),
            (SELECT application_id FROM transactions WHERE public_id = m.resource_id),
            (SELECT application_id FROM payments WHERE public_id = m.resource_id),
            (SELECT application_id FROM transfers WHERE public_id = m.resource_id)),
        m.kind, m.resource_id, m.due_at, m.due_at, m.created_at
    FROM scheduled_moves m
    WHERE COALESCE(
            (SELECT application_id FROM customers WHERE public_id = m.resource_id),
            (SELECT application_id FROM transactions WHERE public_id = m.resource_id),
            (SELECT application_id FROM payments WHERE public_id = m.resource_id),
            (SELECT application_id FROM transfers WHERE public_id = m.resource_id)) IS NOT NULL;
DROP TABLE scheduled_moves;
ALTER TABLE scheduled_moves_scoped RENAME TO scheduled_moves;
CREATE INDEX scheduled_moves_runs ON scheduled_moves(runs_at, id);
CREATE INDEX scheduled_moves_resource ON scheduled_moves(resource_id);
CREATE INDEX scheduled_moves_application ON scheduled_moves(application_id);

ALTER TABLE webhook_deliveries ADD COLUMN next_attempt_runs_at INTEGER;
UPDATE webhook_deliveries SET next_attempt_runs_at = next_attempt_at;
DROP INDEX webhook_deliveries_due;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_runs_at) WHERE status = 'pending';

-- Ledger accounts gain `in_flight`: value a flow holds between its first
-- posting and its end. A flow that fails is undone by reversing its own
-- postings, and the only accounts a reversal debits are `in_flight` (which
-- holds exactly what unfinished flows put there) and `external`, so a
-- refund can always be posted. (Tables other tables refer to are rebuilt
-- with foreign keys off, as SQLite documents; `Db::open` turns them off
-- around migrations and checks every key afterwards.)
CREATE TABLE accounts_v2 (
    id             INTEGER PRIMARY KEY,
    public_id      TEXT NOT NULL UNIQUE,
    application_id INTEGER NOT NULL REFERENCES applications(id),
    purpose        TEXT NOT NULL
                       CHECK (purpose IN ('customer', 'float', 'external', 'fees', 'in_flight', 'settlement', 'wallet')),
    customer_id    INTEGER REFERENCES customers(id),
    asset          TEXT NOT NULL,
    balance_minor  INTEGER NOT NULL DEFAULT 0,
    status         TEXT NOT NULL CHECK (status IN ('active', 'frozen', 'closed')),
    corridor       TEXT,
    network        TEXT,
    wallet_mode    TEXT CHECK (wallet_mode IN ('mpc', 'self_custody')),
    address        TEXT,
    label          TEXT,
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    CHECK (purpose = 'external' OR balance_minor >= 0),
    CHECK ((purpose = 'customer') = (customer_id IS NOT NULL))
) STRICT;
INSERT INTO accounts_v2 SELECT id, public_id, application_id, purpose, customer_id, asset, balance_minor, status,
    corridor, network, wallet_mode, address, label, created_at, updated_at FROM accounts;
DROP TABLE accounts;
ALTER TABLE accounts_v2 RENAME TO accounts;
CREATE INDEX accounts_application ON accounts(application_id, purpose, public_id);
CREATE UNIQUE INDEX accounts_one_system_account ON accounts(application_id, purpose, asset)
    WHERE purpose IN ('float', 'external', 'fees', 'in_flight');
CREATE UNIQUE INDEX accounts_one_customer_account ON accounts(customer_id, asset) WHERE purpose = 'customer';
CREATE UNIQUE INDEX accounts_one_settlement ON accounts(application_id, asset, corridor) WHERE purpose = 'settlement';
CREATE UNIQUE INDEX accounts_one_mpc_wallet ON accounts(application_id, asset, network)
    WHERE purpose = 'wallet' AND wallet_mode = 'mpc';
CREATE UNIQUE INDEX accounts_one_custody_wallet ON accounts(application_id, asset, network, address)
    WHERE purpose = 'wallet' AND wallet_mode = 'self_custody';

-- Payments can fail: a settlement that cannot be made returns the funds.
CREATE TABLE payments_v2 (
    id                       INTEGER PRIMARY KEY,
    public_id                TEXT NOT NULL UNIQUE,
    application_id           INTEGER NOT NULL REFERENCES applications(id),
    quote_id                 INTEGER NOT NULL UNIQUE REFERENCES quotes(id),
    customer_id              INTEGER NOT NULL REFERENCES customers(id),
    status                   TEXT NOT NULL
                                 CHECK (status IN ('awaiting_funds', 'funds_received', 'settled', 'expired', 'failed')),
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
    failed_at                INTEGER,
    failure_reason           TEXT,
    created_at               INTEGER NOT NULL,
    updated_at               INTEGER NOT NULL,
    CHECK ((status = 'settled') = (settled_at IS NOT NULL)),
    CHECK ((status = 'expired') = (expired_at IS NOT NULL)),
    CHECK ((status = 'failed') = (failed_at IS NOT NULL AND failure_reason IS NOT NULL))
) STRICT;
INSERT INTO payments_v2 (id, public_id, application_id, quote_id, customer_id, status, collection_method,
        virtual_iban, reference, source_asset, destination_asset, source_amount_minor, fee_minor,
        destination_amount_minor, exchange_rate, funds_due_at, funds_received_at, settled_at, expired_at,
        created_at, updated_at)
    SELECT id, public_id, application_id, quote_id, customer_id, status, collection_method, virtual_iban, reference,
        source_asset, destination_asset, source_amount_minor, fee_minor, destination_amount_minor, exchange_rate,
        funds_due_at, funds_received_at, settled_at, expired_at, created_at, updated_at
    FROM payments;
DROP TABLE payments;
ALTER TABLE payments_v2 RENAME TO payments;
CREATE INDEX payments_application ON payments(application_id, public_id);

-- Every state a flow entered, when, and why: the timeline of a flow.
CREATE TABLE flow_states (
    id             INTEGER PRIMARY KEY,
    application_id INTEGER NOT NULL REFERENCES applications(id),
    -- transaction, payment, transfer or customer (verification).
    flow           TEXT NOT NULL,
    resource_id    TEXT NOT NULL,
    state          TEXT NOT NULL,
    reason         TEXT,
    at             INTEGER NOT NULL
) STRICT;
CREATE INDEX flow_states_resource ON flow_states(resource_id, id);
CREATE INDEX events_resource ON events(resource_id, id);
