//! A reader that goes away (`payctl ... | head -1`) ends the command
//! quietly, exit 0, as ripgrep does: no panic, no stack trace.

use std::process::Stdio;

use super::Home;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_stdout_ends_the_command_quietly() {
    let home = Home::initialised().await;
    for email in ["a@example.com", "b@example.com"] {
        crate::customers::create_customer(&home.sb, &home.sb.test_key(), email).await;
    }
    for format in ["json", "table"] {
        // The reader is gone before the command writes a byte.
        let mut cmd = home.command(&["customers", "list", "-o", format]);
        cmd.env("RUST_BACKTRACE", "1");
        let out = tokio::task::spawn_blocking(move || {
            let mut child = cmd.spawn().unwrap();
            drop(child.stdout.take());
            child.wait_with_output().unwrap()
        })
        .await
        .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{format}: {stderr}");
        assert!(stderr.is_empty(), "{format}: {stderr}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn payctl_piped_into_head_exits_0_without_a_trace() {
    let home = Home::initialised().await;
    // The OpenAPI document is megabytes of JSON: far more than a pipe holds.
    let mut sh = std::process::Command::new("bash");
    sh.args(["-o", "pipefail", "-c", &format!("{} api GET /v1/openapi.json | head -1", env!("CARGO_BIN_EXE_payctl"))])
        .env("PAYCTL_CONFIG_DIR", home.dir.path())
        .env("PAYCTL_CREDENTIAL_STORE", "file")
        .env("RUST_BACKTRACE", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let out = tokio::task::spawn_blocking(move || sh.output().unwrap()).await.unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("Broken pipe"), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "{");
}
