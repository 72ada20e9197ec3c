//! Snapshots (`GET` and `POST /sandbox/snapshot`): a world saved as one
//! portable document holds no secret, loads into a fresh sandbox and saves
//! again to the same document (ids mapped, the clock apart); a redacted
//! one still loads and its values validate; the snapshot this version
//! committed loads; a newer format is refused naming both versions.

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::forks::build_world;
use crate::support::{Auth, TestSandbox, spawn_sandbox};
use crate::webhooks::Receiver;

/// The snapshot this version made, committed: every later version must load it.
const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/snapshots/payctl-snapshot-1.json");

async fn save(sb: &TestSandbox, auth: &Auth, query: &str) -> Value {
    let r = sb.get(&format!("/sandbox/snapshot{query}"), auth).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

async fn load(sb: &TestSandbox, auth: &Auth, snapshot: &Value) -> Value {
    let r = sb.post("/sandbox/snapshot", auth, snapshot.clone()).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

/// `value` with every id of `ids` replaced by its image.
fn mapped(value: &Value, ids: &BTreeMap<String, String>) -> Value {
    let mut text = value.to_string();
    for (old, new) in ids {
        text = text.replace(old.as_str(), new);
    }
    serde_json::from_str(&text).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_snapshot_round_trips_through_a_fresh_sandbox_without_a_secret() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    let world = build_world(&sb, &key, &receiver).await;
    let snapshot = save(&sb, &key, "").await;
    assert_eq!(snapshot["format"], "payctl-snapshot/1");
    assert_eq!(snapshot["application"]["id"], sb.ready.test_application_id.as_str());
    assert_eq!(snapshot["tables"]["customers"]["rows"].as_array().unwrap().len(), 2);
    assert!(!snapshot["tables"]["scheduled_moves"]["rows"].as_array().unwrap().is_empty(), "pending moves travel");

    // No secret: not the key, the webhook's signing secret, the control
    // token, the demo password or its hash, nor any sealed form of them.
    let text = snapshot.to_string();
    for secret in [&sb.ready.test_api_key, &sb.ready.control_token, &world.secret, &sb.ready.password] {
        assert!(!text.contains(secret.as_str()), "the snapshot holds a secret");
    }
    assert!(!text.contains("$argon2id$"));
    let columns = snapshot["tables"]["webhook_endpoints"]["columns"].to_string();
    assert!(!columns.contains("secret"), "{columns}");

    // Into a fresh sandbox, and out again: the same document.
    let other = spawn_sandbox().await;
    let loaded = load(&other, &other.test_key(), &snapshot).await;
    assert_eq!(loaded["forked_from"], sb.ready.test_application_id.as_str());
    let ids: BTreeMap<String, String> = serde_json::from_value(loaded["ids"].clone()).unwrap();
    let key2 = Auth::Key(loaded["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let again = save(&other, &key2, "").await;
    let mut expected = mapped(&snapshot, &ids);
    let mut got = again.clone();
    for doc in [&mut expected, &mut got] {
        doc["application"]["clock"] = Value::Null;
        doc["application"]["name"] = Value::Null;
    }
    assert_eq!(got, expected);
    assert!(again["application"]["name"].as_str().unwrap().ends_with(" (fork)"));

    // The loaded world answers reads as the original did, and its flows go on.
    let customer = other.get(&format!("/v1/customers/{}", ids[&world.customer]), &key2).await;
    assert_eq!(customer.body["legal_name"], "Forked Trading LLC");
    other.advance_clock_of(&key2, 60).await;
    let t = other.get(&format!("/v1/transactions/{}", ids[&world.transaction]), &key2).await;
    assert_eq!(t.body["state"], "COMPLETED", "{}", t.body);
    let original = sb.get(&format!("/v1/transactions/{}", world.transaction), &key).await;
    assert_eq!(original.body["state"], "PROCESSING");

    // A redacted copy: synthetic values that validate, no personal data left.
    let redacted = save(&sb, &key, "?redact=true").await;
    assert_eq!(redacted["redacted"], true);
    let text = redacted.to_string();
    for personal in
        ["Forked Trading LLC", "Pending Imports LLC", "TRN-100200300", crate::support::factories::EVM_WALLET]
    {
        assert!(!text.contains(personal), "{personal} left in a redacted snapshot");
    }
    let redacted_world = load(&other, &other.test_key(), &redacted).await;
    let key3 = Auth::Key(redacted_world["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let rids: BTreeMap<String, String> = serde_json::from_value(redacted_world["ids"].clone()).unwrap();
    let c = other.get(&format!("/v1/customers/{}", rids[&world.customer]), &key3).await.body;
    assert!(c["legal_name"].as_str().unwrap().starts_with("Synthetic Customer "), "{c}");
    let email = c["email"].as_str().unwrap();
    assert!(payctl_domain::email::Email::parse(email).is_some(), "{email}");
    let b = other.get(&format!("/v1/beneficiaries/{}", rids[&world.beneficiary]), &key3).await.body;
    let address = b["account"]["address"].as_str().unwrap();
    assert_ne!(address, crate::support::factories::EVM_WALLET);
    let network = payctl_domain::address::Network::parse("ethereum").unwrap();
    assert!(payctl_domain::address::validate(network, address).is_ok(), "{address}");
    if std::env::var_os("PAYCTL_WRITE_SNAPSHOT_FIXTURE").is_some() {
        std::fs::write(COMMITTED, serde_json::to_string_pretty(&redacted).unwrap() + "\n").unwrap();
    }
    other.shutdown().await;
    sb.shutdown().await;
}

#[tokio::test]
async fn the_snapshot_this_version_committed_loads() {
    let sb = spawn_sandbox().await;
    let committed: Value = serde_json::from_str(&std::fs::read_to_string(COMMITTED).unwrap()).unwrap();
    assert_eq!(committed["format"], "payctl-snapshot/1");
    let loaded = load(&sb, &sb.test_key(), &committed).await;
    let key = Auth::Key(loaded["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let customers = sb.get("/v1/customers", &key).await.body;
    assert_eq!(customers["data"].as_array().unwrap().len(), 2, "{customers}");
    // Its transaction was in flight; by the time a later version loads the
    // file, its clock may have passed the settlement already.
    let ids: BTreeMap<String, String> = serde_json::from_value(loaded["ids"].clone()).unwrap();
    let columns = committed["tables"]["transactions"]["columns"].as_array().unwrap();
    let at = columns.iter().position(|c| c == "public_id").unwrap();
    let original = committed["tables"]["transactions"]["rows"][0][at].as_str().unwrap();
    let t = sb.get(&format!("/v1/transactions/{}", ids[original]), &key).await;
    assert!(["PROCESSING", "COMPLETED"].contains(&t.body["state"].as_str().unwrap()), "{}", t.body);
    assert_eq!(loaded["webhook_secrets"].as_object().unwrap().len(), 1);
    sb.shutdown().await;
}

#[tokio::test]
async fn newer_formats_bad_documents_and_live_are_refused_clearly() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let snapshot = save(&sb, &key, "").await;

    let mut newer = snapshot.clone();
    newer["format"] = json!("payctl-snapshot/2");
    newer["made_by"] = json!("payctl 9.0.0");
    let r = sb.post("/sandbox/snapshot", &key, newer).await;
    let message = r.assert_error(400, "VAL_0001")["message"].as_str().unwrap().to_owned();
    assert!(message.contains("payctl-snapshot/2") && message.contains("payctl-snapshot/1"), "{message}");
    assert!(message.contains("payctl 9.0.0"), "{message}");
    let mut newer_schema = snapshot.clone();
    newer_schema["schema"] = json!(snapshot["schema"].as_u64().unwrap() + 1);
    sb.post("/sandbox/snapshot", &key, newer_schema).await.assert_error(400, "VAL_0001");
    let mut other_kind = snapshot.clone();
    other_kind["format"] = json!("localstack-pod/1");
    sb.post("/sandbox/snapshot", &key, other_kind).await.assert_error(400, "VAL_0001");

    // A row naming a row the document does not hold is the document's fault, not a 500.
    let customer = crate::support::factories::customer(&sb, &key, true).await;
    crate::support::factories::beneficiary_of(&sb, &key, &customer, "EUR").await;
    let mut dangling = save(&sb, &key, "").await;
    let columns: Vec<String> = serde_json::from_value(dangling["tables"]["beneficiaries"]["columns"].clone()).unwrap();
    let at = columns.iter().position(|c| c == "customer_id").unwrap();
    dangling["tables"]["beneficiaries"]["rows"][0][at] = json!(99);
    let r = sb.post("/sandbox/snapshot", &key, dangling).await;
    r.assert_error(400, "VAL_0001");
    let mut broken = save(&sb, &key, "").await;
    let at = columns.iter().position(|c| c == "account_kind").unwrap();
    broken["tables"]["beneficiaries"]["rows"][0][at] = json!("CARRIER_PIGEON");
    sb.post("/sandbox/snapshot", &key, broken).await.assert_error(400, "VAL_0001");
    let count = sb.get("/v1/applications", &sb.login().await).await.body["data"].as_array().unwrap().len();
    assert_eq!(count, 2, "nothing of a refused snapshot is stored");

    sb.get("/sandbox/snapshot", &sb.live_key()).await.assert_error(403, "ATH_0002");
    sb.post("/sandbox/snapshot", &sb.live_key(), snapshot.clone()).await.assert_error(403, "ATH_0002");
    sb.get("/sandbox/snapshot", &sb.control()).await.assert_error(400, "VAL_0001");
    // The operator loads into a partner it names.
    sb.post("/sandbox/snapshot", &sb.control(), snapshot.clone()).await.assert_error(400, "VAL_0001");
    let partner = sb.ready.partner_id.clone();
    let path = format!("/sandbox/snapshot?partner_id={partner}&name=Support+ticket");
    let r = sb.post(&path, &sb.control(), snapshot).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["application"]["name"], "Support ticket");
    sb.shutdown().await;
}

/// `POST /sandbox/snapshot` with a partner's dashboard token loads into a
/// new TEST application of that partner; the token names no other partner
/// and reaches no other partner's application.
#[tokio::test]
async fn a_dashboard_token_loads_a_snapshot_into_its_own_partner() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let customer = crate::support::factories::customer_named(&sb, &key, "Dashboard Loaded LLC", true).await;
    let snapshot = save(&sb, &key, "").await;
    let bearer = sb.login().await;

    let loaded = load(&sb, &bearer, &snapshot).await;
    let app = loaded["application"]["id"].as_str().unwrap();
    assert_eq!(loaded["application"]["partner_id"], sb.ready.partner_id.as_str());
    assert_eq!(sb.get(&format!("/v1/applications/{app}"), &bearer).await.status, StatusCode::OK);
    let new_key = Auth::Key(loaded["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let copy = loaded["ids"][&customer].as_str().unwrap();
    let got = sb.get(&format!("/v1/customers/{copy}"), &new_key).await;
    assert_eq!(got.body["legal_name"], "Dashboard Loaded LLC", "{}", got.body);

    // Its own partner only.
    let r = sb.post(&format!("/sandbox/snapshot?partner_id={}", sb.ready.partner_id), &bearer, snapshot.clone()).await;
    r.assert_error(400, "VAL_0001");
    let other = sb.other_partner().await;
    let (theirs, _) = sb.new_app_key(&other, "TEST").await;
    let into = format!("/sandbox/snapshot?application_id={theirs}");
    sb.post(&into, &bearer, snapshot.clone()).await.assert_error(404, "NOT_FOUND");
    // The other partner's token loads into its own empty application.
    let r = sb.post(&into, &other, snapshot).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert!(r.body["api_key"].is_null());
    sb.shutdown().await;
}
