//! Payments (spec 2.9): fiat collected on a virtual IBAN and converted at
//! an accepted legacy quote.
//!
//! States: `awaiting_funds` → `funds_received` → `settled`; or
//! `awaiting_funds` → `expired` (no funds by `pay_by`); or → `failed` (the
//! settlement could not be made; the funds go back to the payer).
//!
//! - Funds land by `POST /sandbox/payments/{id}/fund` or by themselves
//!   [`AUTO_FUND_SECONDS`] after creation, unless the amount's minor units
//!   end in [`NO_AUTO_FUND_SUFFIX`] (the magic value to reach `expired`):
//!   `external` → `in_flight` in the source asset; `on_ramp.completed`.
//! - Settlement follows [`SETTLE_SECONDS`] later: out of `in_flight`, the
//!   fee to `fees` and the rest to the float; the destination amount from
//!   the float to the customer's account; `settlement.completed`.
//! - A payment still awaiting funds [`EXPIRY_SECONDS`] after creation
//!   expires; `settlement.failed` says so.
//!
//! The destination float must cover the destination amount when the
//! payment is created (422 `INSUFFICIENT_FUNDS` otherwise); if other flows
//! drained it before settlement, the payment fails and returns the funds.

use payctl_domain::iban;
use payctl_domain::time::Timestamp;
use payctl_wire::error::ErrorCode;
use payctl_wire::events::{EventType, PaymentType};
use payctl_wire::payments::CollectionMethod;

use super::events::Money;
use super::quotes;
use super::{Flow, FlowKind, Posting, Step, verification};
use crate::clock::Clocks;
use crate::db::Tx;
use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::ledger::Owner;
use crate::store;
use crate::store::payments::{self, NewRow, Row};
use crate::{ids, secrets};

pub const AUTO_FUND_SECONDS: i64 = 30;
pub const SETTLE_SECONDS: i64 = 10;
pub const EXPIRY_SECONDS: i64 = 24 * 60 * 60;
/// Amounts whose minor units end in these digits are never funded by themselves.
pub const NO_AUTO_FUND_SUFFIX: i64 = 99;
pub const EXPIRY_REASON: &str = "no funds arrived on the virtual IBAN by pay_by";

pub use payctl_domain::states::payments::State;

pub use payctl_domain::states::payments::Move;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trigger {
    /// The funds land (by hand or by themselves).
    Fund,
    Settle,
    Expire,
    /// The settlement cannot be made.
    Fail(String),
}

impl Flow for Row {
    type State = State;
    const KIND: FlowKind = FlowKind::Payment;

    fn application_id(&self) -> i64 {
        self.application_id
    }

    fn public_id(&self) -> &str {
        &self.payment.id
    }

    fn save(&self, conn: &Conn<'_>, to: State, reason: Option<&str>, at: Timestamp) -> Result<bool, ApiError> {
        payments::advance(conn, self.id, self.status, to, reason, at)
    }

    fn failure(&self, reason: &str, at: Timestamp) -> Option<Step<State>> {
        step(self, Trigger::Fail(reason.to_owned()), at)
    }
}

fn money(p: &Row) -> Money<'_> {
    let payment = &p.payment;
    Money {
        payment_type: PaymentType::Payment,
        source_asset: &payment.source_currency,
        source_amount: p.source_amount,
        fee: p.fee,
        destination_asset: &payment.destination_currency,
        destination_amount: p.destination_amount,
        customer_id: Some(&payment.customer_id),
        beneficiary_id: None,
        quote_id: Some(&payment.quote_id),
        external_id: None,
    }
}

/// The transition `trigger` makes, or `None` when it makes none.
pub fn step(p: &Row, trigger: Trigger, at: Timestamp) -> Option<Step<State>> {
    let (src, dst) = (p.payment.source_currency.as_str(), p.payment.destination_currency.as_str());
    let fail = |reason: &str, to: State| {
        Step::to(to)
            .because(reason)
            .reverse_all("payment.refund")
            .event(EventType::SettlementFailed, money(p).failed(reason, at))
    };
    match (p.status, trigger) {
        (State::AwaitingFunds, Trigger::Fund) => Some(
            Step::to(State::FundsReceived)
                .post(
                    "payment.funds",
                    vec![
                        Posting::new(Owner::External, src, -p.source_amount),
                        Posting::new(Owner::InFlight, src, p.source_amount),
                    ],
                )
                .event(EventType::OnRampCompleted, money(p).leg_completed(at))
                .schedule(super::Move::Payment(Move::Settle), at.plus_seconds(SETTLE_SECONDS)),
        ),
        (State::FundsReceived, Trigger::Settle) => Some(
            Step::to(State::Settled)
                .post(
                    "payment.settlement",
                    vec![
                        Posting::new(Owner::InFlight, src, -p.source_amount),
                        Posting::new(Owner::Fees, src, p.fee),
                        Posting::new(Owner::Float, src, p.net_amount),
                        Posting::new(Owner::Float, dst, -p.destination_amount),
                        Posting::new(Owner::Customer(p.customer_id), dst, p.destination_amount),
                    ],
                )
                .event(EventType::SettlementCompleted, money(p).settled(at)),
        ),
        (State::AwaitingFunds, Trigger::Expire) => Some(fail(EXPIRY_REASON, State::Expired)),
        (State::AwaitingFunds | State::FundsReceived, Trigger::Fail(reason)) => Some(fail(&reason, State::Failed)),
        (State::FundsReceived | State::Settled | State::Expired | State::Failed, Trigger::Fund | Trigger::Expire) => {
            None
        }
        (State::AwaitingFunds | State::Settled | State::Expired | State::Failed, Trigger::Settle) => None,
        (State::Settled | State::Expired | State::Failed, Trigger::Fail(_)) => None,
    }
}

/// A scheduled move, dated `at`.
pub fn on_move(conn: &Tx<'_>, mv: Move, id: &str, at: Timestamp) -> Result<(), ApiError> {
    let Some(p) = payments::find(conn, None, id)? else { return Ok(()) };
    let trigger = match mv {
        Move::Fund => Trigger::Fund,
        Move::Settle => Trigger::Settle,
        Move::Expire => Trigger::Expire,
    };
    match step(&p, trigger, at) {
        Some(s) => super::commit_or_fail(conn, &p, s, at),
        None => Ok(()),
    }
}

/// The funds land now (the simulation route); 409 unless awaiting funds.
pub fn fund(conn: &Tx<'_>, clocks: &Clocks, scope: Option<i64>, id: &str) -> Result<Row, ApiError> {
    let p = super::current::<Row>(conn, clocks, scope, id)?;
    let at = clocks.app_now(p.application_id);
    let step = step(&p, Trigger::Fund, at).ok_or_else(|| {
        ApiError::conflict(
            ErrorCode::Conflict,
            format!("payment is {}; only a payment awaiting funds can be funded", p.status.as_str()),
        )
    })?;
    super::commit(conn, &p, step, at)?;
    super::reread(conn, &p)
}

/// Creates a payment of application `app` from an accepted legacy quote of
/// a verified customer, consuming the quote.
/// A payment request with its fields checked.
pub struct NewPayment {
    /// An accepted legacy quote of the application.
    pub quote_id: String,
    pub collection_method: CollectionMethod,
}

pub fn create(conn: &Tx<'_>, clocks: &Clocks, app: i64, request: &NewPayment) -> Result<Row, ApiError> {
    let now = clocks.app_now(app);
    let quote = store::owned::<quotes::Row>(conn, app, &request.quote_id)?;
    let customer_id = match (quote.form, &quote.customer_public_id) {
        (quotes::Form::Legacy, Some(id)) => id.clone(),
        _ => {
            return Err(ApiError::invalid_field(
                "quote_id",
                "invalid",
                "payments use quotes from GET /v1/quotes (legacy form); this quote is of another form",
            ));
        }
    };
    let customer = verification::require_verified(conn, clocks, app, &customer_id)?;
    super::require_funds(
        conn,
        app,
        Owner::Float,
        quote.destination_asset.code,
        quote.destination_amount,
        "settling this payment",
        now,
    )?;
    let public_id = ids::uuid();
    let quote = quotes::consume(conn, &quote, &public_id, now)?;
    let iban = iban::generate("AE", &secrets::sha256(public_id.as_bytes()))
        .ok_or_else(|| ApiError::internal("no IBAN structure for AE"))?;
    let reference = format!("PAY-{}", &public_id.replace('-', "")[20..].to_uppercase());
    let new = NewRow {
        public_id: &public_id,
        application_id: app,
        quote: &quote,
        customer_id: customer.id,
        collection_method: request.collection_method,
        virtual_iban: iban.as_ref(),
        reference: &reference,
        funds_due_at: now.plus_seconds(EXPIRY_SECONDS),
    };
    let p = payments::insert(conn, &new, now)?;
    let mut start = Step::to(State::AwaitingFunds)
        .event(EventType::SettlementCreated, money(&p).created(now))
        .schedule(super::Move::Payment(Move::Expire), now.plus_seconds(EXPIRY_SECONDS));
    if !p.source_amount.ends_in(NO_AUTO_FUND_SUFFIX) {
        start = start.schedule(super::Move::Payment(Move::Fund), now.plus_seconds(AUTO_FUND_SECONDS));
    }
    super::start(conn, &p, start, now)?;
    Ok(p)
}
