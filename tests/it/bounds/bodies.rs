//! Logged request bodies: a record keeps at most 16 KiB of a body (its
//! start, with the whole body's size and SHA-256), and a partner's records
//! keep at most 16 MiB of bodies across all its applications, the oldest
//! giving theirs up first; another partner's bodies are untouched. An
//! export says which steps are not replayable as recorded and sends no
//! prefix as a body.

use futures::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use super::start;
use crate::cli::Home;
use crate::support::{Auth, TestSandbox};

const PER_RECORD: usize = 16 * 1024;
const PER_PARTNER: usize = 16 * 1024 * 1024;
/// 20 KB bodies: each keeps 16 KiB, and 1,200 of them (18.75 MiB kept)
/// are more than a partner's bound.
const BODIES: usize = 1_200;

/// A body whose redacted text is itself (one key, no secret).
fn body(n: usize, bytes: usize) -> String {
    let head = format!(r#"{{"note":"{n:06}"#);
    format!("{head}{}\"}}", "x".repeat(bytes - head.len() - 2))
}

async fn post(sb: &TestSandbox, key: &str, text: String) {
    let r = sb
        .send(
            sb.request(Method::POST, "/v1/customers", &Auth::Key(key.to_owned()))
                .header("Content-Type", "application/json")
                .body(text),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
}

/// Every record of the key's application, newest first.
async fn records(sb: &TestSandbox, key: &str) -> Vec<Value> {
    let auth = Auth::Key(key.to_owned());
    let mut all = Vec::new();
    let mut page = sb.get("/v1/logs?limit=100&method=POST", &auth).await;
    loop {
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        all.extend(page.body["data"].as_array().unwrap().iter().cloned());
        match page.body["next_cursor"].as_str() {
            Some(cursor) => page = sb.get(&format!("/v1/logs?limit=100&method=POST&cursor={cursor}"), &auth).await,
            None => return all,
        }
    }
}

/// The bytes of body a record keeps.
fn kept(record: &Value) -> usize {
    match (&record["request_body_truncated"], &record["request_body"]) {
        (Value::Object(cut), _) => cut["prefix"].as_str().unwrap().len(),
        (_, Value::Null) => 0,
        (_, whole) => whole.to_string().len(),
    }
}

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_partners_bodies_are_bounded_per_record_and_across_its_applications() {
    let running = start(&["--rate-limit", "off"]);
    let sb = &running.sb;
    // Partner B's one body, logged first.
    let b_bearer = sb.other_partner().await;
    let (_, b_key) = sb.new_app_key(&b_bearer, "TEST").await;
    let b_body = body(0, 2_000);
    post(sb, &b_key, b_body.clone()).await;

    // Partner A: the demo application and two more.
    let a = sb.login().await;
    let mut keys = vec![sb.ready.test_api_key.clone()];
    for _ in 0..2 {
        keys.push(sb.new_app_key(&a, "TEST").await.1);
    }
    // A body near the 1 MiB limit keeps its start, its size and its digest.
    let large = body(0, 900_000);
    post(sb, &keys[0], large.clone()).await;
    let first = records(sb, &keys[0]).await;
    let cut = &first[0]["request_body_truncated"];
    assert_eq!(first[0]["request_body"], Value::Null, "no prefix passes for the body");
    assert_eq!(cut["size"], large.len());
    assert_eq!(cut["sha256"], sha256(&large));
    let prefix = cut["prefix"].as_str().unwrap();
    assert_eq!(prefix.len(), PER_RECORD);
    assert!(large.starts_with(prefix));

    // Many bodies across A's applications.
    let all: Vec<usize> = (1..=BODIES).collect();
    for chunk in all.chunks(24) {
        join_all(chunk.iter().map(|&n| post(sb, &keys[n % keys.len()], body(n, 20_000)))).await;
    }

    let mut a_records = Vec::new();
    for key in &keys {
        a_records.extend(records(sb, key).await);
    }
    assert_eq!(a_records.len(), BODIES + 1);
    let total: usize = a_records.iter().map(kept).sum();
    assert!(total <= PER_PARTNER, "partner A's records keep {total} bytes of body");
    assert!(total >= PER_PARTNER / 2, "the bound gives up the oldest bodies, not all of them: {total} bytes kept");
    // The oldest gave theirs up first: the 900 KB body, then the first
    // 20 KB ones; the newest of every application keep their start.
    let number = |r: &Value| -> usize {
        let text = match &r["request_body_truncated"] {
            Value::Object(cut) => cut["prefix"].as_str().unwrap().to_owned(),
            _ => unreachable!("every body of A's is over 16 KiB"),
        };
        text.get(9..15).map_or(0, |n| n.parse().unwrap())
    };
    for record in &a_records {
        let cut = &record["request_body_truncated"];
        assert!(cut.is_object(), "{record}");
        assert!(cut["size"].as_u64().unwrap() >= 20_000 && cut["sha256"].as_str().unwrap().len() == 64);
    }
    let given_up: Vec<&Value> = a_records.iter().filter(|r| kept(r) == 0).collect();
    assert!(!given_up.is_empty());
    assert!(given_up.iter().any(|r| r["request_body_truncated"]["size"] == large.len()), "the oldest went first");
    // Bodies were sent 24 at a time, so "older" is defined between rounds,
    // not inside one: no round may have lost a body while an earlier round
    // kept one. A given-up body is known by its digest.
    let by_digest: std::collections::HashMap<String, usize> =
        all.iter().map(|&n| (sha256(&body(n, 20_000)), n)).collect();
    let round = |n: usize| n.div_ceil(24);
    let latest_round_given_up = given_up
        .iter()
        .map(|r| by_digest.get(r["request_body_truncated"]["sha256"].as_str().unwrap()).map_or(0, |&n| round(n)))
        .max()
        .unwrap();
    let earliest_round_kept = a_records
        .iter()
        .filter(|r| kept(r) > 0)
        .map(|r| {
            assert_eq!(kept(r), PER_RECORD);
            assert!(number(r) > 0);
            round(number(r))
        })
        .min()
        .unwrap();
    assert!(latest_round_given_up <= earliest_round_kept, "a newer body went before an older one");

    // Partner B's body is whole.
    let b_records = records(sb, &b_key).await;
    assert_eq!(b_records[0]["request_body"], serde_json::from_str::<Value>(&b_body).unwrap());
    assert_eq!(b_records[0]["request_body_truncated"], Value::Null);
}

#[tokio::test]
async fn an_export_of_a_request_whose_body_was_cut_says_it_is_not_replayable_as_recorded() {
    let home = Home::initialised().await;
    let key = home.sb.ready.test_api_key.clone();
    post(&home.sb, &key, body(1, 100_000)).await;
    post(&home.sb, &key, json!({"note": "small"}).to_string()).await;

    let file = home.dir.path().join("replay.json");
    let export = home.run(&["logs", "export", "--file", file.to_str().unwrap()], None).await.ok();
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let steps = fixture["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2, "{fixture:#}");
    assert_eq!(steps[0]["body"], Value::Null, "no prefix is sent as the body: {fixture:#}");
    assert_eq!(steps[1]["body"], json!({"note": "small"}));
    let description = fixture["description"].as_str().unwrap();
    assert!(
        description.contains("NOT REPLAYABLE AS RECORDED") && description.contains("s1-post-customers (100000 bytes)")
    );
    assert!(export.stderr.contains("warning: 1 request(s) had bodies the log did not keep whole"), "{}", export.stderr);
}

/// A body above 64 KiB is redacted beside its handling rather than before
/// it: what its record keeps is redacted all the same, and its size and
/// digest are the redacted whole's.
#[tokio::test]
async fn a_large_body_is_kept_redacted() {
    let running = start(&[]);
    let sb = &running.sb;
    let key = sb.ready.test_api_key.clone();
    let iban = "DE89370400440532013000";
    let head = format!("{key} pays {iban} ");
    let large = json!({ "note": format!("{head}{}", "x".repeat(100_000)) }).to_string();
    post(sb, &key, large.clone()).await;

    let record = &records(sb, &key).await[0];
    let cut = &record["request_body_truncated"];
    let prefix = cut["prefix"].as_str().unwrap();
    assert!(!prefix.contains(&key) && !prefix.contains(iban), "{prefix:.200}");
    let redacted = large.replacen(&key, "[REDACTED]", 1).replacen(iban, "[REDACTED:IBAN:DE]", 1);
    assert!(redacted.starts_with(prefix), "{prefix:.200}");
    assert_eq!(cut["size"], redacted.len());
    assert_eq!(cut["sha256"], sha256(&redacted));
}
