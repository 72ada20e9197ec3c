//! Failed sign-ins on a database several processes share
//! (`login_failures`, on PostgreSQL only: an unlogged table, the
//! counterpart of the counts one process keeps in memory, and no part of
//! the sandbox's data): SQL only. The throttle's rules are
//! `auth::login_guard`'s.

use crate::db::sql::{self, Conn, OptionalExtension};

/// The latest end of a lock on any of `subjects` (a username's key, a
/// client's address) still in force at `now_ms`, counting only failures
/// newer than `forget_before_ms`.
pub fn locked_until(
    conn: &Conn<'_>,
    subjects: &[String],
    now_ms: i64,
    forget_before_ms: i64,
) -> sql::Result<Option<i64>> {
    let mut until: Option<i64> = None;
    for subject in subjects {
        let found = conn
            .query_row_cached(
                "SELECT locked_until FROM login_failures WHERE subject = ?1 AND last_at > ?2 AND locked_until > ?3",
                (subject, forget_before_ms, now_ms),
                |r| r.get::<_, i64>(0),
            )
            .optional()?;
        until = until.max(found);
    }
    Ok(until)
}

/// Counts a failure of `subject` at `now_ms`, starting over when its last
/// one is older than `forget_before_ms`; answers its failures so far.
pub fn fail(conn: &Conn<'_>, subject: &str, now_ms: i64, forget_before_ms: i64) -> sql::Result<i64> {
    conn.query_row_cached(
        "INSERT INTO login_failures (subject, failures, last_at, locked_until) VALUES (?1, 1, ?2, 0)
         ON CONFLICT (subject) DO UPDATE SET
             failures = CASE WHEN login_failures.last_at <= ?3 THEN 1 ELSE login_failures.failures + 1 END,
             locked_until = CASE WHEN login_failures.last_at <= ?3 THEN 0 ELSE login_failures.locked_until END,
             last_at = ?2
         RETURNING failures",
        (subject, now_ms, forget_before_ms),
        |r| r.get(0),
    )
}

/// Locks `subject` until `until_ms`, unless it is already locked longer.
pub fn lock(conn: &Conn<'_>, subject: &str, until_ms: i64) -> sql::Result<()> {
    conn.execute_cached(
        "UPDATE login_failures SET locked_until = GREATEST(locked_until, ?2) WHERE subject = ?1",
        (subject, until_ms),
    )?;
    Ok(())
}

/// Forgets `subject`'s failures (a username's, after a success).
pub fn clear(conn: &Conn<'_>, subject: &str) -> sql::Result<()> {
    conn.execute_cached("DELETE FROM login_failures WHERE subject = ?1", [subject])?;
    Ok(())
}

/// Forgets failures older than `forget_before_ms`, then all but the
/// `keep` latest (fewer when failures share a millisecond at the edge):
/// the table's bound.
pub fn prune(conn: &Conn<'_>, forget_before_ms: i64, keep: i64) -> sql::Result<()> {
    conn.execute_cached("DELETE FROM login_failures WHERE last_at <= ?1", [forget_before_ms])?;
    conn.execute_cached(
        "DELETE FROM login_failures WHERE last_at <= (SELECT last_at FROM login_failures
                                                      ORDER BY last_at DESC OFFSET ?1 LIMIT 1)",
        [keep],
    )?;
    Ok(())
}
