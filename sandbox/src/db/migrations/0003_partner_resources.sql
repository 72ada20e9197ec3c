-- Partner resources managed from the dashboard: partner wallets (spec 2.14)
-- and pricing markups (spec 2.13). Sub-partners live in `partners` already
-- (its parent_id).

-- One wallet per (partner, network, role): PUT upserts on that key.
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

-- A partner-level markup has customer_id NULL; a customer override names the
-- customer by its public id (customers are not a table of this migration, so
-- no foreign key). Amounts are integer minor units.
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
-- UNIQUE treats NULLs as distinct, so the partner level needs its own index.
CREATE UNIQUE INDEX pricing_markups_partner_level ON pricing_markups(partner_id) WHERE customer_id IS NULL;
