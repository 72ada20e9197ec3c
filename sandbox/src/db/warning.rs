//! Warnings about a condition that repeats (a full disk fails every write
//! and every checkpoint): logged once a minute at most, with how many
//! times it happened since, and once more when it ends.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The quiet time between two logs of one warning.
pub const EVERY: Duration = Duration::from_secs(60);

/// Refusals because the disk is full: one warning for every source.
pub static STORAGE_FULL_WARNING: Warning = Warning::new(
    "the disk holding the database is full; writes answer 507 STORAGE_FULL until there is space",
    "the disk holding the database has space again",
);

pub static DATABASE_UNREACHABLE: Warning = Warning::new(
    "the PostgreSQL database cannot be reached; requests answer 503 SERVICE_UNAVAILABLE until it can",
    "the PostgreSQL database can be reached again",
);

pub struct Warning {
    what: &'static str,
    ended: &'static str,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    last: Option<Instant>,
    /// Occurrences not logged since `last`.
    unsaid: u64,
    /// Whether the condition holds (an occurrence since the last recovery).
    active: bool,
}

impl Warning {
    pub const fn new(what: &'static str, ended: &'static str) -> Self {
        Warning { what, ended, state: Mutex::new(State { last: None, unsaid: 0, active: false }) }
    }

    /// One occurrence; logged if none was in the last minute. Returns
    /// whether it was.
    pub fn warn(&self, error: impl std::fmt::Display) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.active = true;
        let now = Instant::now();
        if state.last.is_some_and(|last| now.duration_since(last) < EVERY) {
            state.unsaid += 1;
            return false;
        }
        let repeated = std::mem::take(&mut state.unsaid);
        state.last = Some(now);
        tracing::warn!(%error, repeated, "{} (logged at most once a minute)", self.what);
        true
    }

    /// The condition is over (a write or checkpoint worked); said once.
    pub fn recovered(&self) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        if std::mem::take(&mut state.active) {
            let repeated = std::mem::take(&mut state.unsaid);
            state.last = None;
            tracing::info!(repeated, "{}", self.ended);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeating_warning_is_logged_once_a_minute_and_its_end_once() {
        let w = Warning::new("x", "y");
        assert!(w.warn("e"));
        for _ in 0..240 {
            assert!(!w.warn("e"), "a minute of failures every 250 ms is one line");
        }
        assert_eq!(w.state.lock().unwrap().unsaid, 240);
        w.recovered();
        assert!(!w.state.lock().unwrap().active);
        w.recovered();
        assert!(w.warn("e"), "after the end, the next occurrence is said at once");
    }
}
