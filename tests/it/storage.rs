//! What reaches the disk: no plaintext secret, state surviving restarts.

use reqwest::StatusCode;
use serde_json::json;

use payctl_sandbox::Storage;

use crate::support::{Auth, spawn_with};

fn file_contains(dir: &std::path::Path, needle: &str) -> bool {
    std::fs::read_dir(dir).unwrap().any(|entry| {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        bytes.windows(needle.len()).any(|w| w == needle.as_bytes())
    })
}

#[tokio::test]
async fn the_database_holds_no_plaintext_secret() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let sb = spawn_with(Storage::File(db.clone())).await;
    let bearer = sb.login().await;
    let Auth::Bearer(access) = &bearer else { unreachable!() };
    let (_, secret) = sb.new_app_key(&bearer, "LIVE").await;
    let refresh = sb
        .token(&[
            ("grant_type", "password"),
            ("client_id", "partner-console"),
            ("username", &sb.ready.username),
            ("password", &sb.ready.password),
        ])
        .await
        .body["refresh_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let seeded = [sb.ready.test_api_key.clone(), sb.ready.live_api_key.clone(), sb.ready.control_token.clone()];
    let password = sb.ready.password.clone();
    sb.shutdown().await;

    assert!(db.exists());
    // The key file must be private to the user.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.path().join("sandbox.db.key")).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    for needle in [secret.as_str(), &seeded[0], &seeded[1], &seeded[2], &password, &refresh, access.as_str()] {
        assert!(!file_contains(dir.path(), needle), "a secret reached the disk: {}…", &needle[..12]);
    }
    // Sanity check of the check itself: public values are on disk.
    assert!(file_contains(dir.path(), &secret[..14]), "the key prefix should be stored");
}

#[tokio::test]
async fn state_survives_a_restart_and_fresh_keys_are_minted() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let first = spawn_with(Storage::File(db.clone())).await;
    let bearer = first.login().await;
    let app = first.post("/v1/applications", &bearer, json!({"name": "kept", "environment": "TEST"})).await;
    first.advance_clock(600).await;
    let old_key = first.ready.test_api_key.clone();
    let partner = first.ready.partner_id.clone();
    first.shutdown().await;

    let second = spawn_with(Storage::File(db)).await;
    assert_eq!(second.ready.partner_id, partner, "the same seeded partner");
    assert_ne!(second.ready.test_api_key, old_key, "a fresh key each start");
    assert_eq!(second.get("/sandbox/clock", &second.test_key()).await.status, StatusCode::OK);
    assert_eq!(second.get("/sandbox/clock", &Auth::Key(old_key)).await.status, StatusCode::OK, "old keys stay valid");
    assert!(second.get("/sandbox/clock", &second.control()).await.body["offset_seconds"].as_i64().unwrap() >= 600);
    let bearer = second.login().await;
    let got = second.get(&format!("/v1/applications/{}", app.body["id"].as_str().unwrap()), &bearer).await;
    assert_eq!(got.body["name"], "kept");

    // The file is a sound SQLite database after a clean shutdown.
    second.shutdown().await;
    let conn = rusqlite::Connection::open(dir.path().join("sandbox.db")).unwrap();
    let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(check, "ok");
}

/// A small tmpfs mounted for one test, unmounted when dropped. Mounting
/// needs root, as CI has; elsewhere the test says so and checks nothing.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount(megabytes: u32) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().unwrap();
        let status = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}m,mode=0700"), "tmpfs"])
            .arg(dir.path())
            .stderr(std::process::Stdio::null())
            .status();
        status.is_ok_and(|s| s.success()).then_some(SmallDisk { dir })
    }

    fn path(&self) -> &std::path::Path {
        self.dir.path()
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg("-l").arg(self.dir.path()).status();
    }
}

/// Fills the disk at `dir` with one file; returns its path.
fn fill(dir: &std::path::Path) -> std::path::PathBuf {
    use std::io::Write;
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).unwrap();
    let chunk = vec![0x5au8; 64 * 1024];
    while file.write_all(&chunk).and_then(|()| file.flush()).is_ok() {}
    let _ = file.sync_all();
    path
}

#[tokio::test]
async fn a_full_disk_answers_507_keeps_serving_reads_and_recovers_when_space_returns() {
    let Some(disk) = SmallDisk::mount(24) else {
        eprintln!("a_full_disk_answers_507…: mounting a tmpfs needs root (CI runs as root); not run here");
        return;
    };
    let sb = spawn_with(Storage::File(disk.path().join("sandbox.db"))).await;
    let key = sb.test_key();
    let before = crate::customers::create_customer(&sb, &key, "before-full@example.com").await;
    let filler = fill(disk.path());

    let keyed = |n: usize, idem: &str| {
        sb.send(
            sb.request(reqwest::Method::POST, "/v1/customers", &key)
                .header("Idempotency-Key", idem)
                .json(&crate::customers::customer_body(&format!("during-full-{n}@example.com"))),
        )
    };
    let mut full = None;
    for n in 0..300 {
        let r = keyed(n, &format!("full-{n}")).await;
        assert!(r.status == 201 || r.status == 507, "a full disk is 507, never {}: {}", r.status, r.body);
        if r.status == 507 {
            full = Some((n, r));
            break;
        }
    }
    let (n, r) = full.expect("writes on a full disk are refused");
    r.assert_error(507, "STORAGE_FULL");
    assert!(r.body["error"]["message"].as_str().unwrap().contains("disk holding the sandbox's database is full"));
    // Reads go on.
    let read = sb.get(&format!("/v1/customers/{}", before["id"].as_str().unwrap()), &key).await;
    assert_eq!(read.status, 200, "{}", read.body);
    assert_eq!(sb.get("/health", &crate::support::Auth::None).await.status, 200);

    // Space returns: the same request, with the same key, now runs (a 507 is not stored for replay).
    std::fs::remove_file(filler).unwrap();
    let again = keyed(n, &format!("full-{n}")).await;
    assert_eq!(again.status, 201, "{}", again.body);
    assert_eq!(again.header("idempotent-replayed"), None);
    assert_eq!(sb.get(&format!("/v1/customers/{}", again.body["id"].as_str().unwrap()), &key).await.status, 200);
    sb.shutdown().await;
}
