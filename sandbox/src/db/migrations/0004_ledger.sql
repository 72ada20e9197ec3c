-- The double-entry ledger: accounts, entries, postings.
-- Every entry's postings sum to zero per asset; an account's balance_minor is
-- maintained in the same transaction as its postings and equals their sum.

CREATE TABLE accounts (
    id             INTEGER PRIMARY KEY,
    public_id      TEXT NOT NULL UNIQUE,
    application_id INTEGER NOT NULL REFERENCES applications(id),
    -- customer: a customer's balance in one asset; float: the partner's
    -- prefunded balance; external: the world outside the ledger (funds
    -- arriving and leaving), the only account allowed below zero; fees:
    -- platform fees earned; settlement and wallet: accounts opened with
    -- POST /v1/accounts.
    purpose        TEXT NOT NULL CHECK (purpose IN ('customer', 'float', 'external', 'fees', 'settlement', 'wallet')),
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
    WHERE purpose IN ('float', 'external', 'fees');
CREATE UNIQUE INDEX accounts_one_customer_account ON accounts(customer_id, asset) WHERE purpose = 'customer';
CREATE UNIQUE INDEX accounts_one_settlement ON accounts(application_id, asset, corridor) WHERE purpose = 'settlement';
CREATE UNIQUE INDEX accounts_one_mpc_wallet ON accounts(application_id, asset, network)
    WHERE purpose = 'wallet' AND wallet_mode = 'mpc';
CREATE UNIQUE INDEX accounts_one_custody_wallet ON accounts(application_id, asset, network, address)
    WHERE purpose = 'wallet' AND wallet_mode = 'self_custody';

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
