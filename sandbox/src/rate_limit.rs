//! Per-API-key rate limits (spec 8): by default 100 requests per minute and
//! 5,000 per hour, both enforced.
//!
//! Algorithm: two exact fixed windows per key. A window opens with the
//! key's first request after the previous one ended and lasts 60 s (or
//! 3600 s); it admits at most its limit, and a refused request does not
//! count. The 101st request within a minute window is always refused; as
//! with every fixed window, a key may spend a full budget at the very end of
//! one window and another at the start of the next.
//!
//! Time is real time, not the sandbox clock: the limit protects the
//! process, and `X-RateLimit-Reset` is compared by clients with their own
//! clock; advancing the sandbox clock must not hand out fresh budgets.
//!
//! Headers on every key-authenticated response (the spec calls the limit
//! header once per-second and once per-minute; the sandbox follows the
//! per-minute figure of the limits table):
//! - `X-RateLimit-Limit`: the per-minute limit;
//! - `X-RateLimit-Remaining`: what remains of the tighter of the two windows;
//! - `X-RateLimit-Reset`: Unix seconds (real time) when that window ends.
//!
//! A refused request answers 429 `RATE_LIMITED` with `Retry-After` (seconds).
//! The state is one small entry per key behind a mutex held for a few
//! comparisons: no allocation after a key's first request, no database.
//!
//! Processes that share a database (PostgreSQL) share each key's windows
//! instead: they live in the database (`store::rate_windows`), where one
//! statement holding the key's row rolls and counts them, so a key's budget
//! is one budget across processes, exactly, at the cost of a round trip
//! per request ([`RateLimiter::admit_shared`]).

use std::collections::HashMap;
use std::sync::Mutex;

use axum::http::{HeaderMap, HeaderValue};
use payctl_wire::error::ErrorCode;

use crate::auth::principal::KeyCaller;
use crate::clock;
use crate::db::Db;
use crate::error::ApiError;
use crate::store::rate_windows;

pub const LIMIT_HEADER: &str = "x-ratelimit-limit";
pub const REMAINING_HEADER: &str = "x-ratelimit-remaining";
pub const RESET_HEADER: &str = "x-ratelimit-reset";

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 3_600_000;

/// The configured limits; `None` in the config turns limiting off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    pub per_minute: u32,
    pub per_hour: u32,
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits { per_minute: 100, per_hour: 5_000 }
    }
}

/// The largest limit accepted, per window.
pub const MAX_LIMIT: u32 = 1_000_000;

impl RateLimits {
    /// Parses `off`, `PER_MINUTE` or `PER_MINUTE/PER_HOUR`. With the minute
    /// limit alone, the hourly limit is 60 times it (at most [`MAX_LIMIT`]),
    /// so only the minute binds.
    pub fn parse(s: &str) -> Result<Option<RateLimits>, String> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("off") {
            return Ok(None);
        }
        let number = |part: &str, what: &str| -> Result<u32, String> {
            match part.trim().parse::<u32>() {
                Ok(n) if (1..=MAX_LIMIT).contains(&n) => Ok(n),
                _ => Err(format!("{what} must be a whole number from 1 to {MAX_LIMIT}, not {part:?}")),
            }
        };
        let (minute, hour) = match s.split_once('/') {
            Some((m, h)) => (number(m, "the per-minute limit")?, number(h, "the per-hour limit")?),
            None => {
                let m = number(s, "the per-minute limit")?;
                (m, m.saturating_mul(60).min(MAX_LIMIT))
            }
        };
        if hour < minute {
            return Err(format!("the per-hour limit ({hour}) must not be below the per-minute limit ({minute})"));
        }
        Ok(Some(RateLimits { per_minute: minute, per_hour: hour }))
    }
}

impl std::fmt::Display for RateLimits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.per_minute, self.per_hour)
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct Window {
    start_ms: i64,
    count: u32,
}

impl Window {
    fn roll(&mut self, now_ms: i64, length_ms: i64) {
        if self.count == 0 || now_ms >= self.start_ms + length_ms {
            *self = Window { start_ms: now_ms, count: 0 };
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct KeyWindows {
    minute: Window,
    hour: Window,
}

/// The outcome for one request: what the headers say, and whether it may pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    pub allowed: bool,
    pub limit: u32,
    pub remaining: u32,
    /// Unix milliseconds (real time) when the reported window ends.
    pub reset_ms: i64,
    /// For a refusal: milliseconds until a request would be admitted.
    pub retry_after_ms: i64,
}

impl Decision {
    /// Sets the `X-RateLimit-*` headers of an answer.
    pub fn apply(&self, headers: &mut HeaderMap) {
        headers.insert(crate::http::headers::RATE_LIMIT, HeaderValue::from(self.limit));
        headers.insert(crate::http::headers::RATE_LIMIT_REMAINING, HeaderValue::from(self.remaining));
        headers.insert(crate::http::headers::RATE_LIMIT_RESET, HeaderValue::from(ceil_seconds(self.reset_ms)));
    }
}

fn ceil_seconds(ms: i64) -> i64 {
    ms.div_euclid(1000) + i64::from(ms.rem_euclid(1000) != 0)
}

/// The limiter: one pair of windows per key id.
#[derive(Debug)]
pub struct RateLimiter {
    limits: RateLimits,
    keys: Mutex<HashMap<i64, KeyWindows>>,
}

impl RateLimiter {
    pub fn new(limits: RateLimits) -> Self {
        RateLimiter { limits, keys: Mutex::new(HashMap::new()) }
    }

    /// Counts a request of `key` now, if both windows have room: the
    /// decision, and the 429 to answer when it may not pass. The layer stack
    /// answers (and logs) the refusal.
    pub fn admit(&self, key: &KeyCaller) -> (Decision, Option<ApiError>) {
        self.answer(self.check(key.key_id, clock::real_now().millis()))
    }

    /// [`RateLimiter::admit`] on a database other processes share: the
    /// key's windows are the database's, rolled and counted there, and the
    /// decision is this module's rule applied to them as they were.
    pub async fn admit_shared(&self, db: &Db, key: &KeyCaller) -> Result<(Decision, Option<ApiError>), ApiError> {
        let (key_id, now_ms) = (key.key_id, clock::real_now().millis());
        let RateLimits { per_minute, per_hour } = self.limits;
        let stored = db.tally(move |conn| Ok(rate_windows::count(conn, key_id, now_ms, per_minute, per_hour)?)).await?;
        let window =
            |(start_ms, count): (i64, i64)| Window { start_ms, count: u32::try_from(count).unwrap_or(u32::MAX) };
        let mut windows = KeyWindows { minute: window(stored.minute), hour: window(stored.hour) };
        Ok(self.answer(decide(self.limits, &mut windows, now_ms)))
    }

    fn answer(&self, decision: Decision) -> (Decision, Option<ApiError>) {
        let refused = (!decision.allowed).then(|| {
            let retry_after = ceil_seconds(decision.retry_after_ms).max(1);
            let RateLimits { per_minute, per_hour } = self.limits;
            refusal(
                format!(
                    "rate limit exceeded for this API key ({per_minute} per minute, {per_hour} per hour); retry in \
                     {retry_after} s"
                ),
                retry_after.unsigned_abs(),
            )
        });
        (decision, refused)
    }

    /// Counts a request of `key_id` at `now_ms` (Unix millis) if both
    /// windows have room.
    pub fn check(&self, key_id: i64, now_ms: i64) -> Decision {
        let mut keys = self.keys.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        decide(self.limits, keys.entry(key_id).or_default(), now_ms)
    }
}

/// Counts a request at `now_ms` in `w` if both windows have room: rolls
/// each window first (see [`Window::roll`]), then admits and counts, or
/// refuses without counting.
fn decide(limits: RateLimits, w: &mut KeyWindows, now_ms: i64) -> Decision {
    let RateLimits { per_minute, per_hour } = limits;
    w.minute.roll(now_ms, MINUTE_MS);
    w.hour.roll(now_ms, HOUR_MS);
    let minute_end = w.minute.start_ms + MINUTE_MS;
    let hour_end = w.hour.start_ms + HOUR_MS;
    let minute_full = w.minute.count >= per_minute;
    let hour_full = w.hour.count >= per_hour;
    if minute_full || hour_full {
        // Both windows need room: wait for the later of the full ones.
        let until = match (minute_full, hour_full) {
            (true, true) => minute_end.max(hour_end),
            (false, true) => hour_end,
            _ => minute_end,
        };
        return Decision {
            allowed: false,
            limit: per_minute,
            remaining: 0,
            reset_ms: until,
            retry_after_ms: until - now_ms,
        };
    }
    w.minute.count += 1;
    w.hour.count += 1;
    let minute_left = per_minute - w.minute.count;
    let hour_left = per_hour - w.hour.count;
    let (remaining, reset_ms) = if hour_left < minute_left { (hour_left, hour_end) } else { (minute_left, minute_end) };
    Decision { allowed: true, limit: per_minute, remaining, reset_ms, retry_after_ms: 0 }
}

/// A 429 `RATE_LIMITED` saying `message`, with `Retry-After`; the layer stack adds
/// the `X-RateLimit-*` headers on its way out.
pub fn refusal(message: impl Into<String>, retry_after_seconds: u64) -> ApiError {
    let mut error = ApiError::new(ErrorCode::RateLimited, message.into());
    error.retry_after = Some(retry_after_seconds);
    error
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: i64 = 1_800_000_000_000;

    #[test]
    fn the_101st_request_in_a_minute_is_refused() {
        let limiter = RateLimiter::new(RateLimits::default());
        for i in 0..100 {
            let d = limiter.check(1, T0 + i * 100);
            assert!(d.allowed, "request {}", i + 1);
            assert_eq!(d.remaining, 99 - i as u32);
            assert_eq!(d.reset_ms, T0 + MINUTE_MS);
        }
        let refused = limiter.check(1, T0 + 59_999);
        assert!(!refused.allowed);
        assert_eq!((refused.remaining, refused.retry_after_ms, refused.reset_ms), (0, 1, T0 + MINUTE_MS));
        // Refusals do not count; the next window opens a fresh budget.
        let next = limiter.check(1, T0 + MINUTE_MS);
        assert!(next.allowed);
        assert_eq!((next.remaining, next.reset_ms), (99, T0 + 2 * MINUTE_MS));
        // Another key has its own budget.
        assert_eq!(limiter.check(2, T0 + 1).remaining, 99);
    }

    #[test]
    fn the_hourly_limit_binds_across_minutes() {
        let limiter = RateLimiter::new(RateLimits { per_minute: 3, per_hour: 5 });
        let mut now = T0;
        let mut remaining = vec![];
        for _ in 0..3 {
            remaining.push(limiter.check(7, now).remaining);
        }
        now += MINUTE_MS;
        remaining.push(limiter.check(7, now).remaining);
        let d = limiter.check(7, now);
        remaining.push(d.remaining);
        // The hour window is the tighter one from the fourth request on.
        assert_eq!(remaining, vec![2, 1, 0, 1, 0]);
        assert_eq!(d.reset_ms, T0 + HOUR_MS);
        now += MINUTE_MS;
        let refused = limiter.check(7, now);
        assert!(!refused.allowed);
        assert_eq!(refused.retry_after_ms, T0 + HOUR_MS - now);
        assert!(limiter.check(7, T0 + HOUR_MS).allowed);
    }

    #[test]
    fn parsing_the_flag() {
        assert_eq!(RateLimits::parse("off"), Ok(None));
        assert_eq!(RateLimits::parse("OFF"), Ok(None));
        assert_eq!(RateLimits::parse("100/5000"), Ok(Some(RateLimits::default())));
        assert_eq!(RateLimits::parse("10"), Ok(Some(RateLimits { per_minute: 10, per_hour: 600 })));
        assert_eq!(RateLimits::parse("1000000"), Ok(Some(RateLimits { per_minute: 1_000_000, per_hour: 1_000_000 })));
        for bad in ["", "0", "-1", "abc", "10/", "/10", "10/5", "1.5", "10/20/30", "2000000"] {
            assert!(RateLimits::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn reset_rounds_up_to_whole_seconds() {
        assert_eq!(ceil_seconds(1_000), 1);
        assert_eq!(ceil_seconds(1_001), 2);
        assert_eq!(ceil_seconds(0), 0);
    }
}
