//! The schema, as an ordered list of embedded SQL migrations.
//!
//! `PRAGMA user_version` records how far a database has come; opening an
//! older database applies the rest in order. Migrations are append-only:
//! never edit one that has shipped, add the next file instead. A change SQL
//! cannot make (hashing what older versions stored) is a hook of its
//! migration, run in the same transaction.

use rusqlite::Transaction;
use rusqlite_migration::{HookResult, M, Migrations};

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
        M::up(include_str!("migrations/0014_webhook_fair_dispatch.sql")),
        M::up_with_hook(include_str!("migrations/0015_idempotency_key_hashes.sql"), hash_idempotency_keys),
        M::up(include_str!("migrations/0016_fault_rules.sql")),
        M::up(include_str!("migrations/0017_webhook_faults.sql")),
        M::up(include_str!("migrations/0018_review.sql")),
    ])
}

/// Replaces the idempotency keys stored as sent by earlier versions with
/// their hashes, so replays keep working across the upgrade and no key
/// stays on disk.
fn hash_idempotency_keys(tx: &Transaction) -> HookResult {
    let rows: Vec<(i64, String)> = tx
        .prepare("SELECT id, key FROM idempotency_keys")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let mut update = tx.prepare("UPDATE idempotency_keys SET key = ?2 WHERE id = ?1")?;
    for (id, key) in rows {
        update.execute(rusqlite::params![id, crate::idempotency::stored_key(&key)])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn migrations_are_valid() {
        super::migrations().validate().unwrap();
    }
}
