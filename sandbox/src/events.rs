//! The event outbox.
//!
//! A state change that should tell the partner something records its event
//! here, inside the same write transaction as the change, so an event can
//! neither be lost (change committed, event not) nor invented (event
//! committed, change rolled back). Delivery reads the outbox afterwards.

use payctl_wire::events::EventType;
use rusqlite::{Connection, params};

use crate::clock::Timestamp;
use crate::error::ApiError;
use crate::ids;

/// The resource an event is about, e.g. `("payment", "<id>")`.
pub struct Subject<'a> {
    pub kind: &'a str,
    pub id: &'a str,
}

/// Records an event for one application; returns the event's public id.
pub fn record(
    conn: &Connection,
    application_id: i64,
    event: EventType,
    subject: Subject<'_>,
    data: &serde_json::Value,
    now: Timestamp,
) -> Result<String, ApiError> {
    let public_id = ids::prefixed("evt");
    conn.execute(
        "INSERT INTO events (public_id, application_id, type, resource_type, resource_id, data, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![public_id, application_id, event.as_str(), subject.kind, subject.id, data.to_string(), now.millis()],
    )?;
    Ok(public_id)
}
