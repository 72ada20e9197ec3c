//! The state machines of the sandbox, one module each: [`quotes`],
//! [`transactions`], [`payments`], [`transfers`] (every transfer kind, swaps
//! included) and customer [`verification`]; and [`accounts`], opening a
//! settlement account or wallet (no life beyond that yet); and moving a
//! [`clock`] forward, with the moves and retries that follow it.
//!
//! Each flow names its states and its triggers as enums, and its `step`
//! function is one exhaustive `match` of (state, trigger) that answers a
//! [`Step`]: the next state, the ledger postings, the events and the timed
//! moves, as data. [`commit`] is the one place a step is carried out: the
//! row moves (only from the state the step was computed for), the postings
//! are made, the events recorded, the moves scheduled and the state added
//! to the flow's timeline, all in the caller's transaction, so none happens
//! without the others.
//!
//! Every money flow ends. A step the sandbox takes by itself (a scheduled
//! [`Move`]) that cannot be carried out, say because a float cannot cover
//! it, fails its flow instead, in the same transaction ([`commit_or_fail`]):
//! the flow's postings are reversed (see `ledger::reverse`; value held in
//! `in_flight` goes back where it came from), the reason is recorded and
//! `settlement.failed` is emitted. Nothing is dropped.
//!
//! Handlers act on a flow through [`current`], which applies the moves
//! already due first, so a move that is due wins over a later request, and
//! answers the flow's own 404 (its [`store::Owned`] impl) when there is none.

pub mod accounts;
pub mod clock;
pub mod events;
pub mod payments;
pub mod quotes;
pub mod transactions;
pub mod transfers;
pub mod verification;

use payctl_domain::asset::Asset;
use payctl_domain::money::MinorUnit;
use payctl_domain::payees::{self, Ineligible};
use payctl_domain::time::Timestamp;
use payctl_wire::beneficiaries::Beneficiary;
use payctl_wire::error::{ErrorCode, FieldIssue};
use payctl_wire::events::EventType;

use crate::clock::Clocks;
use crate::db::Tx;
use crate::db::sql::{Conn, Savepoint, savepoint};
use crate::error::ApiError;
use crate::ledger::{self, Leg, Owner};
use crate::store::{self, Owned};

pub use payctl_domain::states::{FlowKind, FlowState, Move};

/// A stored flow the engine can move. It is found (and its 404 stated) as
/// an [`Owned`] record of one application, or of any for `None`.
pub trait Flow: Owned<Scope = Option<i64>, Found = Self> + Sized {
    type State: FlowState;
    const KIND: FlowKind;

    fn application_id(&self) -> i64;
    fn public_id(&self) -> &str;
    /// Stores the move from the flow's current state to `to`; false when the row was
    /// no longer in that state.
    fn save(&self, conn: &Conn<'_>, to: Self::State, reason: Option<&str>, at: Timestamp) -> Result<bool, ApiError>;
    /// The step that fails this flow from its current state, if it can fail.
    fn failure(&self, reason: &str, at: Timestamp) -> Option<Step<Self::State>>;
}

/// One posting of a step, by owner: the engine finds the account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Posting {
    pub owner: Owner,
    pub asset: String,
    pub amount: MinorUnit,
}

impl Posting {
    pub fn new(owner: Owner, asset: &str, amount: MinorUnit) -> Self {
        Posting { owner, asset: asset.to_owned(), amount }
    }
}

/// What a step does to the ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LedgerMove {
    /// One balanced entry.
    Post { kind: &'static str, postings: Vec<Posting> },
    /// Undo everything this flow posted so far.
    ReverseAll { kind: &'static str },
}

/// One transition of a flow, as data.
#[derive(Debug, Clone, PartialEq)]
pub struct Step<S> {
    pub to: S,
    /// Why the flow failed, recorded with the state.
    pub reason: Option<String>,
    pub ledger: Vec<LedgerMove>,
    pub events: Vec<(EventType, serde_json::Value)>,
    /// Timed moves to schedule, with their due times (the flow's clock).
    pub moves: Vec<(Move, Timestamp)>,
}

impl<S> Step<S> {
    pub fn to(state: S) -> Self {
        Step { to: state, reason: None, ledger: Vec::new(), events: Vec::new(), moves: Vec::new() }
    }

    pub fn post(mut self, kind: &'static str, postings: Vec<Posting>) -> Self {
        self.ledger.push(LedgerMove::Post { kind, postings });
        self
    }

    pub fn reverse_all(mut self, kind: &'static str) -> Self {
        self.ledger.push(LedgerMove::ReverseAll { kind });
        self
    }

    pub fn event(mut self, event: EventType, data: serde_json::Value) -> Self {
        self.events.push((event, data));
        self
    }

    pub fn schedule(mut self, mv: Move, due: Timestamp) -> Self {
        self.moves.push((mv, due));
        self
    }

    pub fn because(mut self, reason: impl Into<String>) -> Self {
        self.reason = Some(reason.into());
        self
    }
}

/// Carries out `step` on `flow` as of `at`. Callers that answer with the
/// flow read it again with [`reread`].
pub fn commit<F: Flow>(conn: &Tx<'_>, flow: &F, step: Step<F::State>, at: Timestamp) -> Result<(), ApiError> {
    if !flow.save(conn, step.to, step.reason.as_deref(), at)? {
        let (kind, id) = (F::KIND.as_str(), flow.public_id());
        return Err(ApiError::conflict(ErrorCode::Conflict, format!("{kind} {id} changed meanwhile")));
    }
    apply_effects(conn, flow, &step, at)
}

/// Records the first state of a flow just inserted, with its step's
/// postings, events and moves (the row is already in `step.to`).
pub fn start<F: Flow>(conn: &Tx<'_>, flow: &F, step: Step<F::State>, at: Timestamp) -> Result<(), ApiError> {
    apply_effects(conn, flow, &step, at)
}

/// What a step does besides moving the row: the ledger postings, the
/// events, the timed moves and the flow's timeline entry.
fn apply_effects<F: Flow>(conn: &Tx<'_>, flow: &F, step: &Step<F::State>, at: Timestamp) -> Result<(), ApiError> {
    let (app, id) = (flow.application_id(), flow.public_id());
    let reference = (F::KIND.as_str(), id);
    for movement in &step.ledger {
        match movement {
            LedgerMove::Post { kind, postings } => post(conn, app, kind, reference, postings, at)?,
            LedgerMove::ReverseAll { kind } => {
                ledger::reverse(conn, app, kind, reference, at)?;
            }
        }
    }
    for (event, data) in &step.events {
        crate::events::record(conn, app, *event, crate::events::Subject { kind: F::KIND.as_str(), id }, data, at)?;
    }
    for (mv, due) in &step.moves {
        store::moves::insert(conn, app, *mv, id, *due, at)?;
    }
    store::flow_states::insert(conn, app, F::KIND, id, step.to, step.reason.as_deref(), at)?;
    Ok(())
}

/// The flow as it is now stored (after a [`commit`]).
pub fn reread<F: Flow>(conn: &Conn<'_>, flow: &F) -> Result<F, ApiError> {
    let id = flow.public_id();
    F::find(conn, Some(flow.application_id()), id)?
        .ok_or_else(|| ApiError::internal(format!("{} {id} vanished", F::KIND.as_str())))
}

/// [`commit`] for a step the sandbox takes by itself: when it cannot be
/// carried out, the flow fails instead, in the same transaction.
pub fn commit_or_fail<F: Flow>(conn: &Tx<'_>, flow: &F, step: Step<F::State>, at: Timestamp) -> Result<(), ApiError> {
    const STEP: Savepoint = savepoint!("flow_step");
    STEP.begin(conn)?;
    let tried = commit(conn, flow, step, at);
    let outcome = match tried {
        Ok(()) => Ok(()),
        Err(e) => {
            STEP.undo(conn)?;
            let reason = match e.code {
                ErrorCode::InsufficientFunds => format!("the sandbox could not complete the flow: {}", e.message),
                _ => "the sandbox could not complete the flow (internal error; see its log)".to_owned(),
            };
            match flow.failure(&reason, at) {
                Some(failure) => commit(conn, flow, failure, at),
                None => Err(e),
            }
        }
    };
    STEP.release(conn)?;
    outcome
}

/// A flow to act on: found by id (within `scope`, or any application for
/// `None`) after the moves already due on its own clock are applied; its
/// 404 when there is none.
pub fn current<F: Flow>(conn: &Tx<'_>, clocks: &Clocks, scope: Option<i64>, id: &str) -> Result<F, ApiError> {
    let flow = store::owned::<F>(conn, scope, id)?;
    if catch_up(conn, flow.public_id(), clocks.app_now(flow.application_id()))? {
        store::owned::<F>(conn, scope, id)
    } else {
        Ok(flow)
    }
}

/// Applies, inside the caller's transaction, the moves of one flow that
/// are due at `now`; true when there was any.
pub fn catch_up(conn: &Tx<'_>, resource_id: &str, now: Timestamp) -> Result<bool, ApiError> {
    let due = store::moves::take_due_for(conn, resource_id, now)?;
    for m in &due {
        apply_move(conn, m)?;
    }
    Ok(!due.is_empty())
}

/// Applies one scheduled move, dated at its due time. A flow that moved on
/// meanwhile (decided or ended by hand) ignores it.
pub fn apply_move(conn: &Tx<'_>, due: &store::moves::DueMove) -> Result<(), ApiError> {
    let (id, at) = (due.resource_id.as_str(), due.due_at);
    match due.kind {
        Move::Verification(m) => verification::on_move(conn, m, id, at),
        Move::Transaction(m) => transactions::on_move(conn, m, id, at),
        Move::Payment(m) => payments::on_move(conn, m, id, at),
        Move::Transfer(m) => transfers::on_move(conn, m, id, at),
    }
}

fn post(
    conn: &Conn<'_>,
    app: i64,
    kind: &str,
    reference: (&str, &str),
    postings: &[Posting],
    at: Timestamp,
) -> Result<(), ApiError> {
    let mut legs = Vec::with_capacity(postings.len());
    for p in postings {
        let account_id = ledger::account(conn, app, p.owner, &p.asset, at)?;
        legs.push(Leg { account_id, asset: &p.asset, amount: p.amount });
    }
    ledger::post(conn, app, kind, reference, &legs, at).map(drop)
}

/// Refuses with 422 `INSUFFICIENT_FUNDS` unless `owner` holds `amount` of
/// `asset`: what a flow will need later, checked when it is created.
pub fn require_funds(
    conn: &Conn<'_>,
    app: i64,
    owner: Owner,
    asset: &str,
    amount: MinorUnit,
    what: &str,
    at: Timestamp,
) -> Result<(), ApiError> {
    let account = ledger::account(conn, app, owner, asset, at)?;
    let balance = ledger::balance(conn, account)?;
    if balance < amount {
        return Err(ApiError::new(
            ErrorCode::InsufficientFunds,
            format!(
                "insufficient funds: {what} needs {}; the account holds {}",
                amount.describe(asset),
                balance.describe(asset)
            ),
        ));
    }
    Ok(())
}

/// The magic amount that makes a flow fail on its own (documented).
pub const FAIL_SUFFIX: i64 = 13;
/// The beneficiary `id` of application `app` (404 `BEN_0001` otherwise),
/// if it may receive `paid` from `sender` (`payctl_domain::payees`): one
/// of another customer is 400 `VAL_0001`, one receiving another asset 422
/// `UNSUPPORTED_COMBINATION`, each naming the request's `field`.
pub fn payee(
    conn: &Conn<'_>,
    app: i64,
    id: &str,
    sender: Option<&str>,
    paid: Asset,
    field: &str,
) -> Result<Beneficiary, ApiError> {
    let beneficiary = store::owned::<Beneficiary>(conn, app, id)?;
    payees::eligible(&beneficiary, sender, paid).map_err(|why| {
        let (code, issue) = match why {
            Ineligible::OtherCustomer { .. } => (ErrorCode::Validation, "invalid"),
            Ineligible::OtherAsset { .. } => (ErrorCode::UnsupportedCombination, "not_allowed"),
        };
        let message = why.to_string();
        ApiError::new(code, message.clone()).with_details(vec![FieldIssue::new(field, issue, message)])
    })?;
    Ok(beneficiary)
}
