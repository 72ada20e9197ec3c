//! The go-live review of a TEST application (see `api::review`): the
//! drill (the rules a drill installs, or those of the running one with
//! their hits, and the buttons that start and end it through
//! `/sandbox/drill` as the application), and the verdict with each check
//! expandable to the request-log entries and delivery attempts it was
//! judged from, each linking to its page. Both refresh while the
//! partner's tests run.
//!
//! The review is read through the API like a partner's `GET
//! /sandbox/review`, as one of the console's own reads (never logged), so
//! looking at it changes nothing it judges.

use axum::extract::State;
use axum::http::Method;
use axum::response::Response;
use maud::{Markup, html};
use payctl_wire::faults::FaultRule;
use payctl_wire::review::{Check, CheckStatus, Evidence, Review, ReviewVerdict, Severity, firing};
use serde_json::json;

use super::dispatch::segment;
use super::extract::{AppForm, AppPage, Params};
use super::html::{self, Section};
use super::session::Visitor;
use super::{AppCtx, Call, Console, Failure, back};
use crate::store;

/// The application's latest drill, as the page shows it.
struct DrillState {
    started_at: String,
    ended_at: Option<String>,
    /// The rules still in force (none once it ended).
    rules: Vec<FaultRule>,
}

/// A drill's rule as the page lists it.
struct Listed {
    fault: String,
    matches: String,
    fires: String,
    /// Hits, and whether it is spent: for an installed rule only.
    hits: Option<(u64, bool)>,
}

impl Listed {
    fn installed(rule: &FaultRule) -> Listed {
        Listed {
            fault: rule.fault.describe(),
            matches: rule.matcher.describe(),
            fires: firing(rule.skip, rule.times, rule.per_endpoint),
            hits: Some((rule.hits, rule.spent)),
        }
    }
}

pub async fn page(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    Params(params): Params,
) -> Result<Response, Failure> {
    if !app.is_test() {
        let body = html! {
            p { "The go-live review grades a TEST application's integration from the requests and webhook deliveries "
                "the sandbox saw. A LIVE application behaves like production: no drill runs on it and it is not "
                "reviewed. Run your integration against a TEST application of this partner first." }
        };
        return Ok(console.page(&visitor, Some(&app), Section::Review, "Go-live review", body).await);
    }
    let since = params.get("since").cloned();
    let mut path = "/sandbox/review".to_owned();
    if let Some(since) = &since {
        path.push_str("?since=");
        path.push_str(&form_urlencoded::byte_serialize(since.as_bytes()).collect::<String>());
    }
    let answer = console.api.read(app.caller(), &path).await;
    let review: Result<Review, (String, Vec<String>)> = if answer.ok() {
        serde_json::from_value(answer.body.clone())
            .map_err(|e| (format!("The review could not be read: {e}"), Vec::new()))
    } else {
        Err(answer.failure())
    };
    let drill = drill_state(&console, &app).await?;
    let planned = planned(&console);
    let from = review.as_ref().ok().map(|r| r.from.clone());
    let body = html! {
        p { "The sandbox grades this application's integration from its own traffic: does it send idempotency keys, "
            "retry with the same key and body, wait out 429s and back off after 5xx, verify webhook signatures and "
            "answer deliveries quickly? Start a drill, run your integration's tests against the sandbox, and read the "
            "verdict here or with " code { "payctl review" } " (" code { "-o junit" } " for CI). Requests made from "
            "the console, and reading the review or starting and ending drills, are never judged." }
        h2 { "Drill" }
        p.live-status data-live-status="drill" { "Live: the rules' hits refresh every 3 seconds." }
        div id="drill" data-live="3000" { (drill_section(&visitor, &app, drill.as_ref(), &planned)) }
        h2 { "Verdict" }
        form.filters method="get" action=(app.href("review")) {
            label { "Judge from (ISO 8601, on this application's clock)"
                input type="text" name="since" value=[since.as_deref().or(from.as_deref())]
                    placeholder="2026-11-25T10:00:00Z" maxlength="64"; }
            button.secondary type="submit" { "Review" }
            @if since.is_some() {
                " " a href=(app.href("review")) { "From the default (the latest drill's start, else the first request)" }
            }
        }
        p.live-status data-live-status="review" { "Live: the checks refresh every 3 seconds while your tests run." }
        div id="review" data-live="3000" {
            @match &review {
                Ok(review) => (verdict(&app, review)),
                Err((text, details)) => div.flash.failed role="alert" {
                    p { (text) }
                    @if !details.is_empty() { ul { @for d in details { li { (d) } } } }
                },
            }
        }
    };
    Ok(console.page(&visitor, Some(&app), Section::Review, "Go-live review", body).await)
}

/// The application's latest drill, with the rules of a running one.
async fn drill_state(console: &Console, app: &AppCtx) -> Result<Option<DrillState>, Failure> {
    let id = app.id;
    let Some(row) = console.state.db.read(move |conn| store::review::latest_drill(conn, id)).await? else {
        return Ok(None);
    };
    let rules = match row.ended_at {
        Some(_) => Vec::new(),
        None => row
            .rules
            .iter()
            .filter_map(|id| console.state.faults.find(id))
            .map(|rule| crate::api::faults::view(&rule))
            .collect(),
    };
    Ok(Some(DrillState {
        started_at: row.started_at.to_rfc3339(),
        ended_at: row.ended_at.map(|t| t.to_rfc3339()),
        rules,
    }))
}

/// The rules a drill started now installs, in the order they apply.
fn planned(console: &Console) -> Vec<Listed> {
    let Some(operations) = console.state.operations.get() else { return Vec::new() };
    crate::faults::drill::rules(operations)
        .iter()
        .map(|spec| Listed {
            fault: spec.view_fault().describe(),
            matches: spec.view_match().describe(),
            fires: firing(spec.firing.skip, spec.firing.times, spec.per_endpoint()),
            hits: None,
        })
        .collect()
}

fn drill_section(visitor: &Visitor, app: &AppCtx, drill: Option<&DrillState>, planned: &[Listed]) -> Markup {
    let running = drill.is_some_and(|d| d.ended_at.is_none());
    let start = html::action(
        visitor,
        &app.href("review/drill"),
        if running { "Start a new drill" } else { "Start drill" },
        running.then_some("End the running drill and start a new one? The review then judges from the new start."),
        if running { "secondary" } else { "" },
    );
    html! {
        @match drill {
            Some(DrillState { started_at, ended_at: None, rules }) => {
                p { "A drill is running since " (html::time(started_at)) ": " (rules.len()) " fault rules, in the "
                    "order they apply (the first that fires on a request or delivery wins). Each fires once." }
                (rule_table(&rules.iter().map(Listed::installed).collect::<Vec<_>>()))
                div.actions {
                    (html::action(visitor, &app.href("review/drill/end"), "End drill",
                        Some("End the drill? Its fault rules go; the review still judges from its start."), ""))
                    (start)
                }
            }
            _ => {
                @match drill {
                    Some(DrillState { started_at, ended_at: Some(ended), .. }) => {
                        p { "The last drill ran from " (html::time(started_at)) " to " (html::time(ended)) ". "
                            "The review still judges from its start unless you choose another time." }
                    }
                    _ => p { "No drill has run for this application: the review judges from its first request." },
                }
                p { "Starting a drill installs these " (planned.len()) " fault rules for this application, in the "
                    "order they apply (the first that fires on a request or delivery wins). Each fires once and "
                    "early, so that any test run making a few money-moving calls and receiving a few webhooks meets "
                    "every failure the review judges. The console's own actions are never faulted." }
                (rule_table(planned))
                div.actions { (start) }
            }
        }
    }
}

fn rule_table(rules: &[Listed]) -> Markup {
    let installed = rules.iter().any(|r| r.hits.is_some());
    html! {
        table.drill-rules {
            thead { tr { th { "Fault" } th { "Matches" } th { "Fires" } @if installed { th.num { "Hits" } } } }
            tbody {
                @for rule in rules {
                    tr {
                        td { code { (rule.fault) } }
                        td.mono { (rule.matches) }
                        td { (rule.fires) }
                        @if let Some((hits, spent)) = rule.hits {
                            td.num { (hits) @if spent { " " (html::badge(html::Tone::Bad, "spent")) } }
                        }
                    }
                }
            }
        }
    }
}

fn verdict(app: &AppCtx, review: &Review) -> Markup {
    let count = |severity: Severity, status: CheckStatus| {
        review.checks.iter().filter(|c| c.severity == severity && c.status == status).count()
    };
    let failed = count(Severity::Required, CheckStatus::Fail);
    let unexercised = count(Severity::Required, CheckStatus::NotExercised);
    let advised = count(Severity::Recommended, CheckStatus::Fail);
    html! {
        p.verdict {
            @match review.verdict {
                ReviewVerdict::Pass => span.badge.good.big { "pass" },
                ReviewVerdict::Fail => span.badge.bad.big { "fail" },
            }
            " "
            @match (failed, unexercised) {
                (0, 0) => { "Every required check passed" }
                (_, 0) => { (counted(failed, "required check")) " failed" }
                (0, _) => { (counted(unexercised, "required check")) " had nothing to judge" }
                _ => { (counted(failed, "required check")) " failed, " (unexercised) " had nothing to judge" }
            }
            @if advised > 0 { "; " (counted(advised, "recommended check")) " failed" }
            // Not `to` (now): a live refresh then changes the region only
            // when a check does, and leaves the checks a reader opened open.
            ". Judged from " (html::time(&review.from)) " on (this application's clock)."
        }
        @for check in &review.checks {
            (check_details(app, check))
        }
    }
}

/// `1 required check`, `2 required checks`.
fn counted(n: usize, what: &str) -> String {
    if n == 1 { format!("{n} {what}") } else { format!("{n} {what}s") }
}

/// One check, open when it keeps the review from passing or failed.
fn check_details(app: &AppCtx, check: &Check) -> Markup {
    let (tone, label) = match check.status {
        CheckStatus::Pass => ("good", "pass"),
        CheckStatus::Fail => ("bad", "fail"),
        CheckStatus::NotExercised => ("wait", "not exercised"),
    };
    let severity = match check.severity {
        Severity::Required => "required",
        Severity::Recommended => "recommended",
    };
    let open = check.status == CheckStatus::Fail
        || (check.severity == Severity::Required && check.status == CheckStatus::NotExercised);
    let cited = check.evidence.iter().filter(|e| e.log_id.is_some() || e.delivery_id.is_some()).count();
    html! {
        details.check id={ "check-" (check.id) } open[open] {
            summary {
                span class={ "badge " (tone) } { (label) } " "
                code { (check.id) } " " (check.title) " "
                span.muted { "(" (severity) "; " (counted(cited, "piece")) " of evidence)" }
            }
            p { (check.advice) }
            @if !check.evidence.is_empty() {
                ul.evidence {
                    @for e in &check.evidence { li { (evidence(app, e)) } }
                }
            }
        }
    }
}

/// An evidence entry: a link to the request-log entry or the delivery it
/// cites, what was found, and the request id to search for.
fn evidence(app: &AppCtx, e: &Evidence) -> Markup {
    html! {
        @if let Some(log) = &e.log_id {
            a.mono href=(app.href(&format!("logs/{}", segment(log)))) { "request " (log) }
            ": "
        } @else if let Some(delivery) = &e.delivery_id {
            a.mono href=(app.href(&format!("deliveries/{}", segment(delivery)))) { "delivery " (delivery) }
            ": "
        }
        (e.note)
        @if let Some(request_id) = &e.request_id { " " span.muted.mono { "X-Request-ID " (request_id) } }
    }
}

/// `POST /sandbox/drill` as the application.
pub async fn start_drill(
    State(console): State<Console>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let answer =
        console.submit(app.caller(), Call::new(Method::POST, "/sandbox/drill", Some(json!({}))), &fields).await;
    let rules = answer.body["rules"].as_array().map_or(0, Vec::len);
    let done = format!(
        "Drill started: {rules} fault rules in force. Run your integration's tests against the sandbox; the checks \
         below fill in as its requests and webhook deliveries arrive."
    );
    console.flashes.push(&visitor, super::outcome(&answer, &done)).await;
    Ok(back(&app.href("review")))
}

/// `DELETE /sandbox/drill` as the application.
pub async fn end_drill(
    State(console): State<Console>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let done = "Drill ended: its fault rules are gone. The review still judges from its start.";
    console.act(&visitor, app.caller(), Call::new(Method::DELETE, "/sandbox/drill", None), &fields, done).await;
    Ok(back(&app.href("review")))
}
