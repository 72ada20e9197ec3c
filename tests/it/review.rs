//! The go-live review, earned by clients written the two ways partners
//! write them: one that sends keys and request ids, retries with the same
//! key, honours Retry-After and backs off, behind a receiver that verifies;
//! and one that does none of it, behind a receiver that accepts everything.
//! Both run under a drill, at once, as two partners of one sandbox.

use std::collections::HashMap;
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Auth, TestSandbox, spawn_sandbox};
use crate::webhooks::ALL;
use crate::webhooks::faults::{FaultReceiver, Policy, deliveries, endpoint, trigger};

/// A partner's API client, careful or naive.
struct Client<'a> {
    sb: &'a TestSandbox,
    key: String,
    careful: bool,
    http: reqwest::Client,
}

impl<'a> Client<'a> {
    fn new(sb: &'a TestSandbox, key: &str, careful: bool) -> Client<'a> {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(20)).build().unwrap();
        Client { sb, key: key.to_owned(), careful, http }
    }

    /// One operation, retried the client's way; the last answer, if any.
    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Option<(StatusCode, Value)> {
        let key_required = path == "/v1/transactions" || path == "/v1/payments";
        let careful_key = (self.careful && method == Method::POST).then(|| uuid::Uuid::new_v4().to_string());
        let mut wait = Duration::from_millis(300);
        let mut last = None;
        for _ in 0..6 {
            let mut request = self.http.request(method.clone(), self.sb.url(path)).header("X-API-Key", &self.key);
            if let Some(key) = &careful_key {
                request = request.header("Idempotency-Key", key);
            } else if key_required {
                // The naive client makes up a key where it must, afresh each time.
                request = request.header("Idempotency-Key", uuid::Uuid::new_v4().to_string());
            }
            if self.careful {
                request = request.header("X-Request-ID", format!("req-{}", uuid::Uuid::new_v4().simple()));
            }
            if let Some(body) = &body {
                request = request.json(body);
            }
            let answer = match request.send().await {
                Ok(r) => {
                    let status = r.status();
                    let retry_after: Option<u64> =
                        r.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
                    let body: Value = r.json().await.unwrap_or(Value::Null);
                    Some((status, body, retry_after))
                }
                Err(_) => None,
            };
            match answer {
                Some((status, body, retry_after)) if status == StatusCode::TOO_MANY_REQUESTS => {
                    if self.careful {
                        tokio::time::sleep(Duration::from_secs(retry_after.unwrap_or(1))).await;
                    }
                    last = Some((status, body));
                }
                Some((status, body, _)) if status.is_server_error() => {
                    if self.careful {
                        tokio::time::sleep(wait).await;
                        wait *= 2;
                    }
                    last = Some((status, body));
                }
                Some((status, body, _)) => return Some((status, body)),
                None if self.careful => {
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                }
                None => {}
            }
        }
        last
    }

    async fn create(&self, path: &str, body: Value) -> Value {
        let (status, body) = self.call(Method::POST, path, Some(body)).await.expect("an answer in the end");
        assert!(status.is_success(), "{path}: {status} {body}");
        body
    }

    /// The application's newest transaction (a naive client's retry may
    /// have lost track of the one it made).
    async fn newest_transaction(&self) -> String {
        let r = self.sb.get("/v1/transactions?limit=1", &Auth::Key(self.key.clone())).await;
        r.body["data"][0]["id"].as_str().unwrap().to_owned()
    }

    /// A quote accepted and a transaction made and completed for `beneficiary`.
    async fn pay(&self, beneficiary: &str) -> String {
        let quote = self.create("/v1/transactions/quote", crate::quotes::quote_body("10000")).await;
        let id = quote["id"].as_str().unwrap();
        self.create(&format!("/v1/transactions/quote/{id}/accept"), json!(null)).await;
        let made = self
            .call(
                Method::POST,
                "/v1/transactions",
                Some(json!({"quote_id": id,
                                                                                 "beneficiary_id": beneficiary})),
            )
            .await;
        let txn = match made {
            Some((StatusCode::CREATED, body)) => body["id"].as_str().unwrap().to_owned(),
            _ => self.newest_transaction().await,
        };
        self.create(&format!("/sandbox/transactions/{txn}/complete"), json!(null)).await;
        txn
    }

    /// The session every integration test suite has: an endpoint, a
    /// verified customer and beneficiary, two transactions, a read.
    async fn session(&self, receiver: &FaultReceiver) {
        let endpoint = self.create("/v1/webhooks", json!({"url": receiver.url, "events": ALL})).await;
        receiver.secret(endpoint["secret"].as_str().unwrap());
        let customer = self.create("/v1/customers", crate::faults::customer_body()).await;
        let customer = customer["id"].as_str().unwrap_or_default().to_owned();
        let customer = if customer.is_empty() {
            let r = self.sb.get("/v1/customers?limit=1", &Auth::Key(self.key.clone())).await;
            r.body["data"][0]["id"].as_str().unwrap().to_owned()
        } else {
            customer
        };
        self.create(&format!("/sandbox/customers/{customer}/approve"), json!(null)).await;
        let beneficiary = self
            .create(
                "/v1/beneficiaries",
                json!({"customer_id": customer, "type": "business", "full_name": "Acme",
                    "country": "DE", "account": {"kind": "STABLECOIN_WALLET", "destination_asset": "USDC",
                    "network": "ethereum", "address": crate::support::factories::EVM_WALLET}}),
            )
            .await;
        let beneficiary = beneficiary["id"].as_str().unwrap().to_owned();
        let first = self.pay(&beneficiary).await;
        self.pay(&beneficiary).await;
        self.call(Method::GET, &format!("/v1/transactions/{first}"), None).await;
    }
}

async fn review(sb: &TestSandbox, key: &str) -> Value {
    let r = sb.get("/sandbox/review", &Auth::Key(key.to_owned())).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

/// Each check's id and status.
pub fn statuses(review: &Value) -> HashMap<String, String> {
    review["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["id"].as_str().unwrap().to_owned(), c["status"].as_str().unwrap().to_owned()))
        .collect()
}

/// One check of a review, by id.
pub fn check<'v>(review: &'v Value, id: &str) -> &'v Value {
    review["checks"].as_array().unwrap().iter().find(|c| c["id"] == id).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_careful_integration_passes_and_a_naive_one_fails_exactly_where_it_should() {
    let sb = spawn_sandbox().await;
    let careful_key = sb.ready.test_api_key.clone();
    let other = sb.other_partner().await;
    let (_, naive_key) = sb.new_app_key(&other, "TEST").await;
    for key in [&careful_key, &naive_key] {
        let drill = sb.post("/sandbox/drill", &Auth::Key(key.clone()), json!({})).await;
        assert_eq!(drill.status, StatusCode::CREATED, "{}", drill.body);
        assert!(drill.body["rules"].as_array().unwrap().len() >= 10, "{}", drill.body);
    }
    let good_receiver = FaultReceiver::start(Policy::Verifying).await;
    let naive_receiver = FaultReceiver::start(Policy::Naive).await;
    let careful = Client::new(&sb, &careful_key, true);
    let naive = Client::new(&sb, &naive_key, false);
    tokio::join!(careful.session(&good_receiver), naive.session(&naive_receiver));
    // Five genuine deliveries, a duplicate and three probes each.
    good_receiver.wait_for(9).await;
    naive_receiver.wait_for(9).await;
    tokio::time::sleep(Duration::from_millis(500)).await;

    let good = review(&sb, &careful_key).await;
    let bad = review(&sb, &naive_key).await;
    assert_eq!(good["verdict"], "pass", "{good:#}");
    assert_eq!(bad["verdict"], "fail");
    let good_statuses = statuses(&good);
    for id in [
        "IDEMPOTENCY_KEY_SENT",
        "IDEMPOTENT_RETRY",
        "RETRY_AFTER_HONOURED",
        "WEBHOOK_SIGNATURE_VERIFIED",
        "WEBHOOK_REPLAY_WINDOW",
        "WEBHOOK_ACCEPTS_GENUINE",
        "BACKOFF_ON_5XX",
        "WEBHOOK_FAST_ANSWER",
        "NO_POLLING_STORM",
        "REQUEST_ID_SENT",
    ] {
        assert_eq!(good_statuses[id], "pass", "{id}: {:#}", check(&good, id));
    }
    for id in ["NO_BLIND_RETRY_4XX", "NEW_QUOTE_AFTER_EXPIRY"] {
        assert_eq!(good_statuses[id], "not_exercised", "{id}: {:#}", check(&good, id));
    }
    let failed: Vec<String> = {
        let mut f: Vec<_> = statuses(&bad).into_iter().filter(|(_, s)| s == "fail").map(|(id, _)| id).collect();
        f.sort();
        f
    };
    assert_eq!(
        failed,
        [
            "BACKOFF_ON_5XX",
            "IDEMPOTENCY_KEY_SENT",
            "IDEMPOTENT_RETRY",
            "REQUEST_ID_SENT",
            "RETRY_AFTER_HONOURED",
            "WEBHOOK_REPLAY_WINDOW",
            "WEBHOOK_SIGNATURE_VERIFIED"
        ],
        "{bad:#}"
    );
    // The evidence names real entries of that application's log and deliveries.
    let logs = sb.get("/v1/logs?limit=100", &Auth::Key(naive_key.clone())).await.body;
    let by_id: HashMap<&str, &Value> =
        logs["data"].as_array().unwrap().iter().map(|l| (l["id"].as_str().unwrap(), l)).collect();
    let retry = &check(&bad, "IDEMPOTENT_RETRY")["evidence"][0];
    let logged = by_id[retry["log_id"].as_str().unwrap()];
    assert_eq!(logged["method"], "POST");
    assert!(["/v1/customers", "/v1/transactions"].contains(&logged["path"].as_str().unwrap()), "{logged}");
    let limited = &check(&bad, "RETRY_AFTER_HONOURED")["evidence"][0];
    assert!(by_id.contains_key(limited["log_id"].as_str().unwrap()), "{limited}");
    let forged = &check(&bad, "WEBHOOK_SIGNATURE_VERIFIED")["evidence"];
    assert_eq!(forged.as_array().unwrap().len(), 2, "the forged and the tampered delivery: {forged}");
    assert!(
        forged.as_array().unwrap().iter().all(|e| e["delivery_id"].as_str().is_some_and(|d| d.starts_with("dlv_")))
    );
    // And the careful one's evidence never names the other partner's requests.
    let careful_logs = sb.get("/v1/logs?limit=100", &Auth::Key(careful_key.clone())).await.body;
    let careful_ids: Vec<&str> =
        careful_logs["data"].as_array().unwrap().iter().map(|l| l["id"].as_str().unwrap()).collect();
    for c in good["checks"].as_array().unwrap() {
        for e in c["evidence"].as_array().unwrap() {
            if let Some(log) = e["log_id"].as_str() {
                assert!(careful_ids.contains(&log), "{} cites {log}, not the careful client's", c["id"]);
            }
        }
    }
}

const WEBHOOK_CHECKS: [&str; 3] = ["WEBHOOK_SIGNATURE_VERIFIED", "WEBHOOK_REPLAY_WINDOW", "WEBHOOK_ACCEPTS_GENUINE"];

/// The review once every webhook check has something to judge (attempts are
/// recorded just after their answer).
async fn review_with_webhooks_judged(sb: &TestSandbox, key: &str) -> Value {
    for _ in 0..100 {
        let r = review(sb, key).await;
        if WEBHOOK_CHECKS.iter().all(|id| check(&r, id)["status"] != "not_exercised") {
            return r;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the webhook checks were never exercised: {:#}", review(sb, key).await);
}

/// The delivery ids a check's evidence cites.
fn cited(review: &Value, id: &str) -> Vec<String> {
    check(review, id)["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["delivery_id"].as_str().map(str::to_owned))
        .collect()
}

/// Integrations whose tests cause a single event, under a drill: every
/// endpoint's first delivery brings the duplicate and all three probes, so
/// the three required webhook checks are judged from that one event. A
/// careful receiver passes them at both of its endpoints; a naive one fails
/// the signature and replay checks, though a careful endpoint of its
/// application was registered (and so delivered to) before it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_event_under_a_drill_judges_every_webhook_check_at_each_endpoint() {
    let sb = spawn_sandbox().await;
    let careful_key = sb.ready.test_api_key.clone();
    let other = sb.other_partner().await;
    let (_, naive_key) = sb.new_app_key(&other, "TEST").await;
    let (careful, naive) = (Auth::Key(careful_key.clone()), Auth::Key(naive_key.clone()));
    let careful_receivers =
        [FaultReceiver::start(Policy::Verifying).await, FaultReceiver::start(Policy::Verifying).await];
    let beside_naive = FaultReceiver::start(Policy::Verifying).await;
    let naive_receiver = FaultReceiver::start(Policy::Naive).await;
    let mut careful_endpoints = Vec::new();
    for receiver in &careful_receivers {
        careful_endpoints.push(endpoint(&sb, &careful, receiver, &ALL).await);
    }
    endpoint(&sb, &naive, &beside_naive, &ALL).await;
    let naive_endpoint = endpoint(&sb, &naive, &naive_receiver, &ALL).await;
    for auth in [&careful, &naive] {
        let drill = sb.post("/sandbox/drill", auth, json!({})).await;
        assert_eq!(drill.status, StatusCode::CREATED, "{}", drill.body);
        trigger(&sb, auth, json!({"event": "customer.kyb_approved"})).await;
    }
    // At every endpoint: the genuine delivery, its duplicate and three probes.
    for receiver in careful_receivers.iter().chain([&beside_naive, &naive_receiver]) {
        let got = receiver.wait_for(5).await;
        assert!(got.iter().all(|g| g.event_id == got[0].event_id), "one event: {got:?}");
    }
    // Ended, the drills fault no more reads; the review still judges from their start.
    for auth in [&careful, &naive] {
        assert_eq!(sb.delete("/sandbox/drill", auth).await.status, StatusCode::NO_CONTENT);
    }

    let good = review_with_webhooks_judged(&sb, &careful_key).await;
    for id in WEBHOOK_CHECKS {
        assert_eq!(check(&good, id)["status"], "pass", "{id}: {:#}", check(&good, id));
    }
    // Both endpoints' probes were judged.
    let cites = cited(&good, "WEBHOOK_SIGNATURE_VERIFIED");
    for wh in &careful_endpoints {
        let probes: Vec<String> = deliveries(&sb, &careful, wh)
            .await
            .iter()
            .filter(|d| d["role"] == "probe")
            .map(|d| d["id"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(probes.len(), 3, "{wh}: {probes:?}");
        assert!(probes.iter().any(|p| cites.contains(p)), "{wh}'s probes are among the evidence: {cites:?}");
    }

    let bad = review_with_webhooks_judged(&sb, &naive_key).await;
    let s = statuses(&bad);
    assert_eq!(
        [&s["WEBHOOK_SIGNATURE_VERIFIED"], &s["WEBHOOK_REPLAY_WINDOW"], &s["WEBHOOK_ACCEPTS_GENUINE"]],
        ["fail", "fail", "pass"],
        "{bad:#}"
    );
    let naive_deliveries: Vec<String> =
        deliveries(&sb, &naive, &naive_endpoint).await.iter().map(|d| d["id"].as_str().unwrap().to_owned()).collect();
    let forged = cited(&bad, "WEBHOOK_SIGNATURE_VERIFIED");
    assert_eq!(forged.len(), 2, "the forged and the tampered probe: {bad:#}");
    assert!(forged.iter().all(|d| naive_deliveries.contains(d)), "{forged:?} {naive_deliveries:?}");
    let stale = cited(&bad, "WEBHOOK_REPLAY_WINDOW");
    assert_eq!(stale.len(), 1, "{bad:#}");
    assert!(naive_deliveries.contains(&stale[0]));
}

#[tokio::test]
async fn a_session_without_the_calls_a_check_needs_is_not_exercised_and_fails_the_review() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    for _ in 0..3 {
        let r = sb.send(sb.request(Method::GET, "/v1/customers", &key).header("X-Request-ID", "mine")).await;
        assert_eq!(r.status, StatusCode::OK);
    }
    let r = review(&sb, &sb.ready.test_api_key).await;
    let s = statuses(&r);
    assert_eq!(s["REQUEST_ID_SENT"], "pass", "{r:#}");
    for id in [
        "IDEMPOTENCY_KEY_SENT",
        "IDEMPOTENT_RETRY",
        "RETRY_AFTER_HONOURED",
        "WEBHOOK_SIGNATURE_VERIFIED",
        "WEBHOOK_REPLAY_WINDOW",
        "WEBHOOK_ACCEPTS_GENUINE",
    ] {
        assert_eq!(s[id], "not_exercised", "{id}");
        assert!(check(&r, id)["evidence"].as_array().unwrap().is_empty());
    }
    assert_eq!(r["verdict"], "fail", "a required check with nothing to judge is no pass");
    assert_eq!(r["checks"].as_array().unwrap().len(), 12);
}

#[tokio::test]
async fn drills_and_reviews_are_a_test_applications_own() {
    let sb = spawn_sandbox().await;
    sb.post("/sandbox/drill", &sb.live_key(), json!({})).await.assert_error(403, "ATH_0002");
    sb.get("/sandbox/review", &sb.live_key()).await.assert_error(403, "ATH_0002");
    sb.post("/sandbox/drill", &sb.control(), json!({})).await.assert_error(400, "VAL_0001");
    // The control token naming a LIVE application is refused, saying why.
    let live = json!({"application_id": sb.ready.live_application_id});
    let refused = sb.post("/sandbox/drill", &sb.control(), live).await;
    refused.assert_error(403, "ATH_0002");
    assert!(
        refused.body["error"]["message"].as_str().unwrap().contains("never drilled or reviewed"),
        "{}",
        refused.body
    );
    let path = format!("/sandbox/review?application_id={}", sb.ready.live_application_id);
    sb.get(&path, &sb.control()).await.assert_error(403, "ATH_0002");
    let drill = sb.post("/sandbox/drill", &sb.control(), json!({"application_id": sb.ready.test_application_id})).await;
    assert_eq!(drill.status, StatusCode::CREATED, "{}", drill.body);
    let rules = sb.get("/sandbox/faults", &sb.test_key()).await.body["data"].as_array().unwrap().len();
    assert_eq!(rules, drill.body["rules"].as_array().unwrap().len());
    // A second drill replaces the first; ending it removes its rules.
    let again = sb.post("/sandbox/drill", &sb.test_key(), json!({})).await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(sb.get("/sandbox/faults", &sb.test_key()).await.body["data"].as_array().unwrap().len(), rules);
    let r = sb.delete("/sandbox/drill", &sb.test_key()).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert!(sb.get("/sandbox/faults", &sb.test_key()).await.body["data"].as_array().unwrap().is_empty());
    // The review still starts at the drill, and takes `since`.
    let r = sb.get("/sandbox/review", &sb.test_key()).await;
    assert_eq!(r.body["from"], again.body["started_at"]);
    sb.get("/sandbox/review?since=yesterday", &sb.test_key()).await.assert_error(400, "VAL_0001");
    let r = sb.get("/sandbox/review?since=2026-01-01T00:00:00Z", &sb.test_key()).await;
    assert_eq!(r.body["from"], "2026-01-01T00:00:00.000Z");
}

#[tokio::test]
async fn reading_the_review_is_not_judged_as_part_of_the_integration() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r = sb
        .send(
            sb.request(Method::GET, "/v1/customers", &key)
                .header("X-Request-ID", "limited")
                .header("X-Sandbox-Fault", "rate_limit; retry_after=30"),
        )
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    // A 429 nothing followed is not judged: neither the review read just
    // after it nor the drill started then is a retry that came too soon.
    let drill = sb.post("/sandbox/drill", &key, json!({})).await;
    assert_eq!(drill.status, StatusCode::CREATED);
    let since = "?since=2000-01-01T00:00:00Z";
    let first = sb.get(&format!("/sandbox/review{since}"), &key).await.body;
    let second = sb.get(&format!("/sandbox/review{since}"), &key).await.body;
    for r in [&first, &second] {
        assert_eq!(check(r, "RETRY_AFTER_HONOURED")["status"], "not_exercised", "{r:#}");
        let judged = &check(r, "REQUEST_ID_SENT")["evidence"];
        assert_eq!(judged.as_array().unwrap().len(), 1, "only the customer list is judged: {judged}");
    }
    assert_eq!(first["checks"], second["checks"], "a review does not change the next one");
}

/// `curl -X POST .../sandbox/drill` sends no body and no Content-Type: a
/// body whose fields are all optional is then `{}`; a route with required
/// fields then names each one missing.
#[tokio::test]
async fn a_post_whose_fields_are_all_optional_takes_no_body_at_all() {
    let sb = spawn_sandbox().await;
    let bare = sb.send(sb.request(Method::POST, "/sandbox/drill", &sb.test_key())).await;
    assert!(bare.status.is_success(), "{} {}", bare.status, bare.body);
    assert_eq!(bare.body["application_id"], sb.ready.test_application_id.as_str(), "{}", bare.body);
    let required = sb.send(sb.request(Method::POST, "/v1/customers", &sb.test_key())).await;
    required.assert_error(400, "VAL_0001");
    assert!(required.detail_fields().contains(&"legal_name".to_owned()), "{}", required.body);
}
