//! `payctl wallets validate --network N ADDRESS`: `GET /v1/wallets/validate`.
//! The API answers 200 for an invalid address; the command turns that into
//! exit 1 so scripts can branch on it.

use payctl_wire::wallets::AddressValidation;
use reqwest::Method;

use crate::commands::resource::{Cred, Session, query};
use crate::context::Ctx;
use crate::exit;

pub async fn run(ctx: Ctx, network: &str, address: &str) -> anyhow::Result<()> {
    let s = Session::open(ctx, Cred::Public).await?;
    let path = query("/v1/wallets/validate", &[("address", Some(address)), ("network", Some(network))]);
    let check: AddressValidation = s.call(Method::GET, &path, None).await?;
    s.print(&check)?;
    if check.valid {
        crate::say!("Valid {} address on {}.", check.format, check.network);
        Ok(())
    } else {
        let reason = check.reason.as_deref().unwrap_or("no reason given");
        Err(exit::invalid(format!("not a valid {} address: {reason}", check.network)))
    }
}
