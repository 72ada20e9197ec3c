//! Reading the ledger back: the postings of one flow or one account, and
//! every account of an application with its balance. Postings are made by
//! `ledger`.

use payctl_domain::time::Timestamp;
use rusqlite::params;

use crate::db::sql::{Conn, Row};
use crate::error::ApiError;

/// One posting, with its entry and its account.
#[derive(Debug, Clone)]
pub struct Line {
    pub entry_id: String,
    /// What moved the value, e.g. `transaction.settled`.
    pub kind: String,
    pub reference_type: String,
    pub reference_id: String,
    pub at: Timestamp,
    pub account_id: String,
    pub purpose: String,
    pub asset: String,
    pub amount_minor: i64,
}

const SELECT_LINES: &str = "SELECT e.public_id, e.kind, e.reference_type, e.reference_id, e.created_at,
        a.public_id, a.purpose, p.asset, p.amount_minor
    FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id JOIN accounts a ON a.id = p.account_id";

fn line(r: &Row<'_>) -> rusqlite::Result<Line> {
    Ok(Line {
        entry_id: r.get(0)?,
        kind: r.get(1)?,
        reference_type: r.get(2)?,
        reference_id: r.get(3)?,
        at: Timestamp::from_millis(r.get(4)?),
        account_id: r.get(5)?,
        purpose: r.get(6)?,
        asset: r.get(7)?,
        amount_minor: r.get(8)?,
    })
}

/// The postings a flow made (`reference_type` transaction, payment or
/// transfer), oldest first.
pub fn for_reference(
    conn: &Conn<'_>,
    application_id: i64,
    reference_type: &str,
    reference_id: &str,
) -> Result<Vec<Line>, ApiError> {
    let sql = format!(
        "{SELECT_LINES} WHERE e.reference_type = ?1 AND e.reference_id = ?2 AND e.application_id = ?3
         ORDER BY e.id, p.id"
    );
    Ok(conn
        .prepare_cached(&sql)?
        .query_map(params![reference_type, reference_id, application_id], line)?
        .collect::<Result<_, _>>()?)
}

/// An account's newest postings, at most `limit`.
pub fn for_account(conn: &Conn<'_>, application_id: i64, account_id: &str, limit: i64) -> Result<Vec<Line>, ApiError> {
    let sql = format!("{SELECT_LINES} WHERE a.public_id = ?1 AND a.application_id = ?2 ORDER BY p.id DESC LIMIT ?3");
    Ok(conn
        .prepare_cached(&sql)?
        .query_map(params![account_id, application_id, limit], line)?
        .collect::<Result<_, _>>()?)
}

/// A ledger account of an application with its balance.
#[derive(Debug, Clone)]
pub struct Balance {
    pub account_id: String,
    pub purpose: String,
    pub asset: String,
    pub balance_minor: i64,
    /// The customer of a `customer` account.
    pub customer_id: Option<String>,
    pub label: Option<String>,
}

/// Every ledger account of the application, the `external` mirror
/// included, by purpose and asset.
pub fn balances(conn: &Conn<'_>, application_id: i64) -> Result<Vec<Balance>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT a.public_id, a.purpose, a.asset, a.balance_minor, c.public_id, a.label
             FROM accounts a LEFT JOIN customers c ON c.id = a.customer_id
             WHERE a.application_id = ?1 ORDER BY a.purpose, a.asset, a.public_id",
        )?
        .query_map([application_id], |r| {
            Ok(Balance {
                account_id: r.get(0)?,
                purpose: r.get(1)?,
                asset: r.get(2)?,
                balance_minor: r.get(3)?,
                customer_id: r.get(4)?,
                label: r.get(5)?,
            })
        })?
        .collect::<Result<_, _>>()?)
}
