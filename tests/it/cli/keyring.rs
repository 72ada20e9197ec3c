//! Credentials never leak between configuration directories: each keyring
//! entry names its config directory and profile, so a fresh `HOME` (or
//! `PAYCTL_CONFIG_DIR`, or CI job) sees none of another's tokens.

use super::{Home, Run};

fn keyring_run(dir: &std::path::Path, args: &[&str], stdin: Option<&str>) -> Run {
    use std::io::Write;
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_payctl"));
    cmd.args(args)
        .env("PAYCTL_CONFIG_DIR", dir)
        .env("PAYCTL_CREDENTIAL_STORE", "keyring")
        .env_remove("PAYCTL_API_KEY")
        .env_remove("PAYCTL_PROFILE")
        .env_remove("PAYCTL_BASE_URL")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        input.write_all(text.as_bytes()).unwrap();
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_config_directories_never_share_a_login() {
    let home = Home::new().await;
    let other = tempfile::tempdir().unwrap();
    let base = home.sb.ready.base_url.clone();
    let password = home.sb.ready.password.clone();
    let (a, b) = (home.dir.path().to_owned(), other.path().to_owned());
    let user = home.sb.ready.username.clone();
    let runs = tokio::task::spawn_blocking(move || {
        let login =
            keyring_run(&a, &["--base-url", &base, "login", "--username", &user, "--password-stdin"], Some(&password));
        let whoami_b = keyring_run(&b, &["--base-url", &base, "whoami", "-o", "json"], None);
        let whoami_a = keyring_run(&a, &["--base-url", &base, "whoami", "-o", "json"], None);
        let logout = keyring_run(&a, &["logout"], None);
        (login, whoami_b, whoami_a, logout)
    })
    .await
    .unwrap();
    let (login, whoami_b, whoami_a, logout) = runs;
    if login.code == Some(5) && login.stderr.contains("keyring") {
        // This machine's keyring takes no entries (a container without a
        // session keyring); the scoping itself is covered by the unit test
        // `keyring_entries_are_scoped_to_the_config_directory`.
        eprintln!("no usable OS keyring here: {}", login.stderr);
        return;
    }
    assert_eq!(login.code, Some(0), "{}", login.stderr);
    assert_eq!(whoami_a.code, Some(0), "{}", whoami_a.stderr);
    assert_eq!(whoami_b.code, Some(3), "the other directory is not logged in: {}", whoami_b.stdout);
    assert!(whoami_b.stderr.contains("payctl login"), "{}", whoami_b.stderr);
    assert_eq!(logout.code, Some(0), "{}", logout.stderr);
}

/// The README's quick start on a machine whose session keyring refuses the
/// first call and then hands out a new, empty keyring (what Linux's does
/// to a process that inherited one it may not use), and on one with no
/// keyring at all: every command that needs a stored secret finds it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_keyring_that_refuses_then_works_never_splits_a_profiles_secrets() {
    for behaviour in ["refuses-first", "none"] {
        let home = Home::new().await;
        let run = |args: Vec<String>, stdin: Option<String>| {
            let mut cmd = home.command(&args.iter().map(String::as_str).collect::<Vec<_>>());
            cmd.env_remove("PAYCTL_CREDENTIAL_STORE").env("PAYCTL_TEST_KEYRING", behaviour);
            async move {
                tokio::task::spawn_blocking(move || {
                    use std::io::Write;
                    let mut child = cmd.spawn().unwrap();
                    let mut input = child.stdin.take().unwrap();
                    input.write_all(stdin.unwrap_or_default().as_bytes()).unwrap();
                    drop(input);
                    let out = child.wait_with_output().unwrap();
                    Run {
                        code: out.status.code(),
                        stdout: String::from_utf8(out.stdout).unwrap(),
                        stderr: String::from_utf8(out.stderr).unwrap(),
                    }
                })
                .await
                .unwrap()
            }
        };
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let ready = serde_json::to_string(&home.sb.ready).unwrap();
        let init = run(args(&["config", "init", "--from-ready", "-"]), Some(ready)).await.ok();
        assert!(init.stderr.contains("no OS keyring is available"), "{behaviour}: {}", init.stderr);
        run(args(&["login", "--password-stdin"]), Some(home.sb.ready.password.clone())).await.ok();
        let config = std::fs::read_to_string(home.dir.path().join("config.toml")).unwrap();
        assert_eq!(config.matches("credential_store = \"file\"").count(), 2, "{behaviour}: {config}");

        // Each of these read a secret through a second store in the same
        // process before: the API key, the login, the live profile's key.
        let clock = run(args(&["sandbox", "clock", "-o", "json"]), None).await.ok().json();
        assert_eq!(clock["application_id"], home.sb.ready.test_application_id.as_str(), "{behaviour}");
        let customers = run(args(&["customers", "list", "-o", "json"]), None).await.ok().json();
        assert!(customers["data"].is_array(), "{behaviour}");
        let created = run(args(&["keys", "create", "--save", "-o", "json"]), None).await.ok().json();
        let rotated = run(args(&["keys", "rotate", "-o", "json"]), None).await.ok().json();
        assert_ne!(created["api_key_id"], rotated["api_key_id"], "{behaviour}");
        let fired = run(args(&["trigger", "customer.kyb_approved", "-o", "json"]), None).await.ok().json();
        assert_eq!(fired["event"], "customer.kyb_approved", "{behaviour}");
        run(args(&["whoami", "-o", "json"]), None).await.ok();
        // The rotated key is the one every later command uses.
        let logs = run(args(&["logs", "list", "-o", "json", "--limit", "1"]), None).await.ok().json();
        assert_eq!(logs["data"][0]["api_key_id"], rotated["api_key_id"], "{behaviour}: {logs}");
    }
}
