//! Fixtures: every shipped fixture runs green, `trigger` fires each event,
//! `--dry-run`, failure reports and exit codes, `sandbox --seed`, reset,
//! and the `logs export` → `fixtures run` round trip.

use std::path::{Path, PathBuf};

use payctl_wire::events::EventType;
use serde_json::{Value, json};

use crate::cli::Home;
use crate::support::{Auth, TestSandbox};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Every `.json` under `fixtures/` except the schema, sorted.
fn shipped() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![fixtures_dir()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "json") && !path.ends_with("schema.json") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

async fn list(sb: &TestSandbox, auth: &Auth, path: &str) -> Vec<Value> {
    let r = sb.get(path, auth).await;
    assert_eq!(r.status, 200, "{path}: {}", r.body);
    r.body["data"].as_array().unwrap().clone()
}

#[tokio::test]
async fn every_shipped_fixture_runs_green() {
    let home = Home::initialised().await;
    let files = shipped();
    assert!(files.len() >= 9, "{files:?}");
    for file in &files {
        let out = home.run(&["fixtures", "run", file.to_str().unwrap(), "-o", "json"], None).await.ok().json();
        let steps = out[0]["steps"].as_array().unwrap();
        assert!(!steps.is_empty());
        assert!(steps.iter().all(|s| s["response"]["status"].as_u64().is_some_and(|c| c < 500)), "{out}");
    }
    // kyb-rejected and the trigger left rejected customers behind; onboarding an approved one with a beneficiary.
    let key = home.sb.test_key();
    let customers = list(&home.sb, &key, "/v1/customers?limit=100").await;
    assert!(customers.iter().any(|c| c["kyb_status"] == "rejected" && c["legal_name"] == "Shady Imports FZE"));
    let acme = customers.iter().find(|c| c["kyb_status"] == "approved" && c["legal_name"] == "Acme Trading LLC");
    let acme = acme.unwrap()["id"].as_str().unwrap();
    let beneficiaries = list(&home.sb, &key, &format!("/v1/beneficiaries?customer_id={acme}")).await;
    assert_eq!(beneficiaries.len(), 1);
    assert_eq!(beneficiaries[0]["full_name"], "Hans Müller");
}

#[tokio::test]
async fn trigger_fires_each_of_the_seven_events() {
    let home = Home::initialised().await;
    let key = home.sb.test_key();
    let all: Vec<&str> = EventType::ALL.iter().map(|e| e.as_str()).collect();
    let hook = home.sb.post("/v1/webhooks", &key, json!({"url": "https://hooks.example.com/all", "events": all})).await;
    assert_eq!(hook.status, 201, "{}", hook.body);
    let deliveries = format!("/v1/webhooks/{}/deliveries?limit=100", hook.body["id"].as_str().unwrap());
    // Every trigger fixture is shipped for exactly the seven events.
    let mut files: Vec<String> = std::fs::read_dir(fixtures_dir().join("trigger"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".json").to_owned())
        .collect();
    files.sort();
    let mut sorted = all.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    for (i, event) in all.iter().enumerate() {
        home.run(&["trigger", event, "-o", "json"], None).await.ok();
        let got = list(&home.sb, &key, &deliveries).await;
        assert_eq!(got.len(), i + 1, "{event}");
        assert_eq!(got[0]["event"], *event);
    }
    let bad = home.run(&["trigger", "customer.created"], None).await;
    assert_eq!(bad.code, Some(2));
    assert!(bad.stderr.contains("expected one of: settlement.created"), "{}", bad.stderr);
}

fn write(dir: &Path, name: &str, fixture: Value) -> String {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(&fixture).unwrap()).unwrap();
    path.to_str().unwrap().to_owned()
}

fn customer_step(name: &str) -> Value {
    json!({"name": name, "method": "POST", "path": "/v1/customers", "auth": "test_key",
        "body": {"type": "business", "legal_name": "Dry LLC", "email": "${email}", "country": "AE",
            "verification_level": "standard", "tax_id": "TRN-1"}})
}

#[tokio::test]
async fn dry_run_prints_requests_and_sends_nothing() {
    let home = Home::initialised().await;
    let file = write(
        home.dir.path(),
        "dry.json",
        json!({"version": 1, "name": "dry", "steps": [
            customer_step("cust"),
            {"name": "approve", "method": "POST", "path": "/sandbox/customers/${cust.id}/approve", "auth": "control",
             "idempotency_key": "fixed-${env.DRY_SUFFIX}"},
        ]}),
    );
    let mut cmd = home.command(&["fixtures", "run", "--dry-run", &file, "-o", "json"]);
    cmd.env("DRY_SUFFIX", "42");
    let out = tokio::task::spawn_blocking(move || cmd.output().unwrap()).await.unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps = &printed[0]["steps"];
    assert_eq!(steps[0]["request"]["method"], "POST");
    assert!(steps[0]["request"]["body"]["email"].as_str().unwrap().ends_with("@example.com"));
    assert!(steps[0].get("response").is_none());
    assert_eq!(steps[1]["request"]["path"], "/sandbox/customers/${cust.id}/approve");
    assert_eq!(steps[1]["request"]["idempotency_key"], "fixed-42");
    let table = home.run(&["fixtures", "run", "--dry-run", &file, "-o", "table"], None).await;
    // Without DRY_SUFFIX the env reference cannot resolve: located, exit 1.
    assert_eq!(table.code, Some(1));
    assert!(table.stdout.contains(&format!("{file}: step 1 \"cust\": POST /v1/customers")), "{}", table.stdout);
    assert!(
        table.stderr.contains(&format!(
            "{file}: step 2 \"approve\": idempotency_key: ${{env.DRY_SUFFIX}}: environment variable DRY_SUFFIX is not set"
        )),
        "{}",
        table.stderr
    );
    assert!(list(&home.sb, &home.sb.test_key(), "/v1/customers").await.is_empty(), "a dry run sends nothing");
}

#[tokio::test]
async fn failures_are_located_and_set_the_exit_code() {
    let home = Home::initialised().await;
    let dir = home.dir.path();
    let failing = write(
        dir,
        "fail.json",
        json!({"version": 1, "name": "fail", "steps": [
            customer_step("cust"),
            {"name": "approve", "method": "POST", "path": "/sandbox/customers/${cust.id}/approve", "auth": "test_key",
             "expect": {"status": 200, "fields": {"kyb_status": "rejected"}}},
            customer_step("never"),
        ]}),
    );
    let run = home.run(&["fixtures", "run", &failing, "-o", "json"], None).await;
    assert_eq!(run.code, Some(1), "{}", run.all());
    assert!(
        run.stderr.contains(&format!(
            "error: {failing}: step 2 \"approve\": expect.fields.kyb_status: expected \"rejected\", got \"approved\""
        )),
        "{}",
        run.stderr
    );
    let printed = run.json();
    assert_eq!(printed[0]["steps"].as_array().unwrap().len(), 2, "the steps run so far are printed");
    assert_eq!(list(&home.sb, &home.sb.test_key(), "/v1/customers").await.len(), 1, "step 3 never ran");

    let wrong_status = write(
        dir,
        "status.json",
        json!({"version": 1, "name": "s", "steps": [
            {"name": "get", "method": "GET", "path": "/v1/customers/nope", "auth": "test_key"}]}),
    );
    let run = home.run(&["fixtures", "run", &wrong_status], None).await;
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("step 1 \"get\": expect.status: expected a 2xx answer, got 404"), "{}", run.stderr);

    // Invalid files are usage errors, found before anything is sent.
    let invalid = write(
        dir,
        "invalid.json",
        json!({"version": 1, "name": "bad", "steps": [
            customer_step("cust"),
            {"name": "approve", "method": "POST", "path": "/sandbox/customers/${cus.id}/approve", "auth": "test_key"}]}),
    );
    let run = home.run(&["fixtures", "run", &invalid], None).await;
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr
            .contains(&format!("{invalid}: step 2 \"approve\": path: unknown reference ${{cus.id}}: no such step")),
        "{}",
        run.stderr
    );
    std::fs::write(dir.join("broken.json"), "{\"version\": 1,").unwrap();
    let run = home.run(&["fixtures", "run", dir.join("broken.json").to_str().unwrap()], None).await;
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("broken.json: bad JSON: EOF while parsing"), "{}", run.stderr);
    assert_eq!(list(&home.sb, &home.sb.test_key(), "/v1/customers").await.len(), 1);

    // A control step without a control token: a credential error.
    let control = write(
        dir,
        "control.json",
        json!({"version": 1, "name": "c", "steps": [
            {"name": "clock", "method": "GET", "path": "/sandbox/clock", "auth": "control"}]}),
    );
    let run = home.run(&["fixtures", "run", &control], None).await;
    assert_eq!(run.code, Some(3));
    assert!(run.stderr.contains("step 1 \"clock\": auth: this step needs the control token"), "{}", run.stderr);
}

#[tokio::test]
async fn ready_line_supplies_control_and_bearer_credentials() {
    let home = Home::new().await;
    let ready = write(home.dir.path(), "ready.json", serde_json::to_value(&home.sb.ready).unwrap());
    let file = write(
        home.dir.path(),
        "creds.json",
        json!({"version": 1, "name": "creds", "steps": [
            {"name": "clock", "method": "POST", "path": "/sandbox/clock/advance", "auth": "control", "body": {"seconds": 60},
             "expect": {"status": 200, "fields": {"offset_seconds": 60}}},
            {"name": "me", "method": "GET", "path": "/v1/auth/me", "auth": "bearer",
             "expect": {"fields": {"username": home.sb.ready.username}}},
            {"name": "live", "method": "GET", "path": "/v1/customers", "auth": "live_key"},
            {"name": "public", "method": "GET", "path": "/health", "auth": "none"},
        ]}),
    );
    home.run(&["fixtures", "run", "--ready", &ready, &file, "-o", "json"], None).await.ok();
}
