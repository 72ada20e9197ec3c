//! The payment flow (spec 2.9): `awaiting_funds` → `funds_received` →
//! `settled`, or `awaiting_funds` → `expired`.
//!
//! - Funds land by `POST /sandbox/payments/{id}/fund` or by themselves
//!   [`AUTO_FUND_SECONDS`] after creation, unless the amount's minor units
//!   end in [`NO_AUTO_FUND_SUFFIX`] (the magic value to reach `expired`).
//!   The ledger credits the customer's account from `external`; events
//!   `on_ramp.completed` and `settlement.created`.
//! - Settlement follows [`SETTLE_SECONDS`] later: the customer's source
//!   funds are converted at the quote's rate (fee to `fees`, net to the
//!   float, destination amount from the float to the customer); event
//!   `settlement.completed` with data.status `SETTLED` and `settled_at`.
//! - A payment still awaiting funds [`EXPIRY_SECONDS`] after creation expires.

use payctl_wire::events::EventType;
use rusqlite::Connection;
use serde_json::json;

use crate::clock::Timestamp;
use crate::error::ApiError;
use crate::events::{self, Subject};
use crate::ledger::{self, Leg, Owner};
use crate::schedule;
use crate::store::payments::{self, Row};

pub const AUTO_FUND_SECONDS: i64 = 30;
pub const SETTLE_SECONDS: i64 = 10;
pub const EXPIRY_SECONDS: i64 = 24 * 60 * 60;
/// Amounts whose minor units end in these digits are never funded by themselves.
pub const NO_AUTO_FUND_SUFFIX: u64 = 99;

pub const FUND: &str = "payment.fund";
pub const SETTLE: &str = "payment.settle";
pub const EXPIRE: &str = "payment.expire";

fn as_i64(v: u64) -> Result<i64, ApiError> {
    i64::try_from(v).map_err(|_| ApiError::internal("amount out of range"))
}

/// Schedules the automatic moves of a payment created at `now`.
pub fn schedule_new(conn: &Connection, row: &Row, now: Timestamp) -> Result<(), ApiError> {
    let id = &row.payment.id;
    if row.source_amount_minor % 100 != NO_AUTO_FUND_SUFFIX {
        schedule::at(conn, FUND, id, now.plus_seconds(AUTO_FUND_SECONDS), now)?;
    }
    schedule::at(conn, EXPIRE, id, now.plus_seconds(EXPIRY_SECONDS), now)
}

fn event(
    conn: &Connection,
    row: &Row,
    kind: EventType,
    data: serde_json::Value,
    at: Timestamp,
) -> Result<(), ApiError> {
    let subject = Subject { kind: "payment", id: &row.payment.id };
    events::record(conn, row.application_id, kind, subject, &data, at).map(drop)
}

/// `awaiting_funds` → `funds_received`; false if the payment was elsewhere.
pub fn fund(conn: &Connection, row: &Row, at: Timestamp) -> Result<bool, ApiError> {
    if !payments::advance(conn, row.id, "awaiting_funds", "funds_received", "funds_received_at", at)? {
        return Ok(false);
    }
    let p = &row.payment;
    let app = row.application_id;
    let external = ledger::account(conn, app, Owner::External, &p.source_currency, at)?;
    let customer = ledger::account(conn, app, Owner::Customer(row.customer_id), &p.source_currency, at)?;
    let reference = ("payment", p.id.as_str());
    ledger::transfer(
        conn,
        app,
        "payment.funds",
        reference,
        &p.source_currency,
        external,
        customer,
        row.source_amount_minor,
        at,
    )?;
    let amount = json!({"amount": p.source_amount, "currency": p.source_currency, "reference": p.collection_instructions.reference});
    event(
        conn,
        row,
        EventType::OnRampCompleted,
        json!({"status": "FUNDS_RECEIVED", "received": amount, "received_at": at.to_rfc3339()}),
        at,
    )?;
    event(
        conn,
        row,
        EventType::SettlementCreated,
        json!({"status": "PENDING", "source_amount": p.source_amount, "source_currency": p.source_currency, "destination_amount": p.destination_amount, "destination_currency": p.destination_currency}),
        at,
    )?;
    schedule::at(conn, SETTLE, &p.id, at.plus_seconds(SETTLE_SECONDS), at)?;
    Ok(true)
}

/// `funds_received` → `settled`: converts the customer's funds at the quote.
pub fn settle(conn: &Connection, row: &Row, at: Timestamp) -> Result<bool, ApiError> {
    if !payments::advance(conn, row.id, "funds_received", "settled", "settled_at", at)? {
        return Ok(false);
    }
    let p = &row.payment;
    let app = row.application_id;
    let (src, dst) = (p.source_currency.as_str(), p.destination_currency.as_str());
    let legs = [
        Leg {
            account_id: ledger::account(conn, app, Owner::Customer(row.customer_id), src, at)?,
            asset: src,
            amount_minor: -as_i64(row.source_amount_minor)?,
        },
        Leg {
            account_id: ledger::account(conn, app, Owner::Fees, src, at)?,
            asset: src,
            amount_minor: as_i64(row.fee_minor)?,
        },
        Leg {
            account_id: ledger::account(conn, app, Owner::Float, src, at)?,
            asset: src,
            amount_minor: as_i64(row.source_amount_minor - row.fee_minor)?,
        },
        Leg {
            account_id: ledger::account(conn, app, Owner::Float, dst, at)?,
            asset: dst,
            amount_minor: -as_i64(row.destination_amount_minor)?,
        },
        Leg {
            account_id: ledger::account(conn, app, Owner::Customer(row.customer_id), dst, at)?,
            asset: dst,
            amount_minor: as_i64(row.destination_amount_minor)?,
        },
    ];
    ledger::post(conn, app, "payment.settlement", ("payment", &p.id), &legs, at)?;
    let data = json!({"status": "SETTLED", "settled_at": at.to_rfc3339(), "destination_amount": p.destination_amount, "destination_currency": dst});
    event(conn, row, EventType::SettlementCompleted, data, at)?;
    Ok(true)
}

/// `awaiting_funds` → `expired`.
pub fn expire(conn: &Connection, row: &Row, at: Timestamp) -> Result<bool, ApiError> {
    payments::advance(conn, row.id, "awaiting_funds", "expired", "expired_at", at)
}

/// The scheduled moves; a payment that already moved on is left alone.
pub fn apply(conn: &Connection, kind: &str, public_id: &str, due: Timestamp) -> Result<(), ApiError> {
    let Some(row) = payments::find(conn, None, public_id)? else { return Ok(()) };
    match kind {
        FUND => fund(conn, &row, due),
        SETTLE => settle(conn, &row, due),
        _ => expire(conn, &row, due),
    }
    .map(drop)
}
