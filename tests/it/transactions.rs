//! Transactions: creation on an accepted quote, exactly-once consumption,
//! the state machine with its ledger postings and events, simulations.
//! Races (one key or one quote under many requests, concurrent flows) are
//! in `resilience::concurrency`.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::quotes::{accepted_quote, create_quote, one_percent_markup};
use crate::support::{Auth, Reply, TestSandbox, factories, spawn_sandbox};

/// A beneficiary receiving `asset` of a new, verified customer.
pub(crate) async fn beneficiary(sb: &TestSandbox, auth: &Auth, asset: &str) -> String {
    factories::verified_beneficiary(sb, auth, asset).await
}

pub(crate) async fn post_txn(sb: &TestSandbox, auth: &Auth, key: &str, body: Value) -> Reply {
    sb.send(sb.request(Method::POST, "/v1/transactions", auth).header("Idempotency-Key", key).json(&body)).await
}

pub(crate) fn new_key() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// The application's balance in `purpose` and `asset` (0 when absent).
async fn balance(sb: &TestSandbox, auth: &Auth, purpose: &str, asset: &str) -> i64 {
    let r = sb.get("/v1/balances", auth).await;
    r.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["purpose"] == purpose && a["asset"] == asset)
        .map_or(0, |a| a["balance_minor"].as_str().unwrap().parse().unwrap())
}

async fn created_txn(sb: &TestSandbox, auth: &Auth, amount: &str) -> Value {
    let quote = accepted_quote(sb, auth, amount).await;
    let ben = beneficiary(sb, auth, "USDC").await;
    let r = post_txn(sb, auth, &new_key(), json!({"quote_id": quote, "beneficiary_id": ben})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

#[tokio::test]
async fn a_transaction_consumes_its_quote_and_reads_back() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let quote = accepted_quote(&sb, &key, "10000").await;
    let ben = beneficiary(&sb, &key, "USDC").await;
    let r = post_txn(&sb, &key, &new_key(), json!({"quote_id": quote, "beneficiary_id": ben})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.body.clone();
    assert!(t["external_id"].as_str().unwrap().starts_with("txn_"));
    assert!(uuid::Uuid::parse_str(t["id"].as_str().unwrap()).is_ok());
    assert_eq!(t["state"], "PENDING");
    assert_eq!(t["quote_id"], quote.as_str());
    assert_eq!(t["beneficiary_id"], ben.as_str());
    let q = sb.get(&format!("/v1/transactions/quote/{quote}"), &key).await.body;
    for f in ["source_amount_minor", "fee_minor", "destination_amount_minor"] {
        assert_eq!(t[f], q[f], "{f}");
        assert!(t[f].is_string());
    }
    assert_eq!(t["exchange_rate"], q["rate"]);
    assert_eq!((t["source_asset"].as_str(), t["destination_asset"].as_str()), (Some("USD"), Some("USDC")));
    assert_eq!((t["failure_reason"].clone(), t["completed_at"].clone()), (Value::Null, Value::Null));
    assert_eq!(t["created_at"], t["updated_at"]);
    assert_eq!(q["status"], "USED");

    let id = t["id"].as_str().unwrap();
    assert_eq!(sb.get(&format!("/v1/transactions/{id}"), &key).await.body, t);
    let ext = t["external_id"].as_str().unwrap();
    assert_eq!(sb.get(&format!("/v1/transactions/{ext}"), &key).await.body, t);
    sb.get(&format!("/v1/transactions/{}", uuid::Uuid::new_v4()), &key).await.assert_error(404, "TXN_0001");

    // The quote is spent: a second transaction on it is refused.
    let again = post_txn(&sb, &key, &new_key(), json!({"quote_id": quote, "beneficiary_id": ben})).await;
    again.assert_error(400, "IDM_0002");
}

#[tokio::test]
async fn create_rules_and_their_errors() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let ben = beneficiary(&sb, &key, "USDC").await;
    let created = create_quote(&sb, &key, "1000").await;
    let created = created["id"].as_str().unwrap();

    // No Idempotency-Key.
    let r = sb.post("/v1/transactions", &key, json!({"quote_id": created, "beneficiary_id": ben})).await;
    r.assert_error(400, "IDM_0002");
    // Missing fields, all named.
    let r = post_txn(&sb, &key, &new_key(), json!({})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), ["quote_id", "beneficiary_id"]);
    // The older form is refused, naming the current one.
    let r = post_txn(
        &sb,
        &key,
        &new_key(),
        json!({"amount": 1000, "currency": "USD", "recipient_account_id": "acc_1", "reference": "inv-1"}),
    )
    .await;
    let e = r.assert_error(400, "VAL_0001");
    assert_eq!(
        r.detail_fields(),
        ["amount", "currency", "recipient_account_id", "reference", "quote_id", "beneficiary_id"]
    );
    assert!(e["details"][0]["message"].as_str().unwrap().contains("quote_id"), "{e}");
    // A quote not accepted.
    let r = post_txn(&sb, &key, &new_key(), json!({"quote_id": created, "beneficiary_id": ben})).await;
    let e = r.assert_error(400, "IDM_0002");
    assert!(e["message"].as_str().unwrap().contains("not accepted"), "{e}");
    // Unknown quote; unknown beneficiary; another application's quote.
    let accepted = accepted_quote(&sb, &key, "1000").await;
    let unknown = uuid::Uuid::new_v4().to_string();
    post_txn(&sb, &key, &new_key(), json!({"quote_id": unknown, "beneficiary_id": ben}))
        .await
        .assert_error(404, "NOT_FOUND");
    post_txn(&sb, &key, &new_key(), json!({"quote_id": accepted, "beneficiary_id": unknown}))
        .await
        .assert_error(404, "BEN_0001");
    let (_, other) = sb.new_app_key(&sb.login().await, "TEST").await;
    let other = Auth::Key(other);
    let other_ben = beneficiary(&sb, &other, "USDC").await;
    post_txn(&sb, &other, &new_key(), json!({"quote_id": accepted, "beneficiary_id": other_ben}))
        .await
        .assert_error(404, "NOT_FOUND");
    post_txn(&sb, &key, &new_key(), json!({"quote_id": accepted, "beneficiary_id": other_ben}))
        .await
        .assert_error(404, "BEN_0001");
    // A beneficiary paid in another asset: the same answer as a transfer's.
    let eur = beneficiary(&sb, &key, "EUR").await;
    let r = post_txn(&sb, &key, &new_key(), json!({"quote_id": accepted, "beneficiary_id": eur})).await;
    r.assert_error(422, "UNSUPPORTED_COMBINATION");
    assert_eq!(r.detail_fields(), ["beneficiary_id"]);
    assert!(
        r.body["error"]["message"].as_str().unwrap().contains(&format!("beneficiary {eur} receives EUR")),
        "{}",
        r.body
    );
    // None of the refusals used the quote.
    let q = sb.get(&format!("/v1/transactions/quote/{accepted}"), &key).await.body;
    assert_eq!(q["status"], "ACCEPTED");
    // An accepted quote past its lock cannot be used.
    sb.advance_clock(181).await;
    let r = post_txn(&sb, &key, &new_key(), json!({"quote_id": accepted, "beneficiary_id": ben})).await;
    let e = r.assert_error(400, "IDM_0002");
    assert!(e["message"].as_str().unwrap().contains("lock"), "{e}");
    let list = sb.get("/v1/transactions", &key).await;
    assert_eq!(list.body, json!({"data": [], "pagination": {"has_more": false, "next_cursor": null}}));
}

#[tokio::test]
async fn a_float_that_cannot_cover_the_amount_is_refused() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    // The float starts with 10,000,000.00 USD; 100.00 of it is spent first.
    created_txn(&sb, &key, "10000").await;
    let quote = accepted_quote(&sb, &key, "1000000001").await;
    let ben = beneficiary(&sb, &key, "USDC").await;
    let r = post_txn(&sb, &key, &new_key(), json!({"quote_id": quote, "beneficiary_id": ben})).await;
    r.assert_error(422, "INSUFFICIENT_FUNDS");
    assert_eq!(balance(&sb, &key, "float", "USD").await, 1_000_000_000 - 10000);
    assert_eq!(sb.get("/v1/transactions", &key).await.body["data"].as_array().unwrap().len(), 1);
    let q = sb.get(&format!("/v1/transactions/quote/{quote}"), &key).await.body;
    assert_eq!(q["status"], "ACCEPTED", "the refused transaction did not use the quote");
}

#[tokio::test]
async fn a_transaction_progresses_by_itself_and_moves_the_ledger() {
    let sb = spawn_sandbox().await;
    one_percent_markup(&sb).await;
    let key = sb.test_key();
    let t = created_txn(&sb, &key, "20000").await;
    let path = format!("/v1/transactions/{}", t["id"].as_str().unwrap());
    assert_eq!(t["fee_minor"], "200");
    assert_eq!(balance(&sb, &key, "float", "USD").await, 1_000_000_000 - 20000);
    assert_eq!(balance(&sb, &key, "in_flight", "USD").await, 20000, "held until the transaction ends");
    assert_eq!(balance(&sb, &key, "fees", "USD").await, 0, "the fee is earned on completion");
    sb.advance_clock(5).await;
    assert_eq!(sb.get(&path, &key).await.body["state"], "PROCESSING");
    sb.advance_clock(25).await;
    let done = sb.get(&path, &key).await.body;
    assert_eq!(done["state"], "COMPLETED");
    assert!(done["completed_at"].is_string());
    assert_eq!(done["failure_reason"], Value::Null);
    assert_eq!(balance(&sb, &key, "float", "USD").await, 1_000_000_000 - 20000);
    assert_eq!(balance(&sb, &key, "in_flight", "USD").await, 0, "completion pays the held amount out");
    assert_eq!(balance(&sb, &key, "fees", "USD").await, 200);
    // A final transaction cannot be moved by hand.
    let id = t["id"].as_str().unwrap();
    sb.post(&format!("/sandbox/transactions/{id}/fail"), &sb.control(), json!(null))
        .await
        .assert_error(409, "CONFLICT");
    sb.post(&format!("/sandbox/transactions/{id}/complete"), &sb.control(), json!(null))
        .await
        .assert_error(409, "CONFLICT");
}

#[tokio::test]
async fn an_amount_ending_in_13_fails_by_itself_and_is_refunded() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let t = created_txn(&sb, &key, "10013").await;
    assert_eq!(balance(&sb, &key, "float", "USD").await, 1_000_000_000 - 10013);
    sb.advance_clock(30).await;
    let done = sb.get(&format!("/v1/transactions/{}", t["id"].as_str().unwrap()), &key).await.body;
    assert_eq!(done["state"], "FAILED");
    assert!(done["failure_reason"].as_str().unwrap().contains("13"));
    assert_eq!(done["completed_at"], Value::Null);
    assert_eq!(balance(&sb, &key, "float", "USD").await, 1_000_000_000);
    assert_eq!(balance(&sb, &key, "in_flight", "USD").await, 0);
}

#[tokio::test]
async fn simulation_routes_complete_and_fail_by_hand() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let a = created_txn(&sb, &key, "1000").await;
    let b = created_txn(&sb, &key, "2000").await;
    let (a_id, b_ext) = (a["id"].as_str().unwrap(), b["external_id"].as_str().unwrap());
    let r = sb.post(&format!("/sandbox/transactions/{a_id}/complete"), &key, json!(null)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["state"], "COMPLETED");
    let r = sb
        .post(&format!("/sandbox/transactions/{b_ext}/fail"), &sb.control(), json!({"reason": "compliance hold"}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        (r.body["state"].as_str(), r.body["failure_reason"].as_str()),
        (Some("FAILED"), Some("compliance hold"))
    );
    assert_eq!(balance(&sb, &key, "float", "USD").await, 1_000_000_000 - 1000);
    // Scheduled moves that come later change nothing.
    sb.advance_clock(60).await;
    let b_now = sb.get(&format!("/v1/transactions/{b_ext}"), &key).await.body;
    assert_eq!(b_now["state"], "FAILED");

    let c = created_txn(&sb, &key, "3000").await;
    let c_id = c["id"].as_str().unwrap();
    let long = json!({"reason": "r".repeat(257)});
    let r = sb.post(&format!("/sandbox/transactions/{c_id}/fail"), &key, long).await;
    r.assert_error(400, "VAL_0001");
    sb.post(&format!("/sandbox/transactions/{c_id}/fail"), &sb.live_key(), json!(null))
        .await
        .assert_error(403, "ATH_0002");
    let (_, other) = sb.new_app_key(&sb.login().await, "TEST").await;
    sb.post(&format!("/sandbox/transactions/{c_id}/complete"), &Auth::Key(other), json!(null))
        .await
        .assert_error(404, "TXN_0001");
    let r = sb.post(&format!("/sandbox/transactions/{c_id}/fail"), &key, json!(null)).await;
    assert_eq!(r.body["failure_reason"], "failed by the sandbox simulation");
}

#[tokio::test]
async fn the_list_pages_newest_first() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let mut ids = Vec::new();
    for amount in ["101", "102", "103"] {
        ids.push(created_txn(&sb, &key, amount).await["id"].as_str().unwrap().to_owned());
    }
    let first = sb.get("/v1/transactions?limit=2", &key).await.body;
    assert_eq!(first["pagination"]["has_more"], true);
    let got: Vec<&str> = first["data"].as_array().unwrap().iter().map(|t| t["id"].as_str().unwrap()).collect();
    assert_eq!(got, [ids[2].as_str(), ids[1].as_str()]);
    let cursor = first["pagination"]["next_cursor"].as_str().unwrap();
    let second = sb.get(&format!("/v1/transactions?limit=2&cursor={cursor}"), &key).await.body;
    assert_eq!(second["data"][0]["id"], ids[0].as_str());
    assert_eq!(second["pagination"], json!({"has_more": false, "next_cursor": null}));
    sb.get("/v1/transactions?limit=0", &key).await.assert_error(400, "VAL_0001");
    let (_, other) = sb.new_app_key(&sb.login().await, "TEST").await;
    let theirs = sb.get("/v1/transactions", &Auth::Key(other.clone())).await.body;
    assert_eq!(theirs["data"], json!([]));
    sb.get(&format!("/v1/transactions/{}", ids[0]), &Auth::Key(other)).await.assert_error(404, "TXN_0001");
}
