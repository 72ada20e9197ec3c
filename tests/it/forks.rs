//! Forks (`POST /sandbox/fork`): a new TEST application holding a copy of
//! another's world. The copy answers every read as the original did (its
//! ids mapped), keeps no original id in its rows, signs webhooks with new
//! secrets, and from then on lives apart: writes, clock moves, flows that
//! complete later and deliveries in one never reach the other.

use std::collections::{BTreeMap, HashMap};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Auth, TestSandbox, factories, spawn_with};
use crate::transactions::{new_key, post_txn};
use crate::webhooks::{Receiver, create as create_endpoint, verifies};

/// What a test seeded in the original application.
pub(crate) struct World {
    pub customer: String,
    pub pending_customer: String,
    pub beneficiary: String,
    pub open_quote: String,
    pub transaction: String,
    pub endpoint: String,
    pub secret: String,
}

/// An onboarded world, as a partner would build it: customers (one still
/// pending), a beneficiary, a quote left open, a transaction in flight
/// (a move still pending), a customer markup, a fault rule, a webhook
/// endpoint, and a clock an hour ahead.
pub(crate) async fn build_world(sb: &TestSandbox, key: &Auth, receiver: &Receiver) -> World {
    let endpoint = create_endpoint(sb, key, &receiver.url, &["settlement.completed"]).await;
    let customer = factories::customer_named(sb, key, "Forked Trading LLC", true).await;
    let pending_customer = factories::customer_named(sb, key, "Pending Imports LLC", false).await;
    let beneficiary = factories::beneficiary_of(sb, key, &customer, "USDC").await;
    sb.advance_clock_of(key, 3600).await;
    let bearer = sb.login().await;
    let markup =
        sb.put(&format!("/v1/pricing/customers/{customer}/markup"), &bearer, json!({"kind": "BPS", "value": 50})).await;
    assert!(markup.status.is_success(), "{}", markup.body);
    let rule = sb
        .post("/sandbox/faults", key, json!({"match": {"operation_id": "listPayments"}, "fault": {"kind": "error"}}))
        .await;
    assert_eq!(rule.status, StatusCode::CREATED, "{}", rule.body);
    let quote = crate::quotes::accepted_quote(sb, key, "25000").await;
    let open_quote = crate::quotes::create_quote(sb, key, "700").await["id"].as_str().unwrap().to_owned();
    let t = post_txn(sb, key, &new_key(), json!({"quote_id": quote, "beneficiary_id": beneficiary})).await;
    assert_eq!(t.status, StatusCode::CREATED, "{}", t.body);
    // Processing now; it settles 20 s of its clock later.
    sb.advance_clock_of(key, 10).await;
    World {
        customer,
        pending_customer,
        beneficiary,
        open_quote,
        transaction: t.body["id"].as_str().unwrap().to_owned(),
        endpoint: endpoint["id"].as_str().unwrap().to_owned(),
        secret: endpoint["secret"].as_str().unwrap().to_owned(),
    }
}

/// `value` with every original id replaced by its fork's.
fn mapped(value: &Value, ids: &BTreeMap<String, String>) -> Value {
    let mut text = value.to_string();
    // Longest first, so no id is replaced inside a longer one.
    let mut pairs: Vec<_> = ids.iter().collect();
    pairs.sort_by_key(|(old, _)| std::cmp::Reverse(old.len()));
    for (old, new) in pairs {
        text = text.replace(old.as_str(), new);
    }
    serde_json::from_str(&text).unwrap()
}

/// The reads a partner's test would make of a world.
const READS: &[&str] = &["/v1/customers", "/v1/transactions", "/v1/balances", "/v1/webhooks"];

async fn fork(sb: &TestSandbox, auth: &Auth, body: Value) -> Value {
    let r = sb.post("/sandbox/fork", auth, body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

/// Every row's text, table by table, of rows past `mark` (table → highest
/// row id before), leaving out what is not the world's: the request log and
/// the stored answers of idempotent requests (the fork's own answer names
/// the original's ids, by design).
fn rows_after(db: &std::path::Path, mark: &HashMap<String, i64>) -> Vec<(String, String)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut out = Vec::new();
    for (table, after) in mark {
        if ["request_logs", "request_log_exchanges", "idempotency_keys"].contains(&table.as_str()) {
            continue;
        }
        let mut stmt = conn.prepare(&format!("SELECT * FROM \"{table}\" WHERE rowid > ?1")).unwrap();
        let n = stmt.column_count();
        let rows = stmt
            .query_map([after], |r| {
                Ok((0..n)
                    .map(|i| match r.get_ref(i).unwrap() {
                        rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
                        other => format!("{other:?}"),
                    })
                    .collect::<Vec<_>>()
                    .join("|"))
            })
            .unwrap()
            .map(Result::unwrap)
            .collect::<Vec<_>>();
        out.extend(rows.into_iter().map(|row| (table.clone(), row)));
    }
    out
}

fn mark(db: &std::path::Path) -> HashMap<String, i64> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    tables
        .into_iter()
        .map(|t| {
            let max =
                conn.query_row(&format!("SELECT COALESCE(MAX(rowid), 0) FROM \"{t}\""), [], |r| r.get(0)).unwrap();
            (t, max)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fork_reads_like_the_original_then_lives_apart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let sb = spawn_with(payctl_sandbox::Storage::File(db.clone())).await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    let world = build_world(&sb, &key, &receiver).await;
    let before = mark(&db);

    let forked = fork(&sb, &key, json!({"name": "Checkout tests"})).await;
    assert_eq!(forked["application"]["name"], "Checkout tests");
    assert_eq!(forked["application"]["environment"], "TEST");
    assert_eq!(forked["forked_from"], sb.ready.test_application_id.as_str());
    let ids: BTreeMap<String, String> = serde_json::from_value(forked["ids"].clone()).unwrap();
    for original in [&world.customer, &world.pending_customer, &world.beneficiary, &world.transaction, &world.endpoint]
    {
        let copy = &ids[original.as_str()];
        assert_ne!(copy, original);
        assert_eq!(copy.len(), original.len(), "ids keep their shape");
    }
    assert_eq!(ids[&sb.ready.test_application_id], forked["application"]["id"].as_str().unwrap());
    let not_copied: Vec<String> = serde_json::from_value(forked["not_copied"].clone()).unwrap();
    for table in ["request_logs", "webhook_deliveries", "idempotency_keys", "api_keys"] {
        assert!(not_copied.contains(&table.to_owned()), "{not_copied:?}");
    }
    let fork_key = Auth::Key(forked["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let fork_endpoint = &ids[&world.endpoint];
    let fork_secret = forked["webhook_secrets"][fork_endpoint].as_str().unwrap().to_owned();
    assert_ne!(fork_secret, world.secret);

    // Every read answers alike, ids mapped; only the endpoint's secret differs.
    for path in READS
        .iter()
        .map(|p| (*p).to_owned())
        .chain([format!("/v1/transactions/{}", world.transaction), format!("/v1/customers/{}", world.pending_customer)])
        .chain([format!("/v1/transactions/quote/{}", world.open_quote), "/sandbox/faults".to_owned()])
        .chain([format!("/v1/beneficiaries?customer_id={}", world.customer)])
    {
        let original = sb.get(&path, &key).await;
        let copy = sb.get(mapped(&json!(path), &ids).as_str().unwrap(), &fork_key).await;
        assert_eq!(original.status, StatusCode::OK, "{path}: {}", original.body);
        let mut expected = mapped(&original.body, &ids);
        let mut got = copy.body.clone();
        if path == "/v1/webhooks" {
            assert_ne!(expected["data"][0]["masked_secret"], got["data"][0]["masked_secret"]);
            expected["data"][0]["masked_secret"] = Value::Null;
            got["data"][0]["masked_secret"] = Value::Null;
        }
        assert_eq!(got, expected, "{path}");
    }
    let clock = |auth: Auth| {
        let sb = &sb;
        async move { sb.get("/sandbox/clock", &auth).await.body["offset_seconds"].as_i64().unwrap() }
    };
    assert_eq!(clock(fork_key.clone()).await, clock(key.clone()).await);
    let bearer = sb.login().await;
    let markup = sb.get(&format!("/v1/pricing/customers/{}/markup", ids[&world.customer]), &bearer).await;
    assert_eq!(markup.body["value"], 50, "{}", markup.body);

    // No original id is left in any row the fork wrote; its own ids are there.
    let rows = rows_after(&db, &before);
    let originals: Vec<&String> = ids.keys().collect();
    for (table, row) in &rows {
        for id in &originals {
            assert!(!row.contains(id.as_str()), "{table} keeps original id {id}: {row}");
        }
    }
    assert!(rows.iter().any(|(t, row)| t == "events" && row.contains(&ids[&world.transaction])));

    // Writes in the fork stay there.
    factories::customer_named(&sb, &fork_key, "Only In The Fork", false).await;
    let count = |auth: Auth| {
        let sb = &sb;
        async move { sb.get("/v1/customers", &auth).await.body["data"].as_array().unwrap().len() }
    };
    assert_eq!(count(fork_key.clone()).await, count(key.clone()).await + 1);

    // The fork's clock moves alone: its transaction settles, the original's does not.
    sb.advance_clock_of(&fork_key, 60).await;
    let state = |auth: Auth, id: String| {
        let sb = &sb;
        async move { sb.get(&format!("/v1/transactions/{id}"), &auth).await.body["state"].clone() }
    };
    assert_eq!(state(fork_key.clone(), ids[&world.transaction].clone()).await, "COMPLETED");
    assert_eq!(state(key.clone(), world.transaction.clone()).await, "PROCESSING");
    assert_eq!(clock(fork_key.clone()).await, clock(key.clone()).await + 60);

    // Its delivery is the fork's, signed with the fork's new secret only.
    let got = receiver.wait_for(1).await;
    assert_eq!(got[0].json()["payment_id"], ids[&world.transaction].as_str(), "{:?}", got[0].json());
    assert!(verifies(&got[0], &fork_secret));
    assert!(!verifies(&got[0], &world.secret));
    let deliveries = sb.get(&format!("/v1/webhooks/{}/deliveries", world.endpoint), &key).await;
    assert_eq!(deliveries.body["data"], json!([]), "{}", deliveries.body);

    // Later, the original's own flow completes in its own world.
    sb.advance_clock_of(&key, 60).await;
    assert_eq!(state(key.clone(), world.transaction.clone()).await, "COMPLETED");
    let got = receiver.wait_for(2).await;
    assert_eq!(got[1].json()["payment_id"], world.transaction.as_str());
    assert!(verifies(&got[1], &world.secret));
    assert_eq!(count(fork_key).await, count(key).await + 1);
    sb.shutdown().await;
}

#[tokio::test]
async fn live_is_never_forked_and_the_control_token_names_a_test_application() {
    let sb = crate::support::spawn_sandbox().await;
    sb.post("/sandbox/fork", &sb.live_key(), json!({})).await.assert_error(403, "ATH_0002");
    let live = json!({"application_id": sb.ready.live_application_id});
    sb.post("/sandbox/fork", &sb.control(), live).await.assert_error(403, "ATH_0002");
    let r = sb.post("/sandbox/fork", &sb.control(), json!({})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), ["application_id"]);
    let elsewhere = json!({"application_id": uuid::Uuid::now_v7().to_string()});
    sb.post("/sandbox/fork", &sb.test_key(), elsewhere).await.assert_error(404, "NOT_FOUND");
    sb.post("/sandbox/fork", &sb.test_key(), json!({"name": ""})).await.assert_error(400, "VAL_0001");

    // The operator forks another partner's TEST application into that partner.
    let bearer = sb.other_partner().await;
    let (app, _) = sb.new_app_key(&bearer, "TEST").await;
    let forked = fork(&sb, &sb.control(), json!({"application_id": app})).await;
    let mine = sb.get(&format!("/v1/applications/{}", forked["application"]["id"].as_str().unwrap()), &bearer).await;
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.body);
    assert!(mine.body["name"].as_str().unwrap().ends_with(" (fork)"));
    // A fork is forked in turn; an empty application forks to an empty one.
    let key = Auth::Key(forked["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let again = fork(&sb, &key, json!({})).await;
    assert_eq!(again["copied"], json!({}));
    assert_eq!(again["ids"].as_object().unwrap().len(), 1, "only the application itself");
    sb.shutdown().await;
}

/// Deleting a fork (`DELETE /sandbox/applications/{id}`) removes every row
/// of it, in every table, history and keys included: its key is refused,
/// its reads answer 404, and the original reads as it did.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_fork_leaves_no_row_behind_and_the_original_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let sb = spawn_with(payctl_sandbox::Storage::File(db.clone())).await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    let world = build_world(&sb, &key, &receiver).await;
    let before = mark(&db);
    let mut reads = Vec::new();
    for path in READS {
        reads.push(sb.get(path, &key).await.body);
    }

    let forked = fork(&sb, &key, json!({})).await;
    let fork_id = forked["application"]["id"].as_str().unwrap().to_owned();
    let fork_key = Auth::Key(forked["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let key_id = forked["api_key"]["api_key_id"].as_str().unwrap().to_owned();
    let ids: BTreeMap<String, String> = serde_json::from_value(forked["ids"].clone()).unwrap();
    // The fork lives a little: a customer, its flow settled, a delivery, logged requests.
    let created = sb
        .send(sb.request(reqwest::Method::POST, "/v1/customers", &fork_key).header("Idempotency-Key", new_key()).json(
            &json!({"type": "business", "legal_name": "Fork Only LLC", "email": "fork@example.com", "country": "AE",
                    "verification_level": "standard", "tax_id": "TRN-1"}),
        ))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    sb.advance_clock_of(&fork_key, 60).await;
    receiver.wait_for(1).await;

    let bearer = sb.login().await;
    let path = format!("/sandbox/applications/{fork_id}");
    sb.delete(&path, &fork_key).await.assert_error(403, "ATH_0002");
    sb.delete(&path, &sb.other_partner().await).await.assert_error(404, "NOT_FOUND");
    let deleted = sb.delete(&path, &bearer).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    assert_eq!(deleted.body["id"], fork_id.as_str());
    for table in ["applications", "api_keys", "customers", "transactions", "ledger_postings", "webhook_deliveries"] {
        assert!(deleted.body["deleted"][table].as_i64().unwrap() > 0, "{table}: {}", deleted.body);
    }
    assert!(deleted.body["deleted"]["request_logs"].as_i64().unwrap() > 0, "{}", deleted.body);

    // Gone: its key, its reads, a second delete.
    sb.get("/v1/customers", &fork_key).await.assert_error(401, "ATH_0001");
    sb.get(&format!("/v1/applications/{fork_id}"), &bearer).await.assert_error(404, "NOT_FOUND");
    sb.get(&format!("/sandbox/snapshot?application_id={fork_id}"), &sb.control()).await.assert_error(404, "NOT_FOUND");
    sb.delete(&path, &sb.control()).await.assert_error(404, "NOT_FOUND");

    // No row of it anywhere: every table's rows since the fork name none of
    // its ids; only the original's history of having forked remains (its
    // request log and the stored answer of its POST /sandbox/fork).
    let conn = rusqlite::Connection::open(&db).unwrap();
    let scoped: i64 = conn
        .query_row("SELECT COUNT(*) FROM idempotency_keys WHERE scope = ?1", [format!("app:{fork_id}")], |r| r.get(0))
        .unwrap();
    assert_eq!(scoped, 0);
    let logged: i64 =
        conn.query_row("SELECT COUNT(*) FROM request_logs WHERE api_key_id = ?1", [&key_id], |r| r.get(0)).unwrap();
    assert_eq!(logged, 0);
    let fork_ids: Vec<&String> = ids.values().chain([&key_id]).collect();
    for (table, row) in rows_after(&db, &before) {
        for id in &fork_ids {
            assert!(!row.contains(id.as_str()), "{table} keeps the deleted fork's {id}: {row}");
        }
    }

    // The original reads as before, its flow still its own.
    for (path, expected) in READS.iter().zip(&reads) {
        assert_eq!(&sb.get(path, &key).await.body, expected, "{path}");
    }
    let state = sb.get(&format!("/v1/transactions/{}", world.transaction), &key).await;
    assert_eq!(state.body["state"], "PROCESSING");
    sb.shutdown().await;
}

#[tokio::test]
async fn the_ready_lines_and_live_applications_are_never_deleted() {
    let sb = crate::support::spawn_sandbox().await;
    let path = |id: &str| format!("/sandbox/applications/{id}");
    let refused = sb.delete(&path(&sb.ready.test_application_id), &sb.control()).await;
    refused.assert_error(409, "CONFLICT");
    sb.delete(&path(&sb.ready.live_application_id), &sb.control()).await.assert_error(403, "ATH_0002");
    sb.delete(&path(&sb.ready.test_application_id), &sb.live_key()).await.assert_error(403, "ATH_0002");
    sb.delete(&path("no-such-app"), &sb.control()).await.assert_error(404, "NOT_FOUND");
    sb.delete(&path(&sb.ready.test_application_id), &Auth::None).await.assert_error(401, "ATH_0001");
    assert_eq!(sb.get("/v1/customers", &sb.test_key()).await.status, StatusCode::OK);
    sb.shutdown().await;
}
