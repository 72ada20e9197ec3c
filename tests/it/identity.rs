//! The emulated identity provider and bearer authentication.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Auth, spawn_sandbox};

fn password_form<'a>(user: &'a str, password: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![("grant_type", "password"), ("client_id", "partner-console"), ("username", user), ("password", password)]
}

fn claims(token: &str) -> Value {
    let payload = token.split('.').nth(1).unwrap();
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap()
}

#[tokio::test]
async fn password_grant_issues_a_signed_jwt_and_refresh_token() {
    let sb = spawn_sandbox().await;
    let r = sb.token(&password_form(&sb.ready.username, &sb.ready.password)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["token_type"], "Bearer");
    assert_eq!(r.body["expires_in"], 300);
    assert_eq!(r.body["refresh_expires_in"], 1800);
    assert_eq!(r.header("cache-control"), Some("no-store"));
    let token = r.body["access_token"].as_str().unwrap();
    let c = claims(token);
    assert_eq!(c["preferred_username"], sb.ready.username);
    assert_eq!(c["azp"], "partner-console");
    assert_eq!(c["iss"], sb.ready.auth_url);
    assert_eq!(c["exp"].as_i64().unwrap() - c["iat"].as_i64().unwrap(), 300);
    let me = sb.get("/v1/auth/me", &Auth::Bearer(token.to_owned())).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["username"], sb.ready.username);
    assert_eq!(me.body["partner"]["id"], sb.ready.partner_id);
    assert_eq!(me.body["partner"]["status"], "active");
}

#[tokio::test]
async fn token_endpoint_errors_follow_oauth() {
    let sb = spawn_sandbox().await;
    let user = sb.ready.username.clone();
    type Form<'a> = Vec<(&'a str, &'a str)>;
    let cases: Vec<(Form, u16, &str)> = vec![
        (password_form(&user, "wrong"), 401, "invalid_grant"),
        (password_form("nobody@example.com", "whatever"), 401, "invalid_grant"),
        (
            vec![("grant_type", "password"), ("client_id", "other-client"), ("username", &user), ("password", "x")],
            401,
            "invalid_client",
        ),
        (vec![("grant_type", "client_credentials"), ("client_id", "partner-console")], 400, "unsupported_grant_type"),
        (vec![("client_id", "partner-console"), ("username", &user)], 400, "invalid_request"),
        (
            vec![("grant_type", "password"), ("client_id", "partner-console"), ("username", &user)],
            400,
            "invalid_request",
        ),
        (vec![("grant_type", "password"), ("username", &user), ("password", "x")], 400, "invalid_request"),
        (vec![("grant_type", "refresh_token"), ("client_id", "partner-console")], 400, "invalid_request"),
    ];
    for (form, status, error) in cases {
        let r = sb.token(&form).await;
        assert_eq!(r.status.as_u16(), status, "{form:?}: {}", r.body);
        assert_eq!(r.body["error"], error, "{form:?}");
        assert!(r.body["error_description"].as_str().is_some_and(|d| !d.is_empty()));
    }
    // JSON instead of a form is an invalid request.
    let url = format!("{}/protocol/openid-connect/token", sb.ready.auth_url);
    let r = sb.send(sb.http.post(url).json(&json!({"grant_type": "password"}))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["error"], "invalid_request");
}

#[tokio::test]
async fn refresh_tokens_work_once() {
    let sb = spawn_sandbox().await;
    let r = sb.token(&password_form(&sb.ready.username, &sb.ready.password)).await;
    let refresh = r.body["refresh_token"].as_str().unwrap().to_owned();
    let form = [("grant_type", "refresh_token"), ("client_id", "partner-console"), ("refresh_token", refresh.as_str())];
    let first = sb.token(&form).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert_ne!(first.body["refresh_token"], refresh);
    let me = sb.get("/v1/auth/me", &Auth::Bearer(first.body["access_token"].as_str().unwrap().into())).await;
    assert_eq!(me.status, StatusCode::OK);
    let again = sb.token(&form).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert_eq!(again.body["error"], "invalid_grant");
}

#[tokio::test]
async fn refresh_tokens_expire_on_the_sandbox_clock() {
    let sb = spawn_sandbox().await;
    let r = sb.token(&password_form(&sb.ready.username, &sb.ready.password)).await;
    let refresh = r.body["refresh_token"].as_str().unwrap().to_owned();
    sb.advance_clock(1801).await;
    let form = [("grant_type", "refresh_token"), ("client_id", "partner-console"), ("refresh_token", refresh.as_str())];
    assert_eq!(sb.token(&form).await.body["error"], "invalid_grant");
}

#[tokio::test]
async fn bearer_routes_reject_expired_tampered_and_wrong_credentials() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let Auth::Bearer(token) = &bearer else { unreachable!() };

    // Tampered: flip one character of the payload.
    let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
    let mut claims_json = claims(token);
    claims_json["sub"] = json!("someone-else");
    parts[1] = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims_json).unwrap());
    let tampered = Auth::Bearer(parts.join("."));
    let r = sb.get("/v1/auth/me", &tampered).await;
    r.assert_error(401, "ATH_0001");
    assert!(r.body["error"]["message"].as_str().unwrap().contains("signature"));

    for bad in [Auth::None, Auth::Bearer("not-a-jwt".into()), sb.test_key()] {
        sb.get("/v1/applications", &bad).await.assert_error(401, "ATH_0001");
    }
    let key_on_bearer = sb.get("/v1/applications", &sb.test_key()).await;
    assert!(key_on_bearer.body["error"]["message"].as_str().unwrap().contains("bearer token"));

    assert_eq!(sb.get("/v1/auth/me", &bearer).await.status, StatusCode::OK);
    sb.advance_clock(301).await;
    let expired = sb.get("/v1/auth/me", &bearer).await;
    expired.assert_error(401, "ATH_0001");
    assert!(expired.body["error"]["message"].as_str().unwrap().contains("expired"));
}

#[tokio::test]
async fn registering_a_partner() {
    let sb = spawn_sandbox().await;
    let created = sb
        .post("/sandbox/users", &sb.control(), json!({"username": "ann@example.com", "password": "password-1"}))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    assert_eq!(created.body["username"], "ann@example.com");
    let bearer = sb.login_as("ann@example.com", "password-1").await;

    let me = sb.get("/v1/auth/me", &bearer).await;
    assert_eq!(me.body["partner"], Value::Null);
    sb.post("/v1/applications", &bearer, json!({"name": "a", "environment": "TEST"}))
        .await
        .assert_error(403, "ATH_0002");

    let bad = sb.post("/v1/auth/register", &bearer, json!({"company_name": " ", "email": "nope"})).await;
    bad.assert_error(400, "VAL_0001");
    assert_eq!(bad.detail_fields(), vec!["company_name", "email"]);
    // Unknown fields are refused here too, as the document's closed body says.
    let extra = json!({"company_name": "Ann Ltd", "email": "ops@ann.example", "website": "ann.example"});
    let r = sb.post("/v1/auth/register", &bearer, extra).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["website"]);

    let dup = sb
        .post("/v1/auth/register", &bearer, json!({"company_name": "Ann Ltd", "email": "PARTNER@payctl.local"}))
        .await;
    dup.assert_error(409, "DUPLICATE_EMAIL");

    let reg =
        sb.post("/v1/auth/register", &bearer, json!({"company_name": "Ann Ltd", "email": "ops@ann.example"})).await;
    assert_eq!(reg.status, StatusCode::CREATED, "{}", reg.body);
    assert!(reg.body["id"].as_str().unwrap().starts_with("prtnr_"));
    assert_eq!(reg.body["name"], "Ann Ltd");
    assert_eq!(reg.body["email"], "ops@ann.example");
    assert_eq!(reg.body["status"], "active");
    assert_eq!(sb.get("/v1/auth/me", &bearer).await.body["partner"]["id"], reg.body["id"]);

    let again = sb.post("/v1/auth/register", &bearer, json!({"company_name": "Ann 2", "email": "x@ann.example"})).await;
    again.assert_error(409, "CONFLICT");
}

#[tokio::test]
async fn creating_users_needs_the_control_token() {
    let sb = spawn_sandbox().await;
    let body = json!({"username": "bob@example.com", "password": "password-1"});
    sb.post("/sandbox/users", &Auth::None, body.clone()).await.assert_error(401, "ATH_0001");
    sb.post("/sandbox/users", &sb.test_key(), body.clone()).await.assert_error(401, "ATH_0001");
    sb.post("/sandbox/users", &sb.login().await, body.clone()).await.assert_error(401, "ATH_0001");
    assert_eq!(sb.post("/sandbox/users", &sb.control(), body.clone()).await.status, StatusCode::CREATED);
    sb.post("/sandbox/users", &sb.control(), body).await.assert_error(409, "CONFLICT");
    let short = sb.post("/sandbox/users", &sb.control(), json!({"username": "x", "password": "short"})).await;
    short.assert_error(400, "VAL_0001");
    assert_eq!(short.detail_fields(), vec!["username", "password"]);
}
