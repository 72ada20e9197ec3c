//! Payments: TEST-only, idempotency required, compliance gate, virtual IBAN
//! collection, funding by hand or by itself, settlement into the customer's
//! ledger account, expiry, and the filtered list.

use payctl_domain::iban::Iban;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::legacy_quotes::{accepted_quote, customer, fix_rate, legacy_body, legacy_quote};
use crate::support::{Auth, Reply, TestSandbox, spawn_sandbox};
use crate::webhooks::{Receiver, create as create_endpoint};

async fn pay(sb: &TestSandbox, auth: &Auth, key: Option<&str>, body: Value) -> Reply {
    let mut req = sb.request(Method::POST, "/v1/payments", auth).json(&body);
    if let Some(k) = key {
        req = req.header("Idempotency-Key", k);
    }
    sb.send(req).await
}

fn body(quote_id: &str) -> Value {
    json!({"quote_id": quote_id, "collection_method": "VIRTUAL_IBAN"})
}

async fn balances(sb: &TestSandbox, customer_id: &str) -> Vec<(String, String)> {
    let r = sb.get(&format!("/v1/customers/{customer_id}/accounts"), &sb.test_key()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let mut out: Vec<(String, String)> = r
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["asset"].as_str().unwrap().to_owned(), a["balance_minor"].as_str().unwrap().to_owned()))
        .collect();
    out.sort();
    out
}

#[tokio::test]
async fn a_payment_collects_on_a_virtual_iban_then_funds_and_settles() {
    let sb = spawn_sandbox().await;
    fix_rate(&sb).await;
    let key = sb.test_key();
    let cust = customer(&sb, "pay@example.com", true).await;
    let receiver = Receiver::start().await;
    create_endpoint(&sb, &key, &receiver.url, &["on_ramp.completed", "settlement.created", "settlement.completed"])
        .await;
    let quote = accepted_quote(&sb, &cust, "1000.00").await;
    let r = pay(&sb, &key, Some("p-1"), body(&quote)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let p = r.body.clone();
    let id = p["id"].as_str().unwrap();
    assert_eq!(id.len(), 36);
    assert_eq!(p["status"], "awaiting_funds");
    assert_eq!(p["quote_id"], quote);
    assert_eq!(p["customer_id"], cust);
    let ci = &p["collection_instructions"];
    assert_eq!(ci["method"], "VIRTUAL_IBAN");
    let iban = Iban::parse(ci["iban"].as_str().unwrap()).expect("a valid IBAN");
    assert_eq!(iban.country(), "AE");
    assert!(ci["reference"].as_str().unwrap().starts_with("PAY-"));
    assert_eq!(
        (ci["amount"].as_str(), ci["amount_minor"].as_str(), ci["currency"].as_str()),
        (Some("1000.00"), Some("100000"), Some("AED"))
    );
    assert_eq!(p["destination_amount"], "250.000000");
    assert_eq!(p["exchange_rate"], "0.25");
    assert_eq!(p["funds_received_at"], Value::Null);
    // The quote is now used.
    assert_eq!(sb.get(&format!("/v1/quotes/{quote}"), &key).await.body["status"], "USED");
    assert!(balances(&sb, &cust).await.is_empty(), "nothing moves before the funds land");

    let f = sb.post(&format!("/sandbox/payments/{id}/fund"), &key, json!({})).await;
    assert_eq!(f.status, StatusCode::OK, "{}", f.body);
    assert_eq!(f.body["status"], "funds_received");
    assert!(f.body["funds_received_at"].is_string());
    assert!(balances(&sb, &cust).await.is_empty(), "the funds are held in flight until settlement");
    sb.post(&format!("/sandbox/payments/{id}/fund"), &key, json!({})).await.assert_error(409, "CONFLICT");
    sb.post(&format!("/sandbox/payments/{id}/fund"), &sb.live_key(), json!({})).await.assert_error(403, "ATH_0002");
    sb.post("/sandbox/payments/nope/fund", &key, json!({})).await.assert_error(404, "NOT_FOUND");

    sb.advance_clock(10).await;
    let got = sb.get(&format!("/v1/payments/{id}"), &key).await;
    assert_eq!(got.body["status"], "settled");
    let got_settled_at = got.body["settled_at"].clone();
    assert!(got_settled_at.is_string());
    assert_eq!(balances(&sb, &cust).await, vec![("USDC".to_owned(), "250000000".to_owned())]);
    let got = receiver.wait_for(3).await;
    let seen: Vec<Value> = got.iter().map(|r| r.json()).collect();
    let names: Vec<&str> = seen.iter().map(|e| e["event"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["settlement.created", "on_ramp.completed", "settlement.completed"]);
    assert!(seen.iter().all(|e| e["payment_id"] == id), "{seen:?}");
    assert_eq!(seen[2]["data"]["status"], "SETTLED");
    assert_eq!(seen[2]["data"]["settled_at"], got_settled_at);
    // Replays answer the stored creation byte for byte.
    let again = pay(&sb, &key, Some("p-1"), body(&quote)).await;
    assert_eq!(again.raw, r.raw);
}

#[tokio::test]
async fn payments_fund_themselves_after_thirty_seconds_unless_the_amount_ends_in_99() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cust = customer(&sb, "auto@example.com", true).await;
    let q1 = accepted_quote(&sb, &cust, "100.00").await;
    let q2 = accepted_quote(&sb, &cust, "100.99").await;
    let p1 = pay(&sb, &key, Some("a1"), body(&q1)).await.body["id"].as_str().unwrap().to_owned();
    let p2 = pay(&sb, &key, Some("a2"), body(&q2)).await.body["id"].as_str().unwrap().to_owned();
    sb.advance_clock(30).await;
    assert_eq!(sb.get(&format!("/v1/payments/{p1}"), &key).await.body["status"], "funds_received");
    sb.advance_clock(10).await;
    assert_eq!(sb.get(&format!("/v1/payments/{p1}"), &key).await.body["status"], "settled");
    assert_eq!(sb.get(&format!("/v1/payments/{p2}"), &key).await.body["status"], "awaiting_funds");
    sb.advance_clock(24 * 3600).await;
    let expired = sb.get(&format!("/v1/payments/{p2}"), &key).await;
    assert_eq!(expired.body["status"], "expired");
    assert!(expired.body["expired_at"].is_string());
    sb.post(&format!("/sandbox/payments/{p2}/fund"), &key, json!({})).await.assert_error(409, "CONFLICT");
}

#[tokio::test]
async fn create_rules_and_error_codes() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let approved = customer(&sb, "ok@example.com", true).await;
    let quote = accepted_quote(&sb, &approved, "50").await;

    // Idempotency-Key is required.
    pay(&sb, &key, None, body(&quote)).await.assert_error(400, "IDM_0002");
    // LIVE keys are refused.
    pay(&sb, &sb.live_key(), Some("l"), body(&quote)).await.assert_error(403, "ATH_0002");
    // Every bad field at once.
    let r = pay(&sb, &key, Some("v1"), json!({"quote_id": "x", "collection_method": "CARD"})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["quote_id", "collection_method"]);
    let r = pay(&sb, &key, Some("v2"), json!({})).await;
    assert_eq!(r.detail_fields(), vec!["quote_id", "collection_method"]);
    // Unknown quote.
    pay(&sb, &key, Some("n"), body("0190a0a0-0000-7000-8000-000000000000")).await.assert_error(404, "NOT_FOUND");
    // A quote not accepted yet.
    let open = legacy_quote(&sb, &key, legacy_body(&approved, "50")).await.body["id"].as_str().unwrap().to_owned();
    pay(&sb, &key, Some("o"), body(&open)).await.assert_error(400, "IDM_0002");
    // A corridor quote is another form.
    let corridor = sb
        .post("/v1/quotes", &key, json!({"source_currency": "AED", "destination_currency": "EUR", "amount": 100000, "corridor": "uae", "recipient_type": "bank_account"}))
        .await;
    let cid = corridor.body["id"].as_str().unwrap();
    sb.post(&format!("/v1/quotes/{cid}/accept"), &key, json!({})).await;
    assert_eq!(pay(&sb, &key, Some("c"), body(cid)).await.detail_fields(), vec!["quote_id"]);
    // Compliance gate: pending, then rejected customers.
    let pending = customer(&sb, "pending@example.com", false).await;
    let pq = accepted_quote(&sb, &pending, "50").await;
    let r = pay(&sb, &key, Some("g1"), body(&pq)).await;
    r.assert_error(403, "CMP_0001");
    assert_eq!(sb.get(&format!("/v1/quotes/{pq}"), &key).await.body["status"], "ACCEPTED", "the quote is not used");
    // Works once, then the quote is used.
    assert_eq!(pay(&sb, &key, Some("ok"), body(&quote)).await.status, StatusCode::CREATED);
    pay(&sb, &key, Some("ok2"), body(&quote)).await.assert_error(400, "IDM_0002");
    // Same key, another body.
    pay(&sb, &key, Some("ok"), body(&pq)).await.assert_error(409, "IDM_0001");
    // After a 400 the key is spent: a corrected body is a conflict.
    pay(&sb, &key, Some("v1"), body(&quote)).await.assert_error(409, "IDM_0001");
    // Another application cannot see the payment nor use the quote.
    let bearer = sb.login().await;
    let (_, other) = sb.new_app_key(&bearer, "TEST").await;
    pay(&sb, &Auth::Key(other), Some("x"), body(&pq)).await.assert_error(404, "NOT_FOUND");
}

#[tokio::test]
async fn reads_and_the_list_with_filters() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cust = customer(&sb, "list@example.com", true).await;
    let mut ids = Vec::new();
    for (i, amount) in ["10.00", "20.99", "30.00"].into_iter().enumerate() {
        let q = accepted_quote(&sb, &cust, amount).await;
        ids.push(pay(&sb, &key, Some(&format!("l{i}")), body(&q)).await.body["id"].as_str().unwrap().to_owned());
    }
    sb.post(&format!("/sandbox/payments/{}/fund", ids[0]), &key, json!({})).await;
    let all = sb.get("/v1/payments", &key).await;
    let listed: Vec<&str> = all.body["data"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(listed, vec![ids[2].as_str(), ids[1].as_str(), ids[0].as_str()], "newest first");
    let funded = sb.get("/v1/payments?status=funds_received", &key).await;
    assert_eq!(funded.body["data"].as_array().unwrap().len(), 1);
    assert_eq!(funded.body["data"][0]["id"], ids[0]);
    let page = sb.get("/v1/payments?limit=2", &key).await;
    assert_eq!(page.body["data"].as_array().unwrap().len(), 2);
    let cursor = page.body["next_cursor"].as_str().unwrap();
    let rest = sb.get(&format!("/v1/payments?limit=2&cursor={cursor}"), &key).await;
    assert_eq!(rest.body["data"][0]["id"], ids[0]);
    assert_eq!(rest.body["next_cursor"], Value::Null);
    let created = all.body["data"][0]["created_at"].as_str().unwrap().to_owned();
    let day = &created[..10];
    let today = sb.get(&format!("/v1/payments?from_date={day}&to_date={day}"), &key).await;
    assert_eq!(today.body["data"].as_array().unwrap().len(), 3);
    let later = sb.get("/v1/payments?from_date=2999-01-01T00:00:00Z", &key).await;
    assert!(later.body["data"].as_array().unwrap().is_empty());
    let r = sb.get("/v1/payments?status=done&from_date=yesterday&to_date=2020-13-01&limit=0", &key).await;
    r.assert_error(400, "VAL_0001");
    let mut fields = r.detail_fields();
    fields.sort();
    assert_eq!(fields, vec!["from_date", "limit", "status", "to_date"]);
    let r = sb.get("/v1/payments?from_date=2026-02-02&to_date=2026-02-01", &key).await;
    assert_eq!(r.detail_fields(), vec!["to_date"]);
    sb.get("/v1/payments", &sb.live_key()).await.assert_error(403, "ATH_0002");
    sb.get(&format!("/v1/payments/{}", ids[0]), &sb.live_key()).await.assert_error(403, "ATH_0002");
    sb.get("/v1/payments/nope", &key).await.assert_error(404, "NOT_FOUND");
}

#[tokio::test]
async fn racing_requests_create_one_payment_per_quote_and_one_per_key() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cust = customer(&sb, "race@example.com", true).await;
    let quote = accepted_quote(&sb, &cust, "75.00").await;
    let keys: Vec<String> = (0..20).map(|i| format!("race-{i}")).collect();
    let replies = futures::future::join_all(keys.iter().map(|k| pay(&sb, &key, Some(k), body(&quote)))).await;
    let won: Vec<&Reply> = replies.iter().filter(|r| r.status == StatusCode::CREATED).collect();
    assert_eq!(won.len(), 1, "exactly one payment consumes the quote");
    for r in replies.iter().filter(|r| r.status != StatusCode::CREATED) {
        r.assert_error(400, "IDM_0002");
    }
    let q2 = accepted_quote(&sb, &cust, "80.00").await;
    let same = futures::future::join_all((0..20).map(|_| pay(&sb, &key, Some("one-key"), body(&q2)))).await;
    assert!(same.iter().all(|r| r.status == StatusCode::CREATED && r.raw == same[0].raw), "one payment, one answer");
    let list = sb.get("/v1/payments", &key).await;
    assert_eq!(list.body["data"].as_array().unwrap().len(), 2);
}
