//! `payctl sandbox snapshot load FILE [--save-profile NAME]`.

use std::path::PathBuf;

use clap::Args;
use payctl_wire::sandbox::Forked;
use reqwest::Method;

use super::Where;
use crate::cli::Globals;
use crate::commands::sandbox::Running;
use crate::commands::sandbox::fork::{Keep, finish};

#[derive(Debug, Args)]
pub struct LoadArgs {
    /// The snapshot file (- for stdin).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The new application's name (default: the snapshot's application's, followed by " (fork)").
    #[arg(long)]
    pub name: Option<String>,
    /// With the control token: the partner the new application belongs to (else the TEST key's).
    #[arg(long, value_name = "PARTNER_ID")]
    pub partner: Option<String>,
    #[command(flatten)]
    pub keep: Keep,
    #[command(flatten)]
    pub at: Where,
}

pub async fn run(globals: &Globals, args: LoadArgs) -> anyhow::Result<()> {
    let document = read(&args.file)?;
    let running = Running::open(globals, args.at.ready.as_deref())?;
    let session = if args.partner.is_some() { running.control_session()? } else { running.key_session()? };
    let path = crate::commands::resource::query(
        "/sandbox/snapshot",
        &[("partner_id", args.partner.as_deref()), ("name", args.name.as_deref())],
    );
    let forked: Forked = session.call(Method::POST, &path, Some(&document)).await?;
    finish(session, forked, &args.keep, "Loaded")
}

/// The snapshot file as JSON; what is not JSON is a usage error.
pub fn read(file: &std::path::Path) -> anyhow::Result<serde_json::Value> {
    let text = if file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| crate::exit::local(format!("cannot read stdin: {e}")))?
    } else {
        std::fs::read_to_string(file).map_err(|e| crate::exit::local(format!("cannot read {}: {e}", file.display())))?
    };
    serde_json::from_str(&text)
        .map_err(|e| crate::exit::usage(format!("{} is not a JSON snapshot: {e}", file.display())))
}
