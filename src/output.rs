//! Data goes to stdout as a table for people or JSON for scripts; status
//! messages go to stderr so that piping stdout never mixes the two.

use std::io::IsTerminal;

use clap::ValueEnum;
use comfy_table::{ContentArrangement, Table, presets};
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    Json,
}

impl Format {
    /// Tables when a person is watching, JSON when stdout is a pipe or file.
    pub fn resolve(flag: Option<Format>) -> Format {
        flag.unwrap_or(if std::io::stdout().is_terminal() { Format::Table } else { Format::Json })
    }
}

/// A column of a list: header and the JSON field it shows.
pub type Column = (&'static str, &'static str);

pub fn json(value: &Value) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

/// One record: JSON as is, or a two-column field/value table.
pub fn record(format: Format, value: &Value) -> anyhow::Result<()> {
    if format == Format::Json {
        return json(value);
    }
    let mut table = new_table();
    if let Value::Object(map) = value {
        for (field, v) in map {
            table.add_row(vec![field.clone(), cell(v)]);
        }
    }
    println!("{table}");
    Ok(())
}

/// A page of records: `{data, next_cursor}` (or `{data, pagination}`) in JSON, else a table with a
/// hint on stderr when more pages exist.
pub fn list(format: Format, page: &Value, columns: &[Column]) -> anyhow::Result<()> {
    if format == Format::Json {
        return json(page);
    }
    let mut table = new_table();
    table.set_header(columns.iter().map(|(h, _)| *h));
    for item in page["data"].as_array().into_iter().flatten() {
        table.add_row(columns.iter().map(|(_, f)| cell(&item[*f])));
    }
    println!("{table}");
    // The transaction list nests its cursor in `pagination`.
    let cursor = page["next_cursor"].as_str().or_else(|| page["pagination"]["next_cursor"].as_str());
    if let Some(cursor) = cursor {
        eprintln!("More results exist (next cursor {cursor}); pass --all to fetch every page.");
    }
    Ok(())
}

fn new_table() -> Table {
    let mut table = Table::new();
    table.load_style(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic);
    table
}

fn cell(v: &Value) -> String {
    match v {
        Value::Null => "-".to_owned(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
