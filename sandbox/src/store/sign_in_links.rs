//! The console's one-time sign-in links: the SHA-256 of each link's token,
//! its user, the page it shows and its expiry (real time, milliseconds).

use rusqlite::params;

use crate::db::sql::{Conn, OptionalExtension};
use crate::error::ApiError;

/// Stores a link for the user with public id `user`, first dropping every
/// expired link and, when the user already has `max_per_user` waiting,
/// their oldest. Answers whether the user exists.
pub fn insert(
    conn: &Conn<'_>,
    token_hash: &[u8; 32],
    user: &str,
    next: &str,
    now_millis: i64,
    expires_millis: i64,
    max_per_user: usize,
) -> Result<bool, ApiError> {
    conn.execute_cached("DELETE FROM sign_in_links WHERE expires_at <= ?1", [now_millis])?;
    // One link comes at a time, so at most one has to go.
    conn.execute_cached(
        "DELETE FROM sign_in_links WHERE token_hash = (
             SELECT token_hash FROM sign_in_links WHERE user_id = (SELECT id FROM users WHERE public_id = ?1)
             ORDER BY expires_at LIMIT 1)
         AND (SELECT COUNT(*) FROM sign_in_links
              WHERE user_id = (SELECT id FROM users WHERE public_id = ?1)) >= ?2",
        params![user, i64::try_from(max_per_user).unwrap_or(i64::MAX)],
    )?;
    let added = conn.execute_cached(
        "INSERT INTO sign_in_links (token_hash, user_id, next, expires_at)
         SELECT ?1, id, ?3, ?4 FROM users WHERE public_id = ?2",
        params![token_hash.as_slice(), user, next, expires_millis],
    )?;
    Ok(added == 1)
}

/// Consumes the link: its user's public id and its page when it is there
/// and unexpired. Either way it is gone after this, on every process.
pub fn take(conn: &Conn<'_>, token_hash: &[u8; 32], now_millis: i64) -> Result<Option<(String, String)>, ApiError> {
    let taken: Option<(i64, String, i64)> = conn
        .query_row_cached(
            "DELETE FROM sign_in_links WHERE token_hash = ?1 RETURNING user_id, next, expires_at",
            [token_hash.as_slice()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    match taken {
        Some((user_id, next, expires_at)) if expires_at > now_millis => {
            let user = conn.query_row_cached("SELECT public_id FROM users WHERE id = ?1", [user_id], |r| r.get(0))?;
            Ok(Some((user, next)))
        }
        _ => Ok(None),
    }
}
