//! The transfer flow, the same for every kind: `pending` → `processing` →
//! `completed`, or `pending` → `failed`.
//!
//! Each kind is only a pair of ends. The source is `external` (value comes
//! from outside the ledger: fiat for a payin, a wallet for a bridge or a
//! swap) or the customer's account (a payout spends the customer's balance).
//! The destination is the customer's account (payin) or `external` (payout,
//! bridge, swap). The steps:
//! - created: a source that is the customer's account is charged at once
//!   (amount off the customer, fee to `fees`, the rest to the float), so a
//!   short balance is 422 `INSUFFICIENT_FUNDS` and nothing is stored;
//! - [`PROCESS_SECONDS`] later, `processing`: an external source arrives the
//!   same way (amount from `external`) and `on_ramp.completed` fires (the
//!   leg into the platform ended). An amount whose minor units end in
//!   [`FAIL_SUFFIX`] fails here instead, and a charged customer is refunded;
//! - [`COMPLETE_SECONDS`] after that, `completed`: the destination amount
//!   leaves the float for the destination, the network fee for `external`
//!   (paid to the chain); an external destination fires `off_ramp.completed`.
//!
//! Events name the resource `transfer_id`, or `fx_id` for a swap.

use payctl_wire::events::EventType;
use rusqlite::Connection;
use serde_json::json;

use crate::clock::Timestamp;
use crate::error::ApiError;
use crate::events::{self, Subject};
use crate::ledger::{self, Leg, Owner};
use crate::schedule;
use crate::store::transfers::{self, Row};

pub const PROCESS_SECONDS: i64 = 5;
pub const COMPLETE_SECONDS: i64 = 10;
/// Amounts whose minor units end in these digits fail (as transactions do).
pub const FAIL_SUFFIX: u64 = 13;
pub const FAILURE_REASON: &str = "rejected by the sandbox (amount ending in 13)";

pub const PROCESS: &str = "transfer.process";
pub const COMPLETE: &str = "transfer.complete";

/// Whether a kind's source is the customer's own balance (else `external`).
pub fn source_is_customer(kind: &str) -> bool {
    kind == "payout"
}

/// Whether a kind's destination is the customer's account (else `external`).
pub fn destination_is_customer(kind: &str) -> bool {
    kind == "payin"
}

/// The event subject kind: swaps are `fx`, so their events carry `fx_id`.
pub fn subject_kind(kind: &str) -> &'static str {
    if kind == "onchain_fx" { "fx" } else { "transfer" }
}

fn signed(v: u64) -> Result<i64, ApiError> {
    i64::try_from(v).map_err(|_| ApiError::internal("amount out of range"))
}

/// Posts the source leg (`direction` 1) or its refund (-1).
fn source_leg(conn: &Connection, t: &Row, direction: i64, kind: &str, at: Timestamp) -> Result<(), ApiError> {
    let (app, asset) = (t.application_id, t.source.asset.as_str());
    let from = if source_is_customer(&t.kind) { Owner::Customer(t.customer_id) } else { Owner::External };
    let amount = signed(t.source_amount_minor)?;
    let fee = signed(t.fee_minor)?;
    let legs = [
        Leg { account_id: ledger::account(conn, app, from, asset, at)?, asset, amount_minor: -amount * direction },
        Leg { account_id: ledger::account(conn, app, Owner::Fees, asset, at)?, asset, amount_minor: fee * direction },
        Leg {
            account_id: ledger::account(conn, app, Owner::Float, asset, at)?,
            asset,
            amount_minor: (amount - fee) * direction,
        },
    ];
    ledger::post(conn, app, kind, ("transfer", &t.public_id), &legs, at).map(drop)
}

fn event(conn: &Connection, t: &Row, event: EventType, at: Timestamp) -> Result<(), ApiError> {
    let data = json!({
        "kind": t.kind,
        "status": t.status,
        "source_asset": t.source.asset,
        "destination_asset": t.destination.asset,
        "source_amount_minor": t.source_amount_minor.to_string(),
        "destination_amount_minor": t.destination_amount_minor.to_string(),
    });
    let subject = Subject { kind: subject_kind(&t.kind), id: &t.public_id };
    events::record(conn, t.application_id, event, subject, &data, at).map(drop)
}

fn reload(conn: &Connection, t: &Row) -> Result<Row, ApiError> {
    transfers::find(conn, None, &t.public_id)?.ok_or_else(|| ApiError::internal("transfer vanished"))
}

/// Starts a stored transfer: charges a customer source, schedules processing.
pub fn start(conn: &Connection, t: &Row, now: Timestamp) -> Result<(), ApiError> {
    if source_is_customer(&t.kind) {
        source_leg(conn, t, 1, "transfer.source", now)?;
    }
    schedule::at(conn, PROCESS, &t.public_id, now.plus_seconds(PROCESS_SECONDS), now)
}

/// `pending` → `processing` (or `failed` for the magic amount).
pub fn process(conn: &Connection, t: &Row, at: Timestamp) -> Result<(), ApiError> {
    if t.source_amount_minor % 100 == FAIL_SUFFIX {
        if transfers::advance(conn, t.id, "pending", "failed", Some(FAILURE_REASON), at)? && source_is_customer(&t.kind)
        {
            source_leg(conn, t, -1, "transfer.refund", at)?;
        }
        return Ok(());
    }
    if !transfers::advance(conn, t.id, "pending", "processing", None, at)? {
        return Ok(());
    }
    let t = reload(conn, t)?;
    if !source_is_customer(&t.kind) {
        source_leg(conn, &t, 1, "transfer.source", at)?;
        event(conn, &t, EventType::OnRampCompleted, at)?;
    }
    schedule::at(conn, COMPLETE, &t.public_id, at.plus_seconds(COMPLETE_SECONDS), at)
}

/// `processing` → `completed`: the destination leg.
pub fn complete(conn: &Connection, t: &Row, at: Timestamp) -> Result<(), ApiError> {
    if !transfers::advance(conn, t.id, "processing", "completed", None, at)? {
        return Ok(());
    }
    let t = reload(conn, t)?;
    let (app, asset) = (t.application_id, t.destination.asset.as_str());
    let to = if destination_is_customer(&t.kind) { Owner::Customer(t.customer_id) } else { Owner::External };
    let out = signed(t.destination_amount_minor)?;
    let network_fee = signed(t.network_fee_minor)?;
    let legs = [
        Leg {
            account_id: ledger::account(conn, app, Owner::Float, asset, at)?,
            asset,
            amount_minor: -(out + network_fee),
        },
        Leg { account_id: ledger::account(conn, app, to, asset, at)?, asset, amount_minor: out },
        Leg { account_id: ledger::account(conn, app, Owner::External, asset, at)?, asset, amount_minor: network_fee },
    ];
    ledger::post(conn, app, "transfer.destination", ("transfer", &t.public_id), &legs, at)?;
    if !destination_is_customer(&t.kind) {
        event(conn, &t, EventType::OffRampCompleted, at)?;
    }
    Ok(())
}

/// The scheduled moves; a transfer that already moved on is left alone.
pub fn apply(conn: &Connection, kind: &str, public_id: &str, due: Timestamp) -> Result<(), ApiError> {
    let Some(t) = transfers::find(conn, None, public_id)? else { return Ok(()) };
    if kind == PROCESS { process(conn, &t, due) } else { complete(conn, &t, due) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{CachedSql, Db, Storage};
    use crate::store::transfers::Side;

    fn balance(conn: &Connection, app: i64, owner: Owner, asset: &str, now: Timestamp) -> i64 {
        let id = ledger::account(conn, app, owner, asset, now).unwrap();
        conn.query_row_cached("SELECT balance_minor FROM accounts WHERE id = ?1", [id], |r| r.get(0)).unwrap()
    }

    fn new_row(app: i64, customer: i64, kind: &str, amount: u64) -> Row {
        let chain = |asset: &str, network: &str| Side {
            asset: asset.to_owned(),
            network: Some(network.to_owned()),
            address: Some("a".to_owned()),
            beneficiary_id: None,
        };
        Row {
            id: 0,
            public_id: crate::ids::prefixed("tr"),
            application_id: app,
            kind: kind.to_owned(),
            status: "pending".to_owned(),
            customer_id: customer,
            customer_public_id: "c".to_owned(),
            quote_public_id: None,
            source: if kind == "payout" {
                Side { asset: "USDC".to_owned(), ..Side::default() }
            } else {
                chain("USDC", "ethereum")
            },
            destination: chain("USDT", "tron"),
            source_amount_minor: amount,
            fee_minor: 1_000,
            network_fee_minor: 500,
            destination_amount_minor: amount - 1_500,
            exchange_rate: "1".to_owned(),
            failure_reason: None,
            created_at: Timestamp::from_millis(0),
            updated_at: Timestamp::from_millis(0),
            completed_at: None,
        }
    }

    #[tokio::test]
    async fn every_step_balances_and_a_failure_refunds_exactly() {
        let (db, _t) = Db::open(&Storage::Memory).unwrap();
        db.write(|tx| {
            tx.execute_batch(
                "INSERT INTO partners (public_id, name, email, status, created_at, updated_at)
                     VALUES ('p', 'P', 'p@x.io', 'active', 0, 0);
                 INSERT INTO applications (public_id, partner_id, name, environment, status, created_at, updated_at)
                     VALUES ('a', 1, 'A', 'TEST', 'active', 0, 0);
                 INSERT INTO customers (public_id, application_id, type, legal_name, email, country,
                     verification_level, tax_id, kyb_status, created_at, updated_at)
                     VALUES ('c', 1, 'business', 'C', 'c@x.io', 'AE', 'standard', 'T', 'approved', 0, 0);",
            )?;
            let (app, customer, t0) = (1, 1, Timestamp::from_millis(0));
            let external = ledger::account(tx, app, Owner::External, "USDC", t0)?;
            let held = ledger::account(tx, app, Owner::Customer(customer), "USDC", t0)?;
            ledger::transfer(tx, app, "test", ("t", "0"), "USDC", external, held, 50_000_000, t0)?;

            // A swap: nothing at creation, the source at processing, the destination at completion.
            let swap = transfers::insert(tx, &new_row(app, customer, "onchain_fx", 10_000_000), t0)?;
            start(tx, &swap, t0)?;
            assert_eq!(balance(tx, app, Owner::Fees, "USDC", t0), 0);
            process(tx, &swap, t0)?;
            assert_eq!(balance(tx, app, Owner::Fees, "USDC", t0), 1_000);
            complete(tx, &transfers::find(tx, None, &swap.public_id)?.unwrap(), t0)?;
            let done = transfers::find(tx, None, &swap.public_id)?.unwrap();
            assert_eq!((done.status.as_str(), done.completed_at), ("completed", Some(t0)));
            ledger::verify(tx).map_err(ApiError::internal)?;

            // A payout charged at creation and failing (amount ending in 13) is refunded to the unit.
            let payout = transfers::insert(tx, &new_row(app, customer, "payout", 20_000_013), t0)?;
            start(tx, &payout, t0)?;
            assert_eq!(balance(tx, app, Owner::Customer(customer), "USDC", t0), 29_999_987);
            process(tx, &payout, t0)?;
            let failed = transfers::find(tx, None, &payout.public_id)?.unwrap();
            assert_eq!(failed.status, "failed");
            assert_eq!(balance(tx, app, Owner::Customer(customer), "USDC", t0), 50_000_000);
            assert_eq!(balance(tx, app, Owner::Fees, "USDC", t0), 1_000, "the failed payout's fee is returned");
            // Late moves on a final transfer do nothing.
            complete(tx, &failed, t0)?;
            process(tx, &failed, t0)?;
            assert_eq!(transfers::find(tx, None, &payout.public_id)?.unwrap().status, "failed");
            ledger::verify(tx).map_err(ApiError::internal)?;
            Ok(())
        })
        .await
        .unwrap();
    }
}
