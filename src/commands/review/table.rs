//! `payctl review` for people: the window judged, one row per check
//! (id, status, severity, how much evidence, the advice), then each failed
//! check's evidence with the console page that shows it, then the verdict.

use payctl_wire::review::{Check, CheckStatus, Evidence, Review, ReviewVerdict, Severity};

use super::junit::evidence_line;
use crate::client::{Client, url_escape};
use crate::output;

const HEADERS: [&str; 5] = ["CHECK", "STATUS", "SEVERITY", "EVIDENCE", "ADVICE"];

pub fn print(review: &Review, client: &Client) -> anyhow::Result<()> {
    let mut checks: Vec<&Check> = review.checks.iter().collect();
    checks.sort_by_key(|c| c.id);
    output::line(&output::safe::text(&format!(
        "Go-live review of application {}: its requests and webhook deliveries from {} to {} (its sandbox clock).",
        review.application_id, review.from, review.to
    )))?;
    let rows: Vec<Vec<String>> = checks
        .iter()
        .map(|c| {
            vec![
                c.id.to_string(),
                status(c.status).to_owned(),
                severity(c.severity).to_owned(),
                evidence_count(&c.evidence).to_string(),
                c.advice.clone(),
            ]
        })
        .collect();
    output::prose_table(&HEADERS, &rows)?;
    let failed: Vec<&&Check> = checks.iter().filter(|c| c.status == CheckStatus::Fail).collect();
    if !failed.is_empty() {
        let mut text = String::from("\nWhat failed (each entry opens in the console):\n");
        for check in failed {
            text.push_str(&format!("{}\n", check.id));
            for e in &check.evidence {
                text.push_str(&format!("  - {}\n", evidence_line(e)));
                if let Some(page) = console_page(client, &review.application_id, e) {
                    text.push_str(&format!("    {page}\n"));
                }
            }
        }
        output::out(&output::safe::escape(&text, true))?;
    }
    let verdict = match review.verdict {
        ReviewVerdict::Pass => "pass",
        ReviewVerdict::Fail => "FAIL",
    };
    output::line(&format!("\nVerdict: {verdict}: {}.", super::summary(review)))
}

fn status(status: CheckStatus) -> &'static str {
    match status {
        CheckStatus::Pass => "pass",
        CheckStatus::Fail => "FAIL",
        CheckStatus::NotExercised => "not exercised",
    }
}

fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Required => "required",
        Severity::Recommended => "recommended",
    }
}

/// How many requests or deliveries a check cites: the API lists at most 20,
/// the last one then saying how many more there were (`and 42 more`).
fn evidence_count(evidence: &[Evidence]) -> u64 {
    evidence
        .iter()
        .map(|e| match (&e.log_id, &e.delivery_id) {
            (None, None) => e
                .note
                .strip_prefix("and ")
                .and_then(|n| n.strip_suffix(" more"))
                .and_then(|n| n.parse().ok())
                .unwrap_or(1),
            _ => 1,
        })
        .sum()
}

/// The console page of a request-log entry or a delivery.
fn console_page(client: &Client, app: &str, e: &Evidence) -> Option<String> {
    let (kind, id) = match (&e.log_id, &e.delivery_id) {
        (Some(log), _) => ("logs", log),
        (None, Some(delivery)) => ("deliveries", delivery),
        (None, None) => return None,
    };
    let path = format!("/console/apps/{}/{kind}/{}", url_escape(app), url_escape(id));
    client.url(&path).ok().map(|url| url.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evidence_counts_what_the_cap_left_out() {
        let cited = Evidence { log_id: Some("log_1".into()), note: "x".into(), ..Evidence::default() };
        let more = Evidence { note: "and 42 more".into(), ..Evidence::default() };
        assert_eq!(evidence_count(&[cited.clone(), cited.clone(), more]), 44);
        assert_eq!(evidence_count(&[cited]), 1);
        assert_eq!(evidence_count(&[]), 0);
    }
}
