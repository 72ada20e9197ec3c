//! One partner cannot use up what every partner shares. Each test makes an
//! attack one careless or hostile tenant can make, against a real `payctl
//! sandbox` process over real sockets, and checks that other partners do
//! not notice and that the bound holds:
//!
//! - `deliveries`: many hanging webhook receivers of one partner, and
//!   another partner's delivery leaving on time;
//! - `review`: reviews of a window of long URLs, bounded in what is kept
//!   and what a review holds, one at a time per application;
//! - `rules`: fault rules capped per application, per partner and globally,
//!   `match.path` bounded, and every counted match surviving a `kill -9`;
//! - `connections`: the open-file limit raised at start, held requests
//!   bounded per partner, request bodies that stop arriving timed out;
//! - `logins`: over-long usernames refused before any work, every loopback
//!   address one client, sign-in links capped per user;
//! - `hosts`: DNS rebinding refused by the `Host` check;
//! - `applications`: forks and snapshot loads capped at 100 TEST
//!   applications per partner, deletes making room again;
//! - `bodies`: logged request bodies bounded per record and per partner,
//!   and exports that say which requests they cannot replay as sent.
//!
//! The proxy's bounds are tested with the proxy (`proxy`), the redactor's
//! with redaction (`redaction`, `proxy`).
//!
//! `PAYCTL_BOUNDS_BINARY=/path/to/payctl` runs these against another build
//! (an older one fails them).

mod applications;
mod bodies;
mod connections;
mod deliveries;
mod hosts;
mod logins;
mod review;
mod rules;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use payctl_wire::sandbox::ReadyLine;

use crate::support::TestSandbox;

/// The `payctl` binary under test.
fn binary() -> std::ffi::OsString {
    std::env::var_os("PAYCTL_BOUNDS_BINARY").unwrap_or_else(|| env!("CARGO_BIN_EXE_payctl").into())
}

/// A `payctl sandbox` child process, killed when dropped.
pub struct Running {
    pub child: Child,
    pub sb: TestSandbox,
}

impl Running {
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A field of `/proc/PID/status` in KiB (`VmRSS`, `VmHWM`).
    pub fn status_kb(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{field}:")))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("no {field} in /proc status"))
    }

    /// Starts counting the peak resident size (`VmHWM`) afresh from now.
    pub fn reset_peak(&self) {
        std::fs::write(format!("/proc/{}/clear_refs", self.pid()), "5").unwrap();
    }

    /// The process's soft limit on open files.
    pub fn open_files_limit(&self) -> u64 {
        let limits = std::fs::read_to_string(format!("/proc/{}/limits", self.pid())).unwrap();
        let line = limits.lines().find(|l| l.starts_with("Max open files")).unwrap();
        line.split_whitespace().nth(3).unwrap().parse().unwrap()
    }

    /// Ends the process at once (SIGKILL) and waits for it.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `payctl sandbox --json --listen 127.0.0.1:0 ARGS` (in memory unless
/// `ARGS` name a `--db`).
pub fn start(args: &[&str]) -> Running {
    spawn(args, None)
}

/// [`start`], with the child's limit on open files lowered to `soft` (and
/// `hard`) before it runs: what a test needs to exhaust it without opening
/// thousands of sockets.
pub fn start_with_open_files(args: &[&str], soft: u64, hard: u64) -> Running {
    spawn(args, Some((soft, hard)))
}

fn spawn(args: &[&str], open_files: Option<(u64, u64)>) -> Running {
    let mut command = Command::new(binary());
    command.arg("sandbox").args(["--json", "--listen", "127.0.0.1:0"]);
    if !args.contains(&"--db") {
        command.arg("--in-memory");
    }
    command.args(args).stdout(Stdio::piped()).stderr(Stdio::null());
    if let Some((soft, hard)) = open_files {
        use std::os::unix::process::CommandExt;
        // SAFETY: only setrlimit, which is async-signal-safe, runs between
        // fork and exec.
        unsafe {
            command.pre_exec(move || {
                let limit = libc::rlimit { rlim_cur: soft, rlim_max: hard };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
        }
    }
    let mut child = command.spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
    let ready: ReadyLine = serde_json::from_str(&line).unwrap_or_else(|e| panic!("bad ready line {line:?}: {e}"));
    Running { child, sb: TestSandbox::attach(ready) }
}
