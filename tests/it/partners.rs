//! Partners and sub-partners over `X-API-Key`: create, get, update, the
//! flat error codes with their full envelope, and isolation.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Auth, TestSandbox, spawn_sandbox};

async fn sub_partner(sb: &TestSandbox, key: &Auth, email: &str) -> Value {
    let r = sb.post("/v1/partners", key, json!({"name": "Sub Ltd", "email": email, "businessType": "fintech"})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

fn path(partner: &Value) -> String {
    format!("/v1/partners/{}", partner["id"].as_str().unwrap())
}

#[tokio::test]
async fn create_get_and_update_a_sub_partner() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let created = sub_partner(&sb, &key, "ops@sub.example.com").await;
    assert!(created["id"].as_str().unwrap().starts_with("prtnr_"));
    assert_eq!(created["name"], "Sub Ltd");
    assert_eq!(created["email"], "ops@sub.example.com");
    assert_eq!(created["businessType"], "fintech");
    assert_eq!(created["status"], "active");
    assert_eq!(created["parentId"], sb.ready.partner_id);
    assert_eq!(created["createdAt"], created["updatedAt"]);
    assert_eq!(sb.get(&path(&created), &key).await.body, created);

    sb.advance_clock(30).await;
    let renamed = sb.put(&path(&created), &key, json!({"name": "  Sub Holdings  "})).await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    assert_eq!(renamed.body["name"], "Sub Holdings");
    for unchanged in ["id", "email", "businessType", "status", "parentId", "createdAt"] {
        assert_eq!(renamed.body[unchanged], created[unchanged], "{unchanged}");
    }
    assert_ne!(renamed.body["updatedAt"], created["updatedAt"]);
    assert_eq!(sb.get(&path(&created), &key).await.body, renamed.body, "stored");

    // Nothing sent, or the same values again: nothing changes, not even updatedAt.
    sb.advance_clock(30).await;
    assert_eq!(sb.put(&path(&created), &key, json!({})).await.body, renamed.body);
    let same = sb.put(&path(&created), &key, json!({"name": "Sub Holdings", "businessType": "fintech"})).await;
    assert_eq!(same.body, renamed.body);

    let free_text =
        sb.put(&path(&created), &key, json!({"businessType": "payroll", "email": "new@sub.example.com"})).await;
    assert_eq!(free_text.body["businessType"], "payroll");
    assert_eq!(free_text.body["email"], "new@sub.example.com");
    assert_eq!(free_text.body["name"], "Sub Holdings");

    // A partner may update itself; a LIVE key acts for the same partner.
    let me = format!("/v1/partners/{}", sb.ready.partner_id);
    let own = sb.put(&me, &sb.live_key(), json!({"businessType": "remittance"})).await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.body);
    assert_eq!(own.body["id"], sb.ready.partner_id);
    assert_eq!(own.body["businessType"], "remittance");
    assert_eq!(own.body["parentId"], Value::Null);
}

#[tokio::test]
async fn validation_error_lists_every_field() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r = sb.post("/v1/partners", &key, json!({"name": " ", "email": "nope", "businessType": "x".repeat(65)})).await;
    r.assert_error(400, "VALIDATION_ERROR");
    assert_eq!(r.detail_fields(), vec!["name", "email", "businessType"]);
    let r = sb.post("/v1/partners", &key, json!({"name": "x".repeat(257), "email": "a@b.co"})).await;
    r.assert_error(400, "VALIDATION_ERROR");
    assert_eq!(r.body["error"]["details"][0]["code"], "too_long");
    let r = sb.post("/v1/partners", &key, json!({"email": "a@b.co"})).await;
    r.assert_error(400, "VALIDATION_ERROR");
    assert_eq!(r.detail_fields(), vec!["name"]);

    let sub = sub_partner(&sb, &key, "ops@sub.example.com").await;
    let r = sb.put(&path(&sub), &key, json!({"email": "not-an-email", "name": ""})).await;
    r.assert_error(400, "VALIDATION_ERROR");
    assert_eq!(r.detail_fields(), vec!["name", "email"]);
    let r = sb.put(&path(&sub), &key, json!({"status": "suspended"})).await;
    r.assert_error(400, "VALIDATION_ERROR");
    assert_eq!(r.detail_fields(), vec!["status"]);
    assert_eq!(r.body["error"]["details"][0]["code"], "unknown_field");
    assert_eq!(sb.get(&path(&sub), &key).await.body, sub, "nothing changed");
}

#[tokio::test]
async fn unauthorized_without_a_valid_key() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let me = format!("/v1/partners/{}", sb.ready.partner_id);
    for auth in [Auth::None, Auth::Key("sk_test_nope".into()), bearer] {
        sb.put(&me, &auth, json!({"name": "x"})).await.assert_error(401, "UNAUTHORIZED");
        sb.get(&me, &auth).await.assert_error(401, "UNAUTHORIZED");
        sb.post("/v1/partners", &auth, json!({"name": "x", "email": "a@b.co"})).await.assert_error(401, "UNAUTHORIZED");
    }
    // The re-rendered envelope still echoes the caller's correlation id.
    let r = sb.send(sb.request(Method::GET, &me, &Auth::None).header("X-Request-ID", "corr-42")).await;
    assert_eq!(r.assert_error(401, "UNAUTHORIZED")["correlation_id"], "corr-42");
}

#[tokio::test]
async fn forbidden_for_other_partners_and_not_found_for_unknown_ids() {
    let sb = spawn_sandbox().await;
    let sub = sub_partner(&sb, &sb.test_key(), "ops@sub.example.com").await;
    let other_bearer = sb.other_partner().await;
    let (_, secret) = sb.new_app_key(&other_bearer, "TEST").await;
    let other = Auth::Key(secret);
    let theirs = sub_partner(&sb, &other, "theirs@example.com").await;

    let r = sb.put(&path(&sub), &other, json!({"name": "Taken over"})).await;
    let error = r.assert_error(403, "FORBIDDEN");
    assert_eq!(error["details"], json!([]));
    sb.get(&path(&sub), &other).await.assert_error(403, "FORBIDDEN");
    sb.put(&format!("/v1/partners/{}", sb.ready.partner_id), &other, json!({})).await.assert_error(403, "FORBIDDEN");
    sb.put(&path(&theirs), &sb.test_key(), json!({"name": "x"})).await.assert_error(403, "FORBIDDEN");
    // Refused before the body is judged.
    sb.put(&path(&sub), &other, json!({"email": "bad"})).await.assert_error(403, "FORBIDDEN");
    assert_eq!(sb.get(&path(&sub), &sb.test_key()).await.body, sub, "untouched");

    let r = sb.put("/v1/partners/prtnr_00000000000000000000000000000000", &sb.test_key(), json!({"name": "x"})).await;
    r.assert_error(404, "PARTNER_NOT_FOUND");
    sb.get("/v1/partners/whatever", &sb.test_key()).await.assert_error(404, "PARTNER_NOT_FOUND");
}

#[tokio::test]
async fn duplicate_email_is_case_insensitive_across_the_platform() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let a = sub_partner(&sb, &key, "a@example.com").await;
    let b = sub_partner(&sb, &key, "b@example.com").await;
    let r = sb.put(&path(&b), &key, json!({"email": "A@Example.COM"})).await;
    let error = r.assert_error(409, "DUPLICATE_EMAIL");
    assert!(error["message"].as_str().unwrap().contains("A@Example.COM"));
    assert_eq!(sb.get(&path(&b), &key).await.body, b, "unchanged");
    // The demo partner's email, and another partner's sub-partner's, are taken too.
    sb.post("/v1/partners", &key, json!({"name": "x", "email": "PARTNER@payctl.local"}))
        .await
        .assert_error(409, "DUPLICATE_EMAIL");
    let other_bearer = sb.other_partner().await;
    let (_, secret) = sb.new_app_key(&other_bearer, "TEST").await;
    sb.post("/v1/partners", &Auth::Key(secret), json!({"name": "x", "email": "b@EXAMPLE.com"}))
        .await
        .assert_error(409, "DUPLICATE_EMAIL");
    // A partner may re-case its own email.
    let recased = sb.put(&path(&a), &key, json!({"email": "A@example.com"})).await;
    assert_eq!(recased.status, StatusCode::OK, "{}", recased.body);
    assert_eq!(recased.body["email"], "A@example.com");
}

#[tokio::test]
async fn replayed_answers_keep_the_flat_codes() {
    let sb = spawn_sandbox().await;
    let post = |body: Value| {
        sb.request(Method::POST, "/v1/partners", &sb.test_key()).header("Idempotency-Key", "k-1").json(&body)
    };
    let first = sb.send(post(json!({"name": "", "email": "a@b.co"}))).await;
    first.assert_error(400, "VALIDATION_ERROR");
    let again = sb.send(post(json!({"name": "", "email": "a@b.co"}))).await;
    again.assert_error(400, "VALIDATION_ERROR");
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    let r = sb
        .send(sb.request(Method::POST, "/v1/partners", &sb.test_key()).header("Idempotency-Key", "").json(&json!({})))
        .await;
    r.assert_error(400, "VALIDATION_ERROR");
}
