//! `payctl sandbox reset`: `POST /sandbox/reset` with the control token, back
//! to the seeded state.

use reqwest::Method;

use super::Running;
use crate::cli::Globals;
use crate::output::Format;

pub const HELP: &str = "Deletes everything created after seeding (the demo data and any --seed fixtures): \
customers, beneficiaries, accounts, webhooks, logs, events, keys, users... Seeded records, this start's \
ready-line keys and the clock stay.

The control token comes from PAYCTL_CONTROL_TOKEN, else the ready line; the base URL from --base-url / \
PAYCTL_BASE_URL, else the ready line, else the profile.

Examples:
  payctl sandbox reset --ready ready.json
  PAYCTL_CONTROL_TOKEN=ctl_... payctl sandbox reset --base-url http://127.0.0.1:4242";

pub async fn run(globals: &Globals, ready: Option<&std::path::Path>) -> anyhow::Result<()> {
    let running = Running::open(globals, ready)?;
    let done = running.client.call(Method::POST, "/sandbox/reset", &running.control()?, None).await?;
    match running.ctx.output {
        Format::Json => crate::output::json(&done),
        Format::Table => {
            let total: i64 = done["deleted"].as_object().map_or(0, |m| m.values().filter_map(|v| v.as_i64()).sum());
            crate::output::line(&format!(
                "Reset: {total} row(s) deleted; sandbox time {}.",
                crate::output::safe::text(done["now"].as_str().unwrap_or("?"))
            ))
        }
    }
}
