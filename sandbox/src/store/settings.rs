//! Small named values the sandbox keeps between runs (clock offset, ids of
//! the seeded records).

use rusqlite::params;

use crate::db::sql::{Conn, OptionalExtension, Result};

pub const CLOCK_OFFSET: &str = "clock.offset_millis";
pub const SEED_USER: &str = "seed.user_id";
pub const SEED_TEST_APPLICATION: &str = "seed.test_application_id";
pub const SEED_LIVE_APPLICATION: &str = "seed.live_application_id";

/// The operator's global clock offset in milliseconds (0 until moved).
pub fn global_clock_offset(conn: &Conn<'_>) -> Result<i64> {
    Ok(get(conn, CLOCK_OFFSET)?.and_then(|v| v.parse::<i64>().ok()).unwrap_or(0))
}

/// Moves the global clock offset forward by `delta` milliseconds; returns
/// the new offset.
pub fn advance_global_clock(conn: &Conn<'_>, delta: i64) -> Result<i64> {
    let next = global_clock_offset(conn)?.saturating_add(delta);
    set(conn, CLOCK_OFFSET, &next.to_string())?;
    Ok(next)
}

/// The schema version the database holds: SQLite's user_version, which
/// `db::migrations` keeps, or on PostgreSQL the version
/// `db::postgres::migrate` records (0 before it ran).
pub fn schema_version(conn: &Conn<'_>) -> Result<i64> {
    let sql = match conn {
        Conn::Sqlite(_) => "SELECT user_version FROM pragma_user_version",
        Conn::Postgres(_) => "SELECT coalesce(max(version), 0) FROM payctl_schema",
    };
    conn.query_row_cached(sql, [], |r| r.get(0))
}

pub fn get(conn: &Conn<'_>, name: &str) -> Result<Option<String>> {
    conn.query_row_cached("SELECT value FROM settings WHERE name = ?1", [name], |r| r.get(0)).optional()
}

pub fn set(conn: &Conn<'_>, name: &str, value: &str) -> Result<()> {
    conn.execute_cached(
        "INSERT INTO settings (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        params![name, value],
    )?;
    Ok(())
}
