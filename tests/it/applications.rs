//! Applications: create, list, get, deactivate; partner isolation.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::spawn_sandbox;

#[tokio::test]
async fn create_list_get() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let created = sb.post("/v1/applications", &bearer, json!({"name": " Checkout ", "environment": "LIVE"})).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let app = &created.body;
    assert_eq!(app["name"], "Checkout");
    assert_eq!(app["environment"], "LIVE");
    assert_eq!(app["status"], "active");
    assert_eq!(app["partner_id"], sb.ready.partner_id);
    assert_eq!(app["deactivated_at"], serde_json::Value::Null);
    let id = app["id"].as_str().unwrap();
    assert_eq!(id.len(), 36, "a UUID");

    let got = sb.get(&format!("/v1/applications/{id}"), &bearer).await;
    assert_eq!(got.body, created.body);

    let list = sb.get("/v1/applications", &bearer).await;
    let ids: Vec<&str> = list.body["data"].as_array().unwrap().iter().map(|a| a["id"].as_str().unwrap()).collect();
    assert_eq!(ids, vec![id, &sb.ready.live_application_id, &sb.ready.test_application_id], "newest first");
    assert_eq!(list.body["next_cursor"], serde_json::Value::Null);
}

#[tokio::test]
async fn validation_lists_every_problem() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let r = sb.post("/v1/applications", &bearer, json!({"name": "x".repeat(129), "environment": "TEST"})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.body["error"]["details"][0]["code"], "too_long");
    let r = sb.post("/v1/applications", &bearer, json!({"name": "x", "environment": "STAGING"})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["environment"]);
    let r = sb.post("/v1/applications", &bearer, json!({"environment": "TEST"})).await;
    assert_eq!(r.detail_fields(), vec!["name"]);
    assert_eq!(r.body["error"]["details"][0]["code"], "required");
    let r = sb.post("/v1/applications", &bearer, json!({"name": "x", "environment": "TEST", "colour": "red"})).await;
    assert_eq!(r.detail_fields(), vec!["colour"]);
    // Nothing was stored by any of these.
    assert_eq!(sb.get("/v1/applications", &bearer).await.body["data"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn pagination_is_stable_while_rows_are_added() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    for i in 0..5 {
        sb.post("/v1/applications", &bearer, json!({"name": format!("app {i}"), "environment": "TEST"})).await;
    }
    let first = sb.get("/v1/applications?limit=3", &bearer).await;
    assert_eq!(first.body["data"].as_array().unwrap().len(), 3);
    let cursor = first.body["next_cursor"].as_str().unwrap().to_owned();
    // New rows arrive between pages; they must not shift the next page.
    sb.post("/v1/applications", &bearer, json!({"name": "late", "environment": "TEST"})).await;
    let second = sb.get(&format!("/v1/applications?limit=3&cursor={cursor}"), &bearer).await;
    let names: Vec<&str> =
        second.body["data"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["app 1", "app 0", "Demo LIVE application"]);
    let third = sb
        .get(&format!("/v1/applications?limit=3&cursor={}", second.body["next_cursor"].as_str().unwrap()), &bearer)
        .await;
    assert_eq!(third.body["data"].as_array().unwrap().len(), 1);
    assert_eq!(third.body["next_cursor"], serde_json::Value::Null);

    for bad in ["limit=0", "limit=101", "limit=abc", "cursor=garbage"] {
        let r = sb.get(&format!("/v1/applications?{bad}"), &bearer).await;
        r.assert_error(400, "VAL_0001");
    }
    assert_eq!(sb.get("/v1/applications?limit=100", &bearer).await.status, StatusCode::OK);
}

#[tokio::test]
async fn partners_never_see_each_other() {
    let sb = spawn_sandbox().await;
    let demo = sb.login().await;
    let other = sb.other_partner().await;
    let theirs = sb.get("/v1/applications", &other).await;
    assert_eq!(theirs.body["data"].as_array().unwrap().len(), 0);
    let path = format!("/v1/applications/{}", sb.ready.test_application_id);
    sb.get(&path, &other).await.assert_error(404, "NOT_FOUND");
    sb.post(&format!("{path}/deactivate"), &other, json!({})).await.assert_error(404, "NOT_FOUND");
    sb.post(&format!("{path}/keys"), &other, json!({})).await.assert_error(404, "NOT_FOUND");
    sb.get(&format!("{path}/keys"), &other).await.assert_error(404, "NOT_FOUND");
    assert_eq!(sb.get(&path, &demo).await.status, StatusCode::OK);
}

#[tokio::test]
async fn deactivation_locks_out_the_applications_keys() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let (app, secret) = sb.new_app_key(&bearer, "TEST").await;
    let key = crate::support::Auth::Key(secret);
    assert_eq!(sb.get("/sandbox/clock", &key).await.status, StatusCode::OK);
    let r = sb.post(&format!("/v1/applications/{app}/deactivate"), &bearer, json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["status"], "deactivated");
    assert!(r.body["deactivated_at"].is_string());
    sb.get("/sandbox/clock", &key).await.assert_error(403, "ATH_0002");
    // Again: harmless, unchanged.
    let again = sb.post(&format!("/v1/applications/{app}/deactivate"), &bearer, json!({})).await;
    assert_eq!(again.body["deactivated_at"], r.body["deactivated_at"]);
    sb.post(&format!("/v1/applications/{app}/keys"), &bearer, json!({})).await.assert_error(409, "CONFLICT");
    // The seeded keys of other applications still work.
    assert_eq!(sb.get("/sandbox/clock", &sb.test_key()).await.status, StatusCode::OK);
}
