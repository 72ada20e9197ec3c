//! The Idempotency-Key layer, exercised on a dashboard POST.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::support::spawn_sandbox;

#[tokio::test]
async fn a_repeat_replays_the_stored_answer_and_runs_nothing() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let send = |body: serde_json::Value, key: &'static str| {
        sb.send(sb.request(Method::POST, "/v1/applications", &bearer).header("Idempotency-Key", key).json(&body))
    };
    let first = send(json!({"name": "once", "environment": "TEST"}), "k-1").await;
    assert_eq!(first.status, StatusCode::CREATED);
    assert_eq!(first.header("idempotent-replayed"), None);
    // Same body with another key order: still the same request.
    let second = send(json!({"environment": "TEST", "name": "once"}), "k-1").await;
    assert_eq!(second.status, StatusCode::CREATED);
    assert_eq!(second.raw, first.raw, "byte for byte");
    assert_eq!(second.header("idempotent-replayed"), Some("true"));
    let list = sb.get("/v1/applications", &bearer).await;
    assert_eq!(list.body["data"].as_array().unwrap().iter().filter(|a| a["name"] == "once").count(), 1);

    let conflict = send(json!({"name": "twice", "environment": "TEST"}), "k-1").await;
    conflict.assert_error(409, "IDM_0001");

    // After 24 hours of sandbox time the key may be reused.
    sb.advance_clock(24 * 3600 + 1).await;
    let bearer = sb.login().await;
    let reused = sb
        .send(
            sb.request(Method::POST, "/v1/applications", &bearer)
                .header("Idempotency-Key", "k-1")
                .json(&json!({"name": "twice", "environment": "TEST"})),
        )
        .await;
    assert_eq!(reused.status, StatusCode::CREATED, "{}", reused.body);
    assert_eq!(reused.body["name"], "twice");
}

#[tokio::test]
async fn a_validation_failure_spends_the_key() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let bad = sb
        .send(
            sb.request(Method::POST, "/v1/applications", &bearer)
                .header("Idempotency-Key", "k-2")
                .json(&json!({"name": "", "environment": "TEST"})),
        )
        .await;
    bad.assert_error(400, "VAL_0001");
    let replay = sb
        .send(
            sb.request(Method::POST, "/v1/applications", &bearer)
                .header("Idempotency-Key", "k-2")
                .json(&json!({"name": "", "environment": "TEST"})),
        )
        .await;
    assert_eq!(replay.raw, bad.raw);
    let corrected = sb
        .send(
            sb.request(Method::POST, "/v1/applications", &bearer)
                .header("Idempotency-Key", "k-2")
                .json(&json!({"name": "ok", "environment": "TEST"})),
        )
        .await;
    corrected.assert_error(409, "IDM_0001");
}

#[tokio::test]
async fn concurrent_repeats_run_the_work_once() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let requests = (0..20).map(|_| {
        sb.send(
            sb.request(Method::POST, "/v1/applications", &bearer)
                .header("Idempotency-Key", "race")
                .json(&json!({"name": "raced", "environment": "LIVE"})),
        )
    });
    let replies = futures::future::join_all(requests).await;
    let first = &replies[0].raw;
    assert!(replies.iter().all(|r| r.status == StatusCode::CREATED && &r.raw == first));
    let list = sb.get("/v1/applications", &bearer).await;
    assert_eq!(list.body["data"].as_array().unwrap().iter().filter(|a| a["name"] == "raced").count(), 1);
}

#[tokio::test]
async fn keys_are_scoped_per_caller_and_route_and_invalid_keys_are_refused() {
    let sb = spawn_sandbox().await;
    let demo = sb.login().await;
    let other = sb.other_partner().await;
    let body = json!({"name": "mine", "environment": "TEST"});
    let a = sb
        .send(sb.request(Method::POST, "/v1/applications", &demo).header("Idempotency-Key", "shared").json(&body))
        .await;
    let b = sb
        .send(sb.request(Method::POST, "/v1/applications", &other).header("Idempotency-Key", "shared").json(&body))
        .await;
    assert_eq!(a.status, StatusCode::CREATED);
    assert_eq!(b.status, StatusCode::CREATED);
    assert_ne!(a.body["id"], b.body["id"]);
    let bad = sb
        .send(
            sb.request(Method::POST, "/v1/applications", &demo).header("Idempotency-Key", "x".repeat(300)).json(&body),
        )
        .await;
    bad.assert_error(400, "VAL_0001");
    assert_eq!(bad.detail_fields(), vec!["Idempotency-Key"]);
}
