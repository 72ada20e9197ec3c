//! Beneficiaries (spec 2.6, 4.5): who a customer pays out to. Each has one
//! account, a bank account (IBAN) or a stablecoin wallet, validated with the
//! domain rules so a payout can never be aimed at a malformed destination.
//! Every problem of a request is reported at once, nested account fields as
//! `account.<field>`.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use payctl_domain::address::{self, Network};
use payctl_domain::asset::{self, AssetKind};
use payctl_domain::iban::Iban;
use payctl_wire::beneficiaries::{
    BANK_ACCOUNT, Beneficiary, BeneficiaryType, CreateAccount, CreateBeneficiary, PayoutAccountKind, STABLECOIN_WALLET,
};
use payctl_wire::page::Page;
use serde::Deserialize;

use super::fields;
use crate::auth::KeyCaller;
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::idempotency::{self, Idempotency};
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
    let destination_asset = fields::required(c, "account.destination_asset", &a.destination_asset).and_then(|code| {
        match asset::asset(code) {
            Some(found) if found.kind == AssetKind::Fiat => Some(code.to_owned()),
            _ => {
                c.push(
                    "account.destination_asset",
                    "invalid",
                    "must be a fiat currency code the sandbox knows, e.g. EUR",
                );
                None
            }
        }
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
    if let (Some(iban), Some(country)) = (&iban, &bank_country)
        && iban.country() != country
    {
        c.push("account.bank_country", "invalid", format!("must be the IBAN's country, {}", iban.country()));
    }
    c.optional_text("account.routing", a.routing.as_deref(), 64);
    Some(NewAccount {
        kind: BANK_ACCOUNT.to_owned(),
        destination_asset: destination_asset?,
        iban: Some(iban?.as_ref().to_owned()),
        bank_name: Some(bank_name?),
        bank_country: Some(bank_country?),
        routing: a.routing.as_deref().map(str::trim).map(str::to_owned),
        network: None,
        address: None,
        is_default: a.is_default,
    })
}

fn wallet(c: &mut Checks, a: &CreateAccount) -> Option<NewAccount> {
    const WHY: &str = "applies to BANK_ACCOUNT accounts only";
    fields::absent(c, "account.iban", &a.iban, WHY);
    fields::absent(c, "account.bank_name", &a.bank_name, WHY);
    fields::absent(c, "account.bank_country", &a.bank_country, WHY);
    fields::absent(c, "account.routing", &a.routing, WHY);
    let destination_asset = fields::one_of(c, "account.destination_asset", &a.destination_asset, &["USDC", "USDT"]);
    let network = fields::required(c, "account.network", &a.network).and_then(|code| {
        let parsed = Network::parse(code);
        if parsed.is_none() {
            let known: Vec<&str> = Network::ALL.iter().map(|n| n.code()).collect();
            c.push("account.network", "invalid", format!("must be one of: {}", known.join(", ")));
        }
        parsed
    });
    let address = fields::required(c, "account.address", &a.address);
    if let (Some(network), Some(address)) = (network, address)
        && let Err(e) = address::validate(network, address)
    {
        c.push("account.address", "invalid", format!("not a {} address: {e}", network.code()));
    }
    Some(NewAccount {
        kind: STABLECOIN_WALLET.to_owned(),
        destination_asset: destination_asset?,
        iban: None,
        bank_name: None,
        bank_country: None,
        routing: None,
        network: Some(network?.code().to_owned()),
        address: Some(address?.to_owned()),
        is_default: a.is_default,
    })
}

fn account(c: &mut Checks, account: &Option<CreateAccount>) -> Option<NewAccount> {
    let Some(a) = account else {
        c.push("account", "required", "is required");
        return None;
    };
    match fields::one_of(c, "account.kind", &a.kind, PayoutAccountKind::VALUES)?.as_str() {
        BANK_ACCOUNT => bank_account(c, a),
        _ => wallet(c, a),
    }
}

fn validate(body: &CreateBeneficiary) -> Result<NewBeneficiary, ApiError> {
    let mut c = Checks::new();
    let customer_id = customer_id(&mut c, &body.customer_id);
    let beneficiary_type = fields::one_of(&mut c, "type", &body.beneficiary_type, BeneficiaryType::VALUES);
    let full_name = fields::text(&mut c, "full_name", &body.full_name, 256);
    let country = fields::country(&mut c, "country", &body.country);
    if beneficiary_type.as_deref() == Some("business") {
        fields::absent(&mut c, "gov_id_ref", &body.gov_id_ref, "applies to individual beneficiaries only");
    } else {
        c.optional_text("gov_id_ref", body.gov_id_ref.as_deref(), 64);
    }
    let account = account(&mut c, &body.account);
    c.finish()?;
    let new = (|| {
        Some(NewBeneficiary {
            customer_id: customer_id?,
            beneficiary_type: beneficiary_type?,
            full_name: full_name?,
            country: country?,
            gov_id_ref: body.gov_id_ref.as_deref().map(str::trim).map(str::to_owned),
            account: account?,
        })
    })();
    new.ok_or_else(|| ApiError::internal("beneficiary validation passed with a field missing"))
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
) -> Result<Response, ApiError> {
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
    checks.finish()?;
    let customer_id = customer_id.ok_or_else(|| ApiError::internal("customer_id passed validation missing"))?;
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
