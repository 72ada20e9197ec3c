//! Pricing and partner wallets (dashboard operations): the partner's
//! markup and per-customer overrides with a simulation form, the corridors
//! with their mid rates, and the partner's wallets. Read and changed through
//! the API's dashboard routes as the signed-in user.

use axum::extract::{Path, State};
use axum::http::Method;
use axum::response::Response;
use maud::{Markup, html};
use payctl_domain::address::Network;
use payctl_wire::wallets::WalletRole;
use serde_json::{Value, json};

use super::dispatch::segment;
use super::extract::{Form, Params};
use super::form::Fields;
use super::html::{self, Section};
use super::overview::integer_or_text;
use super::session::{Flash, Visitor};
use super::{CONSOLE, Call, Console, Failure, back};

const SIMULATE: &[&str] = &["source_amount", "source_currency", "dest_currency", "exchange_rate", "customer_id"];

fn markup_text(m: &Value) -> String {
    let value = m["value"].as_u64().unwrap_or(0);
    let mut text = match m["kind"].as_str() {
        Some("FLAT") => format!("FLAT {value} {} (minor units)", m["currency"].as_str().unwrap_or("")),
        _ => format!("{value} BPS"),
    };
    if let Some(min) = m["min_fee"].as_u64() {
        text.push_str(&format!(", min fee {min}"));
    }
    if let Some(max) = m["max_fee"].as_u64() {
        text.push_str(&format!(", max fee {max}"));
    }
    text
}

fn markup_fields(prefill: Option<&Value>) -> Markup {
    let get = |k: &str| prefill.map(|m| m[k].clone()).unwrap_or(Value::Null);
    let number = |k: &str| get(k).as_u64().map(|n| n.to_string()).unwrap_or_default();
    let kind = get("kind").as_str().unwrap_or("BPS").to_owned();
    html! {
        label { "Kind"
            select name="kind" {
                @for k in ["BPS", "FLAT"] { option value=(k) selected[kind == k] { (k) } }
            }
        }
        label { "Value (basis points, or minor units for FLAT)" input type="number" name="value" min="0" required value=(number("value")); }
        label { "Currency (FLAT only)" input type="text" name="currency" maxlength="16" value=(get("currency").as_str().unwrap_or("")); }
        label { "Minimum fee (minor units, optional)" input type="number" name="min_fee" min="0" value=(number("min_fee")); }
        label { "Maximum fee (minor units, optional)" input type="number" name="max_fee" min="0" value=(number("max_fee")); }
    }
}

/// The markup body from the form; the API judges every field.
fn markup_body(fields: &Fields) -> Value {
    let mut body = json!({
        "kind": fields.get("kind").unwrap_or(""),
        "value": integer_or_text(fields.get("value").unwrap_or("")),
    });
    if let Some(c) = fields.text("currency") {
        body["currency"] = c.into();
    }
    for bound in ["min_fee", "max_fee"] {
        if let Some(v) = fields.text(bound) {
            body[bound] = integer_or_text(&v);
        }
    }
    body
}

pub async fn page(
    State(console): State<Console>,
    visitor: Visitor,
    Params(params): Params,
) -> Result<Response, Failure> {
    let read = |path: &'static str| console.api.call(visitor.caller(), Method::GET, path, None, None);
    let markup = read("/v1/pricing/markup").await;
    if !markup.ok() {
        let (text, _) = markup.failure();
        let body = html! { p { (text) } p { a href={ (CONSOLE) "/overview" } { "Back to the overview" } } };
        return Ok(console.page(&visitor, None, Section::Pricing, "Pricing and wallets", body).await);
    }
    let overrides = read("/v1/pricing/customers?limit=100").await;
    let corridors = read("/v1/pricing/corridors").await;
    let wallets = read("/v1/partner-wallets").await;
    let simulation = if SIMULATE.iter().any(|k| params.contains_key(*k)) {
        let path = {
            let mut q = form_urlencoded::Serializer::new(String::new());
            for k in SIMULATE {
                if let Some(v) = params.get(*k) {
                    q.append_pair(k, v);
                }
            }
            format!("/v1/pricing/simulate?{}", q.finish())
        };
        Some(console.api.call(visitor.caller(), Method::GET, &path, None, None).await)
    } else {
        None
    };
    let value = |k: &str| params.get(k).cloned().unwrap_or_default();
    let list = |v: &Value| v["data"].as_array().cloned().unwrap_or_default();
    let body = html! {
        div.grid2 {
        section {
        h2 { "Partner markup" }
        p { strong { (markup_text(&markup.body)) } " " span.muted { "(" (markup.body["source"].as_str().unwrap_or("")) ")" } }
        form.stack method="post" action={ (CONSOLE) "/pricing/markup" } {
            (html::form_guard(&visitor))
            (markup_fields(Some(&markup.body)))
            div { button type="submit" { "Save partner markup" } }
        }
        }
        section {
        h2 { "Customer overrides" }
        @let rows = list(&overrides.body);
        @if rows.is_empty() { (html::empty("No customer overrides.")) } @else {
            table {
                thead { tr { th { "Customer" } th { "Markup" } th { "Updated" } th { span.muted { "Action" } } } }
                tbody {
                    @for m in &rows {
                        @let customer = m["customer_id"].as_str().unwrap_or("");
                        tr {
                            td.mono { (customer) }
                            td { (markup_text(m)) }
                            td { (html::time(m["updated_at"].as_str().unwrap_or(""))) }
                            td { (html::action(&visitor, &format!("{CONSOLE}/pricing/customers/{customer}/markup/delete"), "Remove", Some("Remove this override?"), "danger")) }
                        }
                    }
                }
            }
        }
        form.stack method="post" action={ (CONSOLE) "/pricing/customers/markup" } {
            (html::form_guard(&visitor))
            label { "Customer id" input type="text" name="customer_id" required; }
            (markup_fields(None))
            div { button type="submit" { "Save customer override" } }
        }
        }
        }
        h2 id="simulate" { "Simulate" }
        form.filters method="get" action={ (CONSOLE) "/pricing#simulate" } {
            label { "Source amount (minor units)" input type="text" name="source_amount" required value=(value("source_amount")); }
            label { "Source currency" input type="text" name="source_currency" required value=(value("source_currency")); }
            label { "Destination currency" input type="text" name="dest_currency" required value=(value("dest_currency")); }
            label { "Exchange rate (optional)" input type="text" name="exchange_rate" value=(value("exchange_rate")); }
            label { "Customer id (optional)" input type="text" name="customer_id" value=(value("customer_id")); }
            button type="submit" { "Simulate" }
        }
        @if let Some(s) = &simulation {
            @if s.ok() {
                dl.facts {
                    dt { "Fee" } dd { (s.body["fee_minor"].as_str().unwrap_or("")) " " span.muted { "(" (markup_text(&s.body["markup"])) ", " (s.body["markup"]["source"].as_str().unwrap_or("")) ")" } }
                    dt { "Converted" } dd { (s.body["net_source_minor"].as_str().unwrap_or("")) " " (s.body["source_currency"].as_str().unwrap_or("")) }
                    dt { "Rate" } dd { (s.body["exchange_rate"].as_str().unwrap_or("")) " " span.muted { "(" (s.body["rate_source"].as_str().unwrap_or("")) ")" } }
                    dt { "Destination" } dd { strong { (s.body["destination_amount_minor"].as_str().unwrap_or("")) " " (s.body["dest_currency"].as_str().unwrap_or("")) } }
                    dt { "Rounding" } dd.muted { (s.body["rounding"].as_str().unwrap_or("")) }
                }
            } @else {
                @let (text, details) = s.failure();
                (html::flash_box(&Flash::failed(text, details)))
            }
        }
        h2 { "Corridors" }
        @let rows = list(&corridors.body);
        table {
            thead { tr { th { "Corridor" } th { "Pair" } th { "Direction" } th.num { "Mid rate" } } }
            tbody {
                @for c in &rows {
                    tr {
                        td.mono { (c["id"].as_str().unwrap_or("")) }
                        td { (c["source_asset"].as_str().unwrap_or("")) " → " (c["destination_asset"].as_str().unwrap_or("")) }
                        td { (c["direction"].as_str().unwrap_or("")) }
                        td.num { (c["mid_rate"].as_str().unwrap_or("")) }
                    }
                }
            }
        }
        h2 { "Partner wallets" }
        @let rows = list(&wallets.body);
        @if rows.is_empty() { (html::empty("No partner wallets.")) } @else {
            table {
                thead { tr { th { "Network" } th { "Role" } th { "Address" } th { "Updated" } } }
                tbody {
                    @for w in &rows {
                        tr {
                            td { (w["network"].as_str().unwrap_or("")) }
                            td { (w["walletRole"].as_str().unwrap_or("")) }
                            td.mono { (w["address"].as_str().unwrap_or("")) }
                            td { (html::time(w["updatedAt"].as_str().unwrap_or(""))) }
                        }
                    }
                }
            }
        }
        form.stack method="post" action={ (CONSOLE) "/pricing/wallets" } {
            (html::form_guard(&visitor))
            label { "Network" select name="network" { @for n in Network::ALL { option value=(n) { (n) } } } }
            label { "Role" select name="walletRole" { @for r in WalletRole::ALL { option value=(r.as_str()) { (r.as_str()) } } } }
            label { "Address" input type="text" name="address" required; }
            div { button type="submit" { "Save wallet" } }
        }
    };
    Ok(console.page(&visitor, None, Section::Pricing, "Pricing and wallets", body).await)
}

/// `PUT /v1/pricing/markup`.
pub async fn put_markup(State(console): State<Console>, Form { visitor, fields }: Form) -> Result<Response, Failure> {
    console
        .act(
            &visitor,
            visitor.caller(),
            Call::new(Method::PUT, "/v1/pricing/markup", Some(markup_body(&fields))),
            &fields,
            "Partner markup saved.",
        )
        .await;
    Ok(back(&format!("{CONSOLE}/pricing")))
}

/// `PUT /v1/pricing/customers/{id}/markup`, the customer named in the form.
pub async fn put_customer_markup(
    State(console): State<Console>,
    Form { visitor, fields }: Form,
) -> Result<Response, Failure> {
    let path = format!("/v1/pricing/customers/{}/markup", segment(fields.get("customer_id").unwrap_or("").trim()));
    console
        .act(
            &visitor,
            visitor.caller(),
            Call::new(Method::PUT, &path, Some(markup_body(&fields))),
            &fields,
            "Customer override saved.",
        )
        .await;
    Ok(back(&format!("{CONSOLE}/pricing")))
}

/// `DELETE /v1/pricing/customers/{id}/markup`.
pub async fn delete_customer_markup(
    State(console): State<Console>,
    Path(customer): Path<String>,
    Form { visitor, fields }: Form,
) -> Result<Response, Failure> {
    let path = format!("/v1/pricing/customers/{}/markup", segment(&customer));
    console
        .act(&visitor, visitor.caller(), Call::new(Method::DELETE, &path, None), &fields, "Customer override removed.")
        .await;
    Ok(back(&format!("{CONSOLE}/pricing")))
}

/// `PUT /v1/partner-wallets`.
pub async fn put_wallet(State(console): State<Console>, Form { visitor, fields }: Form) -> Result<Response, Failure> {
    let body = json!({
        "network": fields.get("network").unwrap_or(""),
        "walletRole": fields.get("walletRole").unwrap_or(""),
        "address": fields.get("address").unwrap_or("").trim(),
    });
    console
        .act(
            &visitor,
            visitor.caller(),
            Call::new(Method::PUT, "/v1/partner-wallets", Some(body)),
            &fields,
            "Wallet saved.",
        )
        .await;
    Ok(back(&format!("{CONSOLE}/pricing")))
}
