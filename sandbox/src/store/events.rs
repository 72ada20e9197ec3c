//! Reading the event outbox back: an application's events of one
//! resource, or one event by id. Events are written by `events::record`.

use payctl_domain::time::Timestamp;
use rusqlite::{Connection, OptionalExtension, params};

use crate::db::CachedSql;
use crate::error::ApiError;
use crate::store::sql_text;
use crate::webhooks::EventRow;

/// An event as stored.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    pub public_id: String,
    pub event_type: String,
    pub resource_type: String,
    pub resource_id: String,
    /// JSON text.
    pub data: String,
    pub created_at: Timestamp,
}

impl StoredEvent {
    /// The row a delivery's body is built from.
    pub fn row(&self) -> EventRow<'_> {
        EventRow {
            public_id: &self.public_id,
            event_type: &self.event_type,
            resource_type: &self.resource_type,
            resource_id: &self.resource_id,
            data: &self.data,
            created_at: self.created_at.millis(),
        }
    }
}

const SELECT: &str = "SELECT public_id, type, resource_type, resource_id, data, created_at FROM events";

fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredEvent> {
    Ok(StoredEvent {
        public_id: r.get(0)?,
        event_type: r.get(1)?,
        resource_type: r.get(2)?,
        resource_id: r.get(3)?,
        data: r.get(4)?,
        created_at: Timestamp::from_millis(r.get(5)?),
    })
}

/// The events about one resource (a flow's public id), oldest first.
pub fn for_resource(conn: &Connection, application_id: i64, resource_id: &str) -> Result<Vec<StoredEvent>, ApiError> {
    let sql = sql_text!("{SELECT} WHERE resource_id = ?1 AND application_id = ?2 ORDER BY id");
    Ok(conn
        .prepare_cached(sql)?
        .query_map(params![resource_id, application_id], from_row)?
        .collect::<Result<_, _>>()?)
}

/// One event of this application; another application's is `None`.
pub fn find(conn: &Connection, application_id: i64, public_id: &str) -> Result<Option<StoredEvent>, ApiError> {
    let sql = sql_text!("{SELECT} WHERE public_id = ?1 AND application_id = ?2");
    Ok(conn.query_row_cached(sql, params![public_id, application_id], from_row).optional()?)
}
