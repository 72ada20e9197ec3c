//! The real `payctl sandbox` process: the ready line, serving, and a clean
//! exit on SIGTERM and SIGINT.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use payctl_wire::sandbox::ReadyLine;

fn payctl() -> Command {
    Command::new(env!("CARGO_BIN_EXE_payctl"))
}

/// Starts `payctl sandbox` and reads its JSON ready line.
pub(crate) fn start(args: &[&str]) -> (Child, ReadyLine) {
    let mut child = spawn(args, Stdio::piped());
    let ready = read_ready(&mut child).unwrap_or_else(|e| panic!("{e}"));
    (child, ready)
}

/// Spawns `payctl sandbox` with its log (stderr) sent where the caller
/// says: a long-running sandbox could fill an unread pipe and stall.
pub(crate) fn spawn(args: &[&str], stderr: impl Into<Stdio>) -> Child {
    payctl().arg("sandbox").args(args).stdout(Stdio::piped()).stderr(stderr).spawn().unwrap()
}

/// Reads the JSON ready line of a child from `spawn` started with `--json`.
pub(crate) fn read_ready(child: &mut Child) -> Result<ReadyLine, String> {
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).map_err(|e| e.to_string())?;
    serde_json::from_str(&line).map_err(|e| format!("bad ready line {line:?}: {e}"))
}

pub(crate) fn signal(child: &Child, sig: &str) {
    let status = Command::new("kill").args(["-s", sig, &child.id().to_string()]).status().unwrap();
    assert!(status.success());
}

pub(crate) fn wait(mut child: Child) -> std::process::ExitStatus {
    for _ in 0..100 {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().unwrap();
    panic!("the sandbox did not stop within 5 s");
}

#[tokio::test]
async fn ready_line_then_serve_then_exit_cleanly() {
    let (child, ready) = start(&["--in-memory", "--json", "--listen", "127.0.0.1:0"]);
    for field in [
        &ready.base_url,
        &ready.auth_url,
        &ready.username,
        &ready.password,
        &ready.partner_id,
        &ready.test_application_id,
        &ready.test_api_key,
        &ready.live_application_id,
        &ready.live_api_key,
        &ready.control_token,
    ] {
        assert!(!field.is_empty());
    }
    assert_eq!(ready.client_id, "partner-console");
    assert!(ready.base_url.starts_with("http://127.0.0.1:"));
    assert_eq!(ready.auth_url, format!("{}/auth/realms/sandbox", ready.base_url));
    let http = reqwest::Client::new();
    let health = http.get(format!("{}/health", ready.base_url)).send().await.unwrap();
    assert_eq!(health.status(), 200);
    signal(&child, "TERM");
    assert!(wait(child).success(), "exit code 0 on SIGTERM");
}

#[tokio::test]
async fn sigint_also_stops_it_and_a_file_database_persists() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nested/dir/sandbox.db");
    let (child, first) = start(&["--db", db.to_str().unwrap(), "--json", "--listen", "127.0.0.1:0"]);
    signal(&child, "INT");
    assert!(wait(child).success());
    assert!(db.exists());
    let (child, second) = start(&["--db", db.to_str().unwrap(), "--json", "--listen", "127.0.0.1:0"]);
    assert_eq!(first.partner_id, second.partner_id);
    assert_eq!(first.test_application_id, second.test_application_id);
    signal(&child, "TERM");
    assert!(wait(child).success());
}

#[test]
fn non_loopback_listen_warns_and_human_banner_goes_to_stderr() {
    let mut child = payctl()
        .args(["sandbox", "--in-memory", "--listen", "0.0.0.0:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    while !seen.contains("Press Ctrl-C") {
        let mut line = String::new();
        if stderr.read_line(&mut line).unwrap() == 0 {
            break;
        }
        seen.push_str(&line);
    }
    assert!(seen.contains("warning: listening on 0.0.0.0"), "{seen}");
    assert!(seen.contains("TEST API key  sk_test_"), "{seen}");
    // Reachable from other machines, the demo user's password is not the published one.
    let field = |name: &str| {
        seen.lines().find_map(|l| l.trim().strip_prefix(name)).map(|v| v.trim().to_owned()).unwrap_or_default()
    };
    let (password, auth_url) = (field("password"), field("auth_url"));
    assert!(seen.contains("password is random"), "{seen}");
    assert!(password.starts_with("payctl-") && password != "payctl-demo-password", "{seen}");
    let sign_in = |password: &str| {
        let form = [
            ("grant_type", "password"),
            ("client_id", "partner-console"),
            ("username", "demo@payctl.local"),
            ("password", password),
        ];
        let url = format!("{auth_url}/protocol/openid-connect/token");
        tokio::runtime::Runtime::new()
            .unwrap()
            .block_on(async { reqwest::Client::new().post(url).form(&form).send().await.unwrap().status() })
    };
    assert_eq!(sign_in("payctl-demo-password"), 401, "the published password is refused");
    assert_eq!(sign_in(&password), 200, "the ready line's password signs in");
    signal(&child, "TERM");
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty(), "without --json nothing goes to stdout");
}

#[test]
fn conflicting_flags_are_a_usage_error() {
    let out = payctl().args(["sandbox", "--in-memory", "--db", "x.db"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
}

/// Two processes on one database would each keep their own key index and
/// webhook dispatcher: the second start is refused, naming the file, the
/// first sandbox's address and pid, and the way out. `kill -9` of the
/// holder frees the file at once.
#[tokio::test]
async fn a_second_sandbox_on_the_same_database_is_refused_until_the_first_dies() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shared.db");
    let args = ["--db", db.to_str().unwrap(), "--json", "--listen", "127.0.0.1:0"];
    let (mut first, ready) = start(&args);

    let refused = payctl().arg("sandbox").args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(5), "{stderr}");
    assert!(refused.stdout.is_empty(), "no ready line: {}", String::from_utf8_lossy(&refused.stdout));
    assert!(stderr.contains(&db.display().to_string()), "names the file: {stderr}");
    assert!(stderr.contains(&format!("pid {}", first.id())), "names the holder's pid: {stderr}");
    assert!(stderr.contains(&ready.base_url), "names the holder's URL: {stderr}");
    assert!(stderr.contains("--db PATH") && stderr.contains("--in-memory"), "says the way out: {stderr}");
    // The refused start changed nothing: the first still serves its keys.
    let http = reqwest::Client::new();
    let clock = http.get(format!("{}/sandbox/clock", ready.base_url)).header("X-API-Key", &ready.test_api_key);
    assert_eq!(clock.send().await.unwrap().status(), 200);

    first.kill().unwrap();
    first.wait().unwrap();
    let (second, again) = start(&args);
    assert_eq!(again.partner_id, ready.partner_id, "the same database, free again after kill -9");
    signal(&second, "TERM");
    assert!(wait(second).success());
}

/// The database holds personal data: it, its WAL and shared-memory files,
/// the lock and the key file are the owner's only, even under the usual
/// umask 022 and after SQLite created the WAL files by itself.
#[cfg(unix)]
#[tokio::test]
async fn every_file_beside_the_database_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("private.db");
    let mut child = Command::new("sh")
        .args(["-c", "umask 022 && exec \"$0\" \"$@\"", env!("CARGO_BIN_EXE_payctl"), "sandbox"])
        .args(["--db", db.to_str().unwrap(), "--json", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let ready = read_ready(&mut child).unwrap();
    let sb = crate::support::TestSandbox::attach(ready);
    let created = sb.post("/v1/customers", &sb.test_key(), crate::customers::customer_body("files@example.com")).await;
    assert_eq!(created.status, 201, "{}", created.body);
    sb.advance_clock(120).await;

    let names = ["private.db", "private.db-wal", "private.db-shm", "private.db.lock", "private.db.key"];
    let mode = |e: std::fs::DirEntry| {
        (
            e.file_name().to_string_lossy().into_owned(),
            format!("{:o}", e.metadata().unwrap().permissions().mode() & 0o777),
        )
    };
    let mut modes: Vec<(String, String)> = std::fs::read_dir(dir.path()).unwrap().map(|e| mode(e.unwrap())).collect();
    modes.sort();
    let mut expected: Vec<(String, String)> = names.iter().map(|n| ((*n).to_owned(), "600".to_owned())).collect();
    expected.sort();
    assert_eq!(modes, expected, "every file, and nothing else, owner-only");
    // The umask really was permissive: a file the shell creates is 0644.
    let probe = dir.path().join("probe");
    let made = Command::new("sh").args(["-c", "umask 022 && : > \"$0\"", probe.to_str().unwrap()]).status().unwrap();
    assert!(made.success());
    assert_eq!(std::fs::metadata(&probe).unwrap().permissions().mode() & 0o777, 0o644);
    signal(&child, "TERM");
    assert!(wait(child).success());
}
