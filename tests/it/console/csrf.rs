//! CSRF: every form that changes anything carries the session's token; a
//! form without it, or with another session's, is refused and changes
//! nothing.

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{Browser, Seeded, forms, seeded};

/// What the forms could change, read through the API.
pub async fn snapshot(s: &Seeded) -> Value {
    let sb = &s.sb;
    let (key, bearer) = (sb.test_key(), sb.login().await);
    let app = &sb.ready.test_application_id;
    let get = |path: String, auth: crate::support::Auth| async move { sb.get(&path, &auth).await.body };
    let mut deliveries = get(format!("/v1/webhooks/{}/deliveries", s.endpoint), key.clone()).await;
    // Attempts go on by themselves; what a form could change is the rest.
    for d in deliveries["data"].as_array_mut().unwrap() {
        for volatile in ["attempts", "attempt_count", "next_attempt_at", "updated_at", "status"] {
            d.as_object_mut().unwrap().remove(volatile);
        }
    }
    let mut transaction = get(format!("/v1/transactions/{}", s.transaction), key.clone()).await;
    // PENDING moves to PROCESSING by itself; only an end is a form's doing.
    let ended = matches!(transaction["state"].as_str(), Some("COMPLETED" | "FAILED"));
    transaction = json!({ "ended": ended });
    let mut clock = get("/sandbox/clock".into(), key.clone()).await;
    clock = json!({ "offset_seconds": clock["offset_seconds"] });
    json!({
        "applications": get("/v1/applications".into(), bearer.clone()).await["data"].as_array().unwrap().len(),
        "keys": get(format!("/v1/applications/{app}/keys"), bearer.clone()).await,
        "endpoints": get("/v1/webhooks".into(), key.clone()).await,
        "deliveries": deliveries,
        "transaction": transaction,
        "customer": get(format!("/v1/customers/{}", s.customer), key.clone()).await["kyb_status"],
        "markup": get("/v1/pricing/markup".into(), bearer.clone()).await,
        "overrides": get("/v1/pricing/customers".into(), bearer.clone()).await,
        "wallets": get("/v1/partner-wallets".into(), bearer.clone()).await,
        "clock": clock,
        "faults": get("/sandbox/faults".into(), key.clone()).await,
        "triggered": get("/v1/logs?endpoint=/sandbox/events/trigger".into(), key.clone()).await["data"].as_array().unwrap().len(),
    })
}

#[tokio::test]
async fn every_form_refuses_a_missing_or_foreign_token() {
    let s = seeded().await;
    let app = s.sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(&s.sb).await;
    let mut other = Browser::demo(&s.sb).await;
    let foreign = other.csrf().await;
    assert_ne!(foreign, browser.csrf().await, "each session has its own token");
    let before = snapshot(&s).await;
    for (path, fields) in forms(&s, &app) {
        let base: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        for csrf in [None, Some(""), Some(foreign.as_str()), Some("0000")] {
            let mut all = base.clone();
            all.push(("idem", "a-fresh-key"));
            if let Some(c) = csrf {
                all.push(("csrf", c));
            }
            let page = browser.post_raw(&path, &all).await;
            assert_eq!(page.status, StatusCode::FORBIDDEN, "{path} with {csrf:?}: {}", page.html);
            assert!(page.html.contains("CSRF token"), "{path}");
        }
    }
    // Still signed in (the forged sign-out did nothing), and nothing changed.
    browser.get("/console/overview").await.assert_ok();
    assert_eq!(snapshot(&s).await, before);
    // The genuine token works.
    let page = browser.post(&format!("/console/apps/{app}/customers/{}/approve", s.customer), &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(
        s.sb.get(&format!("/v1/customers/{}", s.customer), &s.sb.test_key()).await.body["kyb_status"],
        "approved"
    );
}
