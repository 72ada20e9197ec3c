//! `payctl sandbox fork`, `payctl sandbox snapshot save|load` and
//! `payctl sandbox --seed SNAPSHOT`, as a user runs them: the fork's key
//! kept in a profile that then reads the copied world, a file that loads
//! back, a sandbox started from a snapshot, and the exit codes of the
//! README's table for a file that is not one.

use super::Home;
use crate::sandbox_binary::{signal, start, wait};
use crate::support::factories;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fork_and_snapshots_from_the_command_line() {
    let home = Home::initialised().await;
    let sb = &home.sb;
    let customer = factories::customer_named(sb, &sb.test_key(), "Command Line Trading", true).await;

    // A fork whose key goes into a profile; the secret is not printed unasked.
    let forked = home.json(&["sandbox", "fork", "--name", "cli fork", "--save-profile", "copy", "-o", "json"]).await;
    assert_eq!(forked["application"]["name"], "cli fork");
    assert_eq!(forked["api_key"]["client_secret"], "***");
    let copy = forked["ids"][&customer].as_str().unwrap().to_owned();
    let listed = home.json(&["--profile", "copy", "customers", "list", "-o", "json"]).await;
    assert_eq!(listed["data"][0]["id"], copy.as_str(), "{listed}");
    assert_eq!(listed["data"][0]["legal_name"], "Command Line Trading");
    assert!(!home.credentials().is_empty());

    // Deleted with the control token of the ready line: the profile's key is refused (exit 3).
    let ready = home.dir.path().join("ready.json");
    std::fs::write(&ready, serde_json::to_string(&sb.ready).unwrap()).unwrap();
    let fork_id = forked["application"]["id"].as_str().unwrap();
    let deleted = home.json(&["sandbox", "delete", fork_id, "--ready", ready.to_str().unwrap(), "-o", "json"]).await;
    assert_eq!(deleted["id"], fork_id);
    assert_eq!(deleted["deleted"]["customers"], 1, "{deleted}");
    let refused = home.run(&["--profile", "copy", "customers", "list"], None).await;
    assert_eq!(refused.code, Some(3), "{}", refused.stderr);

    // Save, then load into a new application of the same sandbox.
    let file = home.dir.path().join("world.json");
    let file = file.to_str().unwrap();
    let saved = home.run(&["sandbox", "snapshot", "save", file], None).await.ok();
    assert!(saved.stderr.contains("payctl-snapshot/1"), "{}", saved.stderr);
    let loaded = home.json(&["sandbox", "snapshot", "load", file, "--save-profile", "loaded", "-o", "json"]).await;
    let again = loaded["ids"][&customer].as_str().unwrap().to_owned();
    let shown = home.json(&["--profile", "loaded", "customers", "get", &again, "-o", "json"]).await;
    assert_eq!(shown["legal_name"], "Command Line Trading");

    // A redacted file holds no name of the world.
    let redacted = home.dir.path().join("ticket.json");
    home.run(&["sandbox", "snapshot", "save", redacted.to_str().unwrap(), "--redact"], None).await.ok();
    assert!(!std::fs::read_to_string(&redacted).unwrap().contains("Command Line Trading"));

    // A sandbox started with --seed SNAPSHOT has that world in its ready line's TEST application.
    let (child, ready) = start(&["--in-memory", "--json", "--listen", "127.0.0.1:0", "--seed", file]);
    let customers: serde_json::Value = reqwest::Client::new()
        .get(format!("{}/v1/customers", ready.base_url))
        .header("X-API-Key", &ready.test_api_key)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(customers["data"][0]["legal_name"], "Command Line Trading", "{customers}");
    signal(&child, "TERM");
    assert!(wait(child).success());

    // A newer format is the API's refusal (1); a file that is not JSON, a usage error (2).
    let mut newer: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    newer["format"] = serde_json::json!("payctl-snapshot/7");
    std::fs::write(file, newer.to_string()).unwrap();
    let refused = home.run(&["sandbox", "snapshot", "load", file], None).await;
    assert_eq!(refused.code, Some(1), "{}", refused.stderr);
    assert!(refused.stderr.contains("payctl-snapshot/7") && refused.stderr.contains("payctl-snapshot/1"));
    std::fs::write(file, "not json").unwrap();
    assert_eq!(home.run(&["sandbox", "snapshot", "load", file], None).await.code, Some(2));
}

/// The shell block after `<!-- fork-example -->` in sandbox/README.md.
fn fork_example() -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("sandbox/README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let after = readme.split("<!-- fork-example -->").nth(1).expect("sandbox/README.md has the example");
    let block = after.split("```sh\n").nth(1).unwrap().split("```").next().unwrap();
    block.lines().map(str::to_owned).collect()
}

/// The README's worked example, run as written with `bash` in a home whose
/// profile holds one customer: the last line lists it from the loaded file,
/// and the fork's clock moved alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readmes_fork_example_runs_as_written() {
    let home = Home::initialised().await;
    let sb = &home.sb;
    factories::customer_named(sb, &sb.test_key(), "Readme Trading LLC", true).await;
    let script = fork_example();
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_payctl")).parent().unwrap().to_owned();
    let out = tokio::task::spawn_blocking({
        let dir = home.dir.path().to_owned();
        move || {
            std::process::Command::new("bash")
                .args(["-c", &format!("set -eo pipefail\n{}\n", script.join("\n"))])
                .current_dir(&dir)
                .env("PATH", format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default()))
                .env("PAYCTL_CONFIG_DIR", &dir)
                .env("PAYCTL_CREDENTIAL_STORE", "file")
                .env_remove("PAYCTL_BASE_URL")
                .env_remove("PAYCTL_API_KEY")
                .env_remove("PAYCTL_PROFILE")
                .output()
                .unwrap()
        }
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("Readme Trading LLC"), "{stdout}");
    let clock = |profile: &'static str| {
        let home = &home;
        async move { home.json(&["--profile", profile, "sandbox", "clock", "-o", "json"]).await["offset_seconds"].clone() }
    };
    assert_eq!(clock("checkout-test").await.as_i64().unwrap(), clock("default").await.as_i64().unwrap() + 3600);
}
