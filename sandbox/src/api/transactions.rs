//! Transactions (spec 2.8, 4.3) and their simulation routes.
//!
//! A transaction consumes an accepted quote of the caller, exactly once, and
//! pays the quote's destination amount to a beneficiary of the caller. The
//! state machine, ledger postings and events are `store::transactions`'.
//! The older published body (`amount`, `currency`, `recipient_account_id`,
//! `reference`) is refused with a 400 that names the current form: it
//! carries no rate and no fee, so it cannot be priced the way every other
//! movement is.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use payctl_wire::error::{ErrorCode, FieldIssue};
use payctl_wire::page::TransactionPage;
use payctl_wire::transactions::{CreateTransaction, FailTransaction, Transaction};

use super::fields;
use crate::auth::{ControlCaller, KeyCaller};
use crate::clock::Timestamp;
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiJson, ApiQuery, OptionalJson};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::idempotency::{self, Claim, Idempotency};
use crate::schedule;
use crate::state::AppState;
use crate::store::{self, quotes, transactions};

pub fn not_found() -> ApiError {
    ApiError::not_found(ErrorCode::TransactionNotFound, "transaction")
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
    security(("api_key" = [])),
    responses(
        (status = 201, body = Transaction, description = "the transaction, state PENDING"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "IDM_0002: no Idempotency-Key, or the quote is not accepted, already used or past its lock; VAL_0001: bad fields, the older form, or a beneficiary in another asset"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown quote; BEN_0001: unknown beneficiary"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "IDM_0001: key reused with another body"),
        (status = 422, body = payctl_wire::error::ErrorEnvelope, description = "INSUFFICIENT_FUNDS: the float cannot cover the source amount"),
    ))]
pub async fn create(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreateTransaction>,
) -> Result<Response, ApiError> {
    let mut c = Checks::new();
    refuse_older_form(&body, &mut c);
    let quote_id = fields::text(&mut c, "quote_id", &body.quote_id, 64);
    let beneficiary_id = fields::text(&mut c, "beneficiary_id", &body.beneficiary_id, 64);
    c.finish()?;
    let (Some(quote_id), Some(beneficiary_id)) = (quote_id, beneficiary_id) else {
        return Err(ApiError::internal("transaction validation passed with a field missing"));
    };
    let app = caller.application_id;
    let now = state.clock.now();
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        let quote = quotes::find(tx, app, &quote_id)?.ok_or_else(super::transaction_quotes::not_found)?;
        let beneficiary = store::beneficiaries::find(tx, app, &beneficiary_id)?
            .ok_or_else(|| ApiError::not_found(ErrorCode::BeneficiaryNotFound, "beneficiary"))?;
        if beneficiary.account.destination_asset != quote.destination_asset {
            let message = format!(
                "the beneficiary receives {}, but the quote pays out {}",
                beneficiary.account.destination_asset, quote.destination_asset
            );
            return Err(ApiError::new(ErrorCode::Validation, message.clone()).with_details(vec![FieldIssue::new(
                "beneficiary_id",
                "invalid",
                message,
            )]));
        }
        transactions::create(tx, &quote, &beneficiary.id, now)
    })
    .await
}

/// Get a transaction
///
/// A transaction of the caller, by id or by its `txn_` external id, with its state as of now.
#[utoipa::path(get, path = "/v1/transactions/{id}", tag = "transactions", operation_id = "getTransaction",
    params(("id" = String, Path, description = "transaction id or its external_id (txn_…)")),
    security(("api_key" = [])),
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
    let found = state.db.read(move |conn| transactions::find(conn, Some(app), &id)).await?;
    found.map(|r| Json(r.transaction)).ok_or_else(not_found)
}

/// List transactions
///
/// The caller's transactions, newest first, in the transaction list envelope
/// (`pagination.has_more`, `pagination.next_cursor`).
#[utoipa::path(get, path = "/v1/transactions", tag = "transactions", operation_id = "listTransactions", params(PageQuery),
    security(("api_key" = [])),
    responses((status = 200, body = TransactionPage<Transaction>, description = "the caller's transactions, newest first")))]
pub async fn list(
    State(state): State<AppState>,
    caller: KeyCaller,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<TransactionPage<Transaction>>, ApiError> {
    let page = PageRequest::parse(&query)?;
    let app = caller.application_id;
    Ok(Json(state.db.read(move |conn| transactions::list(conn, app, &page)).await?))
}

/// Ends a transaction by hand, after applying its moves already due (so a
/// transaction that has settled by itself answers 409).
async fn finish(
    state: AppState,
    caller: ControlCaller,
    claim: Option<Claim>,
    id: String,
    failure: Option<String>,
) -> Result<Response, ApiError> {
    let scope = caller.application_scope();
    let now: Timestamp = state.clock.now();
    idempotency::commit_json(&state, claim, StatusCode::OK, move |tx| {
        let row = transactions::find(tx, scope, &id)?.ok_or_else(not_found)?;
        schedule::settle(tx, &row.transaction.id, now)?;
        let row = transactions::find(tx, scope, &id)?.ok_or_else(not_found)?;
        match &failure {
            Some(reason) => transactions::fail(tx, &row, reason, now),
            None => transactions::complete(tx, &row, now),
        }
    })
    .await
}

/// Complete a transaction
///
/// Sandbox only: settles a PENDING or PROCESSING transaction and records `settlement.completed`.
/// From a final state: 409 CONFLICT.
#[utoipa::path(post, path = "/sandbox/transactions/{id}/complete", tag = "sandbox", operation_id = "completeTransaction",
    params(("id" = String, Path, description = "transaction id or external_id")),
    security(("control" = []), ("api_key" = [])),
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
) -> Result<Response, ApiError> {
    finish(state, caller, claim, id, None).await
}

/// Fail a transaction
///
/// Sandbox only: fails a PENDING or PROCESSING transaction, refunding the float, and records
/// `settlement.failed`. From a final state: 409 CONFLICT.
#[utoipa::path(post, path = "/sandbox/transactions/{id}/fail", tag = "sandbox", operation_id = "failTransaction",
    request_body(content = Option<FailTransaction>, description = "may be empty"),
    params(("id" = String, Path, description = "transaction id or external_id")),
    security(("control" = []), ("api_key" = [])),
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
) -> Result<Response, ApiError> {
    let reason = body.and_then(|b| b.reason);
    let mut c = Checks::new();
    c.optional_text("reason", reason.as_deref(), 256);
    c.finish()?;
    let reason = reason
        .map(|r| r.trim().to_owned())
        .filter(|r| !r.is_empty())
        .unwrap_or_else(|| transactions::DEFAULT_FAILURE_REASON.to_owned());
    finish(state, caller, claim, id, Some(reason)).await
}
