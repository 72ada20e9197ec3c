//! Webhook endpoints: registration, validation, limits, secrets at rest,
//! isolation. Delivery is tested in `webhooks/delivery.rs` against a real
//! HTTP receiver that this module provides.

mod delivery;
mod fairness;
pub mod faults;
mod receivers;

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode as AxumStatus};
use hmac::{Hmac, Mac};
use payctl_sandbox::Storage;
use payctl_sandbox::testing::{MasterKey, Sealed};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::Sha256;

use crate::support::{Auth, Reply, TestSandbox, spawn_sandbox, spawn_with};

/// One request the receiver got.
#[derive(Debug, Clone)]
pub struct Received {
    pub headers: HeaderMap,
    pub body: Vec<u8>,
    /// Real Unix seconds at arrival.
    pub arrived: i64,
    pub instant: std::time::Instant,
    /// The status the receiver answered with.
    pub answered: u16,
}

impl Received {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_else(|| panic!("no {name} header"))
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap()
    }
}

#[derive(Default)]
struct Inner {
    received: Mutex<Vec<Received>>,
    /// Statuses for the next calls, in order; then `fallback`.
    statuses: Mutex<VecDeque<u16>>,
    fallback: Mutex<u16>,
    delay: Mutex<Duration>,
    /// Requests that arrived, answered or not (a hanging receiver's count).
    started: std::sync::atomic::AtomicUsize,
}

/// A webhook receiver on 127.0.0.1 that records every request.
pub struct Receiver {
    pub url: String,
    inner: Arc<Inner>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn receive(State(inner): State<Arc<Inner>>, headers: HeaderMap, body: Bytes) -> AxumStatus {
    inner.started.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let delay = *inner.delay.lock().unwrap();
    tokio::time::sleep(delay).await;
    let status = inner.statuses.lock().unwrap().pop_front().unwrap_or(*inner.fallback.lock().unwrap());
    inner.received.lock().unwrap().push(Received {
        headers,
        body: body.to_vec(),
        arrived: chrono::Utc::now().timestamp(),
        instant: std::time::Instant::now(),
        answered: status,
    });
    AxumStatus::from_u16(status).unwrap()
}

impl Receiver {
    pub async fn start() -> Receiver {
        Self::on(tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap()).await
    }

    pub async fn on(listener: tokio::net::TcpListener) -> Receiver {
        let inner = Arc::new(Inner { fallback: Mutex::new(200), ..Default::default() });
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        let app = axum::Router::new().route("/hook", axum::routing::post(receive)).with_state(inner.clone());
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Receiver { url, inner, task }
    }

    pub fn answer(&self, statuses: &[u16]) {
        self.inner.statuses.lock().unwrap().extend(statuses);
    }

    pub fn always(&self, status: u16) {
        *self.inner.fallback.lock().unwrap() = status;
    }

    pub fn delay(&self, delay: Duration) {
        *self.inner.delay.lock().unwrap() = delay;
    }

    /// Requests that arrived so far, including those still waiting for their answer.
    pub fn started(&self) -> usize {
        self.inner.started.load(std::sync::atomic::Ordering::SeqCst)
    }

    pub fn received(&self) -> Vec<Received> {
        self.inner.received.lock().unwrap().clone()
    }

    /// The event ids (the payload's `id`) of the requests answered with a 2xx.
    pub fn delivered_ids(&self) -> std::collections::HashSet<String> {
        let received = self.received();
        received
            .iter()
            .filter(|r| (200..300).contains(&r.answered))
            .map(|r| r.json()["id"].as_str().unwrap().to_owned())
            .collect()
    }

    /// Waits (up to 15 s, for a loaded CI machine) until at least `n` requests arrived.
    pub async fn wait_for(&self, n: usize) -> Vec<Received> {
        for _ in 0..1500 {
            let got = self.received();
            if got.len() >= n {
                return got;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("expected {n} deliveries, got {}", self.received().len());
    }
}

/// Independent check of `X-Service-Signature` (HMAC-SHA256 of "t.body").
pub fn verifies(received: &Received, secret: &str) -> bool {
    let header = received.header("x-service-signature");
    let (t, v1) = header.split_once(',').unwrap();
    let t = t.strip_prefix("t=").unwrap();
    let v1 = v1.strip_prefix("v1=").unwrap();
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(t.as_bytes());
    mac.update(b".");
    mac.update(&received.body);
    let expected: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    expected == v1
}

pub async fn patch(sb: &TestSandbox, path: &str, auth: &Auth, body: Value) -> Reply {
    sb.send(sb.request(Method::PATCH, path, auth).json(&body)).await
}

/// Registers an endpoint; returns its body (with the secret).
pub async fn create(sb: &TestSandbox, auth: &Auth, url: &str, events: &[&str]) -> Value {
    let r = sb.post("/v1/webhooks", auth, json!({"url": url, "events": events})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

pub const ALL: [&str; 7] = [
    "settlement.created",
    "settlement.completed",
    "settlement.failed",
    "customer.kyb_approved",
    "customer.kyb_rejected",
    "on_ramp.completed",
    "off_ramp.completed",
];

#[tokio::test]
async fn create_shows_the_secret_once_and_reads_mask_it() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r = sb
        .post(
            "/v1/webhooks",
            &key,
            json!({"url": "https://hooks.example.com/payments", "description": " ops ", "events": ["settlement.completed"]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let secret = r.body["secret"].as_str().unwrap().to_owned();
    assert!(secret.starts_with("whsec_") && secret.len() >= 38, "{secret}");
    assert!(secret[6..].chars().all(|c| c.is_ascii_alphanumeric()));
    assert_eq!(r.body["masked_secret"], format!("whsec_••••{}", &secret[secret.len() - 4..]));
    assert_eq!(r.body["url"], "https://hooks.example.com/payments");
    assert_eq!(r.body["description"], "ops");
    assert_eq!(r.body["events"], json!(["settlement.completed"]));
    assert_eq!(r.body["status"], "enabled");
    let id = r.body["id"].as_str().unwrap().to_owned();

    let list = sb.get("/v1/webhooks", &key).await;
    assert_eq!(list.status, StatusCode::OK);
    assert!(!String::from_utf8_lossy(&list.raw).contains(&secret), "a list must never show the secret");
    assert_eq!(list.body["data"].as_array().unwrap().len(), 1);
    assert_eq!(list.body["data"][0]["id"], id.as_str());
    assert_eq!(list.body["data"][0]["masked_secret"], r.body["masked_secret"]);
    assert!(list.body["data"][0].get("secret").is_none());
    assert_eq!(list.body["next_cursor"], Value::Null);

    let got = sb.get(&format!("/v1/webhooks/{id}"), &key).await;
    assert_eq!(got.status, StatusCode::OK);
    assert!(got.body.get("secret").is_none());
    assert!(!String::from_utf8_lossy(&got.raw).contains(&secret));
    sb.get("/v1/webhooks/wh_unknown", &key).await.assert_error(404, "NOT_FOUND");
    // Dashboard tokens do not reach key routes.
    sb.get("/v1/webhooks", &sb.login().await).await.assert_error(401, "ATH_0001");
}

#[tokio::test]
async fn validation_lists_every_bad_field() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let bad = sb
        .post(
            "/v1/webhooks",
            &key,
            json!({"url": "http://hooks.example.com/x", "description": "d".repeat(257),
                   "events": ["settlement.completed", "payment.done", "settlement.completed"]}),
        )
        .await;
    bad.assert_error(400, "VAL_0001");
    assert_eq!(bad.detail_fields(), vec!["url", "description", "events[1]", "events[2]"]);
    let codes: Vec<&str> =
        bad.body["error"]["details"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(codes, vec!["not_allowed", "too_long", "invalid", "duplicate"]);

    let cases = [
        (json!({"url": "https://example.com/x", "events": []}), "events", "required"),
        (json!({"url": format!("https://example.com/{}", "a".repeat(2030)), "events": ALL}), "url", "too_long"),
        (json!({"url": "ftp://example.com/x", "events": ALL}), "url", "invalid"),
        (json!({"url": "example.com", "events": ALL}), "url", "invalid"),
        (json!({"url": "http://10.1.2.3/x", "events": ALL}), "url", "not_allowed"),
        (json!({"url": "https://example.com/x", "events": ALL, "secret": "mine"}), "secret", "unknown_field"),
    ];
    for (body, field, code) in cases {
        let r = sb.post("/v1/webhooks", &key, body.clone()).await;
        r.assert_error(400, "VAL_0001");
        assert_eq!(r.body["error"]["details"][0]["field"], field, "{body}: {}", r.body);
        assert_eq!(r.body["error"]["details"][0]["code"], code, "{body}: {}", r.body);
    }
    // Exactly 2048 characters, loopback http in its three spellings, every event.
    let long = format!("https://example.com/{}", "a".repeat(2048 - 20));
    assert_eq!(long.len(), 2048);
    for url in [long.as_str(), "http://127.0.0.1:9/x", "http://localhost:9/x", "http://[::1]:9/x"] {
        create(&sb, &key, url, &ALL).await;
    }
    assert_eq!(sb.get("/v1/webhooks", &key).await.body["data"].as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn an_application_has_at_most_ten_endpoints() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let mut ids = Vec::new();
    for i in 0..10 {
        ids.push(create(&sb, &key, &format!("https://example.com/{i}"), &ALL[..1]).await["id"].clone());
    }
    let eleventh = sb.post("/v1/webhooks", &key, json!({"url": "https://example.com/11", "events": ALL})).await;
    eleventh.assert_error(409, "WEBHOOK_LIMIT");
    assert_eq!(sb.get("/v1/webhooks?limit=100", &key).await.body["data"].as_array().unwrap().len(), 10);
    // Pages of 4, newest first.
    let first = sb.get("/v1/webhooks?limit=4", &key).await;
    assert_eq!(first.body["data"][0]["id"], ids[9]);
    let cursor = first.body["next_cursor"].as_str().unwrap();
    let second = sb.get(&format!("/v1/webhooks?limit=4&cursor={cursor}"), &key).await;
    assert_eq!(second.body["data"][0]["id"], ids[5]);
    // Another application has its own ten.
    create(&sb, &sb.live_key(), "https://example.com/live", &ALL).await;
    // Deleting one frees a place.
    let deleted = sb.delete(&format!("/v1/webhooks/{}", ids[0].as_str().unwrap()), &key).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert!(deleted.raw.is_empty());
    create(&sb, &key, "https://example.com/again", &ALL).await;
}

#[tokio::test]
async fn patch_changes_fields_with_the_same_rules() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let created = create(&sb, &key, "https://example.com/a", &ALL[..1]).await;
    let path = format!("/v1/webhooks/{}", created["id"].as_str().unwrap());
    let r = patch(
        &sb,
        &path,
        &key,
        json!({"url": "https://example.com/b", "events": ["customer.kyb_approved", "off_ramp.completed"],
               "status": "disabled", "description": "night shift"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["url"], "https://example.com/b");
    assert_eq!(r.body["events"], json!(["customer.kyb_approved", "off_ramp.completed"]));
    assert_eq!(r.body["status"], "disabled");
    assert_eq!(r.body["description"], "night shift");
    assert_eq!(r.body["masked_secret"], created["masked_secret"]);
    assert_eq!(sb.get(&path, &key).await.body, r.body, "stored");
    // Partial: only the status; an empty description clears it.
    let r = patch(&sb, &path, &key, json!({"status": "enabled", "description": ""})).await;
    assert_eq!(r.body["status"], "enabled");
    assert_eq!(r.body["description"], Value::Null);
    assert_eq!(r.body["url"], "https://example.com/b");

    let bad = patch(&sb, &path, &key, json!({"status": "paused", "events": [], "url": "http://example.com"})).await;
    bad.assert_error(400, "VAL_0001");
    assert_eq!(bad.detail_fields(), vec!["url", "events", "status"]);
    assert_eq!(sb.get(&path, &key).await.body["url"], "https://example.com/b", "nothing stored");
    patch(&sb, "/v1/webhooks/wh_nope", &key, json!({"status": "enabled"})).await.assert_error(404, "NOT_FOUND");
}

#[tokio::test]
async fn another_applications_endpoint_is_not_found_and_receives_nothing() {
    let sb = spawn_sandbox().await;
    let receiver = Receiver::start().await;
    let mine = create(&sb, &sb.test_key(), &receiver.url, &ALL).await;
    let path = format!("/v1/webhooks/{}", mine["id"].as_str().unwrap());
    let other = sb.other_partner().await;
    let (other_app, other_key) = sb.new_app_key(&other, "TEST").await;
    let other_key = Auth::Key(other_key);
    sb.get(&path, &other_key).await.assert_error(404, "NOT_FOUND");
    patch(&sb, &path, &other_key, json!({"status": "disabled"})).await.assert_error(404, "NOT_FOUND");
    sb.delete(&path, &other_key).await.assert_error(404, "NOT_FOUND");
    sb.post(&format!("{path}/secret/rotate"), &other_key, json!({})).await.assert_error(404, "NOT_FOUND");
    sb.get(&format!("{path}/deliveries"), &other_key).await.assert_error(404, "NOT_FOUND");
    assert_eq!(sb.get("/v1/webhooks", &other_key).await.body["data"], json!([]));
    // The other application's events do not reach my endpoint.
    let t = sb.post("/sandbox/events/trigger", &other_key, json!({"event": "settlement.completed"})).await;
    assert_eq!(t.status, StatusCode::CREATED, "{}", t.body);
    assert_eq!(t.body["deliveries"], 0);
    let t = sb
        .post(
            "/sandbox/events/trigger",
            &sb.control(),
            json!({"event": "settlement.failed", "application_id": other_app}),
        )
        .await;
    assert_eq!(t.body["deliveries"], 0);
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(receiver.received().is_empty());
    assert_eq!(sb.get(&path, &sb.test_key()).await.status, StatusCode::OK, "still there");
}

fn file_contains(dir: &std::path::Path, needle: &str) -> bool {
    std::fs::read_dir(dir).unwrap().any(|entry| {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        bytes.windows(needle.len()).any(|w| w == needle.as_bytes())
    })
}

/// A POST with an Idempotency-Key (the stored answer holds the secret).
async fn keyed_post(sb: &TestSandbox, path: &str, auth: &Auth, idempotency_key: &str, body: Value) -> Reply {
    sb.send(sb.request(Method::POST, path, auth).header("Idempotency-Key", idempotency_key).json(&body)).await
}

/// A replay of an answer that carried a secret shown once: the same
/// status and record, the secret null, and headers that say why.
#[track_caller]
fn assert_withheld_replay(replay: &Reply, first: &Reply, field: &str) {
    assert_eq!(replay.status, first.status, "{}", replay.body);
    assert_eq!(replay.header("idempotent-replayed"), Some("true"));
    assert_eq!(replay.header("secret-withheld"), Some("true"));
    assert_eq!(first.header("secret-withheld"), None, "the first answer withholds nothing");
    assert!(first.body[field].as_str().is_some_and(|s| s.len() > 20), "{}", first.body);
    let mut expected = first.body.clone();
    expected[field] = Value::Null;
    assert_eq!(replay.body, expected, "the same record, its secret withheld");
}

#[tokio::test]
async fn secrets_shown_once_are_never_stored_nor_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let sb = spawn_with(Storage::File(db.clone())).await;
    let key = sb.test_key();
    let body = json!({"url": "https://example.com/hook", "events": ALL});
    let created = keyed_post(&sb, "/v1/webhooks", &key, "create-1", body.clone()).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    assert_withheld_replay(&keyed_post(&sb, "/v1/webhooks", &key, "create-1", body).await, &created, "secret");
    let first = created.body["secret"].as_str().unwrap().to_owned();
    let rotate = format!("/v1/webhooks/{}/secret/rotate", created.body["id"].as_str().unwrap());
    let rotated = keyed_post(&sb, &rotate, &key, "rotate-1", json!({})).await;
    assert_eq!(rotated.status, StatusCode::OK, "{}", rotated.body);
    let second = rotated.body["secret"].as_str().unwrap().to_owned();
    assert_ne!(first, second);
    assert_withheld_replay(&keyed_post(&sb, &rotate, &key, "rotate-1", json!({})).await, &rotated, "secret");

    // API keys: not even a revoked key's secret comes back.
    let bearer = sb.login().await;
    let app = sb.ready.test_application_id.clone();
    let keys = format!("/v1/applications/{app}/keys");
    let api_key = keyed_post(&sb, &keys, &bearer, "key-1", json!({})).await;
    assert_eq!(api_key.status, StatusCode::CREATED, "{}", api_key.body);
    let api_secret = api_key.body["client_secret"].as_str().unwrap().to_owned();
    assert_withheld_replay(&keyed_post(&sb, &keys, &bearer, "key-1", json!({})).await, &api_key, "client_secret");
    let revoked = sb.delete(&format!("{keys}/{}", api_key.body["api_key_id"].as_str().unwrap()), &bearer).await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT);
    assert_withheld_replay(&keyed_post(&sb, &keys, &bearer, "key-1", json!({})).await, &api_key, "client_secret");
    sb.shutdown().await;

    let secrets = [&first, &second, &api_secret];
    for secret in secrets {
        assert!(!file_contains(dir.path(), secret), "a secret reached the disk");
        assert!(!file_contains(dir.path(), &secret[8..28]), "part of a secret reached the disk");
    }
    assert!(file_contains(dir.path(), created.body["id"].as_str().unwrap()), "sanity: the endpoint is stored");

    // Not even the master key recovers one: the stored answers, opened,
    // hold the records without their secrets.
    let master = MasterKey::load_or_create(&MasterKey::path_for_database(&db)).unwrap();
    let sealer = master.sealer("idempotency-answers-v1");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut stmt = conn.prepare("SELECT scope, key, route, body, secret_withheld FROM idempotency_keys").unwrap();
    let rows: Vec<(String, String, String, Vec<u8>, bool)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows.len(), 3, "create, rotate and the key each stored one answer");
    for (scope, stored, route, sealed, withheld) in rows {
        // The database holds the key's SHA-256, never the key; the key as sent binds the answer.
        let key = ["create-1", "rotate-1", "key-1"]
            .into_iter()
            .find(|k| payctl_sandbox::testing::stored_key(k) == stored)
            .unwrap_or_else(|| panic!("{stored} is not the hash of a key sent"));
        let aad = format!("{scope}\n{key}\n{route}");
        let answer = sealer.open(aad.as_bytes(), &Sealed::from_bytes(&sealed)).expect("opens with the master key");
        let answer: Value = serde_json::from_slice(&answer).unwrap();
        assert!(withheld, "{route}");
        assert!(answer["id"].is_string() || answer["api_key_id"].is_string(), "{route}: the record is kept: {answer}");
        assert!(secrets.iter().all(|s| !answer.to_string().contains(s.as_str())), "{route}: {answer}");
    }
}

#[tokio::test]
async fn the_openapi_document_describes_every_webhook_operation() {
    let sb = spawn_sandbox().await;
    let doc = sb.get("/v1/openapi.json", &Auth::None).await.body;
    let paths = &doc["paths"];
    for (path, method) in [
        ("/v1/webhooks", "post"),
        ("/v1/webhooks", "get"),
        ("/v1/webhooks/{id}", "get"),
        ("/v1/webhooks/{id}", "patch"),
        ("/v1/webhooks/{id}", "delete"),
        ("/v1/webhooks/{id}/secret/rotate", "post"),
        ("/v1/webhooks/{id}/deliveries", "get"),
        ("/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver", "post"),
        ("/sandbox/events/trigger", "post"),
    ] {
        assert!(paths[path][method].is_object(), "{method} {path} is not documented");
    }
    let with_secret = doc["components"]["schemas"]["WebhookWithSecret"].to_string();
    assert!(with_secret.contains("secret") && with_secret.contains("WebhookEndpoint"), "{with_secret}");
}
