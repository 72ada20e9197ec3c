//! `payctl quotes accept ID`: `POST /v1/transactions/quote/{id}/accept`.

use payctl_wire::transactions::TransactionQuote;
use reqwest::Method;

use super::PATH;
use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    let path = format!("{PATH}/{}/accept", segment(id)?);
    let s = Session::open(ctx, Cred::Key).await?;
    let quote: TransactionQuote = s.call(Method::POST, &path, None).await?;
    crate::say!(
        "Accepted quote {}; it is usable until {}. Next: `payctl transactions create --quote {} --beneficiary \
         BENEFICIARY_ID` sends it.",
        quote.id,
        quote.expires_at,
        quote.id
    );
    s.print(&quote)
}
