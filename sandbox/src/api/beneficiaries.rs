//! Beneficiaries (spec 2.6, 4.5): who a customer pays out to. Each has one
//! account, a bank account (IBAN) or a stablecoin wallet, validated with the
//! domain rules so a payout can never be aimed at a malformed destination.
//! Every problem of a request is reported at once, nested account fields as
//! `account.<field>`.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use payctl_domain::address::{self, Network};
use payctl_domain::asset::{self, AssetKind};
use payctl_domain::iban::Iban;
use payctl_wire::beneficiaries::{Beneficiary, BeneficiaryType, CreateAccount, CreateBeneficiary, PayoutAccountKind};
use payctl_wire::page::Page;
use serde::Deserialize;

use super::fields;
use crate::auth::KeyCaller;
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::idempotency::{self, Committed, Idempotency};
use crate::ids;
use crate::state::AppState;
use crate::store;
use crate::store::beneficiaries::{NewAccount, NewBeneficiary};

/// Query of the beneficiary list.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Required: the customer whose beneficiaries to list.
    #[param(value_type = payctl_wire::schema::Uuid, required = true)]
    pub customer_id: Option<String>,
    /// Page size, 1 to 100 (default 25).
    pub limit: Option<String>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
}

/// A required customer id in UUID form.
fn customer_id(checks: &mut Checks, value: &Option<String>) -> Option<String> {
    let v = fields::required(checks, "customer_id", value)?;
    if ids::is_uuid(v) {
        Some(v.to_owned())
    } else {
        checks.push("customer_id", "invalid", "must be a customer id (UUID)");
        None
    }
}

fn bank_account(c: &mut Checks, a: &CreateAccount) -> Option<NewAccount> {
    const WHY: &str = "applies to STABLECOIN_WALLET accounts only";
    fields::absent(c, "account.network", &a.network, WHY);
    fields::absent(c, "account.address", &a.address, WHY);
    let asset = fields::required(c, "account.destination_asset", &a.destination_asset).and_then(|code| {
        let found = asset::asset(code).filter(|found| found.kind == AssetKind::Fiat);
        if found.is_none() {
            c.push("account.destination_asset", "invalid", "must be a fiat currency code the sandbox knows, e.g. EUR");
        }
        found
    });
    let iban = fields::required(c, "account.iban", &a.iban).and_then(|raw| match Iban::parse(raw) {
        Ok(iban) => Some(iban),
        Err(e) => {
            c.push("account.iban", "invalid", e.to_string());
            None
        }
    });
    let bank_name = fields::text(c, "account.bank_name", &a.bank_name, 128);
    let bank_country = fields::country(c, "account.bank_country", &a.bank_country);
    if let (Some(iban), Some(country)) = (&iban, bank_country)
        && iban.country() != country.code()
    {
        c.push("account.bank_country", "invalid", format!("must be the IBAN's country, {}", iban.country()));
    }
    c.optional_text("account.routing", a.routing.as_deref(), 64);
    let routing = a.routing.as_deref().map(str::trim).map(str::to_owned);
    Some(NewAccount::Bank { asset: asset?, iban: iban?, bank_name: bank_name?, bank_country: bank_country?, routing })
}

fn wallet(c: &mut Checks, a: &CreateAccount) -> Option<NewAccount> {
    const WHY: &str = "applies to BANK_ACCOUNT accounts only";
    fields::absent(c, "account.iban", &a.iban, WHY);
    fields::absent(c, "account.bank_name", &a.bank_name, WHY);
    fields::absent(c, "account.bank_country", &a.bank_country, WHY);
    fields::absent(c, "account.routing", &a.routing, WHY);
    let asset = fields::required(c, "account.destination_asset", &a.destination_asset).and_then(|code| {
        let found = asset::asset(code).filter(|found| found.kind == AssetKind::Stablecoin);
        if found.is_none() {
            let coins: Vec<&str> =
                asset::ASSETS.iter().filter(|a| a.kind == AssetKind::Stablecoin).map(|a| a.code).collect();
            c.push("account.destination_asset", "invalid", format!("must be one of: {}", coins.join(", ")));
        }
        found
    });
    let network = fields::one_of::<Network>(c, "account.network", &a.network);
    let address = fields::required(c, "account.address", &a.address);
    if let (Some(network), Some(address)) = (network, address)
        && let Err(e) = address::validate(network, address)
    {
        c.push("account.address", "invalid", format!("not a {network} address: {e}"));
    }
    Some(NewAccount::Wallet { asset: asset?, network: network?, address: address?.to_owned() })
}

fn account(c: &mut Checks, account: &Option<CreateAccount>) -> Option<NewAccount> {
    let Some(a) = account else {
        c.push("account", "required", "is required");
        return None;
    };
    match fields::one_of(c, "account.kind", &a.kind)? {
        PayoutAccountKind::BankAccount => bank_account(c, a),
        PayoutAccountKind::StablecoinWallet => wallet(c, a),
    }
}

fn validate(body: &CreateBeneficiary) -> Result<NewBeneficiary, ApiError> {
    let mut c = Checks::new();
    let customer_id = customer_id(&mut c, &body.customer_id);
    let beneficiary_type = fields::one_of(&mut c, "type", &body.beneficiary_type);
    let full_name = fields::text(&mut c, "full_name", &body.full_name, 256);
    let country = fields::country(&mut c, "country", &body.country);
    match beneficiary_type {
        Some(BeneficiaryType::Business) => {
            fields::absent(&mut c, "gov_id_ref", &body.gov_id_ref, "applies to individual beneficiaries only")
        }
        Some(BeneficiaryType::Individual) | None => c.optional_text("gov_id_ref", body.gov_id_ref.as_deref(), 64),
    }
    let account = account(&mut c, &body.account);
    let is_default = body.account.as_ref().and_then(|a| a.is_default);
    c.conclude((|| {
        Some(NewBeneficiary {
            customer_id: customer_id?,
            beneficiary_type: beneficiary_type?,
            full_name: full_name?,
            country: country?,
            gov_id_ref: body.gov_id_ref.as_deref().map(str::trim).map(str::to_owned),
            account: account?,
            is_default,
        })
    })())
}

/// Create a beneficiary
///
/// Adds a beneficiary to a customer of the caller, with exactly one payout account: a bank account
/// (`kind: BANK_ACCOUNT`, IBAN checked) or a stablecoin wallet (`kind: STABLECOIN_WALLET`, address
/// checked for its network). One 400 lists every bad field, nested ones as `account.<field>`.
#[utoipa::path(post, path = "/v1/beneficiaries", tag = "beneficiaries", operation_id = "createBeneficiary", request_body = CreateBeneficiary,
    responses(
        (status = 201, body = Beneficiary, description = "the new beneficiary with its account"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: customer not found"),
    ))]
pub async fn create(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreateBeneficiary>,
) -> Result<Committed, ApiError> {
    let new = validate(&body)?;
    let now = state.clock.app_now(caller.application_id);
    let application_id = caller.application_id;
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        let customer = store::owned::<store::customers::Row>(tx, Some(application_id), &new.customer_id)?;
        store::beneficiaries::insert(tx, application_id, customer.id, &new, now)
    })
    .await
}

/// List a customer's beneficiaries
///
/// The beneficiaries of one customer of the caller (`customer_id` is required), newest first.
#[utoipa::path(get, path = "/v1/beneficiaries", tag = "beneficiaries", operation_id = "listBeneficiaries", params(ListQuery),
    responses(
        (status = 200, body = Page<Beneficiary>, description = "the customer's beneficiaries, newest first"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: customer not found"),
    ))]
pub async fn list(
    State(state): State<AppState>,
    caller: KeyCaller,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<Beneficiary>>, ApiError> {
    let mut checks = Checks::new();
    let customer_id = customer_id(&mut checks, &query.customer_id);
    let page = PageRequest::check(&PageQuery { limit: query.limit, cursor: query.cursor }, &mut checks);
    let customer_id = checks.conclude(customer_id)?;
    let application_id = caller.application_id;
    let page = state
        .db
        .read(move |conn| {
            let customer = store::owned::<store::customers::Row>(conn, Some(application_id), &customer_id)?;
            store::beneficiaries::list(conn, customer.id, &page)
        })
        .await?;
    Ok(Json(page))
}

/// Get a beneficiary
///
/// One beneficiary of the caller, with its payout account.
#[utoipa::path(get, path = "/v1/beneficiaries/{id}", tag = "beneficiaries", operation_id = "getBeneficiary",
    params(("id" = String, Path, description = "beneficiary id")),
    responses(
        (status = 200, body = Beneficiary, description = "the beneficiary"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "BEN_0001: unknown or not the caller's"),
    ))]
pub async fn get(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
) -> Result<Json<Beneficiary>, ApiError> {
    let application_id = caller.application_id;
    Ok(Json(state.db.read(move |conn| store::owned::<Beneficiary>(conn, application_id, &id)).await?))
}
