//! The one sandbox clock every time rule reads.
//!
//! Quote expiry, key expiry, idempotency retention, token lifetimes,
//! automatic state moves and webhook retries all ask this clock, never the
//! system time directly, so a test can move time forward instead of sleeping.
//! The clock runs at real speed plus an offset that only ever grows; the
//! offset is stored in the database so a restarted sandbox keeps its time.

use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, SecondsFormat, Utc};

/// A point in time, milliseconds since the Unix epoch (UTC).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(i64);

impl Timestamp {
    pub const fn from_millis(millis: i64) -> Self {
        Timestamp(millis)
    }

    pub const fn millis(self) -> i64 {
        self.0
    }

    pub fn unix_seconds(self) -> i64 {
        self.0.div_euclid(1000)
    }

    pub fn plus_seconds(self, seconds: i64) -> Self {
        Timestamp(self.0.saturating_add(seconds.saturating_mul(1000)))
    }

    pub fn plus_millis(self, millis: i64) -> Self {
        Timestamp(self.0.saturating_add(millis))
    }

    /// ISO 8601 in UTC with milliseconds, e.g. `2026-11-21T22:03:00.000Z`.
    pub fn to_rfc3339(self) -> String {
        match DateTime::<Utc>::from_timestamp_millis(self.0) {
            Some(t) => t.to_rfc3339_opts(SecondsFormat::Millis, true),
            // Unreachable for times this program produces; keep it total anyway.
            None => "1970-01-01T00:00:00.000Z".to_owned(),
        }
    }

    /// Parses an ISO 8601 / RFC 3339 timestamp with an explicit offset.
    pub fn parse_rfc3339(s: &str) -> Option<Self> {
        if s.len() > 64 {
            return None;
        }
        DateTime::parse_from_rfc3339(s).ok().map(|t| Timestamp(t.timestamp_millis()))
    }
}

impl std::fmt::Display for Timestamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_rfc3339())
    }
}

/// Real time plus a forward-only offset.
#[derive(Debug, Default)]
pub struct Clock {
    offset_millis: AtomicI64,
}

impl Clock {
    pub fn with_offset(offset_millis: i64) -> Self {
        Clock { offset_millis: AtomicI64::new(offset_millis) }
    }

    /// Sandbox time: what every time rule compares against.
    pub fn now(&self) -> Timestamp {
        Timestamp(real_now().0.saturating_add(self.offset_millis()))
    }

    pub fn offset_millis(&self) -> i64 {
        self.offset_millis.load(Ordering::Acquire)
    }

    /// Sets the offset; callers persist it first so a crash cannot lose it.
    pub fn set_offset_millis(&self, offset: i64) {
        self.offset_millis.fetch_max(offset, Ordering::AcqRel);
    }
}

/// Wall-clock time. Only for what must follow the real clock: webhook
/// signature timestamps (receivers compare them with their own clock) and
/// measuring durations.
pub fn real_now() -> Timestamp {
    Timestamp(Utc::now().timestamp_millis())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_milliseconds_in_utc() {
        assert_eq!(Timestamp::from_millis(0).to_rfc3339(), "1970-01-01T00:00:00.000Z");
        assert_eq!(Timestamp::from_millis(1_700_000_000_123).to_rfc3339(), "2023-11-14T22:13:20.123Z");
    }

    #[test]
    fn parses_offsets_and_rejects_garbage() {
        let t = Timestamp::parse_rfc3339("2023-11-14T23:13:20.123+01:00").unwrap();
        assert_eq!(t.millis(), 1_700_000_000_123);
        assert!(Timestamp::parse_rfc3339("2023-11-14").is_none());
        assert!(Timestamp::parse_rfc3339("yesterday").is_none());
        assert!(Timestamp::parse_rfc3339(&"9".repeat(100)).is_none());
    }

    #[test]
    fn clock_offset_only_moves_forward() {
        let clock = Clock::with_offset(5_000);
        clock.set_offset_millis(1_000);
        assert_eq!(clock.offset_millis(), 5_000);
        clock.set_offset_millis(65_000);
        let drift = clock.now().millis() - real_now().millis();
        assert!((64_000..=66_000).contains(&drift), "drift {drift}");
    }
}
