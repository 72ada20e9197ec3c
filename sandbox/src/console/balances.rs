//! Balances of an application: every ledger account with its balance, and
//! an account's newest postings linked to the flows that made them.

use axum::extract::{Path, State};
use axum::response::Response;
use maud::html;

use super::extract::AppPage;
use super::html::{self, Section, amount};
use super::{AppCtx, Console, Failure};
use crate::store;
use crate::store::postings::Line;

pub async fn list(State(console): State<Console>, AppPage { visitor, app }: AppPage) -> Result<Response, Failure> {
    let id = app.id;
    let rows = console.state.db.read(move |conn| store::postings::balances(conn, id)).await?;
    let body = html! {
        p.muted { "Every ledger account of the application. Each entry's postings sum to zero per asset; "
            code { "external" } " mirrors value that entered or left the ledger." }
        div id="balances" data-live="2000" {
            @if rows.is_empty() { (html::empty("No accounts yet.")) } @else {
                table {
                    thead { tr { th { "Account" } th { "Purpose" } th { "Asset" } th.num { "Balance" } th { "Customer" } } }
                    tbody {
                        @for b in &rows {
                            tr {
                                td.mono { a href=(app.href(&format!("accounts/{}", b.account_id))) { (b.account_id) } }
                                td { (b.purpose) @if let Some(l) = &b.label { " " span.muted { (l) } } }
                                td { (b.asset) }
                                td.num { (amount(b.balance_minor, &b.asset)) }
                                td.mono { @if let Some(c) = &b.customer_id { a href=(app.href(&format!("customers/{c}"))) { (c) } } }
                            }
                        }
                    }
                }
            }
        }
    };
    Ok(console.page(&visitor, Some(&app), Section::Accounts, "Balances", body).await)
}

pub async fn account(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    Path((_, account)): Path<(String, String)>,
) -> Result<Response, Failure> {
    let id = app.id;
    let lookup = account.clone();
    let (balance, lines) = console
        .state
        .db
        .read(move |conn| {
            let balance = store::postings::balances(conn, id)?.into_iter().find(|b| b.account_id == lookup);
            let lines = store::postings::for_account(conn, id, &lookup, 100)?;
            Ok((balance, lines))
        })
        .await?;
    let balance = balance.ok_or(Failure::NotFound)?;
    let body = html! {
        dl.facts {
            dt { "Purpose" } dd { (balance.purpose) }
            dt { "Balance" } dd { (amount(balance.balance_minor, &balance.asset)) }
        }
        h2 { "Newest postings" }
        @if lines.is_empty() { (html::empty("No postings.")) } @else {
            table {
                thead { tr { th { "Time" } th { "Kind" } th { "Flow" } th.num { "Amount" } } }
                tbody {
                    @for l in &lines {
                        tr {
                            td { (html::time(&l.at.to_rfc3339())) }
                            td { code { (l.kind) } }
                            td.mono { a href=(reference_href(&app, l)) { (l.reference_type) " " (l.reference_id) } }
                            td.num { (amount(l.amount_minor, &l.asset)) }
                        }
                    }
                }
            }
        }
        p { a href=(app.href("accounts")) { "← All balances" } }
    };
    Ok(console.page(&visitor, Some(&app), Section::Accounts, format!("Account {account}"), body).await)
}

/// Where a posting's reference is shown: a flow's page, or for a float's
/// prefunding the account's.
fn reference_href(app: &AppCtx, line: &Line) -> String {
    match line.reference_type.as_str() {
        "account" => app.href(&format!("accounts/{}", line.reference_id)),
        "customer" => app.href(&format!("customers/{}", line.reference_id)),
        kind => app.href(&format!("money/{kind}/{}", line.reference_id)),
    }
}
