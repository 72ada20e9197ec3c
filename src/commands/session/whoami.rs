//! `payctl whoami`: `GET /v1/auth/me`, the user behind the login.

use payctl_wire::auth::Me;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::output;

pub async fn run(ctx: Ctx) -> anyhow::Result<()> {
    let s = Session::open(ctx, Cred::Bearer).await?;
    let me: Me = s.client.get("/v1/auth/me", &s.auth).await?;
    let mut value = serde_json::to_value(&me)?;
    if s.ctx.output == output::Format::Table {
        // A nested partner reads badly in a two-column table.
        value["partner"] =
            me.partner.as_ref().map_or(serde_json::Value::Null, |p| format!("{} ({})", p.name, p.id).into());
    }
    output::record(s.ctx.output, &value)
}
