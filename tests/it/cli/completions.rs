//! The committed scripts in completions/ are what `payctl completions`
//! prints (run with `PAYCTL_UPDATE_COMPLETIONS=1` to rewrite them), and in a
//! real bash they complete names, not file names: events, profiles,
//! networks, assets and corridors, subcommands before flags.

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
        &["sandbox", "clock"],
        &["sandbox", "clock", "advance"],
        &["sandbox", "faults", "add"],
        &["sandbox", "faults", "list"],
        &["sandbox", "faults", "rm"],
        &["sandbox", "faults", "clear"],
        &["trigger"],
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

/// What bash offers for `payctl WORDS`, the last word being completed,
/// through the committed script and the binary on `PATH`.
fn complete(config_dir: &std::path::Path, words: &[&str]) -> Vec<String> {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("completions/payctl.bash");
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_payctl")).parent().unwrap();
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let line = format!(
        "source '{}'; COMP_WORDS=(payctl {}); COMP_CWORD={}; COMP_TYPE=9; _clap_complete_payctl payctl '{}' '{}'; \
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        quoted.join(" "),
        words.len(),
        words.last().unwrap(),
        if words.len() > 1 { words[words.len() - 2] } else { "payctl" },
    );
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("bash")
        .args(["-c", &line])
        .env("PATH", path)
        .env("PAYCTL_CONFIG_DIR", config_dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().filter(|l| !l.is_empty()).map(str::to_owned).collect()
}

#[test]
fn bash_completes_values_by_name_and_subcommands_first() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.toml"),
        "[profiles.default]\n[profiles.staging]\nbase_url = \"https://api.example.com\"\n",
    )
    .unwrap();
    let d = dir.path();
    let events = complete(d, &["trigger", ""]);
    assert!(
        events.contains(&"settlement.completed".to_owned()) && events.contains(&"on_ramp.completed".to_owned()),
        "{events:?}"
    );
    // The seven events first; flags only after them.
    assert!(
        events[..7].iter().all(|e| e.contains('.')) && events[7..].iter().all(|e| e.starts_with('-')),
        "{events:?}"
    );
    let hooks = complete(d, &["webhooks", "create", "--events", "settlement.c"]);
    assert!(
        hooks.iter().any(|e| e.ends_with("settlement.completed"))
            && hooks.iter().any(|e| e.ends_with("settlement.created")),
        "{hooks:?}"
    );
    let listen = complete(d, &["listen", "--events", "customer.kyb_approved,cust"]);
    assert!(listen.iter().any(|e| e.ends_with("customer.kyb_rejected")), "{listen:?}");
    assert_eq!(complete(d, &["--profile", ""]), ["default", "staging"]);
    let networks = complete(d, &["wallets", "validate", "--network", ""]);
    assert!(networks.contains(&"ethereum".to_owned()) && networks.contains(&"tron".to_owned()), "{networks:?}");
    let assets = complete(d, &["beneficiaries", "create", "--asset", ""]);
    assert!(assets.contains(&"EUR".to_owned()) && assets.contains(&"USDC".to_owned()), "{assets:?}");
    let corridors = complete(d, &["quotes", "create", "--corridor", ""]);
    assert!(corridors.contains(&"uae".to_owned()) && corridors.contains(&"AED-EUR".to_owned()), "{corridors:?}");
    let kinds = complete(d, &["sandbox", "faults", "add", "--kind", ""]);
    assert!(kinds.contains(&"drop_response".to_owned()) && kinds.contains(&"rate_limit".to_owned()), "{kinds:?}");
    let operations = complete(d, &["sandbox", "faults", "add", "--operation", "create"]);
    assert!(operations.contains(&"createTransaction".to_owned()), "{operations:?}");
    assert!(!operations.contains(&"createFaultRule".to_owned()), "no /sandbox/ route: {operations:?}");
    assert!(!operations.iter().any(|o| o == "createApplication"), "no dashboard route: {operations:?}");
    // Subcommands come before flags.
    let top = complete(d, &[""]);
    let first_flag = top.iter().position(|c| c.starts_with('-')).unwrap_or(top.len());
    let last_command = top.iter().rposition(|c| !c.starts_with('-')).unwrap();
    assert!(last_command < first_flag, "{top:?}");
    assert!(top[..first_flag].contains(&"customers".to_owned()), "{top:?}");
}
