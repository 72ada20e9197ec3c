//! Fair dispatch: a receiver that never answers, with a backlog of a
//! hundred deliveries, holds only its own endpoint's slots; another
//! partner's deliveries and retries, and the same partner's other
//! endpoints, go out on time.

use std::time::{Duration, Instant};

use payctl_sandbox::testing::PER_ENDPOINT;
use payctl_sandbox::{SandboxConfig, Storage};
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{ALL, Receiver, create};
use crate::support::{Auth, TestSandbox, spawn_with_config};

async fn trigger(sb: &TestSandbox, auth: &Auth, event: &str) -> Value {
    let r = sb.post("/sandbox/events/trigger", auth, json!({"event": event})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

/// Waits (up to 5 s) until `receiver` has had `n` requests arrive.
async fn started(receiver: &Receiver, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while receiver.started() < n && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(receiver.started(), n);
}

#[tokio::test]
async fn a_hanging_receiver_with_a_backlog_delays_no_other_delivery_or_retry() {
    let sb = spawn_with_config(SandboxConfig { storage: Storage::Memory, rate_limit: None }).await;
    let a = sb.test_key();
    let hanging = Receiver::start().await;
    // Longer than the dispatcher's 10 s timeout: every attempt holds its slot for the whole timeout.
    hanging.delay(Duration::from_secs(60));
    create(&sb, &a, &hanging.url, &["settlement.created"]).await;
    let a_other = Receiver::start().await;
    create(&sb, &a, &a_other.url, &["customer.kyb_approved"]).await;
    for _ in 0..100 {
        assert_eq!(trigger(&sb, &a, "settlement.created").await["deliveries"], 1);
    }
    started(&hanging, PER_ENDPOINT).await;

    // Partner B, with a receiver that fails its first attempt.
    let bearer = sb.other_partner().await;
    let (_, b_key) = sb.new_app_key(&bearer, "TEST").await;
    let b = Auth::Key(b_key);
    let b_receiver = Receiver::start().await;
    b_receiver.answer(&[500]);
    create(&sb, &b, &b_receiver.url, &ALL).await;
    let sent = Instant::now();
    let event = trigger(&sb, &b, "settlement.completed").await;
    let got = b_receiver.wait_for(1).await;
    let first = got[0].instant.duration_since(sent);
    // Behind A's backlog it would wait for A's attempts to time out (10 s).
    assert!(first < Duration::from_secs(2), "B's delivery took {first:?} behind A's hanging receiver");
    assert_eq!(got[0].json()["id"], event["id"]);

    // The retry is due 1 s after the failed attempt, and fires within 1 s of that.
    let got = b_receiver.wait_for(2).await;
    let gap = got[1].instant.duration_since(got[0].instant);
    assert!(
        (Duration::from_millis(900)..Duration::from_secs(2)).contains(&gap),
        "B's retry came {gap:?} after its first attempt"
    );
    assert_eq!(got[1].json()["id"], event["id"]);
    assert_eq!(got[1].answered, 200);

    // A's own other endpoint is not held up by A's hanging one either.
    let sent = Instant::now();
    trigger(&sb, &a, "customer.kyb_approved").await;
    let other = a_other.wait_for(1).await[0].instant.duration_since(sent);
    assert!(other < Duration::from_secs(2), "A's healthy endpoint took {other:?}");

    // All the while, the hanging endpoint had no more than its share in flight.
    assert_eq!(hanging.started(), PER_ENDPOINT, "the hanging endpoint holds at most {PER_ENDPOINT} attempts");
    assert!(hanging.received().is_empty());
}
