//! Transactions (spec 2.8, 4.3): value moved on an accepted quote to a
//! beneficiary, with its state machine, ledger postings and events.
//!
//! States: `PENDING` → `PROCESSING` → `COMPLETED` | `FAILED` (`FAILED` also
//! straight from `PENDING`). Each step changes the row, posts to the ledger
//! and records its event in one write transaction, so none can happen
//! without the others.
//!
//! Ledger, in the source asset of the quote:
//! - creation (`transaction.payout`): the application's float pays the whole
//!   source amount; the fee goes to `fees` and the net amount to `external`
//!   (committed to the payout rail). A float that cannot cover it is 422
//!   `INSUFFICIENT_FUNDS` and nothing is stored;
//! - `COMPLETED`: no posting (the value already left);
//! - `FAILED` (`transaction.refund`): the exact reverse, so the float gets
//!   the whole source amount back, fee included.
//!
//! Without intervention a transaction moves to `PROCESSING`
//! [`PROCESS_AFTER_SECONDS`] and ends [`SETTLE_AFTER_SECONDS`] after its
//! creation (sandbox time): `FAILED` when its source amount ends in
//! [`FAIL_SUFFIX`] (the documented magic value), else `COMPLETED`.

use payctl_wire::error::ErrorCode;
use payctl_wire::events::EventType;
use payctl_wire::page::TransactionPage;
use payctl_wire::transactions::Transaction;
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::json;

use super::quotes;
use crate::clock::Timestamp;
use crate::db::CachedSql;
use crate::error::ApiError;
use crate::events::{self, Subject};
use crate::http::pagination::PageRequest;
use crate::ids;
use crate::ledger::{self, Leg, Owner};
use crate::schedule;

pub const PROCESS_AFTER_SECONDS: i64 = 5;
pub const SETTLE_AFTER_SECONDS: i64 = 30;
/// A source amount whose last two digits are these fails on its own.
pub const FAIL_SUFFIX: u64 = 13;
pub const MAGIC_FAILURE_REASON: &str = "payout rejected by the beneficiary's bank (sandbox: amount ending in 13)";
pub const DEFAULT_FAILURE_REASON: &str = "failed by the sandbox simulation";
/// Scheduled moves.
pub const PROCESS: &str = "transaction.process";
pub const SETTLE: &str = "transaction.settle";

/// A stored transaction with what the ledger needs.
pub struct Row {
    pub id: i64,
    pub application_id: i64,
    pub source_amount_minor: u64,
    pub fee_minor: u64,
    pub transaction: Transaction,
}

const SELECT: &str = "SELECT t.id, t.application_id, t.public_id, t.external_id, t.state, q.public_id, b.public_id,
        t.source_asset, t.destination_asset, t.source_amount_minor, t.fee_minor, t.destination_amount_minor,
        t.exchange_rate, t.failure_reason, t.created_at, t.updated_at, t.completed_at
    FROM transactions t JOIN quotes q ON q.id = t.quote_id JOIN beneficiaries b ON b.id = t.beneficiary_id";

fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    let source: i64 = r.get(9)?;
    let fee: i64 = r.get(10)?;
    let destination: i64 = r.get(11)?;
    Ok(Row {
        id: r.get(0)?,
        application_id: r.get(1)?,
        source_amount_minor: source.unsigned_abs(),
        fee_minor: fee.unsigned_abs(),
        transaction: Transaction {
            id: r.get(2)?,
            external_id: r.get(3)?,
            state: r.get(4)?,
            quote_id: r.get(5)?,
            beneficiary_id: r.get(6)?,
            source_asset: r.get(7)?,
            destination_asset: r.get(8)?,
            source_amount_minor: source.to_string(),
            fee_minor: fee.to_string(),
            destination_amount_minor: destination.to_string(),
            exchange_rate: r.get(12)?,
            failure_reason: r.get(13)?,
            created_at: super::iso_at(r.get(14)?),
            updated_at: super::iso_at(r.get(15)?),
            completed_at: super::iso(r.get(16)?),
        },
    })
}

/// A transaction by id or `external_id`, limited to one application unless
/// `None` (the sandbox operator).
pub fn find(conn: &Connection, application_id: Option<i64>, id: &str) -> Result<Option<Row>, ApiError> {
    let sql =
        format!("{SELECT} WHERE (t.public_id = ?1 OR t.external_id = ?1) AND (?2 IS NULL OR t.application_id = ?2)");
    Ok(conn.query_row_cached(&sql, params![id, application_id], from_row).optional()?)
}

pub fn list(
    conn: &Connection,
    application_id: i64,
    page: &PageRequest,
) -> Result<TransactionPage<Transaction>, ApiError> {
    let sql = format!(
        "{SELECT} WHERE t.application_id = ?1 AND (?2 IS NULL OR t.public_id < ?2) ORDER BY t.public_id DESC LIMIT ?3"
    );
    let rows = conn
        .prepare_cached(&sql)?
        .query_map(params![application_id, page.before, page.fetch()], |r| from_row(r).map(|r| r.transaction))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(page.transaction_page(rows, |t| &t.id))
}

/// Creates a `PENDING` transaction on `quote` (consumed here, exactly once)
/// to the beneficiary `beneficiary_public_id` (already checked to be the
/// application's), pays it out of the float and schedules its progress.
pub fn create(
    conn: &Connection,
    quote: &quotes::Row,
    beneficiary_public_id: &str,
    now: Timestamp,
) -> Result<Transaction, ApiError> {
    let public_id = ids::uuid();
    let app = quote.application_id;
    quotes::consume(conn, quote, &public_id, now)?;
    conn.execute_cached(
        "INSERT INTO transactions (public_id, external_id, application_id, quote_id, beneficiary_id, state,
             source_asset, destination_asset, source_amount_minor, fee_minor, destination_amount_minor,
             exchange_rate, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, (SELECT id FROM beneficiaries WHERE application_id = ?3 AND public_id = ?5),
             'PENDING', ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12)",
        params![
            public_id,
            ids::prefixed("txn"),
            app,
            quote.id,
            beneficiary_public_id,
            quote.source_asset,
            quote.destination_asset,
            quote.source_amount_minor as i64,
            quote.fee_minor as i64,
            quote.destination_amount_minor as i64,
            quote.rate,
            now.millis()
        ],
    )?;
    let row = find(conn, Some(app), &public_id)?.ok_or_else(|| ApiError::internal("transaction vanished"))?;
    post(conn, &row, "transaction.payout", 1, now)?;
    schedule::at(conn, PROCESS, &public_id, now.plus_seconds(PROCESS_AFTER_SECONDS), now)?;
    schedule::at(conn, SETTLE, &public_id, now.plus_seconds(SETTLE_AFTER_SECONDS), now)?;
    record(conn, &row.transaction, app, EventType::SettlementCreated, json!({"status": "PENDING"}), now)?;
    Ok(row.transaction)
}

/// The payout entry (`sign` 1) or its exact reverse (`sign` -1).
fn post(conn: &Connection, row: &Row, kind: &str, sign: i64, now: Timestamp) -> Result<(), ApiError> {
    let (app, asset) = (row.application_id, row.transaction.source_asset.as_str());
    let float = ledger::account(conn, app, Owner::Float, asset, now)?;
    let fees = ledger::account(conn, app, Owner::Fees, asset, now)?;
    let external = ledger::account(conn, app, Owner::External, asset, now)?;
    let source = row.source_amount_minor as i64;
    let fee = row.fee_minor as i64;
    ledger::post(
        conn,
        app,
        kind,
        ("transaction", &row.transaction.id),
        &[
            Leg { account_id: float, asset, amount_minor: -sign * source },
            Leg { account_id: fees, asset, amount_minor: sign * fee },
            Leg { account_id: external, asset, amount_minor: sign * (source - fee) },
        ],
        now,
    )?;
    Ok(())
}

/// Records a settlement event whose data carries the transaction's ids and
/// amounts plus `extra`.
fn record(
    conn: &Connection,
    t: &Transaction,
    application_id: i64,
    event: EventType,
    extra: serde_json::Value,
    now: Timestamp,
) -> Result<(), ApiError> {
    let mut data = json!({
        "transaction_id": t.id,
        "external_id": t.external_id,
        "quote_id": t.quote_id,
        "beneficiary_id": t.beneficiary_id,
        "source_asset": t.source_asset,
        "destination_asset": t.destination_asset,
        "source_amount_minor": t.source_amount_minor,
        "fee_minor": t.fee_minor,
        "destination_amount_minor": t.destination_amount_minor,
    });
    if let (Some(map), serde_json::Value::Object(more)) = (data.as_object_mut(), extra) {
        map.extend(more);
    }
    events::record(conn, application_id, event, Subject { kind: "transaction", id: &t.id }, &data, now)?;
    Ok(())
}

fn is_final(state: &str) -> bool {
    matches!(state, "COMPLETED" | "FAILED")
}

fn reread(conn: &Connection, row: &Row) -> Result<Transaction, ApiError> {
    find(conn, Some(row.application_id), &row.transaction.id)?
        .map(|r| r.transaction)
        .ok_or_else(|| ApiError::internal("transaction vanished"))
}

/// Ends a transaction `COMPLETED` (settled) as of `at`; 409 from a final state.
pub fn complete(conn: &Connection, row: &Row, at: Timestamp) -> Result<Transaction, ApiError> {
    finish(conn, row, None, at)
}

/// Ends a transaction `FAILED` as of `at`, refunding the float; 409 from a
/// final state.
pub fn fail(conn: &Connection, row: &Row, reason: &str, at: Timestamp) -> Result<Transaction, ApiError> {
    finish(conn, row, Some(reason), at)
}

fn finish(conn: &Connection, row: &Row, failure: Option<&str>, at: Timestamp) -> Result<Transaction, ApiError> {
    let t = &row.transaction;
    if is_final(&t.state) {
        return Err(ApiError::conflict(
            ErrorCode::Conflict,
            format!("transaction {} is already {}; only a PENDING or PROCESSING one can end", t.id, t.state),
        ));
    }
    let (state, completed_at) = match failure {
        Some(_) => ("FAILED", None),
        None => ("COMPLETED", Some(at.millis())),
    };
    conn.execute_cached(
        "UPDATE transactions SET state = ?2, failure_reason = ?3, completed_at = ?4, updated_at = ?5 WHERE id = ?1",
        params![row.id, state, failure, completed_at, at.millis()],
    )?;
    let done = reread(conn, row)?;
    match failure {
        Some(reason) => {
            post(conn, row, "transaction.refund", -1, at)?;
            let extra = json!({"status": "FAILED", "reason": reason, "failed_at": at.to_rfc3339()});
            record(conn, &done, row.application_id, EventType::SettlementFailed, extra, at)?;
        }
        None => {
            let extra = json!({"status": "SETTLED", "settled_at": at.to_rfc3339()});
            record(conn, &done, row.application_id, EventType::SettlementCompleted, extra, at)?;
        }
    }
    Ok(done)
}

/// Scheduled: `PENDING` → `PROCESSING`; a no-op once it moved on.
pub fn auto_process(conn: &Connection, public_id: &str, at: Timestamp) -> Result<(), ApiError> {
    conn.execute_cached(
        "UPDATE transactions SET state = 'PROCESSING', updated_at = ?2 WHERE public_id = ?1 AND state = 'PENDING'",
        params![public_id, at.millis()],
    )?;
    Ok(())
}

/// Scheduled: ends a transaction still in flight, by the magic-amount rule.
pub fn auto_settle(conn: &Connection, public_id: &str, at: Timestamp) -> Result<(), ApiError> {
    let Some(row) = find(conn, None, public_id)? else { return Ok(()) };
    if is_final(&row.transaction.state) {
        return Ok(());
    }
    if row.source_amount_minor % 100 == FAIL_SUFFIX {
        fail(conn, &row, MAGIC_FAILURE_REASON, at)?;
    } else {
        complete(conn, &row, at)?;
    }
    Ok(())
}
