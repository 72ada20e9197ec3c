//! An in-memory sandbox served in this process on a free loopback port,
//! for the commands that start their own (`payctl mcp --sandbox`, `payctl
//! parity`) and stop it when they are done.

use anyhow::Context;
use payctl_sandbox::{Sandbox, SandboxConfig, Storage};
use payctl_wire::sandbox::ReadyLine;

use super::ready_file::ReadyFile;

/// A sandbox [`start`] started, stopped by [`Own::stop`].
pub struct Own {
    stop: tokio::sync::oneshot::Sender<()>,
    serving: tokio::task::JoinHandle<anyhow::Result<()>>,
    file: Option<ReadyFile>,
}

impl Own {
    /// Stops accepting, lets in-flight requests finish, closes the database
    /// and removes the ready file.
    pub async fn stop(self) -> anyhow::Result<()> {
        let _ = self.stop.send(());
        let outcome = self.serving.await.context("the sandbox task failed").and_then(|served| served);
        if let Some(file) = &self.file {
            file.finish(&outcome);
        }
        outcome
    }
}

/// An in-memory sandbox on a free loopback port, and its ready line (also
/// written to `ready_file`, for the caller's own tests).
pub async fn start(ready_file: Option<&std::path::Path>) -> anyhow::Result<(ReadyLine, Own)> {
    let file = ready_file.map(ReadyFile::start).transpose()?;
    let sandbox = Sandbox::open(SandboxConfig::new(Storage::Memory)).await.context("cannot start the sandbox")?;
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await.context("cannot listen on 127.0.0.1")?;
    let ready = sandbox.ready_line(listener.local_addr()?);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(sandbox.serve(listener, async move {
        let _ = stopped.await;
    }));
    let own = Own { stop, serving, file };
    if let Some(file) = &own.file
        && let Err(e) = file.ready(&ready)
    {
        let _ = own.stop().await;
        return Err(e.context("the sandbox stopped"));
    }
    Ok((ready, own))
}
