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
