//! Transfers (spec 1, 2.11, 4.12): `POST /v1/transfers` is the single door
//! for every flow; `/v1/payins`, `/v1/payouts`, `/v1/bridging` and
//! `/v1/onchain-fx` are granular doors that fix `kind` and run the same
//! code. Parsing lives here; each kind's rules are `flows::transfers`'
//! `KindRules`, pricing is `quoting`, and the flow is `flows::transfers`.
//!
//! Shapes per kind (all need `customer_id`, a verified customer, and
//! `amount` unless a `quote_id` gives it):
//! - payin: source {asset: fiat}; destination {asset} (the customer's account);
//! - payout: source {asset} (the customer's balance); destination
//!   {asset: fiat, beneficiary_id} or {asset: stablecoin, network, address};
//! - bridge: one stablecoin, source and destination {asset, network, address}
//!   on two different networks;
//! - onchain_fx: USDC↔USDT, source and destination {asset, network, address}.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use payctl_domain::address::{self, Network};
use payctl_domain::asset::{Asset, AssetKind};
use payctl_domain::decimal::format_minor;
use payctl_domain::money::MinorUnit;
use payctl_wire::error::ErrorCode;
use payctl_wire::transfers::{CreateTransfer, Swap, Transfer, TransferEndpoint, TransferFees, TransferSide};

use super::fields;
use crate::auth::KeyCaller;
use crate::error::{ApiError, Checks};
use crate::flows;

use crate::flows::transfers::{Kind, KindRules, NewTransfer};
use crate::http::extract::ApiJson;
use crate::idempotency::{self, Claim, Committed, Idempotency};
use crate::state::AppState;
use crate::store::{
    self,
    transfers::{Row, Side},
};
use payctl_domain::states::transfers::{PairProblem, SideAsset};

/// What one side of a kind accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    /// Fiat from outside (payin source): asset only.
    Fiat,
    /// The customer's account: any asset, nothing else.
    Account,
    /// A stablecoin wallet: asset, network and address.
    Chain,
    /// A payout destination: fiat to a beneficiary, or a stablecoin wallet.
    Payout,
}

fn ends(kind: Kind) -> (End, End) {
    match kind {
        Kind::Payin => (End::Fiat, End::Account),
        Kind::Payout => (End::Account, End::Payout),
        Kind::Bridge | Kind::OnchainFx => (End::Chain, End::Chain),
    }
}

/// One side, checked: the stored side, its asset and its network.
struct CheckedEnd {
    side: Side,
    asset: Asset,
    network: Option<Network>,
}

/// Checks one side; returns it when well formed.
fn endpoint(c: &mut Checks, name: &str, ep: &Option<TransferEndpoint>, end: End) -> Option<CheckedEnd> {
    let Some(ep) = ep else {
        c.push(name, "required", "is required");
        return None;
    };
    let f = |field: &str| format!("{name}.{field}");
    let asset = fields::asset(c, &f("asset"), &ep.asset, 16);
    let kind = asset.map(|a| a.kind);
    let chain = match end {
        End::Chain => true,
        End::Payout => kind == Some(AssetKind::Stablecoin),
        _ => false,
    };
    match (end, kind) {
        (End::Fiat, Some(AssetKind::Stablecoin)) => c.push(f("asset"), "not_allowed", "must be a fiat currency"),
        (End::Chain, Some(AssetKind::Fiat)) => c.push(f("asset"), "not_allowed", "must be a stablecoin (USDC, USDT)"),
        _ => {}
    }
    let mut network = None;
    let mut address = None;
    if chain {
        network = fields::one_of::<Network>(c, &f("network"), &ep.network);
        if let Some(a) = fields::required(c, &f("address"), &ep.address) {
            if let Some(n) = network
                && let Err(e) = address::validate(n, a)
            {
                c.push(f("address"), "invalid", format!("is not a valid {n} address: {e}"));
            }
            address = Some(a.to_owned());
        }
    } else {
        fields::absent(c, &f("network"), &ep.network, "only a stablecoin wallet side has a network");
        fields::absent(c, &f("address"), &ep.address, "only a stablecoin wallet side has an address");
    }
    let beneficiary_id = match (end, kind) {
        (End::Payout, Some(AssetKind::Fiat)) => fields::uuid(c, &f("beneficiary_id"), &ep.beneficiary_id),
        _ => {
            fields::absent(c, &f("beneficiary_id"), &ep.beneficiary_id, "only a fiat payout pays a beneficiary");
            None
        }
    };
    let asset = asset?;
    let side = Side { asset, network, address, beneficiary_id };
    Some(CheckedEnd { side, asset, network })
}

/// Parses a request through `door` (`None`: `POST /v1/transfers`, which
/// takes `kind` from the body).
fn parse(door: Option<Kind>, body: &CreateTransfer) -> Result<NewTransfer, ApiError> {
    let mut c = Checks::new();
    let kind = match door {
        None => fields::one_of::<Kind>(&mut c, "kind", &body.kind),
        Some(door) => {
            if body.kind.as_deref().is_some_and(|k| k != door.as_str()) {
                c.push(
                    "kind",
                    "not_allowed",
                    format!("this operation is for kind {}; use POST /v1/transfers", door.as_str()),
                );
            }
            Some(door)
        }
    };
    let customer_id = fields::uuid(&mut c, "customer_id", &body.customer_id);
    let (source, destination) = match kind {
        Some(k) => {
            let (s, d) = ends(k);
            (endpoint(&mut c, "source", &body.source, s), endpoint(&mut c, "destination", &body.destination, d))
        }
        None => (None, None),
    };
    let quote_id = fields::optional_uuid(&mut c, "quote_id", &body.quote_id);
    let amount = match (&body.amount, &source) {
        (None, _) if quote_id.is_some() => None,
        (_, Some(s)) if s.asset.kind == AssetKind::Stablecoin => {
            fields::decimal_amount(&mut c, "amount", &body.amount, Some(s.asset))
        }
        (_, Some(_)) => fields::amount_minor(&mut c, "amount", &body.amount),
        (_, None) => fields::required(&mut c, "amount", &body.amount).and(None),
    };
    // The kind's rules for its two sides: a pair it does not allow is one
    // of the 400's problems; a coin on a network it is not issued on, 422.
    let pair = |s: &CheckedEnd| SideAsset { asset: s.side.asset, network: s.side.network };
    let not_issued = match (kind, &source, &destination) {
        (Some(k), Some(s), Some(d)) => match k.pair_problem(pair(s), pair(d)) {
            Some(PairProblem::Field(field, why)) => {
                c.push(field, "invalid", why);
                None
            }
            Some(PairProblem::NotIssued(why)) => Some(why),
            None => None,
        },
        _ => None,
    };
    let (kind, customer_id, source, destination) =
        c.conclude((move || Some((kind?, customer_id?, source?, destination?)))())?;
    if let Some(why) = not_issued {
        return Err(ApiError::new(ErrorCode::UnsupportedCombination, why));
    }
    Ok(NewTransfer {
        kind,
        customer_id,
        source: source.side,
        source_asset: source.asset,
        destination: destination.side,
        destination_asset: destination.asset,
        destination_network: destination.network,
        amount,
        quote_id,
    })
}

fn side_view(side: &Side, amount: MinorUnit) -> TransferSide {
    TransferSide {
        asset: side.asset.code.to_owned(),
        network: side.network,
        address: side.address.clone(),
        beneficiary_id: side.beneficiary_id.clone(),
        amount: format_minor(amount.as_u64(), side.asset.decimals),
        amount_minor: amount.to_string(),
    }
}

fn fees(t: &Row) -> TransferFees {
    TransferFees {
        platform_fee: format_minor(t.fee.as_u64(), t.source.asset.decimals),
        network_fee: format_minor(t.network_fee.as_u64(), t.destination.asset.decimals),
    }
}

pub fn transfer_view(t: &Row) -> Transfer {
    Transfer {
        id: t.public_id.clone(),
        kind: t.kind,
        status: t.status,
        customer_id: t.customer_public_id.clone(),
        quote_id: t.quote_public_id.clone(),
        source: side_view(&t.source, t.source_amount),
        destination: side_view(&t.destination, t.destination_amount),
        exchange_rate: t.exchange_rate.to_string(),
        fees: fees(t),
        failure_reason: t.failure_reason.clone(),
        created_at: t.created_at.to_rfc3339(),
        updated_at: t.updated_at.to_rfc3339(),
        completed_at: t.completed_at.map(|c| c.to_rfc3339()),
    }
}

/// A swap in the shape of spec 2.11; both of its sides are wallets.
pub fn swap_view(t: &Row) -> Result<Swap, ApiError> {
    let wallet = |side: &Side| {
        side.network
            .zip(side.address.clone())
            .ok_or_else(|| ApiError::internal("a swap side stored without its wallet"))
    };
    let ((source_network, source_address), (destination_network, destination_address)) =
        (wallet(&t.source)?, wallet(&t.destination)?);
    Ok(Swap {
        fx_id: t.public_id.clone(),
        quote_id: t.quote_public_id.clone(),
        status: t.status,
        source_currency: t.source.asset.code.to_owned(),
        destination_currency: t.destination.asset.code.to_owned(),
        source_network,
        destination_network,
        source_address,
        destination_address,
        source_amount: format_minor(t.source_amount.as_u64(), t.source.asset.decimals),
        destination_amount: format_minor(t.destination_amount.as_u64(), t.destination.asset.decimals),
        exchange_rate: t.exchange_rate.to_string(),
        fees: fees(t),
        created_at: t.created_at.to_rfc3339(),
        completed_at: t.completed_at.map(|c| c.to_rfc3339()),
    })
}

async fn create(
    state: AppState,
    caller: KeyCaller,
    claim: Option<Claim>,
    body: CreateTransfer,
    door: Option<Kind>,
) -> Result<Committed, ApiError> {
    let new = parse(door, &body)?;
    let as_swap = door == Some(Kind::OnchainFx);
    let (application_id, partner_id, clocks) = (caller.application_id, caller.partner_id, state.clock.clone());
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        let t = flows::transfers::create(tx, &clocks, application_id, partner_id, new)?;
        Ok(if as_swap { serde_json::to_value(swap_view(&t)?)? } else { serde_json::to_value(transfer_view(&t))? })
    })
    .await
}

/// The granular doors: each fixes `kind` and calls the same code.
macro_rules! door {
    ($name:ident, $id:literal, $path:literal, $kind:expr, $request:ty, $answer:ty, $summary:literal, $description:literal, $created:literal) => {
        #[utoipa::path(post, path = $path, tag = "transfers", operation_id = $id, request_body = $request,
            summary = $summary, description = $description,
            responses(
                (status = 201, body = $answer, description = $created),
                (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: every bad field in `error.details`, a quote for another pair, an amount that differs from the quote's, or a beneficiary of another customer; IDM_0002: the quote is not accepted, already used or past its lock"),
                (status = 403, body = payctl_wire::error::ErrorEnvelope, description = "CMP_0001: the customer has not passed verification (kyb_status is not approved)"),
                (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: unknown customer, or another caller's; BEN_0001: unknown beneficiary; NOT_FOUND: unknown quote"),
                (status = 422, body = payctl_wire::error::ErrorEnvelope, description = "UNSUPPORTED_COMBINATION: a coin not issued on the network, no rate for the pair, or a beneficiary in another asset; INSUFFICIENT_FUNDS: the source balance cannot cover the amount; INVALID_AMOUNT: the amount delivers nothing once fees are paid (the message names the smallest amount that does)"),
            ))]
        pub async fn $name(
            State(state): State<AppState>,
            caller: KeyCaller,
            Idempotency(claim): Idempotency,
            ApiJson(body): ApiJson<CreateTransfer>,
        ) -> Result<Committed, ApiError> {
            create(state, caller, claim, body, $kind).await
        }
    };
}

door!(
    create_transfer,
    "createTransfer",
    "/v1/transfers",
    None,
    payctl_wire::transfers::CreateTransferRequest,
    Transfer,
    "Create a transfer of any kind",
    "The single door for every flow: `kind` in the body says which runs (`payin`, `payout`, `bridge`, `onchain_fx`) and which sides it takes. The transfer starts `pending` and moves on with sandbox time; the customer must be approved.",
    "the transfer, `pending`"
);
door!(
    create_payin,
    "createPayin",
    "/v1/payins",
    Some(Kind::Payin),
    payctl_wire::transfers::CreatePayin,
    Transfer,
    "Create a payin",
    "Fiat in from outside, credited to the customer's account in the destination asset. The same as `POST /v1/transfers` with `kind: payin`; `kind` may be left out here (the document asks for it so one schema serves both doors).",
    "the payin transfer, `pending`"
);
door!(
    create_payout,
    "createPayout",
    "/v1/payouts",
    Some(Kind::Payout),
    payctl_wire::transfers::CreatePayout,
    Transfer,
    "Create a payout",
    "From the customer's account to a beneficiary (fiat) or a stablecoin wallet. The same as `POST /v1/transfers` with `kind: payout`; `kind` may be left out here.",
    "the payout transfer, `pending`"
);
door!(
    create_bridge,
    "createBridge",
    "/v1/bridging",
    Some(Kind::Bridge),
    payctl_wire::transfers::CreateBridge,
    Transfer,
    "Bridge a stablecoin between networks",
    "One stablecoin moved from a wallet on one network to a wallet on another. The same as `POST /v1/transfers` with `kind: bridge`; `kind` may be left out here.",
    "the bridge transfer, `pending`"
);
door!(
    create_swap,
    "createSwap",
    "/v1/onchain-fx",
    Some(Kind::OnchainFx),
    payctl_wire::transfers::CreateSwap,
    Swap,
    "Swap USDC and USDT on chain",
    "An on-chain swap, USDC to USDT or back, answered in the swap shape of spec 2.11 (read it back with `GET /v1/onchain-fx/{id}`). The same flow as `POST /v1/transfers` with `kind: onchain_fx`; `kind` may be left out here.",
    "the swap, `pending`"
);

/// Get a transfer
///
/// A transfer of the caller, of any kind, in the transfer shape (swaps
/// included), with its status as of now.
#[utoipa::path(get, path = "/v1/transfers/{id}", tag = "transfers", operation_id = "getTransfer",
    params(("id" = String, Path, description = "transfer id (tr_… or fx_…)")),
    responses((status = 200, body = Transfer, description = "the transfer"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown transfer, or another caller's")))]
pub async fn get_transfer(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
) -> Result<Json<Transfer>, ApiError> {
    let application_id = caller.application_id;
    let t = state.db.read(move |conn| store::owned::<Row>(conn, Some(application_id), &id)).await?;
    Ok(Json(transfer_view(&t)))
}

/// Get a swap
///
/// An on-chain swap of the caller in the swap shape of spec 2.11; other
/// transfer kinds are not found here.
#[utoipa::path(get, path = "/v1/onchain-fx/{id}", tag = "transfers", operation_id = "getSwap",
    params(("id" = String, Path, description = "fx_id")),
    responses((status = 200, body = Swap, description = "the swap"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown swap, or another caller's")))]
pub async fn get_swap(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
) -> Result<Json<Swap>, ApiError> {
    let application_id = caller.application_id;
    let t = state.db.read(move |conn| store::owned::<Row>(conn, Some(application_id), &id)).await?;
    if t.kind != Kind::OnchainFx {
        return Err(store::missing::<Row>());
    }
    Ok(Json(swap_view(&t)?))
}
