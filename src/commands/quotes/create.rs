//! `payctl quotes create`: `POST /v1/transactions/quote`.

use payctl_wire::transactions::TransactionQuote;
use reqwest::Method;

use super::{PATH, QuoteArgs};
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, args: QuoteArgs) -> anyhow::Result<()> {
    let body = args.body()?;
    let s = Session::open_with(ctx, Cred::Key, super::FLAGS).await?;
    let quote: TransactionQuote = s.call(Method::POST, PATH, Some(&body)).await?;
    s.created(format_args!(
        "quote {}; accept it before {} with `payctl quotes accept {}`",
        quote.id, quote.expires_at, quote.id
    ));
    s.print(&quote)
}
