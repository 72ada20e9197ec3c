//! Money of an application: transactions, payments, transfers and swaps,
//! each with its state timeline (every state it entered, when, why, and
//! the events it emitted) and its ledger postings; every account's
//! balance; and on TEST the simulation actions (complete, fail, fund).

use axum::extract::{Path, State};
use axum::http::{Method, StatusCode};
use axum::response::Response;
use maud::{Markup, html};
use payctl_wire::customers::KybStatus;
use payctl_wire::payments::PaymentStatus;
use payctl_wire::transactions::TransactionState;
use payctl_wire::transfers::TransferStatus;
use rusqlite::types::FromSql;
use serde_json::{Value, json};

use super::dispatch::segment;
use super::extract::{AppForm, AppPage, Params};
use super::html::{self, Section, amount};
use super::session::Visitor;
use super::{AppCtx, Call, Console, Failure, back};
use crate::api::transactions::view as transaction_view;
use crate::api::transfers::{swap_view, transfer_view};
use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::flows::transfers::Kind;
use crate::flows::{FlowKind, FlowState};
use crate::store::events::StoredEvent;
use crate::store::flow_states::Entered;
use crate::store::postings::Line;
use crate::store::{self, payments};

/// The lists, by the `kind` parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tab {
    Transactions,
    Payments,
    Transfers,
    Swaps,
}

impl Tab {
    const ALL: [Tab; 4] = [Tab::Transactions, Tab::Payments, Tab::Transfers, Tab::Swaps];

    /// Its word in the URL (`?kind=swaps`).
    fn word(self) -> &'static str {
        match self {
            Tab::Transactions => "transactions",
            Tab::Payments => "payments",
            Tab::Transfers => "transfers",
            Tab::Swaps => "swaps",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Tab::Transactions => "Transactions",
            Tab::Payments => "Payments",
            Tab::Transfers => "Transfers",
            Tab::Swaps => "Swaps",
        }
    }
}

/// One row of a flow list: its kind (for the URL), id, state, amounts, time.
struct Item {
    kind: &'static str,
    id: String,
    label: String,
    state: Markup,
    source: String,
    destination: String,
    created_at: String,
}

pub async fn list(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    params: Params,
) -> Result<Response, Failure> {
    let page = params.page()?;
    let Params(params) = params;
    let tab = params
        .get("kind")
        .and_then(|word| Tab::ALL.into_iter().find(|t| t.word() == word))
        .unwrap_or(Tab::Transactions);
    let id = app.id;
    let (items, next) = console
        .state
        .db
        .read(move |conn| {
            Ok(match tab {
                Tab::Payments => {
                    let filter = payments::Filter { status: None, from: None, to: None };
                    let found = payments::list(conn, id, &filter, &page)?;
                    let items: Vec<Item> = found
                        .data
                        .into_iter()
                        .map(|p| Item {
                            kind: "payment",
                            label: p.id.clone(),
                            id: p.id,
                            state: html::status(p.status),
                            source: amount(p.source_amount_minor.parse().unwrap_or(0), &p.source_currency),
                            destination: amount(
                                p.destination_amount_minor.parse().unwrap_or(0),
                                &p.destination_currency,
                            ),
                            created_at: p.created_at,
                        })
                        .collect();
                    (items, found.next_cursor)
                }
                Tab::Transfers | Tab::Swaps => {
                    let kind = (tab == Tab::Swaps).then_some(Kind::OnchainFx);
                    let found = store::transfers::list(conn, id, kind, &page)?;
                    let items = found
                        .data
                        .into_iter()
                        .map(|t| Item {
                            kind: "transfer",
                            label: format!("{} {}", t.kind.as_str(), t.public_id),
                            id: t.public_id.clone(),
                            state: html::status(t.status),
                            source: amount(t.source_amount.get(), t.source.asset.code),
                            destination: amount(t.destination_amount.get(), t.destination.asset.code),
                            created_at: t.created_at.to_rfc3339(),
                        })
                        .collect();
                    (items, found.next_cursor)
                }
                Tab::Transactions => {
                    let found = store::transactions::list(conn, id, &page)?;
                    let items = found
                        .data
                        .into_iter()
                        .map(|t| Item {
                            kind: "transaction",
                            label: t.external_id.clone(),
                            id: t.public_id.clone(),
                            state: html::status(t.state),
                            source: amount(t.source_amount.get(), &t.source_asset),
                            destination: amount(t.destination_amount.get(), &t.destination_asset),
                            created_at: t.created_at.to_rfc3339(),
                        })
                        .collect();
                    (items, found.pagination.next_cursor)
                }
            })
        })
        .await?;
    let base = app.href("money");
    let body = html! {
        nav.actions aria-label="Kinds" {
            @for t in Tab::ALL {
                @if t == tab { a href={ (base) "?kind=" (t.word()) } aria-current="page" { strong { (t.title()) } } }
                @else { a href={ (base) "?kind=" (t.word()) } { (t.title()) } }
            }
            a href=(app.href("accounts")) { "Balances" }
        }
        p.live-status data-live-status="flows" { "Live: the list refreshes every 2 seconds." }
        div id="flows" data-live="2000" {
            @if items.is_empty() { (html::empty("Nothing yet.")) } @else {
                table {
                    thead { tr { th { "Id" } th { "State" } th.num { "Source" } th.num { "Destination" } th { "Created" } } }
                    tbody {
                        @for i in &items {
                            tr {
                                td.mono { a href=(app.href(&format!("money/{}/{}", i.kind, i.id))) { (i.label) } }
                                td { (i.state) }
                                td.num { (i.source) }
                                td.num { (i.destination) }
                                td { (html::time(&i.created_at)) }
                            }
                        }
                    }
                }
            }
            (html::older(&base, &[("kind", tab.word().to_owned())], next.as_deref()))
        }
    };
    Ok(console.page(&visitor, Some(&app), Section::Money, "Money", body).await)
}

/// A flow as the detail page shows it.
struct Flow {
    /// Its timeline, events, ledger references and URL use its word.
    kind: FlowKind,
    public_id: String,
    state: Markup,
    is_final: bool,
    /// The API's answer for it.
    json: Value,
}

/// A money flow's kind from the URL: a customer's verification has its
/// own pages.
fn money_kind(word: &str) -> Result<FlowKind, Failure> {
    match FlowKind::parse(word) {
        Some(kind @ (FlowKind::Transaction | FlowKind::Payment | FlowKind::Transfer)) => Ok(kind),
        Some(FlowKind::Verification) | None => Err(Failure::NotFound),
    }
}

async fn load(console: &Console, app: &AppCtx, kind: FlowKind, id: String) -> Result<Flow, Failure> {
    let application_id = app.id;
    let flow = console
        .state
        .db
        .read(move |conn| {
            let scope = Some(application_id);
            Ok(match kind {
                FlowKind::Transaction => store::transactions::find(conn, scope, &id)?.map(|t| Flow {
                    kind,
                    state: html::status(t.state),
                    is_final: t.state.is_final(),
                    json: json!(transaction_view(&t)),
                    public_id: t.public_id,
                }),
                FlowKind::Payment => payments::find(conn, scope, &id)?.map(|p| Flow {
                    kind,
                    state: html::status(p.status),
                    is_final: p.status.is_final(),
                    json: json!(p.payment),
                    public_id: p.payment.id.clone(),
                }),
                FlowKind::Transfer => match store::transfers::find(conn, scope, &id)? {
                    Some(t) => Some(Flow {
                        kind,
                        state: html::status(t.status),
                        is_final: t.status.is_final(),
                        json: if t.kind == Kind::OnchainFx { json!(swap_view(&t)?) } else { json!(transfer_view(&t)) },
                        public_id: t.public_id,
                    }),
                    None => None,
                },
                FlowKind::Verification => None,
            })
        })
        .await?;
    flow.ok_or(Failure::NotFound)
}

pub async fn detail(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    Path((_, kind, id)): Path<(String, String, String)>,
) -> Result<Response, Failure> {
    let flow = load(&console, &app, money_kind(&kind)?, id).await?;
    let (application_id, public_id, kind) = (app.id, flow.public_id.clone(), flow.kind);
    let (states, events, lines) = console
        .state
        .db
        .read(move |conn| {
            Ok((
                states(conn, kind, application_id, &public_id)?,
                store::events::for_resource(conn, application_id, &public_id)?,
                store::postings::for_reference(conn, application_id, kind.as_str(), &public_id)?,
            ))
        })
        .await?;
    let base = app.href(&format!("money/{}/{}", flow.kind.as_str(), flow.public_id));
    let body = html! {
        dl.facts {
            dt { "Id" } dd.mono { (flow.public_id) }
            dt { "State" } dd { (flow.state) }
        }
        @if app.is_test() && !flow.is_final { (actions(&visitor, &base, flow.kind)) }
        p.live-status data-live-status="flow" { "Live: refreshes every 2 seconds." }
        div id="flow" data-live="2000" {
            h2 { "Timeline" }
            (timeline(&app, &states, &events))
            h2 { "Ledger postings" }
            (postings(&app, &lines))
            h2 { "As the API answers it" }
            (html::json(&flow.json))
        }
        p { a href={ (app.href("money")) "?kind=" (flow.kind.as_str()) "s" } { "← All " (flow.kind.as_str()) "s" } }
    };
    let title = format!("{} {}", flow.kind.as_str(), flow.public_id);
    Ok(console.page(&visitor, Some(&app), Section::Money, title, body).await)
}

/// The simulation actions of a flow that has not ended.
fn actions(visitor: &Visitor, base: &str, kind: FlowKind) -> Markup {
    html! {
        div.actions {
            @match kind {
                FlowKind::Transaction => {
                    (html::action(visitor, &format!("{base}/complete"), "Complete", None, ""))
                    form.inline method="post" action={ (base) "/fail" } data-confirm="Fail this transaction and refund the float?" {
                        (html::form_guard(visitor))
                        label { "Reason " input type="text" name="reason" maxlength="256" placeholder="optional"; }
                        " " button.danger type="submit" { "Fail" }
                    }
                }
                FlowKind::Payment => { (html::action(visitor, &format!("{base}/fund"), "Fund (funds arrive on the virtual IBAN)", None, "")) }
                FlowKind::Transfer | FlowKind::Verification => { span.muted { "Transfers move on by themselves on the sandbox clock; advance it from the overview." } }
            }
        }
    }
}

/// The timeline of a flow of `kind`, each state as a badge of that flow's
/// own vocabulary.
pub fn states(
    conn: &Conn<'_>,
    kind: FlowKind,
    application_id: i64,
    id: &str,
) -> Result<Vec<Entered<Markup>>, ApiError> {
    fn badged<S: FlowState + FromSql + html::Badge>(
        conn: &Conn<'_>,
        kind: FlowKind,
        application_id: i64,
        id: &str,
    ) -> Result<Vec<Entered<Markup>>, ApiError> {
        let states = store::flow_states::timeline::<S>(conn, application_id, kind, id)?;
        Ok(states.into_iter().map(|e| Entered { state: html::status(e.state), reason: e.reason, at: e.at }).collect())
    }
    match kind {
        FlowKind::Transaction => badged::<TransactionState>(conn, kind, application_id, id),
        FlowKind::Payment => badged::<PaymentStatus>(conn, kind, application_id, id),
        FlowKind::Transfer => badged::<TransferStatus>(conn, kind, application_id, id),
        FlowKind::Verification => badged::<KybStatus>(conn, kind, application_id, id),
    }
}

/// Each state with its time and reason, and the events recorded with it
/// (an event belongs to the last state entered at or before its time).
pub fn timeline(app: &AppCtx, states: &[Entered<Markup>], events: &[StoredEvent]) -> Markup {
    if states.is_empty() {
        return html::empty("No states recorded.");
    }
    let owner = |e: &StoredEvent| states.iter().rposition(|s| s.at <= e.created_at).unwrap_or(0);
    html! {
        ol.timeline {
            @for (i, s) in states.iter().enumerate() {
                li {
                    (s.state) " " (html::time(&s.at.to_rfc3339()))
                    @if let Some(r) = &s.reason { " " span.muted { "— " (r) } }
                    @let mine: Vec<&StoredEvent> = events.iter().filter(|e| owner(e) == i).collect();
                    @if !mine.is_empty() {
                        ul {
                            @for e in mine {
                                li {
                                    "emitted " code { (e.event_type) } " "
                                    a.mono href={ (app.href("deliveries")) "?event_id=" (e.public_id) } { (e.public_id) }
                                    details { summary { "data" } (html::json(&serde_json::from_str(&e.data).unwrap_or(Value::Null))) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn postings(app: &AppCtx, lines: &[Line]) -> Markup {
    if lines.is_empty() {
        return html::empty("No postings.");
    }
    html! {
        table {
            thead { tr { th { "Entry" } th { "Kind" } th { "Account" } th.num { "Amount" } th { "Time" } } }
            tbody {
                @for l in lines {
                    tr {
                        td.mono { (l.entry_id) }
                        td { code { (l.kind) } }
                        td { a.mono href=(app.href(&format!("accounts/{}", l.account_id))) { (l.account_id) } " " span.muted { (l.purpose) } }
                        td.num { (amount(l.amount_minor, &l.asset)) }
                        td { (html::time(&l.at.to_rfc3339())) }
                    }
                }
            }
        }
    }
}

/// `POST /sandbox/transactions/{id}/complete|fail`, `POST /sandbox/payments/{id}/fund`.
pub async fn act(
    State(console): State<Console>,
    Path((_, kind, id, action)): Path<(String, String, String, String)>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let (path, body, done) = match (money_kind(&kind)?, action.as_str()) {
        (FlowKind::Transaction, "complete") => {
            (format!("/sandbox/transactions/{}/complete", segment(&id)), None, "Transaction completed.")
        }
        (FlowKind::Transaction, "fail") => {
            let body = fields.text("reason").map(|r| json!({ "reason": r }));
            (format!("/sandbox/transactions/{}/fail", segment(&id)), body, "Transaction failed.")
        }
        (FlowKind::Payment, "fund") => (format!("/sandbox/payments/{}/fund", segment(&id)), None, "Funds received."),
        _ => return Err(Failure::NotFound),
    };
    let answer = console.act(&visitor, app.caller(), Call::new(Method::POST, &path, body), &fields, done).await;
    // An id the API does not know has no page to go back to.
    if answer.status == StatusCode::NOT_FOUND {
        return Ok(back(&format!("{}?kind={kind}s", app.href("money"))));
    }
    Ok(back(&app.href(&format!("money/{}/{}", segment(&kind), segment(&id)))))
}
