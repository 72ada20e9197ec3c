//! API keys: creation, listing without secrets, expiry, revocation, the
//! environment a key selects.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{Auth, spawn_sandbox};

#[tokio::test]
async fn create_shows_the_secret_once_and_list_never() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let app = &sb.ready.live_application_id;
    let created = sb.post(&format!("/v1/applications/{app}/keys"), &bearer, json!({"name": "ci"})).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let secret = created.body["client_secret"].as_str().unwrap();
    assert!(secret.starts_with("sk_live_") && secret.len() == 40, "{secret}");
    assert_eq!(created.body["prefix"], &secret[..14]);
    assert_eq!(created.body["type"], "LIVE");
    assert_eq!(created.body["expires_at"], serde_json::Value::Null);
    assert_eq!(created.body["name"], "ci");

    let list = sb.get(&format!("/v1/applications/{app}/keys"), &bearer).await;
    assert_eq!(list.status, StatusCode::OK);
    let raw = String::from_utf8(list.raw.clone()).unwrap();
    assert!(!raw.contains(secret), "a list must never show a secret");
    assert!(!raw.contains(&sb.ready.live_api_key));
    let keys = list.body["data"].as_array().unwrap();
    assert_eq!(keys.len(), 2, "the seeded key and the new one");
    assert_eq!(keys[0]["api_key_id"], created.body["api_key_id"]);
    assert_eq!(keys[0]["status"], "active");
    assert!(keys.iter().all(|k| k.get("client_secret").is_none()));
}

#[tokio::test]
async fn body_may_be_empty() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let path = format!("/v1/applications/{}/keys", sb.ready.test_application_id);
    let r = sb.send(sb.request(reqwest::Method::POST, &path, &bearer)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert!(r.body["client_secret"].as_str().unwrap().starts_with("sk_test_"));
}

#[tokio::test]
async fn several_keys_work_at_once_and_revocation_is_immediate() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let app = sb.ready.test_application_id.clone();
    let path = format!("/v1/applications/{app}/keys");
    let second = sb.post(&path, &bearer, json!({})).await;
    let second_key = Auth::Key(second.body["client_secret"].as_str().unwrap().into());
    assert_eq!(sb.get("/sandbox/clock", &sb.test_key()).await.status, StatusCode::OK);
    assert_eq!(sb.get("/sandbox/clock", &second_key).await.status, StatusCode::OK);

    let key_id = second.body["api_key_id"].as_str().unwrap();
    let revoked = sb.delete(&format!("{path}/{key_id}"), &bearer).await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT);
    assert!(revoked.raw.is_empty());
    sb.get("/sandbox/clock", &second_key).await.assert_error(401, "ATH_0001");
    assert_eq!(sb.get("/sandbox/clock", &sb.test_key()).await.status, StatusCode::OK);

    sb.delete(&format!("{path}/{key_id}"), &bearer).await.assert_error(409, "KEY_REVOKED");
    sb.delete(&format!("{path}/00000000-0000-7000-8000-000000000000"), &bearer).await.assert_error(404, "NOT_FOUND");
    let list = sb.get(&path, &bearer).await;
    let listed = list.body["data"].as_array().unwrap().iter().find(|k| k["api_key_id"] == key_id).unwrap().clone();
    assert_eq!(listed["status"], "revoked");
    assert!(listed["revoked_at"].is_string());
}

#[tokio::test]
async fn expiry_follows_the_sandbox_clock() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let path = format!("/v1/applications/{}/keys", sb.ready.test_application_id);
    let now = sb.get("/sandbox/clock", &sb.control()).await.body["now"].as_str().unwrap().to_owned();
    let in_a_minute = chrono_plus(&now, 60);
    let created = sb.post(&path, &bearer, json!({"expires_at": in_a_minute})).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let key = Auth::Key(created.body["client_secret"].as_str().unwrap().into());
    assert_eq!(sb.get("/sandbox/clock", &key).await.status, StatusCode::OK);
    sb.advance_clock(61).await;
    let r = sb.get("/sandbox/clock", &key).await;
    r.assert_error(401, "ATH_0001");
    assert!(r.body["error"]["message"].as_str().unwrap().contains("expired"));
    let listed = sb.get(&path, &bearer).await;
    assert_eq!(listed.body["data"][0]["status"], "expired");

    for (bad, code) in [("2000-01-01T00:00:00Z", "out_of_range"), ("tomorrow", "invalid")] {
        let r = sb.post(&path, &bearer, json!({"expires_at": bad})).await;
        r.assert_error(400, "VAL_0001");
        assert_eq!(r.body["error"]["details"][0]["code"], code);
    }
}

/// `now` (ISO 8601) plus `seconds`, in ISO 8601.
fn chrono_plus(now: &str, seconds: i64) -> String {
    let t = chrono::DateTime::parse_from_rfc3339(now).unwrap() + chrono::Duration::seconds(seconds);
    t.to_rfc3339()
}

#[tokio::test]
async fn the_key_decides_the_environment() {
    let sb = spawn_sandbox().await;
    // The simulation routes are TEST-only: a LIVE key is refused.
    assert_eq!(sb.get("/sandbox/clock", &sb.test_key()).await.status, StatusCode::OK);
    sb.get("/sandbox/clock", &sb.live_key()).await.assert_error(403, "ATH_0002");
}
