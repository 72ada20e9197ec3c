//! Help is for reading at 100 columns: every command's help, found by
//! walking the tree from `payctl --help`, has its global flags under their
//! own heading, no line longer than 100 columns, examples that are not
//! wrapped, and no hard line break in the middle of a paragraph.

use std::process::Command;

fn help(path: &[String]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_payctl")).args(path).arg("--help").output().unwrap();
    assert!(out.status.success(), "{path:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn subcommands(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        // A command's name starts at column 2; deeper lines continue its summary.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// A shell line of an example: a command, or the continuation of one.
fn is_example_line(line: &str, previous: &str) -> bool {
    let body = line.trim_start();
    let starts = ["payctl ", "printf ", "jq ", "if ", "until ", "cargo ", "PAYCTL_", "BASE_URL", "TEST_KEY"];
    (line.starts_with("  ") && starts.iter().any(|s| body.starts_with(s)))
        || (line.starts_with("      ") && previous.trim_end().ends_with('\\'))
}

#[test]
fn every_help_reads_at_100_columns() {
    let mut queue: Vec<Vec<String>> = vec![vec![]];
    let mut seen = 0;
    while let Some(path) = queue.pop() {
        let text = help(&path);
        seen += 1;
        let lines: Vec<&str> = text.lines().collect();
        if !path.is_empty() {
            let heading =
                lines.iter().position(|l| *l == "Global options:").unwrap_or_else(|| panic!("{path:?}: {text}"));
            assert!(lines[heading + 1].contains("--profile"), "{path:?}: {text}");
        }
        let mut in_examples = false;
        for (i, line) in lines.iter().enumerate() {
            assert!(line.chars().count() <= 100, "{path:?}: a line over 100 columns: {line}");
            let previous = if i > 0 { lines[i - 1] } else { "" };
            if line.starts_with("Examples:") {
                in_examples = true;
                continue;
            }
            if line.trim().is_empty() {
                in_examples = false;
                continue;
            }
            if in_examples {
                assert!(is_example_line(line, previous), "{path:?}: an example wrapped or malformed: {line:?}");
            } else if !previous.trim().is_empty()
                && previous.chars().count() < 60
                && !previous.starts_with(' ')
                && !previous.trim_end().ends_with([':', '.'])
                && line.starts_with(|c: char| c.is_ascii_lowercase())
            {
                panic!("{path:?}: a hard line break mid-paragraph:\n{previous}\n{line}");
            }
        }
        for sub in subcommands(&text) {
            let mut next = path.clone();
            next.push(sub);
            queue.push(next);
        }
    }
    assert!(seen > 60, "walked {seen} commands");
}
