//! Every table at once, for `POST /sandbox/reset` (the rule is
//! `crate::reset`'s): the highest key of each table, and the rows above
//! such marks deleted. Tables are found in the schema, so those added by
//! later migrations are covered without being named here. A table's key is
//! SQLite's rowid (its `INTEGER PRIMARY KEY`), or on PostgreSQL its
//! primary key column, which holds the same numbers.

use std::collections::BTreeMap;

use crate::db::sql::{self, Conn};
use crate::error::ApiError;

/// A table a reset never touches: `settings` holds the clock, the seeded
/// records' ids and the reset point itself; on PostgreSQL, what the
/// processes share besides the data (rate windows, failed sign-ins, …),
/// which a reset leaves alone as it leaves one process's memory.
fn kept(table: &str) -> bool {
    table == "settings" || crate::db::PROCESSES_SHARE.iter().any(|(name, _)| *name == table)
}

/// Each table but those kept, with its key column, by name.
fn tables(conn: &Conn<'_>) -> sql::Result<Vec<(String, String)>> {
    let sql = match conn {
        Conn::Sqlite(_) => {
            "SELECT name, 'rowid' FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        }
        Conn::Postgres(_) => {
            "SELECT CAST(t.table_name AS TEXT), CAST(k.column_name AS TEXT) FROM information_schema.tables t
               JOIN information_schema.table_constraints c ON c.table_schema = t.table_schema
                 AND c.table_name = t.table_name AND c.constraint_type = 'PRIMARY KEY'
               JOIN information_schema.key_column_usage k ON k.constraint_schema = c.constraint_schema
                 AND k.constraint_name = c.constraint_name
             WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY 1"
        }
    };
    let mut stmt = conn.prepare(sql)?;
    let names = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
    let mut tables = Vec::new();
    for table in names {
        let (name, key) = table?;
        if !kept(&name) {
            tables.push((name, key));
        }
    }
    Ok(tables)
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Each table's highest key now (0 for an empty one).
pub fn marks(conn: &Conn<'_>) -> Result<BTreeMap<String, i64>, ApiError> {
    let mut marks = BTreeMap::new();
    for (table, key) in tables(conn)? {
        let sql = format!("SELECT COALESCE(MAX({}), 0) FROM {}", key_column(&key), quoted(&table));
        let max: i64 = conn.query_row(&sql, [], |r| r.get(0))?;
        marks.insert(table, max);
    }
    Ok(marks)
}

/// Deletes every row above its table's mark (a table without one: all of
/// it); answers the number of rows deleted per table (tables with none
/// left out). Foreign keys are checked at commit, so the tables go in any
/// order.
pub fn delete_above(conn: &Conn<'_>, marks: &BTreeMap<String, i64>) -> Result<BTreeMap<String, i64>, ApiError> {
    conn.execute_batch(match conn {
        Conn::Sqlite(_) => "PRAGMA defer_foreign_keys = ON",
        Conn::Postgres(_) => "SET CONSTRAINTS ALL DEFERRED",
    })?;
    let mut deleted = BTreeMap::new();
    for (table, key) in tables(conn)? {
        let keep_up_to = marks.get(&table).copied().unwrap_or(0);
        let sql = format!("DELETE FROM {} WHERE {} > ?1", quoted(&table), key_column(&key));
        let n = conn.execute(&sql, [keep_up_to])?;
        if n > 0 {
            deleted.insert(table, i64::try_from(n).unwrap_or(i64::MAX));
        }
    }
    Ok(deleted)
}

/// SQLite's rowid is a name, not a column: quoted, it would name a column
/// that does not exist.
fn key_column(key: &str) -> String {
    if key == "rowid" { key.to_owned() } else { quoted(key) }
}
