//! `payctl review`: the go-live review (`GET /sandbox/review`), how the
//! sandbox graded the integration from its own requests and webhook
//! deliveries: a table for people ([`table`]), the API's JSON, or JUnit XML
//! for CI systems ([`junit`]). The verdict is the exit code: 0 on `pass`,
//! [`exit::REVIEW_FAILED`] on `fail`.
//!
//! Credentials are those of `payctl sandbox clock`: the TEST key (the
//! profile's, `--api-key`, or the `--ready` line's) reviews the key's own
//! application; the control token (`PAYCTL_CONTROL_TOKEN` or the `--ready`
//! line's) with `--app APP_ID` reviews one TEST application.

mod junit;
mod table;

use std::path::PathBuf;

use clap::Args;
use payctl_wire::review::{Check, CheckStatus, Review, ReviewVerdict, Severity};
use reqwest::Method;

use super::sandbox::Running;
use crate::cli::Globals;
use crate::client::{typed, url_escape};
use crate::exit;
use crate::output::{self, Format, OutputFlag};

pub const HELP: &str = "Run your integration's tests against the sandbox first, under a drill \
(`payctl sandbox drill start`) so that every check meets the failure it judges. A check with nothing to judge \
is `not exercised`; the verdict is fail when a required check failed or was not exercised.

-o junit writes JUnit XML with one test case per check (classname payctl.review): a failed check, and a required \
one not exercised, is a <failure> carrying the advice and the evidence; a recommended one not exercised is \
<skipped>. It holds no time of its own, so two runs over the same session write the same bytes.

Exit codes: 0 the verdict is pass, 6 it is fail, 1 API error (no review), 3 credentials.

Examples:
  payctl sandbox drill start                 # then run your own tests against the sandbox
  payctl review
  payctl review -o junit > review.xml        # for the CI system's test report
  payctl review --since 2026-11-25T10:00:00Z -o json
  payctl review --since -10m                 # the last ten minutes of the application's clock
  payctl review --app APP_ID --ready ready.json";

#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// Judge from this time on, on the application's sandbox clock: ISO 8601, or -DURATION before
    /// its time now (-10m, -1h30m) [default: the start of the latest drill, else the application's
    /// first request].
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    pub since: Option<String>,
    /// With the control token: review this TEST application.
    #[arg(long, value_name = "APP_ID")]
    pub app: Option<String>,
    /// The sandbox's ready line: base URL, TEST key and control token.
    #[arg(long, value_name = "FILE")]
    pub ready: Option<PathBuf>,
}

pub async fn run(globals: &Globals, args: ReviewArgs) -> anyhow::Result<()> {
    let junit = globals.format() == Some(OutputFlag::Junit);
    // The rest of the CLI knows tables and JSON only; JUnit is written here.
    let globals = if junit { Globals { output: Some(OutputFlag::Json), ..globals.clone() } } else { globals.clone() };
    let back = args.since.as_deref().map(|v| crate::commands::logs::relative("--since", v)).transpose()?.flatten();
    if let Some(since) = &args.since
        && back.is_none()
        && payctl_domain::time::Timestamp::parse_rfc3339(since).is_none()
    {
        return Err(exit::usage(format!(
            "--since {since:?} is not an ISO 8601 date-time such as 2026-11-25T10:00:00Z, nor -DURATION such as -10m"
        )));
    }
    let running = Running::open(&globals, args.ready.as_deref())?;
    let auth = if args.app.is_some() { running.control()? } else { running.key()? };
    let client = running.client.with_flags(FLAGS).tool();
    // -10m counts back from the sandbox clock, as the server reports it.
    let since = match back {
        Some(seconds) => {
            client.get_own("/sandbox/clock", &auth).await?;
            Some(payctl_domain::time::Timestamp::from_millis(client.server_now()).plus_seconds(-seconds).to_rfc3339())
        }
        None => args.since.clone(),
    };
    let mut query = Vec::new();
    if let Some(since) = &since {
        query.push(format!("since={}", url_escape(since)));
    }
    if let Some(app) = &args.app {
        query.push(format!("application_id={}", url_escape(app)));
    }
    let path = if query.is_empty() { PATH.to_owned() } else { format!("{PATH}?{}", query.join("&")) };
    let review: Review = typed(client.call(Method::GET, &path, &auth, None).await?)?;
    if junit {
        output::out(&junit::render(&review))?;
    } else if running.ctx.output == Format::Json {
        output::json(&review)?;
    } else {
        table::print(&review, &client)?;
    }
    match review.verdict {
        ReviewVerdict::Pass => Ok(()),
        ReviewVerdict::Fail => Err(exit::review_failed(format!("the go-live review failed: {}", summary(&review)))),
    }
}

const PATH: &str = "/sandbox/review";
/// The API's parameters by the flags that set them, for its errors.
const FLAGS: &[(&str, &str)] = &[("since", "--since"), ("application_id", "--app")];

/// Whether a check keeps the review from passing.
fn blocks(check: &Check) -> bool {
    check.severity == Severity::Required && check.status != CheckStatus::Pass
}

/// The verdict's reasons in a sentence: the required checks that failed
/// and those with nothing to judge, and the recommended ones that failed.
fn summary(review: &Review) -> String {
    let ids = |pick: &dyn Fn(&Check) -> bool| -> Vec<String> {
        review.checks.iter().filter(|c| pick(c)).map(|c| c.id.to_string()).collect()
    };
    let failed = ids(&|c| blocks(c) && c.status == CheckStatus::Fail);
    let unexercised = ids(&|c| blocks(c) && c.status == CheckStatus::NotExercised);
    let advised = ids(&|c| c.severity == Severity::Recommended && c.status == CheckStatus::Fail);
    let mut parts = Vec::new();
    if !failed.is_empty() {
        parts.push(format!("{} failed", counted(&failed, "required check")));
    }
    if !unexercised.is_empty() {
        parts.push(format!("{} had nothing to judge", counted(&unexercised, "required check")));
    }
    if parts.is_empty() {
        parts.push("every required check passed".to_owned());
    }
    if !advised.is_empty() {
        parts.push(format!("{} failed", counted(&advised, "recommended check")));
    }
    let mut text = parts.join("; ");
    if !unexercised.is_empty() {
        text.push_str(
            ". Run the integration's tests under a drill (`payctl sandbox drill start`) so that every check meets \
             what it judges",
        );
    }
    text
}

/// `2 required checks (A, B)`.
fn counted(ids: &[String], what: &str) -> String {
    let plural = if ids.len() == 1 { "" } else { "s" };
    format!("{} {what}{plural} ({})", ids.len(), ids.join(", "))
}

#[cfg(test)]
pub(crate) mod tests {
    use payctl_wire::review::{CheckId, Evidence};

    use super::*;

    pub fn check(id: CheckId, severity: Severity, status: CheckStatus, evidence: Vec<Evidence>) -> Check {
        Check { id, title: format!("Title of {id}"), severity, status, advice: format!("Advice for {id}."), evidence }
    }

    pub fn review(checks: Vec<Check>) -> Review {
        let verdict = if checks.iter().any(blocks) { ReviewVerdict::Fail } else { ReviewVerdict::Pass };
        Review {
            application_id: "app_1".into(),
            from: "2026-11-25T10:00:00.000Z".into(),
            to: "2026-11-25T10:05:00.000Z".into(),
            verdict,
            checks,
        }
    }

    #[test]
    fn the_summary_names_what_keeps_the_review_from_passing() {
        use CheckStatus::*;
        use Severity::*;
        let r = review(vec![
            check(CheckId::IdempotencyKeySent, Required, Fail, vec![]),
            check(CheckId::IdempotentRetry, Required, NotExercised, vec![]),
            check(CheckId::RetryAfterHonoured, Required, Pass, vec![]),
            check(CheckId::BackoffOn5xx, Recommended, Fail, vec![]),
            check(CheckId::WebhookFastAnswer, Recommended, NotExercised, vec![]),
        ]);
        let text = summary(&r);
        assert!(
            text.starts_with(
                "1 required check (IDEMPOTENCY_KEY_SENT) failed; 1 required check (IDEMPOTENT_RETRY) had nothing to \
                 judge; 1 recommended check (BACKOFF_ON_5XX) failed. Run the integration's tests under a drill"
            ),
            "{text}"
        );
        let passing = review(vec![check(CheckId::IdempotencyKeySent, Required, Pass, vec![])]);
        assert_eq!(summary(&passing), "every required check passed");
    }
}
