//! Whose requests a rule touches: its own application's, or (a global rule)
//! every TEST application's; never a LIVE application's, never another
//! partner's.

use reqwest::StatusCode;
use serde_json::json;

use super::{add_rule, rules};
use crate::support::{Auth, spawn_sandbox};

#[tokio::test]
async fn an_applications_rule_never_touches_another_application() {
    let sb = spawn_sandbox().await;
    let mine = sb.test_key();
    let bearer = sb.login().await;
    let (_, other) = sb.new_app_key(&bearer, "TEST").await;
    let other = Auth::Key(other);
    add_rule(&sb, &mine, json!({"fault": {"kind": "error"}})).await;
    assert_eq!(sb.get("/v1/customers", &mine).await.status, StatusCode::SERVICE_UNAVAILABLE);
    for _ in 0..5 {
        assert_eq!(sb.get("/v1/customers", &other).await.status, StatusCode::OK);
    }
    assert!(rules(&sb, &other).await.is_empty(), "the other application sees none of it");
}

#[tokio::test]
async fn a_global_rule_touches_every_test_application_and_no_live_one() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let (_, second) = sb.new_app_key(&bearer, "TEST").await;
    let third_bearer = sb.other_partner().await;
    let (_, third) = sb.new_app_key(&third_bearer, "TEST").await;
    let (_, live) = sb.new_app_key(&third_bearer, "LIVE").await;
    let rule = add_rule(
        &sb,
        &sb.control(),
        json!({"match": {"operation_id": "listCustomers"},
                                                    "fault": {"kind": "error", "status": 500}}),
    )
    .await;
    assert_eq!(rule["application_id"], serde_json::Value::Null);
    for key in [sb.ready.test_api_key.clone(), second, third] {
        let r = sb.get("/v1/customers", &Auth::Key(key)).await;
        r.assert_error(500, "INTERNAL_ERROR");
    }
    for key in [sb.ready.live_api_key.clone(), live] {
        assert_eq!(sb.get("/v1/customers", &Auth::Key(key)).await.status, StatusCode::OK);
    }
    // A TEST key sees the global rule that applies to it, but may not remove it.
    let seen = rules(&sb, &sb.test_key()).await;
    assert_eq!(seen.len(), 1);
    let id = rule["id"].as_str().unwrap();
    sb.delete(&format!("/sandbox/faults/{id}"), &sb.test_key()).await.assert_error(403, "ATH_0002");
    assert_eq!(sb.delete(&format!("/sandbox/faults/{id}"), &sb.control()).await.status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn live_keys_and_live_applications_are_refused() {
    let sb = spawn_sandbox().await;
    let body = json!({"fault": {"kind": "error"}});
    sb.post("/sandbox/faults", &sb.live_key(), body.clone()).await.assert_error(403, "ATH_0002");
    sb.get("/sandbox/faults", &sb.live_key()).await.assert_error(403, "ATH_0002");
    let mut for_live = body;
    for_live["application_id"] = json!(sb.ready.live_application_id);
    let refused = sb.post("/sandbox/faults", &sb.control(), for_live).await;
    refused.assert_error(403, "ATH_0002");
    let message = refused.body["error"]["message"].as_str().unwrap();
    assert!(message.contains("no fault rule ever applies to it"), "the faults' own reason, not the clock's: {message}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_partners_each_with_rules_in_parallel_meet_only_their_own() {
    let sb = spawn_sandbox().await;
    let a = sb.test_key();
    let b_bearer = sb.other_partner().await;
    let (_, b) = sb.new_app_key(&b_bearer, "TEST").await;
    let b = Auth::Key(b);
    add_rule(
        &sb,
        &a,
        json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error", "status": 502},
                             "times": 10}),
    )
    .await;
    add_rule(
        &sb,
        &b,
        json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "rate_limit"},
                             "skip": 5, "times": 10}),
    )
    .await;
    let run = |auth: Auth| {
        let sb = &sb;
        async move {
            let mut statuses = Vec::new();
            for _ in 0..20 {
                statuses.push(sb.get("/v1/customers", &auth).await.status.as_u16());
            }
            statuses
        }
    };
    let (sa, sbs) = tokio::join!(run(a.clone()), run(b.clone()));
    assert_eq!(sa, [vec![502; 10], vec![200; 10]].concat());
    assert_eq!(sbs, [vec![200; 5], vec![429; 10], vec![200; 5]].concat());
}

#[tokio::test]
async fn a_tools_own_reads_neither_meet_a_fault_nor_spend_a_rule() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    add_rule(&sb, &key, json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error"}, "times": 2}))
        .await;
    // What `payctl listen` and `logs export` send on their own behalf: a
    // marker signed for this one read with the key it is sent with.
    let Auth::Key(secret) = &key else { unreachable!() };
    let now = chrono::Utc::now().timestamp_millis();
    let marker = payctl_domain::tool_read::sign(secret, "GET", "/v1/customers", now, "nonce-1");
    let own = sb.request(reqwest::Method::GET, "/v1/customers", &key).header("X-Sandbox-Tool", &marker);
    let read = sb.send(own).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    let rule = &rules(&sb, &key).await[0];
    assert_eq!((rule["matched"].as_u64(), rule["hits"].as_u64()), (Some(0), Some(0)), "{rule}");
    // The integration copying that header, or the old fixed one, is still
    // the integration: it meets the rule.
    let copied = sb.request(reqwest::Method::GET, "/v1/customers", &key).header("X-Sandbox-Tool", &marker);
    sb.send(copied).await.assert_error(503, "SERVICE_UNAVAILABLE");
    let fixed = sb.request(reqwest::Method::GET, "/v1/customers", &key).header("X-Sandbox-Unlogged", "true");
    sb.send(fixed).await.assert_error(503, "SERVICE_UNAVAILABLE");
}
