//! The Idempotency-Key layer, exercised on a dashboard POST and on every
//! sandbox control and simulation POST.

use payctl_sandbox::{SandboxConfig, Storage};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::customers::create_customer;
use crate::legacy_quotes::{accepted_quote as legacy_accepted_quote, customer, fix_rate};
use crate::quotes::accepted_quote;
use crate::support::{Auth, Reply, TestSandbox, spawn_sandbox, spawn_with_config};
use crate::transactions::{beneficiary, new_key, post_txn};
use crate::webhooks::{Receiver, create as create_endpoint};

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

/// Sends `body` 20 times at once with one Idempotency-Key. Exactly one
/// answer is fresh, the 19 others say they are replays, and all 20 are
/// byte for byte the same; returns that answer.
async fn twenty_racing(sb: &TestSandbox, path: &str, auth: &Auth, body: Value) -> Reply {
    let key = new_key();
    let requests =
        (0..20).map(|_| sb.send(sb.request(Method::POST, path, auth).header("Idempotency-Key", &key).json(&body)));
    let mut replies = futures::future::join_all(requests).await;
    let fresh: Vec<usize> = (0..20).filter(|&i| replies[i].header("idempotent-replayed").is_none()).collect();
    assert_eq!(fresh.len(), 1, "POST {path}: one answer ran the work, the others replay it");
    let first = replies.swap_remove(fresh[0]);
    for r in &replies {
        assert_eq!(r.header("idempotent-replayed"), Some("true"), "POST {path}");
        assert_eq!((r.status, &r.raw), (first.status, &first.raw), "POST {path}: the replay is the answer");
    }
    first
}

#[tokio::test]
async fn racing_control_and_simulation_posts_run_once() {
    // 20 requests a race exceed a key's 100 a minute.
    let sb = spawn_with_config(SandboxConfig { storage: Storage::Memory, rate_limit: None }).await;
    fix_rate(&sb).await;
    let (control, key) = (sb.control(), sb.test_key());

    // Time moves once: 100 s, not 20 times 100 s.
    let offset = |r: Reply| r.body["offset_seconds"].as_i64().unwrap();
    let before = offset(sb.get("/sandbox/clock", &key).await);
    let advanced = twenty_racing(&sb, "/sandbox/clock/advance", &key, json!({"seconds": 100})).await;
    assert_eq!(advanced.status, StatusCode::OK, "{}", advanced.body);
    assert_eq!(offset(sb.get("/sandbox/clock", &key).await) - before, 100);

    // A user is created once, and the winner's 201 is what every racer sees.
    let user =
        twenty_racing(&sb, "/sandbox/users", &control, json!({"username": "raced", "password": "a long password"}))
            .await;
    assert_eq!(user.status, StatusCode::CREATED, "{}", user.body);
    sb.login_as("raced", "a long password").await;

    // An event is recorded (and delivered) once.
    let receiver = Receiver::start().await;
    create_endpoint(&sb, &key, &receiver.url, &["settlement.completed"]).await;
    let event = twenty_racing(&sb, "/sandbox/events/trigger", &key, json!({"event": "settlement.completed"})).await;
    assert_eq!(event.status, StatusCode::CREATED, "{}", event.body);
    assert_eq!(receiver.wait_for(1).await.len(), 1);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(receiver.received().len(), 1, "one event, one delivery");

    // State moves: each answers 200 once and the racers see that 200, not a 409.
    let pending = create_customer(&sb, &key, "raced-kyb@example.com").await;
    let approved =
        twenty_racing(&sb, &format!("/sandbox/customers/{}/approve", pending["id"].as_str().unwrap()), &key, json!({}))
            .await;
    assert_eq!((approved.status, &approved.body["kyb_status"]), (StatusCode::OK, &json!("approved")));

    let quote = accepted_quote(&sb, &key, "10000").await;
    let ben = beneficiary(&sb, &key, "USDC").await;
    let txn = post_txn(&sb, &key, &new_key(), json!({"quote_id": quote, "beneficiary_id": ben})).await;
    let completed = twenty_racing(
        &sb,
        &format!("/sandbox/transactions/{}/complete", txn.body["id"].as_str().unwrap()),
        &key,
        json!({}),
    )
    .await;
    assert_eq!((completed.status, &completed.body["state"]), (StatusCode::OK, &json!("COMPLETED")));

    let payer = customer(&sb, "raced-pay@example.com", true).await;
    let legacy = legacy_accepted_quote(&sb, &payer, "100.00").await;
    let payment = sb
        .send(
            sb.request(Method::POST, "/v1/payments", &key)
                .header("Idempotency-Key", new_key())
                .json(&json!({"quote_id": legacy, "collection_method": "VIRTUAL_IBAN"})),
        )
        .await;
    assert_eq!(payment.status, StatusCode::CREATED, "{}", payment.body);
    let funded = twenty_racing(
        &sb,
        &format!("/sandbox/payments/{}/fund", payment.body["id"].as_str().unwrap()),
        &key,
        json!({}),
    )
    .await;
    assert_eq!((funded.status, &funded.body["status"]), (StatusCode::OK, &json!("funds_received")));

    // A reset runs once: its answer counts what it deleted, and a racer
    // that reset again would have found nothing left to delete.
    let reset = twenty_racing(&sb, "/sandbox/reset", &control, json!({})).await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.body);
    assert_eq!(reset.body["deleted"]["customers"], 3, "{}", reset.body);
    assert_eq!(reset.body["deleted"]["users"], 1, "{}", reset.body);
}

/// Every value of every `idempotency_keys` row, as text.
fn idempotency_rows(db: &std::path::Path) -> Vec<Vec<String>> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn.prepare("SELECT * FROM idempotency_keys").unwrap();
    let columns = stmt.column_count();
    stmt.query_map([], |r| {
        Ok((0..columns)
            .map(|i| match r.get_ref(i).unwrap() {
                rusqlite::types::ValueRef::Text(t) | rusqlite::types::ValueRef::Blob(t) => {
                    String::from_utf8_lossy(t).into_owned()
                }
                other => format!("{other:?}"),
            })
            .collect())
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

#[tokio::test]
async fn keys_are_stored_as_hashes_and_replays_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let sb = crate::support::spawn_with(Storage::File(db.clone())).await;
    let key = sb.test_key();
    // A client that uses a secret as its key.
    let secret = format!("s3cr3t-{}", uuid::Uuid::new_v4().simple());
    let body = crate::customers::customer_body("hashed@example.com");
    async fn send(sb: &TestSandbox, key: &Auth, secret: &str, body: &Value) -> Reply {
        sb.send(sb.request(Method::POST, "/v1/customers", key).header("Idempotency-Key", secret).json(body)).await
    }
    let first = send(&sb, &key, &secret, &body).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    assert_eq!(send(&sb, &key, &secret, &body).await.header("idempotent-replayed"), Some("true"));
    sb.shutdown().await;

    let rows = idempotency_rows(&db);
    assert_eq!(rows.len(), 1);
    assert!(rows[0].iter().all(|v| !v.contains(&secret)), "the key is on disk: {:?}", rows[0]);
    assert!(rows[0].contains(&payctl_sandbox::testing::stored_key(&secret)), "{:?}", rows[0]);

    // After a restart the key still replays, and another key does not.
    let sb = crate::support::spawn_with(Storage::File(db.clone())).await;
    let again = send(&sb, &key, &secret, &body).await;
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(again.raw, first.raw, "byte for byte");
    sb.shutdown().await;

    // (Keys that older versions stored as sent are hashed by the upgrade: see db::migrations' tests.)
}
