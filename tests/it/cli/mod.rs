//! The `payctl` binary as a client: it runs as a child process against an
//! in-process sandbox, with a temporary config directory and the file
//! credential store, so no test touches the user's real config or keyring.

mod accounts;
mod banner;
mod beneficiaries;
mod clock;
mod completions;
mod config;
mod customers;
#[cfg(unix)]
mod deliveries;
mod errors;
mod faults;
mod forks;
mod help;
mod idempotency;
mod interruptions;
mod keyring;
mod lifecycle;
mod listen;
mod logs;
mod open;
mod payments;
mod pipes;
mod plain_path;
mod pricing;
#[cfg(unix)]
mod pty;
mod quotes;
mod readme;
mod review;
mod secrets;
mod tables;
mod transfer;
mod wait;
mod wallets;
mod webhooks;

use std::io::Write;
use std::process::{Command, Stdio};

use crate::support::{TestSandbox, spawn_sandbox};

pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    #[track_caller]
    pub fn ok(self) -> Run {
        assert_eq!(self.code, Some(0), "stdout: {}\nstderr: {}", self.stdout, self.stderr);
        self
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", self.stdout))
    }

    pub fn all(&self) -> String {
        format!("{}{}", self.stdout, self.stderr)
    }
}

/// One isolated user of the CLI.
pub struct Home {
    pub dir: tempfile::TempDir,
    pub sb: TestSandbox,
}

impl Home {
    pub async fn new() -> Home {
        Home::with(spawn_sandbox().await)
    }

    /// A home for a sandbox started with its own settings.
    pub fn with(sb: TestSandbox) -> Home {
        Home { dir: tempfile::tempdir().unwrap(), sb }
    }

    /// A home whose default profile came from the sandbox's ready line.
    pub async fn initialised() -> Home {
        Home::init(Home::new().await).await
    }

    /// Points the home's default profile at its sandbox (`config init`).
    pub async fn init(home: Home) -> Home {
        let ready = serde_json::to_string(&home.sb.ready).unwrap();
        home.run(&["config", "init", "--from-ready", "-"], Some(&ready)).await.ok();
        home
    }

    pub async fn logged_in() -> Home {
        let home = Home::initialised().await;
        let password = home.sb.ready.password.clone();
        home.run(&["login", "--password-stdin"], Some(&password)).await.ok();
        home
    }

    /// Runs `payctl ARGS` off the async runtime, so the in-process sandbox
    /// keeps serving while the test waits for the child.
    pub async fn run(&self, args: &[&str], stdin: Option<&str>) -> Run {
        let stdin = stdin.map(str::to_owned);
        let mut cmd = self.command(args);
        tokio::task::spawn_blocking(move || {
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
        })
        .await
        .unwrap()
    }

    /// Runs `payctl ARGS`, expects success, and parses stdout as JSON.
    pub async fn json(&self, args: &[&str]) -> serde_json::Value {
        self.run(args, None).await.ok().json()
    }

    /// `payctl ARGS` in this home, every stream piped, not started.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_payctl"));
        cmd.args(args)
            .env("PAYCTL_CONFIG_DIR", self.dir.path())
            .env("PAYCTL_CREDENTIAL_STORE", "file")
            .env_remove("PAYCTL_BASE_URL")
            .env_remove("PAYCTL_AUTH_URL")
            .env_remove("PAYCTL_API_KEY")
            .env_remove("PAYCTL_PROFILE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        cmd
    }

    pub fn credentials(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("credentials.toml")).unwrap_or_default()
    }
}
