//! `payctl sandbox --ready-file FILE`: the ready line in a file, written
//! atomically once the sandbox serves, and a status file beside it
//! (`FILE.status`) saying how the start is going, so that
//! `payctl sandbox wait` can tell "still starting" from "died" instead of
//! waiting for ever on a file that will never come.
//!
//! The status holds the sandbox's pid from the moment it starts, and its
//! error and exit code if it fails before it is ready; it is removed when
//! the ready file is written. The ready file is removed when the sandbox
//! stops, so a file left behind names a sandbox that is gone (which `wait`
//! finds out by asking its `/health`). `payctl proxy --ready-file` writes
//! its own line (`proxy_url`, `upstream`) the same way.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use payctl_wire::sandbox::ReadyLine;
use serde::{Deserialize, Serialize};

use crate::exit;

/// How the start of the sandbox writing a ready file is going.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Status {
    Starting { pid: u32 },
    Failed { pid: u32, error: String, exit_code: u8 },
}

/// The files a sandbox started with `--ready-file` writes.
pub struct ReadyFile {
    path: PathBuf,
    ready: AtomicBool,
}

impl ReadyFile {
    /// Takes the path over: a ready file or status left by an earlier run is
    /// replaced by this run's status (starting).
    pub fn start(path: &Path) -> anyhow::Result<ReadyFile> {
        let file = ReadyFile { path: path.to_path_buf(), ready: AtomicBool::new(false) };
        remove(&file.path)?;
        file.set_status(&Status::Starting { pid: std::process::id() })?;
        Ok(file)
    }

    /// The ready line, written whole (private, through a temporary file),
    /// then the status removed.
    pub fn ready(&self, line: &ReadyLine) -> anyhow::Result<()> {
        self.ready_with(line)
    }

    /// [`ReadyFile::ready`] for another server's line (`payctl proxy`).
    pub fn ready_with(&self, line: &impl Serialize) -> anyhow::Result<()> {
        write_private(&self.path, format!("{}\n", serde_json::to_string(line)?).as_bytes())?;
        self.ready.store(true, Ordering::SeqCst);
        remove(&status_path(&self.path))
    }

    /// How the run ended: a failure before the ready line is recorded with
    /// its exit code for `wait`; otherwise the ready file goes.
    pub fn finish(&self, outcome: &anyhow::Result<()>) {
        let recorded = match outcome {
            Err(e) if !self.ready.load(Ordering::SeqCst) => self.set_status(&Status::Failed {
                pid: std::process::id(),
                error: format!("{e:#}"),
                exit_code: exit::code_for(e),
            }),
            _ => remove(&self.path),
        };
        if let Err(e) = recorded {
            crate::say!("warning: {e:#}");
        }
    }

    fn set_status(&self, status: &Status) -> anyhow::Result<()> {
        write_private(&status_path(&self.path), format!("{}\n", serde_json::to_string(status)?).as_bytes())
    }
}

/// `FILE.status`, beside the ready file.
pub fn status_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".status");
    path.with_file_name(name)
}

/// The status beside a ready file, if there is one that can be read.
pub fn read_status(path: &Path) -> Option<Status> {
    serde_json::from_str(&std::fs::read_to_string(status_path(path)).ok()?).ok()
}

/// The ready line in a ready file, once it is there whole.
pub fn read_ready(path: &Path) -> Option<ReadyLine> {
    serde_json::from_str(std::fs::read_to_string(path).ok()?.trim()).ok()
}

fn remove(path: &Path) -> anyhow::Result<()> {
    for file in [path.to_path_buf(), status_path(path)] {
        match std::fs::remove_file(&file) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(exit::local(format!("cannot remove {}: {e}", file.display()))),
        }
    }
    Ok(())
}

/// Writes `bytes` in place of `path`, privately and whole
/// ([`crate::private_file`]): the ready line holds keys and the control
/// token.
fn write_private(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    crate::private_file::replace(path, bytes).map_err(|e| exit::local(format!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_start_leaves_its_error_and_a_clean_stop_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ready.json");
        std::fs::write(&path, "stale").unwrap();
        let file = ReadyFile::start(&path).unwrap();
        assert!(!path.exists(), "a stale ready file is removed at start");
        assert_eq!(read_status(&path), Some(Status::Starting { pid: std::process::id() }));
        file.finish(&Err(exit::usage("bad seed")));
        match read_status(&path) {
            Some(Status::Failed { error, exit_code, .. }) => assert_eq!((error.as_str(), exit_code), ("bad seed", 2)),
            other => panic!("{other:?}"),
        }
        let file = ReadyFile::start(&path).unwrap();
        let line: ReadyLine = serde_json::from_value(serde_json::json!({
            "base_url": "http://127.0.0.1:1", "auth_url": "a", "console_url": "c", "client_id": "x", "username": "u",
            "password": "p", "partner_id": "p", "test_application_id": "t", "test_api_key": "k",
            "live_application_id": "l", "live_api_key": "k", "control_token": "c", "database": "memory",
            "version": "0"}))
        .unwrap();
        file.ready(&line).unwrap();
        assert_eq!(read_ready(&path).unwrap().base_url, "http://127.0.0.1:1");
        assert_eq!(read_status(&path), None);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        file.finish(&Err(exit::local("serving failed after the ready line")));
        assert!(!path.exists() && read_status(&path).is_none(), "after the ready line only the ready file goes");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no temporary file is left");
    }
}
