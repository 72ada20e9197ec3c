//! Uniqueness of emails and usernames under Unicode: spellings a reader
//! cannot tell apart (case beyond ASCII, NFC and NFD, the Kelvin sign,
//! fullwidth letters) are one; invisible characters are refused; what the
//! partner sent is what is shown. (Databases from before keep their rows:
//! see db::migrations' tests.)

use reqwest::StatusCode;
use serde_json::json;

use crate::customers::customer_body;
use crate::support::{Auth, TestSandbox, spawn_sandbox};

async fn customer(sb: &TestSandbox, key: &Auth, email: &str) -> crate::support::Reply {
    sb.post("/v1/customers", key, customer_body(email)).await
}

#[tokio::test]
async fn emails_that_look_alike_are_one_customer_and_invisible_characters_are_refused() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    for (first, again) in [
        ("Äx@u.test", "äx@u.test"),
        ("Öy@u.test", "O\u{308}y@u.test"),
        ("\u{212A}elvin@u.test", "kelvin@u.test"),
        ("full@u.test", "ＦＵＬＬ@u.test"),
        ("straße@u.test", "STRASSE@u.test"),
    ] {
        let created = customer(&sb, &key, first).await;
        assert_eq!(created.status, StatusCode::CREATED, "{first}: {}", created.body);
        assert_eq!(created.body["email"], first, "shown as sent");
        let r = customer(&sb, &key, again).await;
        r.assert_error(409, "DUPLICATE_EMAIL");
        assert_eq!(r.detail_issues(), vec![("email".to_owned(), "duplicate".to_owned())], "{again}");
    }
    for invisible in ["a\u{200B}b@u.test", "\u{FEFF}ab@u.test", "a\u{200D}b@u.test", "a\u{00AD}b@u.test"] {
        let r = customer(&sb, &key, invisible).await;
        r.assert_error(400, "VAL_0001");
        assert_eq!(r.detail_issues(), vec![("email".to_owned(), "invalid".to_owned())]);
        assert!(r.body["error"]["message"].as_str().unwrap().contains("invisible"), "{}", r.body);
    }
    // Another application may use the same email.
    let bearer = sb.login().await;
    let (_, other) = sb.new_app_key(&bearer, "TEST").await;
    assert_eq!(customer(&sb, &Auth::Key(other), "ÄX@u.test").await.status, StatusCode::CREATED);
    let list = sb.get("/v1/customers?limit=100", &key).await;
    assert_eq!(list.body["data"].as_array().unwrap().len(), 5, "nothing but the five firsts");
}

#[tokio::test]
async fn partners_and_dashboard_users_follow_the_same_rule() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let sub = sb.post("/v1/partners", &key, json!({"name": "Sub", "email": "Ünal@u.test"})).await;
    assert_eq!(sub.status, StatusCode::CREATED, "{}", sub.body);
    assert_eq!(sub.body["email"], "Ünal@u.test");
    sb.post("/v1/partners", &key, json!({"name": "Sub 2", "email": "u\u{308}nal@U.TEST"}))
        .await
        .assert_error(409, "DUPLICATE_EMAIL");
    sb.post("/v1/partners", &key, json!({"name": "Sub 3", "email": "ü\u{2060}nal@u.test"}))
        .await
        .assert_error(400, "VALIDATION_ERROR");

    let user = |name: &str| json!({"username": name, "password": "password-123"});
    let created = sb.post("/sandbox/users", &sb.control(), user("Straße-ops")).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    assert_eq!(created.body["username"], "Straße-ops");
    sb.post("/sandbox/users", &sb.control(), user("STRASSE-OPS")).await.assert_error(409, "CONFLICT");
    let r = sb.post("/sandbox/users", &sb.control(), user("ops\u{200B}-x")).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["username"]);
    // Any spelling of the name signs in as that user.
    for spelling in ["Straße-ops", "strasse-OPS", "ＳＴＲＡＳＳＥ-ops"] {
        let bearer = sb.login_as(spelling, "password-123").await;
        assert_eq!(sb.get("/v1/auth/me", &bearer).await.body["username"], "Straße-ops");
    }
}
