//! The event outbox's rows: an event inserted (through `events::record`,
//! with the change causing it), an application's events of one resource,
//! one event by id.

use payctl_domain::time::Timestamp;
use payctl_wire::events::EventType;
use rusqlite::params;

use crate::db::sql::{Conn, OptionalExtension, Row};
use crate::error::ApiError;
use crate::ids;
use crate::store::sql_text;

/// The event row a delivery's body is built from.
pub struct EventRow<'a> {
    pub public_id: &'a str,
    pub event_type: EventType,
    pub resource_id: &'a str,
    /// The event's data, JSON text as stored.
    pub data: &'a str,
    /// Sandbox time, milliseconds.
    pub created_at: i64,
}

/// An event as stored.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    pub public_id: String,
    pub event_type: EventType,
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
            event_type: self.event_type,
            resource_id: &self.resource_id,
            data: &self.data,
            created_at: self.created_at.millis(),
        }
    }
}

const SELECT: &str = "SELECT public_id, type, resource_id, data, created_at FROM events";

fn from_row(r: &Row<'_>) -> rusqlite::Result<StoredEvent> {
    Ok(StoredEvent {
        public_id: r.get(0)?,
        event_type: r.get(1)?,
        resource_id: r.get(2)?,
        data: r.get(3)?,
        created_at: Timestamp::from_millis(r.get(4)?),
    })
}

/// The events about one resource (a flow's public id), oldest first.
pub fn for_resource(conn: &Conn<'_>, application_id: i64, resource_id: &str) -> Result<Vec<StoredEvent>, ApiError> {
    let sql = sql_text!("{SELECT} WHERE resource_id = ?1 AND application_id = ?2 ORDER BY id");
    Ok(conn
        .prepare_cached(sql)?
        .query_map(params![resource_id, application_id], from_row)?
        .collect::<Result<_, _>>()?)
}

/// One event of this application; another application's is `None`.
pub fn find(conn: &Conn<'_>, application_id: i64, public_id: &str) -> Result<Option<StoredEvent>, ApiError> {
    let sql = sql_text!("{SELECT} WHERE public_id = ?1 AND application_id = ?2");
    Ok(conn.query_row_cached(sql, params![public_id, application_id], from_row).optional()?)
}

/// Inserts an event about the resource `kind` `id`; answers its row id
/// (for `store::webhooks::enqueue`, which queues its deliveries) and its
/// public id.
pub fn insert(
    conn: &Conn<'_>,
    application_id: i64,
    event: EventType,
    kind: &str,
    id: &str,
    data: &serde_json::Value,
    now: Timestamp,
) -> Result<(i64, String), ApiError> {
    let public_id = ids::prefixed("evt");
    let id = conn.insert(
        "INSERT INTO events (public_id, application_id, type, resource_type, resource_id, data, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![public_id, application_id, event, kind, id, data.to_string(), now.millis()],
    )?;
    Ok((id, public_id))
}
