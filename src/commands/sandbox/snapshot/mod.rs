//! `payctl sandbox snapshot save|load`: an application's world as a
//! portable file (`GET /sandbox/snapshot`, `payctl-snapshot/1`), and
//! loading one into a new application (`POST /sandbox/snapshot`).

mod load;
mod save;

use std::path::PathBuf;

use clap::Subcommand;

use crate::cli::Globals;

pub const HELP: &str = "A snapshot holds an application's world (what `payctl sandbox fork` copies) and no \
secret. It loads into this sandbox or any later version; a newer format is refused naming both versions. \
--redact replaces names, e-mail addresses, IBANs, addresses and tax ids with synthetic values that still \
validate, for a file safe to attach to a ticket.

Examples:
  payctl sandbox snapshot save world.json
  payctl sandbox snapshot save ticket.json --redact
  payctl sandbox snapshot load world.json --save-profile from-ticket
  payctl sandbox --in-memory --seed world.json      # a new sandbox holding that world";

#[derive(Debug, Subcommand)]
pub enum SnapshotCommand {
    /// Save the application's world to FILE (- for stdout).
    #[command(after_help = HELP)]
    Save(save::SaveArgs),
    /// Load a snapshot file into a new TEST application.
    #[command(after_help = HELP)]
    Load(load::LoadArgs),
}

/// Where the sandbox is.
#[derive(Debug, clap::Args)]
pub struct Where {
    /// The sandbox's ready line: base URL, TEST key and control token.
    #[arg(long, value_name = "FILE")]
    pub ready: Option<PathBuf>,
}

pub async fn run(globals: &Globals, command: SnapshotCommand) -> anyhow::Result<()> {
    match command {
        SnapshotCommand::Save(args) => save::run(globals, args).await,
        SnapshotCommand::Load(args) => load::run(globals, args).await,
    }
}

/// The file as a snapshot, if it is one (JSON naming a `payctl-snapshot`
/// format); `None` for anything else (a fixture).
pub fn read_if_snapshot(file: &std::path::Path) -> anyhow::Result<Option<serde_json::Value>> {
    if file.as_os_str() == "-" {
        return Ok(None);
    }
    let text = std::fs::read_to_string(file)
        .map_err(|e| crate::exit::local(format!("{}: cannot read: {e}", file.display())))?;
    let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else { return Ok(None) };
    let is_snapshot = value["format"].as_str().is_some_and(|f| f.starts_with("payctl-snapshot/"));
    Ok(is_snapshot.then_some(value))
}

/// Loads a snapshot into the ready line's TEST application.
pub async fn seed(ready: &payctl_wire::sandbox::ReadyLine, document: &serde_json::Value) -> anyhow::Result<()> {
    let base = crate::config::parse_url(&ready.base_url, "the ready line's base_url")?;
    let client = crate::client::Client::new(base, false, None, None)?;
    let path = crate::commands::resource::query(
        "/sandbox/snapshot",
        &[("application_id", Some(ready.test_application_id.as_str()))],
    );
    let key = crate::client::Auth::Key(ready.test_api_key.clone());
    client.call(reqwest::Method::POST, &path, &key, Some(document)).await?;
    Ok(())
}
