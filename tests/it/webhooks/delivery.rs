//! Delivery: signature, headers and payload as a receiver sees them,
//! retries on the sandbox clock, the attempt limit, rotation, redelivery
//! (also across a restart) and the event trigger.

use std::time::{Duration, Instant};

use payctl_sandbox::Storage;
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{ALL, Receiver, create, patch, verifies};
use crate::support::{Auth, TestSandbox, spawn_sandbox, spawn_with};

async fn trigger(sb: &TestSandbox, auth: &Auth, body: Value) -> Value {
    let r = sb.post("/sandbox/events/trigger", auth, body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

async fn deliveries(sb: &TestSandbox, auth: &Auth, endpoint: &Value) -> Vec<Value> {
    let r = sb.get(&format!("/v1/webhooks/{}/deliveries", endpoint["id"].as_str().unwrap()), auth).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["data"].as_array().unwrap().clone()
}

/// Waits until the newest delivery has `n` attempts recorded.
async fn attempts(sb: &TestSandbox, auth: &Auth, endpoint: &Value, n: u64) -> Value {
    for _ in 0..300 {
        let d = deliveries(sb, auth, endpoint).await;
        if d.first().is_some_and(|d| d["attempt_count"].as_u64() == Some(n)) {
            return d[0].clone();
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no delivery with {n} attempts: {:?}", deliveries(sb, auth, endpoint).await);
}

#[tokio::test]
async fn deliveries_are_signed_with_real_time_and_carry_the_documented_payload() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    let endpoint = create(&sb, &key, &receiver.url, &["settlement.completed"]).await;
    let secret = endpoint["secret"].as_str().unwrap();
    sb.advance_clock(3600).await;

    let event = trigger(&sb, &key, json!({"event": "settlement.completed", "resource_id": "pay-123"})).await;
    let got = receiver.wait_for(1).await;
    assert_eq!(event["deliveries"], 1);

    let r = &got[0];
    assert!(verifies(r, secret), "signature does not verify");
    assert!(!verifies(r, "whsec_wrong"));
    let sig = r.header("x-service-signature");
    let t: i64 = sig.split(',').next().unwrap().strip_prefix("t=").unwrap().parse().unwrap();
    assert!((t - r.arrived).abs() <= 5, "t must be real time even after advancing the clock: {t} vs {}", r.arrived);
    assert!(sig.split(',').nth(1).unwrap()[3..].chars().all(|c| matches!(c, '0'..='9' | 'a'..='f')));
    assert_eq!(r.header("x-service-event"), "settlement.completed");
    assert_eq!(r.header("user-agent"), "Service-Webhook/1.0");
    assert_eq!(r.header("content-type"), "application/json");
    let request_id = r.header("x-request-id").to_owned();
    assert!(!request_id.is_empty());

    let payload = r.json();
    assert_eq!(payload["id"], event["id"]);
    assert!(payload["id"].as_str().unwrap().starts_with("evt_"));
    assert_eq!(payload["event"], "settlement.completed");
    assert_eq!(payload["payment_id"], "pay-123");
    assert_eq!(payload["data"], event["data"]);
    assert_eq!(payload["data"]["status"], "SETTLED");
    let ts = payload["timestamp"].as_str().unwrap();
    assert_eq!(ts.len(), 24, "milliseconds and Z: {ts}");
    let ts = chrono::DateTime::parse_from_rfc3339(ts).unwrap().timestamp();
    assert!(ts - r.arrived >= 3590, "the payload follows the sandbox clock");
    assert_eq!(payload.as_object().unwrap().len(), 5, "{payload}");

    let d = attempts(&sb, &key, &endpoint, 1).await;
    assert_eq!(d["status"], "succeeded");
    assert_eq!(d["event_id"], event["id"]);
    assert_eq!(d["event"], "settlement.completed");
    assert_eq!(d["webhook_id"], endpoint["id"]);
    assert_eq!(d["next_attempt_at"], Value::Null);
    let a = &d["attempts"][0];
    assert_eq!(a["number"], 1);
    assert_eq!(a["status_code"], 200);
    assert_eq!(a["error"], Value::Null);
    assert_eq!(a["request_id"], request_id.as_str());
    assert!(a["latency_ms"].as_u64().is_some());
}

#[tokio::test]
async fn only_enabled_subscribed_endpoints_receive_and_a_slow_one_holds_up_nobody() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let (slow, fast, off) = (Receiver::start().await, Receiver::start().await, Receiver::start().await);
    // The slow receiver takes 3 s to answer; the fast one must not wait for it.
    slow.delay(Duration::from_secs(3));
    create(&sb, &key, &slow.url, &ALL).await;
    let fast_endpoint = create(&sb, &key, &fast.url, &["customer.kyb_approved"]).await;
    let disabled = create(&sb, &key, &off.url, &ALL).await;
    let off_path = format!("/v1/webhooks/{}", disabled["id"].as_str().unwrap());
    patch(&sb, &off_path, &key, json!({"status": "disabled"})).await;

    assert_eq!(trigger(&sb, &key, json!({"event": "settlement.created"})).await["deliveries"], 1);
    let sent = Instant::now();
    assert_eq!(trigger(&sb, &key, json!({"event": "customer.kyb_approved"})).await["deliveries"], 2);
    let got = fast.wait_for(1).await;
    assert!(got[0].instant.duration_since(sent) < Duration::from_secs(3), "the slow receiver held up the fast one");
    assert_eq!(got[0].json()["event"], "customer.kyb_approved");
    assert!(got[0].json()["customer_id"].is_string());
    assert!(verifies(&got[0], fast_endpoint["secret"].as_str().unwrap()));
    slow.wait_for(2).await;
    assert_eq!(fast.received().len(), 1, "settlement.created is not subscribed");
    assert!(off.received().is_empty(), "disabled endpoints receive nothing");
}

#[tokio::test]
async fn failures_are_retried_with_backoff_on_the_sandbox_clock() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    receiver.answer(&[500, 500]);
    let endpoint = create(&sb, &key, &receiver.url, &ALL).await;
    trigger(&sb, &key, json!({"event": "on_ramp.completed"})).await;
    let d = attempts(&sb, &key, &endpoint, 1).await;
    assert_eq!(d["status"], "pending");
    assert_eq!(d["attempts"][0]["status_code"], 500);
    assert!(d["attempts"][0]["error"].as_str().unwrap().contains("500"));
    let first_at = chrono::DateTime::parse_from_rfc3339(d["attempts"][0]["attempted_at"].as_str().unwrap()).unwrap();
    let next = chrono::DateTime::parse_from_rfc3339(d["next_attempt_at"].as_str().unwrap()).unwrap();
    let gap = (next - first_at).num_milliseconds();
    assert!((1000..1500).contains(&gap), "first retry 1 s after the attempt, got {gap} ms");

    sb.advance_clock(1).await;
    let d = attempts(&sb, &key, &endpoint, 2).await;
    let a2 = chrono::DateTime::parse_from_rfc3339(d["attempts"][1]["attempted_at"].as_str().unwrap()).unwrap();
    let next = chrono::DateTime::parse_from_rfc3339(d["next_attempt_at"].as_str().unwrap()).unwrap();
    let gap = (next - a2).num_milliseconds();
    assert!((2000..2500).contains(&gap), "second retry 2 s later, got {gap} ms");
    sb.advance_clock(2).await;
    let d = attempts(&sb, &key, &endpoint, 3).await;
    assert_eq!(d["status"], "succeeded");
    let codes: Vec<&Value> = d["attempts"].as_array().unwrap().iter().map(|a| &a["status_code"]).collect();
    assert_eq!(codes, vec![&json!(500), &json!(500), &json!(200)]);

    let got = receiver.wait_for(3).await;
    assert!(got.iter().all(|r| r.body == got[0].body), "every attempt sends the same body");
    assert!(got.iter().all(|r| verifies(r, endpoint["secret"].as_str().unwrap())));
    let ids: std::collections::HashSet<&str> = got.iter().map(|r| r.header("x-request-id")).collect();
    assert_eq!(ids.len(), 3, "each attempt has its own request id");
}

#[tokio::test]
async fn ten_attempts_then_failed_and_redelivery_gives_one_more() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    receiver.always(503);
    let endpoint = create(&sb, &key, &receiver.url, &ALL).await;
    trigger(&sb, &key, json!({"event": "off_ramp.completed"})).await;
    for n in 1..=10 {
        attempts(&sb, &key, &endpoint, n).await;
        sb.advance_clock(300).await;
    }
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(receiver.received().len(), 10, "no eleventh attempt");
    let d = attempts(&sb, &key, &endpoint, 10).await;
    assert_eq!(d["status"], "failed");
    assert_eq!(d["next_attempt_at"], Value::Null);
    let numbers: Vec<u64> = d["attempts"].as_array().unwrap().iter().map(|a| a["number"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (1..=10).collect::<Vec<_>>());

    receiver.always(204);
    let path =
        format!("/v1/webhooks/{}/deliveries/{}/redeliver", endpoint["id"].as_str().unwrap(), d["id"].as_str().unwrap());
    let r = sb.post(&path, &key, json!({})).await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.body);
    assert_eq!(r.body["status"], "pending");
    let d = attempts(&sb, &key, &endpoint, 11).await;
    assert_eq!(d["status"], "succeeded");
    assert_eq!(d["attempts"][10]["status_code"], 204);
    assert_eq!(receiver.wait_for(11).await[10].json()["id"], receiver.received()[0].json()["id"], "the same event");
    let unknown = format!("/v1/webhooks/{}/deliveries/dlv_nope/redeliver", endpoint["id"].as_str().unwrap());
    sb.post(&unknown, &key, json!({})).await.assert_error(404, "NOT_FOUND");
}

#[tokio::test]
async fn rotation_signs_with_the_new_secret_at_once() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    let endpoint = create(&sb, &key, &receiver.url, &ALL).await;
    let old = endpoint["secret"].as_str().unwrap();
    trigger(&sb, &key, json!({"event": "customer.kyb_rejected"})).await;
    assert!(verifies(&receiver.wait_for(1).await[0], old));

    let rotated =
        sb.post(&format!("/v1/webhooks/{}/secret/rotate", endpoint["id"].as_str().unwrap()), &key, json!({})).await;
    assert_eq!(rotated.status, StatusCode::OK, "{}", rotated.body);
    let new = rotated.body["secret"].as_str().unwrap();
    assert_ne!(new, old);
    assert_eq!(rotated.body["masked_secret"], format!("whsec_••••{}", &new[new.len() - 4..]));
    assert_eq!(rotated.body["id"], endpoint["id"]);
    trigger(&sb, &key, json!({"event": "customer.kyb_rejected"})).await;
    let got = receiver.wait_for(2).await;
    assert!(verifies(&got[1], new));
    assert!(!verifies(&got[1], old), "the old secret must no longer sign");
    sb.post("/v1/webhooks/wh_nope/secret/rotate", &key, json!({})).await.assert_error(404, "NOT_FOUND");
}

#[tokio::test]
async fn connection_errors_are_recorded_and_deleting_stops_delivery() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", closed.local_addr().unwrap());
    drop(closed);
    let endpoint = create(&sb, &key, &url, &ALL).await;
    trigger(&sb, &key, json!({"event": "settlement.failed"})).await;
    let d = attempts(&sb, &key, &endpoint, 1).await;
    assert_eq!(d["status"], "pending");
    assert_eq!(d["attempts"][0]["status_code"], Value::Null);
    assert!(d["attempts"][0]["error"].as_str().unwrap().contains("cannot connect"), "{d}");

    let path = format!("/v1/webhooks/{}", endpoint["id"].as_str().unwrap());
    assert_eq!(sb.delete(&path, &key).await.status, StatusCode::NO_CONTENT);
    sb.get(&path, &key).await.assert_error(404, "NOT_FOUND");
    sb.delete(&path, &key).await.assert_error(404, "NOT_FOUND");
    sb.get(&format!("{path}/deliveries"), &key).await.assert_error(404, "NOT_FOUND");
}

#[tokio::test]
async fn pending_deliveries_resume_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let port_holder = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = port_holder.local_addr().unwrap();
    drop(port_holder);

    let first = spawn_with(Storage::File(db.clone())).await;
    let key = first.test_key();
    let endpoint = create(&first, &key, &format!("http://{addr}/hook"), &ALL).await;
    let event = trigger(&first, &key, json!({"event": "settlement.completed"})).await;
    assert_eq!(attempts(&first, &key, &endpoint, 1).await["status"], "pending");
    first.shutdown().await;

    let receiver = Receiver::on(tokio::net::TcpListener::bind(addr).await.unwrap()).await;
    let second = spawn_with(Storage::File(db)).await;
    second.advance_clock(5).await;
    let got = receiver.wait_for(1).await;
    assert_eq!(got[0].json()["id"], event["id"]);
    assert!(verifies(&got[0], endpoint["secret"].as_str().unwrap()), "the secret survives the restart");
    let d = attempts(&second, &key, &endpoint, 2).await;
    assert_eq!(d["status"], "succeeded");
}

#[tokio::test]
async fn trigger_sends_every_event_type_and_checks_its_caller() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    create(&sb, &key, &receiver.url, &ALL).await;
    let app = sb.ready.test_application_id.clone();
    for (i, event) in ALL.iter().enumerate() {
        // The operator names the application; a TEST key implies its own.
        let body = if i % 2 == 0 { json!({"event": event, "application_id": app}) } else { json!({"event": event}) };
        let auth = if i % 2 == 0 { sb.control() } else { key.clone() };
        let t = trigger(&sb, &auth, body).await;
        assert_eq!(t["deliveries"], 1);
        let got = receiver.wait_for(i + 1).await;
        let payload = got[i].json();
        assert_eq!(payload["event"], *event);
        assert_eq!(got[i].header("x-service-event"), *event);
        // Money events name their flow `payment_id` (spec section 6).
        let field = if event.starts_with("customer.") { "customer_id" } else { "payment_id" };
        assert_eq!(payload[field], t["resource_id"], "{payload}");
        assert!(payload["data"]["status"].is_string(), "{payload}");
    }
    let kinds: Vec<String> = receiver
        .received()
        .iter()
        .map(|r| {
            let p = r.json();
            ["payment_id", "customer_id", "transaction_id"].iter().find(|f| p.get(**f).is_some()).unwrap().to_string()
        })
        .collect();
    assert_eq!(kinds[0], "payment_id");
    assert_eq!(kinds[3], "customer_id");
    assert_eq!(kinds[5], "payment_id");

    let r = sb.post("/sandbox/events/trigger", &sb.control(), json!({"event": "settlement.completed"})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["application_id"]);
    let r = sb.post("/sandbox/events/trigger", &key, json!({"event": "payment.done", "resource_id": "a b"})).await;
    assert_eq!(r.detail_fields(), vec!["event", "resource_id"]);
    sb.post(
        "/sandbox/events/trigger",
        &sb.control(),
        json!({"event": "settlement.completed", "application_id": "nope"}),
    )
    .await
    .assert_error(404, "NOT_FOUND");
    let live_app = sb.ready.live_application_id.clone();
    sb.post("/sandbox/events/trigger", &key, json!({"event": "settlement.completed", "application_id": live_app}))
        .await
        .assert_error(404, "NOT_FOUND");
    sb.post("/sandbox/events/trigger", &sb.live_key(), json!({"event": "settlement.completed"}))
        .await
        .assert_error(403, "ATH_0002");
}

#[tokio::test]
async fn shutdown_is_prompt_with_a_delivery_in_flight_and_the_attempt_runs_again_later() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let slow = Receiver::start().await;
    slow.delay(Duration::from_secs(30));
    let sb = spawn_with(Storage::File(db.clone())).await;
    let key = sb.test_key();
    let endpoint = create(&sb, &key, &slow.url, &ALL).await;
    trigger(&sb, &key, json!({"event": "settlement.created"})).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    sb.shutdown().await;
    // The receiver would take 30 s: shutdown must not wait for it.
    assert!(started.elapsed() < Duration::from_secs(15), "shutdown took {:?}", started.elapsed());

    slow.delay(Duration::ZERO);
    let again = spawn_with(Storage::File(db)).await;
    // The abandoned attempt was not recorded; the delivery is still due.
    let got = slow.wait_for(1).await;
    assert_eq!(got[0].json()["event"], "settlement.created");
    assert_eq!(attempts(&again, &key, &endpoint, 1).await["status"], "succeeded");
}
