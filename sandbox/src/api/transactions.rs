//! Transactions (spec 2.8, 4.3) and their simulation routes.
//!
//! A transaction consumes an accepted quote of the caller, exactly once, and
//! pays the quote's destination amount to a beneficiary of the caller. The
//! rules, the state machine, ledger postings and events are
//! `flows::transactions`'; this module parses requests and shapes answers.
//! The older published body (`amount`, `currency`, `recipient_account_id`,
//! `reference`) is refused with a 400 that names the current form: it
//! carries no rate and no fee, so it cannot be priced the way every other
//! movement is.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use payctl_wire::page::TransactionPage;
use payctl_wire::transactions::{CreateTransaction, FailTransaction, Transaction};

use super::fields;
use crate::auth::{ControlCaller, KeyCaller};
use crate::error::{ApiError, Checks};
use crate::flows::transactions::{self as flow, DEFAULT_FAILURE_REASON, Trigger};
use crate::http::extract::{ApiJson, ApiQuery, OptionalJson};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::idempotency::{self, Claim, Committed, Idempotency};
use crate::state::AppState;
use crate::store::{
    self,
    transactions::{self, Row},
};

/// The answer for a stored transaction.
pub fn view(t: &Row) -> Transaction {
    Transaction {
        id: t.public_id.clone(),
        external_id: t.external_id.clone(),
        state: t.state,
        quote_id: t.quote_id.clone(),
        beneficiary_id: t.beneficiary_id.clone(),
        source_asset: t.source_asset.clone(),
        destination_asset: t.destination_asset.clone(),
        source_amount_minor: t.source_amount.to_string(),
        fee_minor: t.fee.to_string(),
        destination_amount_minor: t.destination_amount.to_string(),
        exchange_rate: t.exchange_rate.to_string(),
        failure_reason: t.failure_reason.clone(),
        created_at: t.created_at.to_rfc3339(),
        updated_at: t.updated_at.to_rfc3339(),
        completed_at: t.completed_at.map(|c| c.to_rfc3339()),
    }
}

/// A create request with its fields checked.
pub struct NewTransaction {
    pub quote_id: String,
    pub beneficiary_id: String,
}

impl TryFrom<CreateTransaction> for NewTransaction {
    type Error = ApiError;

    fn try_from(body: CreateTransaction) -> Result<Self, ApiError> {
        let mut c = Checks::new();
        refuse_older_form(&body, &mut c);
        let quote_id = fields::text(&mut c, "quote_id", &body.quote_id, 64);
        let beneficiary_id = fields::text(&mut c, "beneficiary_id", &body.beneficiary_id, 64);
        let parsed = match (quote_id, beneficiary_id) {
            (Some(quote_id), Some(beneficiary_id)) => Some(NewTransaction { quote_id, beneficiary_id }),
            _ => None,
        };
        c.conclude(parsed)
    }
}

/// The older body's fields, refused one by one so the answer names each.
fn refuse_older_form(body: &CreateTransaction, checks: &mut Checks) {
    let older = [
        ("amount", body.amount.is_some()),
        ("currency", body.currency.is_some()),
        ("recipient_account_id", body.recipient_account_id.is_some()),
        ("reference", body.reference.is_some()),
    ];
    for (field, present) in older {
        if present {
            checks.push(
                field,
                "not_allowed",
                "belongs to the older transaction form, which this API does not accept; send quote_id (an \
                 accepted quote from POST /v1/transactions/quote) and beneficiary_id",
            );
        }
    }
}

/// Create a transaction
///
/// Pays an accepted quote's destination amount to a beneficiary of the caller whose account
/// receives the quote's destination asset, funded from the application's float. The quote is used
/// once. `Idempotency-Key` is required. The older published body (`amount`, `currency`,
/// `recipient_account_id`, `reference`) is refused with a 400 naming each of its fields.
#[utoipa::path(post, path = "/v1/transactions", tag = "transactions", operation_id = "createTransaction", request_body = CreateTransaction,
    responses(
        (status = 201, body = Transaction, description = "the transaction, state PENDING"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "IDM_0002: no Idempotency-Key, or the quote is not accepted, already used or past its lock; VAL_0001: bad fields, the older form, or a beneficiary of another customer than the quote's"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown quote; BEN_0001: unknown beneficiary"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "IDM_0001: key reused with another body"),
        (status = 403, body = payctl_wire::error::ErrorEnvelope, description = "CMP_0001: the sender (the quote's customer, else the beneficiary's) has not passed verification"),
        (status = 422, body = payctl_wire::error::ErrorEnvelope, description = "UNSUPPORTED_COMBINATION: the beneficiary receives another asset than the quote pays out; INSUFFICIENT_FUNDS: the float cannot cover the source amount"),
    ))]
pub async fn create(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreateTransaction>,
) -> Result<Committed, ApiError> {
    let new = NewTransaction::try_from(body)?;
    let (app, clocks) = (caller.application_id, state.clock.clone());
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        Ok(view(&flow::create(tx, &clocks, app, &new.quote_id, &new.beneficiary_id)?))
    })
    .await
}

/// Get a transaction
///
/// A transaction of the caller, by id or by its `txn_` external id, with its state as of now.
#[utoipa::path(get, path = "/v1/transactions/{id}", tag = "transactions", operation_id = "getTransaction",
    params(("id" = String, Path, description = "transaction id or its external_id (txn_…)")),
    responses(
        (status = 200, body = Transaction, description = "the transaction"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "TXN_0001: unknown or not the caller's"),
    ))]
pub async fn get(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
) -> Result<Json<Transaction>, ApiError> {
    let app = caller.application_id;
    let t = state.db.read(move |conn| store::owned::<Row>(conn, Some(app), &id)).await?;
    Ok(Json(view(&t)))
}

/// List transactions
///
/// The caller's transactions, newest first, in the transaction list envelope
/// (`pagination.has_more`, `pagination.next_cursor`).
#[utoipa::path(get, path = "/v1/transactions", tag = "transactions", operation_id = "listTransactions", params(PageQuery),
    responses((status = 200, body = TransactionPage<Transaction>, description = "the caller's transactions, newest first")))]
pub async fn list(
    State(state): State<AppState>,
    caller: KeyCaller,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<TransactionPage<Transaction>>, ApiError> {
    let page = PageRequest::parse(&query)?;
    let app = caller.application_id;
    let page = state.db.read(move |conn| transactions::list(conn, app, &page)).await?;
    Ok(Json(TransactionPage { data: page.data.iter().map(view).collect(), pagination: page.pagination }))
}

/// Ends a transaction by hand (see `flows::transactions::finish`).
async fn finish(
    state: AppState,
    caller: ControlCaller,
    claim: Option<Claim>,
    id: String,
    trigger: Trigger,
) -> Result<Committed, ApiError> {
    let (scope, clocks) = (caller.application_scope(), state.clock.clone());
    idempotency::commit_json(&state, claim, StatusCode::OK, move |tx| {
        Ok(view(&flow::finish(tx, &clocks, scope, &id, trigger)?))
    })
    .await
}

/// Complete a transaction
///
/// Sandbox only: settles a PENDING or PROCESSING transaction and records `settlement.completed`.
/// From a final state: 409 CONFLICT.
#[utoipa::path(post, path = "/sandbox/transactions/{id}/complete", tag = "sandbox", operation_id = "completeTransaction",
    params(("id" = String, Path, description = "transaction id or external_id")),
    responses(
        (status = 200, body = Transaction, description = "the transaction, COMPLETED"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "TXN_0001: unknown transaction, or (with a TEST key) another application's"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "CONFLICT: the transaction is already COMPLETED or FAILED"),
    ))]
pub async fn complete(
    State(state): State<AppState>,
    caller: ControlCaller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
) -> Result<Committed, ApiError> {
    finish(state, caller, claim, id, Trigger::Complete).await
}

/// Fail a transaction
///
/// Sandbox only: fails a PENDING or PROCESSING transaction, refunding the float, and records
/// `settlement.failed`. From a final state: 409 CONFLICT.
#[utoipa::path(post, path = "/sandbox/transactions/{id}/fail", tag = "sandbox", operation_id = "failTransaction",
    request_body(content = Option<FailTransaction>, description = "may be empty"),
    params(("id" = String, Path, description = "transaction id or external_id")),
    responses(
        (status = 200, body = Transaction, description = "the transaction, FAILED"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: reason too long"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "TXN_0001: unknown transaction, or (with a TEST key) another application's"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "CONFLICT: the transaction is already COMPLETED or FAILED"),
    ))]
pub async fn fail(
    State(state): State<AppState>,
    caller: ControlCaller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
    OptionalJson(body): OptionalJson<Option<FailTransaction>>,
) -> Result<Committed, ApiError> {
    let reason = body.and_then(|b| b.reason);
    let mut c = Checks::new();
    c.optional_text("reason", reason.as_deref(), 256);
    c.finish()?;
    let reason = reason
        .map(|r| r.trim().to_owned())
        .filter(|r| !r.is_empty())
        .unwrap_or_else(|| DEFAULT_FAILURE_REASON.to_owned());
    finish(state, caller, claim, id, Trigger::Fail(reason)).await
}
