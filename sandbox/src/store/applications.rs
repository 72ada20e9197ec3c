//! Applications: one environment each, owned by a partner (spec 2.3).

use std::collections::HashMap;

use payctl_domain::time::Timestamp;
use rusqlite::params;

use crate::clock::Clocks;
use crate::db::sql::{self, Conn, OptionalExtension};
use crate::error::ApiError;
use crate::ids;
use crate::store::paging::Listing;
use crate::store::paging::PageRequest;
use crate::store::{NotFound, Owned, sql_text};
use payctl_wire::applications::{Application, ApplicationStatus, Environment};
use payctl_wire::error::ErrorCode;
use payctl_wire::page::Page;

const SELECT: &str = "SELECT a.id, a.public_id, a.name, a.environment, a.status, p.public_id,
        a.created_at, a.updated_at, a.deactivated_at
    FROM applications a JOIN partners p ON p.id = a.partner_id";

fn from_row(r: &sql::Row<'_>) -> rusqlite::Result<(i64, Application)> {
    let environment: String = r.get(3)?;
    Ok((
        r.get(0)?,
        Application {
            id: r.get(1)?,
            name: r.get(2)?,
            environment: Environment::parse(&environment).unwrap_or(Environment::Test),
            status: r.get(4)?,
            partner_id: r.get(5)?,
            created_at: super::iso_at(r.get(6)?),
            updated_at: super::iso_at(r.get(7)?),
            deactivated_at: super::iso(r.get(8)?),
        },
    ))
}

pub fn insert(
    conn: &Conn<'_>,
    partner_id: i64,
    name: &str,
    environment: Environment,
    now: Timestamp,
) -> Result<(i64, Application), ApiError> {
    let public_id = ids::uuid();
    let id = conn.insert(
        "INSERT INTO applications (public_id, partner_id, name, environment, status, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?6, ?5, ?5)",
        params![public_id, partner_id, name, environment, now.millis(), ApplicationStatus::Active],
    )?;
    find(conn, partner_id, &public_id)?
        .ok_or_else(|| ApiError::internal("application vanished after insert"))
        .map(|a| (id, a.1))
}

/// An application of this partner; another partner's is `None` (404).
pub fn find(conn: &Conn<'_>, partner_id: i64, public_id: &str) -> Result<Option<(i64, Application)>, ApiError> {
    let sql = sql_text!("{SELECT} WHERE a.partner_id = ?1 AND a.public_id = ?2");
    Ok(conn.query_row_cached(sql, params![partner_id, public_id], from_row).optional()?)
}

/// Applications are a partner's.
impl Owned for Application {
    type Scope = i64;
    type Found = (i64, Application);
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::NotFound, noun: "application" };

    fn find(conn: &Conn<'_>, scope: i64, id: &str) -> Result<Option<(i64, Application)>, ApiError> {
        find(conn, scope, id)
    }
}

pub fn list(conn: &Conn<'_>, partner_id: i64, page: &PageRequest) -> Result<Page<Application>, ApiError> {
    static LIST: Listing<1> = Listing::new(&[SELECT, " WHERE a.partner_id = ?1"], "a.public_id");
    LIST.page(conn, [&partner_id], page, |r| from_row(r).map(|(_, a)| a), |a| &a.id)
}

/// Deactivates; returns false when it already was.
pub fn deactivate(conn: &Conn<'_>, id: i64, now: Timestamp) -> sql::Result<bool> {
    let changed = conn.execute_cached(
        "UPDATE applications SET status = ?3, deactivated_at = ?2, updated_at = ?2
         WHERE id = ?1 AND status = ?4",
        params![id, now.millis(), ApplicationStatus::Deactivated, ApplicationStatus::Active],
    )?;
    Ok(changed == 1)
}

/// An application by public id whatever its partner (the operator's view):
/// its internal id and environment.
pub fn by_public_id(conn: &Conn<'_>, public_id: &str) -> Result<Option<(i64, Environment)>, ApiError> {
    let found: Option<(i64, String)> = conn
        .query_row_cached("SELECT id, environment FROM applications WHERE public_id = ?1", [public_id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?;
    Ok(found.map(|(id, env)| (id, Environment::parse(&env).unwrap_or(Environment::Test))))
}

/// An application by row id, whatever its partner: its partner's row id
/// and the application.
pub fn by_id(conn: &Conn<'_>, id: i64) -> Result<(i64, Application), ApiError> {
    let sql = sql_text!("{SELECT} WHERE a.id = ?1");
    let (_, app) = conn.query_row_cached(sql, [id], from_row).optional()?.ok_or_else(super::missing::<Application>)?;
    let partner_id = conn.query_row_cached("SELECT partner_id FROM applications WHERE id = ?1", [id], |r| r.get(0))?;
    Ok((partner_id, app))
}

/// An application's own clock offset.
pub fn clock_offset(conn: &Conn<'_>, id: i64) -> Result<i64, ApiError> {
    Ok(conn.query_row_cached("SELECT clock_offset_millis FROM applications WHERE id = ?1", [id], |r| r.get(0))?)
}

/// Sets an application's own clock offset (a new application's, before
/// anything is dated on it).
pub fn set_clock_offset(conn: &Conn<'_>, id: i64, offset_millis: i64) -> Result<(), ApiError> {
    conn.execute_cached("UPDATE applications SET clock_offset_millis = ?2 WHERE id = ?1", params![id, offset_millis])?;
    Ok(())
}

/// The sandbox clocks as stored: the global offset and every application's own.
pub fn load_clocks(conn: &Conn<'_>) -> Result<Clocks, ApiError> {
    Ok(Clocks::new(super::settings::global_clock_offset(conn)?, clock_offsets(conn)?))
}

/// Every application's own clock offset (those without one are left out).
pub fn clock_offsets(conn: &Conn<'_>) -> Result<HashMap<i64, i64>, ApiError> {
    Ok(conn
        .prepare_cached("SELECT id, clock_offset_millis FROM applications WHERE clock_offset_millis > 0")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?)
}

/// Moves an application's own clock `delta_millis` ahead; returns its new offset.
pub fn advance_clock(conn: &Conn<'_>, id: i64, delta_millis: i64) -> Result<i64, ApiError> {
    Ok(conn.query_row_cached(
        "UPDATE applications SET clock_offset_millis = clock_offset_millis + ?2 WHERE id = ?1
         RETURNING clock_offset_millis",
        params![id, delta_millis],
        |r| r.get(0),
    )?)
}

/// The largest offset any application's own clock has (0 when none has one).
pub fn max_clock_offset(conn: &Conn<'_>) -> Result<i64, ApiError> {
    Ok(conn.query_row_cached("SELECT COALESCE(MAX(clock_offset_millis), 0) FROM applications", [], |r| r.get(0))?)
}

/// A partner and its TEST application with nothing but what the schema
/// requires, for unit tests of what hangs off an application.
#[cfg(test)]
pub fn insert_bare(conn: &Conn<'_>) -> sql::Result<i64> {
    conn.execute_batch(
        "INSERT INTO partners (public_id, name, email, status, created_at, updated_at)
             VALUES ('p', 'P', 'p@x.io', 'active', 0, 0);
         INSERT INTO applications (public_id, partner_id, name, environment, status, created_at, updated_at)
             VALUES ('a', 1, 'A', 'TEST', 'active', 0, 0);",
    )?;
    conn.query_row("SELECT id FROM applications WHERE public_id = 'a'", [], |r| r.get(0))
}

/// [`insert_bare`] through the writer.
#[cfg(test)]
pub async fn bare(db: &crate::db::Db) -> i64 {
    db.write(|tx| Ok(insert_bare(tx)?)).await.unwrap()
}
