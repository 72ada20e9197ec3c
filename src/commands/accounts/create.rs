//! `payctl accounts create`: `POST /v1/accounts`.

use payctl_wire::accounts::{Account, CreateAccount};
use reqwest::Method;

use super::CreateArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, args: CreateArgs) -> anyhow::Result<()> {
    let flags = CreateAccount {
        account_type: args.account_type,
        currency: args.currency,
        corridor: args.corridor,
        network: args.network,
        wallet_mode: args.wallet_mode,
        external_address: args.external_address,
        label: args.label,
    };
    let body = args.data.body(&flags)?;
    let flags = &[
        ("type", "--type"),
        ("currency", "--currency"),
        ("corridor", "--corridor"),
        ("network", "--network"),
        ("wallet_mode", "--wallet-mode"),
        ("external_address", "--external-address"),
        ("label", "--label"),
    ];
    let s = Session::open_with(ctx, Cred::Key, flags).await?;
    let account: Account = s.call(Method::POST, "/v1/accounts", Some(&body)).await?;
    crate::say!("Opened {} {} account {}.", account.account_type, account.currency, account.id);
    s.print(&account)
}
