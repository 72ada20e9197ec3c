//! `payctl pricing corridors`: `GET /v1/pricing/corridors`.

use payctl_wire::pricing::CorridorList;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx) -> anyhow::Result<()> {
    Session::open(ctx, Cred::Bearer).await?.rows::<CorridorList>("/v1/pricing/corridors", super::CORRIDOR_COLUMNS).await
}
