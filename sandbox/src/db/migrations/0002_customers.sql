-- Customers (also served as participants and counterparties) and their
-- beneficiaries, each owned by one application.

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
    updated_at         INTEGER NOT NULL,
    UNIQUE (application_id, email COLLATE NOCASE)
) STRICT;
CREATE INDEX customers_application ON customers(application_id, public_id);
-- The automatic verification decision looks for pending customers by age.
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
-- At most one default account per customer and payout asset.
CREATE UNIQUE INDEX beneficiaries_one_default ON beneficiaries(customer_id, destination_asset) WHERE is_default = 1;
