//! Sandbox processes behind a load balancer: `GET /ready`, HAProxy's health
//! check of it, and a rolling restart that loses no request, with HAProxy
//! configured as `.ci/hosted/haproxy.sh` configures it. The processes here
//! each have a database of their own; what several processes on one
//! PostgreSQL database share is tested with that backend.

use std::process::{Child, Command};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use reqwest::StatusCode;

use crate::sandbox_binary::{signal, start, wait};
use crate::support::{Auth, spawn_sandbox};

#[tokio::test]
async fn ready_answers_with_the_schema_this_version_serves() {
    let sb = spawn_sandbox().await;
    let ready = sb.get("/ready", &Auth::None).await;
    assert_eq!(ready.status, StatusCode::OK, "{}", ready.body);
    assert_eq!(ready.body["status"], "ready");
    assert_eq!(ready.body["version"], sb.get("/health", &Auth::None).await.body["version"]);
    let snapshot = sb.get("/sandbox/snapshot", &sb.test_key()).await;
    assert_eq!(ready.body["schema"], snapshot.body["schema"], "the schema a snapshot of this version names");
}

/// A process whose database holds another schema than the one it serves
/// (as when a newer version migrated it) answers not ready, and ready again
/// once the database holds its own.
#[tokio::test]
async fn ready_answers_503_while_the_database_holds_another_schema() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let (child, ready_line) = start(&["--db", db.to_str().unwrap(), "--json", "--listen", "127.0.0.1:0"]);
    let _process = Process(Some(child));
    let ready = format!("{}/ready", ready_line.base_url);
    let client = reqwest::Client::new();
    let first: serde_json::Value = client.get(&ready).send().await.unwrap().json().await.unwrap();
    let serves = first["schema"].as_i64().unwrap();

    let other = rusqlite::Connection::open(&db).unwrap();
    other.pragma_update(None, "user_version", serves + 1).unwrap();
    let refused = client.get(&ready).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(body["error"]["code"], "SERVICE_UNAVAILABLE", "{body}");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(message.contains(&format!("version {}", serves + 1)) && message.contains(&format!("version {serves}")));

    other.pragma_update(None, "user_version", serves).unwrap();
    assert_eq!(client.get(&ready).send().await.unwrap().status(), StatusCode::OK, "ready again");
}

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A sandbox process, killed when dropped (a failing test leaves none).
pub(crate) struct Process(Option<Child>);

impl Process {
    pub(crate) fn new(child: Child) -> Process {
        Process(Some(child))
    }

    /// No process (a slot whose process was stopped).
    pub(crate) fn none() -> Process {
        Process(None)
    }

    /// SIGKILL (`kill -9`): the process ends wherever it was.
    pub(crate) fn kill(mut self) {
        let mut child = self.0.take().unwrap();
        child.kill().unwrap();
        child.wait().unwrap();
    }

    /// SIGTERM, then its exit status.
    pub(crate) fn stop(mut self) -> std::process::ExitStatus {
        let child = self.0.take().unwrap();
        signal(&child, "TERM");
        wait(child)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Some(child) = &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn sandbox_on(port: u16) -> Process {
    Process(Some(start(&["--in-memory", "--json", "--listen", &format!("127.0.0.1:{port}")]).0))
}

/// HAProxy in front of the given ports, as the recipe runs it; stopped when
/// dropped.
pub(crate) struct Haproxy(tempfile::TempDir);

impl Haproxy {
    /// Whether HAProxy is installed (said when not; CI requires it).
    pub(crate) fn installed() -> bool {
        if Command::new("haproxy").arg("-v").output().is_ok() {
            return true;
        }
        assert!(std::env::var_os("PAYCTL_REQUIRE_HAPROXY").is_none(), "haproxy is not installed, and CI requires it");
        eprintln!("skipped: haproxy is not installed (`bash .ci/hosted/haproxy.sh install`, as .ci/run does)");
        false
    }

    fn script() -> String {
        format!("{}/.ci/hosted/haproxy.sh", env!("CARGO_MANIFEST_DIR"))
    }

    pub(crate) fn start(port: u16, servers: &[u16]) -> Haproxy {
        let dir = tempfile::tempdir().unwrap();
        let mut command = Command::new("bash");
        command.arg(Self::script()).arg("start").arg(dir.path()).arg(port.to_string());
        command.args(servers.iter().map(|p| format!("127.0.0.1:{p}")));
        let out = command.output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        Haproxy(dir)
    }
}

impl Drop for Haproxy {
    fn drop(&mut self) {
        let _ = Command::new("bash").arg(Self::script()).arg("stop").arg(self.0.path()).status();
    }
}

/// Each process stopped (SIGTERM: it finishes what it was answering) and
/// started again in turn, under a steady load through HAProxy: every
/// request is answered 200, by one process or the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_behind_haproxy_loses_no_request() {
    if !Haproxy::installed() {
        return;
    }
    let ports = [free_port(), free_port()];
    let mut processes: Vec<Process> = ports.iter().map(|&p| sandbox_on(p)).collect();
    let front = free_port();
    let _haproxy = Haproxy::start(front, &ports);
    let url = format!("http://127.0.0.1:{front}/health");
    let client = reqwest::Client::new();
    // Both processes pass two health checks (500 ms apart) before the load.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(client.get(&url).send().await.unwrap().status(), StatusCode::OK);

    let stop = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicUsize::new(0));
    let load: Vec<_> = (0..4)
        .map(|_| {
            let (client, url, stop) = (client.clone(), url.clone(), stop.clone());
            let answered = answered.clone();
            tokio::spawn(async move {
                let mut failures = Vec::new();
                while !stop.load(Ordering::Relaxed) {
                    match client.get(&url).send().await {
                        Ok(r) if r.status() == StatusCode::OK => {
                            answered.fetch_add(1, Ordering::Relaxed);
                        }
                        Ok(r) => failures.push(r.status().to_string()),
                        Err(e) => failures.push(e.to_string()),
                    }
                }
                failures
            })
        })
        .collect();
    for (i, &port) in ports.iter().enumerate() {
        tokio::time::sleep(Duration::from_millis(700)).await;
        // Started again once the old one is gone (it holds the port).
        let restarted = tokio::task::block_in_place(|| {
            let stopped = std::mem::replace(&mut processes[i], Process(None));
            assert!(stopped.stop().success());
            sandbox_on(port)
        });
        processes[i] = restarted;
        // Back in rotation after two passed checks 500 ms apart (about a
        // second), with room for a slow machine before the next is stopped.
        tokio::time::sleep(Duration::from_millis(2000)).await;
    }
    stop.store(true, Ordering::Relaxed);
    let mut failures = Vec::new();
    for task in load {
        failures.extend(task.await.unwrap());
    }
    drop(processes);
    let answered = answered.load(Ordering::Relaxed);
    assert!(failures.is_empty(), "{} of {} requests failed: {failures:?}", failures.len(), answered + failures.len());
    assert!(answered > 200, "the load ran throughout: {answered} requests");
}
