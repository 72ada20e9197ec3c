//! `payctl sandbox snapshot save FILE [--redact]`.

use std::path::PathBuf;

use clap::Args;
use payctl_wire::sandbox::Snapshot;
use reqwest::Method;

use super::Where;
use crate::cli::Globals;
use crate::commands::sandbox::Running;

#[derive(Debug, Args)]
pub struct SaveArgs {
    /// The file to write (- for stdout).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Synthetic names, e-mail addresses, IBANs, addresses and tax ids, for a file safe to share.
    #[arg(long)]
    pub redact: bool,
    /// With the control token: this TEST application (else the TEST key's own).
    #[arg(long, value_name = "APP_ID")]
    pub app: Option<String>,
    #[command(flatten)]
    pub at: Where,
}

pub async fn run(globals: &Globals, args: SaveArgs) -> anyhow::Result<()> {
    let running = Running::open(globals, args.at.ready.as_deref())?;
    let session = if args.app.is_some() { running.control_session()? } else { running.key_session()? };
    let path = crate::commands::resource::query(
        "/sandbox/snapshot",
        &[("application_id", args.app.as_deref()), ("redact", args.redact.then_some("true"))],
    );
    let snapshot: Snapshot = session.call(Method::GET, &path, None).await?;
    let text = serde_json::to_string_pretty(&snapshot)? + "\n";
    let rows: usize = snapshot.tables.values().map(|t| t.rows.len()).sum();
    if args.file.as_os_str() == "-" {
        use std::io::Write;
        std::io::stdout().write_all(text.as_bytes()).map_err(|e| crate::exit::local(format!("cannot write: {e}")))?;
    } else {
        std::fs::write(&args.file, &text)
            .map_err(|e| crate::exit::local(format!("cannot write {}: {e}", args.file.display())))?;
    }
    crate::say!(
        "Saved application {} ({}{}): {rows} record(s), {} bytes, {}.",
        snapshot.application.id,
        snapshot.format,
        if snapshot.redacted { ", redacted" } else { "" },
        text.len(),
        if args.file.as_os_str() == "-" { "to stdout".to_owned() } else { format!("to {}", args.file.display()) }
    );
    if session.ctx.output == crate::output::Format::Json && args.file.as_os_str() != "-" {
        return crate::output::json(&serde_json::json!({
            "file": args.file, "application_id": snapshot.application.id, "format": snapshot.format,
            "redacted": snapshot.redacted, "records": rows, "bytes": text.len()
        }));
    }
    Ok(())
}
