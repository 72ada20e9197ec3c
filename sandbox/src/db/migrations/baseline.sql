-- The schema of version 25, in one step, for new databases only.
--
-- A database made from this file is the same (every table's and index's
-- SQL, user_version 25) as one made by running 0001 to 0025 in order; a
-- test in db/migrations.rs holds the two together. Existing databases keep
-- migrating from their own version through the numbered files, so those
-- stay as they shipped. Running the numbered files costs a new sandbox
-- most of its start: the migrations that rebuild tables make SQLite
-- re-parse the whole schema each time.
--
-- Generated from a database migrated by every file (sqlite_master in
-- order); regenerate it the same way when a migration is added, and bump
-- BASELINE_VERSION.

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
, email_key TEXT NOT NULL DEFAULT '') STRICT;

CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    public_id     TEXT NOT NULL UNIQUE,
    username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    partner_id    INTEGER REFERENCES partners(id),
    created_at    INTEGER NOT NULL
, username_key TEXT NOT NULL DEFAULT '') STRICT;

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
, clock_offset_millis INTEGER NOT NULL DEFAULT 0
    CHECK (clock_offset_millis >= 0)) STRICT;

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

CREATE TABLE idempotency_keys (
    id            INTEGER PRIMARY KEY,
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    route         TEXT NOT NULL,
    request_hash  BLOB NOT NULL,
    status        INTEGER NOT NULL,
    content_type  TEXT,
    body          BLOB NOT NULL,
    created_at    INTEGER NOT NULL, secret_withheld INTEGER NOT NULL DEFAULT 0,
    UNIQUE (scope, key, route)
) STRICT;

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

CREATE TABLE customers (
    id                 INTEGER PRIMARY KEY,
    public_id          TEXT NOT NULL UNIQUE,
    application_id     INTEGER NOT NULL REFERENCES applications(id),
    type               TEXT NOT NULL CHECK (type IN ('business', 'individual')),
    legal_name         TEXT NOT NULL,
    email              TEXT NOT NULL,
    country            TEXT NOT NULL,
    verification_level TEXT NOT NULL CHECK (verification_level IN ('standard', 'enhanced')),
    tax_id             TEXT NOT NULL,
    kyb_status         TEXT NOT NULL CHECK (kyb_status IN ('pending', 'approved', 'rejected')),
    kyb_decided_at     INTEGER,
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL, email_key TEXT NOT NULL DEFAULT '',
    UNIQUE (application_id, email COLLATE NOCASE)
) STRICT;

CREATE INDEX customers_application ON customers(application_id, public_id);

CREATE INDEX customers_pending ON customers(application_id, created_at) WHERE kyb_status = 'pending';

CREATE TABLE beneficiaries (
    id                INTEGER PRIMARY KEY,
    public_id         TEXT NOT NULL UNIQUE,
    application_id    INTEGER NOT NULL REFERENCES applications(id),
    customer_id       INTEGER NOT NULL REFERENCES customers(id),
    type              TEXT NOT NULL CHECK (type IN ('business', 'individual')),
    full_name         TEXT NOT NULL,
    country           TEXT NOT NULL,
    gov_id_ref        TEXT,
    account_kind      TEXT NOT NULL CHECK (account_kind IN ('BANK_ACCOUNT', 'STABLECOIN_WALLET')),
    destination_asset TEXT NOT NULL,
    iban              TEXT,
    bank_name         TEXT,
    bank_country      TEXT,
    routing           TEXT,
    network           TEXT,
    address           TEXT,
    is_default        INTEGER NOT NULL CHECK (is_default IN (0, 1)),
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    CHECK ((account_kind = 'BANK_ACCOUNT') = (iban IS NOT NULL AND network IS NULL)),
    CHECK ((account_kind = 'STABLECOIN_WALLET') = (address IS NOT NULL AND iban IS NULL))
) STRICT;

CREATE INDEX beneficiaries_application ON beneficiaries(application_id, public_id);

CREATE INDEX beneficiaries_customer ON beneficiaries(customer_id, public_id);

CREATE UNIQUE INDEX beneficiaries_one_default ON beneficiaries(customer_id, destination_asset) WHERE is_default = 1;

CREATE TABLE partner_wallets (
    id          INTEGER PRIMARY KEY,
    public_id   TEXT NOT NULL UNIQUE,
    partner_id  INTEGER NOT NULL REFERENCES partners(id),
    network     TEXT NOT NULL,
    wallet_role TEXT NOT NULL,
    address     TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    UNIQUE (partner_id, network, wallet_role)
) STRICT;

CREATE TABLE pricing_markups (
    id          INTEGER PRIMARY KEY,
    public_id   TEXT NOT NULL UNIQUE,
    partner_id  INTEGER NOT NULL REFERENCES partners(id),
    customer_id TEXT,
    kind        TEXT NOT NULL CHECK (kind IN ('BPS', 'FLAT')),
    value       INTEGER NOT NULL CHECK (value >= 0),
    currency    TEXT,
    min_fee     INTEGER CHECK (min_fee >= 0),
    max_fee     INTEGER CHECK (max_fee >= 0),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    UNIQUE (partner_id, customer_id)
) STRICT;

CREATE UNIQUE INDEX pricing_markups_partner_level ON pricing_markups(partner_id) WHERE customer_id IS NULL;

CREATE TABLE ledger_entries (
    id             INTEGER PRIMARY KEY,
    public_id      TEXT NOT NULL UNIQUE,
    application_id INTEGER NOT NULL REFERENCES applications(id),
    -- What moved the value, e.g. 'prefund' or 'transaction.settled'.
    kind           TEXT NOT NULL,
    reference_type TEXT NOT NULL,
    reference_id   TEXT NOT NULL,
    created_at     INTEGER NOT NULL
) STRICT;

CREATE INDEX ledger_entries_reference ON ledger_entries(reference_type, reference_id);

CREATE TABLE ledger_postings (
    id           INTEGER PRIMARY KEY,
    entry_id     INTEGER NOT NULL REFERENCES ledger_entries(id),
    account_id   INTEGER NOT NULL REFERENCES accounts(id),
    asset        TEXT NOT NULL,
    amount_minor INTEGER NOT NULL CHECK (amount_minor <> 0)
) STRICT;

CREATE INDEX ledger_postings_account ON ledger_postings(account_id);

CREATE INDEX ledger_postings_entry ON ledger_postings(entry_id);

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
, next_attempt_runs_at INTEGER, role TEXT NOT NULL DEFAULT 'genuine'
    CHECK (role IN ('genuine', 'duplicate', 'probe')), fault TEXT, faults_decided INTEGER NOT NULL DEFAULT 0, held_behind TEXT) STRICT;

CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, public_id);

CREATE TABLE webhook_attempts (
    id            INTEGER PRIMARY KEY,
    delivery_id   INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    request_id    TEXT NOT NULL,
    attempted_at  INTEGER NOT NULL,
    status_code   INTEGER,
    latency_ms    INTEGER NOT NULL,
    error         TEXT, url TEXT, signature TEXT, fault_kind TEXT, verdict TEXT,
    UNIQUE (delivery_id, number)
) STRICT;

CREATE TABLE "request_logs" (
    id                   INTEGER PRIMARY KEY,
    public_id            TEXT NOT NULL,
    application_id       INTEGER NOT NULL REFERENCES applications(id),
    api_key_id           TEXT NOT NULL,
    method               TEXT NOT NULL,
    path                 TEXT NOT NULL,
    query                TEXT,
    status_code          INTEGER NOT NULL,
    duration_ms          INTEGER NOT NULL,
    correlation_id       TEXT NOT NULL,
    error_code           TEXT,
    request_body         TEXT,
    requested_at         INTEGER NOT NULL,
    responded_at         INTEGER NOT NULL,
    fault                TEXT,
    operation_id         TEXT,
    idempotency_key_hash TEXT,
    body_hash            TEXT,
    request_id_sent      INTEGER NOT NULL DEFAULT 0,
    retry_after          INTEGER,
    real_at              INTEGER
, partner_id INTEGER, body_size INTEGER, body_sha256 TEXT, body_kept INTEGER NOT NULL DEFAULT 0) STRICT;

CREATE INDEX request_logs_by_application ON request_logs (application_id, public_id);

CREATE INDEX request_logs_bodies ON request_logs (partner_id, id, body_kept) WHERE body_kept > 0;

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

CREATE UNIQUE INDEX quotes_used_by ON quotes(used_by) WHERE used_by IS NOT NULL;

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

CREATE TABLE "rate_overrides" (
    id             INTEGER PRIMARY KEY,
    application_id INTEGER REFERENCES applications(id),
    source         TEXT NOT NULL,
    destination    TEXT NOT NULL,
    rate           TEXT NOT NULL,
    updated_at     INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX rate_overrides_pair ON rate_overrides(COALESCE(application_id, 0), source, destination);

CREATE TABLE "scheduled_moves" (
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

CREATE INDEX scheduled_moves_runs ON scheduled_moves(runs_at, id);

CREATE INDEX scheduled_moves_resource ON scheduled_moves(resource_id);

CREATE INDEX scheduled_moves_application ON scheduled_moves(application_id);

CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_runs_at) WHERE status = 'pending';

CREATE TABLE "accounts" (
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

CREATE INDEX accounts_application ON accounts(application_id, purpose, public_id);

CREATE UNIQUE INDEX accounts_one_system_account ON accounts(application_id, purpose, asset)
    WHERE purpose IN ('float', 'external', 'fees', 'in_flight');

CREATE UNIQUE INDEX accounts_one_customer_account ON accounts(customer_id, asset) WHERE purpose = 'customer';

CREATE UNIQUE INDEX accounts_one_settlement ON accounts(application_id, asset, corridor) WHERE purpose = 'settlement';

CREATE UNIQUE INDEX accounts_one_mpc_wallet ON accounts(application_id, asset, network)
    WHERE purpose = 'wallet' AND wallet_mode = 'mpc';

CREATE UNIQUE INDEX accounts_one_custody_wallet ON accounts(application_id, asset, network, address)
    WHERE purpose = 'wallet' AND wallet_mode = 'self_custody';

CREATE TABLE "payments" (
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

CREATE INDEX payments_application ON payments(application_id, public_id);

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

CREATE TABLE console_sessions (
    id          INTEGER PRIMARY KEY,
    token_hash  BLOB NOT NULL UNIQUE,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
) STRICT;

CREATE INDEX console_sessions_expiry ON console_sessions(expires_at);

CREATE TABLE request_log_exchanges (
    log_id           INTEGER PRIMARY KEY REFERENCES request_logs(id) ON DELETE CASCADE,
    application_id   INTEGER NOT NULL,
    request_headers  TEXT NOT NULL,
    response_headers TEXT NOT NULL,
    response_body    TEXT
) STRICT;

CREATE INDEX request_log_exchanges_application ON request_log_exchanges(application_id, log_id);

CREATE INDEX webhook_deliveries_endpoint_due ON webhook_deliveries(endpoint_id, next_attempt_runs_at, id)
    WHERE status = 'pending';

CREATE TABLE fault_rules (
    id             INTEGER PRIMARY KEY,
    public_id      TEXT NOT NULL UNIQUE,
    application_id INTEGER REFERENCES applications(id),
    spec           TEXT NOT NULL,
    matched        INTEGER NOT NULL DEFAULT 0,
    hits           INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL
) STRICT;

CREATE INDEX fault_rules_by_application ON fault_rules (application_id);

CREATE TABLE fault_rule_endpoints (
    id          INTEGER PRIMARY KEY,
    rule_id     INTEGER NOT NULL REFERENCES fault_rules(id) ON DELETE CASCADE,
    endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    matched     INTEGER NOT NULL,
    hits        INTEGER NOT NULL,
    UNIQUE (rule_id, endpoint_id)
) STRICT;
CREATE INDEX fault_rule_endpoints_endpoint ON fault_rule_endpoints (endpoint_id);

CREATE TABLE drills (
    id             INTEGER PRIMARY KEY,
    application_id INTEGER NOT NULL REFERENCES applications(id),
    started_at     INTEGER NOT NULL,
    ended_at       INTEGER,
    -- JSON array of the rules' public ids.
    rules          TEXT NOT NULL
) STRICT;

CREATE INDEX drills_by_application ON drills (application_id, id);

CREATE UNIQUE INDEX users_username_key ON users(username_key);

CREATE UNIQUE INDEX partners_email_key ON partners(email_key);

CREATE UNIQUE INDEX customers_email_key ON customers(application_id, email_key);


CREATE INDEX quotes_customer ON quotes (customer_id);
CREATE INDEX transactions_beneficiary ON transactions (beneficiary_id);
CREATE INDEX transfers_customer ON transfers (customer_id);
CREATE INDEX transfers_beneficiary ON transfers (beneficiary_id);
CREATE INDEX payments_customer ON payments (customer_id);
CREATE INDEX accounts_customer ON accounts (customer_id);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
CREATE INDEX flow_states_application ON flow_states (application_id);
CREATE INDEX ledger_entries_application ON ledger_entries (application_id);
CREATE INDEX rate_overrides_application ON rate_overrides (application_id);
CREATE INDEX pricing_markups_customer ON pricing_markups (customer_id);

CREATE TABLE sign_in_links (
    id         INTEGER PRIMARY KEY,
    token_hash BLOB NOT NULL UNIQUE,
    user_id    INTEGER NOT NULL REFERENCES users(id),
    next       TEXT NOT NULL,
    expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX sign_in_links_user ON sign_in_links (user_id, expires_at);
CREATE INDEX sign_in_links_expiry ON sign_in_links (expires_at);
