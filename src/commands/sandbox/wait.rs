//! `payctl sandbox wait --ready-file FILE [--timeout 30s]`: waits for a
//! sandbox started with `--ready-file FILE` to serve, for CI scripts.
//!
//! It cannot hang: it ends with exit 0 once the ready file is there and the
//! sandbox it names answers `/health`; with the sandbox's own error and exit
//! code when the sandbox failed before it was ready (a failing `--seed`, a
//! database in use); with exit 5 when the sandbox died without a word
//! (killed) or the timeout passed.
//!
//! What a sandbox of an earlier run left (a status of its failure, a ready
//! file naming a sandbox that is gone) must not answer for this run: a
//! stale ready file fails its `/health`, and a status written before this
//! wait began counts only once [`SETTLE`] has passed without a new sandbox
//! replacing it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use clap::Args;

use super::ready_file::{self, Status};
use crate::exit;

pub const HELP: &str = "Start the sandbox with --ready-file FILE in the background, then wait for it. Exit 0 once \
the sandbox serves (the ready line is in FILE); the sandbox's own exit code and error when it failed before it was \
ready (1 a --seed fixture failed, 2 a bad --seed file, 5 it could not start); 5 when it died without a word or the \
timeout passed.

Examples:
  payctl sandbox --in-memory --listen 127.0.0.1:0 --ready-file ready.json &
  payctl sandbox wait --ready-file ready.json --timeout 30s
  BASE_URL=$(jq -r .base_url ready.json)";

#[derive(Debug, Args)]
pub struct WaitArgs {
    /// The file the sandbox was started with (`payctl sandbox --ready-file FILE`).
    #[arg(long, value_name = "FILE", env = "PAYCTL_SANDBOX_READY_FILE")]
    pub ready_file: PathBuf,
    /// How long to wait at most: 90s, 3m, 1h, or seconds.
    #[arg(long, default_value = "30s", value_parser = super::clock::parse_duration, value_name = "DURATION")]
    pub timeout: i64,
}

/// Time a status left by an earlier run has to be replaced by this run's
/// sandbox before it is believed.
const SETTLE: Duration = Duration::from_secs(1);
const POLL: Duration = Duration::from_millis(100);

pub async fn run(args: WaitArgs) -> anyhow::Result<()> {
    let path = &args.ready_file;
    let started = Instant::now();
    let began = SystemTime::now();
    let timeout = Duration::from_secs(args.timeout.unsigned_abs());
    let http = reqwest::Client::builder().timeout(Duration::from_secs(2)).build()?;
    loop {
        if let Some(ready) = ready_file::read_ready(path)
            && healthy(&http, &ready.base_url).await
        {
            crate::say!("The sandbox is ready at {} (console {}).", ready.base_url, ready.console_url);
            return Ok(());
        }
        let settled = started.elapsed() >= SETTLE || written_since(path, began);
        match ready_file::read_status(path) {
            Some(Status::Failed { pid, error, exit_code }) if settled => {
                return Err(exit::Exit {
                    code: exit_code,
                    message: format!("the sandbox (pid {pid}) failed before it was ready: {error}"),
                }
                .into());
            }
            Some(Status::Starting { pid }) if settled && !alive(pid) => {
                return Err(exit::local(format!(
                    "the sandbox (pid {pid}) stopped before it was ready without saying why (killed?); \
                     its own standard error may tell more"
                )));
            }
            _ => {}
        }
        if started.elapsed() >= timeout {
            return Err(exit::local(timed_out(path, args.timeout)));
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Why the wait ended without a sandbox, from what the files say.
fn timed_out(path: &Path, seconds: i64) -> String {
    let shown = path.display();
    let why = match (ready_file::read_status(path), ready_file::read_ready(path)) {
        (Some(Status::Starting { pid }), _) => format!("the sandbox (pid {pid}) is still starting"),
        (_, Some(ready)) => {
            format!("{shown} names {}, which does not answer (a sandbox that is gone?)", ready.base_url)
        }
        _ => format!(
            "no sandbox has started with --ready-file {shown} (one that failed on its command line never writes it: \
             its own standard error says why)"
        ),
    };
    format!("timed out after {seconds} s waiting for the sandbox: {why}")
}

/// Whether the status file was written after this wait began: then it is
/// this run's, whatever [`SETTLE`] says.
fn written_since(path: &Path, began: SystemTime) -> bool {
    std::fs::metadata(ready_file::status_path(path)).and_then(|m| m.modified()).is_ok_and(|at| at >= began)
}

async fn healthy(http: &reqwest::Client, base_url: &str) -> bool {
    let url = format!("{}/health", base_url.trim_end_matches('/'));
    http.get(url).send().await.is_ok_and(|r| r.status().is_success())
}

/// Whether a process is still running (a zombie, dead but not yet reaped
/// by its parent, is not).
#[cfg(unix)]
fn alive(pid: u32) -> bool {
    let Ok(pid_t) = libc::pid_t::try_from(pid) else { return false };
    // SAFETY: signal 0 sends nothing; it only checks that the process exists.
    let exists =
        unsafe { libc::kill(pid_t, 0) } == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
    let zombie = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| stat.rsplit_once(')').map(|(_, rest)| rest.trim_start().starts_with('Z')))
        .unwrap_or(false);
    exists && !zombie
}

/// Without a way to ask, a starting sandbox is taken to be alive; the
/// timeout still ends the wait.
#[cfg(not(unix))]
fn alive(_pid: u32) -> bool {
    true
}
