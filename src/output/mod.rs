//! Data goes to stdout as a table for people or JSON for scripts; status
//! messages go to stderr (through [`say!`](crate::say)) so that piping
//! stdout never mixes the two.
//!
//! Every write to stdout goes through [`out`]: a reader that went away
//! (`payctl customers list | head -1`) ends the command quietly instead of
//! a panic. Strings are made safe for the terminal ([`safe`]), and tables
//! show money, nested objects and field order for people ([`display`]).

pub mod display;
pub mod safe;

use std::io::{IsTerminal, Write};

use clap::ValueEnum;
use comfy_table::{ColumnConstraint, ContentArrangement, Table, presets};
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::exit;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    Json,
}

impl Format {
    /// Tables when a person is watching, JSON when stdout is a pipe or file.
    /// `junit` is a usage error: only `payctl review` writes it.
    pub fn resolve(flag: Option<OutputFlag>) -> anyhow::Result<Format> {
        match flag {
            Some(OutputFlag::Table) => Ok(Format::Table),
            Some(OutputFlag::Json) => Ok(Format::Json),
            Some(OutputFlag::Junit) => {
                Err(exit::usage("--output junit is for `payctl review` only; use --output table or --output json"))
            }
            None => Ok(if std::io::stdout().is_terminal() { Format::Table } else { Format::Json }),
        }
    }
}

/// What `--output` names: a [`Format`] every command writes, or `junit`
/// (JUnit XML, for CI systems), which only `payctl review` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFlag {
    Table,
    Json,
    Junit,
}

/// A column of a list: header and the JSON field it shows. A list's
/// columns start with the id and go on in order of importance.
pub type Column = (&'static str, &'static str);

/// A status line on stderr, its data made safe for the terminal. A closed
/// stderr is ignored: the message has nowhere to go, and the work goes on.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::output::status(&format!($($arg)*))
    };
}

pub fn status(message: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{}", safe::escape(message, true));
}

/// Writes to stdout; a closed pipe becomes [`exit::ClosedPipe`].
pub fn out(text: &str) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).map_err(|e| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            anyhow::Error::new(exit::ClosedPipe)
        } else {
            anyhow::Error::new(e).context("cannot write to standard output")
        }
    })
}

/// One line of data on stdout.
pub fn line(text: &str) -> anyhow::Result<()> {
    out(&format!("{text}\n"))
}

/// Pretty JSON on stdout, escaped for terminals (see [`safe::JsonFormatter`]).
pub fn json(value: &impl Serialize) -> anyhow::Result<()> {
    line(&to_json(value, true)?)
}

/// One compact JSON line on stdout (`logs tail`, `listen`).
pub fn json_line(value: &impl Serialize) -> anyhow::Result<()> {
    line(&to_json(value, false)?)
}

fn to_json(value: &impl Serialize, pretty: bool) -> anyhow::Result<String> {
    let mut buf = Vec::new();
    if pretty {
        let formatter = safe::JsonFormatter(serde_json::ser::PrettyFormatter::new());
        value.serialize(&mut serde_json::Serializer::with_formatter(&mut buf, formatter))?;
    } else {
        let formatter = safe::JsonFormatter(serde_json::ser::CompactFormatter);
        value.serialize(&mut serde_json::Serializer::with_formatter(&mut buf, formatter))?;
    }
    Ok(String::from_utf8(buf)?)
}

/// One record: JSON as the API shaped it, or a field/value table with `id`
/// first and the fields in the API's order (not alphabetical).
pub fn record(format: Format, value: &impl Serialize) -> anyhow::Result<()> {
    record_masked(format, value, &[])
}

/// [`record`] with the named fields shown as `***` (secrets not asked for).
pub fn record_masked(format: Format, value: &impl Serialize, masked: &[&str]) -> anyhow::Result<()> {
    let mut fields = Ordered::of(value)?;
    for (k, v) in &mut fields.0 {
        if masked.contains(&k.as_str()) && !v.is_null() {
            *v = Value::String("***".to_owned());
        }
    }
    if format == Format::Json {
        return json(&fields);
    }
    if let Some(i) = fields.0.iter().position(|(k, _)| k == "id") {
        let id = fields.0.remove(i);
        fields.0.insert(0, id);
    }
    let obj: Map<String, Value> = fields.0.iter().cloned().collect();
    let mut table = new_table();
    for (field, _) in fields.0.iter().filter(|(f, _)| !display::is_twin(&obj, f)) {
        table.add_row(vec![safe::text(display::label(field)).into_owned(), display::cell(&obj, field)]);
    }
    line(&table.to_string())
}

/// A page of records: `{data, next_cursor}` (or `{data, pagination}`) in
/// JSON, else a table with a hint on stderr when more pages exist.
pub fn list(format: Format, page: &impl Serialize, columns: &[Column]) -> anyhow::Result<()> {
    if format == Format::Json {
        return json(page);
    }
    let page = serde_json::to_value(page)?;
    let mut table = new_table();
    table.set_header(columns.iter().map(|(h, _)| *h));
    for item in page["data"].as_array().into_iter().flatten() {
        let empty = Map::new();
        let obj = item.as_object().unwrap_or(&empty);
        table.add_row(columns.iter().map(|(_, f)| display::cell(obj, f)));
    }
    let hidden = fit(&mut table, columns);
    line(&table.to_string())?;
    if !hidden.is_empty() {
        crate::say!("Not shown for the terminal's width: {} (widen it, or use -o json).", hidden.join(", "));
    }
    // The transaction list nests its cursor in `pagination`.
    let cursor = page["next_cursor"].as_str().or_else(|| page["pagination"]["next_cursor"].as_str());
    if let Some(cursor) = cursor {
        crate::say!("More results: run again with --cursor {cursor}, or pass --all for every page.");
    }
    Ok(())
}

/// A table that shows every column, the longest text wrapping to the
/// terminal's width (a list leaves its last columns out instead): for rows
/// that end in prose, such as a review's advice. The first column never
/// wraps; every cell is made safe for the terminal.
pub fn prose_table(headers: &[&str], rows: &[Vec<String>]) -> anyhow::Result<()> {
    let mut table = new_table();
    table.set_header(headers.iter().copied());
    for row in rows {
        table.add_row(row.iter().map(|cell| safe::text(cell).into_owned()));
    }
    if let Some(first) = table.column_mut(0) {
        first.set_constraint(ColumnConstraint::ContentWidth);
    }
    line(&table.to_string())
}

/// Lays a list out for the terminal's width. The first column is the id,
/// what people copy into the next command, so it never wraps. The others
/// are in order of importance, so when a row cannot fit, the last ones are
/// left out (never the first two); what still does not fit wraps. Returns
/// the headers left out.
fn fit(table: &mut Table, columns: &[Column]) -> Vec<&'static str> {
    if let Some(id) = table.column_mut(0) {
        id.set_constraint(ColumnConstraint::ContentWidth);
    }
    let Some(width) = table.width() else { return Vec::new() };
    table.set_content_arrangement(ContentArrangement::Disabled);
    let mut shown = columns.len();
    while shown > 2 && natural_width(table) > usize::from(width) {
        shown -= 1;
        if let Some(column) = table.column_mut(shown) {
            column.set_constraint(ColumnConstraint::Hidden);
        }
    }
    table.set_content_arrangement(ContentArrangement::Dynamic);
    columns[shown..].iter().map(|(header, _)| *header).collect()
}

/// The width of a table's widest line when nothing wraps.
fn natural_width(table: &Table) -> usize {
    table.lines().map(|line| line.chars().count()).max().unwrap_or(0)
}

fn new_table() -> Table {
    let mut table = Table::new();
    table.load_style(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic);
    // A terminal that reports no size (`script`, some CI runners and
    // editors' shells say 0 columns) would squeeze every column to one
    // character. Use `COLUMNS`, then 80, as `ls` does.
    if table.width() == Some(0) {
        table.set_width(fallback_width(std::env::var("COLUMNS").ok().as_deref()));
    }
    table
}

/// The width to lay a table out in when the terminal reports none.
fn fallback_width(columns: Option<&str>) -> u16 {
    columns.and_then(|c| c.trim().parse::<u16>().ok()).filter(|&w| w > 0).unwrap_or(80)
}

/// A JSON object's members in the order they were serialised: the wire
/// types declare their fields in the order people read them, which
/// `serde_json::Value` (a sorted map here) would lose.
#[derive(Debug, Default)]
pub struct Ordered(pub Vec<(String, Value)>);

impl Ordered {
    pub fn of(value: &impl Serialize) -> anyhow::Result<Ordered> {
        Ok(serde_json::from_str(&serde_json::to_string(value)?)?)
    }
}

impl<'de> Deserialize<'de> for Ordered {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Ordered, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = Ordered;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<String, Value>()? {
                    out.push(entry);
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(Fields)
    }
}

impl Serialize for Ordered {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Rec {
        zeta: u8,
        id: &'static str,
        alpha: u8,
    }

    #[test]
    fn records_keep_their_declared_order() {
        let fields = Ordered::of(&Rec { zeta: 1, id: "x", alpha: 2 }).unwrap();
        let keys: Vec<&str> = fields.0.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["zeta", "id", "alpha"]);
        assert_eq!(to_json(&fields, false).unwrap(), r#"{"zeta":1,"id":"x","alpha":2}"#);
    }

    #[test]
    fn a_terminal_without_a_size_falls_back_to_columns_then_80() {
        assert_eq!(fallback_width(Some("132")), 132);
        assert_eq!(fallback_width(Some(" 100 ")), 100);
        for unusable in [None, Some(""), Some("0"), Some("wide"), Some("-5"), Some("70000")] {
            assert_eq!(fallback_width(unusable), 80, "{unusable:?}");
        }
    }
}
