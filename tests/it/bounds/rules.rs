//! Fault rules are bounded (per application, per partner, globally, and the
//! size of `match.path`), refused with 409 `FAULT_RULE_LIMIT` or 400 with
//! nothing stored; and every match a rule counts is on disk before the
//! request goes on, so a sandbox killed outright goes on from it.

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::start;
use crate::support::{Auth, TestSandbox};

const PER_APPLICATION: usize = 100;
const PER_PARTNER: usize = 1_000;
const GLOBAL: usize = 100;

fn rule() -> Value {
    json!({"match": {"operation_id": "getCustomer"}, "fault": {"kind": "error", "status": 503}, "times": 1})
}

/// Adds `n` rules with `auth`, all accepted.
async fn add(sb: &TestSandbox, auth: &Auth, n: usize, body: Value) {
    for chunk in (0..n).collect::<Vec<_>>().chunks(50) {
        for r in join_all(chunk.iter().map(|_| sb.post("/sandbox/faults", auth, body.clone()))).await {
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        }
    }
}

async fn count(sb: &TestSandbox, auth: &Auth) -> usize {
    let r = sb.get("/sandbox/faults", auth).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["data"].as_array().unwrap().len()
}

#[tokio::test]
async fn rules_are_capped_per_application_per_partner_and_globally_and_paths_are_bounded() {
    let running = start(&["--rate-limit", "off"]);
    let sb = &running.sb;
    let bearer = sb.login().await;

    // A path of 900 KB is refused as too long, and so is one just over 2,048 characters.
    for len in [900_000, 2_049] {
        let body = json!({"match": {"path": format!("/v1/customers/{}", "a".repeat(len))}, "fault": {"kind": "reset"}});
        let r = sb.post("/sandbox/faults", &sb.test_key(), body).await;
        r.assert_error(400, "VAL_0001");
        assert_eq!(r.detail_issues(), vec![("match.path".to_owned(), "too_long".to_owned())]);
    }
    assert_eq!(count(sb, &sb.test_key()).await, 0, "nothing stored");

    // One application: 100 rules, then 409.
    add(sb, &sb.test_key(), PER_APPLICATION, rule()).await;
    let refused = sb.post("/sandbox/faults", &sb.test_key(), rule()).await;
    let error = refused.assert_error(409, "FAULT_RULE_LIMIT");
    assert!(error["message"].as_str().unwrap().contains("100 fault rules"), "{error}");
    // A drill, which adds rules of its own, is refused the same way and starts nothing.
    sb.post("/sandbox/drill", &sb.test_key(), json!({})).await.assert_error(409, "FAULT_RULE_LIMIT");
    assert_eq!(count(sb, &sb.test_key()).await, PER_APPLICATION);

    // One partner: 1,000 across its applications (the demo TEST application holds 100).
    let mut last_key = None;
    for _ in 0..(PER_PARTNER - PER_APPLICATION) / PER_APPLICATION {
        let (_, key) = sb.new_app_key(&bearer, "TEST").await;
        let key = Auth::Key(key);
        add(sb, &key, PER_APPLICATION, rule()).await;
        last_key = Some(key);
    }
    let (_, fresh) = sb.new_app_key(&bearer, "TEST").await;
    let refused = sb.post("/sandbox/faults", &Auth::Key(fresh), rule()).await;
    let error = refused.assert_error(409, "FAULT_RULE_LIMIT");
    assert!(error["message"].as_str().unwrap().contains("partner"), "{error}");

    // Another partner is not held to the first one's count.
    let other = sb.other_partner().await;
    let (_, other_key) = sb.new_app_key(&other, "TEST").await;
    let other_key = Auth::Key(other_key);
    let own = json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error"}, "times": 1});
    assert_eq!(sb.post("/sandbox/faults", &other_key, own).await.status, StatusCode::CREATED);

    // Removing a rule makes room again.
    let last_key = last_key.unwrap();
    let listed = sb.get("/sandbox/faults", &last_key).await;
    let id = listed.body["data"][0]["id"].as_str().unwrap().to_owned();
    assert_eq!(sb.delete(&format!("/sandbox/faults/{id}"), &last_key).await.status, StatusCode::NO_CONTENT);
    assert_eq!(sb.post("/sandbox/faults", &last_key, rule()).await.status, StatusCode::CREATED);

    // Another partner's requests meet none of the first one's rules.
    let r = sb.get("/v1/customers/01a21379-044a-74e6-b9c4-5dcdd1a6af61", &other_key).await;
    r.assert_error(404, "CNT_0001");

    // The operator's global rules: 100.
    let global = json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "reset"}, "times": 1});
    add(sb, &sb.control(), GLOBAL, global.clone()).await;
    sb.post("/sandbox/faults", &sb.control(), global).await.assert_error(409, "FAULT_RULE_LIMIT");
}

/// A `skip: 5` rule matched 3 times, then the sandbox killed outright: the
/// restarted sandbox goes on from 3 matches, so the rule fires at the 6th
/// matching request, not the 9th; the `probability` rule's draws go on
/// from where they were too.
#[tokio::test]
async fn every_counted_match_survives_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let db = db.to_str().unwrap();
    let running = start(&["--db", db, "--rate-limit", "off"]);
    let key = running.sb.test_key();
    let body = json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error", "status": 503},
        "skip": 5, "times": 1});
    let r = running.sb.post("/sandbox/faults", &key, body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let id = r.body["id"].as_str().unwrap().to_owned();
    for _ in 0..3 {
        assert_eq!(running.sb.get("/v1/customers", &key).await.status, StatusCode::OK);
    }
    let test_app = running.sb.ready.test_application_id.clone();
    running.kill();

    let running = start(&["--db", db, "--rate-limit", "off"]);
    // Each start mints new keys for the seeded applications.
    assert_eq!(running.sb.ready.test_application_id, test_app);
    let key = running.sb.test_key();
    let listed = running.sb.get("/sandbox/faults", &key).await;
    let kept = listed.body["data"].as_array().unwrap().iter().find(|r| r["id"] == id.as_str()).unwrap().clone();
    assert_eq!((kept["matched"].clone(), kept["hits"].clone()), (json!(3), json!(0)), "{kept}");
    let statuses: Vec<u16> = {
        let mut out = Vec::new();
        for _ in 0..3 {
            out.push(running.sb.get("/v1/customers", &key).await.status.as_u16());
        }
        out
    };
    assert_eq!(statuses, vec![200, 200, 503], "the rule fires at the 6th matching request");
}
