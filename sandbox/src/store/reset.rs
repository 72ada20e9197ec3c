//! Every table at once, for `POST /sandbox/reset` (the rule is
//! `crate::reset`'s): the highest rowid of each table, and the rows above
//! such marks deleted. Tables are found in the schema, so those added by
//! later migrations are covered without being named here.

use std::collections::BTreeMap;

use rusqlite::Connection;

use crate::error::ApiError;

/// Tables a reset never touches: `settings` holds the clock, the seeded
/// records' ids and the reset point itself.
const KEEP: &[&str] = &["settings"];

fn tables(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt =
        conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")?;
    let names = stmt.query_map([], |r| r.get::<_, String>(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(names.into_iter().filter(|n| !KEEP.contains(&n.as_str())).collect())
}

fn quoted(table: &str) -> String {
    format!("\"{}\"", table.replace('"', "\"\""))
}

/// Each table's highest rowid now (0 for an empty one).
pub fn marks(conn: &Connection) -> Result<BTreeMap<String, i64>, ApiError> {
    let mut marks = BTreeMap::new();
    for table in tables(conn)? {
        let max: i64 =
            conn.query_row(&format!("SELECT COALESCE(MAX(rowid), 0) FROM {}", quoted(&table)), [], |r| r.get(0))?;
        marks.insert(table, max);
    }
    Ok(marks)
}

/// Deletes every row above its table's mark (a table without one: all of
/// it); answers the number of rows deleted per table (tables with none
/// left out). Foreign keys are checked at commit, so the tables go in any
/// order.
pub fn delete_above(conn: &Connection, marks: &BTreeMap<String, i64>) -> Result<BTreeMap<String, i64>, ApiError> {
    conn.execute_batch("PRAGMA defer_foreign_keys = ON")?;
    let mut deleted = BTreeMap::new();
    for table in tables(conn)? {
        let keep_up_to = marks.get(&table).copied().unwrap_or(0);
        let n = conn.execute(&format!("DELETE FROM {} WHERE rowid > ?1", quoted(&table)), [keep_up_to])?;
        if n > 0 {
            deleted.insert(table, i64::try_from(n).unwrap_or(i64::MAX));
        }
    }
    Ok(deleted)
}
