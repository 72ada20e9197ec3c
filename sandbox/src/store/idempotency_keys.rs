//! Stored answers of requests sent with an `Idempotency-Key` (the rules,
//! the sealing and the replay are `crate::idempotency`'s): one row per
//! scope, key (as hashed) and route.

use payctl_domain::time::Timestamp;
use rusqlite::params;

use crate::db::sql::{self, Conn, OptionalExtension};

/// Where a key is stored: its scope, its hash and its route.
#[derive(Debug, Clone, Copy)]
pub struct KeyOf<'a> {
    pub scope: &'a str,
    pub key_hash: &'a str,
    pub route: &'a str,
}

/// A stored answer, its body as sealed.
#[derive(Debug, Clone)]
pub struct Answer {
    pub request_hash: Vec<u8>,
    pub status: u16,
    pub content_type: Option<String>,
    pub body: Vec<u8>,
    /// The first answer carried a secret that this one leaves out.
    pub secret_withheld: bool,
}

/// The answer stored for `key` after `since` (an older one no longer
/// counts).
pub fn find(conn: &Conn<'_>, key: KeyOf<'_>, since: Timestamp) -> sql::Result<Option<Answer>> {
    conn.query_row_cached(
        "SELECT request_hash, status, content_type, body, secret_withheld FROM idempotency_keys
         WHERE scope = ?1 AND key = ?2 AND route = ?3 AND created_at > ?4",
        params![key.scope, key.key_hash, key.route, since.millis()],
        |r| {
            Ok(Answer {
                request_hash: r.get(0)?,
                status: r.get(1)?,
                content_type: r.get(2)?,
                body: r.get(3)?,
                secret_withheld: r.get(4)?,
            })
        },
    )
    .optional()
}

/// An answer to store, its body sealed.
#[derive(Debug, Clone, Copy)]
pub struct NewAnswer<'a> {
    pub request_hash: &'a [u8],
    pub status: u16,
    pub content_type: Option<&'a str>,
    pub body: &'a [u8],
    pub secret_withheld: bool,
}

/// Stores the answer for `key`, in place of an expired one still there.
pub fn insert(conn: &Conn<'_>, key: KeyOf<'_>, answer: NewAnswer<'_>, now: Timestamp) -> sql::Result<()> {
    conn.execute_cached(
        "DELETE FROM idempotency_keys WHERE scope = ?1 AND key = ?2 AND route = ?3",
        params![key.scope, key.key_hash, key.route],
    )?;
    conn.execute_cached(
        "INSERT INTO idempotency_keys
             (scope, key, route, request_hash, status, content_type, body, secret_withheld, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            key.scope,
            key.key_hash,
            key.route,
            answer.request_hash,
            answer.status,
            answer.content_type,
            answer.body,
            answer.secret_withheld,
            now.millis()
        ],
    )?;
    Ok(())
}

/// Forgets every stored answer; answers how many.
pub fn delete_all(conn: &Conn<'_>) -> sql::Result<usize> {
    conn.execute("DELETE FROM idempotency_keys", [])
}
