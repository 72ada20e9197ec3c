//! `payctl wallets partner set`: `PUT /v1/partner-wallets`, an upsert on
//! network and role.

use payctl_wire::wallets::{PartnerWallet, PutPartnerWallet, WalletRole};
use reqwest::Method;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::exit;

pub async fn run(ctx: Ctx, network: String, role: &str, address: String) -> anyhow::Result<()> {
    let wallet_role = WalletRole::parse(role).ok_or_else(|| exit::usage(format!("unknown --role {role:?}")))?;
    let body = serde_json::to_value(PutPartnerWallet { network, wallet_role, address })?;
    let s = Session::open(ctx, Cred::Bearer).await?;
    let wallet: PartnerWallet = s.call(Method::PUT, "/v1/partner-wallets", Some(&body)).await?;
    crate::say!("The {} wallet on {} is {}.", wallet.wallet_role.as_str(), wallet.network, wallet.address);
    s.print(&wallet)
}
