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

/// Leaves `flash` for session `session` (the hex of its token's hash)
/// unless `most` wait for it already; messages left before `stale_ms` for
/// any session go first (sessions that never came back for them).
pub fn push(
    conn: &Conn<'_>,
    session: &str,
    flash: &StoredFlash,
    now_ms: i64,
    stale_ms: i64,
    most: i64,
) -> sql::Result<()> {
    conn.execute_cached("DELETE FROM console_flashes WHERE left_at < ?1", [stale_ms])?;
    let details = serde_json::to_string(&flash.details).unwrap_or_else(|_| "[]".to_owned());
    conn.execute_cached(
        "INSERT INTO console_flashes (session, failed, text, details, left_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT COUNT(*) FROM console_flashes WHERE session = ?1) < ?6",
        (session, flash.failed, &flash.text, details, now_ms, most),
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
