//! The legacy quote forms (GET /v1/quotes with a body, POST /v1/quotes with
//! a corridor) and their accept: TEST keys only, one quotes table, the
//! shared 3-minute lock.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::customers::create_customer;
use crate::support::{Auth, Reply, TestSandbox, spawn_sandbox};

pub const WALLET: &str = "0x52908400098527886E0F7030069857D2E4169EE7";

pub async fn legacy_quote(sb: &TestSandbox, auth: &Auth, body: Value) -> Reply {
    sb.send(sb.request(Method::GET, "/v1/quotes", auth).json(&body)).await
}

pub fn legacy_body(customer_id: &str, amount: &str) -> Value {
    json!({
        "from_customer_id": customer_id,
        "to": {"type": "WALLET", "currency": "USDC", "address": WALLET},
        "source_amount": amount,
        "source_currency": "AED",
    })
}

/// Fixes AED→USDC at 0.25 so amounts are easy to check.
pub async fn fix_rate(sb: &TestSandbox) {
    let r =
        sb.put("/sandbox/rates", &sb.control(), json!({"source": "AED", "destination": "USDC", "rate": "0.25"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

/// A customer of the TEST application, approved when `approve`.
pub async fn customer(sb: &TestSandbox, email: &str, approve: bool) -> String {
    let key = sb.test_key();
    let id = create_customer(sb, &key, email).await["id"].as_str().unwrap().to_owned();
    if approve {
        let r = sb.post(&format!("/sandbox/customers/{id}/approve"), &key, json!({})).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    id
}

/// An accepted legacy quote; returns its id.
pub async fn accepted_quote(sb: &TestSandbox, customer_id: &str, amount: &str) -> String {
    let key = sb.test_key();
    let q = legacy_quote(sb, &key, legacy_body(customer_id, amount)).await;
    assert_eq!(q.status, StatusCode::CREATED, "{}", q.body);
    let id = q.body["id"].as_str().unwrap().to_owned();
    let a = sb.post(&format!("/v1/quotes/{id}/accept"), &key, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    id
}

#[tokio::test]
async fn get_form_prices_with_the_shared_core_and_locks_three_minutes() {
    let sb = spawn_sandbox().await;
    fix_rate(&sb).await;
    let key = sb.test_key();
    let cust = customer(&sb, "q@example.com", false).await;
    let r = legacy_quote(&sb, &key, legacy_body(&cust, "1000.50")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let q = &r.body;
    assert_eq!(q["form"], "legacy");
    assert_eq!(q["status"], "CREATED");
    assert_eq!(q["from_customer_id"], cust);
    assert_eq!(q["to"], json!({"type": "WALLET", "currency": "USDC", "address": WALLET}));
    assert_eq!(q["source_currency"], "AED");
    assert_eq!(q["destination_currency"], "USDC");
    assert_eq!(q["source_amount"], "1000.50");
    assert_eq!(q["source_amount_minor"], "100050");
    assert_eq!(q["fees"], json!({"platform_fee": "0.00", "corridor_fee": "0.00", "total": "0.00"}));
    assert_eq!(q["guaranteed_rate"], "0.25");
    assert_eq!(q["destination_amount"], "250.125000");
    assert_eq!(q["destination_amount_minor"], "250125000");
    assert_eq!(q["accepted_at"], Value::Null);
    let created = chrono::DateTime::parse_from_rfc3339(q["created_at"].as_str().unwrap()).unwrap();
    let expires = chrono::DateTime::parse_from_rfc3339(q["expires_at"].as_str().unwrap()).unwrap();
    assert_eq!((expires - created).num_seconds(), 180);
    let id = q["id"].as_str().unwrap();
    let got = sb.get(&format!("/v1/quotes/{id}"), &key).await;
    assert_eq!(got.body, *q);
    sb.advance_clock(181).await;
    assert_eq!(sb.get(&format!("/v1/quotes/{id}"), &key).await.body["status"], "EXPIRED");
    sb.post(&format!("/v1/quotes/{id}/accept"), &key, json!({})).await.assert_error(400, "QTE_0001");
}

#[tokio::test]
async fn get_form_validates_every_field_at_once() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r = legacy_quote(&sb, &key, json!({})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["from_customer_id", "source_currency", "source_amount", "to"]);
    let bad = json!({
        "from_customer_id": "nope",
        "to": {"type": "CASH", "currency": "XXX"},
        "source_amount": "1.234",
        "source_currency": "AED",
    });
    let r = legacy_quote(&sb, &key, bad).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["from_customer_id", "source_amount", "to.type", "to.currency"]);
    let cust = customer(&sb, "v@example.com", false).await;
    let mut body = legacy_body(&cust, "10");
    body["to"]["address"] = json!("not-an-address");
    assert_eq!(legacy_quote(&sb, &key, body).await.detail_fields(), vec!["to.address"]);
    let mut body = legacy_body(&cust, "10");
    body["to"] = json!({"type": "WALLET", "currency": "EUR", "address": WALLET});
    assert_eq!(legacy_quote(&sb, &key, body).await.detail_fields(), vec!["to.currency"]);
    let mut body = legacy_body(&cust, "10");
    body["to"] = json!({"type": "BANK", "currency": "EUR", "address": "DE00"});
    assert_eq!(legacy_quote(&sb, &key, body).await.detail_fields(), vec!["to.address"]);
    let mut body = legacy_body(&cust, "10");
    body["to"] = json!({"type": "BANK", "currency": "EUR", "address": "DE89370400440532013000"});
    assert_eq!(legacy_quote(&sb, &key, body).await.status, StatusCode::CREATED);
    let mut body = legacy_body(&cust, "10");
    body["to"] = json!({"type": "BANK", "currency": "JPY"});
    legacy_quote(&sb, &key, body).await.assert_error(422, "UNSUPPORTED_COMBINATION");
    let unknown = legacy_body("0190a0a0-0000-7000-8000-000000000000", "10");
    legacy_quote(&sb, &key, unknown).await.assert_error(404, "CNT_0001");
}

#[tokio::test]
async fn live_keys_are_refused_on_every_legacy_operation() {
    let sb = spawn_sandbox().await;
    let live = sb.live_key();
    let cust = customer(&sb, "live@example.com", false).await;
    legacy_quote(&sb, &live, legacy_body(&cust, "10")).await.assert_error(403, "ATH_0002");
    let corridor = json!({"source_currency": "AED", "destination_currency": "EUR", "amount": 10000, "corridor": "uae", "recipient_type": "bank_account"});
    sb.post("/v1/quotes", &live, corridor).await.assert_error(403, "ATH_0002");
    let id = accepted_quote(&sb, &cust, "10").await;
    sb.post(&format!("/v1/quotes/{id}/accept"), &live, json!({})).await.assert_error(403, "ATH_0002");
    sb.get(&format!("/v1/quotes/{id}"), &live).await.assert_error(403, "ATH_0002");
}

#[tokio::test]
async fn accept_once_then_409_and_unknown_or_foreign_is_404() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cust = customer(&sb, "a@example.com", false).await;
    let r = legacy_quote(&sb, &key, legacy_body(&cust, "25")).await;
    let id = r.body["id"].as_str().unwrap();
    sb.advance_clock(179).await;
    let a = sb.post(&format!("/v1/quotes/{id}/accept"), &key, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["status"], "ACCEPTED");
    assert!(a.body["accepted_at"].is_string());
    sb.post(&format!("/v1/quotes/{id}/accept"), &key, json!({})).await.assert_error(409, "QTE_0002");
    sb.advance_clock(600).await;
    assert_eq!(sb.get(&format!("/v1/quotes/{id}"), &key).await.body["status"], "ACCEPTED", "accepted stays accepted");
    let missing = "0190a0a0-0000-7000-8000-000000000000";
    sb.post(&format!("/v1/quotes/{missing}/accept"), &key, json!({})).await.assert_error(404, "NOT_FOUND");
    let bearer = sb.login().await;
    let (_, other_key) = sb.new_app_key(&bearer, "TEST").await;
    let other = Auth::Key(other_key);
    sb.post(&format!("/v1/quotes/{id}/accept"), &other, json!({})).await.assert_error(404, "NOT_FOUND");
}

#[tokio::test]
async fn corridor_form_adds_the_corridor_fee_and_guarantees_the_rate() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let body = json!({"source_currency": "AED", "destination_currency": "EUR", "amount": 1_000_000, "corridor": "uae", "recipient_type": "bank_account"});
    let r = sb.post("/v1/quotes", &key, body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let q = &r.body;
    assert_eq!(q["form"], "corridor");
    assert_eq!(q["corridor"], "uae");
    assert_eq!(q["recipient_type"], "bank_account");
    assert_eq!(q["to"], Value::Null);
    assert_eq!(q["from_customer_id"], Value::Null);
    assert_eq!(q["source_amount"], "10000.00");
    // 15 bps of 10000.00 AED is 15.00; the rest converts at the table rate.
    assert_eq!(q["fees"], json!({"platform_fee": "0.00", "corridor_fee": "15.00", "total": "15.00"}));
    assert_eq!(q["guaranteed_rate"], "0.249221");
    assert_eq!(q["destination_amount"], "2488.47"); // 9985.00 × 0.249221, rounded down
    // The minimum fee applies to small amounts; wallets pay 10 bps, min 1.00.
    let small = json!({"source_currency": "AED", "destination_currency": "USD", "amount": 10_000, "corridor": "uae", "recipient_type": "wallet"});
    let r = sb.post("/v1/quotes", &key, small).await;
    assert_eq!(r.body["fees"]["corridor_fee"], "1.00");
    let id = r.body["id"].as_str().unwrap();
    assert_eq!(sb.post(&format!("/v1/quotes/{id}/accept"), &key, json!({})).await.body["status"], "ACCEPTED");
}

#[tokio::test]
async fn corridor_form_rules() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r = sb.post("/v1/quotes", &key, json!({"amount": "100"})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(
        r.detail_fields(),
        vec!["source_currency", "destination_currency", "amount", "corridor", "recipient_type"]
    );
    let r = sb.post("/v1/quotes", &key, json!({"source_currency": "AED", "destination_currency": "EUR", "amount": -5, "corridor": "mars", "recipient_type": "cash"})).await;
    assert_eq!(r.detail_fields(), vec!["amount", "recipient_type"]);
    // Corridors are the ids of GET /v1/pricing/corridors, or the code uae.
    let mars = json!({"source_currency": "AED", "destination_currency": "EUR", "amount": 10000, "corridor": "mars", "recipient_type": "wallet"});
    let r = sb.post("/v1/quotes", &key, mars).await;
    let e = r.assert_error(422, "UNSUPPORTED_COMBINATION");
    assert_eq!(r.detail_fields(), vec!["corridor"]);
    assert!(e["message"].as_str().unwrap().ends_with("use uae or AED-EUR"), "{e}");
    let pair = json!({"source_currency": "AED", "destination_currency": "EUR", "amount": 10000, "corridor": "AED-EUR", "recipient_type": "wallet"});
    assert_eq!(sb.post("/v1/quotes", &key, pair).await.status, reqwest::StatusCode::CREATED);
    let off = json!({"source_currency": "EUR", "destination_currency": "GBP", "amount": 10000, "corridor": "uae", "recipient_type": "wallet"});
    sb.post("/v1/quotes", &key, off).await.assert_error(422, "UNSUPPORTED_COMBINATION");
    let tiny = json!({"source_currency": "AED", "destination_currency": "EUR", "amount": 400, "corridor": "uae", "recipient_type": "bank_account"});
    let e = sb.post("/v1/quotes", &key, tiny).await;
    let e = e.assert_error(422, "INVALID_AMOUNT");
    assert!(
        e["message"].as_str().unwrap().contains("smallest amount that delivers anything is 5.05 AED (505 minor units)"),
        "{e}"
    );
}
