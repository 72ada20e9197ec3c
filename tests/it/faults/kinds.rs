//! Every kind at the socket: what the client's HTTP library reports, and
//! whether the handler ran.

use std::time::{Duration, Instant};

use reqwest::{Method, StatusCode};
use serde_json::json;

use super::{add_rule, customer_body, rules};
use crate::support::spawn_sandbox;

#[tokio::test]
async fn error_answers_its_status_in_the_envelope_before_the_handler_runs() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    for status in [500, 502, 503, 504] {
        let rule = add_rule(
            &sb,
            &key,
            json!({"match": {"operation_id": "createCustomer"},
                                              "fault": {"kind": "error", "status": status}, "times": 1}),
        )
        .await;
        let r = sb.post("/v1/customers", &key, customer_body()).await;
        let code = match status {
            500 => "INTERNAL_ERROR",
            502 => "BAD_GATEWAY",
            503 => "SERVICE_UNAVAILABLE",
            _ => "GATEWAY_TIMEOUT",
        };
        let error = r.assert_error(status, code);
        let id = rule["id"].as_str().unwrap();
        assert!(error["message"].as_str().unwrap().contains(id), "{}", r.body);
        assert_eq!(r.header("x-sandbox-fault"), Some(format!("{id}; kind=error").as_str()));
    }
    // Nothing was created by any of them.
    let list = sb.get("/v1/customers", &key).await;
    assert_eq!(list.body["data"].as_array().unwrap().len(), 0, "{}", list.body);
}

#[tokio::test]
async fn rate_limit_answers_the_rate_limiters_own_429_with_retry_after() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    add_rule(
        &sb,
        &key,
        json!({"match": {"method": "GET", "path": "/v1/customers"},
                               "fault": {"kind": "rate_limit", "retry_after": 7}, "times": 1}),
    )
    .await;
    let r = sb.get("/v1/customers", &key).await;
    r.assert_error(429, "RATE_LIMITED");
    assert_eq!(r.header("retry-after"), Some("7"));
    for header in ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"] {
        assert!(r.header(header).is_some(), "{header} missing");
    }
    // Spent after one: the next request is served.
    assert_eq!(sb.get("/v1/customers", &key).await.status, StatusCode::OK);
}

#[tokio::test]
async fn latency_answers_normally_after_the_delay() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    add_rule(
        &sb,
        &key,
        json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "latency", "delay_ms": 400}}),
    )
    .await;
    let started = Instant::now();
    let r = sb.get("/v1/customers", &key).await;
    assert!(started.elapsed() >= Duration::from_millis(400), "{:?}", started.elapsed());
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.header("x-sandbox-fault").unwrap().ends_with("kind=latency"));
}

#[tokio::test]
async fn timeout_holds_the_connection_silent_then_closes_it_and_the_handler_never_runs() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    add_rule(
        &sb,
        &key,
        json!({"match": {"operation_id": "createCustomer"},
                               "fault": {"kind": "timeout", "delay_ms": 600}, "times": 1}),
    )
    .await;
    let started = Instant::now();
    let failed = sb.try_send(sb.request(Method::POST, "/v1/customers", &key).json(&customer_body())).await;
    let waited = started.elapsed();
    let e = failed.expect_err("no answer is an error at the client");
    assert!(!e.is_status() && e.status().is_none(), "{e:?}");
    assert!(waited >= Duration::from_millis(600), "held only {waited:?}");
    assert!(waited < Duration::from_secs(10), "held {waited:?}");
    assert_eq!(sb.get("/v1/customers", &key).await.body["data"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn reset_is_a_reset_connection_and_the_handler_never_runs() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    add_rule(&sb, &key, json!({"match": {"operation_id": "createCustomer"}, "fault": {"kind": "reset"}, "times": 1}))
        .await;
    let e = sb
        .try_send(sb.request(Method::POST, "/v1/customers", &key).json(&customer_body()))
        .await
        .expect_err("a reset connection");
    assert!(e.status().is_none(), "{e:?}");
    let mut cause: Option<&dyn std::error::Error> = Some(&e);
    let mut io_kind = None;
    while let Some(c) = cause {
        if let Some(io) = c.downcast_ref::<std::io::Error>() {
            io_kind = Some(io.kind());
        }
        cause = c.source();
    }
    assert_eq!(io_kind, Some(std::io::ErrorKind::ConnectionReset), "{e:?}");
    assert_eq!(sb.get("/v1/customers", &key).await.body["data"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn drop_response_runs_the_handler_then_closes_the_connection_without_an_answer() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    add_rule(
        &sb,
        &key,
        json!({"match": {"operation_id": "createCustomer"}, "fault": {"kind": "drop_response"},
                               "times": 1}),
    )
    .await;
    let e = sb
        .try_send(sb.request(Method::POST, "/v1/customers", &key).json(&customer_body()))
        .await
        .expect_err("the answer never arrives");
    assert!(e.status().is_none(), "{e:?}");
    // The customer exists all the same.
    assert_eq!(sb.get("/v1/customers", &key).await.body["data"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn every_faulted_request_is_logged_with_its_fault_and_the_status_the_client_saw() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let rule = add_rule(
        &sb,
        &key,
        json!({"match": {"operation_id": "createCustomer"},
                                          "fault": {"kind": "drop_response"}, "times": 1}),
    )
    .await;
    let _ = sb.try_send(sb.request(Method::POST, "/v1/customers", &key).json(&customer_body())).await;
    let _ = sb.try_send(sb.request(Method::GET, "/v1/customers", &key).header("X-Sandbox-Fault", "reset")).await;
    let logs = sb.logs_where(&key, "limit=10", |l| l.iter().filter(|r| !r["fault"].is_null()).count() >= 2).await;
    let faulted: Vec<_> = logs.iter().filter(|r| !r["fault"].is_null()).collect();
    assert_eq!(faulted.len(), 2, "{logs:?}");
    // Newest first: the header's reset, then the rule's lost answer.
    assert_eq!(faulted[0]["fault"], json!({"rule_id": null, "kind": "reset"}));
    assert_eq!(faulted[0]["status_code"], 0, "no answer was sent");
    assert_eq!(faulted[1]["fault"], json!({"rule_id": rule["id"], "kind": "drop_response"}));
    assert_eq!(faulted[1]["status_code"], 201, "the status the handler produced");
    let listed = rules(&sb, &key).await;
    assert_eq!((listed[0]["hits"].as_u64(), listed[0]["spent"].as_bool()), (Some(1), Some(true)));
}

#[tokio::test]
async fn the_request_header_faults_one_request_and_a_malformed_one_is_refused() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r =
        sb.send(sb.request(Method::GET, "/v1/customers", &key).header("X-Sandbox-Fault", "error; status=502")).await;
    r.assert_error(502, "BAD_GATEWAY");
    assert_eq!(r.header("x-sandbox-fault"), Some("request; kind=error"));
    for bad in ["explode", "error; status=200", "error; status", "latency", "duplicate", "timeout; delay_ms=0"] {
        let r = sb.send(sb.request(Method::GET, "/v1/customers", &key).header("X-Sandbox-Fault", bad)).await;
        r.assert_error(400, "VAL_0001");
        assert!(r.detail_fields().iter().all(|f| f.starts_with("X-Sandbox-Fault")), "{bad}: {}", r.body);
    }
    // A LIVE key's header is ignored, as production would ignore it.
    let live = sb.live_key();
    let r = sb.send(sb.request(Method::GET, "/v1/customers", &live).header("X-Sandbox-Fault", "error")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.header("x-sandbox-fault"), None);
}
