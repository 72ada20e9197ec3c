//! Transactions (spec 2.8, 4.3): value paid to a beneficiary on an
//! accepted quote.
//!
//! States: `PENDING` → `PROCESSING` → `COMPLETED` | `FAILED` (`FAILED` also
//! straight from `PENDING`). Without intervention a transaction becomes
//! `PROCESSING` [`PROCESS_AFTER_SECONDS`] and ends [`SETTLE_AFTER_SECONDS`]
//! after its creation, on its application's clock: `FAILED` when its source
//! amount ends in [`super::FAIL_SUFFIX`] (the documented magic value), else
//! `COMPLETED`.
//!
//! Ledger, in the quote's source asset:
//! - creation (`transaction.hold`): the float pays the source amount into
//!   `in_flight` (a float that cannot cover it is 422 `INSUFFICIENT_FUNDS`
//!   and nothing is stored);
//! - `COMPLETED` (`transaction.settlement`): out of `in_flight`, the fee to
//!   `fees` and the rest to `external` (paid out on the rail);
//! - `FAILED` (`transaction.refund`): the hold reversed, so the float gets
//!   the whole source amount back.

use payctl_domain::time::Timestamp;
use payctl_wire::error::ErrorCode;
use payctl_wire::events::{EventType, PaymentType};

use super::events::Money;
use super::quotes;
use super::{Flow, FlowKind, Posting, Step, verification};
use crate::clock::Clocks;
use crate::db::Tx;
use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::ids;
use crate::ledger::Owner;
use crate::store;
use crate::store::transactions::{self, NewRow, Row};

pub const PROCESS_AFTER_SECONDS: i64 = 5;
pub const SETTLE_AFTER_SECONDS: i64 = 30;
pub const MAGIC_FAILURE_REASON: &str = "payout rejected by the beneficiary's bank (sandbox: amount ending in 13)";
pub const DEFAULT_FAILURE_REASON: &str = "failed by the sandbox simulation";

pub use payctl_domain::states::transactions::State;

pub use payctl_domain::states::transactions::Move;

/// What can happen to a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trigger {
    /// Scheduled: `PENDING` → `PROCESSING`.
    Process,
    /// Scheduled: the end, by the magic-amount rule.
    Settle,
    /// By hand: settle now.
    Complete,
    /// By hand (or when the settlement cannot be made): fail with a reason.
    Fail(String),
}

impl Flow for Row {
    type State = State;
    const KIND: FlowKind = FlowKind::Transaction;

    fn application_id(&self) -> i64 {
        self.application_id
    }

    fn public_id(&self) -> &str {
        &self.public_id
    }

    fn save(&self, conn: &Conn<'_>, to: State, reason: Option<&str>, at: Timestamp) -> Result<bool, ApiError> {
        transactions::advance(conn, self.id, self.state, to, reason, at)
    }

    fn failure(&self, reason: &str, at: Timestamp) -> Option<Step<State>> {
        step(self, Trigger::Fail(reason.to_owned()), at)
    }
}

fn money(t: &Row) -> Money<'_> {
    Money {
        payment_type: PaymentType::Transaction,
        source_asset: &t.source_asset,
        source_amount: t.source_amount,
        fee: t.fee,
        destination_asset: &t.destination_asset,
        destination_amount: t.destination_amount,
        customer_id: Some(&t.customer_id),
        beneficiary_id: Some(&t.beneficiary_id),
        quote_id: Some(&t.quote_id),
        external_id: Some(&t.external_id),
    }
}

/// The transition `trigger` makes from the transaction's state, or `None`
/// when it makes none (a final transaction, a move that came too late).
pub fn step(t: &Row, trigger: Trigger, at: Timestamp) -> Option<Step<State>> {
    let asset = t.source_asset.as_str();
    let settle = |t: &Row| {
        Step::to(State::Completed)
            .post(
                "transaction.settlement",
                vec![
                    Posting::new(Owner::InFlight, asset, -t.source_amount),
                    Posting::new(Owner::Fees, asset, t.fee),
                    Posting::new(Owner::External, asset, t.net_amount),
                ],
            )
            .event(EventType::SettlementCompleted, money(t).settled(at))
    };
    let fail = |t: &Row, reason: &str| {
        Step::to(State::Failed)
            .because(reason)
            .reverse_all("transaction.refund")
            .event(EventType::SettlementFailed, money(t).failed(reason, at))
    };
    match (t.state, trigger) {
        (State::Pending, Trigger::Process) => Some(Step::to(State::Processing)),
        (State::Processing | State::Completed | State::Failed, Trigger::Process) => None,
        (State::Pending | State::Processing, Trigger::Settle) if t.source_amount.ends_in(super::FAIL_SUFFIX) => {
            Some(fail(t, MAGIC_FAILURE_REASON))
        }
        (State::Pending | State::Processing, Trigger::Settle | Trigger::Complete) => Some(settle(t)),
        (State::Pending | State::Processing, Trigger::Fail(reason)) => Some(fail(t, &reason)),
        (State::Completed | State::Failed, Trigger::Settle | Trigger::Complete | Trigger::Fail(_)) => None,
    }
}

/// A scheduled move, dated `at`.
pub fn on_move(conn: &Tx<'_>, mv: Move, id: &str, at: Timestamp) -> Result<(), ApiError> {
    let Some(t) = transactions::find(conn, None, id)? else { return Ok(()) };
    let trigger = match mv {
        Move::Process => Trigger::Process,
        Move::Settle => Trigger::Settle,
    };
    match step(&t, trigger, at) {
        Some(s) => super::commit_or_fail(conn, &t, s, at),
        None => Ok(()),
    }
}

/// Ends a transaction by hand (the simulation routes): its moves already
/// due are applied first, so one that settled by itself answers 409.
pub fn finish(conn: &Tx<'_>, clocks: &Clocks, scope: Option<i64>, id: &str, trigger: Trigger) -> Result<Row, ApiError> {
    let t = super::current::<Row>(conn, clocks, scope, id)?;
    let at = clocks.app_now(t.application_id);
    let step = step(&t, trigger, at).ok_or_else(|| {
        ApiError::conflict(
            ErrorCode::Conflict,
            format!(
                "transaction {} is already {}; only a PENDING or PROCESSING one can end",
                t.public_id,
                t.state.as_str()
            ),
        )
    })?;
    super::commit(conn, &t, step, at)?;
    super::reread(conn, &t)
}

/// Creates a `PENDING` transaction of application `app` paying `quote_id`'s
/// destination amount to `beneficiary_id`, consuming the quote.
///
/// The quote must be the caller's, `ACCEPTED`, unused and within its lock.
/// The beneficiary must be the caller's, receive the quote's destination
/// asset and, when the quote names a customer, belong to that customer. The
/// sender (the quote's customer, or else the beneficiary's owner) must have
/// passed verification.
pub fn create(conn: &Tx<'_>, clocks: &Clocks, app: i64, quote_id: &str, beneficiary_id: &str) -> Result<Row, ApiError> {
    let now = clocks.app_now(app);
    let quote = store::owned::<quotes::Row>(conn, app, quote_id)?;
    let sender = quote.customer_public_id.as_deref();
    let beneficiary = super::payee(conn, app, beneficiary_id, sender, quote.destination_asset, "beneficiary_id")?;
    verification::require_verified(conn, clocks, app, &beneficiary.customer_id)?;
    let public_id = ids::uuid();
    let quote = quotes::consume(conn, &quote, &public_id, now)?;
    let t = transactions::insert(
        conn,
        &NewRow {
            public_id: &public_id,
            external_id: &ids::prefixed("txn"),
            application_id: app,
            quote_id: quote.id,
            beneficiary_id,
            source_asset: quote.source_asset.code,
            destination_asset: quote.destination_asset.code,
            source_amount: quote.source_amount,
            fee: quote.fee,
            destination_amount: quote.destination_amount,
            exchange_rate: quote.rate,
        },
        now,
    )?;
    let asset = t.source_asset.as_str();
    let start = Step::to(State::Pending)
        .post(
            "transaction.hold",
            vec![
                Posting::new(Owner::Float, asset, -t.source_amount),
                Posting::new(Owner::InFlight, asset, t.source_amount),
            ],
        )
        .event(EventType::SettlementCreated, money(&t).created(now))
        .schedule(super::Move::Transaction(Move::Process), now.plus_seconds(PROCESS_AFTER_SECONDS))
        .schedule(super::Move::Transaction(Move::Settle), now.plus_seconds(SETTLE_AFTER_SECONDS));
    super::start(conn, &t, start, now)?;
    Ok(t)
}
