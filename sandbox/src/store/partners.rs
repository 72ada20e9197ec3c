//! Partners: the businesses that own applications (spec 2.2).

use payctl_domain::text;
use payctl_domain::time::Timestamp;
use rusqlite::params;

use crate::db::sql::{self, Conn, ErrorKind, OptionalExtension, Row};
use crate::error::ApiError;
use crate::ids;
use crate::store::{NotFound, Owned};
use payctl_wire::auth::{Partner, PartnerStatus};
use payctl_wire::error::ErrorCode;

/// Internal and public id of a partner, as carried by callers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartnerRef {
    pub id: i64,
    pub public_id: String,
}

pub struct NewPartner<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub business_type: Option<&'a str>,
    pub parent_id: Option<i64>,
    pub status: PartnerStatus,
}

const COLUMNS: &str =
    "p.id, p.public_id, p.name, p.email, p.business_type, p.status, parent.public_id, p.created_at, p.updated_at";

fn from_row(r: &Row<'_>) -> rusqlite::Result<(i64, Partner)> {
    Ok((
        r.get(0)?,
        Partner {
            id: r.get(1)?,
            name: r.get(2)?,
            email: r.get(3)?,
            business_type: r.get(4)?,
            status: r.get(5)?,
            parent_id: r.get(6)?,
            created_at: super::iso_at(r.get(7)?),
            updated_at: super::iso_at(r.get(8)?),
        },
    ))
}

pub fn insert(conn: &Conn<'_>, new: &NewPartner<'_>, now: Timestamp) -> Result<(i64, Partner), ApiError> {
    let public_id = ids::prefixed("prtnr");
    let id = conn
        .insert(
            "INSERT INTO partners (public_id, parent_id, name, email, email_key, business_type, status, created_at,
             updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
            params![
                public_id,
                new.parent_id,
                new.name,
                new.email,
                text::uniqueness_key(new.email),
                new.business_type,
                new.status,
                now.millis()
            ],
        )
        .map_err(|e| duplicate_email(e, new.email))?;
    get(conn, id)?.map(|p| (id, p)).ok_or_else(|| ApiError::internal("partner vanished after insert"))
}

pub fn get(conn: &Conn<'_>, id: i64) -> Result<Option<Partner>, ApiError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM partners p LEFT JOIN partners parent ON parent.id = p.parent_id WHERE p.id = ?1"
    );
    Ok(conn.query_row_cached(&sql, [id], from_row).optional()?.map(|(_, p)| p))
}

/// Maps a UNIQUE failure on the email to 409 DUPLICATE_EMAIL.
pub fn duplicate_email(e: sql::Error, email: &str) -> ApiError {
    if e.kind() == ErrorKind::UniqueViolation {
        ApiError::conflict(ErrorCode::DuplicateEmail, format!("the email {email} is already used by another partner"))
    } else {
        e.into()
    }
}

/// The internal id and parent of a partner, by public id.
pub fn find(conn: &Conn<'_>, public_id: &str) -> Result<Option<(i64, Option<i64>)>, ApiError> {
    Ok(conn
        .query_row_cached("SELECT id, parent_id FROM partners WHERE public_id = ?1", [public_id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?)
}

/// Partners are found sandbox-wide, as their internal id and parent's; whether the caller may manage the one found is the caller's 403 to give.
impl Owned for Partner {
    type Scope = ();
    type Found = (i64, Option<i64>);
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::PartnerNotFound, noun: "partner" };

    fn find(conn: &Conn<'_>, (): (), id: &str) -> Result<Option<(i64, Option<i64>)>, ApiError> {
        find(conn, id)
    }
}

/// Fields to change; `None` keeps the stored value.
#[derive(Debug, Default)]
pub struct PartnerChanges<'a> {
    pub name: Option<&'a str>,
    pub email: Option<&'a str>,
    pub business_type: Option<&'a str>,
}

/// Applies the changes. `updated_at` moves only when a value really changes
/// (an email differing only in case counts as a change: it is shown as
/// stored). The email is compared as `email || ''`: an expression, not the
/// column, so SQLite compares it byte for byte rather than by the column's
/// NOCASE collation (PostgreSQL's text equality is byte for byte anyway).
pub fn update(conn: &Conn<'_>, id: i64, changes: &PartnerChanges<'_>, now: Timestamp) -> Result<Partner, ApiError> {
    conn.execute_cached(
        "UPDATE partners SET name = COALESCE(?2, name), email = COALESCE(?3, email),
             email_key = COALESCE(?6, email_key), business_type = COALESCE(?4, business_type), updated_at = ?5
         WHERE id = ?1 AND (name IS DISTINCT FROM COALESCE(?2, name)
             OR email || '' IS DISTINCT FROM COALESCE(?3, email)
             OR business_type IS DISTINCT FROM COALESCE(?4, business_type))",
        params![
            id,
            changes.name,
            changes.email,
            changes.business_type,
            now.millis(),
            changes.email.map(text::uniqueness_key)
        ],
    )
    .map_err(|e| duplicate_email(e, changes.email.unwrap_or_default()))?;
    get(conn, id)?.ok_or_else(|| ApiError::internal("partner vanished after update"))
}
