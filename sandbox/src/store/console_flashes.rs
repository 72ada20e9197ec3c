//! The console's one-time messages on a database several processes share
//! (`console_flashes`, on PostgreSQL only: an unlogged table, the
//! counterpart of the messages one process keeps in memory), so the page
//! after a form shows its outcome whichever process serves it: SQL only.
//! What a message is, and its bounds, are `console::session`'s.

use crate::db::sql::{self, Conn};

/// A message as stored: whether it tells of a failure, its text and its
/// details (a JSON array in the row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredFlash {
    pub failed: bool,
    pub text: String,
    pub details: Vec<String>,
}

/// How many messages wait, at most.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    /// For one session.
    pub per_session: i64,
    /// For every session together; beyond it the oldest go.
    pub all: i64,
    /// Messages left before this (real time, ms) go: their sessions never
    /// came back for them.
    pub stale_before: i64,
}

/// Leaves `flash` for session `session` (the hex of its token's hash)
/// within `bounds`.
pub fn push(conn: &Conn<'_>, session: &str, flash: &StoredFlash, now_ms: i64, bounds: Bounds) -> sql::Result<()> {
    conn.execute_cached("DELETE FROM console_flashes WHERE left_at < ?1", [bounds.stale_before])?;
    let details = serde_json::to_string(&flash.details).unwrap_or_else(|_| "[]".to_owned());
    conn.execute_cached(
        "INSERT INTO console_flashes (session, failed, text, details, left_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT COUNT(*) FROM console_flashes WHERE session = ?1) < ?6",
        (session, flash.failed, &flash.text, details, now_ms, bounds.per_session),
    )?;
    conn.execute_cached(
        "DELETE FROM console_flashes WHERE id <= (SELECT id FROM console_flashes ORDER BY id DESC OFFSET ?1 LIMIT 1)",
        [bounds.all],
    )?;
    Ok(())
}

/// Takes the messages waiting for `session`, in the order they were left.
pub fn take(conn: &Conn<'_>, session: &str) -> sql::Result<Vec<StoredFlash>> {
    let mut taken = conn
        .prepare_cached("DELETE FROM console_flashes WHERE session = ?1 RETURNING id, failed, text, details")?
        .query_map([session], |r| {
            let details: String = r.get(3)?;
            let details = serde_json::from_str(&details).unwrap_or_default();
            Ok((r.get::<_, i64>(0)?, StoredFlash { failed: r.get(1)?, text: r.get(2)?, details }))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    taken.sort_by_key(|(id, _)| *id);
    Ok(taken.into_iter().map(|(_, flash)| flash).collect())
}
