//! Stopping long-running commands (`listen`, `logs tail`) cleanly on
//! Ctrl-C, and on Unix on SIGTERM too (how service managers and tests stop
//! them). Install before announcing readiness, so a signal sent right after
//! is not lost to the default action.

pub struct StopSignal {
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
    #[cfg(unix)]
    int: tokio::signal::unix::Signal,
}

impl StopSignal {
    #[cfg(unix)]
    pub fn install() -> anyhow::Result<StopSignal> {
        use tokio::signal::unix::{SignalKind, signal};
        Ok(StopSignal { term: signal(SignalKind::terminate())?, int: signal(SignalKind::interrupt())? })
    }

    #[cfg(not(unix))]
    pub fn install() -> anyhow::Result<StopSignal> {
        Ok(StopSignal {})
    }

    #[cfg(unix)]
    pub async fn wait(mut self) {
        tokio::select! {
            _ = self.term.recv() => {}
            _ = self.int.recv() => {}
        }
        crate::say!("Stopping.");
    }

    #[cfg(not(unix))]
    pub async fn wait(self) {
        let _ = tokio::signal::ctrl_c().await;
        crate::say!("Stopping.");
    }
}
