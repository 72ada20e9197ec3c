//! The console's sessions: the SHA-256 of each session id, its user and
//! its expiry (real time, milliseconds).

use rusqlite::params;

use crate::db::sql::{Conn, OptionalExtension};
use crate::error::ApiError;

/// Stores a session, first dropping every expired one.
pub fn insert(
    conn: &Conn<'_>,
    token_hash: &[u8; 32],
    user_id: i64,
    now_millis: i64,
    expires_millis: i64,
) -> Result<(), ApiError> {
    conn.execute_cached("DELETE FROM console_sessions WHERE expires_at <= ?1", [now_millis])?;
    conn.execute_cached(
        "INSERT INTO console_sessions (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)",
        params![token_hash.as_slice(), user_id, now_millis, expires_millis],
    )?;
    Ok(())
}

/// The public id of the user of an unexpired session.
pub fn user_of(conn: &Conn<'_>, token_hash: &[u8; 32], now_millis: i64) -> Result<Option<String>, ApiError> {
    Ok(conn
        .query_row_cached(
            "SELECT u.public_id FROM console_sessions s JOIN users u ON u.id = s.user_id
             WHERE s.token_hash = ?1 AND s.expires_at > ?2",
            params![token_hash.as_slice(), now_millis],
            |r| r.get(0),
        )
        .optional()?)
}

/// Ends a session; false when there was none.
pub fn delete(conn: &Conn<'_>, token_hash: &[u8; 32]) -> Result<bool, ApiError> {
    Ok(conn.execute_cached("DELETE FROM console_sessions WHERE token_hash = ?1", [token_hash.as_slice()])? == 1)
}
