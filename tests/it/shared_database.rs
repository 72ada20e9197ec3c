//! Several `payctl sandbox` processes on one PostgreSQL database are one
//! sandbox: real processes of the real binary, each started as an operator
//! starts them (`--db postgres://…`, one key file), on a schema of their
//! own in the database `PAYCTL_TEST_POSTGRES` names. Skipped, saying so,
//! when it names none (`.ci/run` starts a PostgreSQL and requires them).

use std::process::Stdio;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::console::Browser;
use crate::hosted::{Haproxy, Process, free_port};
use crate::sandbox_binary::{read_ready, spawn};
use crate::support::{Auth, TestSandbox};
use crate::webhooks::{Receiver, create};

/// One shared sandbox's database (a schema of its own, dropped at the end)
/// and key file, and the processes started on it.
struct Shared {
    admin: String,
    schema: String,
    url: String,
    dir: tempfile::TempDir,
    started: usize,
}

impl Shared {
    fn new() -> Option<Shared> {
        let admin = payctl_sandbox::testing::postgres_url()?;
        let schema = format!("it_{}", uuid::Uuid::new_v4().simple());
        execute(&admin, &format!("CREATE SCHEMA {schema}"));
        let separator = if admin.contains('?') { '&' } else { '?' };
        let url = format!("{admin}{separator}options=-csearch_path%3D{schema}");
        Some(Shared { admin, schema, url, dir: tempfile::tempdir().unwrap(), started: 0 })
    }

    fn key_file(&self) -> String {
        self.dir.path().join("sandbox.key").display().to_string()
    }

    fn args(&self) -> Vec<String> {
        self.args_on(0)
    }

    fn args_on(&self, port: u16) -> Vec<String> {
        self.args_limited(port, "off")
    }

    fn args_limited(&self, port: u16, rate_limit: &str) -> Vec<String> {
        let listen = format!("127.0.0.1:{port}");
        ["--db", &self.url, "--key-file", &self.key_file(), "--json", "--listen", &listen, "--rate-limit", rate_limit]
            .map(str::to_owned)
            .to_vec()
    }

    /// A process on the database, and a handle on it; its log goes to a
    /// file of its own.
    fn start(&mut self) -> (Process, TestSandbox) {
        self.start_on(0)
    }

    /// [`Shared::start`] listening on `port`.
    fn start_on(&mut self, port: u16) -> (Process, TestSandbox) {
        self.start_with(self.args_on(port))
    }

    /// [`Shared::start`] with these arguments.
    fn start_with(&mut self, args: Vec<String>) -> (Process, TestSandbox) {
        self.started += 1;
        let log = self.dir.path().join(format!("process-{}.log", self.started));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut child = spawn(&args, std::fs::File::create(&log).unwrap());
        let ready = read_ready(&mut child)
            .unwrap_or_else(|e| panic!("{e}: {}", std::fs::read_to_string(&log).unwrap_or_default()));
        (Process::new(child), TestSandbox::attach(ready))
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        execute(&self.admin, &format!("DROP SCHEMA IF EXISTS {} CASCADE", self.schema));
    }
}

/// Runs `sql` on the database at `url`, on a thread of its own (the
/// driver blocks on a runtime of its own, which a test's runtime refuses).
fn execute(url: &str, sql: &str) {
    let (url, sql) = (url.to_owned(), sql.to_owned());
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client.batch_execute(&sql).unwrap();
    })
    .join()
    .unwrap();
}

/// The one number `query` answers, as [`execute`] runs it.
fn count(url: &str, query: &str) -> i64 {
    let (url, query) = (url.to_owned(), query.to_owned());
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client.query_one(&query, &[]).unwrap().get(0)
    })
    .join()
    .unwrap()
}

fn key(secret: &str) -> Auth {
    Auth::Key(secret.to_owned())
}

/// What one process makes, the other serves at once: data, keys (made,
/// then revoked, on either), dashboard sessions, console sign-in links,
/// clocks, and the operator's control token; a quote accepted on both at
/// once is accepted once, and an `Idempotency-Key` raced across both runs
/// its work once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_database_are_one_sandbox() {
    let Some(mut shared) = Shared::new() else { return };
    let (_a_process, a) = shared.start();
    let (_b_process, b) = shared.start();
    assert_eq!(a.ready.test_application_id, b.ready.test_application_id, "one demo world, seeded once");
    assert_eq!(a.ready.partner_id, b.ready.partner_id);
    assert_eq!(a.ready.control_token, b.ready.control_token, "one control token for the operator");
    assert!(a.ready.database.contains(":***@") && !a.ready.database.contains(&shared.admin), "{}", a.ready.database);

    // B's start minted its key after A loaded its own index: A knows it from the database.
    let b_key = key(&b.ready.test_api_key);
    let id = crate::support::factories::customer(&a, &b_key, true).await;
    let on_a = a.get(&format!("/v1/customers/{id}"), &b_key).await;
    let on_b = b.get(&format!("/v1/customers/{id}"), &key(&a.ready.test_api_key)).await;
    assert_eq!(on_b.status, StatusCode::OK, "{}", on_b.body);
    assert_eq!(on_b.body, on_a.body, "the other process serves the same record, approved by A's control token");

    // One quote accepted on both at once: one acceptance, one 409.
    for _ in 0..3 {
        let quote = crate::quotes::create_quote(&a, &b_key, "2500").await;
        let path = format!("/v1/transactions/quote/{}/accept", quote["id"].as_str().unwrap());
        let (on_a, on_b) = tokio::join!(a.post(&path, &b_key, json!(null)), b.post(&path, &b_key, json!(null)));
        let mut statuses = [on_a.status.as_u16(), on_b.status.as_u16()];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "{} / {}", on_a.body, on_b.body);
        let refused = if on_a.status == StatusCode::CONFLICT { on_a } else { on_b };
        refused.assert_error(409, "QTE_0002");
    }

    // A dashboard session from A works on B (one key signs both), and a
    // key made on B is refused on A the moment B revokes it.
    let bearer = a.login().await;
    let created = b
        .post(&format!("/v1/applications/{}/keys", a.ready.test_application_id), &bearer, json!({"name": "shared"}))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let secret = key(created.body["client_secret"].as_str().unwrap());
    assert_eq!(a.get("/v1/customers", &secret).await.status, StatusCode::OK, "made on B, usable on A at once");
    let key_id = created.body["api_key_id"].as_str().unwrap();
    let revoked = b.delete(&format!("/v1/applications/{}/keys/{key_id}", a.ready.test_application_id), &bearer).await;
    assert!(revoked.status.is_success(), "{}", revoked.body);
    let refused = a.get("/v1/customers", &secret).await;
    refused.assert_error(401, "ATH_0001");

    // A console sign-in link made on B opens on A, once; then on neither.
    let made = b.post("/console/sign-in-links", &bearer, json!({"next": "/console/overview"})).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let path = made.body["url"].as_str().unwrap().split_once("/console/").unwrap().1.to_owned();
    let mut browser = Browser::new(&a);
    let opened = browser.get(&format!("/console/{path}")).await;
    assert_eq!(opened.status, StatusCode::SEE_OTHER, "{}", opened.html);
    assert_eq!(opened.location(), "/console/overview");
    browser.get("/console/overview").await.assert_ok();
    for sb in [&a, &b] {
        let again = Browser::new(sb).get(&format!("/console/{path}")).await;
        assert_eq!(again.status, StatusCode::BAD_REQUEST, "a link opens once, on any process");
    }

    // The application's clock moved on A is the one B reads.
    let before = b.get("/sandbox/clock", &b_key).await.body["now"].as_str().unwrap().to_owned();
    a.advance_clock_of(&b_key, 3600).await;
    let after = b.get("/sandbox/clock", &b_key).await;
    let (before, after) = (chrono_of(&before), chrono_of(after.body["now"].as_str().unwrap()));
    assert!(after - before >= chrono::Duration::seconds(3600), "B reads A's move: {before} then {after}");

    // The operator's token works on both.
    assert_eq!(b.get("/sandbox/clock", &b.control()).await.status, StatusCode::OK);
    assert_eq!(a.get("/sandbox/clock", &a.control()).await.status, StatusCode::OK);

    // Eight retries of one keyed request, raced across both processes: one customer.
    let body = json!({"type": "business", "legal_name": "Raced Once", "email": "raced@example.com", "country": "AE",
                      "verification_level": "standard", "tax_id": "TRN-100200300"});
    let racers: Vec<_> = (0..8)
        .map(|i| {
            let sb =
                if i % 2 == 0 { TestSandbox::attach(a.ready.clone()) } else { TestSandbox::attach(b.ready.clone()) };
            let (body, auth) = (body.clone(), b_key.clone());
            tokio::spawn(async move {
                sb.send(
                    sb.request(reqwest::Method::POST, "/v1/customers", &auth)
                        .header("Idempotency-Key", "raced-once")
                        .json(&body),
                )
                .await
            })
        })
        .collect();
    let mut ids = std::collections::BTreeSet::new();
    for racer in racers {
        let reply = racer.await.unwrap();
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
        ids.insert(reply.body["id"].as_str().unwrap().to_owned());
    }
    assert_eq!(ids.len(), 1, "every racer answered the one customer: {ids:?}");
    let listed = a.get("/v1/customers?limit=100", &b_key).await;
    let raced: Vec<&Value> =
        listed.body["data"].as_array().unwrap().iter().filter(|c| c["legal_name"] == "Raced Once").collect();
    assert_eq!(raced.len(), 1, "{}", listed.body);
}

/// What one process keeps in memory on SQLite is the database's on
/// PostgreSQL: a guesser's failed sign-ins spread over two processes lock
/// the username on both; a tool-read marker taken on one is the
/// integration's on the other; a review on one sees requests the other
/// logged; the console's message for the next page shows whichever process
/// serves it; an application deleted on one is gone on the other; a fork
/// or a snapshot made on one serves on the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_one_process_would_keep_in_memory_is_the_databases() {
    use payctl_sandbox::testing::USERNAME_FREE;
    let Some(mut shared) = Shared::new() else { return };
    let (_a_process, a) = shared.start();
    let (_b_process, b) = shared.start();
    let test_key = key(&a.ready.test_api_key);

    // The sign-in throttle: USERNAME_FREE failures, alternating, lock the username on both.
    let user = json!({"username": "guessed", "password": "password-123"});
    assert_eq!(a.post("/sandbox/users", &a.control(), user).await.status, StatusCode::CREATED);
    let form = |password: &'static str| {
        [("grant_type", "password"), ("client_id", "partner-console"), ("username", "guessed"), ("password", password)]
    };
    for n in 0..USERNAME_FREE {
        let sb = if n % 2 == 0 { &a } else { &b };
        assert_eq!(sb.token(&form("wrong")).await.status, StatusCode::UNAUTHORIZED, "failure {n}");
    }
    for sb in [&a, &b] {
        let locked = sb.token(&form("password-123")).await;
        assert_eq!(locked.status, StatusCode::TOO_MANY_REQUESTS, "locked on both: {}", locked.body);
        assert!(locked.header("retry-after").is_some());
    }

    // A tool read's marker is taken once across processes: replayed to B, the read is the integration's and
    // meets the rule that A's tool read passed by.
    let rule = json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error"}});
    assert_eq!(a.post("/sandbox/faults", &test_key, rule).await.status, StatusCode::CREATED);
    let now = chrono::Utc::now().timestamp_millis();
    let marker = payctl_domain::tool_read::sign(&a.ready.test_api_key, "GET", "/v1/customers", now, "shared-nonce");
    let own = a.request(reqwest::Method::GET, "/v1/customers", &test_key).header("X-Sandbox-Tool", &marker);
    assert_eq!(a.send(own).await.status, StatusCode::OK, "the tool's own read passes the fault by");
    let replayed = b.request(reqwest::Method::GET, "/v1/customers", &test_key).header("X-Sandbox-Tool", &marker);
    b.send(replayed).await.assert_error(503, "SERVICE_UNAVAILABLE");
    assert_eq!(a.delete("/sandbox/faults", &test_key).await.status, StatusCode::NO_CONTENT);

    // A review on A, then requests logged by B: A's next review judges them.
    let app = &a.ready.test_application_id;
    let review = |sb: &TestSandbox| {
        let path = format!("/sandbox/review?application_id={app}");
        let (sb, control) = (TestSandbox::attach(sb.ready.clone()), sb.control());
        async move {
            let r = sb.get(&path, &control).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            r.body["checks"].as_array().unwrap().iter().find(|c| c["id"] == "REQUEST_ID_SENT").unwrap().clone()
        }
    };
    let before = review(&a).await;
    assert_eq!(review(&a).await, before, "nothing changed: the same answer");
    for _ in 0..3 {
        assert_eq!(b.get("/v1/customers", &test_key).await.status, StatusCode::OK);
    }
    let seen = b.logs_where(&test_key, "limit=100", |logs| logs.len() >= 4).await;
    assert!(seen.len() >= 4);
    let after = review(&a).await;
    assert_ne!(after, before, "B's requests are judged on A");

    // The console's message after a form on A shows on the page B serves.
    let bearer = a.login().await;
    let (other_app, secret) = a.new_app_key(&bearer, "TEST").await;
    let listed = a.get(&format!("/v1/applications/{other_app}/keys"), &bearer).await;
    let key_id = listed.body["data"][0]["api_key_id"].as_str().unwrap().to_owned();
    let mut on_a = Browser::demo(&a).await;
    let revoked = on_a.post(&format!("/console/apps/{other_app}/keys/{key_id}/revoke"), &[]).await;
    assert_eq!(revoked.status, StatusCode::SEE_OTHER, "{}", revoked.html);
    let mut on_b = Browser::new(&b);
    on_b.cookies = on_a.cookies.clone();
    assert!(on_b.flash(&revoked).await.contains("Key revoked."), "the message waits for the next page, on B");
    b.get("/v1/customers", &key(&secret)).await.assert_error(401, "ATH_0001");

    // An application deleted on A is gone on B: its key is refused there.
    let (doomed, doomed_secret) = b.new_app_key(&bearer, "TEST").await;
    assert_eq!(b.get("/v1/customers", &key(&doomed_secret)).await.status, StatusCode::OK);
    let deleted = a.delete(&format!("/sandbox/applications/{doomed}"), &a.control()).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    assert_eq!(deleted.body["id"], doomed.as_str());
    b.get("/v1/customers", &key(&doomed_secret)).await.assert_error(401, "ATH_0001");
    b.delete(&format!("/sandbox/applications/{doomed}"), &b.control()).await.assert_error(404, "NOT_FOUND");

    // A fork made on A serves on B: its key, its copy of a customer under a new id; new rows in the original
    // and in the fork take ids past the copied ones. A snapshot of the fork taken on B loads on A.
    let original = crate::support::factories::customer(&a, &test_key, true).await;
    // First a load the database refuses halfway through its copy, on the process that forks next: its
    // rollback takes the copy's temporary ids and functions with it, and the fork makes them again.
    let mut broken = a.get("/sandbox/snapshot", &test_key).await.body;
    let columns: Vec<String> = serde_json::from_value(broken["tables"]["customers"]["columns"].clone()).unwrap();
    let at = columns.iter().position(|c| c == "kyb_status").unwrap();
    broken["tables"]["customers"]["rows"][0][at] = json!("bogus");
    a.post("/sandbox/snapshot", &test_key, broken).await.assert_error(400, "VAL_0001");
    let forked = a.post("/sandbox/fork", &test_key, json!({})).await;
    assert_eq!(forked.status, StatusCode::CREATED, "{}", forked.body);
    let fork_key = key(forked.body["api_key"]["client_secret"].as_str().unwrap());
    let copy = forked.body["ids"][&original].as_str().unwrap().to_owned();
    assert_ne!(copy, original);
    let read = b.get(&format!("/v1/customers/{copy}"), &fork_key).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    assert_eq!(read.body["kyb_status"], "approved", "{}", read.body);
    b.get(&format!("/v1/customers/{original}"), &fork_key).await.assert_error(404, "CNT_0001");
    for (sb, auth) in [(&b, &fork_key), (&a, &test_key), (&b, &test_key)] {
        crate::support::factories::customer(sb, auth, false).await;
    }
    let snapshot = b.get("/sandbox/snapshot", &fork_key).await;
    assert_eq!(snapshot.status, StatusCode::OK, "{}", snapshot.body);
    let loaded = a.post("/sandbox/snapshot", &fork_key, snapshot.body.clone()).await;
    assert_eq!(loaded.status, StatusCode::CREATED, "{}", loaded.body);
    let loaded_key = key(loaded.body["api_key"]["client_secret"].as_str().unwrap());
    let listed = b.get("/v1/customers?limit=100", &loaded_key).await;
    assert_eq!(
        listed.body["data"].as_array().unwrap().len(),
        b.get("/v1/customers?limit=100", &fork_key).await.body["data"].as_array().unwrap().len(),
        "the loaded world holds the fork's customers: {}",
        listed.body
    );
}

fn chrono_of(text: &str) -> chrono::DateTime<chrono::FixedOffset> {
    chrono::DateTime::parse_from_rfc3339(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A fault rule made on one process applies on every process from the
/// next request, and its `skip` and `times` count the requests of all of
/// them together: 32 matching requests raced across two processes meet a
/// `skip: 2, times: 5` rule exactly five times. Removed on the other
/// process, it applies nowhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fault_rule_counts_and_fires_across_processes() {
    let Some(mut shared) = Shared::new() else { return };
    let (_a_process, a) = shared.start();
    let (_b_process, b) = shared.start();
    let test_key = key(&a.ready.test_api_key);
    let rule = json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error"}, "skip": 2, "times": 5});
    let made = a.post("/sandbox/faults", &test_key, rule).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let id = made.body["id"].as_str().unwrap().to_owned();

    let first = b.get("/v1/customers", &test_key).await;
    assert_eq!(first.status, StatusCode::OK, "skipped (the first of two), on the process that did not make it");
    let requests = (0..31).map(|i| {
        let sb = if i % 2 == 0 { &a } else { &b };
        sb.get("/v1/customers", &test_key)
    });
    let statuses: Vec<u16> = futures::future::join_all(requests).await.iter().map(|r| r.status.as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 503).count(), 5, "{statuses:?}");
    for sb in [&a, &b] {
        let listed = sb.get("/sandbox/faults", &test_key).await;
        let rule = &listed.body["data"][0];
        assert_eq!((rule["matched"].as_u64(), rule["hits"].as_u64()), (Some(7), Some(5)), "{}", listed.body);
    }

    let removed = b.delete(&format!("/sandbox/faults/{id}"), &test_key).await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT, "{}", removed.body);
    let again = a
        .post(
            "/sandbox/faults",
            &test_key,
            json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error"}}),
        )
        .await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
    assert_eq!(b.get("/v1/customers", &test_key).await.status.as_u16(), 503, "the new rule, at once on B");
    let cleared = b.delete("/sandbox/faults", &test_key).await;
    assert_eq!(cleared.status, StatusCode::NO_CONTENT, "{}", cleared.body);
    assert_eq!(a.get("/v1/customers", &test_key).await.status, StatusCode::OK, "cleared on B, gone on A");
}

/// A key's rate limit is one budget across processes: 30 requests spread
/// over two processes with a limit of 10 a minute are admitted 10 times,
/// and the headers of each answer count down the one budget.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_keys_rate_limit_is_one_budget_across_processes() {
    let Some(mut shared) = Shared::new() else { return };
    let (_a_process, a) = shared.start_with(shared.args_limited(0, "10/100"));
    let (_b_process, b) = shared.start_with(shared.args_limited(0, "10/100"));
    let test_key = key(&a.ready.test_api_key);
    let mut admitted = Vec::new();
    let mut refused = 0;
    for i in 0..30 {
        let reply =
            if i % 2 == 0 { a.get("/v1/customers", &test_key).await } else { b.get("/v1/customers", &test_key).await };
        match reply.status {
            StatusCode::OK => admitted.push(reply.header("x-ratelimit-remaining").unwrap().to_owned()),
            StatusCode::TOO_MANY_REQUESTS => {
                reply.assert_error(429, "RATE_LIMITED");
                assert!(reply.header("retry-after").is_some());
                refused += 1;
            }
            other => panic!("{other}: {}", reply.body),
        }
    }
    assert_eq!((admitted.len(), refused), (10, 20), "{admitted:?}");
    let expected: Vec<String> = (0..10).rev().map(|n| n.to_string()).collect();
    assert_eq!(admitted, expected, "one budget counted down, whichever process answered");
}

/// A process started during a key rotation (`--key-file new
/// --accept-key-file old`) answers to the control token of the processes
/// still on the old key as well as to its own, and verifies their sessions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_control_token_and_sessions_of_the_old_key_work_through_a_rotation() {
    let Some(mut shared) = Shared::new() else { return };
    let (_old_process, old) = shared.start();
    let new_key = shared.dir.path().join("new.key");
    std::fs::write(&new_key, uuid::Uuid::new_v4().as_bytes().repeat(2)).unwrap();
    let mut args = shared.args();
    let at = args.iter().position(|a| a == "--key-file").unwrap();
    args[at + 1] = new_key.display().to_string();
    args.extend(["--accept-key-file".to_owned(), shared.key_file()]);
    let (_new_process, new) = shared.start_with(args);
    assert_ne!(new.ready.control_token, old.ready.control_token, "the new key's token");
    for token in [&old.ready.control_token, &new.ready.control_token] {
        let clock = new.get("/sandbox/clock", &Auth::Bearer(token.clone())).await;
        assert_eq!(clock.status, StatusCode::OK, "{}", clock.body);
    }
    let refused = old.get("/sandbox/clock", &Auth::Bearer(new.ready.control_token.clone())).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "the old process knows nothing of the new key");
    let session = old.login().await;
    assert_eq!(new.get("/v1/applications", &session).await.status, StatusCode::OK, "a session the old key signed");
}

/// Processes started together on an empty database migrate and seed it
/// once, and all serve.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processes_started_together_migrate_and_seed_once() {
    let Some(shared) = Shared::new() else { return };
    let args = shared.args();
    let logs: Vec<_> = (0..3).map(|i| shared.dir.path().join(format!("together-{i}.log"))).collect();
    let mut children: Vec<_> = logs
        .iter()
        .map(|log| spawn(&args.iter().map(String::as_str).collect::<Vec<_>>(), std::fs::File::create(log).unwrap()))
        .collect();
    let mut readies = Vec::new();
    for (child, log) in children.iter_mut().zip(&logs) {
        readies.push(
            read_ready(child).unwrap_or_else(|e| panic!("{e}: {}", std::fs::read_to_string(log).unwrap_or_default())),
        );
    }
    let _processes: Vec<Process> = children.into_iter().map(Process::new).collect();
    assert!(readies.iter().all(|r| r.test_application_id == readies[0].test_application_id), "seeded once");
    assert_eq!(count(&shared.url, "SELECT count(*) FROM payctl_schema"), 1);
    assert_eq!(count(&shared.url, "SELECT count(*) FROM partners"), 1, "one demo partner");
    for ready in &readies {
        let sb = TestSandbox::attach(ready.clone());
        assert_eq!(sb.get("/ready", &Auth::None).await.status, StatusCode::OK);
    }
}

/// Each event is delivered once however many processes serve, and when the
/// process sending them is killed (`kill -9`), another takes over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhooks_are_delivered_once_and_taken_over_when_a_process_is_killed() {
    let Some(mut shared) = Shared::new() else { return };
    let receiver = Receiver::start().await;
    let (a_process, a) = shared.start();
    let (b_process, b) = shared.start();
    let test_key = key(&a.ready.test_api_key);
    create(&a, &test_key, &receiver.url, &["settlement.completed"]).await;
    let trigger = |sb: &TestSandbox| {
        let (sb, auth) = (TestSandbox::attach(sb.ready.clone()), test_key.clone());
        async move {
            let r = sb.post("/sandbox/events/trigger", &auth, json!({"event": "settlement.completed"})).await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        }
    };
    // Answered and recorded: a kill now leaves no attempt without its answer.
    let database = shared.url.clone();
    let recorded = |n: i64| {
        let url = database.clone();
        async move {
            for _ in 0..1500 {
                let query = "SELECT count(*) FROM webhook_deliveries WHERE status = 'succeeded'";
                if count(&url, query) >= n {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            panic!("{n} deliveries were not recorded as succeeded within 15 s");
        }
    };
    for i in 0..10 {
        trigger(if i % 2 == 0 { &a } else { &b }).await;
    }
    receiver.wait_for(10).await;
    recorded(10).await;

    // Kill each process in turn (`kill -9`), another left to send:
    // whichever held the dispatch, the deliveries go on.
    a_process.kill();
    for _ in 0..3 {
        trigger(&b).await;
    }
    receiver.wait_for(13).await;
    recorded(13).await;
    let (_a_again_process, a_again) = shared.start();
    b_process.kill();
    for _ in 0..3 {
        trigger(&a_again).await;
    }
    receiver.wait_for(16).await;
    recorded(16).await;
    // Nothing more arrives late: each event exactly once.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let received = receiver.received();
    let mut ids: Vec<String> = received.iter().map(|r| r.json()["id"].as_str().unwrap().to_owned()).collect();
    let total = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!((ids.len(), total), (16, 16), "16 events, each delivered once");
}

/// A `--db` URL that cannot be used is a usage error (exit 2) that names it
/// with its password hidden, wherever it was given: on the command line or
/// in `PAYCTL_SANDBOX_DB`. (No database is needed to see it.)
#[test]
fn a_malformed_database_url_is_refused_without_showing_its_password() {
    let url = "postgres://payctl:s3cret-pass@db.example:notaport/payctl";
    let runs = [
        std::process::Command::new(env!("CARGO_BIN_EXE_payctl")).args(["sandbox", "--db", url]).output().unwrap(),
        std::process::Command::new(env!("CARGO_BIN_EXE_payctl"))
            .arg("sandbox")
            .env("PAYCTL_SANDBOX_DB", url)
            .output()
            .unwrap(),
    ];
    for out in runs {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("postgres://payctl:***@db.example:notaport/payctl"), "{stderr}");
        assert!(!stderr.contains("s3cret-pass"), "{stderr}");
    }
}

/// Without a key file a process on PostgreSQL does not start, and says why.
#[tokio::test]
async fn a_process_on_postgresql_needs_a_key_file() {
    let Some(shared) = Shared::new() else { return };
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_payctl"))
        .args(["sandbox", "--db", &shared.url, "--listen", "127.0.0.1:0"])
        .env_remove("PAYCTL_SANDBOX_KEY_FILE")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--key-file"), "{stderr}");
    let password = shared.admin.split(':').nth(2).and_then(|p| p.split('@').next()).unwrap();
    assert!(!stderr.contains(password), "the password is never shown: {stderr}");
}

/// The deployment recipe under load: two processes on one database behind
/// HAProxy (as `.ci/hosted/haproxy.sh` configures it), each stopped and
/// started again in turn while clients create customers, each request with
/// an `Idempotency-Key` of its own, and read them back. Every request is
/// answered, none fails, and each key made exactly one customer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_on_one_database_behind_haproxy_loses_and_repeats_nothing() {
    if !Haproxy::installed() {
        return;
    }
    let Some(mut shared) = Shared::new() else { return };
    let ports = [free_port(), free_port()];
    let mut processes: Vec<Process> = Vec::new();
    let mut ready = None;
    for port in ports {
        let (process, sb) = shared.start_on(port);
        processes.push(process);
        ready.get_or_insert(sb.ready.clone());
    }
    let front = free_port();
    let _haproxy = Haproxy::start(front, &ports);
    let mut through = ready.unwrap();
    through.base_url = format!("http://127.0.0.1:{front}");
    let lb = TestSandbox::attach(through);
    let test_key = key(&lb.ready.test_api_key);
    // Both processes pass two health checks (500 ms apart) before the load.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(lb.get("/ready", &Auth::None).await.status, StatusCode::OK);

    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let clients: Vec<_> = (0..3)
        .map(|client| {
            let (sb, auth, stop) = (TestSandbox::attach(lb.ready.clone()), test_key.clone(), stop.clone());
            tokio::spawn(async move {
                let (mut made, mut failures) = (Vec::new(), Vec::new());
                let mut n = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    n += 1;
                    let name = format!("Rolling {client}-{n}");
                    let body = json!({"type": "business", "legal_name": name, "email": format!("r{client}-{n}@example.com"),
                                      "country": "AE", "verification_level": "standard", "tax_id": "TRN-100200300"});
                    let request = sb
                        .request(reqwest::Method::POST, "/v1/customers", &auth)
                        .header("Idempotency-Key", format!("rolling-{client}-{n}"))
                        .json(&body);
                    match sb.try_send(request).await {
                        Ok(r) if r.status == StatusCode::CREATED => {
                            let id = r.body["id"].as_str().unwrap().to_owned();
                            let read = sb.get(&format!("/v1/customers/{id}"), &auth).await;
                            if read.status == StatusCode::OK && read.body["legal_name"] == name.as_str() {
                                made.push(name);
                            } else {
                                failures.push(format!("read back {id}: {} {}", read.status, read.body));
                            }
                        }
                        Ok(r) => failures.push(format!("{}: {}", r.status, r.body)),
                        Err(e) => failures.push(e.to_string()),
                    }
                }
                (made, failures)
            })
        })
        .collect();
    for (i, &port) in ports.iter().enumerate() {
        tokio::time::sleep(Duration::from_millis(700)).await;
        let restarted = tokio::task::block_in_place(|| {
            let stopped = std::mem::replace(&mut processes[i], Process::none());
            assert!(stopped.stop().success());
            shared.start_on(port).0
        });
        processes[i] = restarted;
        tokio::time::sleep(Duration::from_millis(2000)).await;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let (mut made, mut failures) = (Vec::new(), Vec::new());
    for client in clients {
        let (m, f) = client.await.unwrap();
        made.extend(m);
        failures.extend(f);
    }
    assert!(failures.is_empty(), "{} requests failed: {failures:?}", failures.len());
    assert!(made.len() > 20, "the load ran throughout: {} customers", made.len());
    let stored = count(&shared.url, "SELECT count(*) FROM customers WHERE legal_name LIKE 'Rolling %'");
    assert_eq!(stored, i64::try_from(made.len()).unwrap(), "one customer per key: none lost, none twice");
}
