//! `payctl sandbox faults rm ID...`: `DELETE /sandbox/faults/{id}` for each.

use std::path::PathBuf;

use clap::Args;
use reqwest::Method;

use super::super::Running;
use crate::cli::Globals;
use crate::commands::apps::segment;

pub const HELP: &str = "A TEST key removes its own application's rules; the control token (--global) any rule, \
global ones included. The ids are removed in order; the first that cannot be stops the command.

Examples:
  payctl sandbox faults rm flt_0f3c…
  payctl sandbox faults rm flt_0f3c… flt_9a1b… --global --ready ready.json";

#[derive(Debug, Args)]
pub struct RmArgs {
    /// Rule ids (`flt_…`), as `payctl sandbox faults list` shows them.
    #[arg(required = true, value_name = "ID")]
    pub ids: Vec<String>,
    /// With the control token, which may remove any rule (a global one included).
    #[arg(long)]
    pub global: bool,
    /// The sandbox's ready line: base URL, TEST key and control token.
    #[arg(long, value_name = "FILE")]
    pub ready: Option<PathBuf>,
}

pub async fn run(globals: &Globals, args: &RmArgs) -> anyhow::Result<()> {
    let running = Running::open(globals, args.ready.as_deref())?;
    let session = if args.global { running.control_session()? } else { running.key_session()? };
    for id in &args.ids {
        let path = format!("/sandbox/faults/{}", segment(id)?);
        session.client.call(Method::DELETE, &path, &session.auth, None).await?;
        crate::say!("Removed fault rule {id}.");
    }
    Ok(())
}
