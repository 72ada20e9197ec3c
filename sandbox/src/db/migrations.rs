//! The schema, as an ordered list of embedded SQL migrations.
//!
//! `PRAGMA user_version` records how far a database has come; opening an
//! older database applies the rest in order. Migrations are append-only:
//! never edit one that has shipped, add the next file instead. A change SQL
//! cannot make (hashing what older versions stored) is a hook of its
//! migration, run in the same transaction.
//!
//! A new database skips the numbered files: it is made in one step from
//! `migrations/baseline.sql`, the schema at [`BASELINE_VERSION`], and only
//! the files after that run on it ([`to_latest`]). Replaying every file
//! (tables rebuilt several times over) was most of a new sandbox's start.

use anyhow::Context;
use rusqlite::{Connection, Transaction};
use rusqlite_migration::{HookResult, M, Migrations};

/// The version the last migration brings a database to (snapshots name
/// it as the schema their tables follow).
pub const LATEST_VERSION: usize = 25;

/// The version `migrations/baseline.sql` stands for.
pub const BASELINE_VERSION: usize = 25;
pub(super) const BASELINE: &str = include_str!("migrations/baseline.sql");

/// Brings `conn` to the latest version: an empty database from the
/// baseline, then, as for any older database, the numbered files it has
/// not run yet.
pub fn to_latest(conn: &mut Connection) -> anyhow::Result<()> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if usize::try_from(version).is_ok_and(|v| v > LATEST_VERSION) {
        anyhow::bail!(
            "the database holds schema version {version}, made by a newer payctl; this one ({}) serves schema \
             versions up to {LATEST_VERSION}. Run the newer payctl on it, or use another database",
            env!("CARGO_PKG_VERSION")
        );
    }
    let empty: bool = conn.query_row(
        "SELECT user_version = 0 AND NOT EXISTS (SELECT 1 FROM sqlite_master) FROM pragma_user_version",
        [],
        |r| r.get(0),
    )?;
    if empty {
        let tx = conn.transaction()?;
        tx.execute_batch(BASELINE).context("cannot create the schema")?;
        tx.pragma_update(None, "user_version", i64::try_from(BASELINE_VERSION)?)?;
        tx.commit()?;
    }
    migrations().to_latest(conn).context("database migration failed")
}

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
        M::up_with_hook(include_str!("migrations/0019_uniqueness_keys.sql"), fill_uniqueness_keys),
        M::up(include_str!("migrations/0020_request_log_ids.sql")),
        M::up(include_str!("migrations/0021_fault_rule_endpoints.sql")),
        M::up(include_str!("migrations/0022_fault_rules_by_application.sql")),
        M::up(include_str!("migrations/0023_request_log_bodies.sql")),
        M::up(include_str!("migrations/0024_application_scans_and_reference_indexes.sql")),
        M::up(include_str!("migrations/0025_sign_in_links.sql")),
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
            let folded = payctl_domain::text::uniqueness_key(&value);
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
    use rusqlite::Connection;

    use super::{BASELINE_VERSION, migrations, to_latest};

    /// A schema object as SQLite keeps it: type, name, table and SQL.
    type Object = (String, String, String, Option<String>);

    /// Every schema object, and the version.
    fn schema(conn: &Connection) -> (Vec<Object>, i64) {
        let objects = conn
            .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let version = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        (objects, version)
    }

    #[test]
    fn the_baseline_is_the_schema_every_migration_makes() {
        let mut stepwise = Connection::open_in_memory().unwrap();
        migrations().to_latest(&mut stepwise).unwrap();
        let mut baseline = Connection::open_in_memory().unwrap();
        to_latest(&mut baseline).unwrap();
        let (objects, version) = schema(&baseline);
        assert_eq!(version, i64::try_from(BASELINE_VERSION).unwrap());
        assert_eq!(schema(&stepwise).1, i64::try_from(super::LATEST_VERSION).unwrap());
        assert!(objects.iter().any(|(kind, name, ..)| kind == "index" && name == "customers_email_key"));
        assert_eq!((objects, version), schema(&stepwise));
        // Opening it again changes nothing.
        to_latest(&mut baseline).unwrap();
        assert_eq!(schema(&baseline), schema(&stepwise));
    }

    #[test]
    fn a_database_of_a_newer_schema_is_refused_naming_both_versions() {
        let mut conn = Connection::open_in_memory().unwrap();
        to_latest(&mut conn).unwrap();
        let newer = super::LATEST_VERSION + 1;
        conn.pragma_update(None, "user_version", i64::try_from(newer).unwrap()).unwrap();
        let error = to_latest(&mut conn).unwrap_err().to_string();
        assert!(error.contains(&format!("schema version {newer}")), "{error}");
        let serves = format!("up to {}", super::LATEST_VERSION);
        assert!(error.contains(&serves) && error.contains("newer payctl"), "{error}");
    }

    #[test]
    fn migrations_are_valid() {
        super::migrations().validate().unwrap();
    }

    /// A database an older version left at `version`, with `fill` run on it,
    /// migrated.
    fn upgraded_from(version: usize, fill: &str) -> Connection {
        let mut conn = Connection::open_in_memory().unwrap();
        migrations().to_version(&mut conn, version).unwrap();
        crate::store::applications::insert_bare(&(&conn).into()).unwrap();
        conn.execute_batch(fill).unwrap();
        // As `db::migrate` runs them: a table rebuilt must not take its
        // children with it.
        conn.pragma_update(None, "foreign_keys", "OFF").unwrap();
        migrations().to_latest(&mut conn).unwrap();
        conn
    }

    #[test]
    fn idempotency_keys_stored_as_sent_are_hashed_on_upgrade() {
        let conn = upgraded_from(
            14,
            "INSERT INTO idempotency_keys (scope, key, route, request_hash, status, body, created_at)
                 VALUES ('app:a', 'sk-like-secret', 'POST /v1/customers', x'00', 201, x'00', 0);",
        );
        let key: String = conn.query_row("SELECT key FROM idempotency_keys", [], |r| r.get(0)).unwrap();
        assert_eq!(key, crate::idempotency::stored_key("sk-like-secret"));
    }

    #[test]
    fn request_logs_keep_their_records_and_exchanges_when_the_id_index_goes() {
        let conn = upgraded_from(
            19,
            "INSERT INTO request_logs (id, public_id, application_id, api_key_id, method, path, status_code,
                 duration_ms, correlation_id, requested_at, responded_at, operation_id)
                 VALUES (7, 'log-1', 1, 'key-1', 'GET', '/v1/customers', 200, 3, 'corr-1', 10, 13, 'listCustomers');
             INSERT INTO request_log_exchanges (log_id, application_id, request_headers, response_headers)
                 VALUES (7, 1, '{}', '{}');",
        );
        let kept: (i64, String, String) = conn
            .query_row(
                "SELECT l.id, l.operation_id, x.request_headers FROM request_logs l
                     JOIN request_log_exchanges x ON x.log_id = l.id WHERE l.application_id = 1 AND l.public_id = 'log-1'",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        assert_eq!(kept, (7, "listCustomers".to_owned(), "{}".to_owned()));
        let indexes: Vec<String> = conn
            .prepare("SELECT name FROM pragma_index_list('request_logs') ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(indexes, vec!["request_logs_bodies".to_owned(), "request_logs_by_application".to_owned()]);
        // Pruning a record still takes its exchange with it.
        conn.pragma_update(None, "foreign_keys", "ON").unwrap();
        conn.execute("DELETE FROM request_logs WHERE id = 7", []).unwrap();
        let left: i64 = conn.query_row("SELECT count(*) FROM request_log_exchanges", [], |r| r.get(0)).unwrap();
        assert_eq!(left, 0);
    }

    /// A body logged before bodies were bounded stays whole, counted for
    /// no partner; one logged after is counted for its partner.
    #[test]
    fn bodies_logged_before_the_bound_stay_whole_and_uncounted() {
        let conn = upgraded_from(
            22,
            "INSERT INTO request_logs (id, public_id, application_id, api_key_id, method, path, status_code,
                 duration_ms, correlation_id, requested_at, responded_at, request_body)
                 VALUES (7, 'log-1', 1, 'key-1', 'POST', '/v1/customers', 400, 3, 'corr-1', 10, 13, '{\"a\":1}');",
        );
        let (size, kept, body): (Option<i64>, i64, String) = conn
            .query_row("SELECT body_size, body_kept, request_body FROM request_logs WHERE id = 7", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .unwrap();
        assert_eq!((size, kept, body.as_str()), (None, 0, r#"{"a":1}"#));
        let partner: i64 =
            conn.query_row("SELECT partner_id FROM applications WHERE id = 1", [], |r| r.get(0)).unwrap();
        assert_eq!(crate::store::request_logs::body_bytes(&(&conn).into(), partner).unwrap(), 0);
    }

    /// A database at version 20 (before per-endpoint counters and the index
    /// by application), and one at 21 (with the counters, before the index),
    /// both reach the latest version keeping their rules and counters.
    #[test]
    fn fault_rules_and_their_endpoint_counters_migrate_from_20_and_21() {
        let rule = "INSERT INTO fault_rules (id, public_id, application_id, spec, matched, hits, created_at)
                        VALUES (5, 'flt_a', 1, '{}', 3, 1, 0);";
        for (version, fill) in [
            (20, rule.to_owned()),
            (
                21,
                format!(
                    "{rule} INSERT INTO webhook_endpoints (id, public_id, application_id, url, events, status, \
                     secret_nonce, secret_sealed, secret_hint, created_at, updated_at) \
                     VALUES (9, 'we_a', 1, 'http://127.0.0.1:1/', '[]', 'enabled', x'00', x'00', 'abcd', 0, 0); \
                     INSERT INTO fault_rule_endpoints (rule_id, endpoint_id, matched, hits) VALUES (5, 9, 2, 1);"
                ),
            ),
        ] {
            let conn = upgraded_from(version, &fill);
            let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
            assert_eq!(v, i64::try_from(BASELINE_VERSION).unwrap(), "from {version}");
            let kept: (i64, i64) = conn
                .query_row("SELECT matched, hits FROM fault_rules WHERE id = 5", [], |r| Ok((r.get(0)?, r.get(1)?)))
                .unwrap();
            assert_eq!(kept, (3, 1), "from {version}");
            let per_endpoint: i64 =
                conn.query_row("SELECT COALESCE(SUM(matched), 0) FROM fault_rule_endpoints", [], |r| r.get(0)).unwrap();
            assert_eq!(per_endpoint, if version == 21 { 2 } else { 0 }, "from {version}");
            let index: i64 = conn
                .query_row(
                    "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'fault_rules_by_application'",
                    [],
                    |r| r.get(0),
                )
                .unwrap();
            assert_eq!(index, 1, "from {version}");
        }
    }

    #[test]
    fn look_alike_rows_of_before_are_kept_and_their_spellings_refused_after() {
        let customer = |id: i64, email: &str| {
            format!(
                "INSERT INTO customers (public_id, application_id, type, legal_name, email, country,
                     verification_level, tax_id, kyb_status, created_at, updated_at)
                 VALUES ('c{id}', 1, 'business', 'L', '{email}', 'AE', 'standard', 'T', 'pending', 0, 0);"
            )
        };
        let fill = [customer(1, "Äx@u.test"), customer(2, "äx@u.test"), customer(3, "bx@u.test")].concat()
            + "INSERT INTO users (public_id, username, password_hash, created_at) VALUES ('u1', 'Öps', 'h', 0);
               INSERT INTO users (public_id, username, password_hash, created_at) VALUES ('u2', 'öps', 'h', 0);";
        let conn = upgraded_from(18, &fill);
        let keys: Vec<(String, String)> = conn
            .prepare("SELECT email, email_key FROM customers ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(
            keys,
            vec![
                ("Äx@u.test".to_owned(), "äx@u.test".to_owned()),
                ("äx@u.test".to_owned(), "äx@u.test\u{0}2".to_owned()),
                ("bx@u.test".to_owned(), "bx@u.test".to_owned()),
            ],
            "both look-alikes are kept as they were; the oldest holds the key"
        );
        let partner: String = conn.query_row("SELECT email_key FROM partners", [], |r| r.get(0)).unwrap();
        assert_eq!(partner, "p@x.io");
        // A new spelling of the kept key conflicts, in the store as through the API.
        let again = conn.execute(
            "INSERT INTO customers (public_id, application_id, type, legal_name, email, email_key, country,
                 verification_level, tax_id, kyb_status, created_at, updated_at)
             VALUES ('c4', 1, 'business', 'L', 'ÄX@U.TEST', ?1, 'AE', 'standard', 'T', 'pending', 0, 0)",
            [payctl_domain::text::uniqueness_key("ÄX@U.TEST")],
        );
        assert!(again.is_err_and(|e| crate::db::sql::sqlite_kind(&e) == crate::db::sql::ErrorKind::UniqueViolation));
        let users: i64 = conn.query_row("SELECT COUNT(DISTINCT username_key) FROM users", [], |r| r.get(0)).unwrap();
        assert_eq!(users, 2);
    }
}
