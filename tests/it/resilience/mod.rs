//! Resilience: the sandbox under concurrent load and across hard kills.
//!
//! Partners point load tests at the sandbox and CI kills it at any moment,
//! so these tests check what must hold regardless: a request with one
//! Idempotency-Key runs once, a quote is used once, the ledger balances in
//! every read, and a 2xx answer means the change survives `kill -9`.
//! `concurrency` runs in-process; `crash` starts the real binary.
//!
//! Both run on a file database in WAL mode (the production configuration)
//! with rate limits off: a key is capped at 100 requests a minute, which
//! these tests exceed by design.

mod concurrency;
mod crash;

use std::path::Path;

use payctl_sandbox::{SandboxConfig, Storage};
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::{Auth, TestSandbox, spawn_with_config};

/// What a new float account holds: 10,000,000.00 USD.
const FLOAT_USD: i64 = 1_000_000_000;

/// A sandbox on a WAL file database at `db`, rate limits off.
async fn spawn_on_file(db: &Path) -> TestSandbox {
    let sb = spawn_with_config(SandboxConfig { storage: Storage::File(db.to_owned()), rate_limit: None }).await;
    let conn = read_only(db);
    let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0)).unwrap();
    assert_eq!(mode, "wal", "the production configuration");
    sb
}

/// A read-only connection to a sandbox's database file, for checks the
/// API cannot show (integrity, the ledger's own invariants).
fn read_only(db: &Path) -> rusqlite::Connection {
    rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap()
}

/// `PRAGMA integrity_check` and `ledger::verify` on the file at `db`.
fn assert_sound(db: &Path) {
    let conn = read_only(db);
    let check: Vec<String> = conn
        .prepare("PRAGMA integrity_check")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(check, ["ok"], "integrity_check");
    payctl_sandbox::testing::verify_ledger(&conn).unwrap();
}

/// The application's USD ledger as one `GET /v1/balances` answer shows it
/// (a single read, so one snapshot).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct UsdLedger {
    float: i64,
    /// What unfinished transactions hold.
    in_flight: i64,
    fees: i64,
}

/// Reads the USD float, in-flight and fees balances; asserts no balance is
/// negative. Before the first movement there are no accounts: the float is
/// funded on first use, so an absent one still holds its initial amount.
fn usd_ledger(balances: &Value) -> UsdLedger {
    let mut ledger = UsdLedger { float: FLOAT_USD, in_flight: 0, fees: 0 };
    for account in balances["data"].as_array().expect("a balances list") {
        let minor: i64 = account["balance_minor"].as_str().unwrap().parse().unwrap();
        assert!(minor >= 0, "a negative balance: {account}");
        match (account["purpose"].as_str(), account["asset"].as_str()) {
            (Some("float"), Some("USD")) => ledger.float = minor,
            (Some("in_flight"), Some("USD")) => ledger.in_flight = minor,
            (Some("fees"), Some("USD")) => ledger.fees = minor,
            _ => {}
        }
    }
    ledger
}

async fn usd_balances(sb: &TestSandbox, auth: &Auth) -> UsdLedger {
    let r = sb.get("/v1/balances", auth).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    usd_ledger(&r.body)
}

/// Every transaction of the caller, all pages.
async fn all_transactions(sb: &TestSandbox, auth: &Auth) -> Vec<Value> {
    let mut all = Vec::new();
    let mut path = "/v1/transactions?limit=100".to_owned();
    loop {
        let page = sb.get(&path, auth).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        all.extend(page.body["data"].as_array().unwrap().iter().cloned());
        match page.body["pagination"]["next_cursor"].as_str() {
            Some(cursor) => path = format!("/v1/transactions?limit=100&cursor={cursor}"),
            None => return all,
        }
    }
}

fn minor(value: &Value, field: &str) -> i64 {
    value[field].as_str().unwrap_or_else(|| panic!("{field} missing: {value}")).parse().unwrap()
}

/// What the transactions left, as the ledger rules say: a transaction
/// takes its source amount from the float into `in_flight`; a completed one
/// pays it out and books its fee; a failed one gives it back.
fn expected_ledger(transactions: &[Value]) -> UsdLedger {
    let mut ledger = UsdLedger { float: FLOAT_USD, in_flight: 0, fees: 0 };
    for t in transactions {
        let amount = minor(t, "source_amount_minor");
        match t["state"].as_str() {
            Some("FAILED") => {}
            Some("COMPLETED") => {
                ledger.float -= amount;
                ledger.fees += minor(t, "fee_minor");
            }
            _ => {
                ledger.float -= amount;
                ledger.in_flight += amount;
            }
        }
    }
    ledger
}
