//! `payctl parity FILE`: replays a recording (`payctl proxy --record`,
//! whose steps keep the answers the service gave) into a sandbox and
//! compares each answer with the recorded one ([`crate::parity`]): a table
//! per step for people ([`table`]), `-o json`, or JUnit XML with one test
//! case per step ([`junit`]). Exit 0 when everything compared is the
//! same, [`exit::PARITY_DIFFERS`] when something differs.
//!
//! By default the sandbox is a fresh in-memory one this command starts
//! and stops (`commands::sandbox::in_memory`); `--against URL` replays
//! into another, with the credentials of `--ready FILE` or of the profile
//! (as `payctl fixtures run` resolves them). Webhook endpoints the
//! recording registers deliver to the target sandbox's sink, never to the
//! partner's URLs.

mod junit;
mod table;

use std::path::PathBuf;

use clap::Args;
use payctl_wire::sandbox::WEBHOOK_SINK_PATH;

use crate::cli::Globals;
use crate::contract::Contract;
use crate::exit;
use crate::fixtures::runner::{Credentials, Runner};
use crate::fixtures::webhook_urls::{self, Destination};
use crate::output::{self, OutputFlag};
use crate::parity::compare::Rules;
use crate::parity::fields::Document;

pub const HELP: &str = "Record the session first: `payctl proxy --upstream URL --record FILE` in front of the real \
service (or of another sandbox version) keeps every answer. parity then replays the file step by step and compares \
each answer with the recorded one: status, error code, the headers a client acts on, the shape (members missing or \
extra, JSON types, array lengths), values the API's OpenAPI document enumerates (states, kinds, error codes), and \
values the session's requests sent. Values that legitimately differ are never reported: what the document formats \
as a time, URL or UUID, ids (by prefix), and values no request determined (rates, derived amounts, cursors). \
--ignore and --compare take JSON pointers into an answer (`*` matches any one token; header:NAME for a header).

Recorded with `--receiver URL` too, the file lists the webhook events the session caused; parity compares their \
kinds and counts (not their order) with the events the replay delivered to its own webhook endpoints, one more row \
named `events` (kind `event`; --ignore /events leaves them out).

A step is `same`, `differs`, `not replayed` (with why: an earlier step it refers to was not answered as recorded, \
or a credential is missing), or `not compared` (no recorded answer: a clock step the recording added).

-o junit writes JUnit XML, one test case per step (classname payctl.parity, named by the step's 1-based number and \
name), a difference a <failure>, a step not replayed <skipped>. -o json writes the whole report.

Exit codes: 0 everything compared is the same, 7 something differs, 2 the file or a flag is invalid, 3 a credential \
is missing, 5 the sandbox could not start.

Examples:
  payctl parity ticket-123.json
  payctl parity ticket-123.json -o junit > parity.xml
  payctl parity ticket-123.json --ignore /data/*/description --compare /fee_amount
  payctl parity recorded-on-0.1.json --against http://127.0.0.1:4242 --ready ready.json";

#[derive(Debug, Args)]
pub struct ParityArgs {
    /// The recording (`payctl proxy --record FILE`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Replay into the sandbox at this base URL instead of a fresh in-memory one.
    #[arg(long, value_name = "URL", value_hint = clap::ValueHint::Url)]
    pub against: Option<String>,
    /// A sandbox's ready line (`payctl sandbox --ready-file`): its base URL (unless --against) and credentials.
    #[arg(long, value_name = "FILE")]
    pub ready: Option<PathBuf>,
    /// Leave out this JSON pointer of every answer (and what is under it); repeatable.
    #[arg(long, value_name = "POINTER")]
    pub ignore: Vec<String>,
    /// Compare the value at this JSON pointer even where it would legitimately differ; repeatable.
    #[arg(long, value_name = "POINTER")]
    pub compare: Vec<String>,
}

pub async fn run(globals: &Globals, args: ParityArgs) -> anyhow::Result<()> {
    let format = globals.format();
    let rules = Rules::new(args.ignore.clone(), args.compare.clone()).map_err(exit::usage)?;
    let (label, fixture) = crate::commands::fixtures::load(&args.file)?;
    if !fixture.steps.iter().any(|s| s.recorded.is_some()) {
        return Err(exit::usage(format!(
            "{label}: no step holds a recorded answer, so there is nothing to compare; record the session with \
             `payctl proxy --upstream URL --record FILE` (`payctl fixtures run` replays this file as it is)"
        )));
    }
    let contract = Contract::embedded()?;
    let document = Document::embedded()?;
    let (base, creds, own) = target(globals, &args, &fixture, &label).await?;
    let mut fixtures = vec![(label.clone(), fixture)];
    let to = Destination::Sink(format!("{}{WEBHOOK_SINK_PATH}", base.trim_end_matches('/')));
    webhook_urls::redirect(&mut fixtures, &to);
    let outcome = async {
        let mut runner = Runner::new(&base, creds)?;
        let shown = if own.is_some() { "a fresh in-memory sandbox".to_owned() } else { base.clone() };
        anyhow::Ok(
            crate::parity::replay(&mut runner, &label, &shown, &fixtures[0].1, &contract, &document, &rules).await,
        )
    }
    .await;
    if let Some(own) = own {
        own.stop().await?;
    }
    let report = outcome?;
    match format {
        Some(OutputFlag::Junit) => output::out(&junit::render(&report))?,
        Some(OutputFlag::Json) => output::json(&report)?,
        _ => table::print(&report)?,
    }
    if report.same() {
        return Ok(());
    }
    let steps = report.steps.iter().filter(|s| s.outcome == crate::parity::Outcome::Differs).count();
    Err(exit::parity_differs(format!(
        "{} difference(s) in {steps} of {} compared step(s): the sandbox does not answer as the recording did",
        report.differences, report.compared
    )))
}

/// The base URL and credentials to replay with, and the sandbox this
/// command started when it started one.
async fn target(
    globals: &Globals,
    args: &ParityArgs,
    fixture: &crate::fixtures::Fixture,
    label: &str,
) -> anyhow::Result<(String, Credentials, Option<crate::commands::sandbox::in_memory::Own>)> {
    if args.against.is_none() && args.ready.is_none() {
        let (ready, own) = crate::commands::sandbox::in_memory::start(None).await?;
        return Ok((ready.base_url.clone(), Credentials::from_ready(&ready), Some(own)));
    }
    let ctx = crate::context::Ctx::load(globals)?;
    let ready = args.ready.as_deref().map(crate::commands::fixtures::read_ready).transpose()?;
    let fixtures = [(label.to_owned(), fixture.clone())];
    let (base, creds) = crate::commands::fixtures::resolve(&ctx, &fixtures, ready.as_ref(), false).await?;
    let base = match &args.against {
        Some(url) => crate::config::parse_url(url, "--against").map_err(|e| exit::usage(format!("{e:#}")))?.to_string(),
        None => base,
    };
    Ok((base, creds, None))
}
