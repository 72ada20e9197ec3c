//! Copying one application's world into another (`POST /sandbox/fork`),
//! and deleting an application with its world: SQL only. What a fork means (new ids, new secrets, a new key) is
//! `crate::fork`'s.
//!
//! The copy is one `INSERT … SELECT` per table in the caller's write
//! transaction, so a fork of thousands of records costs milliseconds and
//! is all or nothing. The statements read the same at every fork (what
//! varies is bound), so each connection compiles them once and keeps them.
//! [`COPIED`] names each table of an application's world
//! and its columns that need more than copying: row ids that point into
//! other copied rows (shifted past the table's highest row id, so the new
//! rows never collide and keep their order), the rows' own public ids
//! (minted anew by the caller, in the original's order) and text that may
//! name other rows' ids (JSON of events, fault rules and drills; the
//! resource a flow state or a pending move is about). Every other column is
//! copied as it is, so a column added by a later migration travels with its
//! row; a table added later must be put in [`COPIED`] or [`NOT_COPIED`] (a
//! test holds every table to one of them).
//!
//! Either backend runs the same statements, spelled for it: the renaming
//! runs in SQL functions (`fork_id`, `fork_text`), on SQLite registered on
//! the connection over ids lent from Rust, on PostgreSQL made in `pg_temp`
//! over a temporary table of the ids ([`lend`]); parameters are named
//! (`:from`), bound by name on SQLite and in order on PostgreSQL
//! ([`execute_named`]); and on PostgreSQL copied ids start at each
//! identity's next value, which then moves past them, so no id is ever
//! given out twice.

use std::collections::HashMap;
use std::sync::Arc;

use rusqlite::functions::{Context, FunctionFlags};
use rusqlite::types::{ToSqlOutput, Value, ValueRef};
use rusqlite::{Connection, ToSql};

use crate::db::CachedSql;
use crate::db::sql::{self, Conn, OptionalExtension, Row};
use crate::error::ApiError;

/// A column that needs more than copying.
#[derive(Debug, Clone, Copy)]
pub enum Column {
    /// A row id of a row of this copied table.
    Row(&'static str),
    /// The row's own public id: the caller mints a new one.
    Id,
    /// Text that may hold public ids of the world (a whole id, or ids in
    /// JSON): each is replaced by its new id.
    Text,
    /// A secret: never copied (the caller sets a new one) nor snapshotted.
    Secret,
    /// When a pending move runs on the global clock: derived from its due
    /// time and the new application's clock (and left out of snapshots).
    RunsAt,
}

/// One table of an application's world.
#[derive(Debug)]
pub struct Table {
    pub name: &'static str,
    /// Which rows are the application's (`:from`: its row id; `{table}`:
    /// another table of the same source).
    pub rows: &'static str,
    pub columns: &'static [(&'static str, Column)],
}

const OWN: &str = "application_id = :from";

/// Every table of an application's world, in an order where each row's
/// references are copied before it.
pub const COPIED: &[Table] = &[
    Table { name: "customers", rows: OWN, columns: &[("public_id", Column::Id)] },
    Table {
        name: "beneficiaries",
        rows: OWN,
        columns: &[("public_id", Column::Id), ("customer_id", Column::Row("customers"))],
    },
    Table {
        name: "accounts",
        rows: OWN,
        columns: &[("public_id", Column::Id), ("customer_id", Column::Row("customers"))],
    },
    Table {
        name: "quotes",
        rows: OWN,
        columns: &[("public_id", Column::Id), ("customer_id", Column::Row("customers")), ("used_by", Column::Text)],
    },
    Table {
        name: "transactions",
        rows: OWN,
        columns: &[
            ("public_id", Column::Id),
            ("external_id", Column::Id),
            ("quote_id", Column::Row("quotes")),
            ("beneficiary_id", Column::Row("beneficiaries")),
        ],
    },
    Table {
        name: "transfers",
        rows: OWN,
        columns: &[
            ("public_id", Column::Id),
            ("customer_id", Column::Row("customers")),
            ("quote_id", Column::Row("quotes")),
            ("beneficiary_id", Column::Row("beneficiaries")),
        ],
    },
    Table {
        name: "payments",
        rows: OWN,
        columns: &[
            ("public_id", Column::Id),
            ("quote_id", Column::Row("quotes")),
            ("customer_id", Column::Row("customers")),
        ],
    },
    Table {
        name: "events",
        rows: OWN,
        columns: &[("public_id", Column::Id), ("resource_id", Column::Text), ("data", Column::Text)],
    },
    Table { name: "ledger_entries", rows: OWN, columns: &[("public_id", Column::Id), ("reference_id", Column::Text)] },
    Table {
        name: "ledger_postings",
        rows: "entry_id IN (SELECT id FROM {ledger_entries} WHERE application_id = :from)",
        columns: &[("entry_id", Column::Row("ledger_entries")), ("account_id", Column::Row("accounts"))],
    },
    // A copy signs with a new secret, set by the caller in the same write.
    Table {
        name: "webhook_endpoints",
        rows: OWN,
        columns: &[
            ("public_id", Column::Id),
            ("secret_nonce", Column::Secret),
            ("secret_sealed", Column::Secret),
            ("secret_hint", Column::Secret),
        ],
    },
    Table { name: "flow_states", rows: OWN, columns: &[("resource_id", Column::Text), ("reason", Column::Text)] },
    Table {
        name: "scheduled_moves",
        rows: OWN,
        columns: &[("resource_id", Column::Text), ("runs_at", Column::RunsAt)],
    },
    Table { name: "rate_overrides", rows: OWN, columns: &[] },
    Table { name: "fault_rules", rows: OWN, columns: &[("public_id", Column::Id), ("spec", Column::Text)] },
    Table {
        name: "fault_rule_endpoints",
        rows: "rule_id IN (SELECT id FROM {fault_rules} WHERE application_id = :from)",
        columns: &[("rule_id", Column::Row("fault_rules")), ("endpoint_id", Column::Row("webhook_endpoints"))],
    },
    Table { name: "drills", rows: OWN, columns: &[("rules", Column::Text)] },
    // Markups are the partner's; those set for one of the application's
    // customers (by its public id) go with the customer.
    Table {
        name: "pricing_markups",
        rows: "customer_id IN (SELECT public_id FROM {customers} WHERE application_id = :from)",
        columns: &[("public_id", Column::Id), ("customer_id", Column::Text)],
    },
];

/// Why a table is left out of a fork.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Left {
    /// Not the application's: the sandbox's own, or its partner's (a fork
    /// stays in its partner).
    NotOwned,
    /// The fork is a new application.
    Application,
    /// Secrets: the fork gets one new key.
    Secret,
    /// History, not state.
    History,
}

/// Tables that are not part of an application's world, and why.
pub const NOT_COPIED: &[(&str, Left)] = &[
    ("settings", Left::NotOwned),
    ("partners", Left::NotOwned),
    ("users", Left::NotOwned),
    ("refresh_tokens", Left::NotOwned),
    ("console_sessions", Left::NotOwned),
    ("sign_in_links", Left::NotOwned),
    ("partner_wallets", Left::NotOwned),
    ("applications", Left::Application),
    ("api_keys", Left::Secret),
    // The answers given to the original's requests, naming its ids.
    ("idempotency_keys", Left::History),
    ("request_logs", Left::History),
    ("request_log_exchanges", Left::History),
    ("webhook_deliveries", Left::History),
    ("webhook_attempts", Left::History),
];

/// Where a world is copied from: an application's rows, or rows staged
/// from a snapshot ([`stage`]) in temporary tables.
#[derive(Debug, Clone, Copy)]
pub enum Source {
    Application(i64),
    Staged,
}

impl Source {
    /// Where the source's rows of `name` are read: the database's own
    /// table, or the staged copy (temporary tables, spelled per backend).
    fn table(self, conn: &Conn<'_>, name: &str) -> String {
        match (self, postgres(conn)) {
            (Source::Application(_), false) => format!("main.{name}"),
            (Source::Application(_), true) => name.to_owned(),
            (Source::Staged, false) => format!("temp.staged_{name}"),
            (Source::Staged, true) => format!("pg_temp.staged_{name}"),
        }
    }

    /// The application id its rows carry (staged rows carry 0).
    fn app(self) -> i64 {
        match self {
            Source::Application(id) => id,
            Source::Staged => 0,
        }
    }

    /// `table.rows` with the tables it names read from this source.
    fn rows(self, conn: &Conn<'_>, table: &Table) -> String {
        COPIED
            .iter()
            .fold(table.rows.to_owned(), |rows, t| rows.replace(&format!("{{{}}}", t.name), &self.table(conn, t.name)))
    }
}

/// Whether `conn` is PostgreSQL's, where the copy differs in spelling:
/// bare table names and `pg_temp` for the staged ones, the renaming
/// functions of [`lend`] in `pg_temp`, and ids given out by identity
/// columns that [`copy`] moves past the rows it adds.
fn postgres(conn: &Conn<'_>) -> bool {
    conn.sqlite().is_none()
}

/// A parameter of a statement, by name (`:from`).
type Named<'v> = [(&'v str, &'v dyn ToSql)];

/// Runs `sql`, binding the named parameters it holds from `named`. On
/// SQLite by name on the connection's cached statement (the copy's texts
/// are the same at every fork, so each compiles once per connection); on
/// PostgreSQL as positional parameters, in the order they appear.
fn execute_named(conn: &Conn<'_>, sql: &str, named: &Named<'_>) -> sql::Result<usize> {
    match conn.sqlite() {
        Some(c) => Ok(bound(c, sql, named)?.raw_execute()?),
        None => {
            let (text, values) = positional(sql, named);
            conn.execute(&text, values.as_slice())
        }
    }
}

/// The rows `sql` answers, each read by `f`, its named parameters bound as
/// [`execute_named`] binds them.
fn query_named<T>(
    conn: &Conn<'_>,
    sql: &str,
    named: &Named<'_>,
    mut f: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
) -> sql::Result<Vec<T>> {
    match conn.sqlite() {
        Some(c) => {
            let mut stmt = bound(c, sql, named)?;
            let mut rows = stmt.raw_query();
            let mut out = Vec::new();
            while let Some(row) = rows.next()? {
                out.push(f(&Row::from(row))?);
            }
            Ok(out)
        }
        None => {
            let (text, values) = positional(sql, named);
            conn.prepare(&text)?.query_map(values.as_slice(), f)?.collect()
        }
    }
}

/// SQLite's cached statement for `sql` with the named parameters it holds bound.
fn bound<'c>(c: &'c Connection, sql: &str, named: &Named<'_>) -> rusqlite::Result<rusqlite::CachedStatement<'c>> {
    let mut stmt = c.prepare_cached(sql)?;
    for (name, value) in named {
        if let Some(i) = stmt.parameter_index(name)? {
            stmt.raw_bind_parameter(i, value)?;
        }
    }
    Ok(stmt)
}

/// `sql` with each named parameter it holds replaced by `?N`, and the
/// values in that order (a name used twice is one parameter).
fn positional<'v>(sql: &str, named: &Named<'v>) -> (String, Vec<&'v dyn ToSql>) {
    let mut text = String::with_capacity(sql.len());
    let mut order: Vec<&str> = Vec::new();
    let mut values = Vec::new();
    let bytes = sql.as_bytes();
    let (mut copied, mut i) = (0, 0);
    while i < bytes.len() {
        let starts = bytes[i] == b':'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_lowercase)
            && (i == 0 || bytes[i - 1] != b':');
        if starts {
            let end = (i + 1..bytes.len())
                .find(|&j| !(bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_'))
                .unwrap_or(bytes.len());
            if let Some((name, value)) = named.iter().find(|(name, _)| *name == &sql[i..end]) {
                let n = match order.iter().position(|o| o == name) {
                    Some(p) => p + 1,
                    None => {
                        order.push(name);
                        values.push(*value);
                        order.len()
                    }
                };
                text.push_str(&sql[copied..i]);
                text.push_str(&format!("?{n}"));
                (copied, i) = (end, end);
                continue;
            }
        }
        i += 1;
    }
    text.push_str(&sql[copied..]);
    (text, values)
}

/// Every public id of the source's world, column by column, each column's
/// in creation order: the ids the caller mints anew.
pub fn world_ids(conn: &Conn<'_>, source: Source) -> Result<Vec<Vec<String>>, ApiError> {
    let mut all = Vec::new();
    for table in COPIED {
        for (column, _) in table.columns.iter().filter(|(_, kind)| matches!(kind, Column::Id)) {
            let sql = format!(
                "SELECT {column} FROM {} WHERE ({}) AND {column} IS NOT NULL ORDER BY {column}",
                source.table(conn, table.name),
                source.rows(conn, table)
            );
            all.push(query_named(conn, &sql, &[(":from", &source.app())], |r| r.get(0))?);
        }
    }
    Ok(all)
}

/// Whether application `app` holds no record of a world yet.
pub fn is_empty(conn: &Conn<'_>, app: i64) -> Result<bool, ApiError> {
    let source = Source::Application(app);
    for table in COPIED {
        let sql =
            format!("SELECT 1 FROM {} WHERE {} LIMIT 1", source.table(conn, table.name), source.rows(conn, table));
        if !query_named(conn, &sql, &[(":from", &app)], |r| r.get::<_, i64>(0))?.is_empty() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// What a copy made that the caller finishes: the new webhook endpoints
/// (row id, public id), whose secrets it sets.
#[derive(Debug, Default)]
pub struct Copied {
    pub webhook_endpoints: Vec<(i64, String)>,
    /// Rows copied per table (tables with none left out).
    pub rows: Vec<(&'static str, usize)>,
}

/// The application a world is copied into (it exists, its clock set).
#[derive(Debug, Clone, Copy)]
pub struct Target {
    pub application_id: i64,
    pub partner_id: i64,
}

/// Copies the source's world into `to`, renaming every public id by `ids`
/// (original → new; it must hold every id [`world_ids`] answers). Pending
/// moves run by `to`'s clock. Webhook endpoints are copied without their
/// secrets: the caller sets new ones before the write commits.
pub fn copy(
    conn: &Conn<'_>,
    source: Source,
    to: Target,
    ids: Arc<HashMap<String, String>>,
) -> Result<Copied, ApiError> {
    let _lent = lend(conn, ids)?;
    let pg = postgres(conn);
    let into = |name: &str| Source::Application(to.application_id).table(conn, name);
    // Foreign keys are checked as each table is copied ([`COPIED`] puts
    // parents first). `PRAGMA defer_foreign_keys` would have saved nothing
    // and cost much: like every flag pragma, it expires every statement the
    // connection has compiled. On PostgreSQL the new rows' ids start at
    // the identity's next value, never one given out before.
    let mut shift = HashMap::new();
    for table in COPIED {
        let base = match pg {
            false => format!(
                "COALESCE(MAX(id), 0) + 1 - COALESCE((SELECT MIN(id) FROM {} WHERE {}), 0) FROM {}",
                source.table(conn, table.name),
                source.rows(conn, table),
                into(table.name)
            ),
            true => format!(
                "nextval(pg_get_serial_sequence('{}', 'id')) - COALESCE((SELECT MIN(id) FROM {} WHERE {}), 0)",
                table.name,
                source.table(conn, table.name),
                source.rows(conn, table)
            ),
        };
        let delta = query_named(conn, &format!("SELECT {base}"), &[(":from", &source.app())], |r| r.get::<_, i64>(0))?;
        shift.insert(table.name, delta.first().copied().unwrap_or(0));
    }
    let function = |name: &str| if pg { format!("pg_temp.{name}") } else { name.to_owned() };
    let mut copied = Copied::default();
    for table in COPIED {
        let typed = columns_of(conn, source, table)?;
        let columns: Vec<String> = typed.iter().map(|(c, _)| c.clone()).collect();
        // The shifts are parameters (`:shift_{table}`), so the statement's
        // text is the same at every fork and compiles once per connection.
        let values: Vec<String> = typed
            .iter()
            .map(|(column, declared)| match (column.as_str(), table.columns.iter().find(|(c, _)| c == column)) {
                ("id", _) => format!("id + :shift_{}", table.name),
                ("application_id", _) => "CAST(:to AS BIGINT)".to_owned(),
                ("partner_id", _) => "CAST(:partner AS BIGINT)".to_owned(),
                (_, Some((_, Column::Row(target)))) => format!("{column} + :shift_{target}"),
                (_, Some((_, Column::Id))) => format!("{}({column})", function("fork_id")),
                (_, Some((_, Column::Text))) => format!("{}({column})", function("fork_text")),
                (_, Some((_, Column::Secret))) if is_blob(declared) => {
                    if pg { "CAST('' AS BYTEA)" } else { "x''" }.to_owned()
                }
                (_, Some((_, Column::Secret))) => "''".to_owned(),
                (_, Some((_, Column::RunsAt))) => {
                    format!(
                        "due_at - (SELECT clock_offset_millis FROM {} WHERE id = CAST(:to AS BIGINT))",
                        into("applications")
                    )
                }
                _ => column.clone(),
            })
            .collect();
        // In the order the rows are found: each is given its id, and
        // sorting them by it first took a tenth of the copy.
        let sql = format!(
            "INSERT INTO {} ({}) SELECT {} FROM {} WHERE {}",
            into(table.name),
            columns.join(", "),
            values.join(", "),
            source.table(conn, table.name),
            source.rows(conn, table)
        );
        let shifts: Vec<(String, i64)> = shift.iter().map(|(name, delta)| (format!(":shift_{name}"), *delta)).collect();
        let from = source.app();
        let mut named: Vec<(&str, &dyn ToSql)> =
            vec![(":from", &from), (":to", &to.application_id), (":partner", &to.partner_id)];
        named.extend(shifts.iter().map(|(name, delta)| (name.as_str(), delta as &dyn ToSql)));
        let n = execute_named(conn, &sql, &named).map_err(|e| match source {
            // A snapshot's row the schema refuses (a missing value, a state
            // outside its vocabulary): the document's fault.
            Source::Staged if e.kind() != sql::ErrorKind::Unavailable => ApiError::invalid_field(
                "tables",
                "invalid",
                format!("a row of {} is not valid in this version: {e}", table.name),
            ),
            _ => ApiError::from(e),
        })?;
        if n > 0 {
            copied.rows.push((table.name, n));
            if pg {
                // The identity goes on past the rows given ids here.
                conn.query_row(
                    &format!(
                        "SELECT setval(pg_get_serial_sequence('{0}', 'id'), (SELECT MAX(id) FROM {0}))",
                        table.name
                    ),
                    (),
                    |r| r.get::<_, i64>(0),
                )?;
            }
        }
    }
    copied.webhook_endpoints = conn
        .prepare_cached("SELECT id, public_id FROM webhook_endpoints WHERE application_id = ?1 ORDER BY id")?
        .query_map([to.application_id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    Ok(copied)
}

/// Whether a column's declared type holds bytes.
fn is_blob(declared: &str) -> bool {
    declared.eq_ignore_ascii_case("BLOB") || declared.eq_ignore_ascii_case("bytea")
}

/// The columns (name, declared type) of table `name` of the database, in
/// their order.
fn table_columns(conn: &Conn<'_>, name: &str) -> Result<Vec<(String, String)>, ApiError> {
    let sql = match postgres(conn) {
        false => "SELECT name, type FROM pragma_table_info(?1) ORDER BY cid",
        true => {
            "SELECT CAST(column_name AS TEXT), CAST(data_type AS TEXT) FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = ?1 ORDER BY ordinal_position"
        }
    };
    Ok(conn.prepare_cached(sql)?.query_map([name], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?)
}

/// The columns (name, declared type) a source's table has: all of the
/// schema's for an application; for staged rows, those the snapshot gave
/// and those the loading sandbox sets (the others take their defaults).
fn columns_of(conn: &Conn<'_>, source: Source, table: &Table) -> Result<Vec<(String, String)>, ApiError> {
    let all = table_columns(conn, table.name)?;
    if let Source::Application(_) = source {
        return Ok(all);
    }
    let given = snapshot_columns(conn, table)?;
    let staged: Vec<String> = conn
        .prepare(&format!("SELECT name FROM {} WHERE tbl = ?1", Source::Staged.table(conn, "columns")))?
        .query_map([table.name], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(all.into_iter().filter(|(c, _)| !given.contains(c) || staged.contains(c)).collect())
}

/// Columns a snapshot leaves out as the loading sandbox sets them.
pub const IMPLICIT: &[&str] = &["application_id", "partner_id"];

/// The columns of `table` a snapshot holds: every column but the implicit
/// ones and secrets.
pub fn snapshot_columns(conn: &Conn<'_>, table: &Table) -> Result<Vec<String>, ApiError> {
    Ok(table_columns(conn, table.name)?
        .into_iter()
        .map(|(c, _)| c)
        .filter(|c| {
            !IMPLICIT.contains(&c.as_str())
                && !table
                    .columns
                    .iter()
                    .any(|(name, kind)| name == c && matches!(kind, Column::Secret | Column::RunsAt))
        })
        .collect())
}

/// A table's rows as a snapshot holds them: its columns, and each row's
/// values in their order, by row id.
#[derive(Debug, Clone)]
pub struct TableRows {
    pub table: &'static str,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

/// Application `app`'s world as [`TableRows`], table by table in
/// [`COPIED`] order (tables without rows included).
pub fn world_rows(conn: &Conn<'_>, app: i64) -> Result<Vec<TableRows>, ApiError> {
    let source = Source::Application(app);
    let mut out = Vec::new();
    for table in COPIED {
        let columns = snapshot_columns(conn, table)?;
        let sql = format!(
            "SELECT {} FROM {} WHERE {} ORDER BY id",
            columns.join(", "),
            source.table(conn, table.name),
            source.rows(conn, table)
        );
        let n = columns.len();
        let rows = query_named(conn, &sql, &[(":from", &app)], |r| (0..n).map(|i| r.get::<_, Value>(i)).collect())?;
        out.push(TableRows { table: table.name, columns, rows });
    }
    Ok(out)
}

/// Puts a snapshot's rows in temporary tables, the [`Source::Staged`] of
/// a copy; tables left out are empty. A column the table does not have is
/// refused, and so is a row id that names no staged row.
pub fn stage(conn: &Conn<'_>, tables: &[TableRows]) -> Result<(), ApiError> {
    unstage(conn)?;
    let staged = |name: &str| Source::Staged.table(conn, name);
    conn.execute_batch("CREATE TEMP TABLE staged_columns (tbl TEXT NOT NULL, name TEXT NOT NULL)")?;
    for table in COPIED {
        let original = Source::Application(0).table(conn, table.name);
        conn.execute_batch(&format!(
            "CREATE TEMP TABLE staged_{} AS SELECT * FROM {original} WHERE 1 = 0",
            table.name
        ))?;
    }
    for given in tables {
        let table = COPIED.iter().find(|t| t.name == given.table).ok_or_else(|| {
            ApiError::invalid_field("tables", "invalid", format!("{} is not a table of a world", given.table))
        })?;
        let known = snapshot_columns(conn, table)?;
        if !given.columns.iter().any(|c| c == "id") {
            return Err(ApiError::invalid_field("tables", "invalid", format!("{} has no id column", given.table)));
        }
        if let Some(unknown) = given.columns.iter().find(|c| !known.contains(c)) {
            return Err(ApiError::invalid_field(
                "tables",
                "invalid",
                format!("{} has no column {unknown} in this version", given.table),
            ));
        }
        for column in &given.columns {
            conn.execute(
                &format!("INSERT INTO {} (tbl, name) VALUES (?1, ?2)", staged("columns")),
                [table.name, column],
            )?;
        }
        let has_app = table_columns(conn, table.name)?.iter().any(|(c, _)| c == "application_id");
        let mut columns = given.columns.clone();
        if has_app {
            columns.push("application_id".to_owned());
        }
        let sql = format!(
            "INSERT INTO {} ({}) VALUES ({})",
            staged(table.name),
            columns.join(", "),
            (1..=columns.len()).map(|i| format!("?{i}")).collect::<Vec<_>>().join(", ")
        );
        let mut insert = conn.prepare(&sql)?;
        for row in &given.rows {
            if row.len() != given.columns.len() {
                return Err(ApiError::invalid_field(
                    "tables",
                    "invalid",
                    format!("a row of {} has {} values for {} columns", given.table, row.len(), given.columns.len()),
                ));
            }
            let mut values: Vec<&dyn ToSql> = row.iter().map(|v| v as &dyn ToSql).collect();
            if has_app {
                values.push(&0i64);
            }
            // PostgreSQL's staged tables are typed: a value of the wrong
            // type is refused here (SQLite's, when copied).
            insert.execute(values.as_slice()).map_err(|e| match e.kind() {
                sql::ErrorKind::Unavailable => ApiError::from(e),
                _ => ApiError::invalid_field(
                    "tables",
                    "invalid",
                    format!("a row of {} is not valid in this version: {e}", given.table),
                ),
            })?;
        }
    }
    // Every reference within the world names a row of it.
    for table in COPIED {
        for (column, kind) in table.columns {
            let Column::Row(target) = kind else { continue };
            let dangling: Option<i64> = conn
                .query_row(
                    &format!(
                        "SELECT {column} FROM {} WHERE {column} IS NOT NULL
                         AND {column} NOT IN (SELECT id FROM {}) LIMIT 1",
                        staged(table.name),
                        staged(target)
                    ),
                    (),
                    |r| r.get(0),
                )
                .optional()?;
            if let Some(id) = dangling {
                return Err(ApiError::invalid_field(
                    "tables",
                    "invalid",
                    format!("{}.{column} names row {id} of {target}, which the snapshot does not hold", table.name),
                ));
            }
        }
    }
    Ok(())
}

/// Drops the staged tables.
pub fn unstage(conn: &Conn<'_>) -> Result<(), ApiError> {
    conn.execute_batch(&format!("DROP TABLE IF EXISTS {}", Source::Staged.table(conn, "columns")))?;
    for table in COPIED {
        conn.execute_batch(&format!("DROP TABLE IF EXISTS {}", Source::Staged.table(conn, table.name)))?;
    }
    Ok(())
}

/// Rows of application `app` outside its world (its history and its
/// keys), deleted with it: (table, which rows). `:app` is its row id,
/// `:scope` its idempotency scope.
const HISTORY: &[(&str, &str)] = &[
    (
        "webhook_attempts",
        "delivery_id IN (SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
                         WHERE e.application_id = :app)",
    ),
    (
        "webhook_deliveries",
        "endpoint_id IN (SELECT id FROM webhook_endpoints WHERE application_id = :app)
         OR event_id IN (SELECT id FROM events WHERE application_id = :app)",
    ),
    ("request_log_exchanges", "log_id IN (SELECT id FROM request_logs WHERE application_id = :app)"),
    ("request_logs", "application_id = :app"),
    ("idempotency_keys", "scope = :scope"),
    ("api_keys", "application_id = :app"),
];

/// Deletes application `app` (row id; `scope` its idempotency scope) and
/// everything of it: its world ([`COPIED`]), its history and keys, and the
/// application itself. Answers the rows deleted per table (tables with
/// none left out).
pub fn delete(conn: &Conn<'_>, app: i64, scope: &str) -> Result<Vec<(&'static str, usize)>, ApiError> {
    // Children go before their parents, so foreign keys hold after each
    // statement (see `copy` on deferring them). Tables are named bare (no
    // `main.`), so this runs on either backend.
    let mut deleted = Vec::new();
    let mut run = |table: &'static str, rows: &str| -> Result<(), ApiError> {
        let n = if rows.contains(":scope") {
            conn.execute(&format!("DELETE FROM {table} WHERE {}", rows.replace(":scope", "?1")), [scope])?
        } else {
            conn.execute(
                &format!("DELETE FROM {table} WHERE {}", rows.replace(":from", "?1").replace(":app", "?1")),
                [app],
            )?
        };
        if n > 0 {
            deleted.push((table, n));
        }
        Ok(())
    };
    for (table, rows) in HISTORY {
        run(table, rows)?;
    }
    // Rows that find theirs through another table (postings, markups) go
    // before that table's.
    for table in COPIED.iter().rev() {
        let rows =
            COPIED.iter().fold(table.rows.to_owned(), |rows, t| rows.replace(&format!("{{{}}}", t.name), t.name));
        run(table.name, &rows)?;
    }
    run("applications", "id = :app")?;
    Ok(deleted)
}

/// How many TEST applications partner `partner_id` holds.
pub fn test_applications(conn: &Conn<'_>, partner_id: i64) -> Result<i64, ApiError> {
    Ok(conn.query_row(
        "SELECT COUNT(*) FROM applications WHERE partner_id = ?1 AND environment = 'TEST'",
        [partner_id],
        |r| r.get(0),
    )?)
}

thread_local! {
    /// The ids of the copy running on this thread (the writer's), which
    /// `fork_id` and `fork_text` read.
    static LENT: std::cell::RefCell<Option<Arc<HashMap<String, String>>>> = const { std::cell::RefCell::new(None) };
}

/// Lends `ids` to `fork_id(id)` and `fork_text(text)`, the copy's
/// statements' functions, until the answer is dropped: each renames by
/// the ids lent on this thread, and leaves its argument as it is when none
/// are. They are registered on a connection once and never removed:
/// replacing or removing a function expires every statement the
/// connection has compiled (the writer's whole cache, compiled again by
/// the requests after each fork, and the copy's own cached statements).
fn lend(conn: &Conn<'_>, ids: Arc<HashMap<String, String>>) -> sql::Result<Lent> {
    let Some(conn) = conn.sqlite() else {
        lend_postgres(conn, &ids)?;
        return Ok(Lent);
    };
    let registered: bool = conn.query_row_cached(
        "SELECT EXISTS (SELECT 1 FROM pragma_function_list WHERE name = 'fork_text')",
        [],
        |r| r.get(0),
    )?;
    if !registered {
        // Not deterministic: what they answer depends on the ids lent.
        let flags = FunctionFlags::SQLITE_UTF8;
        conn.create_scalar_function("fork_id", 1, flags, |ctx| Ok(renamed(ctx, |id, ids| ids.get(id).cloned())))?;
        conn.create_scalar_function("fork_text", 1, flags, |ctx| {
            // Most are a whole id (a resource a row is about).
            Ok(renamed(ctx, |text, ids| ids.get(text).cloned().or_else(|| replace_ids(text, ids))))
        })?;
    }
    LENT.set(Some(ids));
    Ok(Lent)
}

/// PostgreSQL's `pg_temp.fork_id` and `pg_temp.fork_text`, the same
/// renaming as [`replace_ids`] in SQL over a temporary table of the ids,
/// made in the copy's transaction (a rolled-back copy leaves nothing).
fn lend_postgres(conn: &Conn<'_>, ids: &HashMap<String, String>) -> sql::Result<()> {
    conn.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS fork_ids (old TEXT PRIMARY KEY, new TEXT NOT NULL);
         TRUNCATE pg_temp.fork_ids;
         CREATE OR REPLACE FUNCTION pg_temp.fork_id(t TEXT) RETURNS TEXT LANGUAGE sql STABLE AS
             $$ SELECT COALESCE((SELECT new FROM pg_temp.fork_ids WHERE old = t), t) $$;
         CREATE OR REPLACE FUNCTION pg_temp.fork_text(t TEXT) RETURNS TEXT LANGUAGE sql STABLE AS $$
             SELECT COALESCE(
                 (SELECT new FROM pg_temp.fork_ids WHERE old = t),
                 (SELECT string_agg(COALESCE(CASE WHEN length(m[1]) >= 32
                                                  THEN (SELECT new FROM pg_temp.fork_ids WHERE old = m[1]) END,
                                             m[1]), '' ORDER BY n)
                  FROM regexp_matches(t, '[A-Za-z0-9_-]+|[^A-Za-z0-9_-]+', 'g') WITH ORDINALITY AS runs(m, n)),
                 t)
         $$;",
    )?;
    let pairs: Vec<(&String, &String)> = ids.iter().collect();
    for chunk in pairs.chunks(500) {
        let rows: Vec<String> = (0..chunk.len()).map(|i| format!("(?{}, ?{})", 2 * i + 1, 2 * i + 2)).collect();
        let values: Vec<&dyn ToSql> =
            chunk.iter().flat_map(|(old, new)| [*old as &dyn ToSql, *new as &dyn ToSql]).collect();
        conn.execute(
            &format!("INSERT INTO pg_temp.fork_ids (old, new) VALUES {}", rows.join(", ")),
            values.as_slice(),
        )?;
    }
    Ok(())
}

/// What `rename` makes of a function's text argument with the ids lent on
/// this thread; the argument itself, handed back as SQLite holds it, when
/// that is nothing (no ids lent, no id in it, NULL).
fn renamed(
    ctx: &Context<'_>,
    rename: impl FnOnce(&str, &HashMap<String, String>) -> Option<String>,
) -> ToSqlOutput<'static> {
    let new = match ctx.get_raw(0) {
        ValueRef::Text(text) => std::str::from_utf8(text)
            .ok()
            .and_then(|text| LENT.with_borrow(|ids| ids.as_deref().and_then(|ids| rename(text, ids)))),
        _ => None,
    };
    new.map_or(ToSqlOutput::Arg(0), |new| ToSqlOutput::Owned(Value::Text(new)))
}

/// Ids lent to the functions; taken back when dropped.
struct Lent;

impl Drop for Lent {
    fn drop(&mut self) {
        LENT.set(None);
    }
}

/// `text` with every id of `ids` in it replaced (ids are whole runs of
/// letters, digits, `-` and `_`, as in JSON strings or paths); `None` when
/// it holds none.
pub fn replace_ids(text: &str, ids: &HashMap<String, String>) -> Option<String> {
    let is_id_char = |c: u8| c.is_ascii_alphanumeric() || c == b'-' || c == b'_';
    let mut out: Option<String> = None;
    let mut copied_to = 0;
    let mut start = None;
    // Bytes, not chars: an id is ASCII, so a run of its bytes starts and
    // ends on a char boundary.
    for (i, c) in text.bytes().enumerate().chain(std::iter::once((text.len(), b' '))) {
        match (is_id_char(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                start = None;
                // Ids are 36 characters or more; shorter runs are words.
                if i - s >= 32
                    && let Some(new) = ids.get(&text[s..i])
                {
                    let out = out.get_or_insert_with(|| String::with_capacity(text.len()));
                    out.push_str(&text[copied_to..s]);
                    out.push_str(new);
                    copied_to = i;
                }
            }
            _ => {}
        }
    }
    out.map(|mut out| {
        out.push_str(&text[copied_to..]);
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_is_copied_or_said_not_to_be() {
        let mut conn = Connection::open_in_memory().unwrap();
        crate::db::migrations().to_latest(&mut conn).unwrap();
        let tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        for table in &tables {
            let copied = COPIED.iter().any(|t| t.name == table);
            let left = NOT_COPIED.iter().any(|(t, _)| t == table);
            assert!(copied != left, "{table} must be in exactly one of COPIED and NOT_COPIED");
        }
        assert_eq!(tables.len(), COPIED.len() + NOT_COPIED.len());
    }

    fn migrated() -> Connection {
        let mut conn = Connection::open_in_memory().unwrap();
        crate::db::migrations().to_latest(&mut conn).unwrap();
        conn
    }

    /// Deleting a row checks the rows that may refer to it; without an
    /// index led by the referring column, each deleted row scans the whole
    /// referring table, every application's rows (deleting a fork of
    /// 10,000 customers held the writer for seconds).
    #[test]
    fn every_reference_to_a_deleted_row_is_found_by_an_index() {
        let conn = migrated();
        // Rows of these are never deleted.
        let kept = ["partners", "users"];
        let references: Vec<(String, String, String)> = conn
            .prepare(
                "SELECT m.name, f.\"from\", f.\"table\" FROM sqlite_master m, pragma_foreign_key_list(m.name) f
                 WHERE m.type = 'table'",
            )
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let mut unindexed = Vec::new();
        for (table, column, parent) in references.iter().filter(|(_, _, parent)| !kept.contains(&parent.as_str())) {
            let led: bool = conn
                .query_row(
                    "SELECT EXISTS (SELECT 1 FROM pragma_index_list(?1) l, pragma_index_info(l.name) i
                     WHERE l.partial = 0 AND i.seqno = 0 AND i.name = ?2)
                     OR EXISTS (SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2 AND pk = 1)",
                    [table, column],
                    |r| r.get(0),
                )
                .unwrap();
            if !led {
                unindexed.push(format!("{table}.{column} -> {parent}"));
            }
        }
        assert!(unindexed.is_empty(), "references without an index: {unindexed:?}");
    }

    /// A fork, a snapshot and a deletion find one application's rows of
    /// each table through an index, never by reading every application's.
    #[test]
    fn a_world_is_found_without_reading_other_worlds() {
        let conn = migrated();
        let source = Source::Application(1);
        for table in COPIED {
            let sql = format!("SELECT * FROM main.{} WHERE {}", table.name, source.rows(&(&conn).into(), table));
            let plan: Vec<String> = conn
                .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
                .unwrap()
                .query_map(rusqlite::named_params! {":from": 1}, |r| r.get(3))
                .unwrap()
                .map(Result::unwrap)
                .collect();
            assert!(!plan.iter().any(|step| step.starts_with("SCAN")), "{sql}: {plan:?}");
        }
    }

    #[test]
    fn named_parameters_become_positional_in_order_of_first_use() {
        let (from, to) = (7i64, 9i64);
        let named: &Named<'_> = &[(":to", &to), (":from", &from)];
        let (text, values) = positional("SELECT :from, CAST(:to AS BIGINT), x::text, :from, :unknown FROM t", named);
        assert_eq!(text, "SELECT ?1, CAST(?2 AS BIGINT), x::text, ?1, :unknown FROM t", "a name not given is left");
        let values: Vec<rusqlite::types::ToSqlOutput<'_>> = values.iter().map(|v| v.to_sql().unwrap()).collect();
        assert_eq!(values, [7i64.to_sql().unwrap(), 9i64.to_sql().unwrap()]);
    }

    #[test]
    fn ids_are_replaced_only_where_whole() {
        let a = "txn_0193a0b0c0d0e0f00112233445566778";
        let b = "0193a0b0-c0d0-7e0f-8011-223344556677";
        let ids = HashMap::from([(a.to_owned(), "txn_NEW".to_owned()), (b.to_owned(), "NEWUUID".to_owned())]);
        let text = format!(r#"{{"id":"{a}","customer_id":"{b}","note":"x{a}","path":"/v1/x/{b}"}}"#);
        assert_eq!(
            replace_ids(&text, &ids).unwrap(),
            format!(r#"{{"id":"txn_NEW","customer_id":"NEWUUID","note":"x{a}","path":"/v1/x/NEWUUID"}}"#)
        );
        assert_eq!(replace_ids("no ids here", &ids), None);
        assert_eq!(replace_ids(a, &ids).unwrap(), "txn_NEW");
    }
}
