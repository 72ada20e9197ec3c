//! The failure that double-pays: the answer to a money-moving POST is lost
//! after the work was done. A client that retries with the same
//! `Idempotency-Key` gets the stored original and nothing runs twice; a
//! client that retries with a new key (or none) creates a second record.
//! And a fault that answers before the handler consumes nothing.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{add_rule, customer_body};
use crate::support::{Reply, TestSandbox, factories, spawn_sandbox};

fn new_key() -> String {
    uuid::Uuid::new_v4().to_string()
}

async fn post(sb: &TestSandbox, path: &str, key: Option<&str>, body: &Value) -> Result<Reply, reqwest::Error> {
    let mut request = sb.request(Method::POST, path, &sb.test_key()).json(body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    sb.try_send(request).await
}

/// `GET list` on `path`'s list: the ids of its records.
async fn ids(sb: &TestSandbox, list: &str) -> Vec<String> {
    let r = sb.get(list, &sb.test_key()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["data"].as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap().to_owned()).collect()
}

/// Drops the answer to the next `operation`, then checks that a same-key
/// retry replays the stored original (byte for byte, twice) naming the one
/// record `list` holds, and that a retry with `second_body` under a new key
/// (or no key, where the key is optional) makes a second record.
async fn lost_then_retried(
    sb: &TestSandbox,
    operation: &str,
    path: &str,
    list: &str,
    body: Value,
    second_body: Value,
    key_required: bool,
) {
    add_rule(
        sb,
        &sb.test_key(),
        json!({"match": {"operation_id": operation}, "fault": {"kind": "drop_response"},
                                         "times": 1}),
    )
    .await;
    let key = new_key();
    let lost = post(sb, path, Some(&key), &body).await;
    assert!(lost.is_err(), "{operation}: the answer was dropped: {:?}", lost.map(|r| r.body));
    let created = ids(sb, list).await;
    assert_eq!(created.len(), 1, "{operation}: the work was done once: {created:?}");

    let first = post(sb, path, Some(&key), &body).await.expect("the retry is answered");
    assert_eq!(first.status, StatusCode::CREATED, "{operation}: {}", first.body);
    assert_eq!(first.header("idempotent-replayed"), Some("true"), "{operation}");
    assert_eq!(first.body["id"], created[0].as_str(), "{operation}: the stored answer names the one record");
    let again = post(sb, path, Some(&key), &body).await.unwrap();
    assert_eq!(again.raw, first.raw, "{operation}: replays are byte for byte the stored answer");
    assert_eq!(ids(sb, list).await, created, "{operation}: still one record");

    // The careless client: a retry without the key (or with a new one).
    let careless = if key_required { Some(new_key()) } else { None };
    let second = post(sb, path, careless.as_deref(), &second_body).await.unwrap();
    assert_eq!(second.status, StatusCode::CREATED, "{operation}: {}", second.body);
    assert_eq!(ids(sb, list).await.len(), 2, "{operation}: a second record");
}

/// The customer's USDC balance in minor units.
async fn usdc(sb: &TestSandbox, customer: &str) -> i64 {
    let r = sb.get(&format!("/v1/customers/{customer}/accounts"), &sb.test_key()).await;
    r.body
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["asset"] == "USDC")
        .map_or(0, |a| a["balance_minor"].as_str().unwrap().parse::<i64>().unwrap())
}

#[tokio::test]
async fn a_lost_customer_answer_is_replayed_for_the_same_key() {
    let sb = spawn_sandbox().await;
    let body = customer_body();
    let mut second = body.clone();
    second["email"] = json!(format!("{}@example.com", uuid::Uuid::new_v4().simple()));
    lost_then_retried(&sb, "createCustomer", "/v1/customers", "/v1/customers", body, second, false).await;
}

#[tokio::test]
async fn a_lost_transaction_answer_is_replayed_for_the_same_key() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let quote = crate::quotes::accepted_quote(&sb, &key, "10000").await;
    let other_quote = crate::quotes::accepted_quote(&sb, &key, "10000").await;
    let ben = factories::verified_beneficiary(&sb, &key, "USDC").await;
    let body = json!({"quote_id": quote, "beneficiary_id": ben});
    let second = json!({"quote_id": other_quote, "beneficiary_id": ben});
    lost_then_retried(&sb, "createTransaction", "/v1/transactions", "/v1/transactions", body, second, true).await;
}

#[tokio::test]
async fn a_lost_payment_answer_is_replayed_for_the_same_key() {
    let sb = spawn_sandbox().await;
    crate::legacy_quotes::fix_rate(&sb).await;
    let cust = crate::legacy_quotes::customer(&sb, "lost@example.com", true).await;
    let quote = crate::legacy_quotes::accepted_quote(&sb, &cust, "1000.00").await;
    let other = crate::legacy_quotes::accepted_quote(&sb, &cust, "1000.00").await;
    let body = json!({"quote_id": quote, "collection_method": "VIRTUAL_IBAN"});
    let second = json!({"quote_id": other, "collection_method": "VIRTUAL_IBAN"});
    lost_then_retried(&sb, "createPayment", "/v1/payments", "/v1/payments", body, second, true).await;
}

#[tokio::test]
async fn a_lost_payin_answer_is_replayed_for_the_same_key() {
    let sb = spawn_sandbox().await;
    crate::legacy_quotes::fix_rate(&sb).await;
    let cust = crate::legacy_quotes::customer(&sb, "payin@example.com", true).await;
    let body = json!({"customer_id": cust, "source": {"asset": "AED"}, "destination": {"asset": "USDC"},
                      "amount": "100000"});
    // The transfers have no list: count the customer's completed credits instead.
    add_rule(
        &sb,
        &sb.test_key(),
        json!({"match": {"operation_id": "createPayin"}, "fault": {"kind": "drop_response"},
                                         "times": 1}),
    )
    .await;
    let key = new_key();
    assert!(post(&sb, "/v1/payins", Some(&key), &body).await.is_err());
    let replay = post(&sb, "/v1/payins", Some(&key), &body).await.unwrap();
    assert_eq!(replay.status, StatusCode::CREATED, "{}", replay.body);
    assert_eq!(replay.header("idempotent-replayed"), Some("true"));
    let again = post(&sb, "/v1/payins", Some(&key), &body).await.unwrap();
    assert_eq!(again.raw, replay.raw);
    sb.advance_clock(15).await;
    let once = usdc(&sb, &cust).await;
    assert!(once > 0, "the payin completed");
    // Without a key the same body is a second payin: the balance doubles.
    let second = post(&sb, "/v1/payins", None, &body).await.unwrap();
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.body);
    assert_ne!(second.body["id"], replay.body["id"]);
    sb.advance_clock(15).await;
    assert_eq!(usdc(&sb, &cust).await, 2 * once);
}

#[tokio::test]
async fn faults_before_the_handler_consume_neither_the_key_nor_the_quote() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let quote = crate::quotes::accepted_quote(&sb, &key, "10000").await;
    let ben = factories::verified_beneficiary(&sb, &key, "USDC").await;
    let body = json!({"quote_id": quote, "beneficiary_id": ben});
    let idem = new_key();
    for fault in ["error", "rate_limit", "reset", "timeout; delay_ms=50"] {
        let request = sb
            .request(Method::POST, "/v1/transactions", &key)
            .header("Idempotency-Key", &idem)
            .header("X-Sandbox-Fault", fault)
            .json(&body);
        let answer = sb.try_send(request).await;
        if let Ok(r) = &answer {
            assert!(r.status.is_server_error() || r.status == StatusCode::TOO_MANY_REQUESTS, "{fault}: {}", r.body);
        }
    }
    assert!(ids(&sb, "/v1/transactions").await.is_empty());
    // The same key and body now run for real: a fresh answer, not a replay.
    let r = post(&sb, "/v1/transactions", Some(&idem), &body).await.unwrap();
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.header("idempotent-replayed"), None);
    assert_eq!(ids(&sb, "/v1/transactions").await.len(), 1);
}
