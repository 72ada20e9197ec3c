//! Starting `payctl sandbox` on a database that cannot be used as it is: a
//! key file gone missing, a damaged, foreign or read-only database. Each is
//! refused with exit code 5 and a message that names the file, says what is
//! wrong and what to do. And a key file of its own, rotated.

use std::process::{Command, Stdio};

use reqwest::StatusCode;
use serde_json::json;

use crate::console::Browser;
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

/// A shared deployment names its key file (`--key-file`), and rotates it
/// by accepting the old key beside the new one for a while: webhook
/// secrets sealed under the old key are sealed again under the new one, so
/// receivers keep verifying with the secret they hold; tokens the old key
/// signed work until the old key goes.
#[tokio::test]
async fn a_key_file_of_its_own_rotates_without_losing_webhook_secrets() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shared.db");
    let (old_key, new_key) = (dir.path().join("old.key"), dir.path().join("new.key"));
    let log = dir.path().join("stderr.log");
    let with = |extra: &[&str]| {
        let mut args = vec!["--db", db.to_str().unwrap(), "--json", "--listen", "127.0.0.1:0"];
        args.extend_from_slice(extra);
        args.into_iter().map(str::to_owned).collect::<Vec<_>>()
    };
    let start = |args: &[String]| start_logged(&args.iter().map(String::as_str).collect::<Vec<_>>(), &log);
    let receiver = Receiver::start().await;

    let (child, sb) = start(&with(&["--key-file", old_key.to_str().unwrap()]));
    assert_eq!(std::fs::read(&old_key).unwrap().len(), 32, "the named key file is made");
    assert!(!dir.path().join("shared.db.key").exists(), "and the database's own is not");
    let key = sb.test_key();
    let endpoint = create(&sb, &key, &receiver.url, &ALL).await;
    let secret = endpoint["secret"].as_str().unwrap().to_owned();
    let bearer = sb.login().await;
    let mut browser = Browser::new(&sb);
    browser.sign_in(&sb.ready.username, &sb.ready.password).await;
    let (cookies, old_csrf) = (browser.cookies.clone(), browser.csrf().await);
    // A console form rendered under the old key, sent to a later process.
    let send_form = |sb| {
        let (cookies, old_csrf) = (cookies.clone(), old_csrf.clone());
        async move {
            let mut browser = Browser::new(sb);
            browser.cookies = cookies;
            let idem = uuid::Uuid::new_v4().to_string();
            let fields = [("csrf", old_csrf.as_str()), ("idem", &idem), ("name", "During"), ("environment", "TEST")];
            browser.post_raw("/console/applications", &fields).await.status
        }
    };
    trigger(&sb, &key).await;
    assert!(verifies(&receiver.wait_for(1).await[0], &secret));
    signal(&child, "TERM");
    assert!(wait(child).success());

    // A new key that is not yet made, with the old one accepted beside it.
    let rotating = with(&["--key-file", new_key.to_str().unwrap(), "--accept-key-file", old_key.to_str().unwrap()]);
    let (child, sb) = start(&rotating);
    let note = std::fs::read_to_string(&log).unwrap();
    assert!(note.contains("1 webhook signing secret(s) were sealed again"), "{note}");
    assert_eq!(std::fs::read(&new_key).unwrap().len(), 32);
    trigger(&sb, &key).await;
    assert!(verifies(&receiver.wait_for(2).await[1], &secret), "the receiver's secret still verifies");
    assert_eq!(sb.get("/v1/auth/me", &bearer).await.status, StatusCode::OK, "a token of the old key still works");
    assert_eq!(send_form(&sb).await, StatusCode::SEE_OTHER, "so does a console form");
    signal(&child, "TERM");
    assert!(wait(child).success());

    // The old key gone: what it sealed was sealed again; what it signed is refused.
    let (child, sb) = start(&with(&["--key-file", new_key.to_str().unwrap()]));
    trigger(&sb, &key).await;
    assert!(verifies(&receiver.wait_for(3).await[2], &secret));
    sb.get("/v1/auth/me", &bearer).await.assert_error(401, "ATH_0001");
    assert_eq!(send_form(&sb).await, StatusCode::FORBIDDEN);
    signal(&child, "TERM");
    assert!(wait(child).success());

    // A key file that is not there, for a database holding data, is a
    // mistake (a new key would open nothing), not a rotation.
    let typo = dir.path().join("typo.key");
    let refused =
        payctl_sandbox(&with(&["--key-file", typo.to_str().unwrap()]).iter().map(String::as_str).collect::<Vec<_>>());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(5), "{stderr}");
    assert!(stderr.contains("typo.key") && stderr.contains("is missing"), "{stderr}");
    assert!(!typo.exists());
    let missing = with(&["--key-file", new_key.to_str().unwrap(), "--accept-key-file", typo.to_str().unwrap()]);
    let refused = payctl_sandbox(&missing.iter().map(String::as_str).collect::<Vec<_>>());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(5), "{stderr}");
    assert!(stderr.contains("typo.key") && stderr.contains("does not exist"), "{stderr}");
}

/// A one-time sign-in link lives in the database: made by one process, it
/// opens on another that shares it (here the next one on the same file),
/// once.
#[tokio::test]
async fn a_sign_in_link_made_by_one_process_opens_on_the_next_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("links.db");
    let log = dir.path().join("stderr.log");
    let args = ["--db", db.to_str().unwrap(), "--json", "--listen", "127.0.0.1:0"];
    let (child, sb) = start_logged(&args, &log);
    let bearer = sb.login().await;
    let made = sb.post("/console/sign-in-links", &bearer, json!({"next": "/console/overview"})).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let path = made.body["url"].as_str().unwrap().split_once("/console/").unwrap().1.to_owned();
    signal(&child, "TERM");
    assert!(wait(child).success());

    let (child, sb) = start_logged(&args, &log);
    let mut browser = Browser::new(&sb);
    let opened = browser.get(&format!("/console/{path}")).await;
    assert_eq!(opened.status, StatusCode::SEE_OTHER, "{}", opened.html);
    assert_eq!(opened.location(), "/console/overview");
    browser.get("/console/overview").await.assert_ok();
    let again = Browser::new(&sb).get(&format!("/console/{path}")).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST, "a link opens once");
    signal(&child, "TERM");
    assert!(wait(child).success());
}

/// An older payctl started on a database a newer one migrated further
/// refuses it before touching it, naming both schema versions.
#[test]
fn a_database_of_a_newer_schema_is_refused_naming_both_versions() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("newer.db");
    let args = ["--db", db.to_str().unwrap(), "--json", "--listen", "127.0.0.1:0"];
    let (child, _) = start_logged(&args, &dir.path().join("stderr.log"));
    signal(&child, "TERM");
    assert!(wait(child).success());
    let conn = rusqlite::Connection::open(&db).unwrap();
    let newer: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0)).unwrap() + 1;
    conn.pragma_update(None, "user_version", newer).unwrap();
    drop(conn);

    let refused = payctl_sandbox(&args);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(5), "{stderr}");
    assert!(stderr.contains(&db.display().to_string()), "{stderr}");
    assert!(
        stderr.contains(&format!("schema version {newer}")) && stderr.contains(&format!("up to {}", newer - 1)),
        "{stderr}"
    );
    let conn = rusqlite::Connection::open(&db).unwrap();
    assert_eq!(conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0)).unwrap(), newer, "left as it was");
}

/// `payctl sandbox ARGS` run to its end, as an unprivileged user when the
/// tests run as root (root writes read-only files anyway). Returns the exit
/// code and stderr.
fn run_unprivileged(args: &[&str]) -> (Option<i32>, String) {
    let mut command = if nix_is_root() {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", env!("CARGO_BIN_EXE_payctl")]);
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_payctl"))
    };
    let output = command.arg("sandbox").args(args).env("HOME", std::env::temp_dir()).stdin(Stdio::null()).output();
    let output = output.expect("setpriv (util-linux) runs the sandbox as nobody when the tests run as root");
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

fn nix_is_root() -> bool {
    Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0\n")).unwrap_or(false)
}

#[cfg(unix)]
fn chmod(path: &std::path::Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A directory the unprivileged user owns, holding a database it made.
#[cfg(unix)]
fn database_of_nobody() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    chmod(dir.path(), 0o755);
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    if nix_is_root() {
        assert!(Command::new("chown").args(["65534:65534", data.to_str().unwrap()]).status().unwrap().success());
    }
    let db = data.join("sandbox.db");
    // A start that seeds the database; the port is taken, so it stops right after.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().to_string();
    let (code, stderr) = run_unprivileged(&["--db", db.to_str().unwrap(), "--listen", &port]);
    assert_eq!(code, Some(5), "{stderr}");
    assert!(stderr.contains("cannot listen"), "the database was made, then the port refused: {stderr}");
    (dir, db)
}

fn assert_explained(code: Option<i32>, stderr: &str, db: &std::path::Path, says: &str) {
    assert_eq!(code, Some(5), "{stderr}");
    assert!(stderr.contains(&db.display().to_string()), "names the file: {stderr}");
    assert!(stderr.contains(says), "says what is wrong ({says}): {stderr}");
    assert!(stderr.contains("--db PATH") && stderr.contains("--in-memory"), "says what to do: {stderr}");
    for raw in ["Error code", "(1544)", "os error"] {
        assert!(!stderr.contains(raw), "no raw SQLite or OS error ({raw}): {stderr}");
    }
}

#[tokio::test]
async fn a_damaged_or_foreign_database_is_named_and_explained() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "these are my notes, not a database\n".repeat(200)).unwrap();
    let out = payctl_sandbox(&["--db", text.to_str().unwrap(), "--listen", "127.0.0.1:0"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_explained(out.status.code(), &stderr, &text, "is not a sandbox database");
    assert!(!dir.path().join("notes.txt.key").exists(), "nothing is written beside a file that is not ours");

    // A real database whose pages past the first were overwritten.
    let db = dir.path().join("damaged.db");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().to_string();
    assert_eq!(payctl_sandbox(&["--db", db.to_str().unwrap(), "--listen", &port]).status.code(), Some(5));
    {
        // Everything into the database file itself, then overwrite some of it.
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).unwrap();
    }
    let mut bytes = std::fs::read(&db).unwrap();
    assert!(bytes.len() > 5 * 4096, "a seeded database spans pages");
    let mut seed = 0x2545_f491_u32;
    for b in &mut bytes[2 * 4096..5 * 4096] {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        *b = (seed >> 16) as u8;
    }
    std::fs::write(&db, &bytes).unwrap();
    let out = payctl_sandbox(&["--db", db.to_str().unwrap(), "--listen", "127.0.0.1:0"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_explained(out.status.code(), &stderr, &db, "is damaged");
    assert!(stderr.contains("Restore it from a copy"), "{stderr}");
}

#[cfg(unix)]
#[tokio::test]
async fn a_read_only_database_or_directory_is_named_and_explained() {
    // The file itself read-only.
    let (_dir, db) = database_of_nobody();
    chmod(&db, 0o400);
    let (code, stderr) = run_unprivileged(&["--db", db.to_str().unwrap(), "--listen", "127.0.0.1:0"]);
    assert_explained(code, &stderr, &db, "permission denied");
    assert!(stderr.contains("make them writable"), "{stderr}");

    // The file writable, its directory not: SQLite cannot create the -wal beside it.
    chmod(&db, 0o600);
    let data = db.parent().unwrap();
    for leftover in ["sandbox.db-wal", "sandbox.db-shm"] {
        let _ = std::fs::remove_file(data.join(leftover));
    }
    chmod(data, 0o555);
    let (code, stderr) = run_unprivileged(&["--db", db.to_str().unwrap(), "--listen", "127.0.0.1:0"]);
    chmod(data, 0o755);
    assert_explained(code, &stderr, &db, "read-only");
    assert!(stderr.contains("-wal"), "{stderr}");
}
