//! The rules themselves: what a bad one is told, defaults, listing,
//! removal, reset, and counters that stay exact under concurrency.

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{add_rule, rules};
use crate::support::spawn_sandbox;

#[tokio::test]
async fn a_rule_answers_with_its_defaults_filled_in() {
    let sb = spawn_sandbox().await;
    let r = add_rule(
        &sb,
        &sb.test_key(),
        json!({"match": {"operation_id": "createTransaction", "method": "POST",
                                                            "path": "/v1/transactions"},
                                                  "fault": {"kind": "error"}}),
    )
    .await;
    assert!(r["id"].as_str().unwrap().starts_with("flt_"), "{r}");
    assert_eq!(r["application_id"], sb.ready.test_application_id.as_str());
    assert_eq!(r["fault"], json!({"kind": "error", "status": 503}));
    assert_eq!((r["skip"].as_u64(), r["times"].clone(), r["probability"].as_f64()), (Some(0), Value::Null, Some(1.0)));
    assert_eq!((r["seed"].as_u64(), r["hits"].as_u64(), r["spent"].as_bool()), (Some(0), Some(0), Some(false)));
    let timeout = add_rule(&sb, &sb.test_key(), json!({"fault": {"kind": "timeout"}})).await;
    assert_eq!(timeout["fault"], json!({"kind": "timeout", "delay_ms": 30000}));
    let limited = add_rule(&sb, &sb.test_key(), json!({"fault": {"kind": "rate_limit"}})).await;
    assert_eq!(limited["fault"], json!({"kind": "rate_limit", "retry_after": 2}));
}

#[tokio::test]
async fn bad_rules_are_refused_naming_the_field() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    for (body, field) in [
        (json!({"fault": {"kind": "explode"}}), "fault.kind"),
        (json!({"fault": {"kind": "error", "status": 200}}), "fault.status"),
        (json!({"fault": {"kind": "error"}, "probability": 1.5}), "probability"),
        (json!({"fault": {"kind": "latency", "delay_ms": 0}}), "fault.delay_ms"),
        (json!({"fault": {"kind": "latency"}}), "fault.delay_ms"),
        (json!({"fault": {"kind": "timeout", "delay_ms": 60001}}), "fault.delay_ms"),
        (json!({"fault": {"kind": "reset", "status": 503}}), "fault.status"),
        (json!({"fault": {"kind": "error"}, "match": {"method": "FETCH"}}), "match.method"),
        (json!({"fault": {"kind": "error"}, "match": {"path": "v1/customers"}}), "match.path"),
    ] {
        let r = sb.post("/sandbox/faults", &key, body.clone()).await;
        r.assert_error(400, "VAL_0001");
        assert!(r.detail_fields().contains(&field.to_owned()), "{body}: {}", r.body);
    }
    // A missing fault, an unknown member: the body's own 400s.
    sb.post("/sandbox/faults", &key, json!({})).await.assert_error(400, "VAL_0001");
    sb.post("/sandbox/faults", &key, json!({"fault": {"kind": "error"}, "sometimes": true}))
        .await
        .assert_error(400, "VAL_0001");
    for (body, names) in [
        (json!({"fault": {"kind": "error"}, "match": {"operation_id": "createTransactionn"}}), "createTransaction"),
        (json!({"fault": {"kind": "error"}, "match": {"path": "/v1/nowhere"}}), "/v1/customers"),
        (json!({"fault": {"kind": "error"}, "match": {"operation_id": "advanceSandboxClock"}}), "listCustomers"),
        (json!({"fault": {"kind": "error"}, "match": {"path": "/health"}}), "/v1/transactions"),
        (json!({"fault": {"kind": "error"}, "match": {"operation_id": "listCustomers", "method": "POST"}}), "agree"),
        (json!({"fault": {"kind": "duplicate"}}), "match.event"),
        (json!({"fault": {"kind": "error"}, "match": {"event": "*"}}), "duplicate"),
        (json!({"fault": {"kind": "duplicate"}, "match": {"event": "*", "path": "/v1/customers"}}), "not both"),
    ] {
        let r = sb.post("/sandbox/faults", &key, body.clone()).await;
        let error = r.assert_error(422, "INVALID_FAULT_RULE");
        assert!(error["message"].as_str().unwrap().contains(names), "{body}: {}", r.body);
    }
    assert!(rules(&sb, &key).await.is_empty(), "no refused rule was stored");
}

#[tokio::test]
async fn rules_are_listed_removed_cleared_and_reset() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let a = add_rule(&sb, &key, json!({"fault": {"kind": "latency", "delay_ms": 1}})).await;
    let b = add_rule(&sb, &key, json!({"fault": {"kind": "latency", "delay_ms": 2}})).await;
    let global = add_rule(&sb, &sb.control(), json!({"fault": {"kind": "latency", "delay_ms": 3}})).await;
    let ids = |rules: &[Value]| rules.iter().map(|r| r["id"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    assert_eq!(ids(&rules(&sb, &key).await), [&a["id"], &b["id"], &global["id"]].map(|v| v.as_str().unwrap()));
    let a_id = a["id"].as_str().unwrap();
    assert_eq!(sb.delete(&format!("/sandbox/faults/{a_id}"), &key).await.status, StatusCode::NO_CONTENT);
    sb.delete(&format!("/sandbox/faults/{a_id}"), &key).await.assert_error(404, "NOT_FOUND");
    // A TEST key clears its own rules; the global one stays.
    assert_eq!(sb.delete("/sandbox/faults", &key).await.status, StatusCode::NO_CONTENT);
    assert_eq!(ids(&rules(&sb, &key).await), [global["id"].as_str().unwrap()]);
    add_rule(&sb, &key, json!({"fault": {"kind": "latency", "delay_ms": 4}})).await;
    let reset = sb.post("/sandbox/reset", &sb.control(), json!({})).await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.body);
    assert!(rules(&sb, &sb.control()).await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hits_are_exact_under_concurrent_matching_requests() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    add_rule(&sb, &key, json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error"}, "times": 5}))
        .await;
    let requests = (0..32).map(|_| sb.get("/v1/customers", &key));
    let statuses: Vec<u16> = futures::future::join_all(requests).await.iter().map(|r| r.status.as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 503).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 27, "{statuses:?}");
    let rule = &rules(&sb, &key).await[0];
    assert_eq!(
        (rule["hits"].as_u64(), rule["matched"].as_u64(), rule["spent"].as_bool()),
        (Some(5), Some(5), Some(true))
    );
}

/// A rule's counters are stored in the write that stores the log records
/// of the requests it counted: concurrent matching requests over sockets
/// fire a `times: 5` rule (after `skip: 2`) exactly five times, the
/// database holds the counters as soon as the log holds the records (and
/// agrees with them), and a restart goes on from them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn counters_are_stored_with_the_log_records_of_the_requests_they_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("counters.db");
    let sb = crate::support::spawn_with(payctl_sandbox::Storage::File(path.clone())).await;
    let key = sb.test_key();
    let rule = json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error"}, "skip": 2, "times": 5});
    let id = add_rule(&sb, &key, rule).await["id"].as_str().unwrap().to_owned();
    let requests = (0..32).map(|_| sb.get("/v1/customers", &key));
    let statuses: Vec<u16> = futures::future::join_all(requests).await.iter().map(|r| r.status.as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 503).count(), 5, "{statuses:?}");

    // Reading the log waits for its records; the counters came with them.
    let logs = sb.get("/v1/logs?limit=100&method=GET", &key).await.body;
    let faulted = logs["data"].as_array().unwrap().iter().filter(|r| r["fault"]["rule_id"] == id.as_str()).count();
    assert_eq!(faulted, 5, "{logs}");
    let stored = || {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.query_row("SELECT matched, hits FROM fault_rules WHERE public_id = ?1", [&id], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?))
        })
        .unwrap()
    };
    assert_eq!(stored(), (7, 5), "two skipped, five fired");
    sb.shutdown().await;

    let sb = crate::support::spawn_with(payctl_sandbox::Storage::File(path.clone())).await;
    let key = sb.test_key();
    let listed = rules(&sb, &key).await;
    assert_eq!((listed[0]["matched"].as_u64(), listed[0]["hits"].as_u64()), (Some(7), Some(5)), "{listed:?}");
    assert_eq!(sb.get("/v1/customers", &key).await.status, StatusCode::OK, "spent");
    sb.shutdown().await;
}

#[tokio::test]
async fn rules_survive_a_restart_of_a_file_backed_sandbox() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("faults.db");
    let sb = crate::support::spawn_with(payctl_sandbox::Storage::File(path.clone())).await;
    let key = sb.test_key();
    add_rule(&sb, &key, json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error"}, "times": 2}))
        .await;
    assert_eq!(sb.get("/v1/customers", &key).await.status, StatusCode::SERVICE_UNAVAILABLE);
    // Stored with the request's log record, which a clean stop writes.
    sb.shutdown().await;
    let sb = crate::support::spawn_with(payctl_sandbox::Storage::File(path)).await;
    let key = sb.test_key();
    let listed = rules(&sb, &key).await;
    assert_eq!(listed[0]["hits"], 1, "{listed:?}");
    assert_eq!(sb.get("/v1/customers", &key).await.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(sb.get("/v1/customers", &key).await.status, StatusCode::OK, "spent after its second hit");
}

/// A rule and a drill are stored with their answer: the retry of a request
/// with the same `Idempotency-Key` replays it and adds nothing, and a new
/// drill replaces the running one whole (its rules out, the new ones in).
#[tokio::test]
async fn rules_and_drills_are_stored_once_per_key() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let post = |path: &'static str, idem: &'static str, body: Value| {
        let request = sb.request(reqwest::Method::POST, path, &key).header("Idempotency-Key", idem).json(&body);
        sb.send(request)
    };
    let rule = json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error", "status": 503}});
    let first = post("/sandbox/faults", "rule-1", rule.clone()).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let again = post("/sandbox/faults", "rule-1", rule).await;
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(again.raw, first.raw, "the stored answer, byte for byte");
    assert_eq!(rules(&sb, &key).await.len(), 1, "one rule");

    let drill = post("/sandbox/drill", "drill-1", json!({})).await;
    assert_eq!(drill.status, StatusCode::CREATED, "{}", drill.body);
    let drilled: Vec<Value> = drill.body["rules"].as_array().unwrap().clone();
    let replayed = post("/sandbox/drill", "drill-1", json!({})).await;
    assert_eq!(replayed.raw, drill.raw);
    assert_eq!(rules(&sb, &key).await.len(), 1 + drilled.len(), "the drill's rules once");
    // A new drill: the first one's rules are gone, the new ones in force.
    let second = post("/sandbox/drill", "drill-2", json!({})).await;
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.body);
    let now: Vec<String> = rules(&sb, &key).await.iter().map(|r| r["id"].as_str().unwrap().to_owned()).collect();
    assert_eq!(now.len(), 1 + drilled.len());
    assert!(drilled.iter().all(|r| !now.contains(&r["id"].as_str().unwrap().to_owned())), "{now:?}");
}
