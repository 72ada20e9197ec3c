//! The README's first session, step by step, as a newcomer runs it:
//! log in with the password grant, register, create an application and a
//! key, call a key route with it, revoke it and see 401.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{Auth, spawn_sandbox};

#[tokio::test]
async fn newcomer_walkthrough() {
    let sb = spawn_sandbox().await;
    // A new dashboard user, so registration is part of the walk.
    let created = sb
        .post("/sandbox/users", &sb.control(), json!({"username": "new@example.com", "password": "password-1"}))
        .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let bearer = sb.login_as("new@example.com", "password-1").await;
    let partner =
        sb.post("/v1/auth/register", &bearer, json!({"company_name": "New Co", "email": "ops@new.example"})).await;
    assert_eq!(partner.status, StatusCode::CREATED, "{}", partner.body);

    let app = sb.post("/v1/applications", &bearer, json!({"name": "My app", "environment": "TEST"})).await;
    let app_id = app.body["id"].as_str().unwrap();
    let key = sb.post(&format!("/v1/applications/{app_id}/keys"), &bearer, json!({})).await;
    assert_eq!(key.status, StatusCode::CREATED);
    let secret = Auth::Key(key.body["client_secret"].as_str().unwrap().to_owned());
    let key_id = key.body["api_key_id"].as_str().unwrap();

    let listed = sb.get("/v1/customers", &secret).await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.body);
    assert_eq!(listed.body["data"], json!([]), "a new application starts empty");
    // The dashboard token is not a key, and the key is not a dashboard token.
    sb.get("/v1/customers", &bearer).await.assert_error(401, "ATH_0001");
    sb.get("/v1/applications", &secret).await.assert_error(401, "ATH_0001");

    let revoked = sb.delete(&format!("/v1/applications/{app_id}/keys/{key_id}"), &bearer).await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT);
    sb.get("/v1/customers", &secret).await.assert_error(401, "ATH_0001");
    sb.get("/v1/customers", &Auth::None).await.assert_error(401, "ATH_0001");
}
