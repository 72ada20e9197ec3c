//! The nonces of `payctl`'s signed reads on its own behalf, on a database
//! several processes share (`tool_nonces`, on PostgreSQL only: an unlogged
//! table, the counterpart of the nonces one process keeps in memory): SQL
//! only. What a marker is and how long a nonce lives is
//! `auth::tool_reads`'s.

use crate::db::sql::{self, Conn};

/// Takes `nonce` for API key `key_id` until `forget_at_ms`, unless it was
/// taken before or the key already holds `most` nonces not yet forgotten at
/// `now_ms`; answers whether it was taken. The key's forgotten nonces go
/// first.
pub fn take(conn: &Conn<'_>, key_id: i64, nonce: &str, now_ms: i64, forget_at_ms: i64, most: i64) -> sql::Result<bool> {
    conn.execute_cached("DELETE FROM tool_nonces WHERE key_id = ?1 AND forget_at <= ?2", (key_id, now_ms))?;
    let taken = conn.execute_cached(
        "INSERT INTO tool_nonces (key_id, nonce, forget_at)
         SELECT ?1, ?2, ?3 WHERE (SELECT COUNT(*) FROM tool_nonces WHERE key_id = ?1) < ?4
         ON CONFLICT (key_id, nonce) DO NOTHING",
        (key_id, nonce, forget_at_ms, most),
    )?;
    Ok(taken == 1)
}
