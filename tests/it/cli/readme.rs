//! The README tells the truth about the CLI: its command table lists every
//! command `payctl --help` has, the top-level help's example logs in as the
//! sandbox's demo user, and the fixtures README states the credential
//! precedence the code has (checked by running it).

use std::process::Command;

use serde_json::json;

use super::Home;

fn read(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

#[test]
fn the_command_table_lists_every_command() {
    let readme = read("README.md");
    let out = Command::new(env!("CARGO_BIN_EXE_payctl")).arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.contains(&"payments") && commands.contains(&"swaps"), "{help}");
    let table: Vec<&str> = readme.lines().filter(|l| l.starts_with("| `payctl ")).collect();
    for command in commands {
        let named = format!("`payctl {command}");
        assert!(table.iter().any(|row| row.contains(&named)), "README's command table lacks {named}`");
    }
    // The top-level example logs in as the sandbox's demo user.
    assert!(help.contains("--username demo@payctl.local"), "{help}");
    assert!(!help.contains("demo@example.com"), "{help}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fixtures_readme_states_the_credential_precedence_the_code_has() {
    let readme = read("fixtures/README.md");
    let precedence = "`--api-key` / `PAYCTL_API_KEY`, else the `--ready` line's TEST key, else the profile's key";
    assert!(readme.contains(precedence), "fixtures/README.md must say: {precedence}");
    // And the code does that: with --ready, the ready line's key beats the profile's.
    let home = Home::initialised().await;
    let other = Home::new().await;
    let ready = home.dir.path().join("other-ready.json");
    std::fs::write(&ready, serde_json::to_string(&other.sb.ready).unwrap()).unwrap();
    let file = crate::fixtures::write(
        home.dir.path(),
        "who.json",
        json!({"version": 1, "name": "who", "steps": [
        {"name": "clock", "method": "GET", "path": "/sandbox/clock", "auth": "test_key"}]}),
    );
    home.run(&["fixtures", "run", "--ready", ready.to_str().unwrap(), &file], None).await.ok();
    let logs = other.sb.logs_where(&other.sb.test_key(), "", |l| !l.is_empty()).await;
    assert!(logs.iter().any(|l| l["path"] == "/sandbox/clock"), "the step ran with the ready line's key: {logs:?}");
}

/// The fixtures README's trigger table says which other events each trigger
/// fires: each trigger runs in a sandbox of its own with an endpoint for every
/// event, and the events delivered are exactly the table's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_trigger_table_names_every_event_each_trigger_fires() {
    let readme = read("fixtures/README.md");
    let rows: Vec<Vec<String>> = readme
        .lines()
        .skip_while(|l| !l.starts_with("| trigger fixture |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.split('|').map(|c| c.trim().to_owned()).collect())
        .collect();
    assert_eq!(rows.len(), 7, "{rows:?}");
    for row in rows {
        let event = row[1].trim_matches('`').to_owned();
        let mut expected: Vec<String> =
            row[3].split(", ").filter(|e| *e != "none").map(|e| e.trim_matches('`').to_owned()).collect();
        expected.push(event.clone());
        expected.sort();
        let home = Home::initialised().await;
        let all: Vec<&str> = payctl_wire::events::EventType::ALL.iter().map(|e| e.as_str()).collect();
        let sink = format!("{}/sandbox/webhook-sink", home.sb.ready.base_url);
        let hook = home.sb.post("/v1/webhooks", &home.sb.test_key(), json!({"url": sink, "events": all})).await;
        assert_eq!(hook.status, 201, "{}", hook.body);
        home.run(&["trigger", &event], None).await.ok();
        let path = format!("/v1/webhooks/{}/deliveries?limit=100", hook.body["id"].as_str().unwrap());
        let deliveries = home.sb.get(&path, &home.sb.test_key()).await.body;
        let mut fired: Vec<String> =
            deliveries["data"].as_array().unwrap().iter().map(|d| d["event"].as_str().unwrap().to_owned()).collect();
        fired.sort();
        fired.dedup();
        assert_eq!(fired, expected, "fixtures/README.md's row for {event}");
    }
}

/// Whether `line` is what the README shows, where `…` stands for any text.
fn shown_as(line: &str, shown: &str) -> bool {
    let parts: Vec<&str> = shown.split('…').collect();
    let Some(rest) = line.strip_prefix(parts[0]) else { return false };
    let mut rest = rest;
    for (i, part) in parts.iter().enumerate().skip(1) {
        if i == parts.len() - 1 {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// The README's quick start, run as written: each `$` line in a shell with
/// the built `payctl` first on PATH, in a fresh directory and config, its
/// output (stdout and stderr) holding the lines shown under it in order.
/// A command whose output is not there yet (the listener still starting, a
/// delivery on its way) is run again, for a few seconds at most.
#[test]
fn the_quick_start_runs_as_written() {
    let readme = read("README.md");
    let block = readme
        .split("<!-- quick-start -->")
        .nth(1)
        .and_then(|after| after.split("```console\n").nth(1))
        .and_then(|b| b.split("```").next())
        .expect("README.md has a quick start")
        .to_owned();
    let mut steps: Vec<(String, Vec<String>)> = Vec::new();
    for line in block.lines() {
        match line.strip_prefix("$ ") {
            Some(command) => steps.push((command.to_owned(), Vec::new())),
            None => steps.last_mut().expect("output after a command").1.push(line.to_owned()),
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_payctl")).parent().unwrap().to_owned();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let shell = |command: &str| {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("PAYCTL_CONFIG_DIR", dir.path().join("config"))
            .env("PAYCTL_CREDENTIAL_STORE", "file")
            .env_remove("PAYCTL_BASE_URL")
            .env_remove("PAYCTL_API_KEY")
            .env_remove("PAYCTL_PROFILE")
            .env_remove("PAYCTL_AUTH_URL");
        cmd
    };
    let mut background = Vec::new();
    let mut ran = 0;
    for (command, shown) in &steps {
        let command = command.split(" # ").next().unwrap().trim();
        // Installing is what the test's own build already did.
        if command.starts_with("pip ") || command.starts_with("npm ") {
            continue;
        }
        if let Some(command) = command.strip_suffix('&') {
            let child = shell(&format!("exec {command}"))
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap();
            background.push(child);
            continue;
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        loop {
            let out = shell(command).output().unwrap();
            let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
            let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
            let mut at = 0;
            let held = shown.iter().all(|want| match lines[at..].iter().position(|l| shown_as(l, want)) {
                Some(found) => {
                    at += found + 1;
                    true
                }
                None => false,
            });
            if out.status.success() && held {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "`{command}` (exit {:?}) did not print {shown:#?}:\n{text}",
                out.status.code()
            );
            std::thread::sleep(std::time::Duration::from_millis(300));
        }
        ran += 1;
    }
    for mut child in background {
        // SIGTERM: the listener disables its endpoint, the sandbox stops cleanly.
        let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
        let _ = child.wait();
    }
    assert!(ran >= 5, "{steps:?}");
}

#[test]
fn shown_lines_match_with_ellipses() {
    assert!(shown_as(
        "Created customer 01a2; verification is pending.",
        "Created customer …; verification is pending."
    ));
    assert!(shown_as("{\"id\":\"evt_1\",\"event\":\"x\",\"t\":1}", "{\"id\":\"evt_…\",\"event\":\"x\",…}"));
    assert!(!shown_as(
        "Created customer 01a2; verification is approved.",
        "Created customer …; verification is pending."
    ));
    assert!(!shown_as("a b", "a"));
}
