//! Data goes to stdout as a table for people or JSON for scripts; status
//! messages go to stderr (through [`say!`](crate::say)) so that piping
//! stdout never mixes the two.
//!
//! Every write to stdout goes through [`out`]: a reader that went away
//! (`payctl customers list | head -1`) ends the command quietly instead of
//! a panic. Strings are made safe for the terminal ([`safe`]), and tables
//! show money, nested objects and field order for people ([`display`]).
//! [`xml`] escapes text for the JUnit reports.

pub mod display;
pub mod safe;
pub mod xml;

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
        Ok(Format::asked(flag)?.unwrap_or(if std::io::stdout().is_terminal() { Format::Table } else { Format::Json }))
    }

    /// The format named by `--output` (or `--json`), if any, for commands
    /// that write differently only when asked (`payctl sandbox`'s ready
    /// line, `payctl proxy`'s report); `junit` is a usage error here too.
    pub fn asked(flag: Option<OutputFlag>) -> anyhow::Result<Option<Format>> {
        match flag {
            Some(OutputFlag::Table) => Ok(Some(Format::Table)),
            Some(OutputFlag::Json) => Ok(Some(Format::Json)),
            Some(OutputFlag::Junit) => {
                Err(exit::usage("--output junit is for `payctl review` only; use --output table or --output json"))
            }
            None => Ok(None),
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

/// Resolves when the reader of standard output goes away (a pipe whose
/// reading end is closed: `payctl listen -o json | head -1` once `head`
/// has its line), for commands that may write nothing for a long time. A
/// terminal or a file never resolves it (nor anything off Unix).
pub async fn stdout_closed() {
    let (gone, went) = tokio::sync::oneshot::channel::<()>();
    // A plain thread, not the runtime's: it must not keep the process alive.
    #[cfg(unix)]
    std::thread::spawn(move || {
        loop {
            // Asking for no event still reports POLLERR (a pipe without a
            // reader) and POLLHUP.
            let mut watched = libc::pollfd { fd: libc::STDOUT_FILENO, events: 0, revents: 0 };
            // SAFETY: one valid pollfd, for the length given.
            let ready = unsafe { libc::poll(&mut watched, 1, 1000) };
            if ready > 0 && watched.revents & (libc::POLLERR | libc::POLLHUP) != 0 {
                let _ = gone.send(());
                return;
            }
            if gone.is_closed() {
                return;
            }
        }
    });
    #[cfg(not(unix))]
    drop(gone);
    if went.await.is_err() {
        std::future::pending::<()>().await;
    }
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
    let rows: Vec<Vec<String>> = page["data"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|item| {
            let empty = Map::new();
            let obj = item.as_object().unwrap_or(&empty);
            columns.iter().map(|(_, f)| display::cell(obj, f)).collect()
        })
        .collect();
    let (table, hidden) = lay_out(columns, rows);
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
/// what people copy into the next command, so it is kept whole. When a row
/// cannot fit, the ids in the other columns (a beneficiary, a correlation
/// id, the id in a path) are shortened first, to their end (`…3f1e2a4b`),
/// since the words around them say more. Then the last columns are left
/// out (they go in order of importance), but not the first [`CORE`]: their
/// text wraps instead, down to [`WRAP_WIDTH`] characters a column, and only
/// when even that does not fit do they go too (never the first two).
/// Returns the table and the headers left out.
fn lay_out(columns: &[Column], mut rows: Vec<Vec<String>>) -> (Table, Vec<&'static str>) {
    let probe = new_table();
    let mut shown = columns.len();
    if let Some(width) = probe.width().map(usize::from) {
        let headers: Vec<&str> = columns.iter().map(|(h, _)| *h).collect();
        if table_width(&headers, &rows, shown, usize::MAX) > width {
            for row in &mut rows {
                for cell in row.iter_mut().skip(1) {
                    *cell = display::short_ids(cell);
                }
            }
        }
        // As many columns as fit whole; if that leaves out one of the first
        // few, those come back with their text wrapped instead.
        while shown > 2 && table_width(&headers, &rows, shown, usize::MAX) > width {
            shown -= 1;
        }
        if shown < CORE.min(columns.len()) {
            shown = CORE.min(columns.len());
            while shown > 2 && table_width(&headers, &rows, shown, WRAP_WIDTH) > width {
                shown -= 1;
            }
        }
    }
    let mut table = probe;
    table.set_header(columns.iter().map(|(h, _)| *h));
    for row in rows {
        table.add_row(row);
    }
    if let Some(id) = table.column_mut(0) {
        id.set_constraint(ColumnConstraint::ContentWidth);
    }
    for hidden in shown..columns.len() {
        if let Some(column) = table.column_mut(hidden) {
            column.set_constraint(ColumnConstraint::Hidden);
        }
    }
    (table, columns[shown..].iter().map(|(header, _)| *header).collect())
}

/// The narrowest a column other than the id is made by wrapping its text.
const WRAP_WIDTH: usize = 16;
/// The columns a list shows, wrapped if need be, before any is left out:
/// the id and what matters most about it (a log's method, path and status;
/// a delivery's event, status and last result).
const CORE: usize = 4;

/// The width of the table's first `shown` columns, each as wide as its
/// widest cell or header but, past the id, at most `wrap` (where its text
/// may wrap; never narrower than its header).
fn table_width(headers: &[&str], rows: &[Vec<String>], shown: usize, wrap: usize) -> usize {
    let content: usize = (0..shown)
        .map(|i| {
            let widest = rows.iter().map(|r| r.get(i).map_or(0, |c| c.chars().count())).max().unwrap_or(0);
            let header = headers[i].chars().count();
            if i == 0 { widest.max(header) } else { widest.min(wrap).max(header) }
        })
        .sum();
    // Each column has a space either side, and a border between and around.
    content + 3 * shown + 1
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
