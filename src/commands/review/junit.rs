//! `payctl review -o junit`: the review as JUnit XML, the test report
//! format CI systems read (Jenkins, GitLab, GitHub and Azure test
//! reporters): `<testsuites>` holding one `<testsuite name="payctl.review">`
//! with one `<testcase>` per check, in the documented order, named by the
//! check's id (stable in a CI system's history when a title is reworded).
//!
//! - a failed check is a `<failure>` (`type` the status, `message` the
//!   title and the advice, the text the severity and the evidence, one
//!   line each);
//! - a required check with nothing to judge is a `<failure>` too, since it
//!   fails the review; a recommended one is `<skipped>`;
//! - a passed check says why in `<system-out>`, with its evidence.
//!
//! The counts on both suites add up to the test cases. Nothing in it
//! depends on when it was written (no timestamp, no duration): two runs
//! over the same session write the same bytes.

use std::fmt::Write;

use payctl_wire::review::{Check, CheckStatus, Evidence, Review, ReviewVerdict, Severity};

use crate::output::xml::{attribute, text};

/// The test cases' `classname` and the suite's name.
pub const CLASSNAME: &str = "payctl.review";

/// What one check becomes.
enum Outcome {
    Passed,
    Failed,
    Skipped,
}

fn outcome(check: &Check) -> Outcome {
    match (check.status, check.severity) {
        (CheckStatus::Pass, _) => Outcome::Passed,
        (CheckStatus::Fail, _) | (CheckStatus::NotExercised, Severity::Required) => Outcome::Failed,
        (CheckStatus::NotExercised, Severity::Recommended) => Outcome::Skipped,
    }
}

pub fn render(review: &Review) -> String {
    let mut checks: Vec<&Check> = review.checks.iter().collect();
    checks.sort_by_key(|c| c.id);
    let failures = checks.iter().filter(|c| matches!(outcome(c), Outcome::Failed)).count();
    let skipped = checks.iter().filter(|c| matches!(outcome(c), Outcome::Skipped)).count();
    let counts = format!("tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\"", checks.len());
    let verdict = match review.verdict {
        ReviewVerdict::Pass => "pass",
        ReviewVerdict::Fail => "fail",
    };
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(xml, "<testsuites name=\"payctl review\" {counts}>");
    let _ = writeln!(xml, "  <testsuite name=\"{CLASSNAME}\" {counts}>");
    xml.push_str("    <properties>\n");
    for (name, value) in
        [("application_id", review.application_id.as_str()), ("from", &review.from), ("verdict", verdict)]
    {
        let _ = writeln!(xml, "      <property name=\"{name}\" value=\"{}\"/>", attribute(value));
    }
    xml.push_str("    </properties>\n");
    for check in checks {
        testcase(&mut xml, check);
    }
    xml.push_str("  </testsuite>\n</testsuites>\n");
    xml
}

fn testcase(xml: &mut String, check: &Check) {
    let name = attribute(check.id.as_str());
    let message = attribute(&format!("{}: {}", check.title, check.advice));
    let _ = write!(xml, "    <testcase classname=\"{CLASSNAME}\" name=\"{name}\"");
    let severity = match check.severity {
        Severity::Required => "required",
        Severity::Recommended => "recommended",
    };
    match outcome(check) {
        Outcome::Passed => {
            let _ = writeln!(xml, ">");
            let _ = writeln!(xml, "      <system-out>{}</system-out>", text(&details(check, severity)));
        }
        Outcome::Failed => {
            let _ = writeln!(xml, ">");
            let _ = writeln!(
                xml,
                "      <failure type=\"{}\" message=\"{}\">{}</failure>",
                check.status.as_str(),
                message,
                text(&details(check, severity))
            );
        }
        Outcome::Skipped => {
            let _ = writeln!(xml, ">");
            let _ = writeln!(xml, "      <skipped message=\"{message}\"/>");
        }
    }
    xml.push_str("    </testcase>\n");
}

/// The check's id, severity, status and advice, then its evidence.
fn details(check: &Check, severity: &str) -> String {
    let mut out = format!(
        "{} ({severity}): {}: {}\n{}\n",
        check.id,
        check.title,
        check.status.as_str().replace('_', " "),
        check.advice
    );
    if !check.evidence.is_empty() {
        out.push_str("Evidence:\n");
        for e in &check.evidence {
            out.push_str(&format!("- {}\n", evidence_line(e)));
        }
    }
    out
}

/// `log log_… (request req-…): note`, `delivery dlv_… (request …): note`.
pub fn evidence_line(e: &Evidence) -> String {
    let mut cited = Vec::new();
    if let Some(log) = &e.log_id {
        cited.push(format!("log {log}"));
    }
    if let Some(delivery) = &e.delivery_id {
        cited.push(format!("delivery {delivery}"));
    }
    let request = e.request_id.as_deref().map(|r| format!(" (request {r})")).unwrap_or_default();
    if cited.is_empty() { e.note.clone() } else { format!("{}{request}: {}", cited.join(", "), e.note) }
}

#[cfg(test)]
mod tests {
    use payctl_wire::review::CheckId;

    use super::super::tests::{check, review};
    use super::*;

    #[test]
    fn failures_skips_and_passes_follow_status_and_severity_in_the_documented_order() {
        use CheckStatus::*;
        use Severity::*;
        let cited = Evidence {
            request_id: Some("req-1".into()),
            log_id: Some("log_1".into()),
            delivery_id: None,
            note: "POST /v1/x?a=<b> carried no Idempotency-Key".into(),
        };
        let r = review(vec![
            check(CheckId::WebhookFastAnswer, Recommended, NotExercised, vec![]),
            check(CheckId::IdempotencyKeySent, Required, Fail, vec![cited]),
            check(CheckId::IdempotentRetry, Required, NotExercised, vec![]),
            check(CheckId::BackoffOn5xx, Recommended, Pass, vec![]),
        ]);
        let xml = render(&r);
        let first = xml.find("IDEMPOTENCY_KEY_SENT").unwrap();
        assert!(
            first < xml.find("IDEMPOTENT_RETRY").unwrap() && xml.find("BACKOFF").unwrap() < xml.find("FAST").unwrap()
        );
        assert!(
            xml.contains("<testsuites name=\"payctl review\" tests=\"4\" failures=\"2\" errors=\"0\" skipped=\"1\">")
        );
        assert!(
            xml.contains("- log log_1 (request req-1): POST /v1/x?a=&lt;b&gt; carried no Idempotency-Key"),
            "{xml}"
        );
        assert!(
            xml.contains(
                "<failure type=\"not_exercised\" message=\"Title of IDEMPOTENT_RETRY: Advice for IDEMPOTENT_RETRY.\">"
            ),
            "{xml}"
        );
        assert!(
            xml.contains("<skipped message=\"Title of WEBHOOK_FAST_ANSWER: Advice for WEBHOOK_FAST_ANSWER.\"/>"),
            "{xml}"
        );
        assert!(xml.contains("<testcase classname=\"payctl.review\" name=\"IDEMPOTENCY_KEY_SENT\">"), "{xml}");
        assert!(!xml.contains("2026-11-25T10:05"), "the window's end changes with every run: {xml}");
        assert_eq!(xml, render(&r));
    }
}
