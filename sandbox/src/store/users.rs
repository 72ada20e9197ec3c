//! Dashboard users and their refresh tokens.

use payctl_domain::text;
use payctl_domain::time::Timestamp;
use rusqlite::params;

use crate::db::sql::{Conn, ErrorKind, OptionalExtension, Result};
use crate::error::ApiError;
use crate::ids;
use crate::store::partners::PartnerRef;
use payctl_wire::error::ErrorCode;
use payctl_wire::sandbox::User;

pub fn insert(conn: &Conn<'_>, username: &str, password_hash: &str, now: Timestamp) -> Result<User, ApiError> {
    let public_id = ids::uuid();
    conn.execute_cached(
        "INSERT INTO users (public_id, username, username_key, password_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![public_id, username, text::uniqueness_key(username), password_hash, now.millis()],
    )
    .map_err(|e| {
        if e.kind() == ErrorKind::UniqueViolation {
            ApiError::conflict(ErrorCode::Conflict, format!("the username {username} is taken"))
        } else {
            e.into()
        }
    })?;
    Ok(User { id: public_id, username: username.to_owned(), created_at: now.to_rfc3339() })
}

/// Internal id, public id and password hash of a user, by login name in
/// any spelling with the same uniqueness key (`Demo@…` is `demo@…`).
pub fn credentials(conn: &Conn<'_>, username: &str) -> Result<Option<(i64, String, String)>> {
    conn.query_row_cached(
        "SELECT id, public_id, password_hash FROM users WHERE username_key = ?1",
        [text::uniqueness_key(username)],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )
    .optional()
}

/// Sets the password (its hash) of a user, by login name.
pub fn set_password_hash(conn: &Conn<'_>, username: &str, password_hash: &str) -> Result<()> {
    conn.execute_cached(
        "UPDATE users SET password_hash = ?2 WHERE username_key = ?1",
        params![text::uniqueness_key(username), password_hash],
    )?;
    Ok(())
}

/// A signed-in dashboard user.
#[derive(Debug, Clone)]
pub struct DashboardUser {
    pub user_id: i64,
    pub public_id: String,
    pub username: String,
    /// The partner the user registered, if any.
    pub partner: Option<PartnerRef>,
}

pub fn find_by_public_id(conn: &Conn<'_>, public_id: &str) -> Result<Option<DashboardUser>, ApiError> {
    Ok(conn
        .query_row_cached(
            "SELECT u.id, u.public_id, u.username, p.id, p.public_id
             FROM users u LEFT JOIN partners p ON p.id = u.partner_id
             WHERE u.public_id = ?1",
            [public_id],
            |r| {
                let partner_id: Option<i64> = r.get(3)?;
                let partner_public_id: Option<String> = r.get(4)?;
                Ok(DashboardUser {
                    user_id: r.get(0)?,
                    public_id: r.get(1)?,
                    username: r.get(2)?,
                    partner: partner_id.zip(partner_public_id).map(|(id, public_id)| PartnerRef { id, public_id }),
                })
            },
        )
        .optional()?)
}

pub fn set_partner(conn: &Conn<'_>, user_id: i64, partner_id: i64) -> Result<()> {
    conn.execute_cached("UPDATE users SET partner_id = ?2 WHERE id = ?1", params![user_id, partner_id])?;
    Ok(())
}

pub fn insert_refresh_token(
    conn: &Conn<'_>,
    user_id: i64,
    token_hash: &[u8; 32],
    now: Timestamp,
    expires_at: Timestamp,
) -> Result<()> {
    conn.execute_cached(
        "INSERT INTO refresh_tokens (token_hash, user_id, expires_at, created_at) VALUES (?1, ?2, ?3, ?4)",
        params![token_hash.as_slice(), user_id, expires_at.millis(), now.millis()],
    )?;
    Ok(())
}

/// Spends a refresh token: revokes it and returns its user, if it was
/// active. Single use even under concurrent refreshes, because the update
/// only matches an unrevoked row.
pub fn spend_refresh_token(
    conn: &Conn<'_>,
    token_hash: &[u8; 32],
    now: Timestamp,
) -> Result<Option<(i64, String, String)>> {
    let user_id: Option<i64> = conn
        .query_row_cached(
            "UPDATE refresh_tokens SET revoked_at = ?2
             WHERE token_hash = ?1 AND revoked_at IS NULL AND expires_at > ?2
             RETURNING user_id",
            params![token_hash.as_slice(), now.millis()],
            |r| r.get(0),
        )
        .optional()?;
    match user_id {
        None => Ok(None),
        Some(id) => conn
            .query_row_cached("SELECT id, public_id, username FROM users WHERE id = ?1", [id], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .optional(),
    }
}
