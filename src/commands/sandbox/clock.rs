//! `payctl sandbox clock`: the sandbox clock that applies to the caller
//! (`GET /sandbox/clock`), and `advance DURATION`, which moves it forward
//! (`POST /sandbox/clock/advance`).
//!
//! With the profile's TEST key (the default) it is that application's own
//! clock; with the control token (`--global`, or `--app` to move one TEST
//! application) it is the operator's: the global offset every application
//! follows. Durations are written as people write them: `90s`, `3m`,
//! `1h30m`, `2d`, or plain seconds.

use clap::{Args, Subcommand};
use payctl_wire::sandbox::{AdvanceClock, Clock};
use reqwest::Method;

use super::Running;
use crate::cli::Globals;
use crate::client::typed;
use crate::output::{self, Format};

pub const HELP: &str = "With the profile's TEST key (or --api-key) this is the key's application's own clock; \
with --global, the control token's (PAYCTL_CONTROL_TOKEN or the --ready line's): the offset every application \
follows. Durations: 90s, 3m, 1h30m, 2d, or plain seconds, up to one year per call. Time never goes back.

Examples:
  payctl sandbox clock
  payctl sandbox clock advance 3m                 # expire the quotes of this application
  payctl sandbox clock advance 1h30m --global --ready ready.json
  payctl sandbox clock advance 2d --app APP_ID --ready ready.json   # one TEST application";

#[derive(Debug, Args)]
pub struct ClockArgs {
    #[command(subcommand)]
    pub action: Option<ClockAction>,
    #[command(flatten)]
    pub whose: Whose,
}

#[derive(Debug, Subcommand)]
pub enum ClockAction {
    /// Move the clock forward; time rules (expiries, settlements, retries) fall due at once.
    #[command(after_help = HELP)]
    Advance {
        /// How far: 90s, 3m, 1h30m, 2d, or seconds.
        #[arg(value_parser = parse_duration)]
        duration: i64,
        #[command(flatten)]
        whose: Whose,
        /// With the control token: move this TEST application's clock only.
        #[arg(long, value_name = "APP_ID", conflicts_with = "global")]
        app: Option<String>,
    },
}

/// Whose clock, and where the sandbox is.
#[derive(Debug, Args)]
pub struct Whose {
    /// The control token's clock (the global offset) instead of the key's application's.
    #[arg(long)]
    pub global: bool,
    /// The sandbox's ready line: base URL, TEST key and control token.
    #[arg(long, value_name = "FILE")]
    pub ready: Option<std::path::PathBuf>,
}

/// Longest move one call may make, as the API allows.
const MAX_SECONDS: i64 = 31_536_000;

pub async fn run(globals: &Globals, args: ClockArgs) -> anyhow::Result<()> {
    match args.action {
        None => {
            let running = Running::open(globals, args.whose.ready.as_deref())?;
            let auth = if args.whose.global { running.control()? } else { running.key()? };
            let clock: Clock = typed(running.client.call(Method::GET, "/sandbox/clock", &auth, None).await?)?;
            show(running.ctx.output, &clock)
        }
        // `args_conflicts_with_subcommands`: `args.whose` is the default here,
        // the subcommand's own flags say whose clock moves.
        Some(ClockAction::Advance { duration, whose, app }) => {
            let running = Running::open(globals, whose.ready.as_deref())?;
            let global = whose.global;
            let auth = if global || app.is_some() { running.control()? } else { running.key()? };
            let body = serde_json::to_value(AdvanceClock { seconds: duration, application_id: app.clone() })?;
            let clock: Clock =
                typed(running.client.call(Method::POST, "/sandbox/clock/advance", &auth, Some(&body)).await?)?;
            let whose = match (&app, global) {
                (Some(id), _) => format!("application {id}'s clock"),
                (None, true) => "the global clock (every application)".to_owned(),
                (None, false) => "this application's clock".to_owned(),
            };
            crate::say!("Moved {whose} forward {} ({duration} s).", human(duration.unsigned_abs()));
            show(running.ctx.output, &clock)
        }
    }
}

fn show(format: Format, clock: &Clock) -> anyhow::Result<()> {
    if format == Format::Json {
        return output::json(clock);
    }
    let whose = match (&clock.scope[..], &clock.application_id) {
        ("application", Some(id)) => format!("application {id}"),
        _ => "global".to_owned(),
    };
    output::line(&format!(
        "Sandbox time {} ({whose}): {} ahead of real time; the global offset is {}.",
        output::safe::text(&clock.now),
        human(clock.offset_seconds.unsigned_abs()),
        human(clock.global_offset_seconds.unsigned_abs()),
    ))
}

/// `90s`, `3m`, `1h30m`, `2d`, `1d2h3m4s`, or plain seconds.
pub fn parse_duration(raw: &str) -> Result<i64, String> {
    let text = raw.trim().to_ascii_lowercase();
    let bad = || format!("{raw:?} is not a duration: write 90s, 3m, 1h30m, 2d, or a number of seconds");
    if text.is_empty() {
        return Err(bad());
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return check(text.parse::<i64>().map_err(|_| bad())?);
    }
    let mut total: i64 = 0;
    let mut number = String::new();
    let mut last_unit = i64::MAX;
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            'd' => 86_400,
            'h' => 3_600,
            'm' => 60,
            's' => 1,
            _ => return Err(bad()),
        };
        // Units from largest to smallest, each once: `3m1h` is a typo.
        if number.is_empty() || unit >= last_unit {
            return Err(bad());
        }
        last_unit = unit;
        let n: i64 = number.parse().map_err(|_| bad())?;
        total = n.checked_mul(unit).and_then(|v| total.checked_add(v)).ok_or_else(bad)?;
        number.clear();
    }
    if !number.is_empty() {
        return Err(bad());
    }
    check(total)
}

fn check(seconds: i64) -> Result<i64, String> {
    match seconds {
        ..=0 => Err("the duration must be at least 1 second".to_owned()),
        s if s > MAX_SECONDS => Err(format!("at most one year ({MAX_SECONDS} s) per call")),
        s => Ok(s),
    }
}

/// Seconds as people say them: `1h30m`, `3m`, `45s`, `0s`.
fn human(seconds: u64) -> String {
    payctl_domain::time::human(seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_people_write_them() {
        for (text, seconds) in
            [("90s", 90), ("3m", 180), ("1h30m", 5400), ("2d", 172_800), ("45", 45), (" 1D2H ", 93_600)]
        {
            assert_eq!(parse_duration(text), Ok(seconds), "{text}");
        }
        for bad in [
            "",
            "0",
            "0s",
            "3x",
            "m",
            "3m1h",
            "1h1h",
            "5m3",
            "-5m",
            "400d",
            "1.5h",
            "99999999999999999999",
            "9223372036854775807d",
        ] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
        assert_eq!(human(5400), "1h30m");
        assert_eq!(human(0), "0s");
        assert_eq!(human(93_784), "1d2h3m4s");
    }
}
