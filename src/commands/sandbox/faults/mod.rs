//! `payctl sandbox faults`: the fault rules of a running sandbox
//! (`/sandbox/faults`), which make it fail on purpose the way production
//! can: `add` one, `list` them with their counters, `rm` one, `clear` a
//! scope.
//!
//! Credentials are those of `payctl sandbox clock`: the TEST key (the
//! profile's, `--api-key`, or the `--ready` line's) for the key's own
//! application; the control token (`PAYCTL_CONTROL_TOKEN` or the `--ready`
//! line's) with `--app APP_ID` for one TEST application or `--global` for
//! the rules every TEST application meets.

mod add;
mod clear;
mod list;
mod rm;

use std::path::PathBuf;

use clap::{Args, Subcommand};
use payctl_wire::faults::FaultRule;
use serde_json::{Value, json};

use super::Running;
use crate::cli::Globals;
use crate::commands::resource::Session;
use crate::output::Column;

#[derive(Debug, Subcommand)]
pub enum FaultsCommand {
    /// Add a rule: which requests (or deliveries) it matches and the fault it injects.
    #[command(after_help = add::HELP)]
    Add(Box<add::AddArgs>),
    /// List the rules of the scope, oldest first, with how often each matched and fired.
    #[command(after_help = list::HELP)]
    List(Scope),
    /// Remove rules by id.
    #[command(after_help = rm::HELP)]
    Rm(rm::RmArgs),
    /// Remove every rule of the scope.
    #[command(after_help = clear::HELP)]
    Clear(Scope),
}

/// Whose rules: the TEST key's application (the default), one TEST
/// application's or the global ones (control token), and where the
/// sandbox is.
#[derive(Debug, Args)]
pub struct Scope {
    /// With the control token: this TEST application's rules.
    #[arg(long, value_name = "APP_ID", conflicts_with = "global")]
    pub app: Option<String>,
    /// With the control token: the global rules, which apply to every TEST application
    /// (`list` shows every rule of the sandbox).
    #[arg(long)]
    pub global: bool,
    /// The sandbox's ready line: base URL, TEST key and control token.
    #[arg(long, value_name = "FILE")]
    pub ready: Option<PathBuf>,
}

impl Scope {
    /// A session with the credential the scope takes, and its
    /// `application_id` query parameter.
    fn open(&self, globals: &Globals) -> anyhow::Result<(Session, Option<String>)> {
        let running = Running::open(globals, self.ready.as_deref())?;
        let control = self.global || self.app.is_some();
        let session = if control { running.control_session()? } else { running.key_session()? };
        let query = self.app.as_deref().map(|app| format!("?application_id={}", crate::client::url_escape(app)));
        Ok((session, query))
    }

    /// Whose rules, in words.
    fn describe(&self) -> String {
        match (&self.app, self.global) {
            (Some(app), _) => format!("application {app}"),
            (None, true) => "the sandbox (control token)".to_owned(),
            (None, false) => "this TEST key's application".to_owned(),
        }
    }
}

pub async fn run(globals: &Globals, command: FaultsCommand) -> anyhow::Result<()> {
    match command {
        FaultsCommand::Add(args) => add::run(globals, *args).await,
        FaultsCommand::List(scope) => list::run(globals, &scope).await,
        FaultsCommand::Rm(args) => rm::run(globals, &args).await,
        FaultsCommand::Clear(scope) => clear::run(globals, &scope).await,
    }
}

/// A list's columns, in order of importance.
pub const COLUMNS: &[Column] = &[
    ("ID", "id"),
    ("KIND", "kind"),
    ("MATCH", "match"),
    ("HITS/TIMES", "hits_times"),
    ("SPENT", "spent"),
    ("MATCHED", "matched"),
    ("SKIP", "skip"),
    ("PROBABILITY", "probability"),
    ("SCOPE", "scope"),
    ("CREATED", "created_at"),
];

/// A rule as a table row: the kind with its parameters, the match in a
/// few words, hits against the limit.
pub fn row(rule: &FaultRule) -> Value {
    let mut times = rule.times.map_or("∞".to_owned(), |t| t.to_string());
    if rule.per_endpoint {
        times.push_str(" per endpoint");
    }
    let probability =
        if rule.probability >= 1.0 { "1".to_owned() } else { format!("{} (seed {})", rule.probability, rule.seed) };
    json!({
        "id": rule.id,
        "kind": rule.fault.describe(),
        "match": rule.matcher.describe(),
        "hits_times": format!("{}/{times}", rule.hits),
        "spent": if rule.spent { "yes" } else { "no" },
        "matched": rule.matched,
        "skip": rule.skip,
        "probability": probability,
        "scope": rule.application_id.as_deref().unwrap_or("global"),
        "created_at": rule.created_at,
    })
}
