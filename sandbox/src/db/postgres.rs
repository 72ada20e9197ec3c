//! PostgreSQL speaking SQLite's values, so the store's statements and every
//! type's `ToSql`/`FromSql` (rusqlite's traits, under the domain's `sql`
//! feature) serve both backends unchanged.
//!
//! - [`placeholders`] turns SQLite's `?`/`?N` parameters into PostgreSQL's
//!   `$N`, outside literals, quoted names and comments.
//! - [`Param`] sends one SQLite value as whatever type PostgreSQL inferred
//!   for its parameter (an integer into `INT2`/`INT4`/`INT8` with its range
//!   checked, or `BOOL`; text into the text types; a blob into `BYTEA`), and
//!   refuses a value of another kind rather than converting it.
//! - [`Cell`] reads any column of those types back as a SQLite value.
//! - [`schema`] writes SQLite's schema (the baseline's `CREATE` statements)
//!   in PostgreSQL's words, so the two backends have one schema to keep;
//!   [`migrate`] brings a database to it, once however many processes
//!   start on it at the same moment.
//!
//! SQLite keeps a column's value of any type; PostgreSQL's schema fixes it,
//! so the one place a mismatch can show is here, as an error naming both.

use std::borrow::Cow;
use std::error::Error;

use postgres::types::{FromSql, IsNull, ToSql, Type, to_sql_checked};
use rusqlite::types::{ToSqlOutput, Value, ValueRef};

type BoxError = Box<dyn Error + Sync + Send>;

/// `sql` with SQLite's parameters written as PostgreSQL's. `?N` becomes
/// `$N`; a bare `?` takes one more than the largest number so far, as
/// SQLite numbers it. Text inside `'…'`, `"…"`, `-- …` and `/* … */` is
/// left alone.
pub fn placeholders(sql: &str) -> Cow<'_, str> {
    if !sql.contains('?') {
        return Cow::Borrowed(sql);
    }
    let bytes = sql.as_bytes();
    let mut out = String::with_capacity(sql.len() + 8);
    let mut largest = 0u32;
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            quote @ (b'\'' | b'"') => i = closing(bytes, i + 1, |b, j| b[j] == quote && b.get(j + 1) != Some(&quote)),
            b'-' if bytes.get(i + 1) == Some(&b'-') => i = closing(bytes, i + 2, |b, j| b[j] == b'\n'),
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = closing(bytes, i + 2, |b, j| b[j] == b'/' && j > 0 && b[j - 1] == b'*')
            }
            b'?' => {
                let digits = bytes[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
                let number =
                    if digits == 0 { largest + 1 } else { sql[i + 1..i + 1 + digits].parse().unwrap_or(u32::MAX) };
                largest = largest.max(number);
                out.push_str(&sql[copied..i]);
                out.push('$');
                out.push_str(&number.to_string());
                i += 1 + digits;
                copied = i;
            }
            _ => i += 1,
        }
    }
    out.push_str(&sql[copied..]);
    Cow::Owned(out)
}

/// The index just past the first `j >= from` where `end(bytes, j)` holds
/// (the end of the text when none does).
fn closing(bytes: &[u8], from: usize, end: impl Fn(&[u8], usize) -> bool) -> usize {
    let mut j = from;
    while j < bytes.len() {
        if end(bytes, j) {
            // A doubled quote inside a literal is one quote: step over both.
            return j + 1;
        }
        if (bytes[j] == b'\'' || bytes[j] == b'"') && bytes.get(j + 1) == Some(&bytes[j]) {
            j += 2;
            continue;
        }
        j += 1;
    }
    bytes.len()
}

/// One statement parameter: a SQLite value, sent as the type PostgreSQL
/// inferred for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Param(pub Value);

impl Param {
    /// The value a rusqlite parameter would bind.
    pub fn from_sqlite(value: &dyn rusqlite::ToSql) -> rusqlite::Result<Self> {
        Ok(Param(match value.to_sql()? {
            ToSqlOutput::Borrowed(v) => owned(v),
            ToSqlOutput::Owned(v) => v,
            other => {
                return Err(rusqlite::Error::ToSqlConversionFailure(
                    format!("{other:?} has no PostgreSQL parameter").into(),
                ));
            }
        }))
    }
}

fn owned(value: ValueRef<'_>) -> Value {
    match value {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Integer(i),
        ValueRef::Real(r) => Value::Real(r),
        ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
        ValueRef::Blob(b) => Value::Blob(b.to_vec()),
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Integer(_) => "an integer",
        Value::Real(_) => "a real",
        Value::Text(_) => "a text",
        Value::Blob(_) => "a blob",
    }
}

impl ToSql for Param {
    fn to_sql(&self, ty: &Type, out: &mut bytes::BytesMut) -> Result<IsNull, BoxError> {
        match (&self.0, ty) {
            (Value::Null, _) => Ok(IsNull::Yes),
            (Value::Integer(i), &Type::INT8) => i.to_sql(ty, out),
            (Value::Integer(i), &Type::INT4) => i32::try_from(*i)?.to_sql(ty, out),
            (Value::Integer(i), &Type::INT2) => i16::try_from(*i)?.to_sql(ty, out),
            (Value::Integer(i), &Type::BOOL) if *i == 0 || *i == 1 => (*i == 1).to_sql(ty, out),
            (Value::Real(r), &Type::FLOAT8) => r.to_sql(ty, out),
            (Value::Text(s), &Type::TEXT | &Type::VARCHAR | &Type::BPCHAR | &Type::NAME | &Type::UNKNOWN) => {
                s.as_str().to_sql(ty, out)
            }
            (Value::Blob(b), &Type::BYTEA) => b.as_slice().to_sql(ty, out),
            (value, ty) => Err(format!("{} value for a parameter of type {ty}", kind(value)).into()),
        }
    }

    fn accepts(ty: &Type) -> bool {
        Cell::accepts(ty)
    }

    to_sql_checked!();
}

/// One column's value, read back as SQLite would hold it.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell(pub Value);

impl Cell {
    /// The value as rusqlite's `FromSql` reads it.
    pub fn as_ref(&self) -> ValueRef<'_> {
        ValueRef::from(&self.0)
    }
}

impl<'a> FromSql<'a> for Cell {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
        Ok(Cell(match *ty {
            Type::INT8 => Value::Integer(i64::from_sql(ty, raw)?),
            Type::INT4 => Value::Integer(i32::from_sql(ty, raw)?.into()),
            Type::INT2 => Value::Integer(i16::from_sql(ty, raw)?.into()),
            Type::BOOL => Value::Integer(bool::from_sql(ty, raw)?.into()),
            Type::FLOAT8 => Value::Real(f64::from_sql(ty, raw)?),
            Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN => {
                Value::Text(String::from_sql(ty, raw)?)
            }
            Type::BYTEA => Value::Blob(raw.to_vec()),
            _ => return Err(format!("a column of type {ty} has no SQLite value").into()),
        }))
    }

    fn from_sql_null(_: &Type) -> Result<Self, BoxError> {
        Ok(Cell(Value::Null))
    }

    fn accepts(ty: &Type) -> bool {
        matches!(
            *ty,
            Type::INT8
                | Type::INT4
                | Type::INT2
                | Type::BOOL
                | Type::FLOAT8
                | Type::TEXT
                | Type::VARCHAR
                | Type::BPCHAR
                | Type::NAME
                | Type::UNKNOWN
                | Type::BYTEA
        )
    }
}

/// SQLite's `CREATE TABLE`/`CREATE INDEX` statements as PostgreSQL's:
/// `INTEGER` is `BIGINT` (and `INTEGER PRIMARY KEY` an identity column, as
/// SQLite assigns it), `BLOB` is `BYTEA`, `STRICT` goes (PostgreSQL's
/// columns are always typed), and a case-blind uniqueness (`UNIQUE COLLATE
/// NOCASE`, or `col COLLATE NOCASE` inside `UNIQUE (…)`) becomes a unique
/// index on `lower(col)`. Foreign keys are `DEFERRABLE` (checked at each
/// statement, as SQLite's are, unless a transaction defers them, as a reset
/// does). Comments are dropped.
pub fn schema(sqlite: &str) -> String {
    let without_comments: String =
        sqlite.lines().map(|line| line.find("--").map_or(line, |at| &line[..at])).collect::<Vec<_>>().join("\n");
    let mut out = String::new();
    // SQLite lets a column name a table made later; PostgreSQL wants the
    // table first, so foreign keys are added once every table exists.
    let mut foreign_keys = Vec::new();
    for statement in without_comments.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let mut indexes = Vec::new();
        let table =
            statement.strip_prefix("CREATE TABLE ").and_then(|rest| rest.split_whitespace().next()).map(str::to_owned);
        let mut text = statement.trim_end_matches("STRICT").trim_end().to_owned();
        if let Some(table) = &table {
            let mut lines = Vec::new();
            for line in text.lines() {
                let trimmed = line.trim_start();
                if let Some(inner) = trimmed.strip_prefix("UNIQUE (").filter(|_| trimmed.contains("COLLATE NOCASE")) {
                    let closes_table = trimmed.trim_end().ends_with("))");
                    let columns: Vec<String> = inner
                        .trim_end()
                        .trim_end_matches([',', ')'])
                        .split(',')
                        .map(|c| match c.trim().strip_suffix(" COLLATE NOCASE") {
                            Some(name) => format!("lower({})", name.trim()),
                            None => c.trim().to_owned(),
                        })
                        .collect();
                    let name: String = columns
                        .iter()
                        .map(|c| c.trim_start_matches("lower(").trim_end_matches(')'))
                        .collect::<Vec<_>>()
                        .join("_");
                    indexes.push(format!(
                        "CREATE UNIQUE INDEX {table}_{name}_nocase ON {table} ({});",
                        columns.join(", ")
                    ));
                    // The constraint's line goes; the line before it keeps no dangling comma.
                    if let Some(before) = lines.last_mut().filter(|l: &&mut String| l.trim_end().ends_with(',')) {
                        let at = before.rfind(',').expect("ends with a comma");
                        before.replace_range(at..=at, "");
                    }
                    if closes_table {
                        lines.push(")".to_owned());
                    }
                    continue;
                }
                let mut line = line.to_owned();
                if let Some(at) = line.find(" REFERENCES ") {
                    let column = trimmed.trim_start_matches([',', ' ']).split_whitespace().next().unwrap_or_default();
                    let target = &line[at + " REFERENCES ".len()..];
                    let mut end = target.find(')').map_or(target.len(), |i| i + 1);
                    if target[end..].starts_with(" ON DELETE CASCADE") {
                        end += " ON DELETE CASCADE".len();
                    }
                    foreign_keys.push(format!(
                        "ALTER TABLE {table} ADD FOREIGN KEY ({column}) REFERENCES {} DEFERRABLE;",
                        &target[..end]
                    ));
                    line = format!("{}{}", &line[..at], &target[end..]);
                }
                if line.contains("UNIQUE COLLATE NOCASE") {
                    let column = trimmed.split_whitespace().next().unwrap_or_default().trim_start_matches(',');
                    indexes.push(format!("CREATE UNIQUE INDEX {table}_{column}_nocase ON {table} (lower({column}));"));
                    line = line.replace(" UNIQUE COLLATE NOCASE", "");
                }
                lines.push(line);
            }
            text = lines.join("\n");
        }
        let text = words(&text);
        out.push_str(&text);
        out.push_str(";\n");
        for index in indexes {
            out.push_str(&index);
            out.push('\n');
        }
    }
    for foreign_key in foreign_keys {
        out.push_str(&foreign_key);
        out.push('\n');
    }
    out
}

/// The advisory locks payctl takes on PostgreSQL. Each is taken in the
/// space of the schema the connection works in (its second key is
/// `hashtext(current_schema())`), so that sandboxes in two schemas of one
/// database never wait for each other.
#[derive(Debug, Clone, Copy)]
pub enum Lock {
    /// Held while a process migrates: processes that start together wait
    /// for the first, then find its work done.
    Migration = 1,
    /// Taken by every write transaction first (see [`super::pg_writer`]).
    Write = 2,
    /// Held (for its session) by the one process that sends webhook
    /// deliveries (see [`super::hosted::hold_dispatch`]).
    Dispatch = 3,
}

impl Lock {
    /// The lock's first key: "pay" and its number.
    pub fn key(self) -> i32 {
        0x7061_7900 | self as i32
    }

    /// Takes the lock until the transaction ends (waiting for it).
    pub const FOR_TRANSACTION: &str = "SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))";
    /// Takes the lock for the session if it is free; answers whether it did.
    pub const TRY_FOR_SESSION: &str = "SELECT pg_try_advisory_lock($1, hashtext(current_schema()))";
}

/// The schema versions after the baseline, in PostgreSQL's words: (the
/// version it makes, its SQL). None yet: the baseline is the latest
/// schema. A migration added to SQLite's list adds its form here.
const MIGRATIONS: &[(usize, &str)] = &[];

/// Brings the database `client` is connected to (its `search_path`) to the
/// latest schema, in one transaction under [`Lock::Migration`]: an empty
/// one from the baseline, an older one by the migrations it lacks. A
/// database whose schema is newer than this binary knows is refused,
/// naming both versions: a process must not write into a schema it does
/// not know. Answers the version the database had (`None`: it was empty).
pub fn migrate(client: &mut postgres::Client) -> anyhow::Result<Option<usize>> {
    use anyhow::Context;

    use super::migrations::{BASELINE, BASELINE_VERSION, LATEST_VERSION};
    let mut tx = client.transaction()?;
    tx.execute(Lock::FOR_TRANSACTION, &[&Lock::Migration.key()])?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS payctl_schema (version BIGINT NOT NULL)")?;
    let found: Option<i64> = tx.query_opt("SELECT max(version) FROM payctl_schema", &[])?.and_then(|r| r.get(0));
    let found = found.map(|v| usize::try_from(v).unwrap_or(usize::MAX));
    let from = match found {
        None => {
            tx.batch_execute(&schema(BASELINE)).context("cannot create the schema")?;
            BASELINE_VERSION
        }
        Some(v) if v > LATEST_VERSION => anyhow::bail!(
            "the database's schema is version {v}, made by a newer payctl; this payctl ({}) knows versions up to \
             {LATEST_VERSION}. Run payctl of the version that migrated it, or a later one",
            env!("CARGO_PKG_VERSION")
        ),
        Some(v) => v,
    };
    let mut version = from;
    for (to, sql) in MIGRATIONS.iter().filter(|(to, _)| *to > from) {
        tx.batch_execute(sql).with_context(|| format!("database migration to version {to} failed"))?;
        version = *to;
    }
    for (_, table) in PROCESSES_SHARE {
        tx.batch_execute(table)?;
    }
    if found != Some(version) {
        tx.execute("DELETE FROM payctl_schema", &[])?;
        tx.execute("INSERT INTO payctl_schema (version) VALUES ($1)", &[&i64::try_from(version)?])?;
    }
    tx.commit()?;
    Ok(found)
}

/// What processes share besides the sandbox's data, by table: the state
/// one process keeps in memory on SQLite. Kept out of the versioned schema
/// (nothing migrates it, snapshots and resets leave it alone), and
/// unlogged: a crash of the database server may lose it, as a process's
/// memory is lost with the process, which opens fresh windows and counts.
pub const PROCESSES_SHARE: &[(&str, &str)] = &[
    (
        "rate_windows",
        "CREATE UNLOGGED TABLE IF NOT EXISTS rate_windows (key_id BIGINT PRIMARY KEY, minute_start BIGINT NOT NULL,
             minute_count BIGINT NOT NULL, hour_start BIGINT NOT NULL, hour_count BIGINT NOT NULL)",
    ),
    (
        "login_failures",
        "CREATE UNLOGGED TABLE IF NOT EXISTS login_failures (subject TEXT PRIMARY KEY, failures BIGINT NOT NULL,
             last_at BIGINT NOT NULL, locked_until BIGINT NOT NULL);
         CREATE INDEX IF NOT EXISTS login_failures_by_age ON login_failures (last_at)",
    ),
    (
        "tool_nonces",
        "CREATE UNLOGGED TABLE IF NOT EXISTS tool_nonces (key_id BIGINT NOT NULL, nonce TEXT NOT NULL,
             forget_at BIGINT NOT NULL, PRIMARY KEY (key_id, nonce))",
    ),
    (
        "console_flashes",
        "CREATE UNLOGGED TABLE IF NOT EXISTS console_flashes (id BIGSERIAL PRIMARY KEY, session TEXT NOT NULL,
             failed BOOLEAN NOT NULL, text TEXT NOT NULL, details TEXT NOT NULL, left_at BIGINT NOT NULL);
         CREATE INDEX IF NOT EXISTS console_flashes_by_session ON console_flashes (session);
         CREATE INDEX IF NOT EXISTS console_flashes_by_age ON console_flashes (left_at)",
    ),
];

/// The column types, word by word.
fn words(statement: &str) -> String {
    statement
        .replace("INTEGER PRIMARY KEY", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
        .replace("INTEGER", "BIGINT")
        .replace("BLOB", "BYTEA")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_numbered_as_sqlite_numbers_them_outside_quoted_text() {
        assert_eq!(placeholders("SELECT 1"), "SELECT 1");
        assert_eq!(placeholders("WHERE a = ?1 AND b = ?2 OR c = ?1"), "WHERE a = $1 AND b = $2 OR c = $1");
        assert_eq!(placeholders("VALUES (?, ?, ?)"), "VALUES ($1, $2, $3)");
        assert_eq!(placeholders("WHERE a = ?3 AND b = ?"), "WHERE a = $3 AND b = $4");
        assert_eq!(
            placeholders("WHERE note = 'why?' AND \"odd?name\" = ?1 -- really?\nAND x = ? /* or ?9 */"),
            "WHERE note = 'why?' AND \"odd?name\" = $1 -- really?\nAND x = $2 /* or ?9 */"
        );
        assert_eq!(placeholders("WHERE a = 'it''s ?' AND b = ?1"), "WHERE a = 'it''s ?' AND b = $1");
    }

    #[test]
    fn parameters_become_the_type_postgresql_inferred_or_an_error_naming_both() {
        let mut out = bytes::BytesMut::new();
        assert!(Param(Value::Integer(7)).to_sql(&Type::INT4, &mut out).is_ok());
        let e = Param(Value::Integer(i64::from(i32::MAX) + 1)).to_sql(&Type::INT4, &mut out).err().unwrap();
        assert!(e.to_string().contains("out of range"), "{e}");
        let e = Param(Value::Text("7".into())).to_sql(&Type::INT8, &mut out).err().unwrap();
        assert_eq!(e.to_string(), "a text value for a parameter of type int8");
        let e = Param(Value::Integer(2)).to_sql(&Type::BOOL, &mut out).err().unwrap();
        assert_eq!(e.to_string(), "an integer value for a parameter of type bool");
        assert!(matches!(Param(Value::Null).to_sql(&Type::INT8, &mut out), Ok(IsNull::Yes)));
    }

    #[test]
    fn the_schema_in_postgresqls_words() {
        let sqlite = "-- a comment; with a semicolon\nCREATE TABLE t (\n    id INTEGER PRIMARY KEY,\n    up INTEGER REFERENCES u(id) ON DELETE CASCADE,\n    email TEXT NOT NULL UNIQUE COLLATE NOCASE,\n    owner INTEGER NOT NULL,\n    hash BLOB NOT NULL,\n    UNIQUE (owner, email COLLATE NOCASE)\n) STRICT;\n\nCREATE INDEX t_owner ON t(owner) WHERE hash IS NOT NULL;\n";
        assert_eq!(
            schema(sqlite),
            "CREATE TABLE t (\n    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,\n    up BIGINT,\n    email TEXT NOT NULL,\n    owner BIGINT NOT NULL,\n    hash BYTEA NOT NULL\n);\n\
             CREATE UNIQUE INDEX t_email_nocase ON t (lower(email));\n\
             CREATE UNIQUE INDEX t_owner_email_nocase ON t (owner, lower(email));\n\
             CREATE INDEX t_owner ON t(owner) WHERE hash IS NOT NULL;\n\
             ALTER TABLE t ADD FOREIGN KEY (up) REFERENCES u(id) ON DELETE CASCADE DEFERRABLE;\n"
        );
    }

    fn postgres() -> Option<postgres::Client> {
        let url = crate::db::postgres_url()?;
        Some(postgres::Client::connect(&url, postgres::NoTls).expect("connect"))
    }

    /// A connection whose tables go in the schema `name` (made anew when
    /// `fresh`).
    fn in_schema(url: &str, name: &str, fresh: bool) -> postgres::Client {
        let mut client = postgres::Client::connect(url, postgres::NoTls).expect("connect");
        if fresh {
            client.batch_execute(&format!("DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}")).unwrap();
        }
        client.batch_execute(&format!("SET search_path TO {name}")).unwrap();
        client
    }

    /// Four processes starting on one empty database at the same moment:
    /// one makes the schema, the others wait for it and find it made.
    #[test]
    fn processes_starting_together_migrate_once() {
        use super::super::migrations::LATEST_VERSION;
        let Some(_) = postgres() else { return };
        let url = std::env::var("PAYCTL_TEST_POSTGRES").unwrap();
        drop(in_schema(&url, "migrate_once", true));
        let start = std::sync::Arc::new(std::sync::Barrier::new(4));
        let processes: Vec<_> = (0..4)
            .map(|_| {
                let (url, start) = (url.clone(), start.clone());
                std::thread::spawn(move || {
                    let mut client = in_schema(&url, "migrate_once", false);
                    start.wait();
                    migrate(&mut client).unwrap()
                })
            })
            .collect();
        let found: Vec<Option<usize>> = processes.into_iter().map(|p| p.join().unwrap()).collect();
        assert_eq!(found.iter().filter(|f| f.is_none()).count(), 1, "one of them made the schema: {found:?}");
        assert!(found.iter().flatten().all(|&v| v == LATEST_VERSION), "{found:?}");
        let mut client = in_schema(&url, "migrate_once", false);
        let versions: Vec<i64> =
            client.query("SELECT version FROM payctl_schema", &[]).unwrap().iter().map(|r| r.get(0)).collect();
        assert_eq!(versions, [i64::try_from(LATEST_VERSION).unwrap()]);
        let customers: i64 = client.query_one("SELECT count(*) FROM customers", &[]).unwrap().get(0);
        assert_eq!(customers, 0);
        assert_eq!(migrate(&mut client).unwrap(), Some(LATEST_VERSION), "a later start finds nothing to do");
    }

    /// A database migrated by a newer payctl is refused, naming both
    /// versions, and left as it was.
    #[test]
    fn a_newer_schema_is_refused_naming_both_versions() {
        use super::super::migrations::LATEST_VERSION;
        let Some(_) = postgres() else { return };
        let url = std::env::var("PAYCTL_TEST_POSTGRES").unwrap();
        let mut client = in_schema(&url, "migrate_newer", true);
        assert_eq!(migrate(&mut client).unwrap(), None);
        let newer = i64::try_from(LATEST_VERSION + 1).unwrap();
        client.execute("UPDATE payctl_schema SET version = $1", &[&newer]).unwrap();
        let refused = migrate(&mut client).unwrap_err().to_string();
        assert!(refused.contains(&format!("version {newer}")), "{refused}");
        assert!(refused.contains(&format!("up to {LATEST_VERSION}")), "{refused}");
        let kept: i64 = client.query_one("SELECT version FROM payctl_schema", &[]).unwrap().get(0);
        assert_eq!(kept, newer);
    }

    /// The baseline in PostgreSQL's words makes the same tables with the
    /// same columns, each of the type its SQLite type stands for.
    #[test]
    fn the_baseline_makes_the_same_tables_on_postgresql() {
        let Some(mut client) = postgres() else { return };
        let mut tx = client.transaction().unwrap();
        tx.batch_execute("CREATE SCHEMA baseline_check; SET LOCAL search_path TO baseline_check").unwrap();
        tx.batch_execute(&schema(super::super::migrations::BASELINE)).unwrap();
        let mut on_postgres: Vec<(String, String, String)> = tx
            .query(
                "SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns \
                 WHERE table_schema = 'baseline_check' ORDER BY 1, 2",
                &[],
            )
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect();
        on_postgres.sort();
        let sqlite = rusqlite::Connection::open_in_memory().unwrap();
        sqlite.execute_batch(super::super::migrations::BASELINE).unwrap();
        let mut on_sqlite: Vec<(String, String, String)> = sqlite
            .prepare(
                "SELECT m.name, c.name, c.type FROM sqlite_master m, pragma_table_info(m.name) c \
                 WHERE m.type = 'table' ORDER BY 1, 2",
            )
            .unwrap()
            .query_map([], |r| {
                let ty: String = r.get(2)?;
                let ty = match ty.as_str() {
                    "INTEGER" => "bigint",
                    "TEXT" => "text",
                    "BLOB" => "bytea",
                    other => panic!("a column of type {other}"),
                };
                Ok((r.get(0)?, r.get(1)?, ty.to_owned()))
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        on_sqlite.sort();
        assert_eq!(on_postgres, on_sqlite);
    }

    /// Against a real server: `PAYCTL_TEST_POSTGRES=postgres://…` (see
    /// `.ci/hosted/postgres.sh`). Without it the test says so and passes.
    #[test]
    fn values_of_the_stores_types_round_trip_through_postgresql() {
        let Some(mut client) = postgres() else { return };
        let mut tx = client.transaction().unwrap();
        tx.batch_execute(
            "CREATE TEMPORARY TABLE t (id BIGINT PRIMARY KEY, small INTEGER, flag BOOLEAN, rate TEXT, blob BYTEA, gone TEXT)",
        )
        .unwrap();
        let rate = payctl_domain::decimal::Decimal::parse("1.0825").unwrap();
        let values: Vec<Param> =
            [&5_i64 as &dyn rusqlite::ToSql, &-3_i64, &true, &rate, &vec![0_u8, 255, 7], &Option::<String>::None]
                .into_iter()
                .map(|v| Param::from_sqlite(v).unwrap())
                .collect();
        let params: Vec<&(dyn ToSql + Sync)> = values.iter().map(|p| p as &(dyn ToSql + Sync)).collect();
        tx.execute(placeholders("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)").as_ref(), &params).unwrap();
        let row =
            tx.query_one(placeholders("SELECT * FROM t WHERE id = ?1").as_ref(), &[&Param(Value::Integer(5))]).unwrap();
        let cells: Vec<Cell> = (0..row.len()).map(|i| row.get(i)).collect();
        use rusqlite::types::FromSql as _;
        assert_eq!(i64::column_result(cells[0].as_ref()).unwrap(), 5);
        assert_eq!(i64::column_result(cells[1].as_ref()).unwrap(), -3);
        assert!(bool::column_result(cells[2].as_ref()).unwrap());
        assert_eq!(payctl_domain::decimal::Decimal::column_result(cells[3].as_ref()).unwrap(), rate);
        assert_eq!(Vec::<u8>::column_result(cells[4].as_ref()).unwrap(), vec![0, 255, 7]);
        assert_eq!(Option::<String>::column_result(cells[5].as_ref()).unwrap(), None);
    }
}
