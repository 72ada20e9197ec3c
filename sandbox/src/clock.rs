//! The sandbox clocks every time rule reads.
//!
//! Quote expiry, key expiry, idempotency retention, token lifetimes,
//! automatic state moves and webhook retries all ask these clocks, never the
//! system time directly, so a test can move time forward instead of sleeping.
//! Clocks run at real speed plus offsets that only ever grow: a global one
//! (the operator's) and one per TEST application, so one partner's test
//! moving its time never moves another's. Offsets are stored in the
//! database so a restarted sandbox keeps its time.

use std::collections::HashMap;
use std::sync::RwLock;
use std::sync::atomic::{AtomicI64, Ordering};

use chrono::Utc;
pub use payctl_domain::time::{Timestamp, human};

/// The sandbox's clocks: one global offset the operator moves, and per
/// application an offset of its own on top of it.
///
/// Everything in an application's data (quote locks, key expiry,
/// idempotency retention, scheduled moves, webhook retries, record times)
/// reads [`Clocks::app_now`]; what belongs to no application (dashboard
/// tokens, the operator) reads [`Clocks::now`]. Offsets only grow, and only
/// TEST applications ever get an offset of their own: a LIVE application
/// follows real time plus the global offset. Callers persist an offset
/// before setting it here, so a crash cannot lose it.
#[derive(Debug, Default)]
pub struct Clocks {
    global_millis: AtomicI64,
    /// Internal application id → its own offset (absent: none).
    apps: RwLock<HashMap<i64, i64>>,
}

impl Clocks {
    pub fn new(global_millis: i64, apps: HashMap<i64, i64>) -> Self {
        Clocks { global_millis: AtomicI64::new(global_millis), apps: RwLock::new(apps) }
    }

    /// Global sandbox time: real time plus the operator's offset.
    pub fn now(&self) -> Timestamp {
        real_now().plus_millis(self.global_offset_millis())
    }

    /// An application's time: global time plus its own offset.
    pub fn app_now(&self, application_id: i64) -> Timestamp {
        self.now().plus_millis(self.app_offset_millis(application_id))
    }

    /// The time of a scope: an application's, or the global one (`None`).
    pub fn now_for(&self, application_id: Option<i64>) -> Timestamp {
        application_id.map_or_else(|| self.now(), |app| self.app_now(app))
    }

    pub fn global_offset_millis(&self) -> i64 {
        self.global_millis.load(Ordering::Acquire)
    }

    /// The application's own offset, on top of the global one.
    pub fn app_offset_millis(&self, application_id: i64) -> i64 {
        self.apps().get(&application_id).copied().unwrap_or(0)
    }

    pub fn set_global_offset_millis(&self, offset: i64) {
        self.global_millis.fetch_max(offset, Ordering::AcqRel);
    }

    pub fn set_app_offset_millis(&self, application_id: i64, offset: i64) {
        let mut apps = self.apps.write().unwrap_or_else(|p| p.into_inner());
        let slot = apps.entry(application_id).or_insert(0);
        *slot = (*slot).max(offset);
    }

    /// Forgets a deleted application's offset (its row id may be given
    /// out again).
    pub fn forget_app(&self, application_id: i64) {
        self.apps.write().unwrap_or_else(|p| p.into_inner()).remove(&application_id);
    }

    /// Replaces every application offset (after a reset deleted applications
    /// whose ids may be used again).
    pub fn reload_apps(&self, apps: HashMap<i64, i64>) {
        *self.apps.write().unwrap_or_else(|p| p.into_inner()) = apps;
    }

    fn apps(&self) -> std::sync::RwLockReadGuard<'_, HashMap<i64, i64>> {
        self.apps.read().unwrap_or_else(|p| p.into_inner())
    }
}

/// Wall-clock time. Only for what must follow the real clock: webhook
/// signature timestamps (receivers compare them with their own clock) and
/// measuring durations.
pub fn real_now() -> Timestamp {
    Timestamp::from_millis(Utc::now().timestamp_millis())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_only_move_forward_and_apps_add_their_own() {
        let clocks = Clocks::new(5_000, HashMap::from([(7, 10_000)]));
        clocks.set_global_offset_millis(1_000);
        assert_eq!(clocks.global_offset_millis(), 5_000);
        clocks.set_global_offset_millis(65_000);
        let drift = clocks.now().millis() - real_now().millis();
        assert!((64_000..=66_000).contains(&drift), "drift {drift}");
        clocks.set_app_offset_millis(7, 3_000);
        assert_eq!(clocks.app_offset_millis(7), 10_000, "an application's clock never goes back");
        let app_drift = clocks.app_now(7).millis() - real_now().millis();
        assert!((74_000..=76_000).contains(&app_drift), "drift {app_drift}");
        assert_eq!(clocks.app_offset_millis(8), 0, "other applications follow the global clock");
        clocks.reload_apps(HashMap::new());
        assert_eq!(clocks.app_offset_millis(7), 0);
    }
}
