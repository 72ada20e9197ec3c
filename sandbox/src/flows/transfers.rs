//! Transfers (spec 1, 2.11, 4.12): one state machine for every kind —
//! `payin`, `payout`, `bridge` and `onchain_fx` (swaps). `pending` →
//! `processing` → `completed`, or → `failed` from either.
//!
//! Each kind is a pair of ends. The source is `external` (value arrives
//! from outside: fiat for a payin, a wallet for a bridge or a swap) or the
//! customer's account (a payout spends the customer's balance). The
//! destination is the customer's account (payin) or `external` (payout,
//! bridge, swap). The steps, every one balanced per asset:
//! - created: a payout takes the amount from the customer into `in_flight`
//!   at once (a short balance is 422 `INSUFFICIENT_FUNDS`, nothing stored);
//!   the destination float must cover what will leave it (422 otherwise);
//!   `settlement.created`;
//! - [`PROCESS_SECONDS`] later, `processing`: an external source arrives
//!   into `in_flight` and `on_ramp.completed` fires. An amount whose minor
//!   units end in [`super::FAIL_SUFFIX`] fails here instead;
//! - [`COMPLETE_SECONDS`] after that, `completed`: out of `in_flight`, the
//!   fee to `fees` and the rest to the float; the destination amount and
//!   the network fee leave the destination float; an external destination
//!   fires `off_ramp.completed`; `settlement.completed`;
//! - `failed`: every posting of the transfer reversed (the customer, or the
//!   sender outside, gets the amount back); `settlement.failed`.

use payctl_domain::address::Network;
use payctl_domain::asset::Asset;
use payctl_domain::money::MinorUnit;
use payctl_domain::time::Timestamp;
use payctl_wire::error::ErrorCode;
use payctl_wire::events::EventType;

use super::events::Money;
use super::quotes;
use super::{Flow, FlowKind, Posting, Step, verification};
use crate::clock::Clocks;
use crate::db::Tx;
use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::ledger::Owner;
use crate::store;
use crate::store::transfers::{self, Row, Side};
use crate::{ids, quoting};

pub const PROCESS_SECONDS: i64 = 5;
pub const COMPLETE_SECONDS: i64 = 10;
pub const FAILURE_REASON: &str = "rejected by the sandbox (amount ending in 13)";

pub use payctl_domain::states::transfers::{Kind, KindRules, State};

pub use payctl_domain::states::transfers::Move;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trigger {
    Process,
    Complete,
    Fail(String),
}

impl Flow for Row {
    type State = State;
    const KIND: FlowKind = FlowKind::Transfer;

    fn application_id(&self) -> i64 {
        self.application_id
    }

    fn public_id(&self) -> &str {
        &self.public_id
    }

    fn save(&self, conn: &Conn<'_>, to: State, reason: Option<&str>, at: Timestamp) -> Result<bool, ApiError> {
        transfers::advance(conn, self.id, self.status, to, reason, at)
    }

    fn failure(&self, reason: &str, at: Timestamp) -> Option<Step<State>> {
        step(self, Trigger::Fail(reason.to_owned()), at)
    }
}

fn money(t: &Row) -> Money<'_> {
    Money {
        payment_type: t.kind.into(),
        source_asset: t.source.asset.code,
        source_amount: t.source_amount,
        fee: t.fee,
        destination_asset: t.destination.asset.code,
        destination_amount: t.destination_amount,
        customer_id: Some(&t.customer_public_id),
        beneficiary_id: t.destination.beneficiary_id.as_deref(),
        quote_id: t.quote_public_id.as_deref(),
        external_id: None,
    }
}

/// Into `in_flight` from the source: the customer's balance or outside.
fn take_source(t: &Row) -> Vec<Posting> {
    let from = if t.kind.spends_customer_balance() { Owner::Customer(t.customer_id) } else { Owner::External };
    vec![
        Posting::new(from, t.source.asset.code, -t.source_amount),
        Posting::new(Owner::InFlight, t.source.asset.code, t.source_amount),
    ]
}

/// The transition `trigger` makes, or `None` when it makes none.
pub fn step(t: &Row, trigger: Trigger, at: Timestamp) -> Option<Step<State>> {
    let fail = |reason: &str| {
        Step::to(State::Failed)
            .because(reason)
            .reverse_all("transfer.refund")
            .event(EventType::SettlementFailed, money(t).failed(reason, at))
    };
    match (t.status, trigger) {
        (State::Pending, Trigger::Process) if t.source_amount.ends_in(super::FAIL_SUFFIX) => Some(fail(FAILURE_REASON)),
        (State::Pending, Trigger::Process) => {
            let mut processing = Step::to(State::Processing)
                .schedule(super::Move::Transfer(Move::Complete), at.plus_seconds(COMPLETE_SECONDS));
            if !t.kind.spends_customer_balance() {
                processing = processing
                    .post("transfer.source", take_source(t))
                    .event(EventType::OnRampCompleted, money(t).leg_completed(at));
            }
            Some(processing)
        }
        (State::Processing, Trigger::Complete) => {
            let (src, dst) = (t.source.asset.code, t.destination.asset.code);
            let to = if t.kind.credits_customer() { Owner::Customer(t.customer_id) } else { Owner::External };
            // Checked when the transfer was created; a stored row that
            // overflows cannot be settled, so it fails like any step the
            // sandbox cannot carry out.
            let Ok(leaving) = t.destination_amount.checked_add(t.network_fee) else {
                return Some(fail("the sandbox could not complete the flow: the amount leaving is too large"));
            };
            let mut done = Step::to(State::Completed).post(
                "transfer.settlement",
                vec![
                    Posting::new(Owner::InFlight, src, -t.source_amount),
                    Posting::new(Owner::Fees, src, t.fee),
                    Posting::new(Owner::Float, src, t.net_amount),
                    Posting::new(Owner::Float, dst, -leaving),
                    Posting::new(to, dst, t.destination_amount),
                    Posting::new(Owner::External, dst, t.network_fee),
                ],
            );
            if !t.kind.credits_customer() {
                done = done.event(EventType::OffRampCompleted, money(t).leg_completed(at));
            }
            Some(done.event(EventType::SettlementCompleted, money(t).settled(at)))
        }
        (State::Pending | State::Processing, Trigger::Fail(reason)) => Some(fail(&reason)),
        (State::Processing | State::Completed | State::Failed, Trigger::Process) => None,
        (State::Pending | State::Completed | State::Failed, Trigger::Complete) => None,
        (State::Completed | State::Failed, Trigger::Fail(_)) => None,
    }
}

/// A scheduled move, dated `at`.
pub fn on_move(conn: &Tx<'_>, mv: Move, id: &str, at: Timestamp) -> Result<(), ApiError> {
    let Some(t) = transfers::find(conn, None, id)? else { return Ok(()) };
    let trigger = match mv {
        Move::Process => Trigger::Process,
        Move::Complete => Trigger::Complete,
    };
    match step(&t, trigger, at) {
        Some(s) => super::commit_or_fail(conn, &t, s, at),
        None => Ok(()),
    }
}

/// A validated transfer request (the shapes per kind are checked by the
/// handler; the rules that need the database are checked by [`create`]).
#[derive(Debug, Clone)]
pub struct NewTransfer {
    pub kind: Kind,
    pub customer_id: String,
    pub source: Side,
    pub source_asset: Asset,
    pub destination: Side,
    pub destination_asset: Asset,
    pub destination_network: Option<Network>,
    /// `None` when a quote gives it.
    pub amount: Option<MinorUnit>,
    pub quote_id: Option<String>,
}

/// Prices, stores and starts a transfer of application `app`.
pub fn create(conn: &Tx<'_>, clocks: &Clocks, app: i64, partner: i64, new: NewTransfer) -> Result<Row, ApiError> {
    let now = clocks.app_now(app);
    let customer = verification::require_verified(conn, clocks, app, &new.customer_id)?;
    if let Some(bid) = &new.destination.beneficiary_id {
        let sender = Some(new.customer_id.as_str());
        super::payee(conn, app, bid, sender, new.destination.asset, "destination.beneficiary_id")?;
    }
    let public_id = ids::prefixed(new.kind.id_prefix());
    let network_fee = quoting::network_fee(new.destination_network);
    let request = |amount: MinorUnit| quoting::Request {
        application_id: Some(app),
        partner_id: partner,
        customer_id: Some(&new.customer_id),
        source: new.source_asset,
        destination: new.destination_asset,
        amount,
        corridor_fee: None,
        network_fee,
        amount_field: "amount",
        pair_field: "destination.asset",
    };
    let (source_amount, fee, destination_amount, rate) = match &new.quote_id {
        Some(qid) => {
            let q = store::owned::<quotes::Row>(conn, app, qid)?;
            if q.source_asset != new.source.asset || q.destination_asset != new.destination.asset {
                return Err(ApiError::invalid_field(
                    "quote_id",
                    "invalid",
                    format!("the quote prices {} to {}, not this transfer's pair", q.source_asset, q.destination_asset),
                ));
            }
            if new.amount.is_some_and(|a| a != q.source_amount) {
                return Err(ApiError::invalid_field(
                    "amount",
                    "invalid",
                    "differs from the quote's amount; leave it out",
                ));
            }
            let delivered = q.destination_amount.checked_sub(network_fee).map_err(ApiError::internal)?;
            if !delivered.is_positive() {
                // Priced now only to name the smallest amount that works.
                quoting::price(conn, &request(q.source_amount))?;
                return Err(ApiError::new(
                    ErrorCode::InvalidAmount,
                    format!(
                        "the quote's destination amount does not cover the network fee of {network_fee} minor units"
                    ),
                ));
            }
            let q = quotes::consume(conn, &q, &public_id, now)?;
            (q.source_amount, q.fee, delivered, q.rate)
        }
        None => {
            let amount = new.amount.ok_or_else(|| ApiError::internal("a transfer without amount or quote"))?;
            let p = quoting::price(conn, &request(amount))?;
            (p.source_amount, p.fee, p.destination_amount, p.exchange_rate)
        }
    };
    let leaving = destination_amount.checked_add(network_fee).map_err(ApiError::internal)?;
    super::require_funds(
        conn,
        app,
        Owner::Float,
        new.destination.asset.code,
        leaving,
        "this transfer's destination",
        now,
    )?;
    let row = transfers::NewRow {
        public_id: &public_id,
        application_id: app,
        kind: new.kind,
        customer_id: customer.id,
        quote_public_id: new.quote_id.as_deref(),
        source: &new.source,
        destination: &new.destination,
        source_amount,
        fee,
        network_fee,
        destination_amount,
        exchange_rate: rate,
    };
    let t = transfers::insert(conn, &row, now)?;
    let mut start = Step::to(State::Pending)
        .event(EventType::SettlementCreated, money(&t).created(now))
        .schedule(super::Move::Transfer(Move::Process), now.plus_seconds(PROCESS_SECONDS));
    if t.kind.spends_customer_balance() {
        start = start.post("transfer.source", take_source(&t));
    }
    super::start(conn, &t, start, now)?;
    Ok(t)
}
