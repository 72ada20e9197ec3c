//! `payctl parity` for people: one row per step (number, name, operation,
//! the statuses on each side, the outcome), then each difference under
//! its step (pointer, kind, recorded → sandbox, and what would explain
//! it), then the summary per operation and the total.

use crate::output;
use crate::parity::{Outcome, Report};

pub fn print(report: &Report) -> anyhow::Result<()> {
    output::line(&output::safe::text(&format!(
        "Parity of {} replayed into {}: {} step(s).",
        report.file,
        report.target,
        report.steps.len()
    )))?;
    let status = |s: Option<u16>| s.map_or_else(|| "-".to_owned(), |s| s.to_string());
    let rows: Vec<Vec<String>> = report
        .steps
        .iter()
        .map(|s| {
            let outcome = match (s.outcome, &s.why) {
                (Outcome::Differs, _) => format!("differs ({})", s.differences.len()),
                (Outcome::NotReplayed, Some(why)) => format!("not replayed: {why}"),
                (other, _) => other.as_str().to_owned(),
            };
            vec![
                s.index.to_string(),
                s.step.clone(),
                s.operation.clone(),
                status(s.recorded_status),
                status(s.sandbox_status),
                outcome,
            ]
        })
        .collect();
    output::prose_table(&["#", "STEP", "OPERATION", "RECORDED", "SANDBOX", "OUTCOME"], &rows)?;
    let differing: Vec<_> = report.steps.iter().filter(|s| s.outcome == Outcome::Differs).collect();
    if !differing.is_empty() {
        let mut text = String::from("\nDifferences (pointer, kind: recorded -> sandbox):\n");
        for s in differing {
            text.push_str(&format!("{} {}\n", s.index, s.step));
            for d in &s.differences {
                let pointer = if d.pointer.is_empty() { "(status)" } else { d.pointer.as_str() };
                text.push_str(&format!("  {pointer}  {}: {} -> {}\n", d.kind.as_str(), d.recorded, d.sandbox));
                if let Some(why) = &d.why {
                    text.push_str(&format!("      {why}\n"));
                }
            }
        }
        output::out(&output::safe::escape(&text, true))?;
    }
    output::line("")?;
    let rows: Vec<Vec<String>> = report
        .operations
        .iter()
        .map(|o| {
            vec![o.operation.clone(), o.compared.to_string(), o.same.to_string(), format!("{:.1} %", o.percent_same)]
        })
        .collect();
    output::prose_table(&["OPERATION", "COMPARED", "SAME", "SAME %"], &rows)?;
    output::line(&format!(
        "\n{} of {} compared step(s) the same ({:.1} %), {} difference(s).",
        report.same, report.compared, report.percent_same, report.differences
    ))
}
