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
    let logs = other.sb.logs_until(&other.sb.test_key(), "", |l| !l.is_empty()).await;
    assert!(logs.iter().any(|l| l["path"] == "/sandbox/clock"), "the step ran with the ready line's key: {logs:?}");
}
