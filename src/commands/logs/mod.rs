//! `payctl logs`: the application's request logs (`GET /v1/logs`, already
//! redacted by the service): `list` with the API's filters, and `tail`,
//! which follows new entries.

mod export;
mod list;
mod tail;

use clap::{Args, Subcommand};

use payctl_domain::time::Timestamp;

use crate::cli::ListArgs;
use crate::client::url_escape;
use crate::commands::resource::Session;
use crate::context::Ctx;
use crate::output::Column;

#[derive(Debug, Subcommand)]
pub enum LogsCommand {
    /// List request logs, newest first.
    #[command(after_help = clock_note("Examples:
  payctl logs list --status-gte 400
  payctl logs list --from -10m
  payctl logs list --method POST --endpoint /v1/transactions --from 2026-01-01T00:00:00Z --all"))]
    List {
        #[command(flatten)]
        filters: Filters,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Print new request logs as they arrive, until Ctrl-C.
    #[command(after_help = clock_note("Examples:
  payctl logs tail
  payctl logs tail --status-gte 400 --interval 2 --output json"))]
    Tail {
        #[command(flatten)]
        filters: Filters,
        /// Seconds between polls.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=60))]
        interval: u64,
        /// Entries to show before following.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=100))]
        lines: u32,
    },
    /// Turn request logs into a fixture that replays them into a fresh sandbox.
    #[command(after_help = clock_note("Every id the session created, by whichever route, becomes a reference \
to the step that created it. With filters (--from...), the earlier requests that created or changed what the \
selected ones refer to are pulled in, and named; ids no logged request created stay literal, and are named too. \
Each redacted value becomes a valid synthetic value of its kind (an IBAN of the same country, an address valid \
on its network, a fresh email), unless --fill gives one. The export's own reads are not logged. The file then \
replays with no editing: `payctl fixtures run FILE`.

Examples:
  payctl logs export --from -30m --file replay.json
  payctl logs export --from 2026-11-21T10:00:00Z --file replay.json
  payctl logs export --file replay.json --fill iban=DE89370400440532013000
  payctl fixtures run replay.json --ready ready.json"))]
    Export {
        #[command(flatten)]
        filters: Filters,
        /// The fixture's name.
        #[arg(long, default_value = "exported-logs")]
        name: String,
        /// Write the fixture here instead of standard output.
        #[arg(long, short = 'f', value_name = "FILE")]
        file: Option<std::path::PathBuf>,
        /// A value for redacted fields of a kind, instead of a synthetic one: iban=IBAN (for IBANs of
        /// its country), email=ADDRESS, address=ADDRESS (for its network's format), secret=TEXT.
        #[arg(long, value_name = "KIND=VALUE")]
        fill: Vec<String>,
    },
}

/// The filters of `GET /v1/logs` (spec 4.11).
#[derive(Debug, Args, Default, Clone)]
pub struct Filters {
    /// Only this HTTP method.
    #[arg(long)]
    pub method: Option<String>,
    /// Only this path and the paths below it, e.g. /v1/customers.
    #[arg(long)]
    pub endpoint: Option<String>,
    /// Only status codes at or above this.
    #[arg(long, value_name = "CODE")]
    pub status_gte: Option<u16>,
    /// Only status codes at or below this.
    #[arg(long, value_name = "CODE")]
    pub status_lte: Option<u16>,
    /// Only requests at or after this time on the application's sandbox clock: ISO 8601 with a
    /// time zone, or -DURATION before its time now (-10m, -1h30m, -2d).
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    pub from: Option<String>,
    /// Only requests at or before this time on the application's sandbox clock: ISO 8601 with a
    /// time zone, or -DURATION before its time now.
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    pub to: Option<String>,
}

/// What every `logs` verb's help says about times.
const CLOCK_NOTE: &str = "Log times (requested_at, --from, --to) are the application's sandbox clock, the one `payctl sandbox clock` shows: after `payctl sandbox clock advance 1h` it runs an hour ahead of real time, so an absolute --from taken from `date` selects almost everything. -10m counts back from the sandbox clock, as the server reports it (X-Sandbox-Clock; a service without sandbox clocks reports real time).";

impl Filters {
    /// `/v1/logs?…` with the filters set.
    pub fn path(&self) -> String {
        let mut query: Vec<String> = Vec::new();
        let mut add = |name: &str, value: Option<String>| {
            if let Some(v) = value {
                query.push(format!("{name}={}", url_escape(&v)));
            }
        };
        add("method", self.method.clone());
        add("endpoint", self.endpoint.clone());
        add("status_code_gte", self.status_gte.map(|c| c.to_string()));
        add("status_code_lte", self.status_lte.map(|c| c.to_string()));
        add("from_date", self.from.clone());
        add("to_date", self.to.clone());
        if query.is_empty() { "/v1/logs".to_owned() } else { format!("/v1/logs?{}", query.join("&")) }
    }
}

fn clock_note(rest: &str) -> String {
    format!("{CLOCK_NOTE}\n\n{rest}")
}

impl Filters {
    /// Whether these filters select part of the log (`--to` alone keeps
    /// everything before it, creators included).
    pub fn narrow(&self) -> bool {
        self.method.is_some()
            || self.endpoint.is_some()
            || self.status_gte.is_some()
            || self.status_lte.is_some()
            || self.from.is_some()
    }

    /// The filters with relative times (`-10m`) made absolute on the
    /// application's sandbox clock, which the server reports with every
    /// answer (one read of the tool's own learns it). Without a relative time
    /// nothing is sent.
    pub async fn on_server_clock(&self, s: &Session) -> anyhow::Result<Filters> {
        let from = self.from.as_deref().map(|v| relative("--from", v)).transpose()?.flatten();
        let to = self.to.as_deref().map(|v| relative("--to", v)).transpose()?.flatten();
        if from.is_none() && to.is_none() {
            return Ok(self.clone());
        }
        s.client.get_own("/v1/logs?limit=1", &s.auth).await?;
        let now = Timestamp::from_millis(s.client.server_now());
        let at = |back: i64| now.plus_seconds(-back).to_rfc3339();
        Ok(Filters { from: from.map(at).or(self.from.clone()), to: to.map(at).or(self.to.clone()), ..self.clone() })
    }
}

/// Seconds back from now for `-DURATION` (`-10m`); `None` for anything
/// else, which the API checks as ISO 8601.
pub fn relative(flag: &str, value: &str) -> anyhow::Result<Option<i64>> {
    let Some(back) = value.trim().strip_prefix('-') else { return Ok(None) };
    crate::commands::sandbox::parse_duration(back).map(Some).map_err(|e| {
        crate::exit::usage(format!("{flag} {value:?}: {e}; write ISO 8601 with a time zone, or -10m, -1h30m, -2d"))
    })
}

/// The API's filter names by the flags that set them.
pub const FLAGS: &[(&str, &str)] = &[
    ("method", "--method"),
    ("endpoint", "--endpoint"),
    ("status_code_gte", "--status-gte"),
    ("status_code_lte", "--status-lte"),
    ("from_date", "--from"),
    ("to_date", "--to"),
];

/// In order of importance: a narrow terminal leaves out the last ones.
pub const COLUMNS: &[Column] = &[
    ("ID", "id"),
    ("METHOD", "method"),
    ("PATH", "path"),
    ("STATUS", "status_code"),
    ("TIME", "requested_at"),
    ("MS", "duration_ms"),
    ("ERROR", "error_code"),
    ("CORRELATION ID", "correlation_id"),
];

pub async fn run(ctx: Ctx, cmd: LogsCommand) -> anyhow::Result<()> {
    match cmd {
        LogsCommand::List { filters, list } => list::run(ctx, &filters, list).await,
        LogsCommand::Tail { filters, interval, lines } => tail::run(ctx, &filters, interval, lines).await,
        LogsCommand::Export { filters, name, file, fill } => export::run(ctx, &filters, &name, file, &fill).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_become_the_apis_query() {
        assert_eq!(Filters::default().path(), "/v1/logs");
        let f = Filters {
            method: Some("POST".into()),
            endpoint: Some("/v1/customers".into()),
            status_gte: Some(400),
            from: Some("2026-01-01T00:00:00+04:00".into()),
            ..Filters::default()
        };
        assert_eq!(
            f.path(),
            "/v1/logs?method=POST&endpoint=%2Fv1%2Fcustomers&status_code_gte=400&from_date=2026-01-01T00%3A00%3A00%2B04%3A00"
        );
    }
}
