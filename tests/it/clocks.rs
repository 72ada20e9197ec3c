//! Per-application clocks: a TEST key moves its own application's time and
//! nobody else's; the operator moves everyone's (or one TEST application's);
//! LIVE applications and dashboard tokens follow the global clock only; an
//! advance is once-only under one Idempotency-Key; every time rule of an
//! application (quote lock, verification, key expiry, idempotency
//! retention, webhook retries) reads that application's clock.

use futures::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::customers::create_customer;
use crate::support::{Auth, Reply, TestSandbox, spawn_sandbox};
use crate::webhooks::{Receiver, create as create_endpoint};

fn quote_body() -> Value {
    json!({"corridor_id": "uae", "source_asset": "AED", "source_amount_minor": "100000",
           "destination_asset": "EUR", "destination_kind": "BANK"})
}

async fn quote(sb: &TestSandbox, auth: &Auth) -> String {
    let q = sb.post("/v1/transactions/quote", auth, quote_body()).await;
    assert_eq!(q.status, StatusCode::CREATED, "{}", q.body);
    q.body["id"].as_str().unwrap().to_owned()
}

async fn accept(sb: &TestSandbox, auth: &Auth, id: &str) -> Reply {
    sb.post(&format!("/v1/transactions/quote/{id}/accept"), auth, json!(null)).await
}

async fn advance(sb: &TestSandbox, auth: &Auth, body: Value) -> Reply {
    sb.post("/sandbox/clock/advance", auth, body).await
}

async fn clock(sb: &TestSandbox, auth: &Auth) -> Value {
    let r = sb.get("/sandbox/clock", auth).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

fn millis(rfc3339: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(rfc3339).unwrap().timestamp_millis()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_partners_advance_their_own_clocks_concurrently_while_both_run_flows() {
    let sb = spawn_sandbox().await;
    let a = sb.test_key();
    let other = sb.other_partner().await;
    let (b_app, b) = sb.new_app_key(&other, "TEST").await;
    let b = Auth::Key(b);
    let live = sb.live_key();
    let (a_quote, b_quote, live_quote) = (quote(&sb, &a).await, quote(&sb, &b).await, quote(&sb, &live).await);
    let a_customer = create_customer(&sb, &a, "a@example.com").await["id"].as_str().unwrap().to_owned();
    let b_customer = create_customer(&sb, &b, "b@example.com").await["id"].as_str().unwrap().to_owned();

    // Both partners move their own time, step by step, at the same time,
    // while the other keeps quoting and reading.
    let run = |auth: Auth, steps: usize| {
        let sb = &sb;
        async move {
            for _ in 0..steps {
                assert_eq!(advance(sb, &auth, json!({"seconds": 20})).await.status, StatusCode::OK);
                quote(sb, &auth).await;
            }
        }
    };
    join_all([run(a.clone(), 10), run(b.clone(), 2)]).await;

    let (a_clock, b_clock) = (clock(&sb, &a).await, clock(&sb, &b).await);
    assert_eq!((a_clock["scope"].as_str(), a_clock["offset_seconds"].as_i64()), (Some("application"), Some(200)));
    assert_eq!(a_clock["application_id"], sb.ready.test_application_id);
    assert_eq!(
        (b_clock["offset_seconds"].as_i64(), b_clock["application_id"].as_str()),
        (Some(40), Some(b_app.as_str()))
    );
    assert_eq!(clock(&sb, &sb.control()).await["offset_seconds"], 0, "the global clock did not move");
    assert!(millis(a_clock["now"].as_str().unwrap()) - millis(b_clock["now"].as_str().unwrap()) >= 159_000);

    // A's quote lock and verification ran out on A's clock...
    accept(&sb, &a, &a_quote).await.assert_error(400, "QTE_0001");
    let decided = sb.get(&format!("/v1/customers/{a_customer}"), &a).await.body;
    assert_eq!(decided["kyb_status"], "approved", "decided 60 s into A's own time");
    // ...and nothing of B's or of the LIVE application moved.
    assert_eq!(accept(&sb, &b, &b_quote).await.status, StatusCode::OK);
    assert_eq!(accept(&sb, &live, &live_quote).await.status, StatusCode::OK, "a LIVE quote follows real time");
    assert_eq!(sb.get(&format!("/v1/customers/{b_customer}"), &b).await.body["kyb_status"], "pending");

    // Every answer says which time it was given in.
    let header = |r: &Reply| millis(r.header("x-sandbox-clock").expect("an X-Sandbox-Clock header"));
    let (a_seen, b_seen) = (header(&sb.get("/v1/customers", &a).await), header(&sb.get("/v1/customers", &b).await));
    assert!(a_seen - b_seen >= 159_000, "{a_seen} vs {b_seen}");
    let public = sb.get("/health", &Auth::None).await;
    assert!((header(&public) - chrono::Utc::now().timestamp_millis()).abs() < 5_000, "global time on public routes");
}

#[tokio::test]
async fn no_api_key_moves_a_live_application_and_the_operator_moves_every_one() {
    let sb = spawn_sandbox().await;
    advance(&sb, &sb.live_key(), json!({"seconds": 60})).await.assert_error(403, "ATH_0002");
    let live_app = json!({"seconds": 60, "application_id": sb.ready.live_application_id});
    advance(&sb, &sb.control(), live_app).await.assert_error(403, "ATH_0002");
    // A TEST key names no application but its own.
    let not_its_own = json!({"seconds": 60, "application_id": sb.ready.live_application_id});
    advance(&sb, &sb.test_key(), not_its_own).await.assert_error(404, "NOT_FOUND");
    let live_quote = quote(&sb, &sb.live_key()).await;

    // The control token can move one TEST application...
    let one = json!({"seconds": 100, "application_id": sb.ready.test_application_id});
    let moved = advance(&sb, &sb.control(), one).await;
    assert_eq!((moved.body["scope"].as_str(), moved.body["offset_seconds"].as_i64()), (Some("application"), Some(100)));
    assert_eq!(clock(&sb, &sb.test_key()).await["offset_seconds"], 100);
    assert_eq!(accept(&sb, &sb.live_key(), &live_quote).await.status, StatusCode::OK);

    // ...or everyone at once, LIVE included; the TEST application keeps its lead.
    let live_quote = quote(&sb, &sb.live_key()).await;
    let all = advance(&sb, &sb.control(), json!({"seconds": 181})).await;
    assert_eq!((all.body["scope"].as_str(), all.body["global_offset_seconds"].as_i64()), (Some("global"), Some(181)));
    accept(&sb, &sb.live_key(), &live_quote).await.assert_error(400, "QTE_0001");
    let test = clock(&sb, &sb.test_key()).await;
    assert_eq!((test["offset_seconds"].as_i64(), test["global_offset_seconds"].as_i64()), (Some(281), Some(181)));
    // The operator reads a LIVE application's clock: the global one, nothing of its own.
    let live = sb.get(&format!("/sandbox/clock?application_id={}", sb.ready.live_application_id), &sb.control()).await;
    assert_eq!(live.status, StatusCode::OK, "{}", live.body);
    assert_eq!(live.body["application_id"], sb.ready.live_application_id.as_str());
    assert_eq!(
        (live.body["offset_seconds"].as_i64(), live.body["global_offset_seconds"].as_i64()),
        (Some(181), Some(181))
    );
}

#[tokio::test]
async fn dashboard_tokens_and_other_applications_keys_ignore_an_application_advance() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let soon = (chrono::Utc::now() + chrono::Duration::seconds(600)).to_rfc3339();
    let (app, _) = sb.new_app_key(&bearer, "TEST").await;
    let expiring = sb.post(&format!("/v1/applications/{app}/keys"), &bearer, json!({"expires_at": soon})).await;
    let expiring = Auth::Key(expiring.body["client_secret"].as_str().unwrap().to_owned());
    let replay = |auth: &Auth| sb.request(Method::POST, "/v1/customers", auth).header("Idempotency-Key", "k-1");
    let first = sb.send(replay(&sb.test_key()).json(&crate::customers::customer_body("c1@example.com"))).await;
    assert_eq!(first.status, StatusCode::CREATED);

    // A day and a bit on the demo TEST application's clock.
    assert_eq!(advance(&sb, &sb.test_key(), json!({"seconds": 86_401})).await.status, StatusCode::OK);
    // The dashboard token (five minutes) still works: it follows the global clock.
    assert_eq!(sb.get("/v1/applications", &bearer).await.status, StatusCode::OK);
    // The other application's key expires on its own clock, not this one's.
    assert_eq!(sb.get("/v1/customers", &expiring).await.status, StatusCode::OK);
    // The advanced application's idempotency records ran out: the key runs again.
    let again = sb.send(replay(&sb.test_key()).json(&crate::customers::customer_body("c2@example.com"))).await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
    assert_ne!(again.body["id"], first.body["id"]);
    assert_eq!(again.header("idempotent-replayed"), None);
    // Its own time passing does expire it.
    let r = advance(&sb, &expiring, json!({"seconds": 601})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    sb.get("/v1/customers", &expiring).await.assert_error(401, "ATH_0001");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_advances_with_one_key_move_the_clock_once() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let send = || {
        sb.send(
            sb.request(Method::POST, "/sandbox/clock/advance", &key)
                .header("Idempotency-Key", "adv-1")
                .json(&json!({"seconds": 100})),
        )
    };
    let answers = join_all((0..20).map(|_| send())).await;
    assert!(
        answers.iter().all(|r| r.status == StatusCode::OK),
        "{:?}",
        answers.iter().map(|r| r.status).collect::<Vec<_>>()
    );
    let fresh = answers.iter().filter(|r| r.header("idempotent-replayed").is_none()).count();
    assert_eq!(fresh, 1, "one advance ran; the others replayed it");
    assert!(answers.iter().all(|r| r.raw == answers[0].raw), "every answer is the one stored");
    assert_eq!(clock(&sb, &key).await["offset_seconds"], 100);
}

#[tokio::test]
async fn webhook_retries_follow_the_application_clock() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    receiver.answer(&[500, 500, 500, 500]);
    create_endpoint(&sb, &key, &receiver.url, &["customer.kyb_approved"]).await;
    let customer = create_customer(&sb, &key, "retry@example.com").await;
    let approve = format!("/sandbox/customers/{}/approve", customer["id"].as_str().unwrap());
    assert_eq!(sb.post(&approve, &key, json!(null)).await.status, StatusCode::OK);
    // Attempts back off 1, 2, 4 s; this application's advances bring each on.
    receiver.wait_for(1).await;
    for (attempts, wait) in [(2, 1), (3, 2), (4, 4)] {
        advance(&sb, &key, json!({"seconds": wait})).await;
        receiver.wait_for(attempts).await;
    }
    // The fifth attempt is 8 s away on this application's clock: another
    // application's advance does not bring it.
    let (_, other) = sb.new_app_key(&sb.login().await, "TEST").await;
    advance(&sb, &Auth::Key(other), json!({"seconds": 3600})).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(receiver.received().len(), 4, "no retry from another application's time");
    advance(&sb, &key, json!({"seconds": 8})).await;
    let got = receiver.wait_for(5).await;
    assert_eq!(got[4].answered, 200);
    assert!(
        got[4].instant.duration_since(got[3].instant) < std::time::Duration::from_secs(7),
        "brought on by the advance"
    );
}

#[tokio::test]
async fn no_clock_is_moved_past_the_last_day_of_year_9999() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let first = crate::support::spawn_with(payctl_sandbox::Storage::File(db.clone())).await;
    let app = first.ready.test_application_id.clone();
    first.shutdown().await;
    // Put the global clock two days short of the limit, the TEST application's one more day ahead.
    let latest = payctl_domain::time::LATEST_MILLIS;
    let day = 86_400_000i64;
    let global = latest - chrono::Utc::now().timestamp_millis() - 2 * day;
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute(
            "INSERT OR REPLACE INTO settings (name, value) VALUES ('clock.offset_millis', ?1)",
            [global.to_string()],
        )
        .unwrap();
        conn.execute(
            "UPDATE applications SET clock_offset_millis = ?1 WHERE public_id = ?2",
            rusqlite::params![day, app],
        )
        .unwrap();
    }
    let sb = crate::support::spawn_with(payctl_sandbox::Storage::File(db)).await;
    let key = sb.test_key();
    let before = clock(&sb, &key).await;
    assert!(before["now"].as_str().unwrap().starts_with("9999-12-30T"), "{before}");

    // The application's own clock has less than a day left.
    let r = advance(&sb, &key, json!({"seconds": 86_400})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_issues(), vec![("seconds".to_owned(), "out_of_range".to_owned())]);
    let message = r.body["error"]["details"][0]["message"].as_str().unwrap();
    assert!(message.contains("9999-12-31T00:00:00.000Z"), "{message}");
    // The global clock has two days, but moving it a day and a half would carry the application past the limit.
    let r = advance(&sb, &sb.control(), json!({"seconds": 129_600})).await;
    r.assert_error(400, "VAL_0001");
    assert!(r.body["error"]["message"].as_str().unwrap().contains("9999-12-31T00:00:00.000Z"), "{}", r.body);
    // Nothing moved, and what fits is still allowed.
    assert_eq!(clock(&sb, &sb.control()).await["offset_seconds"], global / 1000);
    let r = advance(&sb, &key, json!({"seconds": 3_600})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let now = r.body["now"].as_str().unwrap();
    assert!(now.starts_with("9999-12-30T"), "a four-digit year, RFC 3339: {now}");
    // The sandbox still reads its own timestamps: a customer made now is listed.
    let customer = crate::support::factories::customer(&sb, &key, false).await;
    assert_eq!(sb.get(&format!("/v1/customers/{customer}"), &key).await.status, StatusCode::OK);
}
