//! Starting `payctl sandbox` on a database that cannot be used as it is: a
//! key file gone missing, a damaged, foreign or read-only database. Each is
//! refused with exit code 5 and a message that names the file, says what is
//! wrong and what to do.

use std::process::{Command, Stdio};

use reqwest::StatusCode;
use serde_json::json;

use crate::sandbox_binary::{read_ready, signal, spawn, wait};
use crate::support::{Auth, TestSandbox};
use crate::webhooks::{ALL, Receiver, create, verifies};

fn payctl_sandbox(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_payctl")).arg("sandbox").args(args).stdin(Stdio::null()).output().unwrap()
}

/// Starts a sandbox with its stderr in `log`; returns it and its handle.
fn start_logged(args: &[&str], log: &std::path::Path) -> (std::process::Child, TestSandbox) {
    let mut child = spawn(args, std::fs::File::create(log).unwrap());
    let ready = read_ready(&mut child).unwrap_or_else(|e| panic!("{e}: {}", std::fs::read_to_string(log).unwrap()));
    (child, TestSandbox::attach(ready))
}

async fn trigger(sb: &TestSandbox, key: &Auth) {
    let r = sb.post("/sandbox/events/trigger", key, json!({"event": "settlement.completed"})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
}

#[tokio::test]
async fn a_database_without_its_key_file_is_refused_unless_secrets_are_reset() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("copied.db");
    let key_file = dir.path().join("copied.db.key");
    let log = dir.path().join("stderr.log");
    let args = ["--db", db.to_str().unwrap(), "--json", "--listen", "127.0.0.1:0"];
    let receiver = Receiver::start().await;
    let (child, sb) = start_logged(&args, &log);
    let key = sb.test_key();
    let endpoint = create(&sb, &key, &receiver.url, &ALL).await;
    trigger(&sb, &key).await;
    receiver.wait_for(1).await;
    signal(&child, "TERM");
    assert!(wait(child).success());

    // The database copied without its key file.
    std::fs::remove_file(&key_file).unwrap();
    let refused = payctl_sandbox(&args);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(5), "{stderr}");
    assert!(refused.stdout.is_empty());
    assert!(stderr.contains(&key_file.display().to_string()) && stderr.contains("is missing"), "{stderr}");
    assert!(stderr.contains("restore") && stderr.contains("--reset-secrets"), "names both ways out: {stderr}");
    assert!(stderr.contains("rotated"), "says what a reset costs: {stderr}");
    assert!(!key_file.exists(), "a refused start writes no key");

    // Starting over: the sandbox says which endpoints need a new secret.
    let mut reset_args = args.to_vec();
    reset_args.push("--reset-secrets");
    let (child, sb) = start_logged(&reset_args, &log);
    let warning = std::fs::read_to_string(&log).unwrap();
    assert!(warning.contains("1 webhook endpoint(s)") && warning.contains("rotate"), "{warning}");
    assert!(key_file.exists());
    let key = sb.test_key();
    trigger(&sb, &key).await;
    let id = endpoint["id"].as_str().unwrap();
    let mut delivery = json!(null);
    for _ in 0..300 {
        let list = sb.get(&format!("/v1/webhooks/{id}/deliveries"), &key).await;
        delivery = list.body["data"][0].clone();
        if delivery["attempt_count"].as_u64() == Some(1) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let error = delivery["attempts"][0]["error"].as_str().unwrap_or_default().to_owned();
    assert!(error.contains("rotate the secret") && error.contains(id), "{delivery}");
    assert_eq!(delivery["attempts"][0]["status_code"], json!(null));
    assert_eq!(receiver.received().len(), 1, "nothing was sent unsigned or wrongly signed");

    // Rotating brings the endpoint back.
    let rotated = sb.post(&format!("/v1/webhooks/{id}/secret/rotate"), &key, json!({})).await;
    assert_eq!(rotated.status, StatusCode::OK, "{}", rotated.body);
    let redeliver = format!("/v1/webhooks/{id}/deliveries/{}/redeliver", delivery["id"].as_str().unwrap());
    assert_eq!(sb.post(&redeliver, &key, json!({})).await.status, StatusCode::ACCEPTED);
    let got = receiver.wait_for(2).await;
    assert!(verifies(&got[1], rotated.body["secret"].as_str().unwrap()));
    signal(&child, "TERM");
    assert!(wait(child).success());

    // Once reset, the database starts as usual with its new key.
    let (child, _) = start_logged(&args, &log);
    signal(&child, "TERM");
    assert!(wait(child).success());
}
