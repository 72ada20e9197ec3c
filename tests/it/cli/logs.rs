//! `payctl logs list` with filters, and `payctl logs tail` following new
//! entries until SIGTERM.

use std::io::{BufRead, BufReader};
use std::time::Duration;

use serde_json::json;

use super::Home;

const IBAN: &str = "GB82WEST12345698765432";

async fn failing_request(home: &Home) {
    let r = home.sb.post("/v1/customers", &home.sb.test_key(), json!({"type": "nope", "iban": IBAN})).await;
    assert_eq!(r.status.as_u16(), 400);
}

#[tokio::test]
async fn list_filters_and_never_shows_redacted_values() {
    let home = Home::initialised().await;
    failing_request(&home).await;
    assert_eq!(home.sb.get("/v1/customers", &home.sb.test_key()).await.status.as_u16(), 200);
    home.sb.logs_where(&home.sb.test_key(), "status_code_gte=400", |r| !r.is_empty()).await;

    let run = home
        .run(&["logs", "list", "--status-gte", "400", "--endpoint", "/v1/customers", "--output", "json"], None)
        .await
        .ok();
    assert!(!run.all().contains(IBAN), "the IBAN was redacted by the service");
    let page = run.json();
    let data = page["data"].as_array().unwrap();
    assert_eq!(data.len(), 1, "{page}");
    assert_eq!(data[0]["method"], "POST");
    assert_eq!(data[0]["status_code"], 400);
    assert_eq!(data[0]["error_code"], "VAL_0001");

    let bad = home.run(&["logs", "list", "--from", "yesterday"], None).await;
    assert_eq!(bad.code, Some(1), "the API's 400 is an API error: {}", bad.all());
    assert!(bad.stderr.contains("VAL_0001"));
}

#[tokio::test]
async fn tail_prints_new_entries_and_stops_cleanly() {
    let home = Home::initialised().await;
    let mut child =
        home.command(&["logs", "tail", "--output", "json", "--interval", "1", "--lines", "0"]).spawn().unwrap();
    let stderr = child.stderr.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        let mut ready = Some(ready_tx);
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if line.starts_with("Following")
                && let Some(tx) = ready.take()
            {
                let _ = tx.send(());
            }
        }
    });
    let (line_tx, mut lines) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = line_tx.send(line);
        }
    });
    tokio::time::timeout(Duration::from_secs(20), ready_rx).await.expect("tail did not start").unwrap();
    // Let the first poll establish where "new" begins.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    failing_request(&home).await;

    let line = tokio::time::timeout(Duration::from_secs(20), lines.recv()).await.expect("no entry printed").unwrap();
    let entry: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(entry["path"], "/v1/customers");
    assert_eq!(entry["status_code"], 400);
    assert!(!line.contains(IBAN));

    let pid = child.id().to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let status = tokio::task::spawn_blocking(move || child.wait().unwrap()).await.unwrap();
    assert_eq!(status.code(), Some(0));
    // Its own polling never showed up as an entry.
    while let Ok(line) = lines.try_recv() {
        assert!(!line.contains("\"/v1/logs\""), "{line}");
    }
}

/// The tool's reads (`logs list`, `logs tail` polling) are its own: never
/// logged, never faulted, never spending the key's rate limit, so an
/// integration that waits out a 429 correctly is not pushed over by them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tools_own_reads_are_never_logged_faulted_or_rate_limited() {
    let home = Home::initialised().await;
    let key = home.sb.test_key();
    let remaining =
        |reply: &crate::support::Reply| -> i64 { reply.header("x-ratelimit-remaining").unwrap().parse().unwrap() };
    // A rule that would fault every read of the log the integration made.
    home.run(&["sandbox", "faults", "add", "--operation", "listRequestLogs", "--kind", "error"], None).await.ok();
    let before = remaining(&home.sb.get("/v1/customers", &key).await);
    for _ in 0..3 {
        home.run(&["logs", "list", "-o", "json"], None).await.ok();
    }
    let mut tail = home.command(&["logs", "tail", "--interval", "1", "--lines", "0", "-o", "json"]).spawn().unwrap();
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let _ = tail.kill();
    let _ = tail.wait();
    let after = remaining(&home.sb.get("/v1/customers", &key).await);
    assert_eq!(after, before - 1, "only the test's own second read spent the budget");
    let rules = home.json(&["sandbox", "faults", "list", "-o", "json"]).await;
    assert_eq!(rules["data"][0]["matched"], 0, "no read of the tool's met the rule: {rules}");
    home.run(&["sandbox", "faults", "clear"], None).await.ok();
    let logs = home.sb.logs_where(&key, "limit=100", |_| true).await;
    assert!(logs.iter().all(|l| l["path"] != "/v1/logs"), "no read of the tool's is in the log: {logs:?}");
}
