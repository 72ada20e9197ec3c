//! `payctl logs export`: the caller's request logs as a fixture (see
//! `crate::fixtures::export`), for replaying a partner's calls locally.

use std::path::PathBuf;

use payctl_wire::logs::RequestLog;

use super::Filters;
use crate::cli::ListArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::exit;
use crate::fixtures::export;

pub async fn run(
    ctx: Ctx,
    filters: &Filters,
    name: &str,
    file: Option<PathBuf>,
    fill: &[String],
) -> anyhow::Result<()> {
    let fills = export::fills(fill)?;
    let session = Session::open_with(ctx, Cred::Key, super::FLAGS).await?;
    let page = session.client.list::<RequestLog>(&filters.path(), &session.auth, &ListArgs::every()).await?;
    let logs = export::replay_order(page.data);
    if logs.is_empty() {
        return Err(exit::api("no request logs match; nothing to export"));
    }
    let origins = export::origins(&session.client, &session.auth, &logs).await;
    let fixture = export::build(name, &logs, &origins, &fills);
    let text = format!("{}\n", serde_json::to_string_pretty(&fixture)?);
    match file {
        Some(path) => {
            std::fs::write(&path, text).map_err(|e| exit::local(format!("{}: cannot write: {e}", path.display())))?;
            crate::say!("Wrote {} step(s) to {}.", fixture.steps.len(), path.display());
        }
        None => crate::output::out(&text)?,
    }
    if let Some(description) = &fixture.description
        && description.contains("Redacted values replaced")
    {
        crate::say!("note: {description}");
    }
    Ok(())
}
