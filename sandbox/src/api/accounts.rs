//! Accounts (spec 2.10, 4.6): a customer's ledger balances, the
//! application's own balances, and settlement accounts and wallets opened
//! with `POST /v1/accounts`.
//!
//! What may be opened is a fixed support matrix (documented in
//! sandbox/README.md): a well-formed request outside it is 422
//! `UNSUPPORTED_COMBINATION`, a malformed one 400. These routes answer with
//! the flat error codes of spec 4.6 (`VALIDATION_ERROR`, `UNAUTHORIZED`, …).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use payctl_domain::accounts::{FIAT_CORRIDORS, STABLECOIN_NETWORKS};
use payctl_domain::address::{self, Network};
use payctl_domain::asset;
use payctl_wire::accounts::{Account, AccountType, Balances, CreateAccount, LedgerAccount, WalletMode};
use payctl_wire::page::Page;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, Schema, SchemaType, Type};

use super::fields;
use crate::auth::KeyCaller;
use crate::error::{ApiError, Checks};
use crate::flows::accounts::{self, Custody, NewAccount};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;
use crate::store;

/// The request as the document states it, as named schemas: `CreateAccount`
/// is told apart by `type` into `CreateFiatAccount` and
/// `CreateStablecoinAccount`, each one plain object (generators cannot
/// nest unions under a discriminator). Which corridor goes with which
/// currency, and which network with which coin, is the support matrix:
/// each shape's description lists it, and a pair outside it is 422
/// `UNSUPPORTED_COMBINATION`. They replace the wire type's field-by-field
/// schema.
pub fn request_schemas() -> Vec<(String, RefOr<Schema>)> {
    let text = || ObjectBuilder::new().schema_type(Type::String);
    let among = |values: Vec<&str>| text().enum_values(Some(values));
    // Every value of the lists, once, in first-seen order.
    let union = |lists: Vec<Vec<&'static str>>| {
        lists.concat().into_iter().fold(Vec::new(), |mut all, v| {
            if !all.contains(&v) {
                all.push(v);
            }
            all
        })
    };
    let label = || {
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
            .pattern(Some(r"\S"))
            .max_length(Some(128))
            .description(Some("Friendly name, at most 128 characters."))
    };
    let shape = |account_type: &str, currencies: Vec<&str>, description: String| {
        ObjectBuilder::new()
            .property("type", among(vec![account_type]))
            .required("type")
            .property("currency", among(currencies))
            .required("currency")
            .property("label", label())
            .additional_properties(Some(AdditionalProperties::FreeForm(false)))
            .description(Some(description))
    };
    let matrix = |rows: Vec<String>| rows.join("; ");
    let fiat = shape(
        "fiat",
        FIAT_CORRIDORS.iter().map(|(c, _)| *c).collect(),
        format!(
            "A fiat settlement account in a corridor of its currency ({}).",
            matrix(FIAT_CORRIDORS.iter().map(|(c, corridors)| format!("{c} in {}", corridors.join(", "))).collect())
        ),
    )
    .property("corridor", among(union(FIAT_CORRIDORS.iter().map(|(_, c)| c.to_vec()).collect())))
    .required("corridor");
    let networks = |list: &[Network]| list.iter().map(|n| n.as_str()).collect::<Vec<_>>();
    let stablecoin = shape(
        "stablecoin",
        STABLECOIN_NETWORKS.iter().map(|(c, _)| *c).collect(),
        format!(
            "A stablecoin wallet on a network its coin is issued on ({}). `mpc` wallets get an address the sandbox \
             provisions; `self_custody` wallets bring one in `external_address` (required for them, refused for \
             `mpc`), valid on the network, checksum included where the format has one (no schema can state that).",
            matrix(STABLECOIN_NETWORKS.iter().map(|(c, n)| format!("{c} on {}", networks(n).join(", "))).collect())
        ),
    )
    .property("network", among(union(STABLECOIN_NETWORKS.iter().map(|(_, n)| networks(n)).collect())))
    .required("network")
    .property("wallet_mode", among(WalletMode::VALUES.to_vec()))
    .required("wallet_mode")
    .property("external_address", text().min_length(Some(1)));
    let variants = [("fiat", "CreateFiatAccount".to_owned()), ("stablecoin", "CreateStablecoinAccount".to_owned())];
    vec![
        (
            "CreateAccount".to_owned(),
            payctl_wire::schema::discriminated(
                "type",
                &variants,
                &[
                    "Body of `POST /v1/accounts`: a fiat settlement account or a stablecoin wallet, told apart by `type`.",
                ],
            ),
        ),
        ("CreateFiatAccount".to_owned(), fiat.into()),
        ("CreateStablecoinAccount".to_owned(), stablecoin.into()),
    ]
}

/// Parses a request: 400 for malformed fields, all listed at once. A
/// well-formed combination outside the support matrix is the flow's 422.
fn validate(body: &CreateAccount) -> Result<NewAccount, ApiError> {
    let mut c = Checks::new();
    let account_type = fields::one_of(&mut c, "type", &body.account_type);
    let currency = fields::required(&mut c, "currency", &body.currency).and_then(|code| {
        let known = asset::asset(code);
        if known.is_none() {
            c.push("currency", "invalid", "is not a currency code this API knows (e.g. AED, USDC, USDT)");
        }
        known
    });
    let label = body.label.as_deref().map(str::trim).map(str::to_owned);
    c.optional_text("label", label.as_deref(), 128);
    let parsed = match account_type {
        Some(AccountType::Fiat) => {
            fields::absent(&mut c, "network", &body.network, "only stablecoin wallets have a network");
            fields::absent(&mut c, "wallet_mode", &body.wallet_mode, "only stablecoin wallets have a wallet mode");
            fields::absent(
                &mut c,
                "external_address",
                &body.external_address,
                "only stablecoin wallets have an address",
            );
            let corridor = fields::required(&mut c, "corridor", &body.corridor).and_then(|corridor| {
                let well_formed = corridor.len() <= 64 && corridor.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
                if !well_formed {
                    c.push("corridor", "invalid", "must be a lowercase corridor code such as uae");
                }
                well_formed.then(|| corridor.to_owned())
            });
            (|| Some(NewAccount::Fiat { currency: currency?, corridor: corridor?, label }))()
        }
        Some(AccountType::Stablecoin) => {
            fields::absent(&mut c, "corridor", &body.corridor, "only fiat accounts have a corridor");
            let network = fields::one_of::<Network>(&mut c, "network", &body.network);
            let custody = match fields::one_of(&mut c, "wallet_mode", &body.wallet_mode) {
                Some(WalletMode::SelfCustody) => fields::required(&mut c, "external_address", &body.external_address)
                    .and_then(|address| {
                        if let Some(network) = network
                            && let Err(e) = address::validate(network, address)
                        {
                            c.push("external_address", "invalid", format!("is not a valid {network} address: {e}"));
                            return None;
                        }
                        Some(Custody::SelfCustody(address.to_owned()))
                    }),
                Some(WalletMode::Mpc) => {
                    fields::absent(
                        &mut c,
                        "external_address",
                        &body.external_address,
                        "mpc wallets get an address from the service; use self_custody to bring your own",
                    );
                    Some(Custody::Mpc)
                }
                None => None,
            };
            (|| Some(NewAccount::Stablecoin { coin: currency?, network: network?, custody: custody?, label }))()
        }
        None => None,
    };
    c.conclude(parsed)
}

/// Open a settlement account or wallet
///
/// Opens a fiat settlement account in a corridor, or a stablecoin wallet on a network its coin is
/// issued on. `mpc` wallets get an address the sandbox provisions (valid for the network,
/// controlled by no one); `self_custody` wallets bring their own. A malformed request is 400, a
/// well-formed one outside the support matrix 422. These routes answer with the flat error codes.
#[utoipa::path(post, path = "/v1/accounts", tag = "accounts", operation_id = "createAccount", request_body = CreateAccount,
    responses(
        (status = 201, body = Account, description = "the new account"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "DUPLICATE_ACCOUNT: the application already has this account (same currency and corridor, or coin and network)"),
        (status = 422, body = payctl_wire::error::ErrorEnvelope, description = "UNSUPPORTED_COMBINATION: a well-formed combination outside the support matrix"),
    ))]
pub async fn create(
    State(state): State<AppState>,
    key: KeyCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreateAccount>,
) -> Result<Committed, ApiError> {
    let new = validate(&body)?;
    let now = state.clock.app_now(key.application_id);
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        accounts::open(tx, key.application_id, &new, now)
    })
    .await
}

/// List settlement accounts and wallets
///
/// The caller's settlement accounts and wallets, newest first, each with its balance from the
/// ledger.
#[utoipa::path(get, path = "/v1/accounts", tag = "accounts", operation_id = "listAccounts", params(PageQuery), responses((status = 200, body = Page<Account>, description = "settlement accounts and wallets, newest first")))]
pub async fn list(
    State(state): State<AppState>,
    key: KeyCaller,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<Account>>, ApiError> {
    let page = PageRequest::parse(&query)?;
    Ok(Json(state.db.read(move |conn| store::accounts::list(conn, key.application_id, &page)).await?))
}

/// Get a settlement account or wallet
///
/// One settlement account or wallet of the caller, with its balance from the ledger.
#[utoipa::path(get, path = "/v1/accounts/{id}", tag = "accounts", operation_id = "getAccount",
    params(("id" = String, Path, description = "account id")), responses(
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown account, or another application's"),(status = 200, body = Account, description = "the account")))]
pub async fn get(
    State(state): State<AppState>,
    key: KeyCaller,
    Path(id): Path<String>,
) -> Result<Json<Account>, ApiError> {
    Ok(Json(state.db.read(move |conn| store::owned::<Account>(conn, key.application_id, &id)).await?))
}

/// List a customer's ledger accounts
///
/// A customer's ledger accounts with live balances; an account appears once the customer has held
/// the asset.
#[utoipa::path(get, path = "/v1/customers/{customer_id}/accounts", tag = "accounts", operation_id = "listCustomerAccounts",
    params(("customer_id" = String, Path, description = "customer id")), responses(
        (status = 200, body = Vec<LedgerAccount>, description = "the customer's ledger accounts"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: unknown customer, or another caller's"),
    ))]
pub async fn for_customer(
    State(state): State<AppState>,
    key: KeyCaller,
    Path(customer_id): Path<String>,
) -> Result<Json<Vec<LedgerAccount>>, ApiError> {
    let accounts = state
        .db
        .read(move |conn| {
            let customer = store::owned::<store::customers::Row>(conn, Some(key.application_id), &customer_id)?;
            store::accounts::for_customer(conn, customer.id)
        })
        .await?;
    Ok(Json(accounts))
}

/// List the application's balances
///
/// The application's own ledger balances: its prefunded float per asset (created and funded on
/// first use), fees earned, settlement accounts and wallets.
#[utoipa::path(get, path = "/v1/balances", tag = "accounts", operation_id = "listBalances", responses((status = 200, body = Balances, description = "the application's ledger balances")))]
pub async fn balances(State(state): State<AppState>, key: KeyCaller) -> Result<Json<Balances>, ApiError> {
    let data = state.db.read(move |conn| store::accounts::balances(conn, key.application_id)).await?;
    Ok(Json(Balances { data }))
}
