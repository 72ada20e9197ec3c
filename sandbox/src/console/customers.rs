//! Customers and their beneficiaries: verification (KYB) status, each
//! customer's timeline, beneficiaries and accounts, and on TEST approve and
//! reject. Beneficiaries have no verification of their own: a payout to
//! one waits on its customer's.

use axum::extract::{Path, State};
use axum::http::{Method, StatusCode};
use axum::response::Response;
use maud::html;
use payctl_wire::customers::KybStatus;

use super::dispatch::segment;
use super::extract::{AppForm, AppPage, NEWEST, Params};
use super::html::{self, Section, amount};
use super::money::{states, timeline};
use super::{Call, Console, Failure, back};
use crate::flows::FlowKind;
use crate::store;

pub async fn list(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    params: Params,
) -> Result<Response, Failure> {
    let status = params.0.get("status").and_then(|s| KybStatus::parse(s));
    let page = params.page()?;
    let (id, wanted) = (app.id, status);
    let (customers, beneficiaries) = console
        .state
        .db
        .read(move |conn| {
            let customers = store::customers::list(conn, id, wanted, &page)?;
            Ok((customers, store::beneficiaries::list_for_application(conn, id, &NEWEST)?.data))
        })
        .await?;
    let base = app.href("customers");
    let body = html! {
        form.filters method="get" action=(base) {
            label { "Verification"
                select name="status" {
                    option value="" { "any" }
                    @for s in KybStatus::ALL { option value=(s) selected[status == Some(*s)] { (s) } }
                }
            }
            button type="submit" { "Filter" }
        }
        p.live-status data-live-status="customer-rows" { "Live: the list refreshes every 2 seconds." }
        div id="customer-rows" data-live="2000" {
            @if customers.data.is_empty() { (html::empty("No customers match.")) } @else {
                table {
                    thead { tr { th { "Customer" } th { "Email" } th { "Country" } th { "Verification" } th { "Created" } @if app.is_test() { th { span.muted { "Decide (TEST)" } } } } }
                    tbody {
                        @for c in &customers.data {
                            tr {
                                td { a href=(app.href(&format!("customers/{}", c.id))) { (c.legal_name) } br; span.mono.muted { (c.id) } }
                                td { (c.email) }
                                td { (c.country) }
                                td { (html::status(c.kyb_status)) }
                                td { (html::time(&c.created_at)) }
                                @if app.is_test() {
                                    td {
                                        @if c.kyb_status == KybStatus::Pending {
                                            (html::action(&visitor, &app.href(&format!("customers/{}/approve", c.id)), "Approve", None, ""))
                                            " "
                                            (html::action(&visitor, &app.href(&format!("customers/{}/reject", c.id)), "Reject", None, "danger"))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            (html::older(&base, &[("status", status.map(|s| s.to_string()).unwrap_or_default())], customers.next_cursor.as_deref()))
        }
        h2 { "Beneficiaries" }
        @if beneficiaries.is_empty() { (html::empty("No beneficiaries yet.")) } @else {
            table {
                thead { tr { th { "Beneficiary" } th { "Account" } th { "Customer" } th { "Customer's verification" } } }
                tbody {
                    @for (b, kyb_status) in &beneficiaries {
                        tr {
                            td { (b.full_name) br; span.mono.muted { (b.id) } }
                            td { (b.account.kind) " · " (b.account.destination_asset)
                                @if let Some(n) = &b.account.network { " · " (n) } }
                            td.mono { a href=(app.href(&format!("customers/{}", b.customer_id))) { (b.customer_id) } }
                            td { (html::status(*kyb_status)) }
                        }
                    }
                }
            }
        }
    };
    Ok(console.page(&visitor, Some(&app), Section::Customers, "Customers and beneficiaries", body).await)
}

pub async fn detail(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    Path((_, id)): Path<(String, String)>,
) -> Result<Response, Failure> {
    let application_id = app.id;
    let found = console
        .state
        .db
        .read(move |conn| {
            let Some(row) = store::customers::find(conn, Some(application_id), &id)? else { return Ok(None) };
            let public_id = row.customer.id.clone();
            let beneficiaries = store::beneficiaries::list(conn, row.id, &NEWEST)?.data;
            let accounts = store::accounts::for_customer(conn, row.id)?;
            let states = states(conn, FlowKind::Verification, application_id, &public_id)?;
            let events = store::events::for_resource(conn, application_id, &public_id)?;
            Ok(Some((row.customer, beneficiaries, accounts, states, events)))
        })
        .await?;
    let (c, beneficiaries, accounts, states, events) = found.ok_or(Failure::NotFound)?;
    let body = html! {
        dl.facts {
            dt { "Id" } dd.mono { (c.id) }
            dt { "Verification" } dd { (html::status(c.kyb_status)) }
            dt { "Email" } dd { (c.email) }
            dt { "Country" } dd { (c.country_name) " (" (c.country) ")" }
            dt { "Type" } dd { (c.customer_type) ", " (c.verification_level) }
        }
        @if app.is_test() && c.kyb_status == KybStatus::Pending {
            div.actions {
                (html::action(&visitor, &app.href(&format!("customers/{}/approve", c.id)), "Approve", None, ""))
                (html::action(&visitor, &app.href(&format!("customers/{}/reject", c.id)), "Reject", None, "danger"))
            }
        }
        p.live-status data-live-status="customer" { "Live: refreshes every 2 seconds." }
        div id="customer" data-live="2000" {
            h2 { "Timeline" }
            (timeline(&app, &states, &events))
        }
        h2 { "Beneficiaries" }
        @if beneficiaries.is_empty() { (html::empty("None.")) } @else {
            table {
                thead { tr { th { "Beneficiary" } th { "Account" } th { "Default" } } }
                tbody {
                    @for b in &beneficiaries {
                        tr {
                            td { (b.full_name) br; span.mono.muted { (b.id) } }
                            td { (b.account.kind) " · " (b.account.destination_asset)
                                @if let Some(i) = &b.account.iban { " · " span.mono { (i) } }
                                @if let Some(a) = &b.account.address { " · " span.mono { (a) } } }
                            td { @if b.account.is_default { "yes" } }
                        }
                    }
                }
            }
        }
        h2 { "Accounts" }
        @if accounts.is_empty() { (html::empty("None yet: a customer has an account in an asset once it has held it.")) } @else {
            table {
                thead { tr { th { "Account" } th.num { "Balance" } } }
                tbody {
                    @for a in &accounts {
                        tr {
                            td.mono { a href=(app.href(&format!("accounts/{}", a.id))) { (a.id) } }
                            td.num { (amount(a.balance_minor.parse().unwrap_or(0), &a.asset)) }
                        }
                    }
                }
            }
        }
        p { a href=(app.href("customers")) { "← All customers" } }
    };
    Ok(console.page(&visitor, Some(&app), Section::Customers, c.legal_name.clone(), body).await)
}

/// `POST /sandbox/customers/{id}/approve|reject` as the application.
pub async fn decide(
    State(console): State<Console>,
    Path((_, id, decision)): Path<(String, String, String)>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let done = match decision.as_str() {
        "approve" => "Customer approved.",
        "reject" => "Customer rejected.",
        _ => return Err(Failure::NotFound),
    };
    let path = format!("/sandbox/customers/{}/{decision}", segment(&id));
    let answer = console.act(&visitor, app.caller(), Call::new(Method::POST, &path, None), &fields, done).await;
    // An id the API does not know has no page to go back to.
    if answer.status == StatusCode::NOT_FOUND {
        return Ok(back(&app.href("customers")));
    }
    Ok(back(&app.href(&format!("customers/{}", segment(&id)))))
}
