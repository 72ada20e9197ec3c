//! A client that stops waiting leaves a trace, and the classic slow commit
//! can be rehearsed: the server finished the work after the client gave up.
//! `latency` always does the work (then holds the answer); `timeout` with
//! `commit` does the work, then never answers. A request whose client went
//! away is logged with the status it would have had and `client_gone`, and
//! the review judges the client's retry after it.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::json;

use super::{add_rule, customer_body};
use crate::support::{Auth, TestSandbox, spawn_sandbox};

/// A sandbox whose next customer creation is answered after 1.5 s, its
/// key, and a client that stops waiting after 0.3 s (as `requests` with
/// timeout=0.3), long before the answer.
async fn held_creation() -> (TestSandbox, Auth, reqwest::Client) {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    add_rule(
        &sb,
        &key,
        json!({"match": {"operation_id": "createCustomer"}, "fault": {"kind": "latency", "delay_ms": 1500}, "times": 1}),
    )
    .await;
    let impatient = reqwest::Client::builder().timeout(Duration::from_millis(300)).build().unwrap();
    (sb, key, impatient)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_gives_up_during_latency_finds_the_work_done_and_the_request_logged() {
    let (sb, key, impatient) = held_creation().await;
    let Auth::Key(secret) = &key else { unreachable!() };
    let body = customer_body();
    let send = |client: &reqwest::Client| {
        client
            .post(format!("{}/v1/customers", sb.ready.base_url))
            .header("X-API-Key", secret)
            .header("Idempotency-Key", "slow-commit-1")
            .json(&body)
            .send()
    };
    let gave_up = send(&impatient).await.unwrap_err();
    assert!(gave_up.is_timeout(), "{gave_up}");
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let customers = sb.get("/v1/customers", &key).await.body;
    assert_eq!(customers["data"].as_array().unwrap().len(), 1, "the work was done after the client left: {customers}");
    let logs = sb.logs_where(&key, "method=POST&endpoint=/v1/customers", |l| !l.is_empty()).await;
    assert_eq!(logs[0]["status_code"], 201, "the status it would have answered: {logs:?}");
    assert_eq!(logs[0]["fault"]["client_gone"], true, "{logs:?}");
    assert_eq!(logs[0]["fault"]["kind"], "latency", "{logs:?}");

    // The retry with the same key gets the stored answer, and the review judges it.
    let retried = send(&reqwest::Client::new()).await.unwrap();
    assert_eq!(retried.status(), StatusCode::CREATED);
    assert_eq!(retried.headers()["idempotent-replayed"], "true");
    let review = sb.get("/sandbox/review", &key).await.body;
    let check = review["checks"].as_array().unwrap().iter().find(|c| c["id"] == "IDEMPOTENT_RETRY").unwrap().clone();
    assert_eq!(check["status"], "pass", "the retry after the lost answer was judged: {check}");
}

/// A body above 64 KiB is redacted while the request is handled: a client
/// gone before that ends still has its record, with the body.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_gone_during_a_large_request_still_has_its_body_logged() {
    let (sb, key, impatient) = held_creation().await;
    let Auth::Key(secret) = &key else { unreachable!() };
    let large = json!({"legal_name": "x".repeat(200_000)}).to_string();
    let gave_up = impatient
        .post(format!("{}/v1/customers", sb.ready.base_url))
        .header("X-API-Key", secret)
        .header("Content-Type", "application/json")
        .body(large.clone())
        .send()
        .await
        .unwrap_err();
    assert!(gave_up.is_timeout(), "{gave_up}");
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let logs = sb.logs_where(&key, "method=POST&endpoint=/v1/customers", |l| !l.is_empty()).await;
    assert_eq!(logs[0]["fault"]["client_gone"], true, "{logs:?}");
    assert_eq!(logs[0]["status_code"], 400, "the refusal it would have answered: {logs:?}");
    let cut = &logs[0]["request_body_truncated"];
    assert_eq!(cut["size"], large.len(), "{cut}");
    assert!(large.starts_with(cut["prefix"].as_str().unwrap()), "{cut}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_with_commit_does_the_work_and_never_answers() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let rule = add_rule(
        &sb,
        &key,
        json!({"match": {"operation_id": "createCustomer"},
               "fault": {"kind": "timeout", "delay_ms": 200, "commit": true}, "times": 1}),
    )
    .await;
    assert_eq!(rule["fault"]["commit"], true, "{rule}");
    let body = customer_body();
    let request = || sb.request(Method::POST, "/v1/customers", &key).header("Idempotency-Key", "commit-1").json(&body);
    let lost = sb.try_send(request()).await;
    assert!(lost.is_err(), "no answer: {lost:?}");
    let customers = sb.get("/v1/customers", &key).await.body;
    assert_eq!(customers["data"].as_array().unwrap().len(), 1, "committed before the silence: {customers}");
    let retried = sb.send(request()).await;
    assert_eq!(retried.status, StatusCode::CREATED, "{}", retried.body);
    assert_eq!(retried.header("idempotent-replayed"), Some("true"));
    // Without `commit` nothing is stored, as before; `commit` is the timeout's alone.
    let refused =
        sb.post("/sandbox/faults", &key, json!({"fault": {"kind": "latency", "delay_ms": 5, "commit": true}})).await;
    refused.assert_error(400, "VAL_0001");
    // And a request can ask for it in its own header.
    let own = sb
        .request(Method::POST, "/v1/customers", &key)
        .header("Idempotency-Key", "commit-2")
        .header("X-Sandbox-Fault", "timeout; delay_ms=100; commit=1")
        .json(&customer_body());
    assert!(sb.try_send(own).await.is_err());
    let customers = sb.get("/v1/customers", &key).await.body;
    assert_eq!(customers["data"].as_array().unwrap().len(), 2, "{customers}");
}
