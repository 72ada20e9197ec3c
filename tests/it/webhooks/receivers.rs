//! The receivers `sandbox/README.md` shows, run as written against every
//! delivery fault: each must accept what is genuine and refuse what is not,
//! so every attempt's verdict is `ok`.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use super::create;
use super::faults::deliveries;
use crate::faults::add_rule;
use crate::support::{TestSandbox, spawn_sandbox};

/// The code block that follows `<!-- receiver: NAME -->` in sandbox/README.md.
fn receiver_source(name: &str) -> String {
    receiver_source_marked(&format!("receiver: {name}"))
}

struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

async fn listening(port: u16) {
    for _ in 0..500 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the receiver never listened on {port}");
}

const KINDS: [&str; 7] =
    ["duplicate", "delay", "out_of_order", "drop", "forged_signature", "stale_timestamp", "tampered_body"];

/// Runs `program file` as the receiver for an endpoint of every event type,
/// puts one rule of each delivery fault in place, fires the events, and
/// returns every delivery once none is pending.
async fn run_against_every_fault(sb: &TestSandbox, program: &str, file: &str, source: &str) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(file);
    std::fs::write(&path, source).unwrap();
    let key = sb.test_key();
    let port = free_port();
    let endpoint = create(sb, &key, &format!("http://127.0.0.1:{port}/hooks"), &super::ALL).await;
    let child = Command::new(program)
        .arg(&path)
        .env("WEBHOOK_SECRET", endpoint["secret"].as_str().unwrap())
        .env("PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    let _running = Running(child);
    listening(port).await;
    for kind in KINDS {
        let mut fault = json!({"kind": kind});
        if kind == "delay" {
            fault["delay_s"] = json!(30);
        }
        add_rule(sb, &key, json!({"match": {"event": "*"}, "fault": fault, "times": 1})).await;
    }
    // Two events about each of four resources, one at a time, so the
    // out-of-order one has a later event to wait for.
    for n in 0..4 {
        for event in ["settlement.created", "settlement.completed"] {
            let r = sb
                .post("/sandbox/events/trigger", &key, json!({"event": event, "resource_id": format!("pay-{n}")}))
                .await;
            assert_eq!(r.status, reqwest::StatusCode::CREATED, "{}", r.body);
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
    }
    let wh = endpoint["id"].as_str().unwrap();
    for _ in 0..600 {
        // Due retries and the delayed delivery come sooner with the clock.
        sb.post("/sandbox/clock/advance", &key, json!({"seconds": 31})).await;
        let all = deliveries(sb, &key, wh).await;
        if all.len() >= 8 + 4 && all.iter().all(|d| d["status"] != "pending") {
            return all;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("deliveries never settled: {:#?}", deliveries(sb, &key, wh).await);
}

fn assert_every_fault_passed(program: &str, all: &[Value]) {
    let mut kinds_met = Vec::new();
    for d in all {
        for a in d["attempts"].as_array().unwrap() {
            if let Some(kind) = a["fault_kind"].as_str() {
                kinds_met.push(kind.to_owned());
            }
            if a["fault_kind"] == "drop" {
                continue; // never sent, nothing to judge
            }
            assert_eq!(a["verdict"], "ok", "{program}: {}", serde_json::to_string_pretty(d).unwrap());
        }
        if d["role"] != "probe" {
            assert_eq!(d["status"], "succeeded", "{program}: {d}");
        }
    }
    for kind in KINDS {
        assert!(kinds_met.iter().any(|k| k == kind), "{program}: no {kind} was met: {kinds_met:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_documented_python_receiver_passes_every_delivery_fault() {
    let sb = spawn_sandbox().await;
    let all = run_against_every_fault(&sb, "python3", "receiver.py", &receiver_source("python")).await;
    assert_every_fault_passed("python", &all);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_documented_node_receiver_passes_every_delivery_fault() {
    if Command::new("node").arg("--version").output().is_err() {
        eprintln!("node is not installed here; CI has it and runs this test");
        return;
    }
    let sb = spawn_sandbox().await;
    let all = run_against_every_fault(&sb, "node", "receiver.js", &receiver_source("node")).await;
    assert_every_fault_passed("node", &all);
}

/// The short `verify()` of sandbox/README.md, run as written by Python:
/// a genuine signature passes, and every malformed header is refused
/// (`False`), never an exception.
#[test]
fn the_readmes_short_verify_refuses_malformed_headers_without_raising() {
    let source = receiver_source_marked("verify: python");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    let now = i64::try_from(now).unwrap();
    let signature = format!("t={now},v1={}", payctl_sandbox::testing::signature("whsec_test", now, b"{}"));
    let script = format!(
        "{source}\nimport sys\nassert verify('whsec_test', {signature:?}, b'{{}}')\n\
         for header in ['', 'garbage', 't=', 't=abc,v1=00', 'v1=00', 't=1', ',,,', 't=1,v1', '=x', 't=1,t=2,v1=zz']:\n\
         \x20   assert verify('whsec_test', header, b'{{}}') is False, header\nprint('ok')\n"
    );
    let out = Command::new("python3").arg("-c").arg(&script).output().expect("python3");
    assert!(out.status.success(), "{}\n{}", String::from_utf8_lossy(&out.stderr), script);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "ok");
}

/// The code block after `<!-- MARK -->` in sandbox/README.md.
fn receiver_source_marked(mark: &str) -> String {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/sandbox/README.md")).unwrap();
    let marker = format!("<!-- {mark} -->");
    let after = &readme[readme.find(&marker).unwrap_or_else(|| panic!("no {marker} in sandbox/README.md"))..];
    let body = &after[after.find("```").unwrap()..];
    let body = &body[body.find('\n').unwrap() + 1..];
    body[..body.find("\n```").unwrap()].to_owned()
}
