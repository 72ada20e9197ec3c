//! Crash durability: the real `payctl sandbox` on a database file is
//! killed with SIGKILL at random moments while clients drive flows, then
//! restarted on the same file. After each kill: the file passes
//! `PRAGMA integrity_check` and the ledger's invariants; every request
//! answered with a 2xx reads back, and its idempotent retry replays the
//! same answer; requests the kill left unanswered, retried with their
//! keys, succeed and run at most once; the balances match the
//! transactions; and every webhook delivery recorded before the kill
//! (pending ones included, since the receiver refuses everything while the
//! flows run) is delivered after the restart. A second test kills the
//! binary during start-up: the next start must always succeed.
//!
//! The kill moments and amounts come from a seeded generator; the seed is
//! printed, and `PAYCTL_CRASH_SEED=<seed>` replays a run. The fast tests
//! kill 3 and 8 times; the ignored one `PAYCTL_CRASH_KILLS` times (20) each.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{all_transactions, assert_sound, expected_ledger, read_only, usd_balances};
use crate::customers::customer_body;
use crate::quotes::{one_percent_markup, quote_body};
use crate::sandbox_binary::{read_ready, spawn};
use crate::support::{Auth, TestSandbox};
use crate::transactions::{beneficiary, new_key};
use crate::webhooks::{ALL, Receiver, create as create_endpoint};

const CLIENTS: usize = 4;
/// Flows one client has ready per life of the sandbox; the kill comes long before.
const FLOWS_PER_CLIENT: usize = 500;
/// The kill comes this long (at most) after the first acknowledged request.
const MAX_KILL_DELAY_MS: u64 = 400;
/// Later than any retry's backoff (256 s at most) and any timed move of
/// the flows (30 s, 60 s), well inside the 24 hours a key is kept.
const CATCH_UP_SECONDS: i64 = 300;

/// A running `payctl sandbox` child; killed if a failing test drops it.
struct Process {
    child: Child,
    sb: TestSandbox,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Process {
    /// Starts the binary on `db`, its log in a file beside it; a start
    /// that fails shows the log.
    fn start(db: &Path, life: usize) -> Process {
        let log_path = db.with_extension(format!("{life}.log"));
        let mut child = spawn(&args(db), std::fs::File::create(&log_path).unwrap());
        match read_ready(&mut child) {
            Ok(ready) => Process { child, sb: TestSandbox::attach(ready) },
            Err(e) => {
                kill_9(&mut child);
                panic!("the sandbox did not start ({e}); its log:\n{}", std::fs::read_to_string(log_path).unwrap());
            }
        }
    }
}

fn args(db: &Path) -> [&str; 7] {
    ["--db", db.to_str().unwrap(), "--json", "--listen", "127.0.0.1:0", "--rate-limit", "off"]
}

/// SIGKILL (what `kill -9` sends), then reap the process.
fn kill_9(child: &mut Child) {
    child.kill().unwrap();
    child.wait().unwrap();
}

/// A keyed POST, as a client sent it.
#[derive(Clone)]
struct Keyed {
    path: String,
    idempotency_key: String,
    body: Value,
}

/// A keyed POST answered with a 2xx.
struct Acked {
    request: Keyed,
    status: StatusCode,
    raw: Vec<u8>,
    answer: Value,
    /// Answered from the stored answer (`Idempotent-Replayed: true`).
    replayed: bool,
}

const CUSTOMER_FIELDS: &[&str] = &["id", "email", "legal_name", "type", "country", "created_at"];
const QUOTE_FIELDS: &[&str] =
    &["id", "source_amount_minor", "fee_minor", "destination_amount_minor", "rate", "expires_at", "created_at"];
const ACCEPTED_FIELDS: &[&str] = &["id", "accepted_at"];
const TRANSACTION_FIELDS: &[&str] = &[
    "id",
    "external_id",
    "quote_id",
    "beneficiary_id",
    "source_amount_minor",
    "fee_minor",
    "destination_amount_minor",
    "exchange_rate",
    "created_at",
];

impl Keyed {
    fn new(path: String, body: Value) -> Keyed {
        Keyed { path, idempotency_key: new_key(), body }
    }

    /// Sends it; `None` when no answer came (the sandbox is gone). Any
    /// answer must be a 2xx.
    async fn send(&self, sb: &TestSandbox, key: &Auth) -> Option<Acked> {
        let request = sb.request(Method::POST, &self.path, key).header("Idempotency-Key", &self.idempotency_key);
        let reply = sb.try_send(request.json(&self.body)).await.ok()?;
        assert!(reply.status.is_success(), "POST {} answered {}: {}", self.path, reply.status, reply.body);
        let replayed = reply.header("idempotent-replayed") == Some("true");
        Some(Acked { request: self.clone(), status: reply.status, raw: reply.raw, answer: reply.body, replayed })
    }
}

impl Acked {
    /// Where the record reads back, and the answer's fields it must show.
    fn read_back(&self) -> Option<(String, &'static [&'static str])> {
        let id = self.answer["id"].as_str().unwrap();
        match self.request.path.as_str() {
            "/v1/customers" => Some((format!("/v1/customers/{id}"), CUSTOMER_FIELDS)),
            "/v1/transactions/quote" => Some((format!("/v1/transactions/quote/{id}"), QUOTE_FIELDS)),
            "/v1/transactions" => Some((format!("/v1/transactions/{id}"), TRANSACTION_FIELDS)),
            path if path.ends_with("/accept") => Some((format!("/v1/transactions/quote/{id}"), ACCEPTED_FIELDS)),
            _ => None,
        }
    }
}

/// One client's view of a sandbox's life: it stops at the first request
/// that gets no answer (the kill), and keeps that one to retry later.
struct Client<'a> {
    sb: &'a TestSandbox,
    key: &'a Auth,
    acked: &'a Mutex<Vec<Acked>>,
    unanswered: &'a Mutex<Vec<Keyed>>,
}

impl Client<'_> {
    /// POSTs with a fresh Idempotency-Key; `None` once the sandbox is gone.
    async fn post(&self, path: String, body: Value) -> Option<Value> {
        let request = Keyed::new(path, body);
        let Some(acked) = request.send(self.sb, self.key).await else {
            self.unanswered.lock().unwrap().push(request);
            return None;
        };
        let answer = acked.answer.clone();
        self.acked.lock().unwrap().push(acked);
        Some(answer)
    }

    /// Event, customer, quote, accept, transaction; again, until the kill.
    async fn run(&self, ben: &str, amounts: Vec<i64>, events: Vec<&'static str>) {
        for (amount, event) in amounts.into_iter().zip(events) {
            if self.flow(ben, amount, event).await.is_none() {
                return;
            }
        }
    }

    async fn flow(&self, ben: &str, amount: i64, event: &str) -> Option<()> {
        self.post("/sandbox/events/trigger".into(), json!({"event": event})).await?;
        let email = format!("{}@example.com", uuid::Uuid::new_v4().simple());
        self.post("/v1/customers".into(), customer_body(&email)).await?;
        let quote = self.post("/v1/transactions/quote".into(), quote_body(&amount.to_string())).await?;
        let quote = quote["id"].as_str().unwrap();
        self.post(format!("/v1/transactions/quote/{quote}/accept"), Value::Null).await?;
        self.post("/v1/transactions".into(), json!({"quote_id": quote, "beneficiary_id": ben})).await?;
        Some(())
    }
}

/// Retries, with their keys, the requests the kill left unanswered, as a
/// client would: each gets a 2xx, whether its work had committed (a
/// replay) or not (it runs now), and never runs twice. Returns them
/// acknowledged, and how many were replays.
async fn retry_unanswered(sb: &TestSandbox, key: &Auth, unanswered: Vec<Keyed>) -> (Vec<Acked>, usize) {
    let mut acked = Vec::new();
    for request in unanswered {
        acked.push(request.send(sb, key).await.expect("the restarted sandbox answers"));
    }
    let replays = acked.iter().filter(|a| a.replayed).count();
    (acked, replays)
}

/// Every acknowledged record reads back with the fields it was answered with.
async fn assert_stored(sb: &TestSandbox, key: &Auth, acked: &[Acked]) {
    for a in acked {
        let Some((path, fields)) = a.read_back() else { continue };
        let got = sb.get(&path, key).await;
        let post = &a.request.path;
        assert_eq!(got.status, StatusCode::OK, "acknowledged by POST {post} but lost: GET {path}: {}", got.body);
        for field in fields {
            assert_eq!(got.body[*field], a.answer[*field], "{field} of {path} changed after a kill");
        }
    }
}

/// Retrying each acknowledged request with its key replays its answer.
async fn assert_replayed(sb: &TestSandbox, key: &Auth, acked: &[Acked]) {
    for a in acked {
        let again = a.request.send(sb, key).await.expect("the sandbox answers");
        let post = &a.request.path;
        assert_eq!((again.status, &again.raw), (a.status, &a.raw), "the retry of POST {post} did not replay");
        assert!(again.replayed, "POST {post} ran again");
    }
}

/// After the catch-up every timed move stored before the kill has run:
/// each transaction ended (FAILED exactly when its amount ends in 13),
/// each customer is decided; and the balances are what the transactions
/// left, counting those committed just before the kill without an answer.
async fn assert_caught_up(sb: &TestSandbox, key: &Auth, acked: &[Acked]) {
    let transactions = all_transactions(sb, key).await;
    for t in &transactions {
        let fails = t["source_amount_minor"].as_str().unwrap().ends_with("13");
        assert_eq!(t["state"], if fails { "FAILED" } else { "COMPLETED" }, "{t}");
    }
    assert_eq!(usd_balances(sb, key).await, expected_ledger(&transactions), "balances against transactions");
    for customer in acked.iter().filter(|a| a.request.path == "/v1/customers") {
        let got = sb.get(&format!("/v1/customers/{}", customer.answer["id"].as_str().unwrap()), key).await;
        assert_eq!(got.body["kyb_status"], "approved", "{}", got.body);
    }
}

async fn clock_offset(sb: &TestSandbox) -> i64 {
    let clock = sb.get("/sandbox/clock", &sb.control()).await;
    clock.body["offset_seconds"].as_i64().unwrap_or_else(|| panic!("{}", clock.body))
}

/// The event ids of every delivery to `endpoint` in the file, and how
/// many of those deliveries were still pending.
fn recorded_deliveries(db: &Path, endpoint: &str) -> (HashSet<String>, usize) {
    let conn = read_only(db);
    let mut statement = conn
        .prepare(
            "SELECT e.public_id, d.status FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
             JOIN webhook_endpoints w ON w.id = d.endpoint_id WHERE w.public_id = ?1",
        )
        .unwrap();
    let rows: Vec<(String, String)> =
        statement.query_map([endpoint], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect();
    let pending = rows.iter().filter(|(_, status)| status == "pending").count();
    (rows.into_iter().map(|(id, _)| id).collect(), pending)
}

/// Waits (up to 60 s, for a loaded machine) until the receiver has
/// acknowledged every event in `expected`.
async fn wait_delivered(receiver: &Receiver, expected: &HashSet<String>) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let delivered = receiver.delivered_ids();
        let missing: Vec<&String> = expected.difference(&delivered).collect();
        if missing.is_empty() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{} events recorded before the kill never arrived: {missing:?}",
            missing.len()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn seed() -> u64 {
    match std::env::var("PAYCTL_CRASH_SEED") {
        Ok(s) => s.parse().expect("PAYCTL_CRASH_SEED must be a number"),
        Err(_) => rand::random(),
    }
}

/// A transaction amount in USD minor units; one in five ends in 13, so it
/// fails by itself and refunds.
fn amount(rng: &mut StdRng) -> i64 {
    let amount = rng.gen_range(100..1_000_000);
    if rng.gen_ratio(1, 5) { amount / 100 * 100 + 13 } else { amount }
}

/// What one client sends in one life of the sandbox: more flows than it
/// can finish before the kill.
struct Plan {
    amounts: Vec<i64>,
    events: Vec<&'static str>,
}

impl Plan {
    fn random(rng: &mut StdRng) -> Plan {
        let amounts = (0..FLOWS_PER_CLIENT).map(|_| amount(rng)).collect();
        let events = (0..FLOWS_PER_CLIENT).map(|_| ALL[rng.gen_range(0..ALL.len())]).collect();
        Plan { amounts, events }
    }
}

/// Runs the clients against `process` and SIGKILLs it `delay` after the
/// first acknowledged request. Returns what was acknowledged and what was
/// sent but never answered.
async fn drive_until_killed(
    process: &mut Process,
    key: &Auth,
    ben: &str,
    plans: Vec<Plan>,
    delay: Duration,
) -> (Vec<Acked>, Vec<Keyed>) {
    let (acked, unanswered) = (Mutex::new(Vec::new()), Mutex::new(Vec::new()));
    let Process { child, sb } = process;
    let client = Client { sb, key, acked: &acked, unanswered: &unanswered };
    let clients = futures::future::join_all(plans.into_iter().map(|p| client.run(ben, p.amounts, p.events)));
    let killer = async {
        let deadline = Instant::now() + Duration::from_secs(30);
        while acked.lock().unwrap().is_empty() {
            assert!(Instant::now() < deadline, "no request was acknowledged");
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        tokio::time::sleep(delay).await;
        kill_9(child);
    };
    tokio::join!(clients, killer);
    (acked.into_inner().unwrap(), unanswered.into_inner().unwrap())
}

/// The ids of the events recorded by acknowledged triggers.
fn triggered_events(acked: &[Acked]) -> HashSet<String> {
    let triggers = acked.iter().filter(|a| a.request.path == "/sandbox/events/trigger");
    triggers.map(|a| a.answer["id"].as_str().unwrap().to_owned()).collect()
}

async fn crash_run(kills: usize) {
    let seed = seed();
    println!("crash seed {seed} (replay with PAYCTL_CRASH_SEED={seed}), {kills} kills");
    let mut rng = StdRng::seed_from_u64(seed);
    let dir = tempfile::tempdir().unwrap();
    let db: PathBuf = dir.path().join("sandbox.db");
    let receiver = Receiver::start().await;
    receiver.always(500);

    let mut process = Process::start(&db, 0);
    one_percent_markup(&process.sb).await;
    let key = process.sb.test_key();
    let endpoint = create_endpoint(&process.sb, &key, &receiver.url, &ALL).await;
    let endpoint = endpoint["id"].as_str().unwrap().to_owned();
    let ben = beneficiary(&process.sb, &key, "USDC").await;
    let mut every_acked = Vec::new();
    let mut last_offset = 0;

    for life in 1..=kills {
        let plans: Vec<Plan> = (0..CLIENTS).map(|_| Plan::random(&mut rng)).collect();
        let delay = Duration::from_millis(rng.gen_range(0..=MAX_KILL_DELAY_MS));
        let (acked, unanswered) = drive_until_killed(&mut process, &key, &ben, plans, delay).await;

        // The file as the kill left it, before anything touches it again.
        assert_sound(&db);
        let (mut recorded, pending) = recorded_deliveries(&db, &endpoint);
        let triggered = triggered_events(&acked);
        assert!(triggered.is_subset(&recorded), "an acknowledged event is missing from the file");
        assert!(pending > 0, "the receiver refused everything, so the kill left deliveries pending");

        process = Process::start(&db, life);
        let sb = &process.sb;
        let offset = clock_offset(sb).await;
        assert!(offset >= last_offset, "the clock went back across the kill: {offset} s < {last_offset} s");
        assert_stored(sb, &key, &acked).await;
        assert_replayed(sb, &key, &acked).await;
        let (retried, replays) = retry_unanswered(sb, &key, unanswered).await;
        assert_stored(sb, &key, &retried).await;
        recorded.extend(triggered_events(&retried));
        println!(
            "life {life}: killed {delay:?} after the first answer; {} requests acknowledged, {pending} deliveries \
             pending; {} unanswered retried, {replays} of them had committed",
            acked.len(),
            retried.len()
        );
        let acked: Vec<Acked> = acked.into_iter().chain(retried).collect();
        receiver.always(200);
        // Due retries and every timed move of the flows fire before this answers.
        sb.advance_clock(CATCH_UP_SECONDS).await;
        last_offset = clock_offset(sb).await;
        assert_caught_up(sb, &key, &acked).await;
        wait_delivered(&receiver, &recorded).await;
        receiver.always(500);
        every_acked.extend(acked);
    }

    // Nothing acknowledged in an earlier life was lost by a later kill.
    assert_stored(&process.sb, &key, &every_acked).await;
    crate::sandbox_binary::signal(&process.child, "TERM");
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = process.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the sandbox did not stop on SIGTERM");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(status.success(), "a clean stop after the kills: {status}");
    assert_sound(&db);
}

/// A fresh start takes about 100 ms (debug build): migrations, seeding,
/// the key file. Kills land anywhere in it, or just after.
const START_UP_WINDOW_MS: u64 = 120;

/// Kills during start-up, each on a fresh database: whatever the kill
/// left (no file, a key file, a half-migrated or half-seeded database),
/// the next start succeeds and serves, and the file is sound.
async fn start_up_kills(kills: usize) {
    let seed = seed();
    println!("start-up seed {seed} (replay with PAYCTL_CRASH_SEED={seed}), {kills} kills");
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..kills {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("sandbox.db");
        let mut child = spawn(&args(&db), std::process::Stdio::null());
        tokio::time::sleep(Duration::from_millis(rng.gen_range(0..=START_UP_WINDOW_MS))).await;
        kill_9(&mut child);
        let process = Process::start(&db, 1);
        let customers = process.sb.get("/v1/customers", &process.sb.test_key()).await;
        assert_eq!(customers.status, StatusCode::OK, "{}", customers.body);
        drop(process);
        assert_sound(&db);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_work_survives_three_kills() {
    crash_run(3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kills_during_start_up_never_lock_the_database_out() {
    start_up_kills(8).await;
}

/// The documented heavy run: `PAYCTL_CRASH_KILLS` kills (20 by default)
/// of running flows, and as many during start-up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy; run with --ignored (see BENCHMARKS.md)"]
async fn acknowledged_work_survives_many_kills() {
    let kills =
        std::env::var("PAYCTL_CRASH_KILLS").map_or(20, |k| k.parse().expect("PAYCTL_CRASH_KILLS must be a number"));
    crash_run(kills).await;
    start_up_kills(kills).await;
}
