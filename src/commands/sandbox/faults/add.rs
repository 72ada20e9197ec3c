//! `payctl sandbox faults add`: `POST /sandbox/faults`, one flag per field
//! of the body (or the body with `--data`, which the flags override).

use clap::Args;
use payctl_wire::faults::{FaultKind, FaultRule};
use reqwest::Method;
use serde_json::json;

use super::row;
use crate::cli::Globals;
use crate::commands::resource::DataArg;
use crate::exit;
use crate::output::{self, Format};

pub const HELP: &str = "The rule applies to the TEST key's own application (the profile's key, --api-key, or the \
--ready line's); with the control token (PAYCTL_CONTROL_TOKEN or the --ready line's), --app APP_ID makes it one \
TEST application's and --global every TEST application's. No rule ever applies to a LIVE application.

Request kinds: error (--status 500|502|503|504, default 503), rate_limit (--retry-after SECONDS, default 2), \
latency (--delay-ms, required), timeout (--delay-ms, default 30000), reset, drop_response (the request is handled \
and committed, then the connection closes without the answer). Delivery kinds (--event TYPE or '*', optionally \
--endpoint ID): duplicate (--delay-s), delay (--delay-s), out_of_order, drop, forged_signature, stale_timestamp, \
tampered_body. Kinds are written with _ or -.

--skip N lets the first N matching requests through; --times N fires at most N times, then the rule stays listed \
as spent; --probability P with --seed S fires on a seeded draw, so the same rules and requests fault the same \
requests in any fresh sandbox. A delivery rule with --per-endpoint counts each endpoint's deliveries apart: \
--times 1 fires once at every endpoint.

One fault shapes a delivery (delay, out_of_order, drop: the oldest rule that fires), but every duplicate and probe \
rule that fires adds its own delivery beside it: three probe rules matching one event send three probes.

Examples:
  payctl sandbox faults add --operation createTransaction --kind drop-response --times 1
  payctl sandbox faults add --method POST --path /v1/customers --kind error --status 502
  payctl sandbox faults add --operation listCustomers --kind rate-limit --skip 2 --times 3
  payctl sandbox faults add --kind latency --delay-ms 800 --probability 0.3 --seed 7
  payctl sandbox faults add --kind timeout --global --ready ready.json   # every TEST app
  payctl sandbox faults add --event settlement.completed --kind duplicate --delay-s 30
  payctl sandbox faults add --event '*' --kind forged-signature --times 1 --per-endpoint";

/// API fields named by the flags that set them, in errors.
const FLAGS: &[(&str, &str)] = &[
    ("match.operation_id", "--operation"),
    ("match.method", "--method"),
    ("match.path", "--path"),
    ("match.event", "--event"),
    ("match.endpoint_id", "--endpoint"),
    ("match", "--operation/--method/--path/--event"),
    ("fault.kind", "--kind"),
    ("fault.status", "--status"),
    ("fault.retry_after", "--retry-after"),
    ("fault.delay_ms", "--delay-ms"),
    ("fault.commit", "--commit"),
    ("fault.delay_s", "--delay-s"),
    ("skip", "--skip"),
    ("times", "--times"),
    ("probability", "--probability"),
    ("seed", "--seed"),
    ("per_endpoint", "--per-endpoint"),
    ("application_id", "--app"),
];

#[derive(Debug, Args)]
pub struct AddArgs {
    /// Match requests to this operation (its operationId, e.g. createTransaction).
    #[arg(long, value_name = "ID", add = crate::complete::operations())]
    pub operation: Option<String>,
    /// Match requests with this method: GET, POST, PUT, PATCH or DELETE.
    #[arg(long, value_name = "METHOD", add = crate::complete::methods())]
    pub method: Option<String>,
    /// Match requests to this path: a concrete one, or a template such as /v1/customers/{id}.
    #[arg(long, value_name = "PATH")]
    pub path: Option<String>,
    /// Make it a delivery rule: deliveries of this event type, or '*' for every one.
    #[arg(long, value_name = "EVENT", add = crate::complete::events_or_any())]
    pub event: Option<String>,
    /// With --event: deliveries to this webhook endpoint only.
    #[arg(long, value_name = "ID", requires = "event")]
    pub endpoint: Option<String>,
    /// The fault: error, rate_limit, latency, timeout, reset, drop_response, or a delivery kind.
    #[arg(long, value_name = "KIND", value_parser = kind, add = crate::complete::fault_kinds())]
    pub kind: Option<String>,
    /// error: the status answered, 500, 502, 503 or 504 (default 503).
    #[arg(long, value_name = "STATUS")]
    pub status: Option<u16>,
    /// rate_limit: the Retry-After seconds, 1 to 3600 (default 2).
    #[arg(long, value_name = "SECONDS")]
    pub retry_after: Option<u64>,
    /// latency (required) and timeout (default 30000): milliseconds, 1 to 60000.
    #[arg(long, value_name = "MS")]
    pub delay_ms: Option<u64>,
    /// duplicate and delay (delivery kinds): sandbox seconds, up to 86400.
    #[arg(long, value_name = "SECONDS")]
    pub delay_s: Option<u64>,
    /// timeout: do the request's work first, then hold the connection silent and close it (the
    /// server that committed after the client timed out).
    #[arg(long)]
    pub commit: bool,
    /// Matching requests let through before the rule fires (default 0).
    #[arg(long, value_name = "N")]
    pub skip: Option<u64>,
    /// Fire at most N times (default: no limit).
    #[arg(long, value_name = "N")]
    pub times: Option<u64>,
    /// The chance a matching request fires, 0 to 1, to the nearest millionth (default 1).
    #[arg(long, value_name = "P", value_parser = probability)]
    pub probability: Option<serde_json::Number>,
    /// Seed of the draw behind --probability (default 0).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// With --event: --skip, --times and the draws count each endpoint's deliveries apart.
    #[arg(long, requires = "event")]
    pub per_endpoint: bool,
    #[command(flatten)]
    pub scope: super::Scope,
    #[command(flatten)]
    pub data: DataArg,
}

/// `--kind`: a kind's name with `_` or `-`, sent as the API spells it.
fn kind(raw: &str) -> Result<String, String> {
    FaultKind::parse(raw).map(|k| k.as_str().to_owned()).ok_or_else(|| {
        let names: Vec<&str> = FaultKind::ALL.iter().map(|k| k.as_str()).collect();
        format!("{raw:?} is not a fault kind; one of {}", names.join(", "))
    })
}

/// `--probability`: sent as the number typed (`0.3`, not a float's digits).
fn probability(raw: &str) -> Result<serde_json::Number, String> {
    let text = raw.trim();
    payctl_domain::faults::parse_probability(text).map_err(|why| format!("{raw:?}: {why}"))?;
    serde_json::from_str(text).map_err(|_| format!("{raw:?} is not a number"))
}

pub async fn run(globals: &Globals, args: AddArgs) -> anyhow::Result<()> {
    let flags = json!({
        "match": {
            "operation_id": args.operation,
            "method": args.method.map(|m| m.to_ascii_uppercase()),
            "path": args.path,
            "event": args.event,
            "endpoint_id": args.endpoint,
        },
        "fault": {
            "kind": args.kind,
            "status": args.status,
            "retry_after": args.retry_after,
            "delay_ms": args.delay_ms,
            "delay_s": args.delay_s,
            "commit": args.commit.then_some(true),
        },
        "skip": args.skip,
        "times": args.times,
        "probability": args.probability,
        "seed": args.seed,
        "per_endpoint": args.per_endpoint.then_some(true),
        "application_id": args.scope.app.clone(),
    });
    let body = args.data.body(&flags)?;
    // No match at all is every operation; no kind is a rule that does nothing.
    if body["fault"]["kind"].is_null() {
        return Err(exit::usage("--kind is required (or fault.kind in --data)"));
    }
    let (session, _) = args.scope.open(globals)?;
    let session = crate::commands::resource::Session { client: session.client.with_flags(FLAGS), ..session };
    let rule: FaultRule = session.call(Method::POST, "/sandbox/faults", Some(&body)).await?;
    let control = if args.scope.global || args.scope.app.is_some() { " --global" } else { "" };
    crate::say!(
        "Added fault rule {} for {}. Remove it with `payctl sandbox faults rm {}{control}`.",
        rule.id,
        rule.application_id.as_deref().map_or("every TEST application".to_owned(), |a| format!("application {a}")),
        rule.id
    );
    match session.ctx.output {
        Format::Json => output::json(&rule),
        Format::Table => output::list(Format::Table, &json!({"data": [row(&rule)]}), super::COLUMNS),
    }
}
