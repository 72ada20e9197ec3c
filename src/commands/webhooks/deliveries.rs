//! `payctl webhooks deliveries ID`: `GET /v1/webhooks/{id}/deliveries`.
//! The table adds LAST RESULT, the last attempt's answer (and how long it
//! took) or why there was none: what someone whose webhook never arrived
//! needs first; FAULT, what a fault rule made of the delivery (a duplicate,
//! a probe, a held or dropped attempt); and VERDICT, how the last answer was
//! judged (see the sandbox's delivery faults).

use payctl_wire::page::Page;
use payctl_wire::webhooks::Delivery;
use serde_json::Value;

use crate::cli::ListArgs;
use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::output::{self, Format};

pub async fn run(ctx: Ctx, id: &str, list: ListArgs) -> anyhow::Result<()> {
    let path = format!("/v1/webhooks/{}/deliveries", segment(id)?);
    let s = Session::open(ctx, Cred::Key).await?;
    let page: Page<Delivery> = s.client.list(&path, &s.auth, &list).await?;
    print(s.ctx.output, &page)
}

/// A page of deliveries: JSON as the API shaped it, or a table with
/// LAST RESULT.
pub fn print(format: Format, page: &Page<Delivery>) -> anyhow::Result<()> {
    if format == Format::Json {
        return output::json(page);
    }
    let mut rows = serde_json::to_value(page)?;
    for (row, delivery) in rows["data"].as_array_mut().into_iter().flatten().zip(&page.data) {
        row["last_result"] = Value::String(last_result(delivery));
        row["fault_kind"] = Value::String(delivery.fault_summary().unwrap_or_else(|| "-".to_owned()));
        row["verdict"] = Value::String(verdict(delivery));
        row["status"] = Value::String(delivery.status_words().to_owned());
    }
    output::list(Format::Table, &rows, super::DELIVERY_COLUMNS)
}

/// The last attempt's verdict; `-` before one was sent.
fn verdict(delivery: &Delivery) -> String {
    delivery.attempts.last().and_then(|a| a.verdict).map_or("-", |v| v.as_str()).to_owned()
}

/// `HTTP 204 in 12 ms`, `HTTP 503 in 4 ms`, `Connection refused`: the last
/// attempt's status, or the innermost cause of its failure; `-` before the
/// first attempt. `-o json` has every attempt's whole error.
fn last_result(delivery: &Delivery) -> String {
    let Some(last) = delivery.attempts.last() else { return "-".to_owned() };
    match (last.status_code, last.error.as_deref()) {
        (Some(code), _) => format!("HTTP {code} in {} ms", last.latency_ms),
        (None, Some(error)) => {
            let cause = error.rsplit(": ").next().unwrap_or(error);
            // `Connection refused (os error 111)`: the number adds nothing for a person.
            cause.split(" (os error ").next().unwrap_or(cause).to_owned()
        }
        (None, None) => "no answer".to_owned(),
    }
}
