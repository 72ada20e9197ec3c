-- Exchange rates set through /sandbox/rates, replacing the fixed table's
-- rate for one pair (for every application of the sandbox).

CREATE TABLE rate_overrides (
    source      TEXT NOT NULL,
    destination TEXT NOT NULL,
    -- An exact decimal string; never a float.
    rate        TEXT NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (source, destination)
) STRICT;
