//! Small named values the sandbox keeps between runs (clock offset, ids of
//! the seeded records).

use crate::db::CachedSql;
use rusqlite::{Connection, OptionalExtension, params};

pub const CLOCK_OFFSET: &str = "clock.offset_millis";
pub const SEED_USER: &str = "seed.user_id";
pub const SEED_TEST_APPLICATION: &str = "seed.test_application_id";
pub const SEED_LIVE_APPLICATION: &str = "seed.live_application_id";

pub fn get(conn: &Connection, name: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row_cached("SELECT value FROM settings WHERE name = ?1", [name], |r| r.get(0)).optional()
}

pub fn set(conn: &Connection, name: &str, value: &str) -> rusqlite::Result<()> {
    conn.execute_cached(
        "INSERT INTO settings (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        params![name, value],
    )?;
    Ok(())
}
