//! `POST /v1/compliance/kyb`: starting, reporting and restarting a
//! customer's verification through the customers' own kyb_status machinery.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::customers::{create_customer, customer_body};
use crate::support::{TestSandbox, spawn_sandbox};

async fn kyb(sb: &TestSandbox, customer_id: &str) -> Value {
    let r = sb.post("/v1/compliance/kyb", &sb.test_key(), json!({"customer_id": customer_id})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

#[tokio::test]
async fn pending_customer_reports_its_automatic_decision_then_its_approval() {
    let sb = spawn_sandbox().await;
    let c = create_customer(&sb, &sb.test_key(), "kyb@example.com").await;
    let id = c["id"].as_str().unwrap();
    let v = kyb(&sb, id).await;
    assert_eq!(v["customer_id"], id);
    assert_eq!(v["kyb_status"], "pending");
    assert_eq!(v["verification_level"], "standard");
    assert_eq!(v["restarted"], false);
    assert_eq!(v["decided_at"], Value::Null);
    let due = v["decision_due_at"].as_str().unwrap();
    assert!(due > c["created_at"].as_str().unwrap(), "{due}");
    assert!(v["next_step"].as_str().unwrap().contains(due));

    sb.advance_clock(61).await;
    let v = kyb(&sb, id).await;
    assert_eq!(v["kyb_status"], "approved");
    assert_eq!(v["decision_due_at"], Value::Null);
    assert_eq!(v["decided_at"].as_str().unwrap(), due, "decided at its due time");
    let got = sb.get(&format!("/v1/customers/{id}"), &sb.test_key()).await;
    assert_eq!(got.body["kyb_status"], "approved");
}

#[tokio::test]
async fn a_rejected_customer_is_restarted_and_decided_again() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let c = create_customer(&sb, &key, "again@example.com").await;
    let id = c["id"].as_str().unwrap();
    let r = sb.post(&format!("/sandbox/customers/{id}/reject"), &key, json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);

    let v = kyb(&sb, id).await;
    assert_eq!(v["kyb_status"], "pending");
    assert_eq!(v["restarted"], true);
    assert_eq!(v["decided_at"], Value::Null);
    assert!(v["decision_due_at"].is_string());
    assert_eq!(sb.get(&format!("/v1/customers/{id}"), &key).await.body["kyb_decided_at"], Value::Null);

    // A second call while pending changes nothing.
    let again = kyb(&sb, id).await;
    assert_eq!(again["restarted"], false);
    assert_eq!(again["decision_due_at"], v["decision_due_at"]);

    sb.advance_clock(61).await;
    assert_eq!(sb.get(&format!("/v1/customers/{id}"), &key).await.body["kyb_status"], "approved");
}

#[tokio::test]
async fn a_marked_legal_name_is_rejected_again_after_a_restart() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let mut body = customer_body("bad@example.com");
    body["legal_name"] = json!("Reject Me Ltd");
    let r = sb.post("/v1/customers", &key, body).await;
    let id = r.body["id"].as_str().unwrap().to_owned();
    sb.advance_clock(61).await;
    let path = format!("/v1/customers/{id}");
    assert_eq!(sb.get(&path, &key).await.body["kyb_status"], "rejected");
    let v = kyb(&sb, &id).await;
    assert_eq!((v["kyb_status"].as_str(), v["restarted"].as_bool()), (Some("pending"), Some(true)));
    sb.advance_clock(61).await;
    assert_eq!(sb.get(&path, &key).await.body["kyb_status"], "rejected", "the marker rejects it again");
}

#[tokio::test]
async fn errors_name_the_field_or_the_customer() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r = sb.post("/v1/compliance/kyb", &key, json!({})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["customer_id"]);
    let r = sb.post("/v1/compliance/kyb", &key, json!({"customer_id": "x", "extra": 1})).await;
    r.assert_error(400, "VAL_0001");
    let r = sb.post("/v1/compliance/kyb", &key, json!({"customer_id": "0190a0a0-0000-7000-8000-000000000000"})).await;
    r.assert_error(404, "CNT_0001");
    // Another application's customer is not found either.
    let c = create_customer(&sb, &key, "mine@example.com").await;
    let r = sb.post("/v1/compliance/kyb", &sb.live_key(), json!({"customer_id": c["id"]})).await;
    r.assert_error(404, "CNT_0001");
}

#[tokio::test]
async fn idempotency_key_replays_the_first_answer() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let c = create_customer(&sb, &key, "idem@example.com").await;
    let body = json!({"customer_id": c["id"]});
    let send = || {
        sb.send(
            sb.request(reqwest::Method::POST, "/v1/compliance/kyb", &key).header("Idempotency-Key", "k1").json(&body),
        )
    };
    let first = send().await;
    assert_eq!(first.status, StatusCode::OK);
    sb.advance_clock(61).await;
    let second = send().await;
    assert_eq!(second.raw, first.raw, "replayed, not re-evaluated");
    assert_eq!(second.header("idempotent-replayed"), Some("true"));
    let other = sb
        .send(
            sb.request(reqwest::Method::POST, "/v1/compliance/kyb", &key)
                .header("Idempotency-Key", "k1")
                .json(&json!({"customer_id": "other"})),
        )
        .await;
    other.assert_error(409, "IDM_0001");
}
