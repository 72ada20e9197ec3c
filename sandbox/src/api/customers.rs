//! Customers (spec 2.5, 4.5), served under three paths: `/v1/customers`,
//! `/v1/participants` and the deprecated alias `/v1/counterparties`. The
//! paths share one implementation; each has its own thin handler only so the
//! OpenAPI document lists it. The alias's deprecation headers are added by
//! the route table (`api::routes`) rather than per handler.
//!
//! Verification (`kyb_status`) starts `pending` and is decided either by the
//! simulation routes here (`/sandbox/customers/{id}/approve|reject`) or
//! automatically 60 s of sandbox time after creation, by a move the
//! scheduler applies (see `schedule`). Reads never write.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use payctl_wire::customers::{CreateCustomer, Customer, KybStatus};
use payctl_wire::page::Page;
use serde::Deserialize;

use super::fields;
use crate::auth::{ControlCaller, KeyCaller};
use crate::error::{ApiError, Checks};
use crate::flows::verification;
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::idempotency::{self, Claim, Committed, Idempotency};
use crate::state::AppState;
use crate::store::{
    self,
    customers::{self, NewCustomer},
};

/// Query of the customer lists.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only customers with this `kyb_status`: pending, approved, rejected.
    #[param(value_type = Option<KybStatus>)]
    pub status: Option<String>,
    /// Page size, 1 to 100 (default 25).
    pub limit: Option<String>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
}

impl TryFrom<&CreateCustomer> for NewCustomer {
    type Error = ApiError;

    fn try_from(body: &CreateCustomer) -> Result<NewCustomer, ApiError> {
        parse(body)
    }
}

fn parse(body: &CreateCustomer) -> Result<NewCustomer, ApiError> {
    let mut c = Checks::new();
    let customer_type = fields::one_of(&mut c, "type", &body.customer_type);
    let legal_name = fields::text(&mut c, "legal_name", &body.legal_name, 256);
    let email = fields::email(&mut c, "email", &body.email);
    let country = fields::country(&mut c, "country", &body.country);
    let verification_level = fields::one_of(&mut c, "verification_level", &body.verification_level);
    let tax_id = fields::text(&mut c, "tax_id", &body.tax_id, 64);
    c.conclude((move || {
        Some(NewCustomer {
            customer_type: customer_type?,
            legal_name: legal_name?,
            email: email?,
            country: country?,
            verification_level: verification_level?,
            tax_id: tax_id?,
        })
    })())
}

async fn create(
    state: AppState,
    caller: KeyCaller,
    claim: Option<Claim>,
    body: CreateCustomer,
) -> Result<Committed, ApiError> {
    let new = NewCustomer::try_from(&body)?;
    let (application_id, clocks) = (caller.application_id, state.clock.clone());
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        Ok(verification::create(tx, &clocks, application_id, &new)?.customer)
    })
    .await
}

async fn list(state: AppState, caller: KeyCaller, query: ListQuery) -> Result<Json<Page<Customer>>, ApiError> {
    let mut checks = Checks::new();
    let page = PageRequest::check(&PageQuery { limit: query.limit, cursor: query.cursor }, &mut checks);
    let status = fields::filter::<KybStatus>(&mut checks, "status", query.status.as_deref());
    checks.finish()?;
    let application_id = caller.application_id;
    let page = state.db.read(move |conn| customers::list(conn, application_id, status, &page)).await?;
    Ok(Json(page))
}

async fn get(state: AppState, caller: KeyCaller, id: String) -> Result<Json<Customer>, ApiError> {
    let application_id = caller.application_id;
    let row = state.db.read(move |conn| store::owned::<customers::Row>(conn, Some(application_id), &id)).await?;
    Ok(Json(row.customer))
}

/// Decides a pending customer: approve or reject. A TEST key acts on its
/// own application's customers only; the operator on any.
async fn decide(
    state: AppState,
    caller: ControlCaller,
    claim: Option<Claim>,
    id: String,
    approve: bool,
) -> Result<Committed, ApiError> {
    let (scope, clocks) = (caller.application_scope(), state.clock.clone());
    idempotency::commit_json(&state, claim, StatusCode::OK, move |tx| {
        Ok(verification::decide(tx, &clocks, scope, &id, approve)?.customer)
    })
    .await
}

/// The three handlers of one path of the resource: create, list, get. Each
/// path needs its own functions only so the OpenAPI document lists it.
macro_rules! customer_path {
    ($path:literal, $item_path:literal, $tag:literal, $noun:literal, $nouns:literal,
     $create:ident = $create_id:literal, $list:ident = $list_id:literal, $get:ident = $get_id:literal) => {
        #[utoipa::path(post, path = $path, tag = $tag, operation_id = $create_id, request_body = CreateCustomer,
            summary = concat!("Create a ", $noun),
            description = concat!("Creates a ", $noun, " of the caller's application with `kyb_status` `pending`. \
                It can move money once approved: automatically after 60 s of sandbox time, or at once with \
                `POST /sandbox/customers/{id}/approve`. One 400 lists every bad field; the email must be unique \
                per application (compared without regard to case)."),
            responses(
                (status = 201, body = Customer, description = "the new customer, `kyb_status` pending"),
                (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "DUPLICATE_EMAIL: another customer of the application has this email"),
            ))]
        pub async fn $create(
            State(state): State<AppState>,
            caller: KeyCaller,
            Idempotency(claim): Idempotency,
            ApiJson(body): ApiJson<CreateCustomer>,
        ) -> Result<Committed, ApiError> {
            create(state, caller, claim, body).await
        }

        #[utoipa::path(get, path = $path, tag = $tag, operation_id = $list_id, params(ListQuery),
            summary = concat!("List ", $nouns),
            description = concat!("The application's ", $nouns, ", newest first, optionally only those with one \
                `kyb_status`."),
            responses((status = 200, body = Page<Customer>, description = "the application's customers, newest first")))]
        pub async fn $list(
            State(state): State<AppState>,
            caller: KeyCaller,
            ApiQuery(query): ApiQuery<ListQuery>,
        ) -> Result<Json<Page<Customer>>, ApiError> {
            list(state, caller, query).await
        }

        #[utoipa::path(get, path = $item_path, tag = $tag, operation_id = $get_id,
            params(("id" = String, Path, description = "customer id")),
            summary = concat!("Get a ", $noun),
            description = concat!("One ", $noun, " of the caller's application, with its verification state."),
            responses(
                (status = 200, body = Customer, description = "the customer"),
                (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: unknown customer, or another application's"),
            ))]
        pub async fn $get(
            State(state): State<AppState>,
            caller: KeyCaller,
            Path(id): Path<String>,
        ) -> Result<Json<Customer>, ApiError> {
            get(state, caller, id).await
        }
    };
}

customer_path!(
    "/v1/customers",
    "/v1/customers/{id}",
    "customers",
    "customer",
    "customers",
    create_customer = "createCustomer",
    list_customers = "listCustomers",
    get_customer = "getCustomer"
);
customer_path!(
    "/v1/participants",
    "/v1/participants/{id}",
    "participants",
    "participant",
    "participants",
    create_participant = "createParticipant",
    list_participants = "listParticipants",
    get_participant = "getParticipant"
);
// Deprecated alias of `/v1/participants`: the route table marks its answers.
customer_path!(
    "/v1/counterparties",
    "/v1/counterparties/{id}",
    "counterparties",
    "counterparty",
    "counterparties",
    create_counterparty = "createCounterparty",
    list_counterparties = "listCounterparties",
    get_counterparty = "getCounterparty"
);

/// Approve a customer's verification
///
/// Sandbox only: approves a pending customer's verification (KYB) and records its
/// `customer.kyb_approved` event; the customer can then move money. A TEST key acts on its
/// own application's customers, the control token on any. A decided customer answers 409
/// CONFLICT.
#[utoipa::path(post, path = "/sandbox/customers/{id}/approve", tag = "sandbox", operation_id = "approveCustomer",
    params(("id" = String, Path, description = "customer id")),
    responses(
        (status = 200, body = Customer, description = "the decided customer"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: unknown customer, or (with a TEST key) another application's"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "CONFLICT: not pending"),
    ))]
pub async fn approve(
    State(state): State<AppState>,
    caller: ControlCaller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
) -> Result<Committed, ApiError> {
    decide(state, caller, claim, id, true).await
}

/// Reject a customer's verification
///
/// Sandbox only: rejects a pending customer's verification (KYB) and records its
/// `customer.kyb_rejected` event. A TEST key acts on its own application's customers, the control
/// token on any. A decided customer answers 409 CONFLICT.
#[utoipa::path(post, path = "/sandbox/customers/{id}/reject", tag = "sandbox", operation_id = "rejectCustomer",
    params(("id" = String, Path, description = "customer id")),
    responses(
        (status = 200, body = Customer, description = "the decided customer"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: unknown customer, or (with a TEST key) another application's"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "CONFLICT: not pending"),
    ))]
pub async fn reject(
    State(state): State<AppState>,
    caller: ControlCaller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
) -> Result<Committed, ApiError> {
    decide(state, caller, claim, id, false).await
}
