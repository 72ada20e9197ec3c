//! The committed scripts in completions/ match the command tree. Run with
//! `PAYCTL_UPDATE_COMPLETIONS=1` to rewrite them after changing a flag.

use std::process::Command;

const SCRIPTS: &[(&str, &str)] = &[
    ("bash", "payctl.bash"),
    ("zsh", "_payctl"),
    ("fish", "payctl.fish"),
    ("elvish", "payctl.elv"),
    ("powershell", "_payctl.ps1"),
];

#[test]
fn committed_completion_scripts_are_current() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("completions");
    let update = std::env::var_os("PAYCTL_UPDATE_COMPLETIONS").is_some();
    for (shell, file) in SCRIPTS {
        let out = Command::new(env!("CARGO_BIN_EXE_payctl")).args(["completions", shell]).output().unwrap();
        assert!(out.status.success());
        assert!(!out.stdout.is_empty());
        let path = dir.join(file);
        if update {
            std::fs::write(&path, &out.stdout).unwrap();
            continue;
        }
        let committed = std::fs::read(&path).unwrap_or_default();
        assert!(
            committed == out.stdout,
            "completions/{file} is stale: run `PAYCTL_UPDATE_COMPLETIONS=1 cargo test --test it cli::completions`"
        );
    }
}

#[test]
fn every_command_has_examples_in_its_help() {
    let paths: &[&[&str]] = &[
        &[],
        &["login"],
        &["logout"],
        &["whoami"],
        &["api"],
        &["completions"],
        &["sandbox"],
        &["config", "show"],
        &["config", "set"],
        &["config", "use"],
        &["config", "list"],
        &["config", "init"],
        &["apps", "create"],
        &["apps", "list"],
        &["apps", "get"],
        &["apps", "deactivate"],
        &["keys", "create"],
        &["keys", "list"],
        &["keys", "revoke"],
        &["keys", "rotate"],
    ];
    for path in paths {
        let out = Command::new(env!("CARGO_BIN_EXE_payctl")).args(*path).arg("--help").output().unwrap();
        assert!(out.status.success(), "{path:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("Examples:"), "{path:?} --help has no examples");
    }
}
