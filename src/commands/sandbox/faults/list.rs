//! `payctl sandbox faults list`: `GET /sandbox/faults`, the rules of the
//! scope with their counters.

use payctl_wire::faults::FaultRules;
use reqwest::Method;
use serde_json::json;

use super::{COLUMNS, Scope, row};
use crate::cli::Globals;
use crate::output::{self, Format};

pub const HELP: &str = "With the TEST key: the key's application's rules and the global ones that apply to it. With \
the control token: every rule of the sandbox (--global), or one application's (--app APP_ID).

HITS/TIMES is how often a rule fired against its limit (∞: none); MATCHED counts the matching requests it saw, \
skipped ones included; a spent rule fired its --times and fires no more.

Examples:
  payctl sandbox faults list
  payctl sandbox faults list --global --ready ready.json
  payctl sandbox faults list -o json | jq '.data[] | {id, hits}'";

pub async fn run(globals: &Globals, scope: &Scope) -> anyhow::Result<()> {
    let (session, query) = scope.open(globals)?;
    let path = format!("/sandbox/faults{}", query.unwrap_or_default());
    let rules: FaultRules = session.call(Method::GET, &path, None).await?;
    match session.ctx.output {
        Format::Json => output::json(&rules),
        Format::Table if rules.data.is_empty() => {
            crate::say!("No fault rules for {}.", scope.describe());
            Ok(())
        }
        Format::Table => {
            let rows: Vec<_> = rules.data.iter().map(row).collect();
            output::list(Format::Table, &json!({ "data": rows }), COLUMNS)
        }
    }
}
