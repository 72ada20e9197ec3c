//! The ledger's rows: accounts found or opened for a purpose, entries and
//! their postings with the balances they move, what a reference moved, and
//! the invariants' counts. The rules (balanced entries, no overdraft,
//! prefunding) are `crate::ledger`'s.

use payctl_domain::money::MinorUnit;
use payctl_domain::time::Timestamp;
use payctl_wire::accounts::{AccountPurpose, AccountStatus};
use rusqlite::params;

use crate::db::sql::{self, Conn, OptionalExtension};
use crate::ids;
use crate::store::sql_text;

/// The start of a system account's lookup; the purpose follows.
const SYSTEM: &str = "SELECT id FROM accounts WHERE application_id = ?1 AND purpose =";

/// Which account of an application.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// A customer's account (internal customer id).
    Customer(i64),
    Float,
    External,
    Fees,
    InFlight,
}

impl Owner {
    pub fn purpose(self) -> AccountPurpose {
        match self {
            Owner::Customer(_) => AccountPurpose::Customer,
            Owner::Float => AccountPurpose::Float,
            Owner::External => AccountPurpose::External,
            Owner::Fees => AccountPurpose::Fees,
            Owner::InFlight => AccountPurpose::InFlight,
        }
    }

    pub fn customer_id(self) -> Option<i64> {
        match self {
            Owner::Customer(id) => Some(id),
            _ => None,
        }
    }
}

/// The internal id of the application's account for `owner` in
/// `asset_code`, if it has one.
pub fn find_account(conn: &Conn<'_>, application_id: i64, owner: Owner, asset_code: &str) -> sql::Result<Option<i64>> {
    // One statement per owner kind, with the purpose written into it: the
    // partial unique indexes depend on the purpose, so with the purpose as
    // a parameter SQLite re-plans the cached statement whenever it changes.
    let system_account =
        |sql: &str| conn.query_row_cached(sql, params![application_id, asset_code], |r| r.get::<_, i64>(0));
    match owner {
        Owner::Customer(customer_id) => conn.query_row_cached(
            sql_text!(
                "SELECT id FROM accounts WHERE purpose = '{}' AND customer_id = ?1 AND asset = ?2
                     AND application_id = ?3",
                AccountPurpose::Customer
            ),
            params![customer_id, asset_code, application_id],
            |r| r.get(0),
        ),
        Owner::Float => system_account(sql_text!("{SYSTEM} '{}' AND asset = ?2", AccountPurpose::Float)),
        Owner::External => system_account(sql_text!("{SYSTEM} '{}' AND asset = ?2", AccountPurpose::External)),
        Owner::Fees => system_account(sql_text!("{SYSTEM} '{}' AND asset = ?2", AccountPurpose::Fees)),
        Owner::InFlight => system_account(sql_text!("{SYSTEM} '{}' AND asset = ?2", AccountPurpose::InFlight)),
    }
    .optional()
}

/// Opens an account; answers its internal id.
pub fn insert_account(
    conn: &Conn<'_>,
    application_id: i64,
    owner: Owner,
    asset_code: &str,
    now: Timestamp,
) -> sql::Result<i64> {
    conn.insert(
        "INSERT INTO accounts (public_id, application_id, purpose, customer_id, asset, status, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?7, ?6, ?6)",
        params![
            ids::prefixed("acc"),
            application_id,
            owner.purpose(),
            owner.customer_id(),
            asset_code,
            now.millis(),
            AccountStatus::Active
        ],
    )
}

/// An account's balance.
pub fn balance(conn: &Conn<'_>, account_id: i64) -> sql::Result<MinorUnit> {
    conn.query_row_cached("SELECT balance_minor FROM accounts WHERE id = ?1", [account_id], |r| r.get(0))
}

pub fn public_id(conn: &Conn<'_>, account_id: i64) -> sql::Result<String> {
    conn.query_row_cached("SELECT public_id FROM accounts WHERE id = ?1", [account_id], |r| r.get(0))
}

/// What a posting on an account is checked against: its application,
/// asset, purpose and balance.
pub struct Holder {
    pub application_id: i64,
    pub asset: String,
    pub purpose: AccountPurpose,
    pub balance: i64,
}

pub fn holder(conn: &Conn<'_>, account_id: i64) -> sql::Result<Holder> {
    conn.query_row_cached(
        "SELECT application_id, asset, purpose, balance_minor FROM accounts WHERE id = ?1",
        [account_id],
        |r| Ok(Holder { application_id: r.get(0)?, asset: r.get(1)?, purpose: r.get(2)?, balance: r.get(3)? }),
    )
}

/// Records an entry (its postings follow); answers its internal id.
pub fn insert_entry(
    conn: &Conn<'_>,
    public_id: &str,
    application_id: i64,
    kind: &str,
    reference: (&str, &str),
    now: Timestamp,
) -> sql::Result<i64> {
    conn.insert(
        "INSERT INTO ledger_entries (public_id, application_id, kind, reference_type, reference_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![public_id, application_id, kind, reference.0, reference.1, now.millis()],
    )
}

/// Records one posting of an entry and moves its account's balance by it.
pub fn insert_posting(
    conn: &Conn<'_>,
    entry_id: i64,
    account_id: i64,
    asset: &str,
    amount: MinorUnit,
    now: Timestamp,
) -> sql::Result<()> {
    conn.execute_cached(
        "INSERT INTO ledger_postings (entry_id, account_id, asset, amount_minor) VALUES (?1, ?2, ?3, ?4)",
        params![entry_id, account_id, asset, amount],
    )?;
    conn.execute_cached(
        "UPDATE accounts SET balance_minor = balance_minor + ?2, updated_at = ?3 WHERE id = ?1",
        params![account_id, amount, now.millis()],
    )?;
    Ok(())
}

/// What the entries of `reference` moved, per account and asset (accounts
/// they left as they were left out), by account. (The sum is cast back to
/// an integer: PostgreSQL's sum of BIGINTs is NUMERIC.)
pub fn net_of_reference(
    conn: &Conn<'_>,
    application_id: i64,
    reference: (&str, &str),
) -> sql::Result<Vec<(i64, String, MinorUnit)>> {
    conn.prepare_cached(
        "SELECT p.account_id, p.asset, CAST(SUM(p.amount_minor) AS BIGINT) FROM ledger_postings p
             JOIN ledger_entries e ON e.id = p.entry_id
         WHERE e.reference_type = ?1 AND e.reference_id = ?2 AND e.application_id = ?3
         GROUP BY p.account_id, p.asset HAVING SUM(p.amount_minor) <> 0 ORDER BY p.account_id",
    )?
    .query_map(params![reference.0, reference.1, application_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
    .collect()
}

/// How many entries do not balance per asset, how many balances differ
/// from the sum of their postings, and how many accounts but `external`
/// are below zero: each 0 in a sound ledger.
pub fn faults(conn: &Conn<'_>) -> sql::Result<(i64, i64, i64)> {
    let unbalanced = conn.query_row_cached(
        "SELECT COUNT(*) FROM (SELECT entry_id, asset FROM ledger_postings GROUP BY entry_id, asset
         HAVING SUM(amount_minor) <> 0) AS unbalanced",
        [],
        |r| r.get(0),
    )?;
    let drifted = conn.query_row_cached(
        "SELECT COUNT(*) FROM accounts a WHERE a.balance_minor <>
             (SELECT COALESCE(SUM(p.amount_minor), 0) FROM ledger_postings p WHERE p.account_id = a.id)",
        [],
        |r| r.get(0),
    )?;
    let negative = conn.query_row_cached(
        "SELECT COUNT(*) FROM accounts WHERE purpose <> ?1 AND balance_minor < 0",
        [AccountPurpose::External],
        |r| r.get(0),
    )?;
    Ok((unbalanced, drifted, negative))
}
