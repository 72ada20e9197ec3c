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
        M::up_with_hook(include_str!("migrations/0016_uniqueness_keys.sql"), fill_uniqueness_keys),
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

/// Fills the uniqueness keys of the rows stored before them, then makes
/// them unique. Rows that were allowed as different but share a key (`Äx@…`
/// and `äx@…`) all stay: the oldest keeps the key, so new spellings of it
/// conflict, and each later one gets a key of its own (the key, NUL, its
/// row id: NUL never occurs in accepted text).
fn fill_uniqueness_keys(tx: &Transaction) -> HookResult {
    for (table, text, key, scope, index) in [
        ("users", "username", "username_key", None, "users_username_key"),
        ("partners", "email", "email_key", None, "partners_email_key"),
        ("customers", "email", "email_key", Some("application_id"), "customers_email_key"),
    ] {
        let scope_column = scope.unwrap_or("0");
        let rows: Vec<(i64, i64, String)> = tx
            .prepare(&format!("SELECT id, {scope_column}, {text} FROM {table} ORDER BY id"))?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        let mut taken = std::collections::HashSet::new();
        let mut update = tx.prepare(&format!("UPDATE {table} SET {key} = ?2 WHERE id = ?1"))?;
        for (id, scope, value) in rows {
            let folded = crate::domain::text::uniqueness_key(&value);
            let folded = if taken.insert((scope, folded.clone())) { folded } else { format!("{folded}\u{0}{id}") };
            update.execute(rusqlite::params![id, folded])?;
        }
        let columns = scope.map_or_else(|| key.to_owned(), |s| format!("{s}, {key}"));
        tx.execute_batch(&format!("CREATE UNIQUE INDEX {index} ON {table}({columns});"))?;
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
