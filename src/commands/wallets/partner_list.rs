//! `payctl wallets partner list`: `GET /v1/partner-wallets`.

use payctl_wire::wallets::PartnerWalletList;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx) -> anyhow::Result<()> {
    Session::open(ctx, Cred::Bearer).await?.rows::<PartnerWalletList>("/v1/partner-wallets", super::COLUMNS).await
}
