//! Wallets (spec 4.9): the public address check and the partner's own
//! wallets.
//!
//! `GET /v1/wallets/validate` is public as documented. The specification
//! also says the running service may demand a bearer token; the sandbox
//! follows the public form and ignores any credentials sent, so clients
//! written for either statement work.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use payctl_domain::address::{self, Network};
use payctl_wire::wallets::{AddressValidation, PartnerWalletList, PutPartnerWallet};
use serde::Deserialize;

use crate::auth::DashboardUser;
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::state::AppState;
use crate::store;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ValidateQuery {
    /// The address to check: any non-empty text (a malformed address is
    /// answered `valid: false`).
    #[param(required = true, min_length = 1)]
    pub address: Option<String>,
    /// One of the eleven network codes, lower case.
    #[param(value_type = payctl_wire::schema::Network, required = true)]
    pub network: Option<String>,
}

/// A network code from a request, or an issue naming `field`.
pub fn parse_network(checks: &mut Checks, field: &str, code: Option<&str>) -> Option<Network> {
    match code.map(str::trim).filter(|c| !c.is_empty()) {
        None => {
            checks.push(field, "required", "must be given");
            None
        }
        Some(c) => {
            let network = Network::parse(c);
            if network.is_none() {
                checks.push(field, "invalid", format!("must be one of {}", Network::VALUES.join(", ")));
            }
            network
        }
    }
}

/// Validate a wallet address
///
/// Public: checks an address for a network, checksum included where the format has one. A malformed
/// address is a normal answer (`valid: false` with the reason), not an error: asking is the point.
#[utoipa::path(get, path = "/v1/wallets/validate", tag = "wallets", operation_id = "validateWalletAddress", params(ValidateQuery),
    responses(
        (status = 200, body = AddressValidation, description = "whether the address is valid for the network"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: a parameter is missing or the network is unknown"),
    ))]
pub async fn validate(ApiQuery(query): ApiQuery<ValidateQuery>) -> Result<Json<AddressValidation>, ApiError> {
    let mut checks = Checks::new();
    if query.address.as_deref().is_none_or(str::is_empty) {
        checks.push("address", "required", "must be given");
    }
    let network = parse_network(&mut checks, "network", query.network.as_deref());
    let (network, address) = checks.conclude((|| Some((network?, query.address?)))())?;
    let result = address::validate(network, &address);
    Ok(Json(AddressValidation {
        valid: result.is_ok(),
        format: address::format_of(network),
        network,
        reason: result.err().map(|e| e.to_string()),
    }))
}

/// List the partner's wallets
///
/// The partner's wallets, by network then role (at most one per network and role, so the list is
/// not paginated).
#[utoipa::path(get, path = "/v1/partner-wallets", tag = "wallets", operation_id = "listPartnerWallets", responses((status = 200, body = PartnerWalletList, description = "the partner's wallets, by network then role")))]
pub async fn list(State(state): State<AppState>, user: DashboardUser) -> Result<Json<PartnerWalletList>, ApiError> {
    let partner = user.partner()?.id;
    let data = state.db.read(move |conn| store::partner_wallets::list(conn, partner)).await?;
    Ok(Json(PartnerWalletList { data }))
}

/// Set a partner wallet
///
/// Sets the address of the partner's wallet for a network and role: 201 when the wallet is new, 200
/// when it existed (changed or not). The same body sent twice yields the same record.
#[utoipa::path(put, path = "/v1/partner-wallets", tag = "wallets", operation_id = "setPartnerWallet", request_body = PutPartnerWallet,
    responses(
        (status = 200, body = payctl_wire::wallets::PartnerWallet, description = "the existing wallet, updated"),
        (status = 201, body = payctl_wire::wallets::PartnerWallet, description = "the new wallet"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: unknown network or role, invalid address"),
    ))]
pub async fn put(
    State(state): State<AppState>,
    user: DashboardUser,
    ApiJson(body): ApiJson<PutPartnerWallet>,
) -> Result<Response, ApiError> {
    let partner = user.partner()?.id;
    let mut checks = Checks::new();
    let network = parse_network(&mut checks, "network", Some(&body.network));
    if let Some(network) = network
        && let Err(reason) = address::validate(network, &body.address)
    {
        checks.push("address", "invalid", format!("{reason} ({network} network)"));
    }
    let network = checks.conclude(network)?;
    let now = state.clock.now();
    let (created, wallet) = state
        .db
        .write(move |tx| store::partner_wallets::upsert(tx, partner, network, body.wallet_role, &body.address, now))
        .await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(wallet)).into_response())
}
