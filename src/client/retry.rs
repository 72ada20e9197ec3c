//! When a request is sent again, and after how long: the one policy of the
//! CLI's client and the fixture runner, so every command and every fixture
//! step behaves the same way under the failures production has (and a
//! sandbox drill injects).
//!
//! - **No answer** (the connection closed or was reset after the request
//!   went out, or the answer broke off) and **5xx**: sent again with
//!   exponential backoff (0.5 s, 1 s, 2 s, 4 s, each plus up to a quarter
//!   more at random), at most [`MAX_RETRIES`] times, when repeating it is
//!   safe: a `GET`, `HEAD` or `PUT`, or a `POST` that carries an
//!   `Idempotency-Key` (sent again with the same key and the same body, so
//!   the API replays what it did instead of doing it twice). A `PATCH` or
//!   `DELETE` is not repeated. A connection that could not be made, or our
//!   own timeout, is not retried: nothing was sent, or the server is stuck.
//! - **429**: waited out for the `Retry-After` seconds (1 s when it says
//!   nothing, at most [`MAX_RETRY_AFTER_SECS`]), at most
//!   [`MAX_RATE_LIMIT_WAITS`] times, whatever the method: the API answered
//!   it before doing anything.
//!
//! Each wait is said on stderr, with what is sent again and why.

use std::time::Duration;

use reqwest::Method;

/// Retries after no answer or a 5xx, in all.
pub const MAX_RETRIES: u32 = 4;
/// The wait before the first such retry; each later one doubles it.
pub const FIRST_BACKOFF: Duration = Duration::from_millis(500);
/// Retries of a request answered 429 (an API call, a fixture step), each
/// after [`wait_out_rate_limit`]; the next 429 is the answer.
pub const MAX_RATE_LIMIT_WAITS: u32 = 3;
/// The longest wait for one 429, whatever its `Retry-After` asks.
pub const MAX_RETRY_AFTER_SECS: u64 = 60;

/// The retries of one request: what it may repeat, and what it spent.
#[derive(Debug)]
pub struct Retries {
    /// Sending it again cannot do its work twice.
    repeatable: bool,
    /// It carries an `Idempotency-Key` (said when it is sent again).
    keyed: bool,
    failures: u32,
    rate_limits: u32,
}

impl Retries {
    /// For a request with `method`, carrying an `Idempotency-Key` or not.
    pub fn new(method: &Method, keyed: bool) -> Retries {
        let repeatable =
            matches!(*method, Method::GET | Method::HEAD | Method::PUT) || (*method == Method::POST && keyed);
        Retries { repeatable, keyed, failures: 0, rate_limits: 0 }
    }

    /// Nothing is repeated, and a 429 is the answer.
    pub fn none() -> Retries {
        Retries { repeatable: false, keyed: false, failures: 0, rate_limits: MAX_RATE_LIMIT_WAITS }
    }

    /// After no answer (`cause` says why): waits and answers true when
    /// `what` (`POST /v1/transactions`, `step "quote"`) is to be sent again.
    pub async fn after_no_answer(&mut self, what: &str, cause: &str) -> bool {
        self.after_failure(what, &format!("no answer ({cause})"), None).await
    }

    /// After a 5xx answer (its `Retry-After`, if any, is waited at least).
    pub async fn after_server_error(&mut self, what: &str, status: u16, retry_after: Option<u64>) -> bool {
        self.after_failure(what, &format!("the server answered {status}"), retry_after).await
    }

    async fn after_failure(&mut self, what: &str, why: &str, retry_after: Option<u64>) -> bool {
        if !self.repeatable || self.failures >= MAX_RETRIES {
            return false;
        }
        self.failures += 1;
        let mut wait = backoff(self.failures, jitter());
        if let Some(asked) = retry_after {
            wait = wait.max(rate_limit_wait(Some(asked)));
        }
        let same = if self.keyed { " with the same Idempotency-Key and body" } else { "" };
        crate::say!(
            "{what}: {why}; sending it again in {:.1} s{same} (retry {} of {MAX_RETRIES})",
            wait.as_secs_f64(),
            self.failures
        );
        tokio::time::sleep(wait).await;
        true
    }

    /// After a 429: waits it out and answers true, unless the request was
    /// limited [`MAX_RATE_LIMIT_WAITS`] times already.
    pub async fn after_rate_limit(&mut self, what: &str, retry_after: Option<u64>) -> bool {
        if self.rate_limits >= MAX_RATE_LIMIT_WAITS {
            return false;
        }
        self.rate_limits += 1;
        wait_out_rate_limit(what, retry_after).await;
        true
    }

    /// How many times the request was sent again after no answer or a 5xx.
    pub fn failures(&self) -> u32 {
        self.failures
    }
}

/// The wait before retry `n` (1, 2, ...): [`FIRST_BACKOFF`] doubled for
/// each retry before it, plus `jitter` (0 to 1) of a quarter of that. Each
/// wait is longer than the one before, whatever the jitter, so retries
/// spread out rather than crowd.
pub fn backoff(n: u32, jitter: f64) -> Duration {
    let base = FIRST_BACKOFF.saturating_mul(1 << n.clamp(1, 16).saturating_sub(1));
    base + base.mul_f64(jitter.clamp(0.0, 1.0) / 4.0)
}

/// A number from 0 to 1, new on every call: many clients that failed at
/// the same moment do not retry in step.
fn jitter() -> f64 {
    let bits = uuid::Uuid::new_v4().as_u128() as u64;
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

/// The seconds a 429's `Retry-After` asks to wait (the API sends
/// delta-seconds; anything else counts as absent).
pub fn retry_after(headers: &reqwest::header::HeaderMap) -> Option<u64> {
    headers.get(reqwest::header::RETRY_AFTER)?.to_str().ok()?.trim().parse().ok()
}

/// The one rule for a 429 that is waited out: what `Retry-After` asks,
/// 1 s when it asks nothing (or 0, which would resend at once), at most
/// [`MAX_RETRY_AFTER_SECS`].
pub fn rate_limit_wait(retry_after: Option<u64>) -> Duration {
    Duration::from_secs(retry_after.unwrap_or(1).clamp(1, MAX_RETRY_AFTER_SECS))
}

/// Says on stderr that `what` (`POST /v1/quotes`, `step "create"`) was rate
/// limited and is sent again after the wait, then waits.
pub async fn wait_out_rate_limit(what: &str, retry_after: Option<u64>) {
    let wait = rate_limit_wait(retry_after);
    crate::say!("{what}: rate limited (429); waiting {} s as Retry-After asks, then going on", wait.as_secs());
    tokio::time::sleep(wait).await;
}

/// A fresh `X-Request-ID` for one request: the API echoes it as the
/// correlation id and logs it, so the request can be found again.
pub fn new_request_id() -> String {
    format!("payctl-{}", uuid::Uuid::new_v4())
}

/// What a failure message adds about the retries before it: nothing, or
/// how many times the request was tried in all.
pub fn tried(retries: u32) -> String {
    if retries == 0 { String::new() } else { format!(" (tried {} times)", retries + 1) }
}

/// Whether a failed request went out and got no answer, as opposed to never
/// reaching the server (a refused connection) or our own timeout.
pub fn got_no_answer(err: &reqwest::Error) -> bool {
    !err.is_connect() && !err.is_timeout() && !err.is_builder()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_and_jitter_never_makes_one_shorter_than_the_last() {
        let ms = |n, j| backoff(n, j).as_millis();
        assert_eq!([ms(1, 0.0), ms(2, 0.0), ms(3, 0.0), ms(4, 0.0)], [500, 1000, 2000, 4000]);
        assert_eq!(ms(1, 1.0), 625);
        for n in 1..MAX_RETRIES {
            assert!(backoff(n + 1, 0.0) > backoff(n, 1.0), "retry {n}");
        }
        for _ in 0..100 {
            let j = jitter();
            assert!((0.0..1.0).contains(&j), "{j}");
        }
    }

    #[test]
    fn only_what_is_safe_to_repeat_is_repeated() {
        let repeats = |m: Method, keyed| Retries::new(&m, keyed).repeatable;
        assert!(repeats(Method::GET, false) && repeats(Method::PUT, false) && repeats(Method::POST, true));
        assert!(!repeats(Method::POST, false) && !repeats(Method::PATCH, true) && !repeats(Method::DELETE, false));
    }

    #[test]
    fn a_429_waits_what_retry_after_asks_within_bounds() {
        let mut h = reqwest::header::HeaderMap::new();
        assert_eq!(retry_after(&h), None);
        h.insert(reqwest::header::RETRY_AFTER, " 7 ".parse().unwrap());
        assert_eq!(retry_after(&h), Some(7));
        h.insert(reqwest::header::RETRY_AFTER, "Wed, 21 Oct 2026 07:28:00 GMT".parse().unwrap());
        assert_eq!(retry_after(&h), None);
        let secs = |asked| rate_limit_wait(asked).as_secs();
        assert_eq!([secs(None), secs(Some(0)), secs(Some(7)), secs(Some(3600))], [1, 1, 7, MAX_RETRY_AFTER_SECS]);
    }
}
