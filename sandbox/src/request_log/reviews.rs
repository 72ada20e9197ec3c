//! The go-live review's memory of each application: its last answer,
//! reused while nothing it reads has changed, and the turn that lets one
//! review of an application run at a time (`GET /sandbox/review`), so a
//! partner looping reviews costs one review per change.
//!
//! What "nothing has changed" means depends on who writes: one process
//! counts its own changes ([`Seen::Counted`], from `Changes`); processes
//! sharing a database read the stored version of what the review reads
//! ([`Seen::Stored`]), so an answer is never reused after another process
//! logged a request or made an attempt. The turn is each process's: behind
//! a load balancer, N processes review an application at most N at a time.

use std::collections::HashMap;
use std::sync::Arc;

use payctl_domain::time::Timestamp;

/// The last review of each application, reused while nothing it reads has
/// changed, and the turns that let one review of an application run at a
/// time.
#[derive(Default)]
pub struct Reviews {
    last: std::sync::Mutex<HashMap<i64, Last>>,
    turns: std::sync::Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
}

/// What the review had read when it answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seen {
    /// This process's count of changes (`request_log::Changes`).
    Counted((u64, u64)),
    /// The database's version of what the review reads.
    Stored(crate::store::review::Version),
}

/// An application's last review: for which `since`, having seen what, and
/// what it found.
struct Last {
    since: Option<Timestamp>,
    changes: Seen,
    from: Timestamp,
    checks: Vec<payctl_wire::review::Check>,
}

impl Reviews {
    pub fn turn(&self, app: i64) -> Arc<tokio::sync::Mutex<()>> {
        let mut turns = self.turns.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        turns.entry(app).or_default().clone()
    }

    pub fn last(
        &self,
        app: i64,
        since: Option<Timestamp>,
        changes: &Seen,
    ) -> Option<(Timestamp, Vec<payctl_wire::review::Check>)> {
        let last = self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        last.get(&app).filter(|l| l.since == since && l.changes == *changes).map(|l| (l.from, l.checks.clone()))
    }

    pub fn keep(
        &self,
        app: i64,
        since: Option<Timestamp>,
        changes: Seen,
        (from, checks): (Timestamp, Vec<payctl_wire::review::Check>),
    ) {
        let mut last = self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        last.insert(app, Last { since, changes, from, checks });
    }
}
