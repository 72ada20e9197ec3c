//! `payctl parity -o junit`: the report as JUnit XML, as `payctl review`
//! writes it (`<testsuites>` holding one `<testsuite name="payctl.parity">`,
//! no timestamp or duration, so two runs over the same answers write the
//! same bytes), with one `<testcase>` per step named by its 1-based number
//! and its name (`003 s3-post-transfers`): stable in a CI system's
//! history for the same recording.
//!
//! - a step that differs is a `<failure>` (`type` the kinds, the text one
//!   line per difference);
//! - a step not replayed is `<skipped>` with why, and so is one with no
//!   recorded answer to compare;
//! - a step the same passes;
//! - the webhook events, when the recording lists them, are one more test
//!   case after the steps (`012 events`), failed by each event missing or
//!   extra.

use std::fmt::Write;

use crate::output::xml::{attribute, text};
use crate::parity::{Outcome, Report, StepReport};

/// The test cases' `classname` and the suite's name.
pub const CLASSNAME: &str = "payctl.parity";

pub fn render(report: &Report) -> String {
    let failures = report.steps.iter().filter(|s| s.outcome == Outcome::Differs).count();
    let skipped =
        report.steps.iter().filter(|s| matches!(s.outcome, Outcome::NotReplayed | Outcome::NotCompared)).count();
    let counts = format!("tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\"", report.steps.len());
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(xml, "<testsuites name=\"payctl parity\" {counts}>");
    let _ = writeln!(xml, "  <testsuite name=\"{CLASSNAME}\" {counts}>");
    xml.push_str("    <properties>\n");
    let same = format!("{:.1}", report.percent_same);
    for (name, value) in [("file", report.file.as_str()), ("target", &report.target), ("percent_same", &same)] {
        let _ = writeln!(xml, "      <property name=\"{name}\" value=\"{}\"/>", attribute(value));
    }
    xml.push_str("    </properties>\n");
    for step in &report.steps {
        testcase(&mut xml, step);
    }
    xml.push_str("  </testsuite>\n</testsuites>\n");
    xml
}

fn testcase(xml: &mut String, step: &StepReport) {
    let name = attribute(&format!("{:03} {}", step.index, step.step));
    let _ = writeln!(xml, "    <testcase classname=\"{CLASSNAME}\" name=\"{name}\">");
    match step.outcome {
        Outcome::Same => {}
        Outcome::Differs => {
            let mut kinds: Vec<&str> = step.differences.iter().map(|d| d.kind.as_str()).collect();
            kinds.sort_unstable();
            kinds.dedup();
            let what = format!("{} {}", step.method, step.path);
            let message = format!("{}: {} difference(s)", what.trim_start(), step.differences.len());
            let mut lines = String::new();
            for d in &step.differences {
                let pointer = if d.pointer.is_empty() { "(status)" } else { d.pointer.as_str() };
                let _ = writeln!(lines, "{pointer} {}: recorded {} sandbox {}", d.kind.as_str(), d.recorded, d.sandbox);
                if let Some(why) = &d.why {
                    let _ = writeln!(lines, "  {why}");
                }
            }
            let _ = writeln!(
                xml,
                "      <failure type=\"{}\" message=\"{}\">{}</failure>",
                attribute(&kinds.join(",")),
                attribute(&message),
                text(&lines)
            );
        }
        Outcome::NotReplayed | Outcome::NotCompared => {
            let why = step.why.clone().unwrap_or_else(|| step.outcome.as_str().to_owned());
            let _ = writeln!(
                xml,
                "      <skipped message=\"{}\"/>",
                attribute(&format!("{}: {why}", step.outcome.as_str()))
            );
        }
    }
    xml.push_str("    </testcase>\n");
}
