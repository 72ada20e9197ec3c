//! Concurrency: 64 racers with one Idempotency-Key, 64 racers for one
//! quote (to use it, and to accept it), and a bank-style run of contending
//! flows with balance reads between them. Each checks what happened
//! (records, ledger, events), not only the answers. The key and quote
//! races also run on an in-memory database, where reads share the
//! writer's connection instead of a reader pool.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use futures::future::join_all;
use payctl_sandbox::Storage;
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{FLOAT_USD, UsdLedger, all_transactions, assert_sound, minor, spawn_on_file, usd_balances, usd_ledger};
use crate::quotes::{accepted_quote, one_percent_markup};
use crate::support::{Auth, Reply, TestSandbox, spawn_with_config};
use crate::transactions::{beneficiary, new_key, post_txn};
use crate::webhooks::{Receiver, create as create_endpoint};

const RACERS: usize = 64;
const AMOUNT: i64 = 4200;
const FEE: i64 = 42;

/// A sandbox in memory, rate limits off.
async fn spawn_in_memory() -> TestSandbox {
    spawn_with_config(payctl_sandbox::SandboxConfig { storage: Storage::Memory, rate_limit: None }).await
}

/// What a race needs: a 1 % markup, an accepted quote of [`AMOUNT`], a
/// beneficiary, and an endpoint counting `settlement.created` events.
struct Race {
    key: Auth,
    quote: String,
    body: Value,
    endpoint: String,
    _receiver: Receiver,
}

async fn race_setup(sb: &TestSandbox) -> Race {
    one_percent_markup(sb).await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    let endpoint = create_endpoint(sb, &key, &receiver.url, &["settlement.created"]).await;
    let quote = accepted_quote(sb, &key, &AMOUNT.to_string()).await;
    let ben = beneficiary(sb, &key, "USDC").await;
    let body = json!({"quote_id": quote, "beneficiary_id": ben});
    Race { key, quote, body, endpoint: endpoint["id"].as_str().unwrap().to_owned(), _receiver: receiver }
}

/// The race left exactly one transaction, `winner`: listed and readable,
/// its quote used, the float and fees moved once, one event recorded.
async fn assert_one_transaction(sb: &TestSandbox, race: &Race, winner: &Value) {
    let listed = all_transactions(sb, &race.key).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    let id = winner["id"].as_str().unwrap();
    let read = sb.get(&format!("/v1/transactions/{id}"), &race.key).await.body;
    for t in [&listed[0], &read] {
        for field in
            ["id", "external_id", "quote_id", "beneficiary_id", "source_amount_minor", "fee_minor", "created_at"]
        {
            assert_eq!(t[field], winner[field], "{field}");
        }
    }
    assert_eq!(minor(winner, "fee_minor"), FEE);
    let quote = sb.get(&format!("/v1/transactions/quote/{}", race.quote), &race.key).await.body;
    assert_eq!(quote["status"], "USED");
    let held = UsdLedger { float: FLOAT_USD - AMOUNT, in_flight: AMOUNT, fees: 0 };
    assert_eq!(usd_balances(sb, &race.key).await, held, "the ledger moved once");
    // The delivery is queued with the event, in the same transaction.
    let deliveries = sb.get(&format!("/v1/webhooks/{}/deliveries", race.endpoint), &race.key).await;
    assert_eq!(deliveries.body["data"].as_array().unwrap().len(), 1, "one settlement.created: {}", deliveries.body);
}

/// 64 identical requests with one key: one runs, 63 replay its answer.
async fn one_key_runs_once(sb: &TestSandbox) {
    let race = race_setup(sb).await;
    let idem = new_key();
    let replies = join_all((0..RACERS).map(|_| post_txn(sb, &race.key, &idem, race.body.clone()))).await;
    for r in &replies {
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        assert_eq!(r.raw, replies[0].raw, "the same answer byte for byte");
    }
    // The documented difference: replays say so; correlation ids are per request.
    let ran: Vec<&Reply> = replies.iter().filter(|r| r.header("idempotent-replayed").is_none()).collect();
    assert_eq!(ran.len(), 1, "exactly one request did the work");
    assert!(replies.iter().filter_map(|r| r.header("idempotent-replayed")).all(|h| h == "true"));
    assert_one_transaction(sb, &race, &replies[0].body).await;
}

/// 64 requests for one quote, each with its own key: one transaction.
async fn one_quote_is_used_once(sb: &TestSandbox) {
    let race = race_setup(sb).await;
    let keys: Vec<String> = (0..RACERS).map(|_| new_key()).collect();
    let replies = join_all(keys.iter().map(|k| post_txn(sb, &race.key, k, race.body.clone()))).await;
    let (won, lost): (Vec<&Reply>, Vec<&Reply>) = replies.iter().partition(|r| r.status == StatusCode::CREATED);
    assert_eq!(won.len(), 1, "exactly one request used the quote");
    for r in lost {
        let e = r.assert_error(400, "IDM_0002");
        assert!(e["message"].as_str().unwrap().contains("already been used"), "{e}");
    }
    assert_one_transaction(sb, &race, &won[0].body).await;
}

/// Runs `race` on a WAL file database, then checks the file.
async fn on_a_wal_file(race: impl AsyncFnOnce(&TestSandbox)) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let sb = spawn_on_file(&db).await;
    race(&sb).await;
    sb.shutdown().await;
    assert_sound(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_four_requests_with_one_key_run_once_on_a_wal_file() {
    on_a_wal_file(one_key_runs_once).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_four_requests_with_one_key_run_once_in_memory() {
    one_key_runs_once(&spawn_in_memory().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_four_transactions_racing_for_one_quote_create_one_on_a_wal_file() {
    on_a_wal_file(one_quote_is_used_once).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_four_transactions_racing_for_one_quote_create_one_in_memory() {
    one_quote_is_used_once(&spawn_in_memory().await).await;
}

/// 64 accepts of one quote, each with its own key: one 200, the others
/// 409 QTE_0002, and the quote keeps the first acceptance.
async fn one_quote_is_accepted_once(sb: &TestSandbox) {
    let key = sb.test_key();
    let quote = crate::quotes::create_quote(sb, &key, &AMOUNT.to_string()).await;
    let path = format!("/v1/transactions/quote/{}/accept", quote["id"].as_str().unwrap());
    let accept = |k: String| sb.send(sb.request(reqwest::Method::POST, &path, &key).header("Idempotency-Key", k));
    let replies = join_all((0..RACERS).map(|_| accept(new_key()))).await;
    let (won, lost): (Vec<&Reply>, Vec<&Reply>) = replies.iter().partition(|r| r.status == StatusCode::OK);
    assert_eq!(won.len(), 1, "exactly one accept");
    for r in lost {
        r.assert_error(409, "QTE_0002");
    }
    let read = sb.get(&format!("/v1/transactions/quote/{}", quote["id"].as_str().unwrap()), &key).await.body;
    assert_eq!(read, won[0].body);
    assert_eq!(read["status"], "ACCEPTED");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_four_accepts_of_one_quote_accept_it_once_on_a_wal_file() {
    on_a_wal_file(one_quote_is_accepted_once).await;
}

/// Each flow moves 400,000.00 USD: the 10,000,000.00 float covers 25 at a
/// time, so 64 flows contend for it and some are refused.
const BANK_AMOUNT: i64 = 40_000_000;
const BANK_FEE: i64 = 400_000;
const BANK_FLOWS: usize = 64;
const READERS: usize = 3;

/// How a bank-style flow ended.
enum Flow {
    /// Created; the manual move (complete or fail) was applied, or the
    /// clock had already ended it (409).
    Created,
    /// 422 INSUFFICIENT_FUNDS; the quote is still accepted.
    Refused,
}

/// Quote, accept, transaction; then complete or fail some by hand and
/// leave the rest to the clock.
async fn bank_flow(sb: &TestSandbox, key: &Auth, ben: &str, i: usize) -> Flow {
    let quote = accepted_quote(sb, key, &BANK_AMOUNT.to_string()).await;
    let r = post_txn(sb, key, &new_key(), json!({"quote_id": quote, "beneficiary_id": ben})).await;
    if r.status == StatusCode::UNPROCESSABLE_ENTITY {
        r.assert_error(422, "INSUFFICIENT_FUNDS");
        let q = sb.get(&format!("/v1/transactions/quote/{quote}"), key).await.body;
        assert_eq!(q["status"], "ACCEPTED", "a refused transaction leaves its quote");
        return Flow::Refused;
    }
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let id = r.body["id"].as_str().unwrap();
    let action = match i % 4 {
        0 => "complete",
        1 => "fail",
        _ => return Flow::Created,
    };
    let moved = sb.post(&format!("/sandbox/transactions/{id}/{action}"), &sb.control(), json!(null)).await;
    if moved.status != StatusCode::OK {
        moved.assert_error(409, "CONFLICT");
    }
    Flow::Created
}

/// Reads balances until `done`; every read is one snapshot and must show
/// whole transactions only: the float down by k amounts, of which j are
/// held in flight and k - j completed with their fees, never below zero.
/// Returns the reads made.
async fn read_balances_until(sb: &TestSandbox, key: &Auth, done: &AtomicBool) -> usize {
    let mut reads = 0;
    while !done.load(Ordering::Acquire) {
        let r = sb.get("/v1/balances", key).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let l = usd_ledger(&r.body);
        let spent = FLOAT_USD - l.float;
        assert!(spent >= 0 && spent % BANK_AMOUNT == 0 && l.in_flight % BANK_AMOUNT == 0, "a torn read: {l:?}");
        let completed = (spent - l.in_flight) / BANK_AMOUNT;
        assert_eq!(l.fees, completed * BANK_FEE, "fees out of step with the float: {l:?}");
        reads += 1;
    }
    reads
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bank_style_flows_with_concurrent_reads_always_balance() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let sb = spawn_on_file(&db).await;
    one_percent_markup(&sb).await;
    let key = sb.test_key();
    let ben = beneficiary(&sb, &key, "USDC").await;
    let done = AtomicBool::new(false);
    let advanced = AtomicUsize::new(0);

    let flows = async {
        let ended = join_all((0..BANK_FLOWS).map(|i| bank_flow(&sb, &key, &ben, i))).await;
        done.store(true, Ordering::Release);
        ended
    };
    let readers = join_all((0..READERS).map(|_| read_balances_until(&sb, &key, &done)));
    // Scheduled moves (PROCESSING at 5 s, the end at 30 s) run between the
    // flows too. 60 s in all stays inside every quote's 180 s lock.
    let clock = async {
        while !done.load(Ordering::Acquire) && advanced.load(Ordering::Relaxed) < 60 {
            sb.advance_clock(5).await;
            advanced.fetch_add(5, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    let (ended, reads, ()) = tokio::join!(flows, readers, clock);
    assert!(reads.iter().all(|&n| n > 0), "every reader read during the flows: {reads:?}");
    let refused = ended.iter().filter(|f| matches!(f, Flow::Refused)).count();
    let created = BANK_FLOWS - refused;
    assert!(refused > 0, "the float cannot cover every flow at once");

    sb.advance_clock(30).await;
    let transactions = all_transactions(&sb, &key).await;
    assert_eq!(transactions.len(), created, "one transaction per 201");
    assert!(transactions.iter().all(|t| t["state"] == "COMPLETED" || t["state"] == "FAILED"), "{transactions:?}");
    let completed = transactions.iter().filter(|t| t["state"] == "COMPLETED").count() as i64;
    assert!(completed <= FLOAT_USD / BANK_AMOUNT, "never more out than the float holds");
    println!("{created} transactions ({completed} completed), {refused} refused, balance reads {reads:?}");
    assert_eq!(
        usd_balances(&sb, &key).await,
        UsdLedger { float: FLOAT_USD - completed * BANK_AMOUNT, in_flight: 0, fees: completed * BANK_FEE },
        "the float paid for the completed transactions only"
    );
    sb.shutdown().await;

    assert_sound(&db);
    let conn = super::read_only(&db);
    let count = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();
    assert_eq!(count("SELECT COUNT(*) FROM events WHERE type = 'settlement.created'"), created as i64);
    assert_eq!(
        count("SELECT COUNT(*) FROM events WHERE type IN ('settlement.completed', 'settlement.failed')"),
        created as i64,
        "every transaction ended exactly once"
    );
    assert_eq!(count("SELECT COUNT(*) FROM quotes WHERE status = 'USED'"), created as i64);
    assert_eq!(count("SELECT COUNT(*) FROM quotes WHERE status = 'ACCEPTED'"), refused as i64);
    let data = |kind: &str| -> Value {
        let sql = format!("SELECT data FROM events WHERE type = '{kind}' LIMIT 1");
        serde_json::from_str(&conn.query_row(&sql, [], |r| r.get::<_, String>(0)).unwrap()).unwrap()
    };
    let completed_event = data("settlement.completed");
    assert_eq!(completed_event["status"], "SETTLED");
    assert!(completed_event["settled_at"].is_string());
    let failed_event = data("settlement.failed");
    assert_eq!(failed_event["status"], "FAILED");
    assert!(failed_event["reason"].is_string());
}
