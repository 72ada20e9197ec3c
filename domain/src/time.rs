//! Points in time as the API writes them: milliseconds since the Unix
//! epoch, shown as ISO 8601 in UTC with milliseconds. Which clock a time is
//! read from (the sandbox's global clock or an application's own) is the
//! sandbox's business; this is only the value and its text.

use chrono::{DateTime, SecondsFormat, Utc};

/// The latest time any sandbox clock may show, 9999-12-31T00:00:00Z:
/// timestamps are RFC 3339 with four-digit years, and what is dated after
/// a clock (a payment's `pay_by`, a day later) must still fit.
pub const LATEST_MILLIS: i64 = 253_402_214_400_000;

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

/// Seconds as people say them: `1h30m`, `3m`, `45s`, `1d2h3m4s`, `0s`.
pub fn human(seconds: u64) -> String {
    let mut out = String::new();
    let mut rest = seconds;
    for (unit, name) in [(86_400, 'd'), (3_600, 'h'), (60, 'm'), (1, 's')] {
        if rest >= unit {
            out.push_str(&format!("{}{name}", rest / unit));
            rest %= unit;
        }
    }
    if out.is_empty() { "0s".to_owned() } else { out }
}

impl std::fmt::Display for Timestamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_rfc3339())
    }
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
    fn durations_read_as_people_say_them() {
        assert_eq!(human(0), "0s");
        assert_eq!(human(5_400), "1h30m");
        assert_eq!(human(93_784), "1d2h3m4s");
    }
}
