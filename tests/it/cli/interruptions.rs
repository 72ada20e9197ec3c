//! Commands meet a server that goes away or moves: `transfer --wait` reads
//! with backoff instead of once a second, and says the transaction exists
//! when the sandbox dies under it; `logs tail` waits the outage out and goes
//! on; a profile made from a ready file says where its sandbox went.
//! The sandboxes here are real `payctl sandbox` processes on a database
//! file, so they can be stopped and started again.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use payctl_wire::sandbox::ReadyLine;

use super::Home;
use super::transfer::{bank_beneficiary, transfer_args};
use crate::support::TestSandbox;

/// `payctl sandbox --db DB --listen ADDR --ready-file READY`, waited for.
fn start(db: &Path, listen: &str, ready: &Path) -> (Child, ReadyLine) {
    let child = Command::new(env!("CARGO_BIN_EXE_payctl"))
        .args(["sandbox", "--db", db.to_str().unwrap(), "--listen", listen, "--ready-file", ready.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let waited = Command::new(env!("CARGO_BIN_EXE_payctl"))
        .args(["sandbox", "wait", "--ready-file", ready.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(waited.status.success(), "{}", String::from_utf8_lossy(&waited.stderr));
    let line = std::fs::read_to_string(ready).unwrap();
    (child, serde_json::from_str(line.trim()).unwrap())
}

fn stop(mut child: Child) {
    let _ = Command::new("kill").args(["-s", "TERM", &child.id().to_string()]).status();
    let _ = child.wait();
}

/// Waits (at most 40 s) for a line of `errors` containing `what`.
async fn said(errors: &mut tokio::sync::mpsc::UnboundedReceiver<String>, what: &str) -> String {
    tokio::time::timeout(Duration::from_secs(40), async {
        loop {
            let line = errors.recv().await.expect("tail ended");
            if line.contains(what) {
                return line;
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("tail never said {what:?}"))
}

/// Sends SIGTERM to a process when dropped (it may have ended already).
struct StopOnDrop(u32);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-s", "TERM", &self.0.to_string()]).stderr(Stdio::null()).status();
    }
}

/// The id of the first transaction, once the command under test made it.
async fn first_transaction(home: &Home) -> String {
    let started = Instant::now();
    loop {
        let data = home.sb.get("/v1/transactions", &home.sb.test_key()).await.body["data"].clone();
        if let Some(id) = data[0]["id"].as_str() {
            return id.to_owned();
        }
        assert!(started.elapsed() < Duration::from_secs(30), "no transaction was made");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A free loopback port, for a sandbox that must come back on the same one.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

struct Files {
    _dir: tempfile::TempDir,
    db: PathBuf,
    ready: PathBuf,
}

fn files() -> Files {
    let dir = tempfile::tempdir().unwrap();
    let (db, ready) = (dir.path().join("sandbox.db"), dir.path().join("ready.json"));
    Files { _dir: dir, db, ready }
}

/// A home whose default profile came from the ready file.
async fn home_of(ready: &ReadyLine, file: &Path) -> Home {
    let home = Home::with(TestSandbox::attach(ready.clone()));
    home.run(&["config", "init", "--from-ready", file.to_str().unwrap()], None).await.ok();
    home
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transfer_wait_reads_with_backoff_not_every_second() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let mut cmd = home.command(&transfer_args("80000", &ben, &["--yes", "--wait", "-v"]));
    let child = tokio::task::spawn_blocking(move || cmd.spawn().unwrap().wait_with_output().unwrap());
    let key = home.sb.test_key();
    let id = first_transaction(&home).await;
    // Twelve seconds of waiting, then the sandbox's clock settles it.
    tokio::time::sleep(Duration::from_secs(12)).await;
    home.sb.advance_clock(31).await;
    let out = child.await.unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // Its polls are the tool's own reads, so `-v` counts them: the log does not.
    let reads =
        stderr.lines().filter(|l| l.starts_with("> GET ") && l.ends_with(&format!("/v1/transactions/{id}"))).count();
    let logged =
        home.sb.logs_where(&key, &format!("method=GET&endpoint=/v1/transactions/{id}&limit=100"), |_| true).await.len();
    assert_eq!(logged, 0, "the tool's polls are not the integration's traffic");
    eprintln!("transfer --wait read the transaction {reads} times in about 13 s");
    assert!((2..=7).contains(&reads), "{reads} reads; once a second would be about 13");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sandbox_dying_under_transfer_wait_leaves_the_way_to_check_later() {
    let f = files();
    let (sandbox, ready) = start(&f.db, "127.0.0.1:0", &f.ready);
    let home = home_of(&ready, &f.ready).await;
    let ben = bank_beneficiary(&home.sb).await;
    let mut cmd = home.command(&transfer_args("60000", &ben, &["--yes", "--wait"]));
    let child = tokio::task::spawn_blocking(move || cmd.spawn().unwrap().wait_with_output().unwrap());
    let id = first_transaction(&home).await;
    stop(sandbox);
    let out = child.await.unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "a network failure: {stderr}");
    assert!(stderr.contains(&format!("transaction {id} was created")), "{stderr}");
    assert!(stderr.contains(&format!("`payctl transactions get {id}`")), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logs_tail_waits_out_a_restart_and_goes_on() {
    let f = files();
    let listen = format!("127.0.0.1:{}", free_port());
    let (sandbox, ready) = start(&f.db, &listen, &f.ready);
    let home = home_of(&ready, &f.ready).await;
    let mut tail =
        home.command(&["logs", "tail", "-o", "json", "--lines", "0"]).stderr(Stdio::piped()).spawn().unwrap();
    // A failing assertion must not leave the tail running.
    let _stop_tail = StopOnDrop(tail.id());
    let (err_tx, mut errors) = tokio::sync::mpsc::unbounded_channel();
    let stderr = tail.stderr.take().unwrap();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = err_tx.send(line);
        }
    });
    let (out_tx, mut lines) = tokio::sync::mpsc::unbounded_channel();
    let stdout = tail.stdout.take().unwrap();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = out_tx.send(line);
        }
    });
    said(&mut errors, "Following").await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    stop(sandbox);
    said(&mut errors, "cannot reach").await;
    said(&mut errors, "Trying again in 1 s").await;
    said(&mut errors, "Trying again in 2 s").await;
    // Back on the same port and database: the profile's key still works.
    let (sandbox, _) = start(&f.db, &listen, &f.ready);
    said(&mut errors, "Reconnected").await;
    let marker = format!("/v1/customers/{}", uuid::Uuid::now_v7());
    assert_eq!(home.sb.get(&marker, &home.sb.test_key()).await.status, 404);
    let line = tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            let line = lines.recv().await.expect("tail ended");
            if line.contains(&marker) {
                return line;
            }
        }
    })
    .await
    .expect("the request after the restart was not printed");
    assert!(line.contains("404"), "{line}");
    let _ = Command::new("kill").args(["-s", "TERM", &tail.id().to_string()]).status();
    let status = tokio::task::spawn_blocking(move || tail.wait().unwrap()).await.unwrap();
    assert_eq!(status.code(), Some(0));
    stop(sandbox);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_profile_from_a_ready_file_says_where_its_sandbox_went() {
    let f = files();
    let (sandbox, first) = start(&f.db, "127.0.0.1:0", &f.ready);
    let home = home_of(&first, &f.ready).await;
    home.run(&["customers", "list"], None).await.ok();
    stop(sandbox);

    // Stopped: its ready file is gone, and the error says so.
    let gone = home.run(&["customers", "list"], None).await;
    assert_eq!(gone.code, Some(4), "{}", gone.stderr);
    assert!(
        gone.stderr.contains(&format!("this profile came from the ready line in {}", f.ready.display())),
        "{}",
        gone.stderr
    );
    assert!(gone.stderr.contains("which is gone"), "{}", gone.stderr);

    // Started again on the same database, on a port of its own: the error names the new URL and the way to follow it.
    let (sandbox, second) = start(&f.db, "127.0.0.1:0", &f.ready);
    assert_ne!(second.base_url, first.base_url);
    let moved = home.run(&["customers", "list"], None).await;
    assert_eq!(moved.code, Some(4), "{}", moved.stderr);
    assert!(moved.stderr.contains(&format!("which now names {}", second.base_url)), "{}", moved.stderr);
    let follow = format!("payctl config init --from-ready {}", f.ready.display());
    assert!(moved.stderr.contains(&follow), "{}", moved.stderr);
    home.run(&["config", "init", "--from-ready", f.ready.to_str().unwrap()], None).await.ok();
    home.run(&["customers", "list"], None).await.ok();
    // A base URL given by flag is not the ready file's to explain.
    let flagged = home.run(&["--base-url", &first.base_url, "customers", "list"], None).await;
    assert_eq!(flagged.code, Some(4));
    assert!(!flagged.stderr.contains("ready line"), "{}", flagged.stderr);
    stop(sandbox);
}
