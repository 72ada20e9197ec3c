//! `payctl sandbox delete APP_ID`: `DELETE /sandbox/applications/{id}`
//! with the control token, a TEST application (a fork, a loaded snapshot,
//! one made per test) and its whole world gone.

use reqwest::Method;

use super::Running;
use crate::cli::Globals;
use crate::output::Format;

pub const HELP: &str = "Deletes a TEST application and everything of it: its records, keys, request logs and \
deliveries. Its reads answer 404 and its keys 401 from then on. LIVE applications and the ready line's TEST \
application are never deleted. A partner holds at most 100 TEST applications when it forks or loads a snapshot: \
delete the forks a run no longer needs.

The control token comes from PAYCTL_CONTROL_TOKEN, else the ready line; the base URL from --base-url / \
PAYCTL_BASE_URL, else the ready line, else the profile.

Examples:
  payctl sandbox delete APP_ID --ready ready.json
  payctl sandbox fork -o json --ready ready.json | jq -r .application.id   # ... then delete it";

pub async fn run(globals: &Globals, id: &str, ready: Option<&std::path::Path>) -> anyhow::Result<()> {
    let running = Running::open(globals, ready)?;
    let path = format!("/sandbox/applications/{}", crate::commands::apps::segment(id)?);
    let done = running.client.call(Method::DELETE, &path, &running.control()?, None).await?;
    match running.ctx.output {
        Format::Json => crate::output::json(&done),
        Format::Table => {
            let total: i64 = done["deleted"].as_object().map_or(0, |m| m.values().filter_map(|v| v.as_i64()).sum());
            crate::output::line(&format!(
                "Deleted application {}: {total} row(s).",
                crate::output::safe::text(done["id"].as_str().unwrap_or("?"))
            ))
        }
    }
}
