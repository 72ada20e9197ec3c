//! `payctl sandbox --ready-file` and `payctl sandbox wait`: the way CI
//! waits for a sandbox without ever hanging. The README's own CI lines run
//! as written (ready, then a failing `--seed` that must end the wait with
//! the seed's error), and a sandbox killed before it is ready, a stale file
//! of an earlier run, and no sandbox at all each end the wait as they should.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

fn payctl() -> Command {
    Command::new(env!("CARGO_BIN_EXE_payctl"))
}

/// The lines of the README's "In CI" block that run payctl (the jq lines
/// are read here instead, so the test needs nothing installed).
fn readme_ci_lines() -> Vec<String> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let block = readme.split("### In CI").nth(1).expect("README has an In CI section");
    let code = block.split("```sh").nth(1).unwrap().split("```").next().unwrap();
    code.lines().filter(|l| l.starts_with("payctl ")).map(str::to_owned).collect()
}

/// Runs shell lines in `dir` with payctl on the PATH, stopping whatever they
/// left in the background; (exit code, stderr, seconds taken).
pub(super) fn shell(dir: &Path, lines: &[String]) -> (i32, String, f64) {
    let bin = Path::new(env!("CARGO_BIN_EXE_payctl")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let script = format!("set -e\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n{}\n", lines.join("\n"));
    let started = Instant::now();
    let out = Command::new("bash")
        .args(["-c", &script])
        .current_dir(dir)
        .env("PATH", path)
        .env("PAYCTL_CONFIG_DIR", dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        started.elapsed().as_secs_f64(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readme_ci_lines_wait_for_a_sandbox_and_end_when_it_dies() {
    let lines = readme_ci_lines();
    assert!(lines.iter().any(|l| l.contains("--ready-file ready.json") && l.ends_with('&')), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("payctl sandbox wait --ready-file ready.json")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("until")), "no unbounded loop: {lines:?}");

    // Ready: the wait ends 0, and the file holds a ready line of a sandbox
    // that serves, readable only by its owner.
    let dir = tempfile::tempdir().unwrap();
    let mut script = lines.clone();
    script.push("curl -sf \"$(sed -E 's/.*\"base_url\":\"([^\"]+)\".*/\\1/' ready.json)/health\" > health.txt".into());
    let (code, stderr, _) = shell(dir.path(), &script);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("The sandbox is ready at http://127.0.0.1:"), "{stderr}");
    assert!(std::fs::read_to_string(dir.path().join("health.txt")).unwrap().contains("ok"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let ready = dir.path().join("ready.json");
        // The sandbox was stopped when the script ended: its ready file went with it.
        let gone = (0..50).any(|_| {
            std::thread::sleep(Duration::from_millis(100));
            !ready.exists()
        });
        assert!(gone, "a stopped sandbox removes its ready file");
        let (child, ready_path) = start_with_file(dir.path(), &[]);
        let shown = std::fs::read_to_string(&ready_path).unwrap();
        assert!(shown.contains("\"test_api_key\":\"sk_test_"), "{shown}");
        assert_eq!(std::fs::metadata(&ready_path).unwrap().permissions().mode() & 0o777, 0o600);
        stop(child);
    }

    // A failing seed: the sandbox exits 1 before it is ready, and the same
    // lines end at once with its error instead of waiting for ever.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bad-seed.json"),
        json!({"version": 1, "name": "bad", "steps": [{"name": "nothing-there", "method": "GET",
            "path": "/v1/customers/00000000-0000-7000-8000-000000000000", "auth": "test_key",
            "expect": {"status": 200}}]})
        .to_string(),
    )
    .unwrap();
    let seeded: Vec<String> = lines
        .iter()
        .map(|l| {
            if l.ends_with('&') {
                l.replacen("--ready-file", "--seed bad-seed.json --ready-file", 1)
            } else {
                l.clone()
            }
        })
        .collect();
    let (code, stderr, seconds) = shell(dir.path(), &seeded);
    assert_eq!(code, 1, "the seed's exit code: {stderr}");
    assert!(seconds < 20.0, "took {seconds} s");
    assert!(stderr.contains("failed before it was ready"), "{stderr}");
    assert!(
        stderr.contains("bad-seed.json: step 1 \"nothing-there\": expect.status: expected 200, got 404"),
        "{stderr}"
    );
}

/// `payctl sandbox --ready-file DIR/ready.json` in the background, waited for.
fn start_with_file(dir: &Path, extra: &[&str]) -> (std::process::Child, std::path::PathBuf) {
    let ready = dir.join("ready.json");
    let child = payctl()
        .args(["sandbox", "--in-memory", "--listen", "127.0.0.1:0", "--ready-file", ready.to_str().unwrap()])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = payctl().args(["sandbox", "wait", "--ready-file", ready.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (child, ready)
}

fn stop(mut child: std::process::Child) {
    let _ = Command::new("kill").args(["-s", "TERM", &child.id().to_string()]).status();
    let _ = child.wait();
}

fn wait_for(ready: &Path, timeout: &str) -> (Option<i32>, String, f64) {
    let started = Instant::now();
    let out =
        payctl().args(["sandbox", "wait", "--ready-file", ready.to_str().unwrap(), "--timeout", timeout]).output();
    let out = out.unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned(), started.elapsed().as_secs_f64())
}

#[test]
fn a_sandbox_that_died_a_stale_file_and_no_sandbox_each_end_the_wait() {
    let dir = tempfile::tempdir().unwrap();
    let ready = dir.path().join("ready.json");
    let status = dir.path().join("ready.json.status");

    // Killed while starting (nothing to say): its status names a pid that is gone.
    let mut gone = Command::new("true").spawn().unwrap();
    gone.wait().unwrap();
    std::fs::write(&status, json!({"state": "starting", "pid": gone.id()}).to_string()).unwrap();
    let (code, stderr, seconds) = wait_for(&ready, "30s");
    assert_eq!(code, Some(5), "{stderr}");
    assert!(stderr.contains(&format!("the sandbox (pid {}) stopped before it was ready", gone.id())), "{stderr}");
    assert!(seconds < 10.0, "took {seconds} s");

    // No sandbox at all: the timeout ends it, saying so.
    std::fs::remove_file(&status).unwrap();
    let (code, stderr, seconds) = wait_for(&ready, "1s");
    assert_eq!(code, Some(5), "{stderr}");
    assert!(stderr.contains("timed out after 1 s") && stderr.contains("no sandbox has started"), "{stderr}");
    assert!(seconds < 5.0, "took {seconds} s");

    // An earlier run's failure and a ready file of a sandbox that is gone do
    // not answer for a sandbox starting now.
    std::fs::write(&status, json!({"state": "failed", "pid": 1, "error": "old", "exit_code": 1}).to_string()).unwrap();
    std::fs::write(&ready, json!({"base_url": "http://127.0.0.1:9"}).to_string()).unwrap();
    let child = payctl()
        .args(["sandbox", "--in-memory", "--listen", "127.0.0.1:0", "--ready-file", ready.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (code, stderr, _) = wait_for(&ready, "30s");
    assert_eq!(code, Some(0), "{stderr}");
    stop(child);
}

/// The container image sets `PAYCTL_SANDBOX_READY_FILE` so that any
/// `payctl sandbox` started in it writes its ready line where the image's
/// health check (`payctl sandbox wait`, no flag) looks.
#[test]
fn payctl_sandbox_ready_file_names_the_file_for_the_sandbox_and_for_wait() {
    let dir = tempfile::tempdir().unwrap();
    let ready = dir.path().join("ready.json");
    let child = payctl()
        .args(["sandbox", "--in-memory", "--listen", "127.0.0.1:0"])
        .env("PAYCTL_SANDBOX_READY_FILE", &ready)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = payctl()
        .args(["sandbox", "wait", "--timeout", "30s"])
        .env("PAYCTL_SANDBOX_READY_FILE", &ready)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("The sandbox is ready at http://127.0.0.1:"), "{stderr}");
    assert!(std::fs::read_to_string(&ready).unwrap().contains("\"test_api_key\":\"sk_test_"));
    stop(child);

    // Without the variable or the flag, wait is a usage error naming the flag.
    let out = payctl().args(["sandbox", "wait"]).env_remove("PAYCTL_SANDBOX_READY_FILE").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--ready-file"));
}
