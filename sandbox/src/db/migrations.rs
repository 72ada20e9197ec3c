//! The schema, as an ordered list of embedded SQL migrations.
//!
//! `PRAGMA user_version` records how far a database has come; opening an
//! older database applies the rest in order. Migrations are append-only:
//! never edit one that has shipped, add the next file instead.

use rusqlite_migration::{M, Migrations};

pub fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(include_str!("migrations/0001_foundation.sql")),
        M::up(include_str!("migrations/0002_customers.sql")),
        M::up(include_str!("migrations/0003_partner_resources.sql")),
        M::up(include_str!("migrations/0004_ledger.sql")),
        M::up(include_str!("migrations/0005_webhooks.sql")),
        M::up(include_str!("migrations/0006_schedule.sql")),
        M::up(include_str!("migrations/0007_request_logs.sql")),
        M::up(include_str!("migrations/0008_rate_overrides.sql")),
        M::up(include_str!("migrations/0009_quotes_transactions.sql")),
        M::up(include_str!("migrations/0010_flows.sql")),
        M::up(include_str!("migrations/0011_clocks_and_flow_states.sql")),
        M::up(include_str!("migrations/0012_idempotency_secrets.sql")),
        M::up(include_str!("migrations/0013_console.sql")),
        M::up(include_str!("migrations/0014_fault_rules.sql")),
    ])
}

#[cfg(test)]
mod tests {
    #[test]
    fn migrations_are_valid() {
        super::migrations().validate().unwrap();
    }
}
